"""A line of several ongoing effects: steps the grammar split at ',' and 'and' joined back
where together they read as one ongoing effect, and a second effect written without its
subject given the subject of the one before it.
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import Span

PRONOUNS = frozenset({"they"})


def _shared_subject(prev, step, low):
    """'These cost less and require less': a second ongoing effect written without its
    subject shares the one before it. The step as it is
    when it reads as an ongoing effect; else with the longest run of the previous step's
    first words before it that makes it one (the subject); else as it is (its error)."""
    if not isinstance(prev, ast.Step):
        return step
    words = prev.phrase.words
    if step.phrase.words and step.phrase.words[0].text.lower() in PRONOUNS:
        # 'Nearby relics become minions ... They must attack if able.': the pronoun names
        # what the sentence before named, read as its subject.
        rest = step.phrase.words[1:]
        for n in range(len(words) - 1, 0, -1):
            phrase = ast.Phrase(words[:n] + rest, step.phrase.span)
            if low.match_phrase("statics", phrase) is not None:
                return ast.Step(phrase, step.span)
    if low.match_phrase("statics", step.phrase) is not None:
        return step
    for n in range(len(words) - 1, 0, -1):
        phrase = ast.Phrase(words[:n] + step.phrase.words, step.phrase.span)
        if low.match_phrase("statics", phrase) is not None:
            return ast.Step(phrase, step.span)
    return step


def _group_statics(steps, low) -> list:
    """'This site is both a Tower and a River.', 'no damage from Demons, Spirits, and
    Undead.': the grammar reads ',' and 'and' as joining steps. Steps that are no ongoing
    effect alone join the step before them when all read together as one ongoing effect
    (as `sentence_steps.merge_and` joins an effect's nouns); the longest such run is taken."""
    out, i = [], 0
    while i < len(steps):
        first, joined = steps[i], None
        if isinstance(first, ast.Step):
            words = first.phrase.words
            for j in range(i + 1, len(steps)):
                nxt = steps[j]
                if not isinstance(nxt, ast.Step) or _reads_static(nxt.phrase, low):
                    break
                words += (ast.Word("and", "word", nxt.phrase.span),) + nxt.phrase.words
                span = Span(first.span.file, first.span.line, first.span.column,
                            nxt.span.end_line, nxt.span.end_column)
                if _reads_static(ast.Phrase(words, span), low):
                    joined = (ast.Step(ast.Phrase(words, span), span), j + 1)
        if joined is None:
            out.append(first)
            i += 1
        else:
            out.append(joined[0])
            i = joined[1]
    return out


def _reads_static(phrase, low) -> bool:
    return low.match_phrase("statics", phrase) is not None or \
        low.match_phrase("statics", low.own_words(phrase)) is not None
