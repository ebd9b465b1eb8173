"""Where the played game's instructions an event go, phase by phase: engine and hand-written.

    python benchmarks/anatomy.py                 # 40 games (needs valgrind, a C compiler
    python benchmarks/anatomy.py --games 10      # and valgrind's headers; some 10 minutes)

The engine (`playgame.py`) is counted with callgrind, as `instructions.py` counts it, one run
a phase. Each function that opens a phase (`phases()`) has its code replaced, for the run
only, by a wrapper that keeps a stack of open phases; the innermost open phase owns the
instructions. Collection starts off; a call that makes the measured phase innermost, or
stops it being so, goes through a small C extension (`GATE_C`, built at start) that flips
callgrind's collection before and after it, so only that phase's instructions are counted.
The wrappers cost instructions of their own. A call within the measured phase is direct and
counted whole: its cost is the whole workload run with wrappers less the plain run, shared
out by wrapped calls. A gated call costs more, and part of it is counted: one cost a gated
call is fitted so that the phases add up to the plain run (the last line shows both). A
generator's work runs when it is resumed, not when it is made, so the interpreter's phase
is opened by the resolution loop's `next(ev.gen)` and by the functions that run a step whole.

The hand-written game (`handgame.py`) has no functions to wrap for most phases (its phases
are lines of one function), so its split is by bytecodes: `sys.settrace` with opcode events
counts the bytecodes of each line of a game played without its trace, the lines are sorted
into phases (`hand_phase`), and callgrind's instructions an event of that run are shared in
proportion. Its trace phase is the difference between its runs with and without the trace,
both counted by callgrind. Python does not do the same work a bytecode everywhere (a `copy`
of a dict is one), so its column is an estimate to a few hundred instructions; the engine's
is a count, less the wrappers' estimated cost.

Unlike `instructions.py`, the stop run also pauses the collector: the stop run is then the
run less its games (with the collector running there, it costs some 16 million
instructions more, which `instructions.py` takes off the games: 1,700 an event at 40 games).

Deterministic: PYTHONHASHSEED=0, a private CARDSCRIPT_CACHE warmed first, the collector
paused over the games; two runs agree within a fraction of a percent.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import subprocess
import sys
import tempfile
import types
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# (phase key, title), in the order of the table.
TITLES = [
    ("setup", "benchmark set-up (new_game, new card, to hand, driver)"),
    ("cast", "cast action (legality, costs, card and event)"),
    ("storyline", "putting events on the storyline"),
    ("loop", "resolution loop (game._run, finish, split)"),
    ("interpret", "interpreter walking a template's steps"),
    ("verbs", "verbs doing their effect (damage, life, summon)"),
    ("select", "selectors (select.py, board.select)"),
    ("happen", "happenings and commit"),
    ("checks", "state checks, lethal damage, deaths"),
    ("triggers", "trigger collection and ordering"),
    ("trace", "trace entry and storyline snapshot"),
]


def phases():
    """Each phase with the functions that open it (the engine's, as the workload imports it)."""
    import playgame
    from cardscript.interpreter import board, game, interpret, select, triggers, waiting
    from cardscript.interpreter import storyline
    from cardscript.library import moves
    from cardscript.rulesets.sorcery import RULESET
    G = game.Game
    verbs = set()
    for tpl in playgame.templates(RULESET).values():
        for node in _do_nodes(tpl):
            verbs.add(node.verb.run)
    return {
        "setup": [playgame.play, playgame.new_game, playgame._cast],
        "cast": [RULESET.actions["cast"]],
        "storyline": [G.add, G._insert_pending, G._put_on],
        "loop": [G.run, G._finish, G._split, G._start_status, G._put_away, G._settle],
        "interpret": [interpret.do_whole, interpret.execute, resume],
        "verbs": sorted(verbs, key=lambda f: f.__qualname__),
        "select": [board.select, board.places, select.candidates, select.places,
                   select.matches, select.extremes, select.still_targeted],
        "happen": [G.happen, G.commit, G.add_trigger, G.add_follow, G._as_last_seen],
        "checks": [*RULESET.state_checks, moves.leave_play],
        "triggers": [triggers.collect, triggers.hooks_index, triggers.moved,
                     triggers.order_simultaneous, triggers.conditions_hold,
                     triggers.hook_matches],
        "trace": [G._record, G._snapshot, G._game_over, waiting.Labels.view,
                  storyline.pending_label],
    }


def _do_nodes(tpl):
    """The verb steps of a card template (its abilities' programs, walked)."""
    from cardscript.compiler.template import Do
    seen, todo = set(), [tpl]
    while todo:
        x = todo.pop()
        if id(x) in seen or isinstance(x, (str, int, float, bool, type(None))):
            continue
        seen.add(id(x))
        if isinstance(x, Do):
            yield x
            continue
        if isinstance(x, (list, tuple, set, frozenset)):
            todo.extend(x)
        elif isinstance(x, dict):
            todo.extend(x.values())
        elif hasattr(x, "__dataclass_fields__"):
            todo.extend(getattr(x, f, None) for f in x.__dataclass_fields__)


def resume(gen):
    """The resolution loop's `next(ev.gen)`: the interpreter runs while a generator resumes."""
    return next(gen)


# --- the wrappers (inside the valgrind run) ---------------------------------------------
_STACK = ["outside"]        # open phases (the bottom one: before the workload)
_TABLE: list = []           # key -> (phase, the original function)
CALLS: dict = {}            # phase -> wrapped calls into it
_MEASURED = [None]          # the phase counted in this run
_GATE: list = []            # the C gate (`gate_library`), once loaded
GATED = [0]                 # calls that went through the gate
DIRECT = [0]                # calls into the measured phase from itself (not gated)

# An extension module whose `call(f, args, kwargs)` calls `f` and flips callgrind's
# collection before and after (a client request: outside valgrind, a few no-ops).
GATE_C = r"""
#include <Python.h>
#include <valgrind/callgrind.h>
static PyObject *gate_call(PyObject *m, PyObject *const *a, Py_ssize_t n) {
    CALLGRIND_TOGGLE_COLLECT;
    PyObject *r = PyObject_Call(a[0], a[1], a[2]);
    CALLGRIND_TOGGLE_COLLECT;
    return r;
}
static PyMethodDef methods[] = {{"call", (PyCFunction)(void(*)(void))gate_call,
                                 METH_FASTCALL, NULL}, {NULL, NULL, 0, NULL}};
static struct PyModuleDef mod = {PyModuleDef_HEAD_INIT, "anatomy_gate", NULL, -1, methods};
PyMODINIT_FUNC PyInit_anatomy_gate(void) { return PyModule_Create(&mod); }
"""


def gate_library(where: Path) -> Path:
    """Compile the gate into a shared library in `where` (needs a C compiler and
    valgrind's headers)."""
    import sysconfig
    src, lib = where / "anatomy_gate.c", where / "anatomy_gate.so"
    src.write_text(GATE_C)
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-I", sysconfig.get_paths()["include"],
                    str(src), "-o", str(lib)], check=True)
    return lib


def _call(orig, *a, **k):
    GATED[0] += 1
    return _GATE[0](orig, a, k)


def _enter(key, a, k):
    phase, orig = _TABLE[key]
    CALLS[phase] += 1
    measured = _MEASURED[0]
    stack = _STACK
    toggle = measured is not None and (stack[-1] == measured) != (phase == measured)
    stack.append(phase)
    try:
        if toggle:
            return _call(orig, *a, **k)
        if phase == measured:
            DIRECT[0] += 1
        return orig(*a, **k)
    finally:
        stack.pop()


def _wrapper_code(key: int, free: int):
    """The code of a wrapper calling `_enter(key, ...)`, with as many free variables as the
    function it replaces has (a function's code may only be replaced by one with as many)."""
    names = [f"v{i}" for i in range(free)]
    body = f"        ({', '.join(names)},)\n" if names else ""
    src = (f"def outer():\n" + "".join(f"    {n} = None\n" for n in names) +
           f"    def w(*a, **k):\n{body}"
           f"        return __anatomy_enter__({key}, a, k)\n    return w\n")
    space: dict = {}
    exec(src, space)
    return space["outer"]().__code__


def instrument(measured: str | None) -> None:
    """Give each phase's functions a wrapper; `measured`: the phase whose instructions are
    counted (None: wrappers only, nothing toggled)."""
    import importlib.util
    from cardscript.interpreter import game
    _MEASURED[0] = measured
    lib = os.environ.get("CARDSCRIPT_ANATOMY_GATE")
    if lib:
        spec = importlib.util.spec_from_file_location("anatomy_gate", lib)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _GATE.append(module.call)
    done = set()
    for phase, fns in phases().items():
        CALLS.setdefault(phase, 0)
        for fn in fns:
            if id(fn) in done:
                continue
            done.add(id(fn))
            code = fn.__code__
            if code.co_flags & inspect.CO_GENERATOR:
                raise SystemExit(f"anatomy: cannot wrap {fn.__qualname__}")
            orig = types.FunctionType(code, fn.__globals__, fn.__name__, fn.__defaults__,
                                      fn.__closure__)
            orig.__kwdefaults__ = fn.__kwdefaults__
            _TABLE.append((phase, orig))
            fn.__globals__["__anatomy_enter__"] = _enter
            fn.__code__ = _wrapper_code(len(_TABLE) - 1, len(fn.__closure__ or ()))
            fn.__defaults__ = fn.__kwdefaults__ = None
    game.next = resume          # the loop's next(ev.gen) opens the interpreter's phase


WORKLOAD = """
import gc, json, sys
sys.path.insert(0, {here!r})
import anatomy, handgame, playgame
from cardscript.rulesets.sorcery import RULESET
games, measured, mode = int(sys.argv[1]), sys.argv[2], sys.argv[3]
playgame.templates(RULESET)
handgame.play(1, record=False)
if measured not in ("plain", "hand", "bare"):
    anatomy.instrument(None if measured == "all" else measured)
gc.disable()                   # in both modes: the stop run is the run less its games
if mode == "run":
    if measured == "hand":
        n = sum(len(t) for t in handgame.play_games(games))
    elif measured == "bare":
        n = sum(handgame.play_games(games, record=False))
    else:
        n = sum(len(g.trace) for g in playgame.play_games(RULESET, games))
    print("events", n)
    print("calls", json.dumps(anatomy.CALLS))
    print("gated", anatomy.GATED[0], anatomy.DIRECT[0])
"""


def callgrind(games: int, measured: str, mode: str, env: dict, toggled: bool):
    """(instructions, events, calls a phase) of one engine run under callgrind."""
    python = os.path.realpath(sys.executable)
    with tempfile.TemporaryDirectory(prefix="cardscript-anatomy-") as tmp:
        out = Path(tmp) / "callgrind.out"
        flags = ["--collect-atstart=no"] if toggled else []
        proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               *flags, python, "-c", WORKLOAD.format(here=str(HERE)),
                               str(games), measured, mode],
                              cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise SystemExit("callgrind gave no count:\n" + proc.stderr[-2000:])
    events = re.search(r"events (\d+)", proc.stdout)
    calls = re.search(r"calls (.*)", proc.stdout)
    gated = re.search(r"gated (\d+) (\d+)", proc.stdout)
    return (int(found.group(1)), int(events.group(1)) if events else 0,
            json.loads(calls.group(1)) if calls else {},
            (int(gated.group(1)), int(gated.group(2))) if gated else (0, 0))


def measure(games: int, env: dict) -> dict:
    """Every callgrind run the table needs, two at a time: the whole workloads (each less
    its stop run) and the engine's phases, one a run."""
    def whole(measured):
        run = callgrind(games, measured, "run", env, False)
        return run[0] - callgrind(games, measured, "stop", env, False)[0], run

    jobs = {w: (lambda w: lambda: whole(w))(w) for w in ("plain", "all", "hand", "bare")}
    for phase, _title in TITLES:
        jobs[phase] = (lambda p: lambda: callgrind(games, p, "run", env, True))(phase)
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(jobs, pool.map(lambda job: job(), jobs.values())))


def engine(done: dict) -> tuple[dict, float, tuple]:
    """Instructions an event a phase (wrappers' cost taken off), the plain total an event,
    and the wrappers' cost (a direct call, a gated call)."""
    plain, (_, events, _, _) = done["plain"]
    wrapped, (_, _, calls, _) = done["all"]
    # A call from a phase into the same phase is direct, and counted whole when it is the
    # measured one: its cost is the run with wrappers and no gate, less the plain run. A
    # gated call costs more (the C call, and whatever callgrind's toggling leaves on either
    # side): one cost a gated call is fitted so that the phases add up to the plain run.
    direct = (wrapped - plain) / sum(calls.values())
    runs = [done[phase] for phase, _title in TITLES]
    gates = sum(r[3][0] for r in runs)
    excess = sum(r[0] for r in runs) - plain - direct * sum(r[3][1] for r in runs)
    gate = excess / gates
    table = {phase: (r[0] - direct * r[3][1] - gate * r[3][0]) / events
             for (phase, _title), r in zip(TITLES, runs)}
    return table, plain / events, (direct, gate)


# --- the hand-written game --------------------------------------------------------------
def hand_phase(name: str, line: str, section: str) -> str:
    """The phase of one line of handgame.py (`name`: its function; `section`: of `play`'s
    own lines, the part of the turn it is in)."""
    if name == "leave":
        return "checks"
    if name == "mourn" or "hounds[c]" in line or "wardens[" in line or "pend" in line \
            and "append" in line:
        return "triggers"
    if name == "place":
        return "storyline"
    if name == "damage":
        return "checks" if "doomed" in line or "leave(" in line or "power" in line \
            else "verbs"
    if name in ("shard_part", "genesis", "__init__"):
        return "verbs" if name != "__init__" or section == "loop" else "cast"
    if name == "play":
        return section
    return "setup"


def hand_bytecodes(games: int) -> dict:
    """Bytecodes a phase of `games` hand-written games played without their trace."""
    import handgame
    src, first = inspect.getsourcelines(handgame.play)
    marks = {}
    for i, text in enumerate(src):
        if "for turn in range(MAX_TURNS)" in text:
            marks["turn"] = first + i
        elif "name, power = DECK[kind]" in text:
            marks["cast"] = first + i
        elif "# The storyline, until it is empty." in text:
            marks["loop"] = first + i
        elif "if life[0] <= 0 or life[1] <= 0" in text:
            marks["end"] = first + i
    lines = {}
    for i, text in enumerate(src):
        lines[first + i] = text
    minion_lines = inspect.getsourcelines(handgame.Minion.__init__)

    def section(lineno):
        if lineno < marks["turn"] or lineno >= marks["end"]:
            return "setup"
        if lineno < marks["cast"]:
            return "setup"
        return "cast" if lineno < marks["loop"] else "loop"

    counts: dict = {}
    where = ["setup"]             # the section of `play` last run (Minion() made in it)
    hand_file = handgame.__file__

    def tracer(frame, event, arg):
        if frame.f_code.co_filename != hand_file:
            return None
        frame.f_trace_opcodes = True
        return local

    def local(frame, event, arg):
        if event != "opcode":
            return local
        code = frame.f_code
        lineno = frame.f_lineno
        if code.co_name == "play":
            where[0] = section(lineno)
            text = lines.get(lineno, "")
        elif code.co_name == "__init__":
            text = minion_lines[0][lineno - minion_lines[1]] if lineno >= minion_lines[1] \
                else ""
        else:
            text = lines.get(lineno, "")
        phase = hand_phase(code.co_name, text, where[0])
        counts[phase] = counts.get(phase, 0) + 1
        return local

    handgame.play(1, record=False)        # its strings made, as in the callgrind runs
    sys.settrace(tracer)
    try:
        handgame.play_games(games, record=False)
    finally:
        sys.settrace(None)
    return counts


def hand(games: int, done: dict) -> tuple[dict, float]:
    """Instructions an event a phase of the hand-written game, and its total an event."""
    total, (_, events, _, _) = done["hand"]
    bare, _ = done["bare"]
    counts = hand_bytecodes(games)
    whole = sum(counts.values())
    table = {phase: bare * n / whole / events for phase, n in counts.items()}
    table["trace"] = (total - bare) / events
    return table, total / events


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games, seeds 1 to N (default 40)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cardscript-cache-") as cache:
        env = {**os.environ, "PYTHONHASHSEED": "0", "CARDSCRIPT_CACHE": cache}
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
        env["CARDSCRIPT_ANATOMY_GATE"] = str(gate_library(Path(cache)))
        subprocess.run([sys.executable, "-c", WORKLOAD.format(here=str(HERE)), "1", "plain",
                        "run"], cwd=ROOT, env=env, check=True, capture_output=True)  # warm
        done = measure(args.games, env)
    eng, eng_total, wrappers = engine(done)
    hnd, hand_total = hand(args.games, done)
    print(f"{'phase':54} {'engine':>9} {'hand':>8} {'ratio':>7}   (instructions an event, "
          f"{args.games} games)")
    for phase, title in TITLES:
        e, h = eng.get(phase, 0.0), hnd.get(phase, 0.0)
        ratio = f"{e / h:6.1f}x" if h >= 1 else "      -"
        print(f"{title:54} {e:>9,.0f} {h:>8,.0f} {ratio}")
    print(f"{'sum of the phases':54} {sum(eng.values()):>9,.0f} {sum(hnd.values()):>8,.0f}")
    print(f"{'whole run, counted without wrappers':54} {eng_total:>9,.0f} {hand_total:>8,.0f}"
          f" {eng_total / hand_total:6.1f}x")
    print(f"wrappers taken off the phases: {wrappers[0]:,.0f} instructions a direct call, "
          f"{wrappers[1]:,.0f} a gated one (fitted)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
