"""Keyword lists: is a part of a line a keyword of the language, a line of sentences that
are each a keyword list ('Elusive. Skirmish.') read as the keyword line it stands for
(docs/language.md, "Keyword lines"), and the checked keywords and values of a line."""

from __future__ import annotations

from .. import syntax as ast
from ..errors import SemanticError, Span
from .diagnose import keyword_error, unruled_keyword
from .forms import keyword_parts

_STARTS = ("__effect_starts__",)       # the key of the language memo `_effect_starts` fills


def keyword_sentences(ab, lang) -> list:
    """A line of sentences that are each a keyword list ('Elusive. Skirmish.', 'Taunt.'), as
    the keyword lines they stand for; [] for any other line. A sentence whose first word
    starts an effect ('Burrow.': the verb, done to the card itself) stays an effect."""
    if not isinstance(ab, ast.EffectLine):
        return []
    node = ab.effect
    steps = node.steps if node.__class__ is ast.Sequence else (node,)
    openers = _keyword_openers(lang)
    for st in steps:                       # most lines fail here, on their first word
        if st.__class__ is not ast.Step or not st.phrase.words or \
                st.phrase.words[0].text.lower().rstrip(",;") not in openers:
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


_OPENERS = ("__keyword_openers__",)     # the key of the memo `_keyword_openers` fills


def _keyword_openers(lang) -> frozenset:
    """The first words of the language's keywords (kept in its memo)."""
    found = lang._memo.get(_OPENERS)
    if found is None:
        found = lang._memo[_OPENERS] = frozenset(k.split()[0] for k in lang.keywords if k)
    return found


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


def keyword_values(ab, lang, kind: str | None = None) -> dict:
    """The keywords of a keyword line, each with its value (True or a number), checked: a
    known keyword, with rules, a number only on a keyword that takes one, and, on a card of
    `kind`, a keyword that means something on that kind (`lang.keyword_kinds`)."""
    out = {}
    for part in keyword_parts(ab.text):
        words = part.strip().lower().split()
        value = True
        if words and is_value(words[-1]):
            value = int(words.pop())
        key = " ".join(words)
        if key not in lang.keywords:
            raise keyword_error(ab, part.strip(), key, lang)
        if lang.keywords[key] not in lang.keyword_rules:
            raise unruled_keyword(lang.keywords[key], _part_span(ab, part.strip()), lang)
        if value is not True and lang.keywords[key] not in lang.valued_keywords:
            raise SemanticError(f"keyword '{part.strip()}': "
                                f"{lang.keywords[key]} takes no number", ab.span,
                                code="E204", hint=f"write '{key}' alone" + (
                                    "; keywords that take one: " + ", ".join(
                                        sorted(lang.valued_keywords))
                                    if lang.valued_keywords else ""))
        kinds = lang.keyword_kinds.get(lang.keywords[key])
        if kind is not None and kinds and kind not in kinds:
            raise SemanticError(f"keyword '{part.strip()}' on {_a(kind)}: it means something "
                                f"only on {_kinds_words(kinds)}", _part_span(ab, part.strip()),
                                code="E216", hint=f"{lang.keywords[key]}: "
                                f"{lang.keyword_rules.get(lang.keywords[key], '')}".rstrip(": "))
        out[lang.keywords[key]] = value
    return out


def _kinds_words(kinds) -> str:
    """The kinds a keyword stands on, in words, joined by 'or'."""
    return " or ".join(_a(k) for k in sorted(kinds))


def _a(kind: str) -> str:
    return ("an " if kind[:1] in "aeiou" else "a ") + kind


def _part_span(line, part: str) -> Span:
    """The span of one keyword of a keyword line ('Charge' in 'Airborne, Charge')."""
    sp = line.span
    at = line.text.find(part)
    if at < 0 or sp.line != sp.end_line:
        return sp
    return Span(sp.file, sp.line, sp.column + at, sp.line, sp.column + at + len(part))
