"""A list of piles after 'from': 'summon ... from your spellbook, hand, or cemetery'.

The sentence grammar splits an effect at its commas, so such a list arrives as one step that
ends 'from your spellbook' and steps that are a pile word alone ('hand', 'or cemetery').
`join_piles` puts them back into one step, the piles joined by 'or' ('from your spellbook or
hand or cemetery'), which the `piles` slot reader (language/reader.py `read_piles`) reads.
Only words the language names as zones are joined; any other step is left as written.
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
    low = [w.text.lower() for w in step.phrase.words]
    return len(low) >= 3 and low[-1] in zones and "from" in low[-5:]
