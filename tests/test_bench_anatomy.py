"""benchmarks/anatomy.py: its wrappers change no game, and every phase is reached.

The callgrind counts themselves are not run here (valgrind is slow and may be absent); these
tests pin what the counts rest on. The wrappers replace functions' code for a whole process,
so the engine's part runs in a child process of its own.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import load_script

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys
sys.path.insert(0, "benchmarks")
import anatomy, playgame
from cardscript.interpreter.waiting import json_default
from cardscript.rulesets.sorcery import RULESET

def traces():
    return json.dumps([g.trace for g in playgame.play_games(RULESET, 3)],
                      default=json_default)

before = traces()
anatomy.instrument(None)
after = traces()
print(json.dumps({"same": before == after, "calls": anatomy.CALLS}))
"""


def test_wrapped_engine_plays_the_same_games_and_reaches_every_phase():
    """With every phase's functions wrapped, the 3 games' traces are unchanged, and each
    phase of the table is entered (a phase never entered would print a false zero)."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    env.pop("CARDSCRIPT_ANATOMY_GATE", None)
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout
    got = json.loads(out.splitlines()[-1])
    assert got["same"]
    anatomy = load_script("benchmarks/anatomy.py")
    assert set(got["calls"]) == {phase for phase, _title in anatomy.TITLES}
    assert all(n > 0 for n in got["calls"].values()), got["calls"]


def test_hand_written_bytecodes_fall_in_named_phases():
    """The hand-written game's bytecodes are all sorted into phases of the table, and the
    phases it has (all but the engine's own machinery) each get some."""
    load_script("benchmarks/handtrace.py", "handtrace")
    load_script("benchmarks/handgame.py", "handgame")
    anatomy = load_script("benchmarks/anatomy.py")
    counts = anatomy.hand_bytecodes(2)
    titles = {phase for phase, _title in anatomy.TITLES}
    assert set(counts) <= titles
    for phase in ("setup", "cast", "storyline", "loop", "verbs", "checks", "triggers"):
        assert counts.get(phase, 0) > 0, phase
