"""Sorcery's ongoing lines about decks, the opening hand and places of the realm
(rulesets/sorcery/deck_rules.py, burrow_exits.py)."""

from __future__ import annotations

import pytest

from conftest import put, run_sorcery, sorcery_game
from cardscript.rulesets.sorcery.burrow_exits import exits

CARDS = '''
card "Field": site
card "Seer": avatar, power 1
card "Stair": site
  Your minions may unburrow here.
card "Digger": minion, power 1
  Burrowing
card "Hounds": minion Beast, power 1, rarity ordinary
card "Pack": minion Beast, power 1, rarity exceptional
  There's no limit on the number of Pack you can have in your deck.
'''


@pytest.fixture
def game():
    return sorcery_game(CARDS, "<realm places test>")


def test_a_tunnel_site_is_an_exit_for_its_controllers_minions_only(game):
    """'Your minions may unburrow here': an exit for the site controller's units, not the foe's."""
    put(game, "Field", "alice", 8)
    put(game, "Stair", "alice", 15)
    mine, theirs = put(game, "Digger", "alice", 8), put(game, "Digger", "bob", 8)
    assert exits(game, mine, 8) == [15]
    assert exits(game, theirs, 8) == []
    assert exits(game, mine, 15) == []          # no exit to where it already is


def test_a_deck_over_its_rarity_limit_cannot_start(tmp_path):
    """Five copies of an Ordinary card: start_game is an illegal action naming the limit."""
    setup = """
alice: {realm: [{card: Seer, at: 3}], spellbook: [Hounds, Hounds, Hounds, Hounds, Hounds]}
bob: {realm: [{card: Seer, at: 18}]}
"""
    result = run_sorcery(tmp_path, CARDS, setup, "[{player: alice, start_game: true}]")
    assert not result["ok"] and "may hold 4 of an Ordinary card" in result["error"]["message"]


def test_a_card_lifting_its_limit_may_fill_the_deck(tmp_path):
    """Four copies of an Exceptional card whose text lifts the limit: the game starts."""
    setup = """
alice: {realm: [{card: Seer, at: 3}], spellbook: [Pack, Pack, Pack, Pack]}
bob: {realm: [{card: Seer, at: 18}]}
"""
    result = run_sorcery(tmp_path, CARDS, setup, "[{player: alice, start_game: true}]")
    assert result["ok"], result["error"]
