"""Resolution rules that a one-line change of the engine or a ruleset must not pass unnoticed.

The scenarios named here pin the rules `scripts/mutants.py` changes (docs/testing.md lists
which scenario pins which rule). This file adds what a scenario's `expect` block cannot say:
that an error scenario fails with its own code (an illegal action, not any error), and that a
policy setting the scenario depends on changes its outcome when declared otherwise.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import cardscript.rulesets as registry
from cardscript.scenario.loader import load_scenario
from cardscript.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"


def _run(path: Path, monkeypatch=None, **policy) -> dict:
    """Run a bundled scenario, under its ruleset's policy with `policy` changed."""
    sc = load_scenario(path)
    if policy:
        rs = registry.get(sc.data["ruleset"])
        changed = dataclasses.replace(rs, policy=dataclasses.replace(rs.policy, **policy))
        monkeypatch.setattr(registry, "get", lambda name: changed)
    return run_scenario(sc)


def _entries(result, **fields) -> list:
    return [e for e in result["trace"] if all(e.get(k) == v for k, v in fields.items())]


@pytest.mark.parametrize("name", ["an_exhausted_creature_cannot_be_used.yaml",
                                  "errors/a_creature_set_up_exhausted_cannot_reap.yaml"])
def test_an_exhausted_creature_is_refused_as_an_illegal_action(name):
    """Using an exhausted KeyForge creature stops the run with S206 naming the exhaustion."""
    result = _run(CARDS / "keyforge" / "scenarios" / name)
    assert result["ok"] is False
    assert result["error"]["code"] == "S206"
    assert result["error"]["message"] == "illegal action: Seed Reaper is exhausted"


def test_a_ready_creature_is_not_refused():
    """The same creature, ready, fights: the exhaustion check refuses only exhausted ones."""
    result = _run(CARDS / "keyforge" / "scenarios" / "a_ready_creature_can_fight.yaml")
    assert result["ok"], result["error"]
    assert _entries(result, kind="fight", source="Seed Reaper", status="done")


def test_keyforge_ignores_an_effect_whose_creature_left():
    """Under KeyForge's `source_left_play: ignore` the destroyed Keeper's effect is ignored."""
    result = _run(CARDS / "keyforge" / "scenarios" /
                  "an_effect_whose_creature_was_destroyed_is_ignored.yaml")
    assert [e["status"] for e in _entries(result, source="Grudge Keeper")] == ["ignored"]
    assert result["state"]["players"]["alice"]["counters"]["aember"] == 2


def test_keyforge_board_under_resolve_lets_the_effect_happen(monkeypatch):
    """Declared `resolve` instead, the same board lets the Keeper's effect take the aember."""
    result = _run(CARDS / "keyforge" / "scenarios" /
                  "an_effect_whose_creature_was_destroyed_is_ignored.yaml",
                  monkeypatch, source_left_play="resolve")
    assert [e["status"] for e in _entries(result, source="Grudge Keeper")] == ["done"]
    assert result["state"]["players"]["alice"]["counters"]["aember"] == 1


STEPS = CARDS / "sorcery" / "scenarios" / "steps_laid_out_go_on_after_their_source_dies.yaml"


def test_sorcery_steps_of_a_split_go_on_after_the_source_left():
    """Sorcery's `ignore_unless_split`: the step a split inserted resolves after its source died."""
    result = _run(STEPS)
    steps = _entries(result, kind="move", parent=1)
    assert [(e["to"], e["status"]) for e in steps] == [(13, "done"), (14, "done")]


def test_split_inserts_are_ignored_under_ignore(monkeypatch):
    """`ignore`: the same inserted step is ignored once its source left; the unit stays at 13."""
    result = _run(STEPS, monkeypatch, source_left_play="ignore")
    steps = _entries(result, kind="move", parent=1)
    assert [e["status"] for e in steps] == ["done", "ignored"]
    iseult = [c for c in result["state"]["cards"] if c["name"] == "Lady Iseult"][0]
    assert iseult["at"] == 13


def test_a_new_incarnation_does_not_revive_an_old_trigger(monkeypatch):
    """Under `resolve` the Collector's trigger resolves; the default ignores it (a new card)."""
    path = CARDS / "sorcery" / "scenarios" / "a_card_that_left_and_came_back_is_a_new_card.yaml"
    assert [e["status"] for e in _entries(_run(path), source="Tithe Collector")] == ["ignored"]
    resolved = _run(path, monkeypatch, source_left_play="resolve")
    assert [e["status"] for e in _entries(resolved, source="Tithe Collector")] == ["done"]


def test_state_checks_for_a_batch_are_those_waiting_for_its_kinds_in_order():
    """Game._checks_for: a batch's kinds call the checks that wait for any of them (or for
    every batch), in the ruleset's order, and the answer is kept per set of kinds."""
    from conftest import sorcery_game
    game = sorcery_game('card "Plain": site\n', "checks.cards")
    for kinds in (frozenset({"damage"}), frozenset({"enter_play", "stats"}), frozenset()):
        want = tuple((c, game._needs[c]) for c, w in game._checks
                     if w is None or not w.isdisjoint(kinds))
        assert game._checks_for(kinds) == want
        assert game._checks_for(kinds) is game._checks_for(kinds)
    assert game._checks_for(frozenset({"damage"}))          # Sorcery's lethal damage waits
    assert not game._checks_for(frozenset({"no such happening"})) or \
        all(w is None for _, w in game._checks)


def test_a_check_that_needs_an_effect_or_a_slot_is_called_only_while_one_is_there():
    """checks.after(statics=, slots=): the engine skips the check while no such ongoing
    effect is in play and no such slot holds anything, and calls it once one does."""
    from conftest import sorcery_game
    from cardscript.interpreter.checks import after
    game = sorcery_game('card "Plain": site\n'
                        'card "Banner": minion, cost 0, power 1\n'
                        '  Allied minions have airborne.\n', "checks.cards")
    calls = []

    @after("counter", statics=("grant",), slots=("tally",))
    def tally(g):
        calls.append(len(g.batch))

    game._checks.append((tally, tally.after))
    game._needs[tally] = tally.needs
    game._check_kinds = (game._check_kinds or frozenset()) | {"counter"}
    game._checks_by_kinds.clear()
    game.counter_add("alice", "life", 1)
    game.commit()
    assert calls == []                       # neither there: not called
    game.slot("tally", list).append(1)
    game.counter_add("alice", "life", 1)
    game.commit()
    assert calls == [1]                      # the slot holds something
    game.set_slot("tally", [])
    banner = game.state.new_card(game.templates["Banner"], "alice")
    game.state.put(banner, game.policy.play_zones[0])
    game.counter_add("alice", "life", 1)
    game.commit()
    assert calls == [1, 1]                   # an ongoing effect of the kind is in play
