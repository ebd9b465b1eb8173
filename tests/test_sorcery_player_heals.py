"""A player who heals (rulesets/sorcery/player_heals.py): 'you heal N' up to the most life
they can have, nothing at Death's Door, and the gain of life it reports."""

from __future__ import annotations

import pytest

from conftest import run_sorcery

CARDS = '''
card "Field": site
card "Seer": avatar, power 1, life 20
card "Mend": magic, cost 0
  You heal 3.
card "Bolt": magic, cost 0
  Deal 5 damage to target avatar.
card "Cup": magic, cost 0
  Heal target minion.
card "Mole": minion, cost 0, power 3
'''


def _life(result, player="alice"):
    return result["state"]["players"][player]["counters"]["life"]


@pytest.mark.parametrize("life,after", [(10, 13), (18, 20), (20, 20)])
def test_a_player_heals_up_to_their_most_life(tmp_path, life, after):
    """From 10, 3 more; from 18, only to 20; at 20, nothing."""
    setup = (f"alice: {{life: {life}, hand: [Mend], realm: [{{card: Seer, at: 3}}, "
             "{card: Field, at: 3}]}")
    result = run_sorcery(tmp_path, CARDS, setup, "[{player: alice, cast: Mend}]")
    assert result["ok"], result["error"]
    assert _life(result) == after


def test_at_deaths_door_a_player_heals_nothing(tmp_path):
    """Bob's bolt puts alice at Death's Door (life 0); her heal then changes nothing."""
    setup = ("alice: {life: 5, hand: [Mend], realm: [{card: Seer, at: 3}, {card: Field, at: 3}]}"
             "\nbob: {hand: [Bolt], realm: [{card: Seer, at: 18}, {card: Field, at: 18}]}")
    result = run_sorcery(tmp_path, CARDS, setup,
                         "[{player: bob, cast: Bolt, target: Seer}, {player: alice, cast: Mend}]")
    assert result["ok"], result["error"]
    assert _life(result) == 0
    assert result["trace"][-1]["did"] == ("alice heals nothing: alice's life cannot rise",)


def test_without_an_avatar_life_is_only_a_counter(tmp_path):
    """A storyline scenario with no avatar: the heal adds its number."""
    result = run_sorcery(tmp_path, CARDS, "alice: {life: 20, hand: [Mend]}",
                         "[{player: alice, cast: Mend}]")
    assert result["ok"], result["error"]
    assert _life(result) == 23


def test_heal_of_a_minion_is_still_the_minions(tmp_path):
    """'Heal target minion' keeps its own verb: the minion's damage goes."""
    setup = ("alice: {hand: [Cup], realm: [{card: Seer, at: 3}, {card: Field, at: 3}, "
             "{card: Mole, at: 3, damage: 2}]}")
    result = run_sorcery(tmp_path, CARDS, setup, "[{player: alice, cast: Cup, target: Mole}]")
    assert result["ok"], result["error"]
    mole = next(c for c in result["state"]["cards"] if c["name"] == "Mole")
    assert mole["damage"] == 0 and _life(result) == 20
