"""Which phrase shapes fit the first words of a phrase, and what they expect next.

When a phrase reads as nothing and no word of it is a near miss of a known word, the
hint says what the language has at the place where the phrase goes wrong: the first
word no shape can take after the words before it ('+1 power': no effect starts with
'+1'; 'Deal 1 fire to ...': after 'deal <number>' comes 'damage'). The fit is a
sketch of the real matcher (language/shapes.py): literals must match, a number slot
takes a number, a signed slot '+N', and any other slot one to a few words the
language knows (or a quoted name).
"""

from __future__ import annotations

from .. import syntax as ast

# A slot of cards, a player or a place seldom runs longer than this ('each other enemy
# minion here').
MAX_SLOT_WORDS = 6
NUMBER_SLOTS = {"number", "count"}
# Only this many first words are fitted: enough for any phrase shape, and an error report on
# a very long phrase stays quick (each further word re-runs the fit of every shape).
MAX_FIT_WORDS = 16


def _takes(token, word: ast.Word, known) -> bool:
    """Can `token` (one element of a shape) take `word` as its first or only word?"""
    if token.slot is None:
        return word.kind == "word" and word.lower in token.alts
    typ = (token.type or "").rstrip("?")
    if typ in NUMBER_SLOTS:
        return word.kind == "number"
    if typ == "signed":
        return word.kind == "signed"
    return word.kind in ("name", "number") or (word.kind == "word" and known(word.text))


def _reach(tokens, words, known, fixed_runs) -> set[int]:
    """The token indices a shape can stand at after reading all of `words`; a slot type in
    `fixed_runs` takes only those runs of words (a player: 'you', 'your opponent')."""
    states = {(0, 0)}
    done: set[int] = set()
    seen = set()
    while states:
        t, w = states.pop()
        if (t, w) in seen:
            continue
        seen.add((t, w))
        if w == len(words):
            done.add(t)
        if t == len(tokens):
            continue
        tok = tokens[t]
        if tok.optional:
            states.add((t + 1, w))
        if w == len(words) or not _takes(tok, words[w], known):
            continue
        if tok.slot is None or (tok.type or "").rstrip("?") in NUMBER_SLOTS | {"signed"}:
            states.add((t + 1, w + 1))
            continue
        runs = fixed_runs.get((tok.type or "").rstrip("?"))
        for n in range(1, MAX_SLOT_WORDS + 1):
            if w + n > len(words) or not _takes(tok, words[w + n - 1], known):
                break
            if runs is None or tuple(x.lower for x in words[w:w + n]) in runs:
                states.add((t + 1, w + n))
    return done


def first_misfit(shapes, words, known, fixed_runs=None) -> tuple[int, list]:
    """(k, [(shape, token index)]): the first k words fit some shapes, word k fits none;
    the pairs say where those shapes stand after the k words. k == len(words) when the
    whole phrase is the start of some shape; a phrase is fitted over its first
    MAX_FIT_WORDS words at most (k is then at most that)."""
    fixed_runs = fixed_runs or {}
    fits: list = [(s, t) for s in shapes
                  for t in sorted(_reach(s.tokens, (), known, fixed_runs))]
    if len(words) > MAX_FIT_WORDS:
        words = words[:MAX_FIT_WORDS]
    for k in range(1, len(words) + 1):
        now = [(s, t) for s in shapes
               for t in sorted(_reach(s.tokens, words[:k], known, fixed_runs))]
        if not now:
            return k - 1, fits
        fits = now
    return len(words), fits


def next_words(fits, render) -> list[str]:
    """What the fitting shapes take next, in words ('damage', '<cards>'), each once;
    `render(shape, token index)` words one element of a shape."""
    out = []
    for shape, t in fits:
        if t < len(shape.tokens):
            word = render(shape, t)
            if word not in out:
                out.append(word)
    return out
