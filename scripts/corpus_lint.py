"""Import a corpus of printed card text, then measure the canonical round trip and lint on it.

    python scripts/corpus_lint.py --corpus PATH [--json]

PATH is a card-data file (YAML or JSON, as `cardscript import` reads it: docs/coverage.md),
read from where the user keeps it: no corpus text is part of this project, and nothing here
writes any. Each card is imported as `cardscript import` imports it (its own name quoted where
its rules box names it) and compiled under the Sorcery ruleset with the bundled pool loaded; for the cards
that compile the script checks that their canonical wording, and the canonical text rendered
from their templates (`explain --text`), compile to the same template,
then lints every card that parses together as one pool (the rules on words run on cards that
do not compile too). It prints figures only: how many cards compile, how
many round trips hold, and how often each rule fires.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.fmt.canonical import canonical_text
from cardscript.fmt.render import Renderer
from cardscript.fmt.sameness import compiles_alike, meaning
from cardscript.grammar import parse_text
from cardscript.importer.data import card_text, header, load
from cardscript.lint import Source, lint_sources
from cardscript.lint.config import find_pyproject, load_config
from cardscript.scenario.runner import load_pool


def import_card(card) -> str:
    """One card of the corpus as `cardscript import` writes it, its own name quoted where its
    rules box names it (printed cards name themselves bare; card text quotes names)."""
    text = card_text(card)
    head, _, body = text.partition(header(card) + "\n")
    return head + header(card) + "\n" + body.replace(card.name, f'"{card.name}"')


def measure(corpus: Path) -> dict:
    """The figures of one corpus file."""
    entries = load(corpus)
    ruleset = rulesets.get("sorcery")
    lang = ruleset.language
    pool = load_pool(ruleset)
    texts, parsed, compiled, templates = [], [], [], []
    for entry in entries:
        if entry.card_type not in lang.card_kinds:
            continue
        text = import_card(entry)
        texts.append(text)
        try:
            tree = parse_text(text)
        except CardScriptError:
            continue
        parsed.append(text)
        try:
            made = compile_files([tree], lang, base=pool)
        except CardScriptError:
            continue
        compiled.append(text)
        templates.extend(made.values())
    config = load_config(find_pyproject(Path.cwd()))
    conv = config.conventions_for("sorcery")
    round_trips = sum(compiles_alike(t, canonical_text(t, lang, conv), lang, pool)
                      for t in compiled)
    changed = sum(canonical_text(t, lang, conv) != t for t in compiled)
    rendered = sum(_renders_back(tpl, lang, conv, pool) for tpl in templates)
    # Every card that parses is linted: the rules on words run on cards that do not compile.
    source = Source(Path("corpus.cards"), "\n".join(parsed), "sorcery", False)
    found = lint_sources([source], config, [])
    return {"cards": len(entries), "imported": len(texts), "parse": len(parsed),
            "compile": len(compiled),
            "round_trip": round_trips, "canonical_differs": changed,
            "templates": len(templates), "rendered_round_trip": rendered,
            "findings": dict(sorted(Counter(f.code for f in found).items()))}


def _renders_back(tpl, lang, conv, pool: dict) -> bool:
    """Whether a template's canonical text (fmt/render.py) compiles back to it, every phrase
    in canonical words (none kept as written)."""
    known = {**pool, tpl.name: tpl}
    renderer = Renderer(lang, conv)
    try:
        text = renderer.card(tpl, known)
        back = compile_files([parse_text(text + "\n")], lang, base=known)
    except CardScriptError:
        return False
    return not renderer.as_written and meaning(back[tpl.name]) == meaning(tpl)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", required=True, metavar="PATH",
                        help="a card-data file, as cardscript import reads it")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    path = Path(args.corpus)
    if not path.is_file():
        print(f"error: no such corpus file: {path}", file=sys.stderr)
        return 2
    try:
        figures = measure(path)
    except CardScriptError as e:
        print(e.format(), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{figures['cards']} cards, {figures['imported']} of a Sorcery kind, "
              f"{figures['parse']} parse, {figures['compile']} compile")
        print(f"canonical round trip: {figures['round_trip']} of {figures['compile']} compile "
              f"to the same template ({figures['canonical_differs']} have a different "
              "canonical text)")
        print(f"canonical text from templates: {figures['rendered_round_trip']} of "
              f"{figures['templates']} compile back to the same template")
        print("lint findings: " + (", ".join(f"{k} {v}" for k, v in figures["findings"].items())
                                   or "none"))
    return 0 if figures["round_trip"] == figures["compile"] and \
        figures["rendered_round_trip"] == figures["templates"] else 1


if __name__ == "__main__":
    sys.exit(main())
