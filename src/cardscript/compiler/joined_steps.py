"""Steps the commas of a sentence split that are one step: a list of piles after 'from'
('summon ... from your deck, hand, or discard pile') and a rounding ('lose half your life,
rounding up').

The sentence grammar splits an effect at its commas, so such a list arrives as one step that
ends 'from your deck' and steps that are a pile word alone ('hand', 'or discard').
`join_piles` puts them back into one step, the piles joined by 'or' ('from your deck or
hand or discard'), which the `piles` slot reader (language/players.py `read_piles`) reads.
Only words the language names as zones are joined; any other step is left as written.
A list of card kinds ('another creature, relic or empty place nearby') is joined the
same way (`join_kinds`), the kinds joined by 'or', which the `cards` slot reads.
A step that is only 'rounding up' (or 'rounding down', 'rounded up', 'rounded down') joins
the step before it, whose verb says what is rounded (`join_rounding`).

Two whole clauses joined by 'or' ('Sacrifice the caster or lose 3 life') are a choice
between them when each reads as an effect by itself (`clause_choice`); 'Play or draw a site',
two verbs sharing their words, is forms.py `verb_choice`.
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import Span


def _pile_word(step, zones) -> list | None:
    """The words of a step that is one pile, with an 'or' / 'and' before it, else None."""
    if not isinstance(step, ast.Step):
        return None
    ws = step.phrase.words
    low = [w.text.lower() for w in ws]
    if len(low) == 1 and low[0] in zones:
        return list(ws)
    if len(low) == 2 and low[0] in ("or", "and") and low[1] in zones:
        return list(ws)
    return None


def join_piles(steps: list, zones) -> list:
    """Join the steps of a pile list to the step whose last words are 'from ... <pile>'."""
    if len(steps) < 2 or not zones:
        return steps
    out: list = []
    for s in steps:
        prev = out[-1] if out else None
        more = _pile_word(s, zones)
        if more is not None and isinstance(prev, ast.Step) and _ends_in_pile(prev, zones):
            words = prev.phrase.words
            if more[0].text.lower() not in ("or", "and"):
                more = [ast.Word("or", "word", s.span)] + more
            span = Span(prev.span.file, prev.span.line, prev.span.column,
                        s.span.end_line, s.span.end_column)
            phrase = ast.Phrase(words + tuple(more), span)
            out[-1] = ast.Step(phrase, span)
        else:
            out.append(s)
    return out


def _ends_in_pile(step, zones) -> bool:
    """Does the step end 'from WHOSE PILE (or PILE)*', whose a word or two ('your', 'an
    opponent's')?"""
    low = [w.text.lower() for w in step.phrase.words]
    i = len(low) - 1
    if i < 2 or low[i] not in zones:
        return False
    while i >= 2 and low[i - 1] in ("or", "and") and low[i - 2] in zones:
        i -= 2
    return "from" in low[max(0, i - 3):i - 1]


def _kind_word(step, nouns, kind_traits) -> list | None:
    """The words of a step that goes on a list of card kinds ('relic', 'or empty place
    nearby'): it starts with a kind's singular noun (after an 'or' / 'and', or an adjective
    of that kind), which no effect does; else None."""
    if not isinstance(step, ast.Step):
        return None
    ws = step.phrase.words
    low = [w.text.lower() for w in ws]
    i = 1 if low[:1] in (["or"], ["and"]) else 0
    if low[i:i + 1] and low[i] in kind_traits:
        i += 1
    return list(ws) if i < len(low) and low[i] in nouns else None


def join_kinds(steps: list, nouns, kind_traits) -> list:
    """Join the steps of a list of kinds ('banish another creature, relic or empty place
    nearby') to the step whose last word is a kind's singular noun, joined by 'or' (which the
    `cards` slot reads as any one of the kinds)."""
    if len(steps) < 2:
        return steps
    out: list = []
    for s in steps:
        prev = out[-1] if out else None
        more = _kind_word(s, nouns, kind_traits)
        if more is not None and isinstance(prev, ast.Step) and \
                prev.phrase.words[-1].text.lower() in nouns and len(prev.phrase.words) > 1:
            if more[0].text.lower() not in ("or", "and"):
                more = [ast.Word("or", "word", s.span)] + more
            span = Span(prev.span.file, prev.span.line, prev.span.column,
                        s.span.end_line, s.span.end_column)
            out[-1] = ast.Step(ast.Phrase(prev.phrase.words + tuple(more), span), span)
        else:
            out.append(s)
    return out


ROUNDINGS = frozenset({("rounding", "up"), ("rounding", "down"), ("rounded", "up"),
                       ("rounded", "down")})


def join_rounding(steps: list) -> list:
    """Join a step that is only a rounding to the step before it."""
    if len(steps) < 2:
        return steps
    out: list = []
    for s in steps:
        prev = out[-1] if out else None
        if isinstance(s, ast.Step) and isinstance(prev, ast.Step) and \
                tuple(w.text.lower() for w in s.phrase.words) in ROUNDINGS:
            span = Span(prev.span.file, prev.span.line, prev.span.column,
                        s.span.end_line, s.span.end_column)
            phrase = ast.Phrase(prev.phrase.words + s.phrase.words, span)
            out[-1] = ast.Step(phrase, span)
        else:
            out.append(s)
    return out


def clause_choice(phrase: ast.Phrase, reads) -> tuple | None:
    """The two clauses of 'CLAUSE or CLAUSE' when `reads(phrase)` is true of each, else None.
    The first 'or' that splits the phrase so is taken."""
    words = phrase.words
    for i in range(1, len(words) - 1):
        w = words[i]
        if w.kind != "word" or w.text.lower() != "or":
            continue
        left, right = words[:i], words[i + 1:]
        first = ast.Phrase(left, Span(phrase.span.file, left[0].line, left[0].column,
                                      left[-1].end_line, left[-1].end_column))
        second = ast.Phrase(right, Span(phrase.span.file, right[0].line, right[0].column,
                                        right[-1].end_line, right[-1].end_column))
        if reads(first) and reads(second):
            return first, second
    return None
