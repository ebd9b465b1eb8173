"""Sorcery's walls: auras on the border two sites share (rulesets/sorcery/walls.py)."""

from __future__ import annotations

import pytest

from conftest import play_sorcery, put, run_sorcery, sorcery_game
from cardscript.rulesets.sorcery.setup import spans_problem
from cardscript.rulesets.sorcery.walls import border_of, holding_wall

CARDS = '''
card "Field": site
card "Thorns": aura, cost 1
  This must be conjured onto the border of one of your sites.
  Minions passing through this are dealt 2 damage.
card "Pane": aura, cost 1
  Must be conjured on the border of a site you control.
  Units can't traverse this on the ground.
card "Bar": aura, cost 1
  Must be conjured on the border of a site you control.
  Enemy minions can't pass through this.
card "Mist": aura, cost 1
card "Walker": minion, power 3
card "Flier": minion, power 3
  Airborne
card "Digger": minion, power 3
  Burrowing
'''


@pytest.fixture
def game():
    return sorcery_game(CARDS, "<walls test>")


def _wall(game, name, owner, at, spans):
    wall = put(game, name, owner, at)
    wall.ext["spans"] = spans
    return wall


def test_a_wall_stands_on_the_border_of_its_two_squares(game):
    """spans across: the square and the one east; down: the one south; none or an
    intersection: no border at all."""
    assert border_of(_wall(game, "Pane", "alice", 7, "across")) == {7, 8}
    assert border_of(_wall(game, "Pane", "alice", 7, "down")) == {7, 12}
    assert border_of(_wall(game, "Pane", "alice", 7, "intersection")) is None
    assert border_of(put(game, "Pane", "alice", 7)) is None


def test_a_wall_holding_wall_ground_units_at_its_border_only(game):
    """'on the ground': a walking minion is held on the wall's border, either way, not on
    another border; an Airborne one and one beneath the site pass."""
    _wall(game, "Pane", "bob", 7, "across")
    walker, flier = put(game, "Walker", "alice", 8), put(game, "Flier", "alice", 8)
    digger = put(game, "Digger", "alice", 8)
    digger.ext["region"] = "underground"
    assert holding_wall(game, walker, 8, 7) and holding_wall(game, walker, 7, 8)
    assert not holding_wall(game, walker, 8, 13)
    assert not holding_wall(game, flier, 8, 7)
    assert not holding_wall(game, digger, 8, 7)


def test_a_wall_holding_wall_only_the_units_its_words_name(game):
    """'Enemy minions can't pass through this': the wall's own controller's minion passes."""
    _wall(game, "Bar", "bob", 7, "across")
    assert holding_wall(game, put(game, "Walker", "alice", 8), 8, 7)
    assert not holding_wall(game, put(game, "Walker", "bob", 8), 8, 7)


def test_an_aura_may_stand_on_a_border_and_an_artifact_may_not():
    """A setup's spans: across or down is a place for an aura, never for a relic."""
    assert spans_problem("aura", 7, "across") is None
    assert spans_problem("aura", 7, "down") is None
    assert spans_problem("artifact", 7, "across") is not None
    assert spans_problem("aura", 5, "across") is not None        # no square east of 5


def test_a_wall_cast_to_one_square_is_an_illegal_action(tmp_path):
    """A wall's text puts it on a border: a cast without spans: across or down is S206."""
    result = run_sorcery(tmp_path, CARDS, "alice: {hand: [Thorns], realm: [{card: Field, at: 7}]}",
                         "[{player: alice, cast: Thorns, at: 7}]")
    assert not result["ok"] and result["error"]["code"] == "S206"
    assert "names no border" in result["error"]["message"]


def test_an_aura_with_no_border_in_its_text_is_not_cast_to_one(tmp_path):
    """Only an aura whose text says it must be conjured on a border is cast to one."""
    result = run_sorcery(tmp_path, CARDS, "alice: {hand: [Mist], realm: [{card: Field, at: 7}]}",
                         "[{player: alice, cast: Mist, at: 7, spans: across}]")
    assert not result["ok"] and "is not conjured on a border" in result["error"]["message"]


def test_a_unit_passing_beneath_a_wall_is_dealt_no_damage(tmp_path):
    """A burrowed minion moving underground across the border passes under the wall."""
    setup = """
alice:
  realm:
    - {card: Field, at: 7}
    - {card: Field, at: 8}
    - {card: Thorns, at: 7, spans: across}
bob:
  realm:
    - {card: Digger, at: 8, region: underground}
    - {card: Walker, at: 8}
"""
    result = play_sorcery(tmp_path, CARDS, setup, """
- {player: bob, move: Digger, to: 7, region: underground}
- {player: bob, move: Walker, to: 7}
""")
    dealt = [e for e in result["trace"] if e["kind"] == "passing through"]
    assert [list(e["did"]) for e in dealt] == [["2 damage to Walker (passed through Thorns)"]]


def test_a_unit_pushed_into_a_wall_stops_before_it(tmp_path):
    """Traversing by force is traversing too: a unit pushed across the wall's border stays."""
    cards = CARDS + '''
card "Ram": minion, power 3
  Tap → Push target enemy minion one step.
'''
    setup = """
alice:
  realm:
    - {card: Field, at: 7}
    - {card: Field, at: 8}
    - {card: Field, at: 9}
    - {card: Bar, at: 7, spans: across}
    - {card: Ram, at: 9}
bob:
  realm:
    - {card: Walker, at: 8}
"""
    result = play_sorcery(tmp_path, cards, setup, "[{player: alice, activate: Ram, target: Walker}]")
    walker = next(c for c in result["state"]["cards"] if c["name"] == "Walker")
    assert walker["at"] == 8
    assert any("held back at 8 by Bar" in d for e in result["trace"] for d in e["did"])


def test_the_wall_deals_its_damage_before_the_next_step(tmp_path):
    """The wall's event goes ahead of the rest of the move: a minion it kills takes no more
    steps."""
    cards = CARDS + '''
card "Runner": minion, power 2
  Movement +1
'''
    setup = """
alice:
  realm:
    - {card: Field, at: 6}
    - {card: Field, at: 7}
    - {card: Field, at: 8}
    - {card: Thorns, at: 7, spans: across}
bob:
  realm:
    - {card: Runner, at: 8}
"""
    result = play_sorcery(tmp_path, cards, setup, "[{player: bob, move: Runner, to: 6}]")
    kinds = [(e["kind"], e["status"]) for e in result["trace"]]
    assert ("passing through", "done") in kinds
    runner = next(c for c in result["state"]["cards"] if c["name"] == "Runner")
    assert runner["zone"] == "cemetery"
    moved = [d for e in result["trace"] for d in e["did"] if "moves 7 → 6" in d]
    assert moved == []
