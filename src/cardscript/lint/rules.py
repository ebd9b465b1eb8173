"""The lint rules that look across a pool: L001, L003, L007, L010, L011 (L009: never.py;
L012: opponents.py).

The wording rules (L002, L004, L005, L006, L008) are the edits of `fmt.canonical`; these
look at several cards at once, or at what a card names. Each takes the cards of one pool
(`PoolCard`s, compiled) and yields `Finding`s.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass

from .. import syntax as ast
from ..fmt.sameness import meaning


@dataclass(frozen=True, slots=True)
class Finding:
    """One lint finding at a place in a file."""

    code: str
    message: str
    file: str
    line: int
    column: int
    end_column: int = 0
    fix: tuple = ()          # Edits that remove it, when it has a safe fix
    hint: str = ""           # what to write instead, when the message alone does not say
    # Texts that could replace the words it covers but change what the card does (so never
    # written by --fix): an editor offers each as a quick fix for the writer to pick.
    suggest: tuple = ()

    def to_dict(self) -> dict:
        out = {"code": self.code, "message": self.message, "file": self.file,
               "line": self.line, "column": self.column, "fixable": bool(self.fix)}
        if self.hint:
            out["hint"] = self.hint
        return out


@dataclass
class PoolCard:
    """A card of the pool being linted: its syntax tree, its kind, its file's lines and its
    template (None when the card does not compile: the rules on its words still run)."""

    node: ast.Card
    template: object
    path: str
    lines: list
    kind: str = ""


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("->", "→").split())


def same_effect_two_ways(cards: list[PoolCard], memo: dict | None = None) -> list[Finding]:
    """L001: abilities that compile alike but are worded differently; the pool's most used
    wording is the one kept (the first seen on a tie)."""
    groups: dict = {}
    for c in cards:
        if c.template is None:
            continue
        for ab, node in zip(c.template.abilities, _ability_nodes(c)):
            if node is None:
                continue
            key = meaning(ab, memo)
            groups.setdefault(key, []).append((c, ab, node))
    out = []
    for members in groups.values():
        texts: dict = {}
        for c, ab, node in members:
            texts.setdefault(_norm(ab.text), []).append((c, ab, node))
        if len(texts) < 2:
            continue
        keep = max(texts, key=lambda t: (len(texts[t]), -list(texts).index(t)))
        first = texts[keep][0]
        for text, uses in texts.items():
            if text == keep:
                continue
            for c, ab, node in uses:
                out.append(Finding("L001", f"the same effect as \"{first[0].node.name}\" "
                                   f"(line {first[2].span.line}) worded another way: "
                                   f"'{first[1].text}'", c.path, node.span.line,
                                   node.span.column))
    return out


def _ability_nodes(c: PoolCard) -> list:
    """The syntax node of each template ability (a spell's lines are one ability)."""
    nodes = [a for a in c.node.abilities if not isinstance(a, ast.KeywordLine)]
    tpl_abs = c.template.abilities
    if len(nodes) == len(tpl_abs):
        return nodes
    return [None] * len(tpl_abs)


def self_by_name(cards: list[PoolCard], style: str) -> list[Finding]:
    """L003: a card that names itself by its quoted name (style 'this'), or says 'this'
    where the pool names cards (style 'name'). A search for other copies ('search your
    spellbook for "X"') names the card on purpose and is left alone."""
    out = []
    for c in cards:
        for ab in c.node.abilities:
            for phrase in _phrases(ab):
                words = phrase.words
                for i, w in enumerate(words):
                    if style == "this" and w.kind == "name" and w.text == c.node.name:
                        before = [x.text.lower() for x in words[:i]]
                        if "search" in before or (before and before[-1] in ("another",
                                                                            "other")):
                            continue
                        out.append(Finding("L003", f'"{w.text}" names the card itself; '
                                           f"write 'this {c.kind}'", c.path,
                                           w.span.line, w.span.column,
                                           w.span.column + len(w.text) + 2))
                    elif style == "name" and w.kind == "word" and w.text.lower() == "this":
                        out.append(Finding("L003", f"'this' where the pool names a card: "
                                           f'write "{c.node.name}"', c.path, w.span.line,
                                           w.span.column))
    return out


def _phrases(node) -> list:
    """Every phrase under a syntax node, in text order."""
    if isinstance(node, ast.Phrase):
        return [node]
    if isinstance(node, tuple):
        return [p for x in node for p in _phrases(x)]
    if not hasattr(node, "__dataclass_fields__"):
        return []
    return [p for f in node.__dataclass_fields__ if f != "span"
            for p in _phrases(getattr(node, f))]


def duplicates(cards: list[PoolCard], memo: dict | None = None) -> list[Finding]:
    """L010: two cards with different names whose templates are the same but for the name."""
    seen: dict = {}
    out = []
    for c in cards:
        if c.template is None:
            continue
        t = c.template
        key = (t.kind, t.subtypes, meaning(t.stats), meaning(t.props), meaning(t.flags),
               meaning(t.keywords), t.token, tuple(meaning(ab, memo) for ab in t.abilities))
        if key in seen:
            first = seen[key]
            out.append(Finding("L010", f'"{c.node.name}" does the same as "{first.node.name}" '
                               f"({first.path}:{first.node.span.line})", c.path,
                               c.node.name_span.line, c.node.name_span.column))
        else:
            seen[key] = c
    return out


MIN_CURVE = 5        # cards of a kind with a cost and a power before a curve is drawn


def cost_curve(cards: list[PoolCard], tolerance: int) -> list[Finding]:
    """L011: a cost far from the pool's curve: within one kind of card, cost minus power is
    about constant (its median); a card further than `tolerance` from it is reported."""
    by_kind: dict = {}
    for c in cards:
        if c.template is None:
            continue
        st = c.template.stats
        if "cost" in st and "power" in st and not c.template.token:
            by_kind.setdefault(c.template.kind, []).append(c)
    out = []
    for kind, group in by_kind.items():
        if len(group) < MIN_CURVE:
            continue
        gap = statistics.median(c.template.stats["cost"] - c.template.stats["power"]
                                for c in group)
        for c in group:
            cost, power = c.template.stats["cost"], c.template.stats["power"]
            expected = power + gap
            if abs(cost - expected) > tolerance:
                out.append(Finding(
                    "L011", f"cost {cost} for power {power}: this pool's {kind}s cost about "
                    f"power {'+' if gap >= 0 else '-'} {abs(gap):g} = {expected:g} "
                    f"(off by {abs(cost - expected):g}, more than {tolerance})",
                    c.path, c.node.name_span.line, c.node.name_span.column))
    return out


def reminders(cards: list[PoolCard], lang, configured: dict, mode: str) -> list[Finding]:
    """L007: a keyword's reminder text missing, or other than its canonical reminder.

    A keyword line of one keyword may end in reminder text in parentheses. The canonical
    reminder of a keyword is the configured one ([tool.cardscript.lint.reminders]), else
    the one the pool writes most (the first seen on a tie). With mode 'when-known' a line
    without a reminder is reported when its keyword has a canonical one; with 'optional',
    only a reminder that differs is.
    """
    from ..fmt.canonical import Edit
    uses = []                                   # (card, keyword, line no, line, reminder span)
    for c in cards:
        for ab in c.node.abilities:
            if not isinstance(ab, ast.KeywordLine) or "," in ab.text:
                continue
            words = ab.text.lower().split()
            if words and words[-1].isdecimal():
                words.pop()
            key = lang.keywords.get(" ".join(words))
            if key is None:
                continue
            line = c.lines[ab.span.line - 1]
            rest = line[ab.span.end_column - 1:]
            m = re.match(r"[ \t]*\(([^)\n]*)\)", rest)
            where = None
            if m:
                where = (ab.span.end_column + m.start(1), ab.span.end_column + m.end(1))
            uses.append((c, key, ab, line, m.group(1) if m else None, where))
    canonical = {k.lower(): v for k, v in configured.items()}
    counts: dict = {}
    for _, key, _, _, text, _ in uses:
        if text is not None:
            counts.setdefault(key, {}).setdefault(text, 0)
            counts[key][text] += 1
    for key, texts in counts.items():
        canonical.setdefault(key, max(texts, key=lambda t: (texts[t], -list(texts).index(t))))
    out = []
    for c, key, ab, line, text, where in uses:
        want = canonical.get(key)
        if want is None:
            continue
        at = ab.span
        if text is None and mode == "when-known":
            end = at.end_column
            out.append(Finding("L007", f"'{ab.text}' without its reminder text: ({want})",
                               c.path, at.line, at.column, end,
                               (Edit(at.line, end, end, "", f" ({want})", "L007"),)))
        elif text is not None and text != want:
            out.append(Finding("L007", f"the reminder of '{ab.text}' differs from its "
                               f"canonical reminder: ({want})", c.path, at.line, where[0] - 1,
                               where[1],
                               (Edit(at.line, where[0], where[1], text, want, "L007"),)))
    return out
