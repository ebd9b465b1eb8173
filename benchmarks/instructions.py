"""Instructions a storyline event of the played game, engine and hand-written floor alike.

    python benchmarks/instructions.py              # 40 games each (needs valgrind)
    python benchmarks/instructions.py --games 10

Counted as benchmarks/README.md describes for the engine: `valgrind --tool=callgrind` runs
the real Python binary (a version manager's shim is a shell script, so `sys.executable` is
resolved through `realpath`), once over the workload and once stopping just before it, with
`PYTHONHASHSEED=0` and a `CARDSCRIPT_CACHE` of its own, warmed first; the difference divided
by the events played. Both runs import everything and build the cards (the engine's compiled
templates, the floor's strings) before the point where one of them stops; the collector is
paused over the games on both sides, as `Game.run` pauses it and the benchmark's rows do.
Three workloads: the engine (`playgame.py`), the hand-written game (`handgame.py`) and that
game with its trace recording replaced by nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# Run inside valgrind: argv = workload, games, "run" or "stop".
WORKLOAD = """
import gc, sys
sys.path.insert(0, {here!r})
import handgame, playgame
from cardscript.rulesets.sorcery import RULESET
which, games, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
playgame.templates(RULESET)
handgame.play(1, record=False)            # its strings and templates made, as the engine's
if mode == "run":
    gc.disable()
    if which == "engine":
        n = sum(len(g.trace) for g in playgame.play_games(RULESET, games))
    elif which == "hand":
        n = sum(len(t) for t in handgame.play_games(games))
    else:
        n = sum(handgame.play_games(games, record=False))
    print("events", n)
"""

WORKLOADS = {"engine": "the engine (playgame.py)", "hand": "hand-written (handgame.py)",
             "bare": "hand-written, no trace recorded"}


def instructions(which: str, games: int, mode: str, env: dict) -> tuple[int, int]:
    """(instructions, events printed) of one run under callgrind."""
    python = os.path.realpath(sys.executable)
    with tempfile.TemporaryDirectory(prefix="cardscript-callgrind-") as tmp:
        out = Path(tmp) / "callgrind.out"
        proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               python, "-c", WORKLOAD.format(here=str(HERE)), which,
                               str(games), mode],
                              cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        found = re.search(r"Collected : (\d+)", proc.stderr)
        if found is None:
            raise SystemExit("callgrind gave no count:\n" + proc.stderr[-2000:])
        events = re.search(r"events (\d+)", proc.stdout)
        return int(found.group(1)), int(events.group(1)) if events else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games, seeds 1 to N (default 40)")
    ap.add_argument("--only", action="append", choices=sorted(WORKLOADS),
                    help="one workload alone (repeatable)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cardscript-cache-") as cache:
        env = {**os.environ, "PYTHONHASHSEED": "0", "CARDSCRIPT_CACHE": cache}
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
        subprocess.run([sys.executable, "-c", WORKLOAD.format(here=str(HERE)), "engine", "1",
                        "run"], cwd=ROOT, env=env, check=True, capture_output=True)  # warm
        for which in args.only or WORKLOADS:
            total, events = instructions(which, args.games, "run", env)
            before, _ = instructions(which, args.games, "stop", env)
            print(f"{WORKLOADS[which]:34} {(total - before) / events:>12,.0f} instructions an "
                  f"event ({events:,} events, {args.games} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
