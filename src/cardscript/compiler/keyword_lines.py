"""Keyword lists: is a part of a line a keyword of the language, and a line of sentences
that are each a keyword list ('Elusive. Skirmish.') read as the keyword line it stands for
(docs/language.md, "Keyword lines")."""

from __future__ import annotations

from .. import syntax as ast
from .forms import keyword_parts

_STARTS = ("__effect_starts__",)       # the key of the language memo `_effect_starts` fills


def keyword_sentences(ab, lang) -> list:
    """A line of sentences that are each a keyword list ('Elusive. Skirmish.', 'Taunt.'), as
    the keyword lines they stand for; [] for any other line. A sentence whose first word
    starts an effect ('Burrow.': the verb, done to the card itself) stays an effect."""
    if not isinstance(ab, ast.EffectLine):
        return []
    node = ab.effect
    steps = node.steps if isinstance(node, ast.Sequence) else (node,)
    if not steps or not all(isinstance(st, ast.Step) for st in steps):
        return []
    starts = _effect_starts(lang)
    out = []
    for st in steps:
        text = st.phrase.text
        first = text.split()[0].lower() if text.split() else ""
        if first in starts or not all(is_keyword(p, lang) for p in keyword_parts(text)):
            return []
        out.append(ast.KeywordLine(text=text, span=st.span))
    return out


def _effect_starts(lang) -> frozenset:
    """The first words of the language's verb shapes (kept in its memo)."""
    found = lang._memo.get(_STARTS)
    if found is None:
        found = lang._memo[_STARTS] = frozenset(
            a for v in lang.verbs for sh in v.shapes for t in sh.tokens[:1]
            if t.slot is None for a in t.alts)
    return found


def is_keyword(part: str, lang) -> bool:
    """Is one part of a keyword list a keyword of the language (with its value, if any)?"""
    words = part.strip().lower().split()
    if words and is_value(words[-1]):
        words.pop()
    return bool(words) and " ".join(words) in lang.keywords


def is_value(word: str) -> bool:
    """A keyword's value: a number, signed or not ('Hazardous 2', 'Range +1')."""
    return word.isdecimal() or (word[:1] in "+-" and word[1:].isdecimal())
