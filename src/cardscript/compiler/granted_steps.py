"""A triggered ability given in a list of gains ('This turn, a unit gains +2 power, a
keyword and whenever it wins a fight, ready it.'; or with the ability in quotes: '... and
"Whenever it wins a fight, ready it".'): the trigger and the steps after it are the words
of one ability, given to what the step before names ('it gains "..."', 'it' then naming what
that step chose), so it lasts as the sentence's lead says (sentence_steps.py `lead_words`).

Kept only when the new step reads; else the steps stay as written (and are reported as
they stand).
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import Span
from ..language.quoted_abilities import is_quoted_ability

# The words a trigger written in a list opens with (the grammar's trigger words).
TRIGGER_WORDS = frozenset({"whenever", "when", "after"})
GIVE = ("it", "gains")        # what the folded step says: the card named before gains it


def _opens_trigger(step) -> bool:
    w = step.phrase.words[0]
    return w.kind == "word" and w.lower in TRIGGER_WORDS


def _quoted(step) -> bool:
    ws = step.phrase.words
    return len(ws) == 1 and ws[0].kind == "name" and is_quoted_ability(ws[0].text)


def fold_granted(steps: list, reads) -> list:
    """`steps` with a trigger given in a list folded into one step 'it gains "..."', when
    that step reads (`reads(phrase)`); else `steps` as they are."""
    if len(steps) < 2:
        return steps
    for i in range(1, len(steps)):
        s = steps[i]
        if not isinstance(s, ast.Step) or not isinstance(steps[i - 1], ast.Step):
            continue
        if _quoted(s):
            rest, word = steps[i + 1:], s.phrase.words[0]
        elif _opens_trigger(s) and i + 1 < len(steps) and \
                all(isinstance(r, ast.Step) for r in steps[i + 1:]):
            # the trigger runs to the sentence's end: its words, as if written in quotes
            # (the span starts one column before them, where a quote would stand)
            last = steps[-1].span
            word = ast.Word(", ".join(r.phrase.text for r in steps[i:]), "name",
                            Span(s.span.file, s.span.line, s.span.column - 1,
                                 last.end_line, last.end_column))
            rest = []
        else:
            continue
        at = s.span
        give = tuple(ast.Word(w, "word", at) for w in GIVE)
        phrase = ast.Phrase(give + (word,), at)
        if not reads(phrase):
            return steps
        return steps[:i] + [ast.Step(phrase, at)] + rest
    return steps
