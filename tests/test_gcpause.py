"""The garbage-collector pause used by batch parses, compiles and game runs."""

from __future__ import annotations

import gc

import pytest

from cardscript.gcpause import gc_paused


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_pause_turns_the_collector_off_and_back_on(collector_on):
    """Inside the pause the collector is off; after it, on again."""
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_nested_pauses_restore_only_at_the_outermost(collector_on):
    """An inner pause (a game run inside a scenario action) leaves the collector off."""
    with gc_paused():
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_disabled_collector_stays_disabled():
    """A program that turned the collector off keeps it off after a pause."""
    was = gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


def test_an_error_inside_still_restores(collector_on):
    """An exception inside the pause (a bad scenario) still turns the collector back on."""
    with pytest.raises(ValueError):
        with gc_paused():
            raise ValueError("bad input")
    assert gc.isenabled()


def test_objects_made_inside_are_kept(collector_on):
    """Pausing only delays collection: what the batch made is the same afterwards."""
    with gc_paused():
        made = [{"n": i} for i in range(1000)]
    gc.collect()
    assert [d["n"] for d in made] == list(range(1000))


def test_a_game_run_leaves_the_collector_on(collector_on):
    """Playing a scenario (its storyline runs paused) leaves the collector as it found it."""
    from pathlib import Path

    from cardscript.scenario.loader import load_scenario
    from cardscript.scenario.runner import run_scenario
    path = Path(__file__).parents[1] / "cards" / "sorcery" / "scenarios" / \
        "mariners_curse_sinks_the_apprentice_wizard.yaml"
    result = run_scenario(load_scenario(path))
    assert result["ok"]
    assert gc.isenabled()
