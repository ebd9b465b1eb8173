"""Policy is data: the same board under other declared policies resolves differently.

Each test replays a bundled Sorcery scenario with one policy setting changed (the way
another game would declare it) and checks the engine follows the setting, with no code
change: this is what lets a ruleset other than Sorcery run on the same engine.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import cardscript.rulesets as registry
from cardscript.scenario.loader import load_scenario
from cardscript.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
SC = ROOT / "cards/sorcery/scenarios"
SORCERY = registry.get("sorcery")


@pytest.fixture
def play(monkeypatch):
    def run(name, choices=None, **changes):
        rs = dataclasses.replace(SORCERY, policy=SORCERY.policy.replace(**changes))
        monkeypatch.setattr(registry, "get", lambda n: rs)
        sc = load_scenario(SC / name)
        if choices is not None:
            sc.data["choices"] = choices
        result = run_scenario(sc)
        assert result["ok"], result["error"]
        return [(e["source"], e["kind"], e["status"], e["parent"]) for e in result["trace"]]
    return run


MARINER = "mariners_curse_sinks_the_apprentice_wizard.yaml"
ORDER = [{"player": "alice", "kind": "order", "answer": ["Apprentice Wizard", "Bottomless Pit"]}]


def test_sorcery_declared_policy(play):
    """Sorcery's own policy: the non-active player's trigger resolves first; genesis ignored."""
    trace = play(MARINER, ORDER)
    assert trace[1][:3] == ("Mariner's Curse", "triggered", "done")
    assert ("Apprentice Wizard", "genesis", "ignored", None) in trace


def test_active_player_adds_last(play):
    """players_add=active_last: the active player's triggers resolve first."""
    trace = play(MARINER, ORDER, players_add="active_last")
    assert [t[0] for t in trace[1:3]] == ["Apprentice Wizard", "Bottomless Pit"]


def test_active_player_orders_everything(play):
    """trigger_order=active_player: one order question, answered by the active player."""
    choices = [{"player": "alice", "kind": "order",
                "answer": ["Bottomless Pit", "Mariner's Curse", "Apprentice Wizard"]}]
    trace = play(MARINER, choices, trigger_order="active_player")
    assert [t[:3] for t in trace[1:]] == [("Bottomless Pit", "triggered", "done"),
                                          ("Mariner's Curse", "triggered", "done"),
                                          ("Apprentice Wizard", "genesis", "ignored")]


def test_sources_that_left_still_resolve(play):
    """source_left_play=resolve: the genesis of a drowned wizard still resolves."""
    trace = play(MARINER, ORDER, source_left_play="resolve")
    assert ("Apprentice Wizard", "genesis", "done", None) in trace


def test_no_split_reasons_means_one_event(play):
    """split_on=[] : Mariner's Curse resolves as one event, no part 2."""
    trace = play(MARINER, ORDER, split_on=frozenset())
    assert [t for t in trace if t[0] == "Mariner's Curse" and t[3] is not None] == []


def test_then_starts_a_new_part(play):
    """split_on_then: 'then' splits even when nothing entered, left or moved."""
    trace = play(MARINER, ORDER, split_on=frozenset(), split_on_then=True)
    parts = [t for t in trace if t[0] == "Mariner's Curse"]
    assert len(parts) == 2 and parts[1][3] is not None


def test_immediate_movement_puts_no_steps_on_the_storyline(play):
    """movement=immediate: Grapple Shot moves the caravan without move events."""
    trace = play("grapple_shot_caravan.yaml", split_on=frozenset(), movement="immediate")
    assert [t for t in trace if t[1] == "move"] == []
    assert trace[-1][:3] == ("Grapple Shot", "cast", "done")
