"""How much of a real card set cardscript reads: the coverage report on a corpus file.

    python benchmarks/coverage.py --corpus PATH/TO/sorcery-alpha-dev.yaml
    python benchmarks/coverage.py --corpus PATH --json       # the report itself, as JSON
    python benchmarks/coverage.py --corpus PATH --markdown   # the tables of docs/coverage.md

It runs `cardscript import PATH --report` in this process and prints figures only: counts and
causes, never a card's text or name. A corpus path that does not exist is skipped (exit 0), so
the script can run where the corpus is not kept.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from cardscript.errors import CardScriptError  # noqa: E402
from cardscript.importer.data import load  # noqa: E402
from cardscript.importer.report import coverage, render_text  # noqa: E402


def markdown(report: dict, top: int) -> str:
    """The figures as the Markdown tables of docs/coverage.md."""
    c, ln = report["cards"], report["lines"]
    out = ["| measure | parse | compile |", "| --- | --- | --- |",
           f"| cards with rules text ({c['with_text']} of {c['total']}) | {c['parse']} "
           f"({c['parse_percent']}%) | {c['compile']} ({c['compile_percent']}%) |",
           f"| printed lines ({ln['total']}) | {ln['parse']} ({ln['parse_percent']}%) | "
           f"{ln['compile']} ({ln['compile_percent']}%) |", "",
           "| card type | cards with text | parse | compile |", "| --- | --- | --- | --- |"]
    out += [f"| {t} | {r['with_text']} | {r['parse']} | {r['compile']} |"
            for t, r in report["by_card_type"].items()]
    out += ["", "| line kind | lines | parse | compile |", "| --- | --- | --- | --- |"]
    out += [f"| {k} | {r['lines']} | {r['parse']} | {r['compile']} |"
            for k, r in report["by_line_kind"].items()]
    out += ["", "| cause | cards | lines |", "| --- | --- | --- |"]
    out += [f"| {x['cause']} | {x['cards']} | {x['lines']} |" for x in report["causes"][:top]]
    return "\n".join(out)


def main(argv=None) -> int:
    """Run the report on --corpus; print it (text, JSON or Markdown) with its time."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", required=True, metavar="PATH",
                    help="a card-data file (YAML or JSON list of cards)")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--markdown", action="store_true", help="print the docs tables")
    ap.add_argument("--top", type=int, default=15, help="causes in the Markdown table")
    args = ap.parse_args(argv)
    if not Path(args.corpus).is_file():
        print(f"coverage: corpus not found ({args.corpus}); skipped")
        return 0
    start = time.perf_counter()
    try:
        report = coverage(load(args.corpus))
    except CardScriptError as e:
        print(e.format(), file=sys.stderr)
        return 1
    took = time.perf_counter() - start
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    elif args.markdown:
        print(markdown(report, args.top))
    else:
        print(render_text(report))
        print(f"\n(report made in {took:.2f} s)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:          # `... | head`: the reader went away
        sys.stderr.close()
        sys.exit(0)
