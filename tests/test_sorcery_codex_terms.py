"""The codex's terms as card words (rulesets/sorcery/codex_terms.py, silence.py): Evil,
wounded, land site, Landbound, dispel, fully heal and silence."""

from __future__ import annotations

import pytest

from conftest import put, sorcery_game
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import SemanticError
from cardscript.grammar import get_parser, parse_text

CARDS = '''
card "Field": site
card "Pool": site, water
card "Seer": avatar, power 1
card "Ghoul": minion undead, cost 1, power 2
card "Imp": minion demon, cost 1, power 1
card "Ogre": minion monster, cost 1, power 3
card "Squire": minion mortal, cost 1, power 1
card "Hoofbeast": minion beast, cost 1, power 2
  Landbound
card "Hush": magic, cost 1
  Silence target minion.
'''


def _game():
    return sorcery_game(CARDS, "codex.cards")


def _compile(text: str):
    return compile_files([parse_text(text, "t.cards")], rulesets.get("sorcery").language)


def test_evil_is_an_undead_demon_or_monster_minion():
    """Evil: the minions of the three subtypes, no other."""
    from cardscript.rulesets.sorcery.codex_terms import is_evil
    game = _game()
    put(game, "Field", "alice", 3)
    cards = {n: put(game, n, "alice", 3) for n in ("Ghoul", "Imp", "Ogre", "Squire")}
    assert {n for n, c in cards.items() if is_evil(game, c)} == {"Ghoul", "Imp", "Ogre"}


def test_a_wounded_avatar_has_less_life_than_its_most():
    """An avatar is wounded when its player's life is below the most they started with."""
    from cardscript.rulesets.sorcery.codex_terms import is_wounded
    from cardscript.rulesets.sorcery.players import start_life
    game = _game()
    seer = put(game, "Seer", "alice", 3)
    start_life(game)
    assert not is_wounded(game, seer)
    game.state.players["alice"].counters["life"] -= 1
    assert is_wounded(game, seer)


def test_a_flooded_site_is_no_land_site():
    """A site that provides water, printed or flooded, is no land site."""
    from cardscript.rulesets.sorcery.codex_terms import is_land_site
    game = _game()
    field, pool = put(game, "Field", "alice", 3), put(game, "Pool", "alice", 4)
    assert is_land_site(game, field) and not is_land_site(game, pool)
    field.flags.add("flooded")
    assert not is_land_site(game, field)


@pytest.mark.parametrize("site, disabled", [("Field", False), ("Pool", True), (None, True)])
def test_a_landbound_minion_is_disabled_off_land(site, disabled):
    """Landbound: disabled at a water site or in the void, not at a land site."""
    from cardscript.rulesets.sorcery.kinds import disabled as is_disabled
    game = _game()
    if site:
        put(game, site, "alice", 3)
    beast = put(game, "Hoofbeast", "alice", 3)
    assert is_disabled(beast, game) is disabled


def test_silence_takes_keywords_and_abilities_and_keeps_power():
    """A silenced minion has no keyword (given ones too) and no ability, and its power."""
    from cardscript.rulesets.sorcery.silence import silence
    from cardscript.interpreter.storyline import StoryEvent
    game = _game()
    put(game, "Field", "alice", 3)
    beast = put(game, "Hoofbeast", "alice", 3)
    beast.granted.add("airborne")
    ev = StoryEvent(0, "cast", beast, "alice", None, "", None)
    silence(game, ev, beast, None)
    assert game.keywords_of(beast) == frozenset()
    assert beast.tpl.abilities == () and beast.tpl.stats["power"] == 2
    assert ev.did == ["silence Hoofbeast"]


@pytest.mark.parametrize("text, message", [
    ("Dispel target minion.", "cannot dispel target minion: it is not an aura"),
    ("Fully heal target site.", "cannot fully heal target site: it is not an avatar or minion"),
])
def test_a_verb_of_the_codex_refuses_a_kind_it_cannot_act_on(text, message):
    """Dispel acts on auras, fully heal on minions and avatars: another kind is E203."""
    with pytest.raises(SemanticError) as err:
        _compile(f'card "X": magic, cost 1\n  {text}\n')
    assert err.value.code == "E203" and message in str(err.value)


def test_land_qualifies_the_site_alone_in_a_list_of_kinds():
    """'a relic or land site': the trait is kept for the site's noun, the relic not held to it."""
    tpl = _compile('card "X": magic, cost 1\n  Return target relic or land site to its '
                   "owner's hand.\n")["X"]
    assert "traits=('land',)" in repr(tpl.abilities[0])


@pytest.mark.parametrize("line", [
    "Genesis → Deal 1 damage to each Evil minion nearby.",
    "Kill target wounded minion.",
    "Deal 1 damage to each minion at target land site.",
    "Landbound",
    "Dispel target aura. Fully heal your avatar.",
    "Silence target minion until your next turn.",
])
def test_fast_parser_agrees_with_lark_on_the_codex_terms(line):
    """The fast driver builds what Lark builds for the lines of the codex's terms."""
    from cardscript import grammar
    parser, builder = get_parser()
    source = f'card "X": magic\n  {line}\n'
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)
