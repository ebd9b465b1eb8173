"""Whether the forms the language reads hold in their variants: one word changed at a time.

    python benchmarks/variants.py --corpus PATH/TO/sorcery-alpha-dev.yaml
    python benchmarks/variants.py --corpus PATH --json

A printed line that compiles was written one way; a card of the same game printed elsewhere says
the same thing with another number, element, keyword, noun, duration or place word. For every
corpus line that compiles, this changes one word of one kind (`SWAPS`: each a word and what it
becomes) and counts how many of those variants still compile, per kind. A low share points at a
form read only in the wording one card happens to use.

Some variants are not good English or not good rules ("a nearby spell"), so 100% is not the
aim; the figure is for comparing one version of the language with another. A variant that
fails with an error that says the game gives it no meaning is counted apart, as a correct
refusal (`REFUSALS`): E216, a keyword on a kind of card it means nothing on, and E217, a
wording the ruleset names with the rule that refuses it (docs/rulesets/sorcery.md, "Wordings
the game gives no meaning"). The raw figure (variants that compile) is printed first and does
not count them. Figures only: no card's text or name is printed. A corpus path that does not
exist is skipped (exit 0).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from cardscript import rulesets  # noqa: E402
from cardscript.errors import CardScriptError  # noqa: E402
from cardscript.importer.data import header, load  # noqa: E402
from cardscript.importer.report import attempt  # noqa: E402
from cardscript.scenario.runner import load_pool  # noqa: E402

# kind -> (word, replacement) pairs, whole words, first occurrence in a line.
SWAPS = {
    "number": [("1", "2"), ("2", "3"), ("3", "1"), ("two", "three"), ("three", "two")],
    "element": [("Water", "Earth"), ("Fire", "Water"), ("Air", "Fire"), ("Earth", "Air"),
                ("water", "earth"), ("fire", "air")],
    "unit noun": [("minion", "unit"), ("minions", "units"), ("unit", "minion"),
                  ("units", "minions"), ("artifact", "relic"), ("relic", "artifact"),
                  ("relics", "artifacts"), ("artifacts", "relics")],
    "side": [("enemy", "allied"), ("allied", "enemy"), ("your", "an opponent's"),
             ("you control", "an opponent controls")],
    "place": [("nearby", "adjacent"), ("adjacent", "nearby"), ("here", "nearby"),
              ("a nearby", "an adjacent"), ("an adjacent", "a nearby")],
    "duration": [("this turn", "until your next turn"),
                 ("this turn", "until the end of your next turn")],
    "keyword": [("Stealth", "Airborne"), ("Airborne", "Burrowing"), ("Burrowing", "Submerge"),
                ("Submerge", "Voidwalk"), ("Lethal", "Ranged"), ("gains", "loses")],
    "subtype": [("Mortal", "Beast"), ("Beast", "Spirit"), ("Spirit", "Dragon"),
                ("Demon", "Undead"), ("Dragon", "Beast")],
    "verb": [("draw", "discard"), ("Draw", "Discard"), ("kill", "banish"), ("Kill", "Banish"),
             ("banish", "kill"), ("Banish", "Kill"), ("deal", "deals")],
    "trigger": [("When", "Whenever"), ("Whenever", "When"),
                ("At the start of", "At the end of"), ("At the end of", "At the start of")],
    "pile": [("cemetery", "hand"), ("hand", "cemetery"), ("spellbook", "atlas"),
             ("atlas", "spellbook")],
    "amount": [("up to", "exactly"), ("or more", "or less"), ("or less", "or more")],
}


# Errors that say the game gives a variant no meaning, with the rule: a correct refusal.
REFUSALS = frozenset({"E216", "E217"})


def _refused(errs) -> bool:
    """Is every error of a variant that failed one of `REFUSALS`?"""
    return bool(errs) and all(getattr(e, "code", None) in REFUSALS for e in errs)


def measure(path: str) -> dict:
    """{kind: {"variants": n, "compile": n}} over the corpus's compiling lines."""
    ruleset = rulesets.get("sorcery")
    lang, pool = ruleset.language, load_pool(ruleset)
    made, kept, refused, lines = Counter(), Counter(), Counter(), 0
    for card in load(path):
        head = "# ruleset: sorcery\n" + header(card) + "\n  "
        for line in card.lines:
            parses, diags = attempt(head + line + "\n", card.name, lang, pool)
            if not parses or diags:
                continue
            lines += 1
            for kind, pairs in SWAPS.items():
                for word, other in pairs:
                    variant = re.sub(rf"\b{re.escape(word)}\b", other, line, count=1)
                    if variant == line:
                        continue
                    made[kind] += 1
                    ok, errs = attempt(head + variant + "\n", card.name, lang, pool)
                    kept[kind] += ok and not errs
                    refused[kind] += ok and _refused(errs)
    kinds = {k: {"variants": made[k], "compile": kept[k], "refused": refused[k]}
             for k in SWAPS if made[k]}
    total, read, told = sum(made.values()), sum(kept.values()), sum(refused.values())
    return {"lines": lines, "variants": total, "compile": read,
            "percent": round(100 * read / total, 1) if total else 0.0,
            "refused": told,
            "kinds": kinds}


def main(argv=None) -> int:
    """Measure --corpus and print a table (or JSON)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", required=True, metavar="PATH",
                    help="a card-data file (YAML or JSON list of cards)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    if not Path(args.corpus).is_file():
        print(f"variants: corpus not found ({args.corpus}); skipped")
        return 0
    try:
        fig = measure(args.corpus)
    except CardScriptError as e:
        print(e.format(), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(fig, indent=2))
        return 0
    print(f"{fig['lines']} printed lines compile; {fig['variants']} variants of them, one word "
          f"changed each: {fig['compile']} compile ({fig['percent']}%); of the rest, "
          f"{fig['refused']} are refused with the rule that gives them no meaning (E216, E217), "
          "a count of clearer errors, not of forms read\n")
    print(f"{'kind':<10}  {'variants':>8}  {'compile':>7}  {'share':>6}  {'refused':>7}")
    for kind, r in fig["kinds"].items():
        share = 100 * r["compile"] / r["variants"]
        print(f"{kind:<10}  {r['variants']:>8}  {r['compile']:>7}  {share:>5.1f}%  "
              f"{r['refused']:>7}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(0)
