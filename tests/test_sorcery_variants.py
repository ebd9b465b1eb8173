"""Forms that hold in their variants: the other side ('an opponent's'), another reach
('adjacent' where 'nearby' is read), another duration ('until an opponent's next turn'); how
each reads, and that a variant with no rules behind it stays an error. The scenarios in
cards/sorcery/scenarios (cards in cards/sorcery/other_sides.cards) show the rules."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript import syntax as ast
from cardscript.compiler import compile_files
from cardscript.compiler.joined_steps import join_piles
from cardscript.errors import CardScriptError, Span
from cardscript.grammar import parse_text
from cardscript.language.reader import Reader
from cardscript.language.shapes import FAIL

LANG = rulesets.get("sorcery").language
READ = Reader(LANG)


def _cards(text: str):
    return READ.read("cards", tuple(text.lower().split()))


def _compiles(line: str, kind: str = "magic, cost 1") -> bool:
    text = f'# ruleset: sorcery\ncard "Probe": {kind}\n  {line}\n'
    try:
        compile_files([parse_text(text, "v.cards")], LANG)
    except CardScriptError:
        return False
    return True


def test_an_opponents_plural_is_every_card_of_the_other_side():
    """'an opponent's nearby sites' names each site nearby that the other side controls."""
    sel = _cards("an opponent's nearby sites")
    assert (sel.quant, sel.controller, sel.place.reach) == ("each", "opponent", "nearby")
    assert sel.kinds == frozenset({"site"})


def test_one_of_an_opponents_sites_is_one_card():
    """'one of an opponent's nearby sites' is one card of those the plural names."""
    sel = _cards("one of an opponent's nearby sites")
    assert (sel.quant, sel.count, sel.controller) == ("one", 1, "opponent")


def test_nearby_allied_with_no_noun_names_allies():
    """'nearby allied' alone is the side noun, as 'nearby enemy' is; 'an allied' alone is not."""
    sel = _cards("nearby allied")
    assert (sel.quant, sel.controller) == ("each", "you")
    assert sel.kinds == frozenset({"minion", "avatar"})
    assert READ.read("cards", ("an", "allied")) is FAIL
    assert not _compiles("Deal 1 damage to an allied.")


def test_adjacent_after_a_noun_is_a_reach_and_adjacent_to_names_an_anchor():
    """'each minion adjacent' reaches adjacent squares; 'adjacent to' still reads its anchor."""
    sel = _cards("each minion adjacent")
    assert (sel.place.ref, sel.place.reach) == ("adjacent", "adjacent")
    assert sel.place.anchor.ref == "here"
    assert _cards("each minion adjacent to target site").place.anchor.ref == "target"


def test_a_site_nearby_to_a_card_is_nearby_it():
    """'a site nearby to it' is a site near it, diagonals included."""
    pl = READ.read("place", ("a", "site", "nearby", "to", "it"))
    assert (pl.reach, pl.anchor.ref) == ("nearby", "of")


def test_a_pile_list_after_an_opponents_is_joined():
    """'from an opponent's spellbook, hand, or cemetery': the commas' steps join one step."""
    span = Span("v.cards", 1, 1, 1, 1)

    def step(text):
        words = tuple(ast.Word(w, "word", span) for w in text.split())
        return ast.Step(ast.Phrase(words, span), span)

    zones = LANG.zones
    joined = join_piles([step("summon a minion nearby from an opponent's spellbook"),
                         step("hand"), step("or cemetery")], zones)
    assert [w.text for w in joined[0].phrase.words][-5:] == ["spellbook", "or", "hand", "or",
                                                              "cemetery"]
    assert len(joined) == 1


@pytest.mark.parametrize("line, kind", [
    ("Must be conjured on an adjacent site.", "aura, cost 1"),
    ("Nearby enemy minions must stay adjacent when moving.", "minion, cost 2, power 1"),
    ("Spells cast adjacent cost 1 more mana.", "artifact, cost 1"),
    ("Double adjacent combat damage between minions.", "artifact, cost 1"),
    ("Your minions that unburrow may do so adjacent.", "site"),
    ("Lasts 2 of an opponent's turns.", "aura, cost 1"),
    ("Give an allied minion Airborne until an opponent's next turn.", "magic, cost 1"),
    ("An ally deals double combat damage to the next minion it attacks until the end of your "
     "next turn.", "magic, cost 1"),
    ("Whenever a minion here dies, this Beast permanently loses 1 power.",
     "minion Beast, cost 3, power 4"),
    ("This Beast can attack Airborne minions.", "minion Beast, cost 3, power 4"),
    ("Return this Mortal and its borne relics to their owner's cemetery when it strikes an "
     "enemy.", "minion Mortal, cost 1, power 2"),
    ("Return this Mortal and its borne relics to their owner's spellbook when it strikes an "
     "enemy.", "minion Mortal, cost 1, power 2"),
    ("Return all minions here to their owners' hands.", "magic, cost 1"),
    ("You may swap this site from your cemetery with another site you own in the realm.",
     "site"),
    ("These Beasts have +1 power for each enemy Probe nearby.", "minion Beast, cost 3, power 2"),
    ("These Beasts have +1 power for each allied Probe nearby.", "minion Beast, cost 3, power 2"),
    ("These Beasts deal combat damage before enemy minions they fight.",
     "minion Beast, cost 3, power 2"),
    ("Once on an opponent's turn, when you summon a minion nearby, draw a spell.",
     "minion Beast, cost 3, power 2"),
    ("Tap → These Beasts charge in a cardinal direction until they can't move further. They "
     "strike all enemy units in their path.", "minion Beast, cost 3, power 2"),
    ("Tap → These Beasts charge in a cardinal direction until they can't move further. They "
     "strike all other allied minions in their path.", "minion Beast, cost 3, power 2"),
])
def test_each_variant_form_compiles(line, kind):
    """Each form of this work reads on a card of its kind."""
    assert _compiles(line, kind), line


@pytest.mark.parametrize("line, kind", [
    ("Nearby damage is Ranged.", "artifact, cost 1"),
    ("This Beast doesn't exit Airborne when it carries out a ranged attack.",
     "minion Beast, cost 3, power 4"),
    ("Rearrange any enemy minions on or under one body of Earth.", "magic, cost 1"),
    ("Summon a minion nearby from your spellbook, hand, or hand.", "magic, cost 1"),
    ("Tap → Return this Mortal and its borne relics to their owner's atlas.",
     "minion Mortal, cost 1, power 2"),
    ("You may swap this site from your atlas with another site you own in the realm.", "site"),
    ("You may swap this site from your spellbook with another site you own in the realm.",
     "site"),
    ("You may swap this site from an opponent's hand with another site you own in the realm.",
     "site"),
    ("Summon a minion from your hands here.", "magic, cost 1"),
    ("These Beasts deal combat damage before allied minions they fight.",
     "minion Beast, cost 3, power 2"),
    ("This Beast may move into an adjacent void. When it does, place the top site of your "
     "spellbook there.", "minion Beast, cost 3, power 2"),
    ("This Beast may move into an adjacent void. When it does, place the top site of an "
     "opponent's atlas there.", "minion Beast, cost 3, power 2"),
    ("Sacrifice the caster or lose half an opponent's life, rounding up.", "magic, cost 1"),
    ("Start the game with only one site in your cemetery.", "avatar, power 1"),
])
def test_variants_that_are_no_sensible_card_stay_refused(line, kind):
    """A variant with no rules behind it ('Ranged' damage, 'body of Earth') is still an error."""
    assert not _compiles(line, kind), line
