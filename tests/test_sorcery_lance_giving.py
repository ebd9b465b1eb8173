"""A lance given and a Lance gained (rulesets/sorcery/lance_giving.py, lance.py `gained`): the
lance changes bearer only between units standing together; a minion gaining the keyword in
the realm takes up one lance, and none when it had the keyword already."""

from __future__ import annotations

from conftest import put, sorcery_game
from cardscript.rulesets.sorcery import durations, lance
from cardscript.rulesets.sorcery.lance_giving import hand_over

CARDS = '''
card "Field": site
card "Lance": token artifact
  Lance
card "Rider": minion mortal, cost 2, power 2
  Lance
card "Footman": minion mortal, cost 1, power 2
card "Seer": avatar, power 1
'''


class _Event:
    """What `grant_for_a_while` reads of the event resolving."""

    controller = "alice"

    def __init__(self):
        self.did = []


def _game():
    game = sorcery_game(CARDS, "lance.cards")
    put(game, "Field", "alice", 8)
    put(game, "Field", "alice", 9)
    return game


def _lances(game):
    return [c for c in game.state.in_zones(["realm"]) if c.name == "Lance"]


def test_a_lance_is_handed_to_a_unit_at_the_givers_location():
    """The lance changes bearer and player; the giver carries nothing after."""
    game = _game()
    rider, foot = put(game, "Rider", "alice", 8), put(game, "Footman", "bob", 8)
    game.commit()
    (given,) = _lances(game)
    assert hand_over(game, rider, foot) == "Rider gives its Lance to Footman"
    assert given.ext["carried_by"] is foot and given.controller == "bob"
    assert lance.lance_of(game, rider) is None and lance.lance_of(game, foot) is given


def test_a_unit_elsewhere_takes_no_lance():
    """A unit at another location gets nothing: the giver keeps its lance, and says why."""
    game = _game()
    rider, foot = put(game, "Rider", "alice", 8), put(game, "Footman", "alice", 9)
    game.commit()
    said = hand_over(game, rider, foot)
    assert said == "Rider keeps its Lance: Footman does not stand at its location"
    assert lance.lance_of(game, foot) is None and lance.lance_of(game, rider) is not None


def test_a_unit_without_a_lance_gives_none():
    """A giver carrying no lance gives nothing, and the step says so."""
    game = _game()
    a, b = put(game, "Footman", "alice", 8), put(game, "Footman", "alice", 8)
    assert hand_over(game, a, b) == "Footman carries no lance to give"


def test_gaining_lance_in_the_realm_takes_up_one_lance():
    """A minion without Lance gains it: one new lance, carried by it; gaining it again
    (it has it now) takes up no second one."""
    game = _game()
    foot = put(game, "Footman", "alice", 8)
    durations.grant_for_a_while(game, _Event(), foot, lance.KEYWORD, durations.THIS_TURN)
    assert [c.ext["carried_by"] for c in _lances(game)] == [foot]
    durations.grant_for_a_while(game, _Event(), foot, lance.KEYWORD, durations.THIS_TURN)
    assert len(_lances(game)) == 1


def test_a_printed_lancer_gaining_lance_takes_up_none():
    """A minion with Lance printed already has the keyword: gaining it adds no lance."""
    game = _game()
    rider = put(game, "Rider", "alice", 8)
    game.commit()
    durations.grant_for_a_while(game, _Event(), rider, lance.KEYWORD, durations.THIS_TURN)
    assert len(_lances(game)) == 1


def test_an_avatar_gaining_lance_takes_up_none():
    """The keyword brings a lance to a minion (the codex's Lance is a minion's): an avatar
    gaining it takes up none, and another keyword brings nothing."""
    game = _game()
    seer, foot = put(game, "Seer", "alice", 8), put(game, "Footman", "alice", 8)
    durations.grant_for_a_while(game, _Event(), seer, lance.KEYWORD, durations.THIS_TURN)
    durations.grant_for_a_while(game, _Event(), foot, "airborne", durations.THIS_TURN)
    assert _lances(game) == []
