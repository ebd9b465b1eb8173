"""The coverage report: how many cards and printed lines of a card-data file parse and compile
verbatim, per card type and per line kind, and why the others fail (docs/coverage.md).

Each card is read alone under its imported header, against the Sorcery pool; each of its lines
is also read alone under the same header, so that a line's figure does not depend on its
neighbours. A card compiles when all its lines do together. A permanent's line that is no
ongoing effect (E210) is read again as a spell's effect, and the cause is what fails there.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from .. import rulesets
from ..compiler import compile_files
from ..errors import CardScriptError, ErrorList, source_lines
from ..grammar import parse_text
from ..scenario.runner import load_pool
from .causes import classify, phrase_class
from .data import DataCard, card_text, header

RULESET = "sorcery"
LINE_KINDS = ("keyword", "activated (Tap →)", "Genesis →", "other label →", "label —",
              "threshold cost", "trigger", "replacement", "spell effect", "ongoing")
TRIGGER_START = re.compile(r"(when|whenever|after|each time|at the (start|end|beginning) of|"
                           r"once on (your|an opponent['’]s) turn|once per turn)\b", re.I)
THRESHOLD_COST = re.compile(r"(\([A-Za-z]\)\s*)+:")
LABEL_ARROW = re.compile(r"([^\s→.]+(?: [^\s→.]+)?) ?(→|->)")
LABEL_DASH = re.compile(r"[A-Z][\w']*(?: [\w']+)? \u2014 ")
REMINDER = re.compile(r"\([^()]*\)")


def line_kind(line: str, card_type: str) -> str:
    """The kind of a printed line, by its form alone (not by whether it reads)."""
    if THRESHOLD_COST.match(line):
        return "threshold cost"
    m = LABEL_ARROW.match(line)
    if m:
        label = m.group(1).lower()
        return "activated (Tap →)" if label == "tap" else \
            "Genesis →" if label == "genesis" else "other label →"
    if LABEL_DASH.match(line):
        return "label —"
    bare = REMINDER.sub("", line).strip()
    if not bare.endswith((".", "!", "?")) and "." not in bare:
        return "keyword"
    if TRIGGER_START.match(bare):           # 'When X dies, Y instead.' replaces the death
        return "replacement" if re.search(r"\binstead\b", bare, re.I) else "trigger"
    if re.match(r"if\b", bare, re.I) and " would " in bare:
        return "replacement"
    return "spell effect" if card_type == "magic" else "ongoing"


def attempt(text: str, name: str, lang, pool) -> tuple[bool, list]:
    """(parses, diagnostics) of a card text; no diagnostics = it compiles."""
    try:
        parsed = parse_text(text, "<import>")
    except CardScriptError as e:
        return False, [e]
    try:
        compile_files([parsed], lang, base=pool, collect=True)
    except ErrorList as el:
        return True, list(el.errors)
    except CardScriptError as e:
        return True, [e]
    return True, []


def _cause(err, text: str, name: str, lang) -> dict:
    lines = source_lines(text)
    return {"code": err.code, "category": classify(err, lines, name, lang),
            "phrase": phrase_class(err.message)}


def _inner_cause(card: DataCard, line: str, lang, pool) -> dict | None:
    """Why a permanent's line that is no ongoing effect (E210) fails underneath: the same line
    read as a spell's effect. None if it reads so (then it is a one-off effect that needs a
    trigger or a label, which E210 already says)."""
    text = f'# ruleset: sorcery\ncard "{card.name}": magic\n  {line}\n'
    parses, diags = attempt(text, card.name, lang, pool)
    if parses and not diags:
        return {"code": "E210", "phrase": None,
                "category": "a one-off effect on a permanent with no trigger or label"}
    return _cause(diags[0], text, card.name, lang) if diags else None


def coverage(cards: list[DataCard]) -> dict:
    """The report as a JSON-able dict (its shape: docs/coverage.md, "The JSON report")."""
    ruleset = rulesets.get(RULESET)
    lang = ruleset.language
    pool = load_pool(ruleset)
    by_type: dict = defaultdict(Counter)
    by_kind: dict = defaultdict(Counter)
    cause_lines: Counter = Counter()
    cause_cards: Counter = Counter()
    phrases: dict = defaultdict(Counter)
    totals = Counter()
    for card in cards:
        text = card_text(card)
        parses, diags = attempt(text, card.name, lang, pool)
        row = by_type[card.card_type]
        row["cards"] += 1
        totals["cards"] += 1
        if card.lines:
            row["with_text"] += 1
            totals["with_text"] += 1
            row["parse"] += parses
            row["compile"] += parses and not diags
            totals["parse"] += parses
            totals["compile"] += parses and not diags
        seen = set()
        head = "# ruleset: sorcery\n" + header(card) + "\n  "
        for line in card.lines:
            kind = line_kind(line, card.card_type)
            one = head + line + "\n"
            ok_parse, line_diags = attempt(one, card.name, lang, pool)
            by_kind[kind]["lines"] += 1
            by_kind[kind]["parse"] += ok_parse
            by_kind[kind]["compile"] += ok_parse and not line_diags
            totals["lines"] += 1
            totals["lines_parse"] += ok_parse
            totals["lines_compile"] += ok_parse and not line_diags
            for err in line_diags[:1]:           # a line's first diagnostic is its cause
                c = _cause(err, one, card.name, lang)
                if err.code == "E210":
                    c = _inner_cause(card, line, lang, pool) or c
                key = (c["code"], c["category"])
                cause_lines[key] += 1
                if c["phrase"]:
                    phrases[key][c["phrase"]] += 1
                seen.add(key)
        for key in seen:
            cause_cards[key] += 1
    return {
        "ok": True,
        "ruleset": RULESET,
        "cards": _figures(totals["cards"], totals["with_text"], totals["parse"],
                          totals["compile"]),
        "lines": {"total": totals["lines"], "parse": totals["lines_parse"],
                  "compile": totals["lines_compile"],
                  "parse_percent": _pct(totals["lines_parse"], totals["lines"]),
                  "compile_percent": _pct(totals["lines_compile"], totals["lines"])},
        "by_card_type": {t: _figures(r["cards"], r["with_text"], r["parse"], r["compile"])
                         for t, r in sorted(by_type.items())},
        "by_line_kind": {k: {"lines": by_kind[k]["lines"], "parse": by_kind[k]["parse"],
                             "compile": by_kind[k]["compile"]}
                         for k in LINE_KINDS if by_kind[k]["lines"]},
        "causes": [{"cause": f"{code} {cat}", "code": code, "category": cat,
                    "cards": cause_cards[(code, cat)], "lines": n,
                    "phrases": dict(sorted(phrases[(code, cat)].items()))}
                   for (code, cat), n in sorted(cause_lines.items(),
                                                key=lambda kv: (-cause_cards[kv[0]],
                                                                -kv[1], kv[0]))],
    }


def _pct(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 0.0


def _figures(cards: int, with_text: int, parse: int, compiled: int) -> dict:
    return {"total": cards, "with_text": with_text, "parse": parse, "compile": compiled,
            "parse_percent": _pct(parse, with_text), "compile_percent": _pct(compiled, with_text)}


def render_text(report: dict) -> str:
    """The report for people: the same figures as the JSON, as tables."""
    c, ln = report["cards"], report["lines"]
    out = [f"cards with rules text: {c['with_text']} of {c['total']}; parse {c['parse']} "
           f"({c['parse_percent']}%), compile {c['compile']} ({c['compile_percent']}%)",
           f"printed lines: {ln['total']}; parse {ln['parse']} ({ln['parse_percent']}%), "
           f"compile {ln['compile']} ({ln['compile_percent']}%)", "",
           "by card type (cards with rules text):",
           f"  {'type':<12} {'cards':>6} {'parse':>6} {'compile':>8}"]
    for t, r in report["by_card_type"].items():
        out.append(f"  {t:<12} {r['with_text']:>6} {r['parse']:>6} {r['compile']:>8}")
    out += ["", "by line kind:", f"  {'kind':<20} {'lines':>6} {'parse':>6} {'compile':>8}"]
    for k, r in report["by_line_kind"].items():
        out.append(f"  {k:<20} {r['lines']:>6} {r['parse']:>6} {r['compile']:>8}")
    out += ["", "failures by cause (cards with a line failing so, lines):"]
    for cause in report["causes"]:
        out.append(f"  {cause['cards']:>5} {cause['lines']:>5}  {cause['cause']}")
    return "\n".join(out)
