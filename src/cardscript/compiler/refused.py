"""A line that failed to read, told as a wording the game gives no meaning (E217).

The language's `refused_wordings` (language/refused_wordings.py) name wordings with no rule
behind them in the game, each with the reason. An error from reading a line (E201, E205,
E210: words that read as nothing, a reference to nothing, a plain line that is no ongoing
effect) on a line that fits one becomes E217, at the refused words, with that reason and what
to write instead. Every other error stays as it was.
"""

from __future__ import annotations

from ..errors import SemanticError, Span
from ..language.refused_wordings import refused_in

# The errors of a line that did not read; a refused wording says why better than they do.
RECAST = frozenset({"E201", "E205", "E210"})


def as_refused(err, lang, lines):
    """`err`, or the E217 it is when its line fits one of the language's refused wordings."""
    span = getattr(err, "span", None)
    if not lang.refused_wordings or getattr(err, "code", None) not in RECAST or span is None \
            or not 0 < span.line <= len(lines):
        return err
    found = refused_in(lang.refused_wordings, lines[span.line - 1])
    if found is None:
        return err
    wording, match = found
    # The refused words: the match's group 'at' (or 'kind'), else the whole match.
    group = next((g for g in ("at", "kind") if match.groupdict().get(g) is not None), 0)
    at = Span(span.file, span.line, match.start(group) + 1, span.line, match.end(group) + 1)
    return SemanticError(f"cannot read '{match.group(group)}': {wording.why}", at,
                         code="E217", hint=wording.hint)
