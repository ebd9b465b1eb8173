"""The hand-written played game (benchmarks/handgame.py) writes the engine's trace, byte for byte.

It is the floor the benchmark row "vs hand-written game" compares the engine with, and it is
a fair floor only while it plays the same games: these tests hold it to that. No timings here:
speed is measured by benchmarks/run.py, not asserted by tests.
"""

from __future__ import annotations

import json

import pytest

from conftest import load_script
from cardscript.interpreter.waiting import json_default

SEEDS = range(1, 41)                  # the benchmark's workload: playgame.play_games(RULESET, 40)


@pytest.fixture(scope="module")
def bench():
    """(playgame, handgame), loaded as the benchmark loads them."""
    load_script("benchmarks/handtrace.py", "handtrace")      # handgame imports it by name
    return load_script("benchmarks/playgame.py"), load_script("benchmarks/handgame.py")


@pytest.fixture(scope="module")
def engine_traces(bench):
    """The engine's trace of each seed, as compact JSON (run.py's `size()` writes the same)."""
    from cardscript.rulesets.sorcery import RULESET
    playgame, _ = bench
    return {seed: _json(playgame.play(RULESET, seed).trace) for seed in [*SEEDS, 41]}


def _json(trace) -> str:
    return json.dumps(list(trace), default=json_default, separators=(",", ":"),
                      ensure_ascii=False)


def test_hand_written_trace_is_the_engines(bench, engine_traces):
    """For seeds 1-40 every entry and every field of the hand-written trace is the engine's."""
    _, handgame = bench
    for seed in SEEDS:
        assert _json(handgame.play(seed)) == engine_traces[seed], f"seed {seed}"


def test_the_workload_is_the_benchmarks(bench, engine_traces):
    """The 40 games are those the row measures: 9,490 events, each game ended by life."""
    _, handgame = bench
    traces = handgame.play_games(40)
    assert sum(len(t) for t in traces) == sum(len(json.loads(engine_traces[s])) for s in SEEDS)
    assert all(t[-1]["kind"] == "game_over" for t in traces)
    kinds = {e["kind"] for t in traces for e in t}
    assert kinds == {"cast", "game_over", "genesis", "triggered"}
    assert any(e["status"] == "ignored" for t in traces for e in t)
    assert any(e.get("split") == "leave_play" for t in traces for e in t)


def test_a_changed_seed_plays_another_game(bench, engine_traces):
    """Another seed gives another trace, still the engine's: the program plays, it does not
    replay a recording."""
    _, handgame = bench
    other = _json(handgame.play(41))
    assert other != _json(handgame.play(1))
    assert other == engine_traces[41]


def test_without_the_trace_the_same_events_are_counted(bench):
    """`record=False` plays the same games: as many events as the trace has entries."""
    _, handgame = bench
    assert handgame.play_games(40, record=False) == [len(t) for t in handgame.play_games(40)]


def test_draws_without_the_shortcut_are_the_same(bench, engine_traces, monkeypatch):
    """Where `getrandbits` would not replay `Random.choice`, the game calls `choice` itself
    and plays the same games."""
    _, handgame = bench
    monkeypatch.setattr(handgame, "FAST_DRAWS", False)
    for seed in (1, 2, 3):
        assert _json(handgame.play(seed)) == engine_traces[seed], f"seed {seed}"
    assert handgame._replays_choice() is True      # this CPython: the shortcut is taken
