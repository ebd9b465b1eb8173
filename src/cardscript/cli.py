"""The command line: check, run, test, play, explain, import, lsp, lint, fmt.

One convention for every command: paths are positional; `--format text|json` picks
the output (text for people, JSON for tools; `run --json` is kept as a short form of
`--format json`); `--ruleset NAME` names the ruleset where a file does not say it. `lsp` is the
exception: it speaks the Language Server Protocol on stdin/stdout.
"""

from __future__ import annotations

import argparse
import sys

from .errors import CardScriptError
from .version import __version__

EPILOG = """examples:
  cardscript check cards/
  cardscript run cards/sorcery/scenarios/mariners_curse_sinks_the_apprentice_wizard.yaml
  cardscript run SCENARIO --format json
  cardscript test cards/
  cardscript play cards/sorcery/scenarios/mariners_curse_sinks_the_apprentice_wizard.yaml
  cardscript explain "Bottomless Pit" --ruleset sorcery
  cardscript explain cards/keyforge/pool.cards --format json
  cardscript import cards.yaml --out my-cards/
  cardscript import cards.yaml --report --format json
  cardscript lint cards/
  cardscript fmt --check cards/

every command takes --format text|json (text by default).
"""


def _command(sub, name: str, help: str, example: str) -> argparse.ArgumentParser:
    """A sub-command with its example and the shared --format flag."""
    p = sub.add_parser(name, help=help, formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="example:\n  " + example)
    p.add_argument("--format", choices=["text", "json"], default="text",
                   help="text for people (default), json for tools")
    _add_no_cache(p)
    return p


def _add_no_cache(p) -> None:
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor write the cache of compiled cards and of the grammar "
                        "(the same as CARDSCRIPT_NO_CACHE=1; docs/security.md)")


def _add_check(sub) -> None:
    p = _command(sub, "check", "parse and compile card files, report diagnostics",
                 "cardscript check cards/ --format json")
    p.add_argument("paths", nargs="+", metavar="PATH", help="card files (.cards) or folders")
    p.add_argument("--ruleset", default=None,
                   help="the ruleset for files that do not name one (a '# ruleset: NAME' line "
                        "or a folder named after a ruleset comes first; else sorcery)")


def _add_run(sub) -> None:
    p = _command(sub, "run", "play a scenario and print its storyline",
                 "cardscript run cards/sorcery/scenarios/"
                 "plumed_pegasus_with_ring_of_morrigan.yaml --format json")
    p.add_argument("scenario", metavar="SCENARIO")
    p.add_argument("--json", action="store_true",
                   help="the same as --format json (docs/scenarios.md describes the object)")
    p.add_argument("--html", metavar="FILE", help="also write the storyline view, a page that "
                   "steps through the run with the board at each step")
    p.add_argument("--boards", action="store_true",
                   help="with JSON output: add the board at each step (what --html shows)")
    _allow_path(p)


def _add_test(sub) -> None:
    p = _command(sub, "test", "run scenarios and check their expect blocks",
                 "cd cards/sorcery/scenarios && cardscript test .")
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="scenario files, or folders searched all the way down")
    _allow_path(p)


def _add_explain(sub) -> None:
    p = _command(sub, "explain", "print what the compiler made of a card, or of every card "
                                 "of a file",
                 'cardscript explain "Firebolts" --ruleset sorcery\n'
                 "  cardscript explain docs/examples/tour/ember_imp.cards")
    p.add_argument("card", metavar="CARD|FILE",
                   help="a card's name (in the pool or in --cards files), or a card file")
    p.add_argument("--ruleset", default=None,
                   help="the ruleset (default: the file's own, else sorcery)")
    p.add_argument("--cards", action="append", default=[], metavar="PATH",
                   help="extra card files to load first")
    p.add_argument("--text", action="store_true",
                   help="print each card's canonical text instead: its compiled templates "
                        "written back in the ruleset's words (docs/lint.md)")


def _add_import(sub) -> None:
    p = _command(sub, "import", "turn a card-data file (YAML or JSON) into .cards files, or "
                                "report how much of it the language reads",
                 "cardscript import cards.yaml --out my-cards/\n"
                 "  cardscript import cards.yaml --report --format json")
    p.add_argument("data", metavar="FILE", help="a card-data file: a list of cards with "
                   "identifier, name, card_type, type_line, rules_box, ... (docs/coverage.md)")
    p.add_argument("--out", metavar="DIR", help="write one IDENTIFIER.cards a card into DIR")
    p.add_argument("--force", action="store_true",
                   help="replace .cards files already in DIR (otherwise nothing is written)")
    p.add_argument("--report", action="store_true",
                   help="print the coverage report instead: how many cards and lines parse "
                        "and compile, per card type and line kind, and the causes of failures")


def _add_play(sub) -> None:
    # An interactive command: it has no --format (its output is a game on the terminal).
    p = sub.add_parser("play", help="play a game on the terminal, then save it as a scenario",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="examples:\n  cardscript play cards/sorcery/scenarios/"
                              "mariners_curse_sinks_the_apprentice_wizard.yaml\n"
                              "  cardscript play --cards my.cards --ruleset sorcery "
                              "--hand \"Summer River\"")
    p.add_argument("scenario", metavar="SCENARIO", nargs="?",
                   help="start from this scenario's setup (its actions are not played)")
    p.add_argument("--cards", metavar="FILE", help="start from a card file instead: each "
                   "player holds its cards")
    p.add_argument("--ruleset", default=None, help="the ruleset of --cards (default: the "
                   "file's own ruleset line or folder, else sorcery)")
    p.add_argument("--hand", action="append", default=[], metavar="CARD",
                   help="with --cards: a card of the pool each player also holds")
    _add_no_cache(p)
    p.set_defaults(format="text")


def _add_lsp(sub) -> None:
    # No --format: the server's output is the Language Server Protocol itself.
    p = sub.add_parser("lsp", help="run the language server over stdio (for editors)",
                   formatter_class=argparse.RawDescriptionHelpFormatter,
                   description="Serve the Language Server Protocol over stdin/stdout: "
                               "diagnostics, completion, hover, definitions, references, "
                               "rename, symbols and semantic tokens for card files.",
                   epilog="needs the optional extra: pip install 'cardscript[lsp]'\n"
                          "editor set-up: editor-support/README.md")
    p.set_defaults(format="text")


def _add_lint(sub) -> None:
    # --format also takes sarif here (code-scanning services read it).
    p = sub.add_parser("lint", help="check card text for consistency across a pool (rules "
                       "L001...)", formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="example:\n  cardscript lint cards/ --fix\n\nthe rules and "
                              "their configuration: docs/lint.md")
    p.add_argument("--format", choices=["text", "json", "sarif"], default="text",
                   help="text for people (default), json or sarif for tools")
    p.add_argument("paths", nargs="+", metavar="PATH", help="card files (.cards) or folders")
    p.add_argument("--fix", action="store_true", help="make the safe fixes in place")
    p.add_argument("--diff", action="store_true", help="print the fixes as a diff, write none")
    p.add_argument("--select", metavar="CODES", help="only these rules (L004,L008 or L0)")
    p.add_argument("--ignore", metavar="CODES", help="leave these rules out")
    p.add_argument("--config", metavar="PYPROJECT", help="the pyproject.toml to read "
                   "(default: the nearest one above the current folder)")
    p.add_argument("--ruleset", default=None, help="the ruleset for files that do not name one")


def _add_fmt(sub) -> None:
    p = _command(sub, "fmt", "rewrite card files in the canonical layout",
                 "cardscript fmt --check cards/")
    p.add_argument("paths", nargs="+", metavar="PATH", help="card files (.cards) or folders")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if a file would change")
    p.add_argument("--diff", action="store_true", help="print the changes, write nothing")
    p.add_argument("--canonical", action="store_true",
                   help="also put the wording in its canonical form (docs/lint.md)")
    p.add_argument("--ruleset", default=None, help="the ruleset for files that do not name one")


def build_parser() -> argparse.ArgumentParser:
    """The `cardscript` argument parser, one small function a command."""
    parser = argparse.ArgumentParser(
        prog="cardscript", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Write card games' rules text as scripts; play them on a storyline.",
        epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"cardscript {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in (_add_check, _add_run, _add_test, _add_play, _add_explain, _add_import,
                _add_lsp, _add_lint, _add_fmt):
        add(sub)
    return parser


def main(argv=None) -> int:
    """Entry point of the `cardscript` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 1
    if getattr(args, "json", False):
        args.format = "json"
    args.json = args.format == "json"
    if getattr(args, "no_cache", False):
        return _without_cache(_run, args)
    return _run(args)


def _without_cache(run, args) -> int:
    """Run a command with the caches off (CARDSCRIPT_NO_CACHE, read by cache.py), then put
    the environment back as it was."""
    import os
    before = os.environ.get("CARDSCRIPT_NO_CACHE")
    os.environ["CARDSCRIPT_NO_CACHE"] = "1"
    try:
        return run(args)
    finally:
        if before is None:
            del os.environ["CARDSCRIPT_NO_CACHE"]
        else:
            os.environ["CARDSCRIPT_NO_CACHE"] = before


def _run(args) -> int:
    from . import commands
    try:
        return getattr(commands, "cmd_" + args.command)(args)
    except CardScriptError as e:
        return _fail(args, e)
    except BrokenPipeError:
        # The reader went away (`cardscript run X | head`): stop quietly, like other tools.
        import os
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as exc:
        # A path the system itself refuses (a name too long, a loop of symlinks) is bad input.
        from .errors import excerpt
        name = excerpt(str(exc.filename)) if exc.filename is not None else "a path"
        return _fail(args, CardScriptError(
            f"cannot use {name}: {(exc.strerror or type(exc).__name__).lower()}", None,
            code="E001", hint="give a shorter path, or one that leads to a file"))


def _fail(args, e: CardScriptError) -> int:
    if args.format == "json":
        # A tool reading JSON gets JSON even when the command could not start.
        import json
        print(json.dumps({"ok": False, "error": e.to_dict(),
                          "diagnostics": [e.to_dict()]}, indent=2, ensure_ascii=False))
    print(e.format(), file=sys.stderr)
    return 1


def _allow_path(p) -> None:
    p.add_argument("--allow-path", action="append", default=[], metavar="DIR",
                   help="a folder outside the scenario's own whose card files its cards: may "
                        "read (repeatable; see docs/security.md)")


if __name__ == "__main__":
    sys.exit(main())
