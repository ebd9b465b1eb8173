"""`cardscript fmt PATHS`: rewrite card files in the canonical layout (and wording).

A file is written only when its text changes, through a temporary file in its own folder
and os.replace, so a reader never sees half a file. Before writing, the new text must parse
to the same cards (layout), or compile to the same templates (`--canonical`).
"""

from __future__ import annotations

import difflib
import json
import sys
from dataclasses import replace
from pathlib import Path

from .. import rulesets
from ..errors import CardScriptError
from ..fmt.layout import format_text
from ..fmt.sameness import compiles_alike, syntax
from ..grammar import parse_text
from ..grammar.syntax_errors import read_card_file
from ..rulesets.detect import ruleset_of
from ..scenario.runner import card_files, load_pool
from ..userfiles import Refused, write_text_atomic
from .config import find_pyproject, load_config

# The rules whose fixes make the canonical wording.
WORDING_RULES = ("L002", "L004", "L005", "L006", "L007", "L008", "L014")


def write_atomically(path: Path, text: str) -> None:
    """Replace the file's text by `text` in one step (a temporary file in its folder, then
    os.replace); a file that cannot be written is an error E004, as for `run --html`."""
    try:
        write_text_atomic(path, text)
    except Refused as e:
        raise CardScriptError(f"cannot write {e.path}: {e.reason}", None, code="E004",
                              hint="check the file's permissions and its folder") from None


def diff(path: Path, old: str, new: str) -> str:
    """A unified diff of one file's change."""
    return "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                        f"{path}", f"{path}"))


def files_of(paths, problems: list) -> list[Path]:
    """The card files under each path; a path that does not exist is a problem."""
    out = []
    for raw in paths:
        p = Path(raw)
        if not p.exists():
            problems.append(CardScriptError(f"no such file or folder: {raw}", None, code="E001",
                                            hint="give card files (.cards) or folders"))
            continue
        out.extend(card_files(p))
    return out


def in_pool(path: Path, ruleset) -> bool:
    """A file of the ruleset's bundled pool (cards beside its scenarios are not)."""
    if not ruleset.pool_dir:
        return False
    pool_dir = ruleset.pool_dir.resolve()
    full = path.resolve()
    return full.is_relative_to(pool_dir) and "scenarios" not in full.relative_to(pool_dir).parts


def _canonical(path: Path, text: str, given, config) -> str:
    """The text in its canonical wording: the fixes of lint's wording rules, honouring the
    configuration and the ignore comments, made only if it compiles to the same templates."""
    from . import Source, lint_sources
    from ..fmt.canonical import apply_edits
    name = ruleset_of(path, given).name
    ruleset = rulesets.get(name)
    wording = replace(config, select=WORDING_RULES, ignore=())
    src = Source(path, text, name, in_pool(path, ruleset))
    # Each finding's own edits: an L002 finding carries every edit of its line, and those
    # of another rule are made (or not, when ignored) through that rule's finding.
    new = apply_edits(text, [e for f in lint_sources([src], wording, []) for e in f.fix
                             if e.rule == f.code])
    if new == text:
        return text
    base = {} if src.in_pool else load_pool(ruleset)
    if not compiles_alike(text, new, ruleset.language, base, str(path)):
        raise CardScriptError(f"{path}: its canonical wording would not compile to the same "
                              "cards; left as it is", None, code="E007",
                              hint="run cardscript check on it first")
    return new


def cmd_fmt(args) -> int:
    """Format card files; --check and --diff write nothing; exit 1 when a file would change
    (--check) or could not be formatted, 2 on a bad path."""
    problems: list = []
    files = files_of(args.paths, problems)
    try:
        config = load_config(find_pyproject(Path.cwd())) if args.canonical else None
    except CardScriptError as e:
        problems.append(e)
        files = []
    changed, failed = [], []
    report = []
    for path in files:
        try:
            old = read_card_file(path)
        except CardScriptError as e:
            failed.append(e)
            continue
        try:
            before = parse_text(old, str(path))
        except CardScriptError as e:
            failed.append(e.with_source(old))
            continue
        new = format_text(old)
        if syntax(parse_text(new, str(path))) != syntax(before):
            failed.append(CardScriptError(f"{path}: the formatted text would read differently; "
                                          "left as it is", None, code="E007",
                                          hint="please report this file"))
            continue
        if args.canonical:
            try:
                new = _canonical(path, new, args.ruleset, config)
            except CardScriptError as e:
                failed.append(e)
                continue
        if new == old:
            continue
        changed.append(path)
        report.append({"file": str(path), "diff": diff(path, old, new)})
        if not (args.check or args.diff):
            try:
                write_atomically(path, new)
            except CardScriptError as e:
                failed.append(e)
    if args.format == "json":
        print(json.dumps({"ok": not (problems or failed or (args.check and changed)),
                          "changed": report, "checked": len(files),
                          "diagnostics": [e.to_dict() for e in problems + failed]},
                         indent=2, ensure_ascii=False))
    else:
        for r in report:
            if args.diff:
                sys.stdout.write(r["diff"])
            elif args.check:
                print(f"would reformat {r['file']}")
            else:
                print(f"reformatted {r['file']}")
        sys.stdout.flush()
        for e in problems + failed:
            print(e.format(), file=sys.stderr)
        verb = "would be reformatted" if args.check or args.diff else "reformatted"
        left = len(files) - len(changed) - len(failed)
        print(f"{len(changed)} file(s) {verb}, {left} left unchanged"
              + (f", {len(failed)} could not be formatted" if failed else ""), file=sys.stderr)
    if problems:
        return 2
    return 1 if failed or (args.check and changed) else 0
