"""Condition labels (compiler/condition_labels.py) and labels and keywords without rules, read
through Grand Archive's `Class Bonus:`, `Level N+:`, `On Hit:` and `Stealth`."""

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
    """'On Hit:' is E212 naming combat damage, not E207 (an unknown label)."""
    with pytest.raises(SemanticError) as info:
        _card('card "A": ally, cost 1, power 1, life 1\n  On Hit: Draw a card.\n')
    assert info.value.code == "E212" and "combat damage" in str(info.value)


def test_a_label_nobody_has_is_still_unknown():
    """A label neither read nor named as unmodelled stays E207 with a did-you-mean."""
    with pytest.raises(SemanticError) as info:
        _card('card "A": ally, cost 1, power 1, life 1\n  On Entre: Draw a card.\n')
    assert info.value.code == "E207" and "On Enter" in info.value.hint


def test_a_keyword_the_game_has_without_rules_says_why():
    """'Pride 2' is E212 whose message gives the reason the ruleset wrote for it."""
    with pytest.raises(SemanticError) as info:
        _card('card "A": ally, cost 1, power 1, life 1\n  Pride 2\n')
    assert info.value.code == "E212" and "only a champion attacks" in str(info.value)


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
