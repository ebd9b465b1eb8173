"""Condition labels (compiler/condition_labels.py) and labels and keywords without rules, read
through Grand Archive's `Class Bonus:`, `Level N+:`, `Stealth` and `Pride`, and a label its
language is given without rules."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.condition_labels import condition_label
from cardscript.compiler.template import IfT
from cardscript.errors import SemanticError
from cardscript.grammar import parse_text

LANG = rulesets.get("grand_archive").language


def _card(text: str):
    out = compile_files([parse_text("# ruleset: grand_archive\n" + text, "c.cards")], LANG)
    return next(iter(out.values())) if isinstance(out, dict) else out[0]


def test_a_label_with_a_number_names_its_condition_with_the_number():
    """'Level 3+' is the condition 'level n+' with n = 3; other labels are no condition."""
    cond = condition_label("Level 3+", LANG)
    assert cond.spec is LANG.condition_labels["level n+"] and dict(cond.args) == {"n": 3}
    assert condition_label("Class  Bonus", LANG).text == "Class Bonus"
    assert condition_label("On Enter", LANG) is None


def test_a_trigger_after_a_condition_label_requires_it():
    """'Class Bonus: On Enter: X' is the On Enter trigger, requiring the condition."""
    tpl = _card('card "A": ally, cost 1, power 1, life 1, class "Mage"\n'
                '  Class Bonus: On Enter: Draw a card.\n')
    (ab,) = tpl.abilities
    assert ab.kind == "triggered" and ab.hook.happening == "enter_play"
    assert [c.text for c in ab.requires] == ["Class Bonus"]


def test_two_condition_labels_both_hold_before_the_ability():
    """'Level 2+: Class Bonus: On Enter: X' requires both conditions."""
    tpl = _card('card "A": ally, cost 1, power 1, life 1, class "Mage"\n'
                '  Level 2+: Class Bonus: On Enter: Draw a card.\n')
    assert sorted(c.text for c in tpl.abilities[0].requires) == ["Class Bonus", "Level 2+"]


def test_an_ongoing_effect_after_a_condition_label_holds_under_it():
    """Before an ongoing sentence the condition is the effect's own condition."""
    tpl = _card('card "A": item, cost 1, class "Mage"\n'
                '  Class Bonus: Allies you control have fast.\n')
    (ab,) = tpl.abilities
    assert ab.kind == "static" and [c.text for c in ab.condition] == ["Class Bonus"]


def test_a_spell_line_after_a_condition_label_is_tested_as_it_resolves():
    """An action's line is wrapped in the condition; its other lines are not."""
    tpl = _card('card "A": action, cost 1\n  Draw a card.\n  Level 2+: Draw a card.\n')
    (ab,) = tpl.abilities
    first, second = ab.effect.items
    assert not isinstance(first, IfT)
    assert isinstance(second.body, IfT) and second.body.conditions[0].text == "Level 2+"


def test_a_label_the_game_has_without_rules_is_refused_with_why():
    """A label the language names without rules is E212 giving its reason, not E207."""
    from dataclasses import replace
    lang = replace(LANG, unmodelled_labels={**LANG.unmodelled_labels,
                                            "on rally": "no rally is modelled"})
    text = '# ruleset: grand_archive\ncard "A": ally, cost 1, power 1, life 1\n' \
           '  On Rally: Draw a card.\n'
    with pytest.raises(SemanticError) as info:
        compile_files([parse_text(text, "c.cards")], lang)
    assert info.value.code == "E212" and "no rally is modelled" in str(info.value)


def test_the_combat_labels_are_triggers_of_a_unit():
    """'On Hit:', 'On Champion Hit:' and 'On Kill:' on an ally listen to its own hit,
    champion_hit and kill happenings (rulesets/grand_archive/combat.py reports them)."""
    tpl = _card('card "A": ally, cost 1, power 1, life 1\n  On Hit: Draw a card.\n'
                '  On Champion Hit: Draw a card.\n  On Kill: Draw a card.\n')
    assert sorted(tpl.hooks_by_happening) == ["champion_hit", "hit", "kill"]


def test_a_combat_label_on_a_card_that_never_attacks_is_refused():
    """'On Kill:' on an item is E212: only units attack and deal combat damage."""
    with pytest.raises(SemanticError) as info:
        _card('card "A": item, cost 1\n  On Kill: Draw a card.\n')
    assert info.value.code == "E212" and "only units" in str(info.value)


def test_a_label_nobody_has_is_still_unknown():
    """A label neither read nor named as unmodelled stays E207 with a did-you-mean."""
    with pytest.raises(SemanticError) as info:
        _card('card "A": ally, cost 1, power 1, life 1\n  On Entre: Draw a card.\n')
    assert info.value.code == "E207" and "On Enter" in info.value.hint


def test_a_keyword_the_game_has_without_rules_says_why():
    """'Pride 2' is E212 whose message gives the reason the ruleset wrote for it."""
    with pytest.raises(SemanticError) as info:
        _card('card "A": ally, cost 1, power 1, life 1\n  Pride 2\n')
    assert info.value.code == "E212" and "who may attack here" in str(info.value)


def test_condition_labels_are_written_back_before_the_line():
    """`explain --text` writes each condition label back where it stood, a trigger label
    after them with a colon whatever the convention, and the text compiles to the card."""
    from cardscript.fmt.canonical import Conventions
    from cardscript.fmt.render import card_text
    text = ('card "A": ally, cost 1, power 1, life 1, class "Mage"\n'
            '  Level 2+: Class Bonus: On Enter: Draw a card.\n'
            'card "B": item, cost 1, class "Mage"\n'
            '  Class Bonus: Allies you control have fast.\n'
            'card "C": action, cost 1\n  Draw a card.\n  Level 3+: Draw a card.\n')
    out = compile_files([parse_text("# ruleset: grand_archive\n" + text, "c.cards")], LANG)
    conv = Conventions(label_separator="→")
    written = {name: card_text(tpl, LANG, conv) for name, tpl in out.items()}
    assert "  Level 2+: Class Bonus: On Enter: Draw a card." in written["A"].splitlines()
    assert written["B"].splitlines()[1].startswith("  Class Bonus: ")
    assert written["C"].splitlines()[2] == "  Level 3+: Draw a card."
    again = compile_files([parse_text("\n".join(written.values()) + "\n", "d.cards")], LANG)
    assert [a.requires for a in again["A"].abilities] == [a.requires for a in
                                                          out["A"].abilities]


def test_stacked_condition_labels_read_in_either_order():
    """'Class Bonus: Level 2+: On Enter: X' reads as 'Level 2+: Class Bonus: ...' does: the
    trigger requires both, kept in the order printed."""
    out = compile_files([parse_text("# ruleset: grand_archive\n"
                                    'card "A": ally, cost 1, power 1, life 1, class "Mage"\n'
                                    '  Class Bonus: Level 2+: On Enter: Draw a card.\n'
                                    'card "B": ally, cost 1, power 1, life 1, class "Mage"\n'
                                    '  Level 2+: Class Bonus: On Enter: Draw a card.\n',
                                    "c.cards")], LANG)
    assert [a.hook.happening for t in out.values() for a in t.abilities] == \
        ["enter_play", "enter_play"]
    assert [c.text for c in out["A"].abilities[0].requires] == ["Class Bonus", "Level 2+"]
    assert [c.text for c in out["B"].abilities[0].requires] == ["Level 2+", "Class Bonus"]


def test_stacked_condition_labels_before_a_spell_line_are_one_test():
    """'Class Bonus: Level 2+: Draw a card.' is one test of both as the line resolves,
    not a test inside a test."""
    (ab,) = _card('card "A": action, cost 1, class "Mage"\n'
                  '  Class Bonus: Level 2+: Draw a card.\n').abilities
    assert isinstance(ab.effect, IfT) and not isinstance(ab.effect.body, IfT)
    assert [c.text for c in ab.effect.conditions] == ["Class Bonus", "Level 2+"]


def test_stacked_condition_labels_before_an_ongoing_effect_both_hold():
    """Before an ongoing sentence both labels are conditions of the effect."""
    (ab,) = _card('card "A": item, cost 1, class "Mage"\n'
                  '  Class Bonus: Level 2+: Allies you control have fast.\n').abilities
    assert ab.kind == "static"
    assert [c.text for c in ab.condition] == ["Class Bonus", "Level 2+"]


@pytest.mark.parametrize("line, again", [
    ("Class Bonus: Class Bonus: Draw a card.", "Class Bonus"),
    ("Level 2+: Class Bonus: Level 3+: Draw a card.", "Level 3+"),
])
def test_a_condition_label_given_twice_on_one_line_is_refused(line, again):
    """The same condition label twice before one line, next or further on and whatever its
    number, is E218 at the second."""
    with pytest.raises(SemanticError) as info:
        _card(f'card "A": action, cost 1, class "Mage"\n  {line}\n')
    err = info.value
    assert err.code == "E218" and f"'{again}:'" in str(err)
    assert err.span.column == line.index(again, 1) + 3


def test_stacked_labels_in_printed_order_are_written_back_as_printed():
    """`explain --text` writes 'Class Bonus: Level 2+:' back in that order, and the text
    compiles to the same card."""
    from cardscript.fmt.render import card_text
    text = ('card "A": ally, cost 1, power 1, life 1, class "Mage"\n'
            '  Class Bonus: Level 2+: On Enter: Draw a card.\n'
            'card "C": action, cost 1, class "Mage"\n'
            '  Class Bonus: Level 2+: Draw a card.\n')
    out = compile_files([parse_text("# ruleset: grand_archive\n" + text, "c.cards")], LANG)
    written = {name: card_text(tpl, LANG) for name, tpl in out.items()}
    assert "  Class Bonus: Level 2+: On Enter: Draw a card." in written["A"].splitlines()
    assert "  Class Bonus: Level 2+: Draw a card." in written["C"].splitlines()
    again = compile_files([parse_text("\n".join(written.values()) + "\n", "d.cards")], LANG)
    assert again["A"].abilities[0].requires == out["A"].abilities[0].requires
    eff, was = again["C"].abilities[0].effect, out["C"].abilities[0].effect
    assert eff.conditions == was.conditions and eff.body.verb is was.body.verb
