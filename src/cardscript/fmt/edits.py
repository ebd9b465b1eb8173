"""Edits of a card file's text, and where a phrase's words land in its shape.

An `Edit` replaces some columns of one line; `apply_edits` makes a list of them. `fit` is the
shape matcher of language/shapes.py that also says which words each token of the shape took,
so that a word can be edited where the language reads it as a number or a synonym.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..language.shapes import FAIL


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace columns [start, end) of a line (1-based) by `new`; `rule` says why."""

    line: int
    start: int
    end: int
    old: str
    new: str
    rule: str
    why: str = field(default="", compare=False)


def fit(shape, words: tuple, read) -> dict | None:
    """Like shapes.match, but where each token landed: {token index: (start, end)}."""
    toks = shape.tokens
    n = len(words)
    for t, w in ((toks[0], words[0] if n else None), (toks[-1], words[-1] if n else None)):
        # A shape that starts (or ends) with a word the phrase lacks: no fit, said quickly.
        if t.slot is None and not t.optional and (w.__class__ is not str or w not in t.alts):
            return None
    out: dict = {}

    def go(ti: int, wi: int) -> bool:
        if ti == len(toks):
            return wi == n
        t = toks[ti]
        if t.slot is None:
            if wi < n and isinstance(words[wi], str) and words[wi] in t.alts and go(ti + 1, wi + 1):
                out[ti] = (wi, wi + 1)
                return True
            return t.optional and go(ti + 1, wi)
        nxt = toks[ti + 1] if ti + 1 < len(toks) else None
        for end in range(wi + 1, n + 1):
            if nxt is not None and nxt.slot is None and not nxt.optional:
                if end >= n or not (isinstance(words[end], str) and words[end] in nxt.alts):
                    continue
            elif nxt is None and end != n:
                continue
            if read(t.type, words[wi:end]) is not FAIL and go(ti + 1, end):
                out[ti] = (wi, end)
                return True
        return t.optional and go(ti + 1, wi)

    return out if go(0, 0) else None


def apply_edits(text: str, edits) -> str:
    """The text with each edit made (from the end, so columns stay right); overlaps skipped."""
    lines = text.split("\n")
    done: dict = {}
    for e in sorted(set(edits), key=lambda e: (e.line, e.start, e.end, e.new), reverse=True):
        line = lines[e.line - 1]
        if line[e.start - 1:e.end - 1] != e.old or done.get(e.line, 10 ** 9) < e.end:
            continue
        before, after = line[:e.start - 1], line[e.end - 1:]
        lines[e.line - 1] = before + _unglued(before, e.old, e.new, after) + after
        done[e.line] = e.start
    return "\n".join(lines)


def _unglued(before: str, old: str, new: str, after: str) -> str:
    """`new`, with a space where a number and a letter written together ('1A', which reads as
    two words) would run into a word: 'one aember', not 'oneAember'."""
    if old[:1].isalpha() and before[-1:].isdigit() and new[:1].isalpha():
        new = " " + new
    if old[-1:].isdigit() and after[:1].isalpha() and new[-1:].isalpha():
        new = new + " "
    return new
