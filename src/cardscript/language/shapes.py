"""Phrase shapes and the matcher that fits a phrase's words to them.

A shape is a space-separated pattern: literal words ('deal'), alternatives
('move|moves'), optional literals ('again?'), and typed slots
('{what:cards}', '{n:number?}'). A slot takes the shortest run of words its
reader accepts that lets the rest of the shape match; the readers (cards,
place, player, zone, number, ...) are supplied by the compiler.
"""

from __future__ import annotations

from dataclasses import dataclass

FAIL = object()


@dataclass(frozen=True, slots=True)
class Token:
    """One element of a shape: a literal (with alternatives) or a typed slot."""

    alts: frozenset
    slot: str | None
    type: str | None
    optional: bool


@dataclass(frozen=True, slots=True)
class Shape:
    """A compiled phrase shape."""

    text: str
    tokens: tuple[Token, ...]

    def literals(self) -> list[str]:
        return [a for t in self.tokens if t.slot is None for a in t.alts]

    def first_literal(self) -> str | None:
        for t in self.tokens:
            if t.slot is None:
                return sorted(t.alts)[0]
        return None


def compile_shape(text: str) -> Shape:
    """Compile 'deal {n:number} damage to {what:cards}' into a Shape."""
    toks = []
    for part in text.split():
        if part.startswith("{"):
            name, _, typ = part[1:-1].partition(":")
            opt = typ.endswith("?")
            toks.append(Token(frozenset(), name, typ.rstrip("?"), opt))
        else:
            opt = part.endswith("?")
            alts = part.rstrip("?").lower().split("|")
            if "not" in alts and any(a.endswith("n't") for a in alts):
                # 'does not|doesn't' reads 'does' then one of them: the contraction would
                # need the word before it too, so it never matches as written.
                raise ValueError(f"shape {text!r}: '{part}' mixes 'not' with a contraction, "
                                 "which stands for two words; write the contraction in a "
                                 "shape of its own")
            toks.append(Token(frozenset(alts), None, None, opt))
    return Shape(text, tuple(toks))


def match(shape: Shape, words: tuple, read) -> dict | None:
    """Fit `words` (lower-cased strings, or ('name', text) for card names) to `shape`.

    `read(type, words)` returns the slot's value or FAIL. Returns slot values or None.
    """
    toks = shape.tokens
    first = toks[0] if toks else None
    if first is not None and first.slot is None and not first.optional and (
            not words or words[0].__class__ is not str or words[0] not in first.alts):
        return None                 # the commonest miss, before any set-up: another verb
    out: dict = {}
    n = len(words)

    def go(ti: int, wi: int) -> bool:
        if ti == len(toks):
            return wi == n
        t = toks[ti]
        if t.slot is None:
            if wi < n and isinstance(words[wi], str) and words[wi] in t.alts and go(ti + 1, wi + 1):
                return True
            return t.optional and go(ti + 1, wi)
        nxt = toks[ti + 1] if ti + 1 < len(toks) else None
        for end in range(wi + 1, n + 1):
            if nxt is not None and nxt.slot is None and not nxt.optional:
                if end >= n or not (isinstance(words[end], str) and words[end] in nxt.alts):
                    continue
            elif nxt is None and end != n:
                continue
            val = read(t.type, words[wi:end])
            if val is not FAIL and go(ti + 1, end):
                out[t.slot] = val
                return True
        if t.optional and go(ti + 1, wi):
            out[t.slot] = None
            return True
        return False

    try:
        fits = go(0, 0)
    finally:
        # `go` refers to itself through its closure: a cycle only the collector could free
        # (and a batch compile pauses it). Unbound here, each call's closure is freed at once.
        go = None
    if not fits:
        return None
    return {t.slot: out[t.slot] for t in toks if t.slot is not None and t.slot in out}
