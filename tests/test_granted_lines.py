"""A triggered ability given in quotes ('gains "Whenever it ..., ..." this turn')."""

from __future__ import annotations

import pytest

from cardscript.compiler import compile_files
from cardscript.errors import SemanticError
from cardscript.grammar import parse_text
from cardscript.rulesets import get

LANG = get("sorcery").language


def compile_text(text: str):
    return compile_files([parse_text(text, "t.cards")], LANG)


def test_quoted_trigger_is_lowered_as_a_trigger_of_the_holder():
    """The quoted words become a triggered ability whose 'it' is the card that holds it."""
    out = compile_text('card "R": magic\n'
                       '  Target ally gains "Whenever it kills a minion, untap it" this turn.\n')
    step = out["R"].abilities[0].effect
    ability = dict(step.args)["ability"]
    assert ability.kind == "triggered"
    assert ability.text == "Whenever it kills a minion, untap it"
    assert ability.hook.filter.get("self") or ability.hook.filter.get("self_card")


def test_unread_words_inside_the_quotes_are_E201_where_they_stand():
    """An effect the ruleset cannot read inside the quotes is E201 at those words."""
    line = '  Target ally gains "Whenever it kills a minion, frobnicate it" this turn.\n'
    with pytest.raises(SemanticError) as info:
        compile_text('card "R": magic\n' + line)
    assert info.value.code == "E201"
    assert info.value.span.line == 2
    assert info.value.span.column == line.index("frobnicate") + 1


def test_a_duration_a_grant_cannot_have_is_refused():
    """A grant is read only with the durations of the ruleset: another is an error."""
    with pytest.raises(SemanticError) as info:
        compile_text('card "R": magic\n'
                     '  Target ally gains "Whenever it kills a minion, untap it" forever.\n')
    assert info.value.code.startswith("E2")


def test_a_quoted_ability_is_no_card_name():
    """Quoted trigger words are not looked up as a card name (no E202)."""
    out = compile_text('card "R": magic\n'
                       '  Give target ally "Whenever it kills a minion, untap it" this turn.\n')
    assert out["R"].abilities[0].kind == "spell"


def _steps(card):
    effect = card.abilities[0].effect
    return getattr(effect, "items", (effect,))


def test_a_trigger_in_a_list_of_gains_goes_to_what_the_list_names():
    """'..., and whenever it ..., ...' after a duration: 'it gains "..."' lasting as long."""
    out = compile_text('card "R": magic\n'
                       '  Until your next turn, an ally gains +1 power and whenever it kills '
                       'a minion, draw a spell.\n')
    steps = _steps(out["R"])
    assert [s.verb.name for s in steps] == ["give power until your next turn",
                                            "give a triggered ability until your next turn"]
    assert dict(steps[1].args)["ability"].text == "whenever it kills a minion, draw a spell"


def test_a_quoted_trigger_in_a_list_of_gains_is_read():
    """'This turn, X gains KEYWORD and "Whenever it ..."': the quoted one is given too."""
    out = compile_text('card "R": magic\n'
                       '  This turn, target ally gains Airborne and "Whenever it kills a '
                       'minion, untap it".\n')
    assert [s.verb.name for s in _steps(out["R"])] == ["gain a keyword this turn",
                                                       "give a triggered ability this turn"]


def test_a_list_of_three_gains_after_a_duration_is_one_step():
    """'This turn, X gains +N power, +M Movement and KEYWORD': one card chosen, three gains."""
    out = compile_text('card "R": magic\n'
                       '  This turn, target ally gains +2 power, +1 Movement and Airborne.\n')
    assert [s.verb.name for s in _steps(out["R"])] == \
        ["give power, movement and a keyword this turn"]


def test_an_unread_trigger_in_a_list_is_E201_at_its_words():
    """A trigger in a list of gains whose effect the ruleset cannot read: E201 there."""
    line = ('  This turn, target ally gains +1 power and whenever it kills a minion, '
            'frobnicate it.\n')
    with pytest.raises(SemanticError) as info:
        compile_text('card "R": magic\n' + line)
    assert info.value.code == "E201"
    assert info.value.span.column == line.index("frobnicate") + 1


def test_a_list_of_three_gains_with_its_duration_at_the_end_is_one_step():
    """'X gains +N power, +M Movement and KEYWORD this turn': the whole list reads as one."""
    out = compile_text('card "R": magic\n'
                       '  Target ally gains +2 power, +1 Movement and Airborne this turn.\n')
    assert [s.verb.name for s in _steps(out["R"])] == \
        ["give power, movement and a keyword this turn"]


@pytest.mark.parametrize("quoted", ["Whenever it kills a minion, dispel this",
                                    "Whenever it kills a minion, dispel it"])
def test_this_in_the_quotes_is_of_the_kinds_the_grant_names(quoted):
    """'this' (and 'it') inside the quotes is the card that gains the ability: a verb that
    cannot act on the kinds the granting selector names is E203 at those words, as on a
    card's own line ('dispel this' on a minion)."""
    line = f'  Target ally gains "{quoted}" this turn.\n'
    with pytest.raises(SemanticError) as info:
        compile_text('card "R": magic\n' + line)
    assert info.value.code == "E203"
    assert "not an aura" in info.value.message
    assert "the card that gains the ability ('target ally')" in info.value.hint
    word = quoted.rsplit(" ", 1)[1]
    assert info.value.span.column == line.index(f"dispel {word}") + len("dispel ") + 1


def test_this_in_the_quotes_is_not_the_granting_cards_kind():
    """The holder's kinds come from the selector the ability is given to, not from the card
    whose line gives it: a magic may give an aura an ability that dispels it."""
    out = compile_text('card "R": magic\n'
                       '  Target aura gains "Whenever a minion dies, dispel this" this turn.\n')
    ability = dict(out["R"].abilities[0].effect.args)["ability"]
    assert ability.kind == "triggered"


def test_explain_names_what_this_is_inside_the_quotes():
    """explain says, under the step that gives the ability, which cards 'this' and 'it' are
    inside the quotes (the kinds the granting selector names, or none known)."""
    from cardscript.explain import explain_card
    out = compile_text('card "R": magic\n'
                       '  Target ally gains "Whenever it kills a minion, untap it" this turn.\n'
                       'card "S": magic\n'
                       '  Give target card "Whenever it kills a minion, untap it" this turn.\n')
    told = explain_card(out["R"], get("sorcery"))
    assert "inside the quotes, 'this' and 'it' are the card that gains the ability " \
           "('target ally'): an avatar or a minion" in told
    told = explain_card(out["S"], get("sorcery"))
    assert "('target card'): an " in told
