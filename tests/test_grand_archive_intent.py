"""An attack card's combat (rulesets/grand_archive/intent.py): what its scenarios do not pin by
themselves: activated by `activate:` as well as `attack:`, its target question offers only what
an opponent controls, and the same attack gives the same trace."""

from __future__ import annotations

from pathlib import Path

from cardscript.scenario.loader import load_scenario, parse_scenario
from cardscript.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
SC = ROOT / "cards/grand_archive/scenarios"

BOARD = """
name: inline
ruleset: grand_archive
players: [alice, bob]
setup:
  alice:
    hand: [Sudden Strike]
    field: [Ember Squire, Town Guard]
  bob:
    field: [{card: Town Guard, id: bobs_guard}, Cinder Captain]
"""


def _run(text: str) -> dict:
    return run_scenario(parse_scenario(text, str(SC / "inline.yaml")))


def test_an_attack_card_activated_by_name_attacks_too():
    """`activate:` of an attack card reaches the same combat as `attack:`."""
    result = _run(BOARD + """
actions:
  - {player: alice, activate: Sudden Strike}
choices:
  - {player: alice, kind: target, answer: Cinder Captain}
""")
    assert result["ok"], result["error"]
    kinds = [e["kind"] for e in result["trace"]]
    assert kinds == ["activation", "retaliation_step", "damage_step", "end_of_combat"]
    captain = next(c for c in result["state"]["cards"] if c["name"] == "Cinder Captain")
    assert captain["damage"] == 2


def test_the_target_question_offers_only_what_an_opponent_controls():
    """The legal answers are bob's two units, never alice's own Town Guard."""
    result = _run(BOARD + """
actions:
  - {player: alice, attack: Sudden Strike}
choices:
  - {player: alice, kind: target, answer: nobody}
""")
    assert not result["ok"] and result["error"]["code"] == "S302"
    assert result["error"]["hint"] == "legal answers: bobs_guard, Cinder Captain"


def test_the_same_attack_card_combat_gives_the_same_trace():
    """An attack card's combat with a retaliation, run twice, records the same trace."""
    path = SC / "sudden_strike_starts_combat_on_your_turn.yaml"
    one, two = run_scenario(load_scenario(path)), run_scenario(load_scenario(path))
    assert one["ok"] and one["trace"] == two["trace"]
