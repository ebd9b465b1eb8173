"""Targeted mutation testing of the resolution rules (a release check, not a CI step).

Each mutant is a one-line change to a rule of the engine (src/cardscript/interpreter/), of a
ruleset (src/cardscript/rulesets/), or of a rule the shared library (src/cardscript/library/)
or the compiler (src/cardscript/compiler/) holds for every game: a comparison flipped, a policy
value or branch dropped, an order swapped, a check removed. The mutants are data, in
scripts/mutants.yaml: grouped by the file each one changes, each a name, the rule it breaks, an
original snippet and the mutated snippet. For each one the script copies the repository's `src`,
`cards`, `tests` and `docs` (for `--suite full`, also what the rest of the suite reads) to a
temporary folder, replaces the snippet there (never in the working tree), and runs the scenario
suite against the copy with a timeout. A mutant is *killed*
when the suite fails (or times out) and *survives* when it passes: a surviving mutant is a rule
no test pins, which docs/testing.md must either pin with a new scenario or explain.

    python scripts/mutants.py                  # every mutant; prints the kill ratio
    python scripts/mutants.py --only ga-matches kf-ward-order
    python scripts/mutants.py --list           # the mutants and the rules they break
    python scripts/mutants.py --check          # each original snippet still occurs once
    python scripts/mutants.py --suite full     # run the whole test suite, not the scenarios

`tests/test_mutants.py` runs `--check`'s test in CI, so the list cannot rot silently when the
source it mutates changes. A malformed list (a field missing or unknown, a file that is not
there, a snippet that does not occur exactly once) is an error naming the entry and its line.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "scripts" / "mutants.yaml"
COPIED = ("src", "cards", "tests", "docs")
# The whole suite also reads the README, the scripts, the benchmarks and the editor extension
# (with its installed node packages: a test packages the extension).
COPIED_FULL = COPIED + ("scripts", "benchmarks", "editor-support", "README.md", "pyproject.toml")
SUITES = {
    "scenarios": ["tests/test_scenarios.py", "tests/test_resolution_rules.py",
                  "tests/test_policy_variants.py", "tests/test_sorcery_storyline.py",
                  "tests/test_grand_archive.py", "tests/test_mage_noir.py",
                  "tests/test_keyforge.py", "tests/test_everrain.py",
                  "tests/test_language_features.py", "tests/test_sorcery_combat.py",
                  "tests/test_sorcery_stats.py", "tests/test_sorcery_kinds.py",
                  # the golden error outputs: what check refuses, its caret and hint
                  "tests/test_diagnostics.py"],
    # tests/test_mutants.py checks that each original snippet is in the source, which the mutant
    # under test has just replaced: it would kill every mutant for nothing.
    "full": ["tests", "--ignore=tests/test_mutants.py"],
}
FIELDS = ("name", "rule", "original", "mutated")
MUTABLE = "src/cardscript/"         # every mutated file lies below it
STR = "tag:yaml.org,2002:str"


@dataclass(frozen=True)
class Mutant:
    """One targeted change: `original` (found exactly once in `file`) becomes `mutated`;
    `where` is the data file and line its entry starts on (for messages, not compared)."""

    name: str
    file: str
    original: str
    mutated: str
    rule: str
    where: str = field(default="", compare=False)


class MutantListError(Exception):
    """The data file is malformed: the message names the entry, its line and column."""


def _shown(path: Path) -> str:
    """A path as messages show it: relative to the repository when inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _error(path: Path, text: str, mark, message: str, hint: str = "") -> MutantListError:
    """gcc style: `file:line:col: error: message`, the line itself, a caret, the hint."""
    line, col = (mark.line, mark.column) if mark is not None else (0, 0)
    rows = text.splitlines()
    source = rows[line] if line < len(rows) else ""
    out = f"{_shown(path)}:{line + 1}:{col + 1}: error: {message}\n  {source}\n  {' ' * col}^"
    return MutantListError(out + (f"\n  hint: {hint}" if hint else ""))


def load_mutants(path: Path = DATA, root: Path = ROOT) -> list[Mutant]:
    """The mutants of the data file, in its order; MutantListError when it is malformed."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise MutantListError(f"{_shown(path)}: error: cannot read the mutant list: {e}") from None
    try:
        top = yaml.compose(text, Loader=yaml.SafeLoader)   # nodes keep their lines
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise _error(path, text, mark, f"not valid YAML: {getattr(e, 'problem', e)}") from None
    if not isinstance(top, yaml.MappingNode) or not top.value:
        raise _error(path, text, top.start_mark if top else None,
                     "the mutant list is no mapping of files to mutants",
                     "write `src/cardscript/FILE.py:` and under it a list of mutants")
    mutants: list[Mutant] = []
    seen_files: dict[str, int] = {}
    seen_names: dict[str, int] = {}
    for key, group in top.value:
        file = _text(path, text, key, "a file name")
        _check_file(path, text, key, file, seen_files, root)
        if not isinstance(group, yaml.SequenceNode) or not group.value:
            raise _error(path, text, group.start_mark, f"{file} holds no list of mutants",
                         "under the file, one `- name: ...` entry a mutant")
        for k, entry in enumerate(group.value, 1):
            m = _entry(path, text, entry, file, k)
            if m.name in seen_names:
                raise _error(path, text, entry.start_mark,
                             f"mutant {m.name!r}: the name is used twice",
                             f"the first is on line {seen_names[m.name]}")
            seen_names[m.name] = entry.start_mark.line + 1
            mutants.append(m)
    return mutants


def _text(path: Path, text: str, node, what: str) -> str:
    """The string a scalar node holds (a number, a boolean or a list is refused)."""
    if not isinstance(node, yaml.ScalarNode) or node.tag != STR:
        raise _error(path, text, node.start_mark, f"{what} must be text",
                     "quote it ('...') when YAML reads it as something else")
    return node.value


def _check_file(path: Path, text: str, key, file: str, seen: dict[str, int],
                root: Path) -> None:
    """A group's file: a Python file under src/cardscript/, listed once, that exists."""
    parts = Path(file).parts
    if not file.startswith(MUTABLE) or not file.endswith(".py") or ".." in parts:
        raise _error(path, text, key.start_mark, f"{file!r} is not a Python file under {MUTABLE}",
                     "mutants change the engine, a ruleset, the shared library or the compiler")
    if file in seen:
        raise _error(path, text, key.start_mark, f"{file} is listed twice",
                     f"put its mutants under the first, on line {seen[file]}")
    seen[file] = key.start_mark.line + 1
    if not (root / file).is_file():
        raise _error(path, text, key.start_mark, f"unknown file {file}",
                     "the path is relative to the repository's root")


def _entry(path: Path, text: str, node, file: str, k: int) -> Mutant:
    """One mutant of `file` (its k-th entry)."""
    if not isinstance(node, yaml.MappingNode):
        raise _error(path, text, node.start_mark, f"entry {k} of {file} is no mapping",
                     f"an entry has the fields {', '.join(FIELDS)}")
    values: dict[str, str] = {}
    for key, value in node.value:
        name = _text(path, text, key, "a field name")
        if name not in FIELDS:
            close = get_close_matches(name, FIELDS, n=1)
            raise _error(path, text, key.start_mark, f"entry {k} of {file}: unknown field {name!r}",
                         f"did you mean {close[0]!r}?" if close
                         else f"the fields are {', '.join(FIELDS)}")
        if name in values:
            raise _error(path, text, key.start_mark, f"entry {k} of {file}: {name!r} given twice")
        values[name] = _text(path, text, value, f"{name!r} of entry {k} of {file}")
    who = f"mutant {values['name']!r}" if values.get("name") else f"entry {k} of {file}"
    missing = [f for f in FIELDS if f not in values]
    if missing:
        raise _error(path, text, node.start_mark, f"{who} lacks {', '.join(map(repr, missing))}",
                     f"an entry has the fields {', '.join(FIELDS)}")
    for f in ("name", "rule", "original"):
        if not values[f].strip():
            raise _error(path, text, node.start_mark, f"{who}: {f!r} is empty")
    if values["original"] == values["mutated"]:
        raise _error(path, text, node.start_mark, f"{who}: the mutated snippet is the original")
    return Mutant(values["name"], file, values["original"], values["mutated"], values["rule"],
                  f"{_shown(path)}:{node.start_mark.line + 1}")


def check_applies(root: Path = ROOT, mutants: list[Mutant] | None = None) -> list[str]:
    """Problems with the list that only the source shows: an original snippet missing or not
    unique, a file gone, a mutated file that does not compile. Each names the mutant and the
    line of its entry in the data file."""
    problems = []
    for m in load_mutants(DATA, root) if mutants is None else mutants:
        who = f"{m.name} ({m.where})"
        path = root / m.file
        if not path.is_file():
            problems.append(f"{who}: {m.file} does not exist")
            continue
        text = path.read_text(encoding="utf-8")
        found = text.count(m.original)
        if found != 1:
            problems.append(f"{who}: its original snippet occurs {found} times in {m.file}")
            continue
        try:        # a mutant that does not even compile would be killed for nothing
            compile(text.replace(m.original, m.mutated, 1), m.file, "exec")
        except SyntaxError as e:
            problems.append(f"{who}: the mutated {m.file} does not compile: {e.msg}")
    return problems


def _copy_tree(dest: Path, names: tuple[str, ...]) -> None:
    """Copy the folders and files `names` of the repository into `dest`."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache")
    for name in names:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, dest / name, ignore=skip, symlinks=True)
        else:
            shutil.copy2(ROOT / name, dest / name)


def run_one(m: Mutant, tree: Path, suite: list[str],
            timeout: float) -> tuple[str, float, str]:
    """Apply `m` in `tree`, run the suite, restore the file.

    Returns the outcome ('killed', 'survived' or 'timeout'), the seconds it took, and the
    first test that failed (empty when none did).
    """
    path = tree / m.file
    original = path.read_text(encoding="utf-8")
    path.write_text(original.replace(m.original, m.mutated, 1), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), PYTHONDONTWRITEBYTECODE="1")
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-rfE", "-p", "no:cacheprovider",
           *suite]
    start = time.monotonic()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, cwd=tree, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
        try:
            code = proc.wait(timeout=timeout)
            outcome = "survived" if code == 0 else "killed"
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)     # the suite and anything it started
            proc.wait()
            outcome = "timeout"
        finally:
            path.write_text(original, encoding="utf-8")
        out.seek(0)
        lines = out.read().decode("utf-8", "replace").splitlines()
    first = next((ln.split(" ", 1)[1].split(" - ")[0] for ln in lines
                  if ln.startswith(("FAILED ", "ERROR "))), "")
    return outcome, time.monotonic() - start, first


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="+", metavar="NAME", help="run only these mutants")
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--check", action="store_true",
                    help="check that every original snippet occurs exactly once, and exit")
    ap.add_argument("--suite", choices=sorted(SUITES), default="scenarios",
                    help="what runs against each mutant (default: scenarios)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per mutant")
    args = ap.parse_args(argv)

    try:
        mutants = load_mutants(DATA)
    except MutantListError as e:
        print(e, file=sys.stderr)
        return 1
    problems = check_applies(ROOT, mutants)
    if args.check or problems:
        for p in problems:
            print(f"mutants.py: {p}", file=sys.stderr)
        if not problems:
            print(f"ok: {len(mutants)} mutants apply")
        return 1 if problems else 0
    chosen = mutants
    if args.only:
        unknown = sorted(set(args.only) - {m.name for m in mutants})
        if unknown:
            print(f"mutants.py: unknown mutant(s): {', '.join(unknown)} (see --list)",
                  file=sys.stderr)
            return 1
        chosen = [m for m in mutants if m.name in args.only]
    if args.list:
        for m in chosen:
            print(f"{m.name:28} {m.file.removeprefix('src/cardscript/')}: {m.rule}")
        return 0

    results = []
    with tempfile.TemporaryDirectory(prefix="cardscript-mutants-") as tmp:
        tree = Path(tmp)
        _copy_tree(tree, COPIED_FULL if args.suite == "full" else COPIED)
        for m in chosen:
            outcome, secs, first = run_one(m, tree, SUITES[args.suite], args.timeout)
            results.append((m, outcome))
            print(f"{outcome:8} {secs:6.1f}s  {m.name}: {m.rule}", flush=True)
            if first:
                print(f"{'':17}first failure: {first}", flush=True)
    killed = sum(1 for _, o in results if o != "survived")
    print(f"\n{killed} of {len(results)} mutants killed "
          f"({100 * killed / len(results):.0f}%)")
    survivors = [m for m, o in results if o == "survived"]
    for m in survivors:
        print(f"  survived: {m.name} ({m.file}): {m.rule}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
