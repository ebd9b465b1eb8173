"""The CLI's commands, each a function of parsed arguments returning an exit status."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import rulesets
from .cardcache import KindOnly, card_files, compile_paths, load_pool, pool_kinds
from .check_across import declared_across
from .errors import CardScriptError
from .progress import Progress
from .rulesets.detect import ruleset_of

# `check` is the command run most often, cold: what only `run`, `test`, `play` and `explain`
# need (the scenario loader and YAML, the engine, the compiler when every card comes from the
# cache) is imported inside them.


def _paths_to_check(raws, diags) -> list[list[Path]]:
    """The card files under each path given to `check`; a bad path is a diagnostic."""
    out = []
    for raw in raws:
        path = Path(raw)
        if not path.exists():
            diags.append(CardScriptError(f"no such file or folder: {raw}", None, code="E001",
                                         hint="give card files (.cards) or folders that hold "
                                              "them"))
        elif path.suffix in (".yaml", ".yml"):
            diags.append(CardScriptError(f"{raw} is a scenario, not a card file", None,
                                         code="E001", hint=f"play it with: cardscript run {raw}"))
        else:
            out.append(card_files(path))
    return out


def _in_pool(path: Path, ruleset) -> bool:
    """A file of the ruleset's bundled pool (cards beside its scenarios are not)."""
    if not ruleset.pool_dir:
        return False
    pool_dir = ruleset.pool_dir.resolve()
    full = path.resolve()
    return full.is_relative_to(pool_dir) and "scenarios" not in full.relative_to(pool_dir).parts


def _group_by_ruleset(per_path, given, diags) -> tuple[dict, dict]:
    """({(path number, ruleset name, in its pool): [files]}, {file: RulesetChoice}).

    The files of each path given are compiled together, split by ruleset; a pool's own
    files alone, any other card file (cards beside scenarios, a user's own) against its
    ruleset's pool, so that it may name pool cards.
    """
    groups: dict = {}
    chosen: dict = {}
    for i, files in enumerate(per_path):
        for f in files:
            try:
                choice = ruleset_of(f, given)
                ruleset = rulesets.named(choice.name)
            except CardScriptError as e:
                diags.append(e)
                continue
            chosen[f] = choice
            groups.setdefault((i, choice.name, _in_pool(f, ruleset)), []).append(f)
    return groups, chosen


def _compile_group(name: str, in_pool: bool, files, diags, progress=None) -> list:
    """Parse and compile one group of card files (through the compiled-card cache); the
    names of the cards it declares."""
    ruleset = rulesets.named(name)
    try:
        pool = {} if in_pool else pool_kinds(ruleset)
    except CardScriptError as e:
        diags.append(e)
        return []
    step = None if progress is None else (lambda f: progress.step(f.as_posix()))
    done = compile_paths(files, ruleset, {n: KindOnly(k) for n, k in pool.items()},
                         collect=True, templates=False, step=step)
    diags.extend(done.errors)
    return list(done.kinds)


def cmd_check(args) -> int:
    """Parse and compile card files, each under its own ruleset; print diagnostics; exit 1 on
    any error."""
    diags: list = []
    if args.ruleset:
        rulesets.named(args.ruleset)        # an unknown name is an error before anything runs
    files = _paths_to_check(args.paths, diags)
    groups, chosen = _group_by_ruleset(files, args.ruleset, diags)
    done = []
    with Progress("check", sum(map(len, groups.values()))) as progress:
        for (_, name, in_pool), group in sorted(groups.items()):
            names = _compile_group(name, in_pool, group, diags, progress)
            done.append(((name, in_pool), group, names))
    diags.extend(declared_across(done))        # a name two paths given both declare: E209
    count = sum(len(names) for _, _, names in done)
    sources: dict = {}               # each file read once, however many errors it has
    for d in diags:
        d.with_source_file(sources)
    if args.format == "json":
        print(json.dumps({"ok": not diags, "cards": count,
                          "files": [{"file": str(f), "ruleset": c.name, "ruleset_from": c.source}
                                    for f, c in chosen.items()],
                          "diagnostics": [d.to_dict() for d in diags]}, indent=2,
                         ensure_ascii=False))
    else:
        for f, c in chosen.items():
            print(f"{f}: {c.describe()}")
        for d in diags:
            print(d.format(), file=sys.stderr)
        if not diags:
            print(f"ok: {count} card{'' if count == 1 else 's'}")
    return 1 if diags else 0


def cmd_run(args) -> int:
    """Play one scenario; print the storyline (or JSON); exit 1 if it could not be played."""
    from .scenario.loader import load_scenario
    from .scenario.runner import error_json, run_scenario
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
    html = getattr(args, "html", None)
    result = run_scenario(sc, getattr(args, "allow_path", ()),
                          boards=bool(html or getattr(args, "boards", False)))
    written = _write_html(args, sc, result) if html else True
    if args.json:
        from .interpreter.waiting import json_default
        print(json.dumps(result, indent=2, ensure_ascii=False, default=json_default))
    else:
        from .render import render_trace
        print(render_trace(result))
    sys.stdout.flush()
    for w in result["warnings"]:
        print(f"warning: {w}", file=sys.stderr)
    if not result["ok"] and not args.json:
        print(result["error"]["text"], file=sys.stderr)
    return 0 if result["ok"] and written else 1


def _write_html(args, sc, result) -> bool:
    """Write the page atomically, never over an input of the run; say why not if it cannot."""
    from . import userfiles
    from .storyline_view import storyline_page
    try:
        userfiles.write_text_atomic(args.html, storyline_page(result),
                                    inputs=[sc.path, *sc.inputs])
    except userfiles.Refused as e:
        print(CardScriptError(f"cannot write {e.path}: {e.reason}", None, code="E004",
                              hint="give --html a new file in a folder you can write")
              .format(), file=sys.stderr)
        return False
    return True


def _test_one(path: Path, allowed=()) -> dict:
    """Load, play and check one scenario: {file, name, ruleset, ok, problems, error}."""
    from .scenario.expect import FAILED, PASSED, verdict
    from .scenario.loader import load_scenario
    from .scenario.runner import error_json, run_scenario
    out = {"file": str(path), "name": None, "ruleset": None, "ok": False, "status": FAILED,
           "problems": [], "error": None}
    try:
        sc = load_scenario(path)
    except CardScriptError as e:
        out["error"] = error_json(e)
        out["problems"] = [e.format()]
        return out
    out["name"], out["ruleset"] = sc.name, sc.ruleset
    result = run_scenario(sc, allowed)
    out["status"], out["problems"] = verdict(sc.data.get("expect"), result,
                                             ordered=bool(sc.data.get("ordered")))
    out["error"] = result["error"]
    out["ok"] = out["status"] == PASSED         # a scenario that checks nothing is no pass
    return out


def _print_test_text(results, found) -> None:
    from .scenario.expect import FAILED, PASSED, UNCHECKED
    for r in results:
        if r["ok"]:
            continue
        if r["status"] == UNCHECKED:
            print(f"NOTHING TO CHECK {r['file']}: {r['name']} (it has no expect: block, or an "
                  "empty one)")
            continue
        if r["name"] is None:                        # the file could not be loaded
            print(f"FAIL {r['file']}\n" + "\n".join(r["problems"]))
            continue
        print(f"FAIL {r['file']}: {r['name']}")
        for p in r["problems"]:
            print(f"  - {p}")
    if found.skipped:
        shown = ", ".join(str(p) for p in found.skipped[:5])
        more = f" and {len(found.skipped) - 5} more" if len(found.skipped) > 5 else ""
        print(f"skipped {len(found.skipped)} YAML file(s) that are not scenarios (no "
              f"top-level ruleset: key): {shown}{more}")
    counts = _counts(results)
    unchecked = f", {counts[UNCHECKED]} with nothing to check" if counts[UNCHECKED] else ""
    print(f"{counts[PASSED]} passed, {counts[FAILED]} failed{unchecked}")


def _counts(results) -> dict:
    from .scenario.expect import FAILED, PASSED, UNCHECKED
    counts = {PASSED: 0, FAILED: 0, UNCHECKED: 0}
    for r in results:
        counts[r["status"]] += 1
    return counts


def _no_scenarios(found) -> CardScriptError:
    where = ", ".join(found.missing) or "the paths given"
    hint = ("a scenario is a .yaml or .yml file with a top-level ruleset: key"
            + (f"; {len(found.skipped)} YAML file(s) there are not scenarios"
               if found.skipped else ""))
    return CardScriptError(f"no scenario files found under {where}", None, code="E003",
                           hint=hint)


def cmd_test(args) -> int:
    """Run every scenario under the paths, check each `expect`, print failures, close with
    'N passed, N failed'; exit 1 on a failure, a scenario with nothing to check, a missing
    path, or no scenario at all."""
    from .scenario.collect import collect_scenarios
    from .scenario.expect import FAILED, PASSED, UNCHECKED
    found = collect_scenarios(args.paths)
    missing = [CardScriptError(f"no such file or folder: {raw}", None, code="E001",
                               hint="give scenario files (.yaml) or folders that hold them")
               for raw in found.missing]
    if not found.files:
        missing.append(_no_scenarios(found))
    results = []
    with Progress("test", len(found.files)) as progress:
        for path in found.files:
            progress.step(Path(path).as_posix())
            results.append(_test_one(path, getattr(args, "allow_path", ())))
    counts = _counts(results)
    # A scenario with nothing to check fails the command too: CI must not go green on it.
    ok = not missing and counts[PASSED] == len(results)
    if args.format == "json":
        print(json.dumps({"ok": ok, "passed": counts[PASSED], "failed": counts[FAILED],
                          "nothing_to_check": counts[UNCHECKED],
                          "skipped": [str(p) for p in found.skipped], "scenarios": results,
                          "diagnostics": [e.to_dict() for e in missing]},
                         indent=2, ensure_ascii=False))
    else:
        for e in missing:
            print(e.format(), file=sys.stderr)
        if found.files:
            _print_test_text(results, found)
    return 0 if ok else 1


def cmd_play(args) -> int:
    """Play a game on the terminal from a scenario's setup or from a card file."""
    from .play import screen, session
    from .scenario.loader import load_scenario
    if args.scenario:
        play = session.from_scenario(load_scenario(args.scenario))
    elif args.cards:
        play = session.from_cards(args.cards, ruleset_of(Path(args.cards), args.ruleset).name,
                                  args.hand)
    else:
        raise CardScriptError("play needs a scenario or --cards FILE", None, code="E001",
                              hint="cardscript play SCENARIO, or cardscript play --cards "
                                   "FILE --ruleset RULESET")
    if not play.result["ok"]:
        print(play.result["error"]["text"], file=sys.stderr)
        return 1
    return screen.run(play)


def _compile_for_explain(files, ruleset, base: dict) -> dict:
    from .compiler import compile_files
    from .grammar import parse_file
    try:
        return compile_files([parse_file(f) for f in files], ruleset.language, base=base)
    except CardScriptError as e:
        raise e.with_source_file() from None


def _explain_files(target: Path, args) -> list[tuple]:
    """(template, ruleset) for every card of a card file or folder, each file under its own
    ruleset (its line, its folder, else --ruleset, else sorcery), in file order."""
    if not target.exists():
        raise CardScriptError(f"no such file or folder: {target}", None, code="E001",
                              hint="give a card file (.cards), or a card's name")
    files = card_files(target)
    if not files:
        raise CardScriptError(f"no card files (.cards) under {target}", None, code="E001",
                              hint="give a card file, or a folder that holds some")
    groups: dict = {}
    for f in files:
        groups.setdefault(ruleset_of(f, args.ruleset).name, []).append(f)
    out = []
    for name, group in groups.items():
        ruleset = rulesets.get(name)
        base = {} if all(_in_pool(f, ruleset) for f in group) else load_pool(ruleset)
        extra = [f for raw in args.cards for f in card_files(Path(raw))]
        base = {**base, **_compile_for_explain(extra, ruleset, base)}
        out.extend((tpl, ruleset) for tpl in _compile_for_explain(group, ruleset, base).values())
    return out


def _explain_by_name(args) -> list[tuple]:
    """[(template, ruleset)] for one card named on the command line, from the pool or the
    --cards files (whose own ruleset comes first, then --ruleset, then sorcery)."""
    extra = [f for raw in args.cards for f in card_files(Path(raw))]
    name = ruleset_of(extra[0], args.ruleset).name if extra else args.ruleset or "sorcery"
    ruleset = rulesets.get(name)
    pool = load_pool(ruleset)
    cards = {**pool, **_compile_for_explain(extra, ruleset, pool)}
    from .grammar.typography import plain
    card = plain(args.card)         # Mariner’s Curse names the card as Mariner's Curse does
    if card not in cards:
        from .errors import SemanticError, did_you_mean
        raise SemanticError(f"unknown card {card!r} in the {ruleset.name} pool", None,
                            code="E202", hint=did_you_mean(card, cards) or
                            "load the file that declares it with --cards PATH, or give the "
                            "card file itself")
    return [(cards[card], ruleset)]


def cmd_explain(args) -> int:
    """Print what the compiler made of a card (by name) or of every card of a file."""
    from .explain import explain_card, explain_json
    target = Path(args.card)
    pairs = _explain_files(target, args) if target.suffix == ".cards" or target.is_dir() \
        else _explain_by_name(args)
    if getattr(args, "text", False):
        return _explain_text(pairs, args.format)
    if args.format == "json":
        names = sorted({r.name for _, r in pairs})
        print(json.dumps({"ok": True, "ruleset": names[0] if len(names) == 1 else None,
                          "cards": [explain_json(t, r) for t, r in pairs]},
                         indent=2, ensure_ascii=False))
    else:
        print("\n\n".join(explain_card(t, r) for t, r in pairs))
    return 0


def _explain_text(pairs, fmt: str) -> int:
    """`explain --text`: each card's canonical text, under the conventions of the nearest
    pyproject.toml; a card file whose `# ruleset:` line names the ruleset (text format)."""
    from .fmt.render import Renderer, Unrenderable
    from .lint.config import find_pyproject, load_config
    config = load_config(find_pyproject(Path.cwd()))
    texts, failed = [], 0
    known: dict = {}            # ruleset -> the cards a text may name (its pool, these cards)
    for tpl, ruleset in pairs:
        if ruleset.name not in known:
            known[ruleset.name] = {**load_pool(ruleset), **{t.name: t for t, r in pairs
                                                            if r is ruleset}}
        renderer = Renderer(ruleset.language, config.conventions_for(ruleset.name))
        try:
            texts.append((tpl, ruleset, renderer.card(tpl, known[ruleset.name])))
            for phrase, why in renderer.as_written:
                print(f'{tpl.file or "<pool>"}: note: card "{tpl.name}": \'{phrase}\' is kept '
                      f"as written ({why})", file=sys.stderr)
        except Unrenderable as e:
            failed += 1
            err = CardScriptError(f'card "{tpl.name}" has no canonical text: {e}', tpl.span,
                                  code="E008", hint="the card still compiles and plays; its "
                                  "canonical text needs a wording the renderer lacks")
            print(err.with_source_file().format(), file=sys.stderr)
            texts.append((tpl, ruleset, None))
    if fmt == "json":
        print(json.dumps({"ok": not failed, "cards": [
            {"name": t.name, "ruleset": r.name, "canonical": text} for t, r, text in texts]},
            indent=2, ensure_ascii=False))
    else:
        out, current = [], None
        for _, ruleset, text in texts:
            if text is None:
                continue
            if ruleset.name != current:
                out.append(f"# ruleset: {ruleset.name}")
                current = ruleset.name
            out.append(text)
        print("\n\n".join(out))
    return 1 if failed else 0


def cmd_import(args) -> int:
    """Write a card-data file's cards as .cards files (--out DIR), or print its coverage
    report (--report)."""
    from .importer import data
    if bool(args.out) == bool(args.report):
        raise CardScriptError("import needs --out DIR or --report (one of them)", None,
                              code="E001", hint="cardscript import FILE --out DIR, or "
                                                "cardscript import FILE --report")
    cards = data.load(args.data)
    if args.report:
        from .importer.report import coverage, render_text
        report = {"file": str(args.data), **coverage(cards)}
        print(json.dumps(report, indent=2, ensure_ascii=False) if args.format == "json"
              else render_text(report))
        return 0
    written = data.write_all(cards, args.out, args.data, args.force)
    if args.format == "json":
        print(json.dumps({"ok": True, "written": [str(p) for p in written]}, indent=2,
                         ensure_ascii=False))
    else:
        print(f"wrote {len(written)} card file(s) into {args.out}")
    return 0


def cmd_lsp(args) -> int:
    """Run the language server over stdio (pygls is imported here only: the `lsp` extra)."""
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        raise CardScriptError("the language server needs pygls, which is not installed", None,
                              code="E005", hint="install the extra: pip install "
                                                "'cardscript[lsp]'") from None
    from .lsp.server import main
    return main()


def cmd_lint(args) -> int:
    """Lint card files (cardscript.lint.command)."""
    from .lint.command import cmd_lint as run
    return run(args)


def cmd_fmt(args) -> int:
    """Format card files (cardscript.lint.fmt_command)."""
    from .lint.fmt_command import cmd_fmt as run
    return run(args)
