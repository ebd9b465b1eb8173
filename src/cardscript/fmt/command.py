"""`cardscript fmt PATHS`: rewrite card files in the canonical layout (and wording).

A file is written only when its text changes, through a temporary file in its own folder
and os.replace, so a reader never sees half a file. Before writing, the new text must parse
to the same cards (layout), or compile to the same templates (`--canonical`).
"""

from __future__ import annotations

import difflib
import json
import os
import sys
import tempfile
from pathlib import Path

from ..errors import CardScriptError
from ..grammar import parse_text
from ..scenario.runner import card_files
from .layout import format_text
from .sameness import syntax


def write_atomically(path: Path, text: str) -> None:
    """Replace the file's text by `text` in one step (a temporary file, then os.replace)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        try:
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        except OSError:
            pass
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


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


def _canonical(path: Path, text: str, given) -> str:
    """The wording edits of every card made (lint's fixable findings of all wording rules)."""
    from ..lint import Source, fixed_text, lint_sources
    from ..lint.config import LintConfig, find_pyproject, load_config
    from ..rulesets.detect import ruleset_of
    from .. import rulesets
    base = load_config(find_pyproject(Path.cwd()))
    config = LintConfig(select=("L004", "L005", "L006", "L008"),
                        conventions=base.conventions, root=base.root)
    name = ruleset_of(path, given).name
    from ..lint import _in_pool
    src = Source(path, text, name, _in_pool(path, rulesets.get(name)))
    errors: list = []
    found = lint_sources([src], config, errors)
    return fixed_text(src, found)


def cmd_fmt(args) -> int:
    """Format card files; --check and --diff write nothing; exit 1 when a file would change
    (--check) or could not be formatted, 2 on a bad path."""
    problems: list = []
    files = files_of(args.paths, problems)
    changed, failed = [], []
    report = []
    for path in files:
        try:
            old = path.read_text(encoding="utf-8")
            before = parse_text(old, str(path))
        except (OSError, UnicodeDecodeError) as e:
            problems.append(CardScriptError(f"cannot read {path}: {e}", None, code="E001"))
            continue
        except CardScriptError as e:
            failed.append(e.with_source(old))
            continue
        new = format_text(old)
        if syntax(parse_text(new, str(path))) != syntax(before):
            failed.append(CardScriptError(f"{path}: the formatted text would read differently; "
                                          "left as it is", None, code="E005",
                                          hint="please report this file"))
            continue
        if args.canonical:
            new = _canonical(path, new, args.ruleset)
        if new == old:
            continue
        changed.append(path)
        report.append({"file": str(path), "diff": diff(path, old, new)})
        if not (args.check or args.diff):
            write_atomically(path, new)
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
        for e in problems + failed:
            print(e.format(), file=sys.stderr)
        verb = "would be reformatted" if args.check or args.diff else "reformatted"
        print(f"{len(changed)} file(s) {verb}, {len(files) - len(changed)} left unchanged",
              file=sys.stderr)
    if problems:
        return 2
    return 1 if failed or (args.check and changed) else 0
