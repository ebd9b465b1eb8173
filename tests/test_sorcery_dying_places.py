"""Where a unit dies, written after the verb ('dies nearby', 'die on an Earth site'); a
replacement with another sentence after it on its line; a trailing 'if' trigger; a bare
'Unburrow.' naming the card itself."""

from __future__ import annotations

import pytest

from cardscript import syntax as ast
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.rulesets import get

LANG = get("sorcery").language
HEAD = 'card "Peat Ghouls": minion undead, cost 2, power 1'


def compile_one(line: str):
    """The template of one card made of HEAD and one ability line."""
    (tpl,) = compile_files([parse_text(f"{HEAD}\n  {line}\n", "t.cards")], LANG).values()
    return tpl


def test_a_replacement_and_a_sentence_after_it_are_two_abilities():
    """'When X dies, Y instead. Z.' parses as the replacement, then Z's own line."""
    (card,) = parse_text(f"{HEAD}\n  When these Ghouls die, burrow them instead. "
                         "Draw a spell.\n", "t.cards").cards
    first, second = card.abilities
    assert isinstance(first, ast.ReplacementAbility)
    assert isinstance(second, ast.EffectLine)
    assert second.span.column > first.span.end_column - 1


def test_dies_on_a_site_is_where_a_minion_here_dies_is_tested():
    """'a minion dies on a Water site' watches deaths by the dead card's last place."""
    (ab,) = compile_one("Whenever a minion dies on a Water site, draw a spell.").abilities
    assert ab.kind == "triggered" and ab.hook.happening == "die"
    assert ab.hook.filter["place"].trait == "water"


def test_dies_nearby_is_a_place_near_the_watching_card():
    """'dies nearby': here or adjacent to the card whose line it is."""
    (ab,) = compile_one("Whenever an enemy minion dies nearby, draw a spell.").abilities
    place = ab.hook.filter["place"]
    assert (place.ref, place.reach, place.anchor.ref) == ("adjacent", "nearby", "here")


def test_a_replacement_on_a_site_of_an_element_keeps_its_place():
    """'die on an Earth site ... instead' replaces only a death on such a site."""
    first, second = compile_one("When these Ghouls die on an Earth site, burrow them instead. "
                                "Unburrow if a minion dies nearby.").abilities
    assert first.kind == "replacement" and "Earth site" in first.text
    assert second.kind == "triggered"


@pytest.mark.parametrize("line", ["Whenever a minion dies on, draw a spell.",
                                  "Whenever a minion dies nearby here, draw a spell."])
def test_a_death_place_that_does_not_read_is_refused(line):
    """A place after 'dies' that is no place gives a clear E201."""
    with pytest.raises(CardScriptError) as info:
        compile_one(line)
    assert info.value.code == "E201"


def test_dies_here_is_the_watching_cards_own_square():
    """'a minion dies here' written after the verb tests the watching card's square."""
    (ab,) = compile_one("Whenever a minion dies here, draw a spell.").abilities
    assert ab.hook.happening == "die" and ab.hook.filter["place"].ref == "here"


def test_dies_adjacent_is_here_or_a_square_sharing_an_edge():
    """'dies adjacent' reaches the watching card's square and those sharing an edge."""
    (ab,) = compile_one("Whenever a minion dies adjacent, draw a spell.").abilities
    place = ab.hook.filter["place"]
    assert (place.ref, place.reach, place.anchor.ref) == ("adjacent", "adjacent", "here")
