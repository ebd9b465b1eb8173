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


def test_directly_in_front_faces_the_opponents_edge(game):
    """The first player's front is the next row down; the other player's the next row up."""
    from cardscript.rulesets.sorcery.borders import in_front
    assert in_front(game, "alice", 8) == 13
    assert in_front(game, "bob", 8) == 3
    assert in_front(game, "bob", 3) is None             # past the realm's edge


def test_joined_edges_add_only_the_steps_they_join():
    """Top and bottom joined: 2 steps to 17, not across the sides; opposite edges: 6 to 10 too."""
    from cardscript.rulesets.sorcery.realm_edges import wrapped_neighbors
    g = sorcery_game(CARDS + '''
card "Rover": minion, power 1
  This Rover may move as if the realm's top and bottom edges were joined.
card "Orb": artifact
  Allies may move as if the realm's opposite edges were joined.
''', "<edges test>")
    rover = put(g, "Rover", "alice", 2)
    assert wrapped_neighbors(g, rover, 2) == [17]
    assert wrapped_neighbors(g, rover, 6) == []
    put(g, "Orb", "bob", 3)
    theirs = put(g, "Digger", "bob", 6)
    assert wrapped_neighbors(g, theirs, 6) == [10]
    assert wrapped_neighbors(g, theirs, 7) == []


def test_a_closed_front_border_closes_only_that_edge(game):
    """Both ways across the front edge are closed to the enemy; the side edges and allies pass."""
    from cardscript.rulesets.sorcery.borders import crosses_closed, stops_projectile
    g = sorcery_game(CARDS + '''
card "Ridge": site
  Enemy minions and projectiles can't cross this site's front border.
''', "<border test>")
    put(g, "Ridge", "alice", 8)
    foe, friend = put(g, "Digger", "bob", 13), put(g, "Digger", "alice", 13)
    assert crosses_closed(g, foe, 13, 8) and crosses_closed(g, foe, 8, 13)
    assert not crosses_closed(g, foe, 9, 8)
    assert not crosses_closed(g, friend, 13, 8)
    assert stops_projectile(g, 13, 8) and not stops_projectile(g, 3, 8)


def test_a_frontline_site_may_go_to_a_void_before_a_site():
    """Only voids whose square in front (toward the opponent) holds a site; only on its text."""
    from cardscript.rulesets.sorcery.borders import front_voids
    g = sorcery_game(CARDS + '''
card "Post": site Frontline
  This Frontline may be played in a void with a site directly in front of it.
''', "<front void test>")
    put(g, "Field", "bob", 16)
    post = g.state.new_card(g.templates["Post"], "alice")
    field = g.state.new_card(g.templates["Field"], "alice")
    assert front_voids(g, post, "alice") == [11]
    assert front_voids(g, post, "bob") == []            # bob faces up: 16 is behind 11
    assert front_voids(g, field, "alice") == []


def test_a_swap_needs_a_site_its_player_owns(tmp_path):
    """Swapping with a site another player owns is an illegal action naming the player's own."""
    cards = CARDS + '''
card "Drift": site
  You may swap this site in your hand for another site you own in the realm.
'''
    setup = """
alice: {hand: [Drift], realm: [{card: Field, at: 3}]}
bob: {realm: [{card: Field, at: 18}]}
"""
    result = run_sorcery(tmp_path, cards, setup, "[{player: alice, swap_site: Drift, at: 18}]")
    assert not result["ok"] and result["error"]["code"] == "S206"
    assert "a site alice owns" in result["error"]["message"]


PLACES = CARDS + '''
card "Mantle": aura, cost 0
  Must be conjured on a site nearby.
card "Chest": artifact, cost 0
  Can and must be conjured in a void corner.
'''


def test_an_aura_that_must_be_near_goes_to_a_site_by_the_avatar(tmp_path):
    """'Must be conjured on a site nearby': a site within one square of the avatar is legal."""
    setup = "alice: {hand: [Mantle], realm: [{card: Seer, at: 3}, {card: Field, at: 8}]}"
    result = run_sorcery(tmp_path, PLACES, setup, "[{player: alice, cast: Mantle, at: 8}]")
    assert result["ok"], result["error"]


def test_a_relic_that_must_be_in_a_corner_void_is_refused_elsewhere(tmp_path):
    """'Can and must be conjured in a void corner': any other square is an illegal action."""
    setup = "alice: {hand: [Chest], realm: [{card: Seer, at: 3}, {card: Field, at: 3}]}"
    result = run_sorcery(tmp_path, PLACES, setup, "[{player: alice, cast: Chest, at: 4}]")
    assert not result["ok"] and "must be conjured in a corner" in \
        result["error"]["message"]


def test_directly_in_front_of_this_is_the_one_location_ahead_for_its_controller():
    """'directly in front of this': for alice's card at 8 the location 13, for bob's 3; no
    other location, nor the card's own."""
    g = sorcery_game(CARDS + '''
card "Picket": minion, power 1
  Enemy minions directly in front of this can't move.
''', "<in front test>")
    geo = g.geometry
    mine, theirs = put(g, "Picket", "alice", 8), put(g, "Picket", "bob", 8)
    assert [sq for sq in range(1, 21) if geo.near_on(g, sq, 8, "in front", source=mine)] == [13]
    assert [sq for sq in range(1, 21) if geo.near_on(g, sq, 8, "in front", source=theirs)] == [3]
    edge = put(g, "Picket", "bob", 2)
    assert not any(geo.near_on(g, sq, 2, "in front", source=edge) for sq in range(1, 21))
