"""cardscript benchmarks: each figure beside a baseline measured in the same run.

    python benchmarks/run.py            # full run (about a minute on 2 cores)
    python benchmarks/run.py --quick    # a short run (smaller pool and game, fewer repeats)
    python benchmarks/run.py --json     # the same figures as JSON
    python benchmarks/run.py --check    # exit 1 if a figure misses its target
    python benchmarks/run.py --only memory   # one group of rows alone (repeatable)

Rows (see benchmarks/README.md):

  parse+compile   cards/s of `parse_many` + `compile_files` over a generated pool of distinct
                  cards (parser built once, a fresh language each repeat so the phrase memo
                  starts empty), against a bare Lark LALR parse (contextual lexer, building
                  a parse tree) of the same text. Targets: >= 5,000 cards/s on one core, and
                  parse+compile time <= 1.3x the bare parse's.
  lint            `lint_sources` over the same generated pool, every rule on, against what
                  `check` does with it (parse, compile against the bundled pool). Target: lint
                  time <= 2x check time.
  memory          bytes held per parsed and compiled card (tracemalloc, ASTs and templates
                  kept), against the card's text; and the peak resident size of a process
                  parsing and compiling 100,000 cards. Targets: <= 4,096 B a card, < 500 MB.
  parser start-up a fresh process importing the grammar and building the parser from Lark's
                  cache file, against one that builds it with no cache.
  storyline       storyline events resolved per second in a long generated game, against a
                  loop that only pops and records the same number of events. Target >= 100,000.
                  The played game (playgame.py) likewise, target >= 250,000; and against the
                  same games written out by hand (handgame.py, its trace the same), the best
                  case for any Python engine writing that trace.
  cardscript run  wall time of `cardscript run` on a bundled scenario, against `python -c pass`.
  scenario suite  wall time of `pytest tests/test_scenarios.py`, against pytest collecting it.
  lexer           MB/s of the Pygments lexer over the generated cards, against Pygments'
                  TextLexer. Target >= 2 MB/s.
  lsp ...         `cardscript lsp` driven over stdio by an LSP client: diagnostics after a
                  one-card edit of a 1,000-card file (p90 <= 20 ms), completion (p90 <= 10 ms),
                  start to first diagnostics (<= 1 s). See editor.py; these need the `lsp`
                  extra.

Timings are the best of several repeats (the least disturbed by other work on the machine);
a full run repeats its main figures for at least 12 seconds each.
Nothing here needs more than the project's own dependencies (and its `lsp` extra for the
LSP rows).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import cardgen  # noqa: E402
import editor  # noqa: E402
import handgame  # noqa: E402
import playgame  # noqa: E402
import poolstats  # noqa: E402
import storyline  # noqa: E402

from cardscript.compiler import compile_files  # noqa: E402
from cardscript.gcpause import gc_paused  # noqa: E402
from cardscript.grammar import bare_parser, get_parser, parse_many  # noqa: E402
from cardscript.interpreter.waiting import json_default  # noqa: E402

SCENARIO = ROOT / "cards" / "sorcery" / "scenarios" / \
    "mariners_curse_sinks_the_apprentice_wizard.yaml"


def best_of(reps: int, fn, *, setup=None, min_seconds: float = 0.0):
    """(best seconds, first seconds, last result) of `fn()` over `reps` runs, and more until
    `min_seconds` have passed (the host is shared: a longer window is likelier to hold an
    undisturbed run); garbage is collected between. The first run is what a command-line run
    pays (nothing warmed yet); the best is the least disturbed."""
    best = float("inf")
    first = None
    result = None
    started = time.perf_counter()
    done = 0
    while done < reps or time.perf_counter() - started < min_seconds:
        done += 1
        arg = setup() if setup else None
        result = None
        gc.collect()
        t = time.perf_counter()
        result = fn(arg) if setup else fn()
        spent = time.perf_counter() - t
        first = spent if first is None else first
        best = min(best, spent)
    return best, first, result


def _best_and_result(reps: int, fn, **kw):
    """(best seconds, last result): best_of without the first pass."""
    best, _, result = best_of(reps, fn, **kw)
    return best, result


def wall(cmd: list[str], reps: int, env=None, before=None) -> float:
    """Best wall time of a subprocess."""
    best = float("inf")
    for _ in range(reps):
        if before:
            before()
        t = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        best = min(best, time.perf_counter() - t)
    return best


# --- parse + compile ---------------------------------------------------------------
def bench_parse_compile(n_cards: int, reps: int, window: float = 0.0, shape=None) -> list[dict]:
    from cardscript.rulesets.sorcery.language import build_language
    files = cardgen.generate_files(n_cards, shape=shape)
    sources = [(text, path) for path, text in files]
    texts = [text for path, text in files]
    n_bytes = sum(len(t.encode("utf-8")) for t in texts)

    get_parser()
    bare = bare_parser()

    def bare_parse():
        # The collector is paused as parse_many and compile_files pause it: like for like.
        with gc_paused():
            return [bare.parse(t) for t in texts]

    t_bare, f_bare = best_of(reps, bare_parse, min_seconds=window)[:2]
    t_parse, f_parse, parsed = best_of(reps, lambda: parse_many(sources))
    assert sum(len(f.cards) for f in parsed) == n_cards
    t_compile, f_compile, out = best_of(reps, lambda lang: compile_files(parsed, lang),
                                        setup=build_language)
    assert len(out) == n_cards
    del parsed, out

    def both(lang):
        return compile_files(parse_many(sources), lang)
    t_both, f_both, out = best_of(reps, both, setup=build_language, min_seconds=window)
    assert len(out) == n_cards
    del out
    gc.collect()

    rate = n_cards / t_both
    bare_name = "bare Lark LALR parse (tree), GC paused"
    rows = [
        row("parse+compile", f"{n_cards:,} generated cards in {len(files)} files "
            f"({n_bytes / 1e6:.1f} MB)", rate, "cards/s", bare_name, n_cards / t_bare, "cards/s",
            target=">= 5,000 cards/s", ok=rate >= 5000, first=n_cards / f_both,
            base_first=n_cards / f_bare),
        row("  time vs bare parse", "parse+compile time / bare parse time, both with the "
            "collector paused", t_both / t_bare, "x", bare_name, 1.0, "x", target="<= 1.3x",
            ok=t_both / t_bare <= 1.3, first=f_both / f_bare, base_first=1.0),
        row("  parse only", "parse_many (AST built inline, GC paused)", n_cards / t_parse,
            "cards/s", bare_name, n_cards / t_bare, "cards/s", first=n_cards / f_parse,
            base_first=n_cards / f_bare),
        row("  compile only", "compile_files (fresh language: phrase memo empty)",
            n_cards / t_compile, "cards/s", bare_name, n_cards / t_bare, "cards/s",
            first=n_cards / f_compile, base_first=n_cards / f_bare),
    ]
    return rows


# --- lint ----------------------------------------------------------------------------
def bench_lint(n_cards: int, reps: int, window: float = 0.0) -> list[dict]:
    """`cardscript lint` of a generated pool against `cardscript check` of it, in process:
    both parse and compile the files against the bundled pool; lint also runs every rule."""
    from cardscript import rulesets
    from cardscript.errors import ErrorList
    from cardscript.lint import Source, lint_sources
    from cardscript.lint.config import LintConfig
    from cardscript.scenario.runner import load_pool
    ruleset = rulesets.get("sorcery")
    pool = load_pool(ruleset)
    files = cardgen.generate_files(n_cards)

    def check():
        try:
            return compile_files(parse_many([(t, p) for p, t in files]), ruleset.language,
                                 base=pool, collect=True)
        except ErrorList as e:
            return e

    def lint():
        sources = [Source(Path(p), t, "sorcery", False) for p, t in files]
        return lint_sources(sources, LintConfig(), [])

    # The two alternate, so that both meet the same bursts of other work on the host.
    t_check = t_lint = float("inf")
    started = time.perf_counter()
    done = 0
    while done < reps or time.perf_counter() - started < window:
        done += 1
        t_check = min(t_check, best_of(1, check)[0])
        t, found = _best_and_result(1, lint)
        t_lint = min(t_lint, t)
    ratio = t_lint / t_check
    return [row("lint", f"lint of {n_cards:,} generated cards ({len(found):,} findings), every "
                "rule on", n_cards / t_lint, "cards/s", "check of the same files",
                n_cards / t_check, "cards/s"),
            row("  time vs check", "lint time / check time (both parse and compile)", ratio,
                "x", "check of the same files", 1.0, "x", target="<= 2x", ok=ratio <= 2.0)]


def pool_shape_rows(n_cards: int, shape) -> list[dict]:
    """How the generated pool compares with the figures it was shaped by (numbers only)."""
    gen = poolstats.card_text_stats([t for _, t in cardgen.generate_files(n_cards, shape=shape)],
                                    "generated")
    close = abs(gen.mean_text - shape.mean_text) <= 0.15 * shape.mean_text and \
        abs(gen.mean_abilities - shape.mean_abilities) <= 0.15 * shape.mean_abilities
    return [row("generated pool", f"{gen.summary()}; shaped by {shape.summary()}; the words are "
                "those the Sorcery language reads", gen.mean_text, "chars/card",
                shape.source, shape.mean_text, "chars/card",
                target="within 15% (length, abilities)", ok=close),
            row("  abilities a card", "mean ability lines a card", gen.mean_abilities, "/card",
                shape.source, shape.mean_abilities, "/card"),
            row("  vocabulary", "distinct words of the rules text (quoted names left out)",
                gen.vocabulary, "words", shape.source, shape.vocabulary, "words")]


def time_size(n: int, reps: int, shape=None) -> dict:
    """Seconds (best, first) of a bare Lark parse and of parse+compile of `n` generated
    cards, the collector paused on both sides, each side timed in one batch."""
    from cardscript.rulesets.sorcery.language import build_language
    get_parser()
    bare = bare_parser()
    files = cardgen.generate_files(n, shape=shape)
    sources = [(text, path) for path, text in files]

    def bare_parse():
        with gc_paused():
            return [bare.parse(t) for t, _ in sources]

    def both(lang):
        return compile_files(parse_many(sources), lang)
    # Neither side's result is kept while the other is timed (the bare parse's 100,000
    # trees, held, would weigh on the heap the other side allocates in).
    t_bare, f_bare = best_of(reps, bare_parse)[:2]
    t_both, f_both = best_of(reps, both, setup=build_language)[:2]
    return {"bare": t_bare, "bare_first": f_bare, "both": t_both, "both_first": f_both}


SIZE = """
import json, sys
sys.path.insert(0, {here!r})
import run
n, reps, corpus = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
shape = run.poolstats.corpus_stats(corpus) if corpus else run.cardgen.bundled_shape()
print(json.dumps(run.time_size(n, reps, shape)))
"""


def bench_sizes(sizes: list[int], reps: int, corpus: str | None = None) -> list[dict]:
    """parse+compile time / bare Lark parse time at each pool size, the collector paused on
    both sides: each size in a process of its own, so that what earlier rows left in this
    one (a lint of 10,000 cards, a larger heap) weighs on neither side."""
    rows = []
    for n in sizes:
        k = 2 if n >= 100_000 else reps            # a 100,000-card pass takes 10 s a side
        out = subprocess.run([sys.executable, "-c", SIZE.format(here=str(HERE)), str(n), str(k),
                              corpus or ""], cwd=ROOT, capture_output=True, text=True,
                             check=True)
        t = json.loads(out.stdout.strip().splitlines()[-1])
        rows.append(row(f"  vs bare parse, {n:,}", f"{n:,} cards: parse+compile time / bare "
                        f"parse time, both with the collector paused (best of {k}, a fresh "
                        f"process for the size)", t["both"] / t["bare"], "x",
                        "bare Lark LALR parse (tree), GC paused", 1.0, "x", target="<= 1.0x",
                        ok=t["both"] <= t["bare"], first=t["both_first"] / t["bare_first"],
                        base_first=1.0))
    return rows


MEMORY = """
import gc, json, sys, tracemalloc
sys.path.insert(0, {here!r})
import cardgen
from cardscript.compiler import compile_files
from cardscript.grammar import get_parser, parse_many
from cardscript.rulesets.sorcery.language import build_language
n, traced = int(sys.argv[1]), sys.argv[2] == "traced"


def high_water_kb():
    # VmHWM: this process's peak resident size. (ru_maxrss would do, but Linux carries it
    # over from the parent across exec: a child would report the benchmark's own peak.)
    with open("/proc/self/status") as f:
        return int(next(line for line in f if line.startswith("VmHWM")).split()[1])

sources = [(t, p) for p, t in cardgen.generate_files(n)]
lang = build_language()
get_parser()
gc.collect()
rss0 = high_water_kb()
if traced:
    tracemalloc.start()
parsed = parse_many(sources)
ast_bytes = tracemalloc.get_traced_memory()[0] if traced else 0
out = compile_files(parsed, lang)
gc.collect()
held = tracemalloc.get_traced_memory()[0] if traced else 0
rss = high_water_kb()
print(json.dumps({{"ast": ast_bytes, "held": held, "peak_kb": rss, "before_kb": rss0,
                   "text": sum(len(t.encode()) for t, _ in sources)}}))
"""


def _memory_run(n: int, traced: bool) -> dict:
    code = MEMORY.format(here=str(HERE))
    out = subprocess.run([sys.executable, "-c", code, str(n), "traced" if traced else "rss"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def bench_memory(n_traced: int, n_peak: int) -> list[dict]:
    traced = _memory_run(n_traced, True)
    peak = _memory_run(n_peak, False)
    per_card = traced["held"] / n_traced
    text = traced["text"] / n_traced
    peak_mb = peak["peak_kb"] / 1024
    return [row("memory per card", f"{n_traced:,} cards parsed and compiled, ASTs and templates "
                f"kept: tracemalloc, bytes allocated and still held / cards (the ASTs alone "
                f"{traced['ast'] / n_traced:,.0f} B)", per_card, "B/card",
                "the card's text (UTF-8)", text, "B/card", target="<= 4,096 B/card",
                ok=per_card <= 4096),
            row("  peak memory", f"{n_peak:,} cards parsed and compiled in one process: peak "
                f"resident size, VmHWM (the process held {peak['before_kb'] / 1024:.0f} MB before "
                "the parse)", peak_mb, "MB", "that process before the parse",
                peak["before_kb"] / 1024, "MB", target="< 500 MB" if n_peak >= 100_000 else
                None, ok=(peak_mb < 500) if n_peak >= 100_000 else None)]


# --- parser start-up ----------------------------------------------------------------
STARTUP = ("import time; t0 = time.perf_counter(); from cardscript.grammar import get_parser, "
           "parse_text; t1 = time.perf_counter(); get_parser(); "
           "parse_text('card \"X\": minion, power 1\\n  Airborne\\n'); "
           "print(t1 - t0, time.perf_counter() - t1)")


def _startup_seconds(env, reps, fresh_cache: str | None = None) -> tuple[float, float]:
    """Best (import seconds, get_parser + first parse seconds) of fresh processes."""
    best_import = best = float("inf")
    for _ in range(reps):
        if fresh_cache is not None:
            shutil.rmtree(fresh_cache, ignore_errors=True)
        out = subprocess.run([sys.executable, "-c", STARTUP], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True)
        imp, build = map(float, out.stdout.strip().splitlines()[-1].split())
        best_import, best = min(best_import, imp), min(best, build)
    return best_import, best


def bench_startup(reps: int) -> list[dict]:
    cache_dir = tempfile.mkdtemp(prefix="cardscript-bench-cache-")
    env = dict(os.environ, CARDSCRIPT_CACHE=cache_dir)
    try:
        _, cold = _startup_seconds(env, reps, fresh_cache=cache_dir)
        _startup_seconds(env, 1)                            # write the cache
        cached = any(Path(cache_dir).iterdir())
        imported, warm = _startup_seconds(env, reps)
    finally:
        shutil.rmtree(cache_dir, ignore_errors=True)
    return [row("parser start-up", "get_parser() + first parse in a fresh process, grammar "
                "cache file present" + ("" if cached else " (NO CACHE FILE WRITTEN)") +
                f"; importing cardscript.grammar (lark included) takes {imported * 1000:.0f} ms "
                "before it", warm * 1000, "ms", "the same, no cache file (grammar analysed)",
                cold * 1000, "ms", target="cache used", ok=cached and warm < cold)]


# --- cold start and the compiled-card cache ---------------------------------------------
def run_timed(cmd: list[str], env) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one subprocess. CPU time moves far less
    than wall time when other work shares the cores."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    wall_s = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall_s, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def medians(samples: list[tuple[float, float]]) -> tuple[float, float]:
    return (statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples))


def cold_env(tmp: str) -> dict:
    """A user's environment: .pyc files written (in a folder of this run) and a cache folder
    of this run; nothing else of this process's settings."""
    env = dict(os.environ, PYTHONPYCACHEPREFIX=os.path.join(tmp, "pyc"),
               CARDSCRIPT_CACHE=os.path.join(tmp, "cache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("CARDSCRIPT_NO_CACHE", None)
    return env


def bench_cold_check(reps: int) -> list[dict]:
    tmp = tempfile.mkdtemp(prefix="cardscript-bench-cold-")
    try:
        env = cold_env(tmp)
        one = Path(tmp) / "one.cards"
        one.write_text('card "Lone Imp": minion, cost 1, power 1\n  Airborne\n', encoding="utf-8")
        check = [sys.executable, "-m", "cardscript.cli", "check", str(one)]
        lark = [sys.executable, "-c", "import lark"]
        for cmd in (check, check, lark):          # .pyc files and the cache written
            run_timed(cmd, env)
        ours, floor = [], []
        for _ in range(reps):                     # interleaved: both see the same load
            ours.append(run_timed(check, env))
            floor.append(run_timed(lark, env))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    (w_ours, c_ours), (w_lark, c_lark) = medians(ours), medians(floor)
    return [row("check one card, cold", f"CPU time (user+system), median of {reps} fresh "
                f"processes, .pyc present, cache warm (wall: {w_ours * 1000:.0f} ms against "
                f"{w_lark * 1000:.0f} ms)", c_ours * 1000, "ms", "python -c 'import lark'",
                c_lark * 1000, "ms", target="<= 2x baseline", ok=c_ours <= 2 * c_lark),
            row("  time vs import lark", "check's CPU time / import lark's", c_ours / c_lark,
                "x", "python -c 'import lark'", 1.0, "x", target="<= 2.0x",
                ok=c_ours <= 2 * c_lark)]


def bench_card_cache(n_cards: int, reps: int) -> list[dict]:
    tmp = tempfile.mkdtemp(prefix="cardscript-bench-cache-")
    try:
        env = cold_env(tmp)
        pool = Path(tmp) / "pool"
        pool.mkdir()
        files = []
        for path, text in cardgen.generate_files(n_cards):
            files.append(pool / Path(path).name)
            files[-1].write_text(text, encoding="utf-8")
        check = [sys.executable, "-m", "cardscript.cli", "check", "--ruleset", "sorcery",
                 str(pool)]
        run_timed([sys.executable, "-c", "import cardscript.cli"], env)     # .pyc written
        fresh = [run_timed(check + ["--no-cache"], env) for _ in range(2)]
        filled = run_timed(check, env)
        unchanged = [run_timed(check, env) for _ in range(reps)]
        edited = []
        for i in range(reps):                      # each time a different card's cost
            f = files[(i * 7) % len(files)]
            text = f.read_text(encoding="utf-8")
            f.write_text(text.replace(", cost ", f", cost 1{i}", 1), encoding="utf-8")
            edited.append(run_timed(check, env))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    (w_f, c_f), (w_u, c_u), (w_e, c_e) = medians(fresh), medians(unchanged), medians(edited)
    what = f"{n_cards:,} generated cards in {len(files)} files"
    return [row("check, cache warm", f"{what} unchanged: CPU time, median of {reps} (wall "
                f"{w_u:.2f} s; the run that filled the cache: {filled[1]:.2f} s CPU)", c_u, "s",
                f"the same, --no-cache (wall {w_f:.2f} s)", c_f, "s", target="< 0.3 s",
                ok=c_u < 0.3),
            row("  after a one-card edit", f"{what}, one card's cost changed before each run: "
                f"CPU time, median of {reps} (wall {w_e:.2f} s)", c_e, "s",
                f"the same, --no-cache (wall {w_f:.2f} s)", c_f, "s", target="< 0.5 s",
                ok=c_e < 0.5)]


# --- storyline ------------------------------------------------------------------------
def bench_storyline(rounds: int, reps: int, window: float = 0.0) -> list[dict]:
    from cardscript.rulesets.sorcery import RULESET
    t_game, f_game, game = best_of(reps, lambda: storyline.play(RULESET, rounds),
                                   min_seconds=window)
    n = len(game.trace)
    actions = rounds + (rounds + 2) // 3 + rounds
    del game

    def floor():
        # Game.run pauses the collector while it resolves: the floor runs with it paused too.
        with gc_paused():
            return storyline.pop_and_record(n, max(1, n // actions))
    t_floor, f_floor, trace = best_of(reps, floor, min_seconds=window / 4)
    assert len(trace) == n
    del trace
    rate = n / t_game
    share = checks_share(RULESET, rounds)
    return [row("storyline", f"{n:,} events, {rounds} rounds of a generated Sorcery game "
                f"({share:.0%} of the time in the ruleset's state checks)",
                rate, "events/s", "pop + record only (no engine), GC paused", n / t_floor,
                "events/s", target=">= 100,000 events/s", ok=rate >= 100_000, first=n / f_game,
                base_first=n / f_floor)]


def bench_play(games: int, reps: int, window: float = 0.0) -> list[dict]:
    """The game that resembles play (playgame.py): events/s and trace bytes per event."""
    from cardscript.rulesets.sorcery import RULESET
    playgame.templates(RULESET)
    t_game, f_game, played = best_of(reps, lambda: playgame.play_games(RULESET, games),
                                     min_seconds=window)
    traces = [g.trace for g in played]
    n = sum(len(t) for t in traces)
    actions = sum(1 for t in traces for e in t if e["parent"] is None and e["kind"] == "cast")
    ended = sum(1 for t in traces if t[-1]["kind"] == "game_over")
    kinds = sorted({e["kind"] for t in traces for e in t})
    splits = sum(1 for t in traces for e in t if "split" in e)
    deaths = sum(1 for t in traces for e in t for d in e["did"] if " dies" in str(d))
    # The trace as `run --json` writes it (UTF-8, compact separators here), with and without
    # each entry's storyline snapshot.
    def size(entries) -> int:
        return len(json.dumps(entries, default=json_default, separators=(",", ":"),
                              ensure_ascii=False).encode("utf-8"))
    full = sum(size(list(t)) for t in traces)
    bare = sum(size([{k: v for k, v in e.items() if k != "storyline"} for e in t])
               for t in traces)
    del played, traces

    def floor():
        with gc_paused():
            return storyline.pop_and_record(n, max(1, n // max(1, actions)))
    t_floor, f_floor, _ = best_of(reps, floor)
    rate = n / t_game
    hand = bench_hand(games, n, reps, window)
    return [row("storyline, a played game", f"{games} games to the end ({ended} ended; "
                f"{n:,} events, {actions:,} cast actions, {splits:,} split parts, {deaths:,} "
                f"deaths; kinds: "
                f"{', '.join(kinds)})", rate, "events/s", "pop + record only, GC paused",
                n / t_floor, "events/s", target=">= 250,000 events/s", ok=rate >= 250_000,
                first=n / f_game, base_first=n / f_floor),
            hand,
            row("  trace per event", "bytes of compact JSON of the trace a storyline event",
                full / n, "B/event", "the same without the storyline snapshots", bare / n,
                "B/event", target="<= 600 B/event", ok=full / n <= 600)]


def bench_hand(games: int, n: int, reps: int, window: float) -> dict:
    """The played game against the same games written out by hand (handgame.py: the best
    case for any Python engine writing this trace), both with the collector paused."""
    from cardscript.rulesets.sorcery import RULESET

    def engine():
        with gc_paused():
            return playgame.play_games(RULESET, games)

    def hand():
        with gc_paused():
            return handgame.play_games(games)
    t_ours, f_ours, _ = best_of(reps, engine, min_seconds=window)
    t_hand, f_hand, traces = best_of(reps, hand, min_seconds=window)
    played = sum(len(t) for t in traces)
    del traces
    if played != n:
        raise SystemExit(f"handgame.py played {played:,} events where the engine played {n:,}: "
                         "run tests/test_bench_handgame.py")
    floor = n / t_hand
    return row("  vs hand-written game", f"the same {games} games played by handgame.py, a "
               "Python program written for them alone whose trace tests/test_bench_handgame.py "
               "checks equal to ours, collector paused on both sides: the best case for any "
               f"Python engine writing this trace ({floor * t_ours / n:.1f}x ours; "
               "instructions an event: instructions.py)", n / t_ours, "events/s",
               "hand-written game, GC paused", floor, "events/s",
               target=f"250,000 below it: {'yes' if floor > 250_000 else 'no'}",
               first=n / f_ours, base_first=n / f_hand)


def checks_share(ruleset, rounds: int) -> float:
    """The share of a game's time spent in the ruleset's state checks (its rules of the game,
    run after every batch of happenings), timed by wrapping them in a copy of the ruleset."""
    import dataclasses
    spent = [0.0]

    def timed(check):
        def run(game):
            t = time.perf_counter()
            try:
                return check(game)
            finally:
                spent[0] += time.perf_counter() - t
        if hasattr(check, "after"):
            run.after = check.after      # the wrapper runs when the check would
        return run

    copy = dataclasses.replace(ruleset, state_checks=[timed(c) for c in ruleset.state_checks])
    gc.collect()
    t = time.perf_counter()
    storyline.play(copy, rounds)
    return spent[0] / (time.perf_counter() - t)


# --- CLI and test suite -----------------------------------------------------------------
def bench_cli(reps: int) -> list[dict]:
    t_run = wall([sys.executable, "-m", "cardscript.cli", "run", str(SCENARIO)], reps)
    t_py = wall([sys.executable, "-c", "pass"], reps)
    return [row("cardscript run", f"wall time, {SCENARIO.name}", t_run * 1000, "ms",
                "python -c pass", t_py * 1000, "ms")]


def bench_suite(reps: int) -> list[dict]:
    tests = ROOT / "tests" / "test_scenarios.py"
    base = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)]
    t_suite = wall(base, reps)
    t_collect = wall(base + ["--collect-only"], reps)
    return [row("scenario suite", "wall time, pytest tests/test_scenarios.py", t_suite * 1000,
                "ms", "pytest --collect-only (same file)", t_collect * 1000, "ms")]


# --- editor support ----------------------------------------------------------------------
LEXER = """
import json, sys
sys.path.insert(0, {here!r})
import cardgen, editor
from run import _best_and_result, row
n, reps = int(sys.argv[1]), int(sys.argv[2])
text = "".join(t for _, t in cardgen.generate_files(n))
print(json.dumps(editor.bench_lexer(text, reps, _best_and_result, row)))
"""


def bench_editor(lex_cards: int, reps: int, edits: int, sessions: int) -> list[dict]:
    # The lexer in a process of its own, as an editor runs it: what earlier rows left in
    # this one (a heap of compiled pools) made each collection of its tokens' garbage slower
    # (1.8 MB/s at the end of a full run, 3.0 alone).
    out = subprocess.run([sys.executable, "-c", LEXER.format(here=str(HERE)), str(lex_cards),
                          str(reps)], cwd=ROOT, capture_output=True, text=True, check=True)
    rows = json.loads(out.stdout.strip().splitlines()[-1])
    rows[0]["what"] += ", in a process of its own"
    with tempfile.TemporaryDirectory(prefix="cardscript-bench-lsp-") as work:
        rows += editor.bench_lsp(cardgen.generate_cards(1000), edits, edits, sessions, row,
                                 Path(work))
    return rows


# --- output ------------------------------------------------------------------------------
def row(name, what, value, unit, base_name, base_value, base_unit, *, target=None, ok=None,
        first=None, base_first=None):
    """One line of the table: a figure, its baseline from the same run, its target; for timed
    figures the first pass too (value: the best pass)."""
    return {"name": name, "what": what, "value": value, "unit": unit, "baseline": base_name,
            "baseline_value": base_value, "baseline_unit": base_unit, "target": target,
            "ok": ok, "first": first, "baseline_first": base_first}


def fmt(value, unit) -> str:
    if value is None:
        return ""
    if unit == "x":
        return f"{value:.2f}x"
    if unit == "/card":
        return f"{value:.2f} /card"
    if unit == "ms":
        return f"{value:,.1f} ms" if value < 100 else f"{value:,.0f} ms"
    if unit == "MB/s":
        return f"{value:,.2f} MB/s"
    if unit == "s":
        return f"{value:,.2f} s"
    return f"{value:,.0f} {unit}"


def table(rows: list[dict]) -> str:
    head = ["measure", "value", "first pass", "baseline (same run)", "baseline value",
            "its first pass", "target", "met"]
    body = [[r["name"], fmt(r["value"], r["unit"]), fmt(r.get("first"), r["unit"]),
             r["baseline"], fmt(r["baseline_value"], r["baseline_unit"]),
             fmt(r.get("baseline_first"), r["baseline_unit"]), r["target"] or "",
             "" if r["ok"] is None else ("yes" if r["ok"] else "NO")] for r in rows]
    widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    line = "  ".join("-" * w for w in widths)
    out = ["  ".join(h.ljust(w) for h, w in zip(head, widths)), line]
    for b in body:
        out.append("  ".join((c.rjust(w) if i in (1, 2, 4, 5) else c.ljust(w))
                             for i, (c, w) in enumerate(zip(b, widths))))
    notes = [f"  {r['name'].strip()}: {r['what']}" for r in rows]
    return "\n".join(out) + "\n\n" + "\n".join(notes)


def machine() -> str:
    return (f"{platform.python_implementation()} {platform.python_version()}, "
            f"{platform.machine()}, {os.cpu_count()} cores")


GROUPS = ("parse", "lint", "memory", "startup", "cache", "storyline", "cli", "editor")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a short run")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ap.add_argument("--check", action="store_true",
                    help="exit with status 1 when a figure misses its target")
    ap.add_argument("--corpus", metavar="PATH",
                    help="shape the generated pool by this corpus's figures (a YAML list of "
                         "cards with a rules_box; only lengths and counts are read from it)")
    ap.add_argument("--only", action="append", metavar="GROUP", choices=GROUPS,
                    help="run only this group of rows (repeatable): " + ", ".join(GROUPS))
    args = ap.parse_args(argv)
    if args.quick:
        cards, reps, rounds, sreps, preps, window = 2000, 2, 60, 2, 3, 0.0
    else:
        # Each timed figure: the best of at least this many repeats, and of as many as fit in
        # `window` seconds (the host is shared; bursts of other work last seconds).
        cards, reps, rounds, sreps, preps, window = 10_000, 5, 300, 7, 5, 12.0
    started = time.perf_counter()
    shape = poolstats.corpus_stats(args.corpus) if args.corpus else cardgen.bundled_shape()
    # (group, rows): --only runs the groups it names, each as a full run would.
    groups = [
        ("parse", lambda: bench_parse_compile(cards, reps, window)),
        ("lint", lambda: bench_lint(cards, reps, window)),
        ("parse", lambda: pool_shape_rows(cards, shape)),
        ("parse", lambda: bench_parse_compile(cards, reps, window, shape)),
        ("parse", lambda: bench_sizes([1000, 2000] if args.quick else [1000, 10_000, 100_000],
                                      2 if args.quick else 3, args.corpus)),
        ("memory", lambda: bench_memory(2000 if args.quick else 10_000,
                                        10_000 if args.quick else 100_000)),
        ("startup", lambda: bench_startup(preps)),
        ("startup", lambda: bench_cold_check(7 if args.quick else 21)),
        ("cache", lambda: bench_card_cache(2000 if args.quick else 10_000,
                                           3 if args.quick else 7)),
        ("storyline", lambda: bench_storyline(rounds, sreps, window)),
        ("storyline", lambda: bench_play(10 if args.quick else 40, sreps, window)),
        ("cli", lambda: bench_cli(preps)),
        ("cli", lambda: bench_suite(1 if args.quick else 3)),
        ("editor", lambda: bench_editor(*((1000, 2, 20, 1) if args.quick else
                                          (5000, 5, 100, 3)))),
    ]
    rows = []
    for group, make in groups:
        if not args.only or group in args.only:
            rows += make()
    elapsed = time.perf_counter() - started
    if args.json:
        print(json.dumps({"machine": machine(), "quick": args.quick, "only": args.only,
                          "seconds": elapsed,
                          "rows": rows}, indent=2))
    else:
        only = f", {' and '.join(args.only)} rows only" if args.only else ""
        print(f"cardscript benchmarks ({'quick' if args.quick else 'full'} run{only}; "
              f"{machine()}; {elapsed:.0f} s)\n")
        print(table(rows))
    missed = [r["name"].strip() for r in rows if r["ok"] is False]
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
