"""The command line: check, run, test, explain."""

from __future__ import annotations

import argparse
import sys

from .errors import CardScriptError

EPILOG = """examples:
  cardscript check cards/sorcery/
  cardscript run cards/sorcery/scenarios/mariners_curse_sinks_the_apprentice_wizard.yaml
  cardscript run SCENARIO --json
  cardscript test cards/
  cardscript explain "Bottomless Pit" --ruleset sorcery
"""


def main(argv=None) -> int:
    """Entry point of the `cardscript` console script."""
    parser = argparse.ArgumentParser(
        prog="cardscript", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Write card games' rules text as scripts; play them on a storyline.",
        epilog=EPILOG)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("check", help="parse and compile card files, report diagnostics",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="example:\n  cardscript check cards/sorcery/ --format json")
    p.add_argument("paths", nargs="+", metavar="PATH", help="card files (.cards) or folders")
    p.add_argument("--ruleset", default=None, help="the ruleset to read them with "
                   "(default: from the folder cards/<ruleset>/, else sorcery)")
    p.add_argument("--format", choices=["text", "json"], default="text")

    p = sub.add_parser("run", help="play a scenario and print its storyline",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="example:\n  cardscript run cards/sorcery/scenarios/"
                              "plumed_pegasus_with_ring_of_morrigan.yaml --json")
    p.add_argument("scenario", metavar="SCENARIO")
    p.add_argument("--json", action="store_true", help="print the run as JSON (scenarios.md)")
    p.add_argument("--html", metavar="FILE", help="also write the storyline as an HTML page")

    p = sub.add_parser("test", help="run scenarios and check their expect blocks",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="example:\n  cardscript test cards/sorcery/scenarios/")
    p.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")

    p = sub.add_parser("explain", help="print a card's compiled template in words",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog='example:\n  cardscript explain "Firebolts" --ruleset sorcery')
    p.add_argument("card", metavar="CARD", help="a card name in the ruleset's pool")
    p.add_argument("--ruleset", default="sorcery")
    p.add_argument("--cards", action="append", default=[], metavar="PATH",
                   help="extra card files to load first")

    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 1
    from . import commands
    try:
        return getattr(commands, "cmd_" + args.command)(args)
    except CardScriptError as e:
        print(e.format(), file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader went away (`cardscript run X | head`): stop quietly, like other tools.
        import os
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
