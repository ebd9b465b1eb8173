"""Fuzzing through the command line and the file system (tests/test_fuzz_cli.py).

An input is a small folder of files (card files, scenarios, FIFOs, symlinks) and a command
line; it runs as `cardscript ...` in its own process, bounded in time and memory, and must
end with exit status 0 or 1, no Python traceback, and valid JSON on stdout when asked for.
`generated(seed, n)` makes n more inputs by mutating the bundled scenarios and pools.
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = str(ROOT / "src")
TIME_BOUND = float(os.environ.get("CARDSCRIPT_FUZZ_TIME", "20"))     # seconds an input
MEMORY_BOUND = 1024 * 1024 * 1024                                     # bytes of address space

FIFO = object()           # a file entry that is a named pipe
SCENARIO_HEAD = "name: fuzz\nruleset: sorcery\nplayers: [alice, bob]\n"
CARD = 'card "Fuzz Minion": minion, cost 2, power 1\n'


@dataclass
class Case:
    """One input: files to lay out (name -> text, bytes, FIFO, or ('symlink', target)) and the
    command line, where '{dir}' stands for the input's folder."""

    id: str
    argv: list
    files: dict = field(default_factory=dict)

    @property
    def wants_json(self) -> bool:
        return "--json" in self.argv or "json" in self.argv


@dataclass
class Outcome:
    """What one run did; `problems` lists what broke the contract (empty: it held)."""

    case: Case
    status: int | None
    stdout: str
    stderr: str
    problems: list


def lay_out(case: Case, folder: Path) -> None:
    """Create the case's files under `folder`."""
    for name, content in case.files.items():
        path = folder / name
        here = folder
        for part in Path(name).parts[:-1]:      # one level at a time: folders may go deep
            here = here / part
            if not here.is_dir():
                os.mkdir(here)
        if content is FIFO:
            os.mkfifo(path)
        elif isinstance(content, tuple) and content[0] == "symlink":
            path.symlink_to(content[1].format(dir=folder))
        elif isinstance(content, tuple) and content[0] == "dir":
            path.mkdir(exist_ok=True)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BOUND, MEMORY_BOUND))


def empty(folder: Path) -> None:
    """Remove what is in `folder`, one level at a time (shutil.rmtree recurses, and the
    folders of a case may go deeper than Python's stack)."""
    folders, stack = [], [os.fspath(folder)]
    while stack:
        with os.scandir(stack.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(entry.path)
                    folders.append(entry.path)
                else:
                    os.unlink(entry.path)
    for f in reversed(folders):
        os.rmdir(f)


def run_case(case: Case, folder: Path) -> Outcome:
    """Lay the case out in `folder`, run it in a bounded process, judge the result, and empty
    the folder again."""
    try:
        lay_out(case, folder)
        return _run(case, folder)
    finally:
        empty(folder)


def _run(case: Case, folder: Path) -> Outcome:
    argv = [a.format(dir=folder) for a in case.argv]
    env = dict(os.environ, PYTHONPATH=SRC, PYTHONIOENCODING="utf-8")
    with subprocess.Popen([sys.executable, "-m", "cardscript.cli", *argv], cwd=folder, env=env,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          preexec_fn=_bounded) as proc:
        try:
            out, err = proc.communicate(timeout=TIME_BOUND)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            return Outcome(case, None, "", "", [f"still running after {TIME_BOUND:.0f} s"])
    stdout = out.decode("utf-8", "replace")
    stderr = err.decode("utf-8", "replace")
    problems = []
    if proc.returncode not in (0, 1):
        problems.append(f"exit status {proc.returncode}")
    if "Traceback" in stderr or "Traceback" in stdout:
        problems.append("a Python traceback: " + stderr.strip().splitlines()[-1][:200]
                        if stderr.strip() else "a Python traceback")
    if case.wants_json:
        try:
            json.loads(stdout)
        except ValueError:
            problems.append("stdout is not JSON")
    return Outcome(case, proc.returncode, stdout, stderr, problems)


def scenario(extra: str = "", *, name: str = "s.yaml", files: dict | None = None,
             cid: str, argv: tuple = ("--json",)) -> Case:
    """A sorcery scenario case: the head, then `extra` YAML; run with `run ... --json`."""
    fs = {name: SCENARIO_HEAD + extra, **(files or {})}
    return Case(cid, ["run", "{dir}/" + name, *argv], fs)


def card_check(text, *, cid: str, name: str = "c.cards", fmt: str = "json") -> Case:
    """A card file case: `check --format json` (or text) on it."""
    return Case(cid, ["check", "{dir}/" + name, "--ruleset", "sorcery", "--format", fmt],
                {name: text})


def _nest_yaml(depth: int) -> str:
    return "[" * depth + "]" * depth


# --- the mutation fuzzer ------------------------------------------------------------------

HOSTILE_VALUES = ["99999999999999999999999", "9" * 5000, "-" + "9" * 400, ".inf", "-.inf",
                  ".nan", "1e400", "2026-11-24", "!!binary aGVsbG8=", "true", "null", "[]",
                  "{}", "''", '"\\0"', '"\\u2028"', "!!python/name:os.system x",
                  _nest_yaml(300), "&a [*a]", "~", "x" * 10000]
HOSTILE_PATHS = ["/proc/self/environ", "../../../../etc/passwd", "/dev/zero", "/dev/stdin",
                 "pipe.cards", "loop.cards", "x" * 5000, "", ".", "sub/", "/", "\\0"]
CARD_PIECES = ["99999999999999999999", "9" * 3000, ", 99999999999999999999 times",
               ", 1000000 times, one at a time", "Lethal 2, " * 24, "If you have 1 life, " * 60,
               "\u2028", "\ufeff", "\x00", "#" + "\u2029" * 3, '"' + "n" * 5000 + '"',
               "(" * 500, "x" * 100000, "\r", "\t", "→", "Airborne. " * 50]


def _texts(pattern: str) -> list[tuple[str, str]]:
    return [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
            for p in sorted(ROOT.glob(pattern))]


KINDS = ("spell", "scenario", "cards")


def generated(seed: int, n: int, kinds: tuple = KINDS) -> list[Case]:
    """n inputs of the given kinds (the same for the same seed): a spell of generated text
    cast in a scenario, a mutated bundled scenario, or a mutated slice of a bundled pool."""
    rng = random.Random(seed)
    scenarios = _texts("cards/*/scenarios/*.yaml")
    beside = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
              for p in sorted(ROOT.glob("cards/*/scenarios/cards/*.cards"))}
    pools = _texts("cards/*/pool.cards")
    out = []
    for i in range(n):
        kind = rng.choice(kinds)
        if kind == "spell":
            out.append(_spell(rng, f"gen{seed}-{i}-spell"))
        elif kind == "scenario":
            path, text = rng.choice(scenarios)
            for _ in range(rng.randint(1, 3)):
                text = _mutate_yaml(rng, text)
            files = {"s.yaml": text, "pipe.cards": FIFO,
                     "loop.cards": ("symlink", "{dir}/loop.cards")}
            folder = str(Path(path).parent / "cards")      # the card files it names
            files.update({k[len(folder) + 1:] and "cards/" + k[len(folder) + 1:]: v
                          for k, v in beside.items() if k.startswith(folder + "/")})
            out.append(Case(f"gen{seed}-{i}-{Path(path).stem}", ["run", "{dir}/s.yaml", "--json"],
                            files))
        else:
            path, text = rng.choice(pools)
            lines = text.split("\n")
            start = rng.randrange(max(1, len(lines) - 8))
            text = "\n".join(lines[start:start + rng.randint(3, 12)])
            for _ in range(rng.randint(1, 3)):
                pos = rng.randint(0, len(text))
                text = text[:pos] + rng.choice(CARD_PIECES) + text[pos:]
            ruleset = Path(path).parts[1]
            out.append(Case(f"gen{seed}-{i}-{ruleset}",
                            ["check", "{dir}/c.cards", "--ruleset", ruleset, "--format", "json"],
                            {"c.cards": text}))
    return out


EFFECTS = ["you gain {n} life", "deal {n} damage to a unit you choose", "draw a spell",
           "you gain 1 life, {n} times", "deal 1 damage to each minion, {n} times, one at a time"]
NUMBERS = ["1", "3", "20", "1000", "99999999999999999999", "9" * 300, "9" * 5000]


def _spell(rng: random.Random, cid: str) -> Case:
    """Alice casts a spell of generated text: big numbers, repetitions, nested conditions."""
    effect = rng.choice(EFFECTS).format(n=rng.choice(NUMBERS))
    effect = "If you have 1 life, " * rng.choice([0, 1, 5, 200, 1000]) + effect
    text = f'card "Fuzz Spell": magic, cost 1\n  {effect[0].upper()}{effect[1:]}.\n'
    extra = ("cards: [c.cards]\nsetup:\n  alice:\n    hand: [Fuzz Spell]\n    realm:\n"
             "      - {card: Azuridge Caravan, at: 8}\n  bob:\n    realm:\n"
             "      - {card: Azuridge Caravan, at: 9}\n"
             "actions:\n  - {player: alice, cast: Fuzz Spell}\n"
             "options: {on_missing_choice: first}\n")
    return scenario(extra, cid=cid, files={"c.cards": text})


def _mutate_yaml(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    kind = rng.choice(["value", "value", "cards", "alias", "dup", "truncate"])
    if kind == "value":
        spots = [j for j, ln in enumerate(lines) if ": " in ln and not ln.lstrip().startswith("#")]
        if spots:
            j = rng.choice(spots)
            key = lines[j].split(": ", 1)[0]
            lines[j] = f"{key}: {rng.choice(HOSTILE_VALUES)}"
    elif kind == "cards":
        lines = [ln for ln in lines if not ln.startswith("cards:")]
        lines.insert(1, f"cards: [{json.dumps(rng.choice(HOSTILE_PATHS))}]")
    elif kind == "alias":
        lines.insert(1, "description: &a [x, x, x, x, x, x, x, x, x]")
        lines.insert(2, "options: {max_steps: &b [*a, *a, *a, *a, *a, *a, *a, *a]}")
    elif kind == "dup" and lines:
        j = rng.randrange(len(lines))
        lines[j:j] = [lines[j]] * rng.choice([2, 50, 2000])
    else:
        lines = lines[:rng.randint(1, max(1, len(lines)))]
    return "\n".join(lines)
