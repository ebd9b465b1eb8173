"""Gaining Oversized gives the body of four locations (rulesets/sorcery/oversized_gain.py)."""

from __future__ import annotations

from types import SimpleNamespace

from conftest import put, sorcery_game
from cardscript.rulesets.sorcery import durations
from cardscript.rulesets.sorcery.durations import THIS_TURN, expire, grant_for_a_while

CARDS = '''
card "Small": minion, cost 1, power 1

card "Wide": minion, cost 4, power 3
  This minion occupies two sites.

card "Big": minion, cost 6, power 5
  Oversized

card "Glade": site
'''


def _game(sites):
    game = sorcery_game(CARDS, "gain.cards")
    for s in sites:
        put(game, "Glade", "bob", s)
    return game


def _event():
    return SimpleNamespace(did=[], controller="alice", subject=None)


def test_a_unit_with_no_four_sites_about_it_gains_the_keyword_and_stays():
    """No intersection over sites covers its location: the keyword, and one location still."""
    game = _game([7, 8, 12])
    small = put(game, "Small", "alice", 7)
    ev = _event()
    grant_for_a_while(game, ev, small, "oversized", THIS_TURN)
    assert ev.did == ["Small gains oversized this turn", "Small stays on one location"]
    assert game.has_keyword(small, "oversized") and game.geometry.squares(small) == [7]
    assert expire(game, THIS_TURN) == ["Small oversized"]
    assert game.geometry.squares(small) == [7]


def test_a_unit_of_two_sites_grows_over_both_and_takes_its_two_back():
    """A unit across 7 and 8 grows to the intersection covering both (7's, over sites) for
    the turn, and stands across 7 and 8 again as the gain ends."""
    game = _game([2, 3, 7, 8, 12, 13])
    wide = put(game, "Wide", "alice", 7)
    wide.ext["spans"] = "across"
    ev = _event()
    grant_for_a_while(game, ev, wide, "oversized", THIS_TURN)
    assert ev.did[-1] == "Wide stands on 7, 8, 12, 13"
    assert expire(game, THIS_TURN) == ["Wide oversized", "Wide stands on 7, 8"]
    assert game.geometry.squares(wide) == [7, 8] and wide.ext["spans"] == "across"


def test_an_oversized_unit_gaining_the_keyword_again_keeps_its_body():
    """A unit standing at an intersection already neither moves nor shrinks at the end."""
    game = _game([7, 8, 12, 13])
    big = put(game, "Big", "alice", 7)
    big.ext["spans"] = "intersection"
    ev = _event()
    grant_for_a_while(game, ev, big, "oversized", THIS_TURN)
    assert ev.did == ["Big gains oversized this turn"]
    assert not [r for r in durations.lasting(game) if r.change == "grown"]
    expire(game, THIS_TURN)
    assert game.geometry.squares(big) == [7, 8, 12, 13]


def test_a_unit_that_keeps_the_keyword_otherwise_keeps_its_body():
    """Given the keyword for good and for the turn, the unit keeps four locations as the
    turn's gain ends."""
    game = _game([7, 8, 12, 13])
    small = put(game, "Small", "alice", 7)
    grant_for_a_while(game, _event(), small, "oversized", THIS_TURN)
    small.granted.add("oversized")                 # as 'gains Oversized' for good leaves it
    durations.lasting(game)[:] = [r for r in durations.lasting(game) if r.change != "keyword"]
    expire(game, THIS_TURN)
    assert game.geometry.squares(small) == [7, 8, 12, 13]
