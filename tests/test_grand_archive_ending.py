"""A Grand Archive champion's life (rulesets/grand_archive/ending.py): what its scenarios do
not pin by themselves: damage below the life leaves the champion and the game alone, a
champion with no life printed never dies of damage, and the same death gives the same trace."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from cardscript.scenario.loader import load_scenario, parse_scenario
from cardscript.rulesets.grand_archive.ending import lethal
from cardscript.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
SC = ROOT / "cards/grand_archive/scenarios"


def _run(text: str) -> dict:
    return run_scenario(parse_scenario(text, str(SC / "inline.yaml")))


def _volley(champion: str, cards: str = "[cards/champions.cards]") -> str:
    return f"""
name: inline
ruleset: grand_archive
cards: {cards}
players: [alice, bob]
setup:
  alice:
    hand: [Cinder Volley]
  bob:
    field: [{champion}]
actions:
  - {{player: alice, activate: Cinder Volley}}
"""


def test_damage_one_short_of_the_life_leaves_the_champion():
    """14 damage on a life of 15: the champion stays on the field and the game goes on."""
    result = _run(_volley("{card: Ember Squire, damage: 10}"))
    assert result["ok"], result["error"]
    squire = next(c for c in result["state"]["cards"] if c["name"] == "Ember Squire")
    assert squire["zone"] == "field" and squire["damage"] == 14
    assert not result["state"]["over"] and result["state"]["winner"] is None
    assert all(e["kind"] != "game_over" for e in result["trace"])


def test_damage_equal_to_the_life_is_enough():
    """15 damage on a life of 15 kills: the life is reached, not only passed."""
    result = _run(_volley("{card: Ember Squire, damage: 11}"))
    assert result["ok"], result["error"]
    assert result["state"]["over"] and result["state"]["winner"] == "alice"
    assert result["trace"][-1]["kind"] == "game_over"


def test_a_champion_without_a_life_never_dies_of_damage():
    """A champion printed without a life has none for its damage to reach."""
    def champion(damage, **stats):
        return SimpleNamespace(damage=damage, tpl=SimpleNamespace(stats=stats))
    assert not lethal(champion(30))
    assert lethal(champion(15, life=15)) and not lethal(champion(14, life=15))


def test_the_same_death_gives_the_same_trace():
    """A champion killed in combat, run twice, records the same trace, game_over included."""
    path = SC / "a_champion_dies_of_combat_damage_and_its_player_loses.yaml"
    one, two = run_scenario(load_scenario(path)), run_scenario(load_scenario(path))
    assert one["ok"] and one["trace"] == two["trace"]
