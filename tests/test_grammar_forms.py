"""Leftover grammar forms of printed text: a number-and-stat word before a noun, and more."""

from __future__ import annotations

import pytest

from cardscript.compiler import compile_files
from cardscript.compiler.template import Do
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.rulesets import get

LANG = get("sorcery").language


def compile_one(text: str):
    """The template of the one card in `text`."""
    (tpl,) = compile_files([parse_text(text, "t.cards")], LANG).values()
    return tpl


def first_do(tpl, ability: int = 0) -> Do:
    """The first verb step of an ability."""
    node = tpl.abilities[ability].effect
    while not isinstance(node, Do):
        node = node.items[0] if hasattr(node, "items") else node.body
    return node


def test_a_stat_word_before_a_noun_asks_for_exactly_that_value():
    """'each 0-power minion' is one word '0-power': the power must be exactly 0."""
    tpl = compile_one('card "X": magic, cost 1\n  Destroy each 0-power minion.\n')
    sel = first_do(tpl).arg("what")
    assert sel.stats == (("power", "is", 0),) and sel.kinds == frozenset({"minion"})


def test_a_stat_word_before_the_second_noun_bounds_that_noun_only():
    """'a relic or 3-power minion': relics of any power, minions of power 3."""
    tpl = compile_one('card "X": magic, cost 1\n  Levitate a nearby relic or 3-power minion '
                      'one step.\n')
    sel = first_do(tpl).arg("what")
    assert sel.kinds == frozenset({"artifact", "minion"})
    assert sel.stats == (("power", "is", 3, frozenset({"minion"})),)
    assert sel.place is not None and sel.place.reach == "nearby"


@pytest.mark.parametrize("line", ["Destroy each 2-speed minion.", "Destroy each 2- minion."])
def test_a_number_and_dash_before_no_stat_is_refused(line):
    """A dash word whose tail is no stat of the game, or a bare dash, is an error, not a no-op."""
    with pytest.raises(CardScriptError):
        compile_one(f'card "X": magic, cost 1\n  {line}\n')


@pytest.mark.parametrize("line, text", [
    ("Spells you cast cost 1 less mana.", "Each spell you cast costs 1 less mana."),
    ("Spells your opponent casts cost 1 more mana.",
     "Each spell your opponents cast costs 1 more mana."),
    ("Minions an ally casts cost 2 less mana.", "Each minion an allied unit casts costs 2 less mana."),
])
def test_a_verb_after_a_relative_clause_agrees_with_the_subject(line, text):
    """explain --text writes 'each spell you cast costs': the verb agrees past the clause."""
    from cardscript.fmt.render import Renderer
    tpl = compile_one(f'card "X": site\n  {line}\n')
    rendered = Renderer(LANG).card(tpl)
    assert rendered.splitlines()[-1].strip() == text


@pytest.mark.parametrize("words, kinds, pick", [
    (("target", "minion's"), frozenset({"minion"}), "target"),
    (("an", "adjacent", "minion's"), frozenset({"minion"}), "any"),
    (("each", "enemy", "units'"), frozenset({"minion", "avatar"}), "any"),
    (("its",), None, "ref"),
])
def test_a_possessive_reads_as_the_selector_of_its_owner(words, kinds, pick):
    """'target minion's', "each enemy units'", 'its': the cards a possessive names."""
    from cardscript.language.reader import Reader
    sel = Reader(LANG).read("whose", words)
    assert sel.kinds == kinds and sel.pick == pick


@pytest.mark.parametrize("words", [("a", "minion"), ("a", "minions'x"), ("the", "'s")])
def test_words_without_a_possessive_mark_are_no_possessive(words):
    """A selector without 's (or ' after an s) does not fill a possessive slot."""
    from cardscript.language.reader import Reader
    from cardscript.language.shapes import FAIL
    assert Reader(LANG).read("whose", words) is FAIL


def test_a_leading_duration_reaches_both_steps_of_the_hex():
    """'Until your next turn, reduce ... and set its innate power to 1': two lasting verbs."""
    tpl = compile_one('card "X": magic, cost 1\n  Until your next turn, reduce target minion\'s '
                      'size so it occupies only one location and set its innate power to 1.\n')
    steps = tpl.abilities[0].effect.items
    assert [s.verb.name for s in steps] == ["occupy one location until your next turn",
                                            "set innate power until your next turn"]


def test_and_or_joins_nouns_as_either_one():
    """'each adjacent artifact and/or minion' is one word 'and/or': the union of the kinds."""
    tpl = compile_one('card "X": magic, cost 1\n  Destroy each adjacent artifact and/or minion.\n')
    assert first_do(tpl).arg("what").kinds == frozenset({"artifact", "minion"})


def test_and_or_joins_piles_as_either_one():
    """'from your cemetery and/or hand' offers the cards of both piles."""
    tpl = compile_one('card "Mirror Wisp": minion spirit, cost 3, power 1\n  Tap → Summon a '
                      'Mirror Wisp nearby from your cemetery and/or hand.\n')
    args = first_do(tpl).args
    assert ("you", ("cemetery", "hand")) in [v for _, v in args]


def test_a_slash_word_other_than_and_or_is_refused():
    """'either/or' lexes as one word, which no shape reads: an error, not a silent union."""
    with pytest.raises(CardScriptError):
        compile_one('card "X": magic, cost 1\n  Destroy each either/or minion.\n')


def test_a_pronoun_of_the_shape_agrees_with_its_subject():
    """'This minion has airborne until it enters a site': 'it' for one card, and 'enters'."""
    from cardscript.fmt.render import Renderer
    tpl = compile_one('card "X": minion, cost 1, power 1\n  This has airborne until they enter '
                      'a site.\n')
    assert Renderer(LANG).card(tpl).splitlines()[-1].strip() == \
        "This minion has Airborne until it enters a site."
