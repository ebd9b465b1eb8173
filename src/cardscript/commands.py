"""The CLI's commands, each a function of parsed arguments returning an exit status."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import rulesets
from .compiler import compile_files
from .errors import CardScriptError, ErrorList
from .grammar import parse_file
from .scenario.expect import check
from .scenario.loader import load_scenario
from .scenario.runner import card_files, error_json, load_pool, run_scenario


def _guess_ruleset(path: Path, given: str | None) -> str:
    if given:
        return given
    for part in path.resolve().parts[::-1]:
        if part in rulesets.available():
            return part
    return "sorcery"


def cmd_check(args) -> int:
    """Parse and compile card files; print diagnostics; exit 1 on any error."""
    diags = []
    count = 0
    for raw in args.paths:
        path = Path(raw)
        if not path.exists():
            diags.append(CardScriptError(f"no such file or folder: {raw}", None, code="E001",
                                         hint="give card files (.cards) or folders that hold "
                                              "them"))
            continue
        if path.suffix in (".yaml", ".yml"):
            diags.append(CardScriptError(f"{raw} is a scenario, not a card file", None,
                                         code="E001", hint=f"play it with: cardscript run {raw}"))
            continue
        try:
            ruleset = rulesets.get(_guess_ruleset(path, args.ruleset))
        except CardScriptError as e:
            diags.append(e)
            continue
        files = card_files(path)
        # Checking the pool itself compiles it alone; cards beside the scenarios are not pool
        # cards, and may name pool cards.
        inside = ruleset.pool_dir and path.resolve().is_relative_to(ruleset.pool_dir.resolve())
        pool = {} if inside and "scenarios" not in path.resolve().relative_to(
            ruleset.pool_dir.resolve()).parts else load_pool(ruleset)
        parsed = []
        for f in files:
            try:
                parsed.append(parse_file(f))
            except CardScriptError as e:
                diags.append(e.with_source_file())
        try:
            out = compile_files(parsed, ruleset.language, base=pool, collect=True)
            count += len(out)
        except ErrorList as el:
            diags.extend(el.errors)
        except CardScriptError as e:
            diags.append(e)
    for d in diags:
        d.with_source_file()
    if args.format == "json":
        print(json.dumps({"ok": not diags, "cards": count,
                          "diagnostics": [d.to_dict() for d in diags]}, indent=2,
                         ensure_ascii=False))
    else:
        for d in diags:
            print(d.format(), file=sys.stderr)
        if not diags:
            print(f"ok: {count} cards")
    return 1 if diags else 0


def cmd_run(args) -> int:
    """Play one scenario; print the storyline (or JSON); exit 1 if it could not be played."""
    try:
        sc = load_scenario(args.scenario)
    except CardScriptError as e:
        if args.json:
            print(json.dumps({"scenario": None, "ruleset": None, "ok": False,
                              "error": error_json(e), "trace": [], "state": None,
                              "warnings": []}, indent=2, ensure_ascii=False))
        else:
            print(e.format(), file=sys.stderr)
        return 1
    result = run_scenario(sc)
    if getattr(args, "html", None):
        from .render import render_html
        Path(args.html).write_text(render_html(result), encoding="utf-8")
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        from .render import render_trace
        print(render_trace(result))
    sys.stdout.flush()
    for w in result["warnings"]:
        print(f"warning: {w}", file=sys.stderr)
    if not result["ok"] and not args.json:
        print(result["error"]["text"], file=sys.stderr)
    return 0 if result["ok"] else 1


def scenario_files(paths) -> list[Path]:
    out = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml")
                              and "scenarios" in x.parts or x.parent.name == "scenarios"
                              and x.suffix in (".yaml", ".yml")))
        else:
            out.append(p)
    return sorted(set(out))


def cmd_test(args) -> int:
    """Run scenarios, check each `expect`, print failures, close with 'N passed, N failed'."""
    passed = failed = 0
    for path in scenario_files(args.paths):
        try:
            sc = load_scenario(path)
        except CardScriptError as e:
            failed += 1
            print(f"FAIL {path}\n{e.format()}")
            continue
        result = run_scenario(sc)
        problems = check(sc.data.get("expect") or {}, result, ordered=bool(sc.data.get("ordered")))
        if problems:
            failed += 1
            print(f"FAIL {path}: {sc.name}")
            for p in problems:
                print(f"  - {p}")
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


def cmd_explain(args) -> int:
    """Print a card's compiled template in words."""
    from .explain import explain_card
    ruleset = rulesets.get(args.ruleset)
    pool = load_pool(ruleset)
    extra = {}
    if args.cards:
        files = [f for raw in args.cards for f in card_files(Path(raw))]
        extra = compile_files([parse_file(f) for f in files], ruleset.language, base=pool)
    cards = {**pool, **extra}
    if args.card not in cards:
        from .errors import SemanticError, did_you_mean
        raise SemanticError(f"unknown card {args.card!r} in the {ruleset.name} pool", None,
                            code="E202", hint=did_you_mean(args.card, cards) or
                            "load the file that declares it with --cards PATH")
    print(explain_card(cards[args.card], ruleset))
    return 0
