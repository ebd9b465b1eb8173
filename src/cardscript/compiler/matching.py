"""Phrase matching: which entry of a language's vocabulary a phrase is, and its arguments.

The lowering pass (lower.py) asks this of every phrase of every card, and a pool repeats its
phrases, so the answer is kept in the language's memo (`Language._memo`), keyed by the
phrase's words with each card name standing as one placeholder. A table's shapes are indexed
by the word that must open them, and a shape whose required words the phrase lacks is not
tried: `shapes.match` would cut the phrase into slots and read each cut before it found out.
"""

from __future__ import annotations

from sys import intern as _intern

from .. import syntax as ast
from ..language.shapes import match


def _words(phrase: ast.Phrase) -> tuple:
    """The phrase's words in lower case, a card name as ("name", text): what shapes read."""
    low = _LOWER
    return tuple([(low.get(w.text) or _lower(w.text)) if w.kind != "name" else
                  ("name", w.text) for w in phrase.words])


_LOWER: dict = {}        # a word as written -> its lower case, interned (a pool repeats words)
_LOWER_MAX = 1 << 16


def _lower(text: str) -> str:
    """`text.lower()`, interned and kept: the memo keys made of it then hash in no time."""
    got = _intern(text.lower())
    if len(_LOWER) >= _LOWER_MAX:
        _LOWER.clear()
    _LOWER[text] = got
    return got


# The phrase memo (per language) holds at most this many entries; when full it starts over.
MEMO_MAX = 20_000
# What stands for any card name in a memo key: a word is a string, a name ("name", text).
_ANY_NAME = ("name",)


_SHAPES_BY_FIRST_MAX = 4096      # first words kept a table (each a list of its shapes)


def _opening(shape) -> frozenset | None:
    """The words a phrase must open with to fit the shape, when it opens with a required
    literal (`shapes.match` refuses any other first word, or a card name, before anything
    else); None when it opens with a slot or an optional word."""
    tok = shape.tokens[0] if shape.tokens else None
    if tok is not None and tok.slot is None and not tok.optional:
        return tok.alts
    return None


def _needs(shape) -> tuple:
    """The alternatives of each literal the shape requires (not optional), as sets: a phrase
    none of whose words is in one of them cannot fit the shape (`match` would try every way of
    cutting it into slots, reading each, before it found that out)."""
    return tuple([tok.alts for tok in shape.tokens if tok.slot is None and not tok.optional])


def _said(words: tuple) -> frozenset:
    """The plain words of a phrase (`_words`; card names left out): what `_lacks` tests."""
    return frozenset([w for w in words if w.__class__ is str])


def _lacks(needs: tuple, said: frozenset) -> bool:
    """Does the phrase lack every alternative of some literal the shape requires?"""
    for alts in needs:
        if alts.isdisjoint(said):
            return True
    return False


def match_phrase(lang, reader, table: str, phrase: ast.Phrase, words: tuple | None = None):
    """The entry of `lang`'s `table` the phrase is and its arguments, (spec, ((slot, value),
    ...)), or None: the first shape, in the table's order, that reads it."""
    # `words`: the phrase's `_words`, when the caller has them already.
    # Card names are kept out of the memo's key: whether a phrase reads never depends on
    # which card it names, so 'deal 2 damage to "A"' and '... "B"' share one entry (a
    # pool names many cards; the memo stays small). Such an entry keeps the shape that
    # read the phrase, and that one shape reads each later phrase with its own names.
    if words is None:
        words = _words(phrase)
    named = False
    for w in words:
        if w.__class__ is tuple:
            named = True
            break
    key = (table, tuple([_ANY_NAME if w.__class__ is tuple else w for w in words])
           if named else words)
    memo = lang._memo
    found = memo.get(key, memo)
    if found is memo:
        found = None
        said = _said(words)
        read = reader.read
        for spec, shape, needs in shapes_for(lang, table, words):
            for alts in needs:                  # _lacks, inline: tried for every shape
                if alts.isdisjoint(said):
                    break
            else:
                args = match(shape, words, read)
                if args is not None:
                    found = (spec, shape, tuple(args.items()))
                    break
        if len(memo) >= MEMO_MAX:
            memo.clear()
        memo[key] = found
    elif found is not None and named:
        args = match(found[1], words, reader.read)
        if args is None:                        # (a shape that reads one name only)
            return match_unmemoised(lang, reader, table, words)
        return found[0], tuple(args.items())
    return None if found is None else (found[0], found[2])


def match_unmemoised(lang, reader, table: str, words: tuple, no_decider: bool = False):
    """`match_phrase` without the memo, from the phrase's `_words`; with `no_decider`, a shape
    that reads 'they' as the player who decided a 'may' is passed over."""
    said = _said(words)
    for spec, shape, needs in shapes_for(lang, table, words):
        if needs and _lacks(needs, said):
            continue
        args = match(shape, words, reader.read)
        if args is not None:
            if no_decider and "decider" in args.values():
                continue
            return spec, tuple(args.items())
    return None


def shapes_for(lang, table: str, words: tuple) -> list:
    """(spec, shape, needs) of the table, in its order, less the shapes that open with a
    word other than the phrase's first (which `match` would refuse at once): a list kept
    per language and first word, in the language's memo. `needs` are the alternatives of
    the shape's required literals (`_needs`)."""
    memo = lang._memo
    key = ("__shapes__", table)
    index = memo.get(key)
    if index is None:
        # Each row's place in the table, under each word that may open it (a shape that
        # opens with a slot or an optional word under None: any phrase may fit it). A
        # row's (spec, shape, needs) is made once and shared by every first word's list.
        rows = []
        opening: dict = {None: []}
        for spec in getattr(lang, table):
            for shape in spec.shapes:
                opens = _opening(shape)
                for word in (None,) if opens is None else opens:
                    opening.setdefault(word, []).append(len(rows))
                rows.append((spec, shape, _needs(shape)))
        index = memo[key] = ({}, rows, opening)
    by_first, rows, opening = index
    first = words[0] if words else None
    if first.__class__ is not str:
        first = None                    # a card name or no word: no literal opens with it
    found = by_first.get(first)
    if found is None:
        # The rows any phrase may fit and those this word opens, in the table's order.
        at = opening[None] if first is None else sorted(opening[None] +
                                                        opening.get(first, []))
        found = [rows[i] for i in at]
        if len(by_first) < _SHAPES_BY_FIRST_MAX:
            by_first[first] = found
    return found
