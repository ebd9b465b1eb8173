"""`cardscript lint PATHS`: print findings (text, JSON or SARIF), fix the safe ones.

Exit status: 0 no finding, 1 findings (or a file that does not compile), 2 a usage error
(a path that does not exist, a bad [tool.cardscript.lint] table).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .. import rulesets
from ..errors import CardScriptError
from ..fmt.sameness import compiles_alike
from ..progress import Progress
from ..scenario.runner import load_pool
from . import Source, fixed_text, lint_sources, read_sources
from .rules import Finding
from .config import RULES, find_pyproject, load_config
from .fmt_command import diff, write_atomically
from .sarif import to_sarif


def same_meaning(old: Source, new_text: str) -> bool:
    """Whether the file's new text compiles to the same templates as the old one did."""
    ruleset = rulesets.get(old.ruleset)
    base = {} if old.in_pool else load_pool(ruleset)
    return compiles_alike(old.text, new_text, ruleset.language, base, str(old.path))


def _print_text(found, sources) -> None:
    texts = {str(s.path): s.text.split("\n") for s in sources}
    for f in found:
        kind = "error" if f.code.startswith("E") else "warning"
        print(f"{f.file}:{f.line}:{f.column}: {kind}[{f.code}]: {f.message}")
        lines = texts.get(f.file, [])
        if 0 < f.line <= len(lines):
            src = lines[f.line - 1]
            print("    " + src)
            width = max(1, (f.end_column or f.column + 1) - f.column)
            print("    " + " " * (f.column - 1) + "^" * width)
        if f.hint:
            print("  hint: " + f.hint)


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def cmd_lint(args) -> int:
    """Lint card files; see the module docstring for the exit status."""
    problems: list = []
    for raw in args.paths:
        if not Path(raw).exists():
            problems.append(CardScriptError(f"no such file or folder: {raw}", None,
                                            code="E001", hint="give card files (.cards) or "
                                                              "folders that hold them"))
    try:
        config = load_config(Path(args.config) if args.config else find_pyproject(Path.cwd()))
        if args.select:
            config.select = tuple(c.strip().upper() for c in args.select.split(","))
        if args.ignore:
            config.ignore += tuple(c.strip().upper() for c in args.ignore.split(","))
        unknown = [c for c in config.select + config.ignore
                   if not any(code.startswith(c) for code in RULES)]
        if unknown:
            problems.append(CardScriptError(f"unknown rule code {unknown[0]!r}", None,
                                            code="E006", hint="codes: " + ", ".join(RULES)))
    except CardScriptError as e:
        problems.append(e)
    if problems:
        if args.format != "text":         # a tool reading JSON gets JSON
            print(json.dumps({"ok": False, "cards": 0, "fixed": [], "findings": [],
                              "diagnostics": [e.to_dict() for e in problems]}, indent=2,
                             ensure_ascii=False))
        for e in problems:
            print(e.format(), file=sys.stderr)
        return 2
    errors: list = []
    sources = read_sources(args.paths, args.ruleset, errors)
    with Progress("lint", len(sources)) as progress:
        found = lint_sources(sources, config, errors, progress.step)
    fixed = []
    if args.fix or args.diff:
        for s in sources:
            new = fixed_text(s, found)
            if new == s.text:
                continue
            if not same_meaning(s, new):
                errors.append(Finding("E007", "the fixes would change what a card does, or it "
                                      "does not compile; left as it is", str(s.path), 1, 1))
                continue
            fixed.append(str(s.path))
            if args.diff:
                sys.stdout.write(diff(s.path, s.text, new))
            else:
                try:
                    write_atomically(s.path, new)
                except CardScriptError as e:
                    errors.append(Finding(e.code, e.message, str(s.path), 1, 1))
                    fixed.pop()
        if args.fix:
            found = [f for f in found if not (f.fix and f.file in fixed)]
    found = sorted(errors, key=lambda f: (f.file, f.line)) + found
    cards = sum(1 for s in sources for c in s.cards if c.template is not None)
    if args.format == "json":
        print(json.dumps({"ok": not found, "cards": cards, "fixed": fixed,
                          "findings": [f.to_dict() for f in found]}, indent=2,
                         ensure_ascii=False))
    elif args.format == "sarif":
        print(json.dumps(to_sarif(found), indent=2, ensure_ascii=False))
    elif not args.diff:
        _print_text(found, sources)
        fixable = sum(1 for f in found if f.fix)
        if found:
            print(f"{len(found)} finding(s) in {_cards(cards)}"
                  + (f"; {fixable} fixable with --fix" if fixable and not args.fix else ""))
        else:
            print(f"ok: {_cards(cards)}, no findings")
    return 1 if found else 0
