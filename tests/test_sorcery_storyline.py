"""The Sorcery scenarios as a whole: byte-for-byte determinism and the runaway-loop error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cardscript.scenario.loader import load_scenario
from cardscript.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "cards" / "sorcery" / "scenarios"

_DIGEST = """
import hashlib, json, sys
from pathlib import Path
from cardscript.scenario.loader import load_scenario
from cardscript.scenario.runner import run_scenario
from cardscript.interpreter.waiting import json_default
for p in sorted(Path(sys.argv[1]).glob("*.yaml")):
    out = json.dumps(run_scenario(load_scenario(p)), sort_keys=True, ensure_ascii=False,
                     default=json_default)
    print(p.name, hashlib.sha256(out.encode()).hexdigest())
"""


def _digests(hash_seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-c", _DIGEST, str(SCENARIOS)], env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout


def test_same_scenario_and_seed_give_the_same_run_in_any_process():
    """Every Sorcery scenario gives the same JSON byte for byte, whatever the hash seed."""
    first, second = _digests("1"), _digests("4242")
    assert first.count("\n") >= 30
    assert first == second


def test_a_runaway_loop_stops_with_an_error_that_names_its_cards():
    """Two cards triggering each other stop at max_steps; the message shows the loop."""
    result = run_scenario(load_scenario(SCENARIOS / "runaway_trigger_loop_stops_at_max_steps.yaml"))
    assert not result["ok"]
    err = result["error"]
    assert err["kind"] == "runtime" and err["code"] == "R102"
    assert "after 40 events" in err["message"]
    assert "Envious Idol (triggered) → Mirror Chalice (triggered)" in err["message"]
    assert "Envious Idol, Mirror Chalice" in err["hint"]
    assert len(result["trace"]) == 40, "the events resolved before the bound are reported"
