"""Grand Archive combat (rulesets/grand_archive/combat.py): what its scenarios do not pin by
themselves: the same seed gives the same trace, the steps' order with a retaliation, what an
attack may target, and that nothing is rested by an illegal declaration."""

from __future__ import annotations

from pathlib import Path

from cardscript.scenario.loader import load_scenario, parse_scenario
from cardscript.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
SC = ROOT / "cards/grand_archive/scenarios"


def _run(text: str) -> dict:
    scenario = parse_scenario(text, str(SC / "inline.yaml"))
    return run_scenario(scenario)


BOARD = """
name: inline
ruleset: grand_archive
cards: [cards/combat.cards, cards/opponents.cards]
players: [alice, bob]
setup:
  alice:
    field: [Marrow Hunter, {card: Town Guard, id: own_guard}]
    deck: [Tithe]
  bob:
    field: [Ember Squire, {card: Bastion Warden, id: warden}, Tally Abacus]
"""


def _kinds(result) -> list:
    return [(e["kind"], e["source"]) for e in result["trace"]]


def test_the_same_combat_gives_the_same_trace():
    """A combat with a retaliation and an On Kill, run twice, records the same trace."""
    one = run_scenario(load_scenario(SC / "on_kill_of_a_unit_destroyed_in_the_same_damage_step"
                                          ".yaml"))
    two = run_scenario(load_scenario(SC / "on_kill_of_a_unit_destroyed_in_the_same_damage_step"
                                          ".yaml"))
    assert one["ok"] and one["trace"] == two["trace"]


def test_the_steps_follow_one_another():
    """Declaration, retaliation step, damage step, end of combat: in that order, and nothing
    else when no card triggers (both units live: 3 damage on a life of 4, 2 on a life of 3)."""
    result = _run(BOARD + """
actions:
  - {player: alice, attack: Marrow Hunter, target: warden}
choices:
  - {player: bob, kind: retaliate, answer: true}
""")
    assert result["ok"], result["error"]
    assert _kinds(result) == [("attack", "Marrow Hunter"),
                              ("retaliation_step", "Marrow Hunter"),
                              ("damage_step", "Marrow Hunter"),
                              ("end_of_combat", "Marrow Hunter")]
    state = {c["id"]: c for c in result["state"]["cards"]}
    assert state["warden"]["damage"] == 3 and state["warden"]["tapped"]


def test_an_attack_may_target_only_an_opponents_unit():
    """Neither one's own ally nor an opponent's non-unit object is an attack target; the
    error's hint lists the opponent's units."""
    for target in ("own_guard", "Tally Abacus"):
        result = _run(BOARD + f"""
actions:
  - {{player: alice, attack: Marrow Hunter, target: {target}}}
""")
        assert result["error"]["code"] == "S203"
        assert "Ember Squire" in result["error"]["hint"] and "warden" in result["error"]["hint"]


def test_an_illegal_declaration_rests_nothing():
    """The declaration is checked whole before the attacker rests: after a refused attack the
    attacker is still awake."""
    result = _run(BOARD + """
actions:
  - {player: alice, attack: Marrow Hunter, target: own_guard}
""")
    assert result["error"]["code"] == "S203"
    hunter = next(c for c in result["state"]["cards"] if c["name"] == "Marrow Hunter")
    assert hunter["tapped"] is False


def test_the_end_of_combat_leads_the_triggers_of_the_damage_step():
    """`Game.add_lead` places the end of combat ahead of the triggers made with it (On
    Kill's), and its entry names the rule `leads` that put it there."""
    result = run_scenario(load_scenario(SC / "on_kill_triggers_when_combat_damage_destroys_"
                                             "the_ally.yaml"))
    kinds = [e["kind"] for e in result["trace"]]
    assert kinds == ["attack", "retaliation_step", "damage_step", "end_of_combat", "triggered"]
    end = next(e for e in result["trace"] if e["kind"] == "end_of_combat")
    assert [r["setting"] for r in end["rules"]][-1] == "leads"


def test_only_a_unit_declares_an_attack():
    """An object that is not a unit (an item on the field) cannot attack: S206 says only
    allies and champions do."""
    result = _run(BOARD.replace("field: [Marrow Hunter,", "field: [Tally Abacus, Marrow Hunter,")
                  + """
actions:
  - {player: alice, attack: Tally Abacus, target: warden}
""")
    assert result["error"]["code"] == "S206"
    assert "only units (allies and champions) attack" in result["error"]["message"]
