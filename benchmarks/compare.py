"""Parse+compile and storyline speed of this tree against another revision, in one run.

    python benchmarks/compare.py REV [--rounds N] [--games N] [--cards N] [--repeat K]

REV is checked out into a temporary folder (`git worktree add --detach`, removed at the end);
each side then runs the same two workloads in fresh processes, alternating sides so that a
burst of other work on the machine hits both alike: the generated pool parsed and compiled
(this tree's `cardgen.generate_files`, the same text on both sides, collector paused), and the long generated game of
`storyline.py`, and the games that resemble play of `playgame.py` (seeds 1 to `--games`).
Each figure is the best of `--repeat` timings in CPU time. The table gives
both sides and the change, which is what a restructuring "with no change in speed" is held to.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Run inside each tree: its own sources and its own benchmark modules, nothing else.
WORKLOAD = r"""
import gc, sys, time
tree, what, n, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sys.path[:0] = [tree + "/src", tree + "/benchmarks"]
from cardscript import rulesets
rs = rulesets.get("sorcery")
best = 0.0
if what == "parse+compile":
    import json
    from cardscript.compiler import compile_files
    from cardscript.grammar import parse_many
    with open(sys.argv[5], encoding="utf-8") as f:
        files = [(text, path) for path, text in json.load(f)]
    for _ in range(repeat):
        gc.disable()
        t = time.process_time()
        compile_files(parse_many(files), rs.language)
        dt = time.process_time() - t
        gc.enable()
        best = max(best, n / dt)
elif what == "played game":
    import playgame
    playgame.play_games(rs, 2)
    for _ in range(repeat):
        t = time.process_time()
        games = playgame.play_games(rs, n)
        dt = time.process_time() - t
        best = max(best, sum(len(g.trace) for g in games) / dt)
else:
    import storyline
    storyline.play(rs, 3)
    for _ in range(repeat):
        t = time.process_time()
        game = storyline.play(rs, n)
        dt = time.process_time() - t
        best = max(best, len(game.trace) / dt)
print(best)
"""


def measure(tree: Path, what: str, n: int, repeat: int, pool: Path) -> float:
    """The best rate of one workload in a fresh process, importing only `tree`'s code."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/"),
           "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", WORKLOAD, str(tree), what, str(n), str(repeat),
                          str(pool)],
                         capture_output=True, text=True, env=env, cwd=tree, check=True)
    return float(out.stdout.split()[-1])


def main(argv=None) -> int:
    """Print the table; exit 0."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the revision to compare against (a commit, tag or branch)")
    ap.add_argument("--cards", type=int, default=1500, help="generated cards parsed and compiled")
    ap.add_argument("--rounds", type=int, default=60, help="rounds of the generated game")
    ap.add_argument("--games", type=int, default=20, help="played games (playgame.py)")
    ap.add_argument("--repeat", type=int, default=5, help="timings per process (best kept)")
    ap.add_argument("--pairs", type=int, default=2, help="alternating runs of each side")
    args = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="cardscript-compare-"))
    other = work / "tree"
    # Both sides parse the very same text: this tree's generator makes it once.
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import cardgen
    pool = work / "pool.json"
    pool.write_text(json.dumps(cardgen.generate_files(args.cards)), encoding="utf-8")
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                    str(other), args.rev], check=True)
    try:
        rows = []
        for what, n, unit in (("parse+compile", args.cards, "cards/s"),
                              ("storyline", args.rounds, "events/s"),
                              ("played game", args.games, "events/s")):
            theirs = ours = 0.0
            for _ in range(args.pairs):
                theirs = max(theirs, measure(other, what, n, args.repeat, pool))
                ours = max(ours, measure(ROOT, what, n, args.repeat, pool))
            rows.append((what, theirs, ours, unit))
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)],
                       check=False)
        shutil.rmtree(work, ignore_errors=True)
    print(f"{'measure':<15} {args.rev[:12]:>14} {'this tree':>14}  change")
    for what, theirs, ours, unit in rows:
        print(f"{what:<15} {theirs:>14,.0f} {ours:>14,.0f}  {(ours / theirs - 1) * 100:+.1f}%"
              f"  ({unit})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
