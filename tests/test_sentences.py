"""A permanent's line of several sentences (compiler/sentences.py): each sentence one
ability, 'You may ACT. When you do, Y.' a permission and its trigger, and an E210 that names
the sentence that failed."""

from __future__ import annotations

import pytest

from cardscript.compiler import compile_files
from cardscript.compiler.template import Do
from cardscript.compiler.visit import walk
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.rulesets import get

LANG = get("sorcery").language
HEAD = 'card "Sable Duelist": minion, cost 2, power 1\n  '


def compile_one(text: str):
    """The template of the one card in `text`."""
    (tpl,) = compile_files([parse_text(text, "t.cards")], LANG).values()
    return tpl


def test_an_ongoing_sentence_then_a_trigger_sentence_are_two_abilities():
    """'Units here have X. Whenever ..., Y.' is an ongoing effect and a triggered ability."""
    a, b = compile_one(HEAD + "Units here have lethal. Whenever a minion here dies, draw a "
                       "spell.\n").abilities
    assert (a.kind, b.kind) == ("static", "triggered")
    assert b.hook.happening == "die"


def test_a_timed_trigger_may_be_the_second_sentence():
    """'At the end of your turn, Y.' as a second sentence is a turn trigger of its own."""
    a, b = compile_one(HEAD + "Units here have lethal. At the end of your turn, draw a "
                       "spell.\n").abilities
    assert a.kind == "static" and b.kind == "triggered" and b.hook.happening != "die"


def test_when_you_do_after_a_permission_is_the_act_it_allows():
    """'You may summon an Undead here. When you do, Y.': a permission, then a trigger on
    summoning an Undead here."""
    perm, trig = compile_one(HEAD + "You may summon an Undead here. When you do, draw a "
                             "spell.\n").abilities
    assert perm.static[0].name == "may summon here"
    assert trig.kind == "triggered" and trig.hook.happening == "enter_play"


def test_whenever_you_do_after_a_permission_is_the_same_trigger():
    """'Whenever you do' reads as 'When you do': the trigger on the act permitted, its word
    kept as written."""
    perm, trig = compile_one(HEAD + "You may summon an Undead here. Whenever you do, draw a "
                             "spell.\n").abilities
    assert perm.static[0].name == "may summon here"
    assert trig.kind == "triggered" and trig.hook.happening == "enter_play"


def test_whenever_you_do_without_a_permission_is_e210_in_its_own_words():
    """'Whenever you do' after a sentence that allows nothing is E210, quoting its words."""
    with pytest.raises(CardScriptError) as info:
        compile_one(HEAD + "Units here have lethal. Whenever you do, draw a spell.\n")
    assert info.value.code == "E210" and "'Whenever you do' follows no permission" in \
        info.value.message


def test_when_you_do_without_a_permission_before_it_is_e210():
    """'When you do' after a sentence that allows nothing is E210, pointing at it."""
    with pytest.raises(CardScriptError) as info:
        compile_one(HEAD + "Units here have lethal. When you do, draw a spell.\n")
    err = info.value
    assert err.code == "E210" and "the second of this line's 2 sentences" in err.message
    assert "follows no permission" in err.message and err.span.column == 27


def test_e210_names_the_sentence_that_failed():
    """A line of several sentences whose second one happens once is E210 naming the second."""
    with pytest.raises(CardScriptError) as info:
        compile_one(HEAD + "Units here have lethal. Draw a spell, then draw a site.\n")
    assert info.value.code == "E210"
    assert info.value.message.startswith("the second of this line's 2 sentences:")


def test_a_one_off_sentence_after_a_trigger_goes_on_with_its_effect():
    """'Whenever X, Y. Z.' after an ongoing sentence: Z is part of the trigger's effect."""
    a, b = compile_one(HEAD + "Units here have lethal. Whenever a minion here dies, draw a "
                       "spell. Draw a site.\n").abilities
    assert a.kind == "static" and b.kind == "triggered"
    assert "draw a site" in b.text.lower()


def test_an_ongoing_sentence_after_a_trigger_is_an_ability_of_its_own():
    """'X. Whenever Y, Z. W.' where W reads as an ongoing effect: three abilities."""
    kinds = [a.kind for a in compile_one(
        HEAD + "Units here have lethal. Whenever a minion here dies, draw a spell. Units here "
        "have airborne.\n").abilities]
    assert kinds == ["static", "triggered", "static"]


def test_they_each_deals_reads_as_they_each_deal():
    """'They each deals N damage to the first unit they hit' is the same step as 'They each
    deal ...': the verb agrees or not, as after any subject."""
    line = ("Tap → Shoot 2 separate projectiles in a cardinal direction. They each {} 2 "
            "damage to the first unit they hit.\n")
    one = compile_one(HEAD + line.format("deal")).abilities[0]
    other = compile_one(HEAD + line.format("deals")).abilities[0]

    def verbs(ability):
        return [n.verb.name for n in walk(ability.effect) if isinstance(n, Do)]
    assert verbs(one) == verbs(other)
    assert "projectiles deal damage" in verbs(other)
