"""The steps of one sentence regrouped before they are lowered: a step after 'and' that
reads only with the one before joins it ('destroy each unit and artifact'), words that open
a sentence belong to each step after them ('This turn, ...'), a participle says how the step
before it is done ('..., drawing it one step closer'), and steps joined by ', or' are the
options of one choice ('Draw a spell, or lose 2 life'). Each regrouping is kept only when
the result reads; else the steps stay as written."""

from __future__ import annotations

from .. import syntax as ast
from ..errors import SemanticError, Span
from .copying import copy_with
from .granted_steps import fold_granted
from .scope import Scope


def merge_participles(low, steps: list, scope: Scope, card) -> list:
    """'lure an enemy card, drawing it one step closer': a step that opens with a
    participle ('-ing') and reads as nothing alone says how the step before it is done,
    when the two read as one phrase (a shape of the ruleset holds both). Tried on a copy
    of the scope, so a failed reading leaves no trace."""
    out: list = []
    for s in steps:
        prev = out[-1] if out else None
        if isinstance(s, ast.Step) and isinstance(prev, ast.Step) and \
                s.phrase.words[0].kind == "word" and \
                s.phrase.words[0].text.lower().endswith("ing") and \
                low.match_phrase("verbs", s.phrase) is None:
            merged = ast.Phrase(prev.phrase.words + s.phrase.words, Span(
                prev.span.file, prev.span.line, prev.span.column, s.span.end_line,
                s.span.end_column))
            try:
                low.lower_step(merged, scope.trial(), card)
            except SemanticError:
                out.append(s)
                continue
            out[-1] = ast.Step(merged, merged.span)
            continue
        out.append(s)
    return out


def _starts_with_or(node) -> bool:
    return isinstance(node, ast.Step) and len(node.phrase.words) > 1 and \
        node.phrase.words[0].lower == "or"


def comma_or(steps, reads) -> list:
    """'Draw a spell, or lose 2 life' (and 'A, B, or C'): the plain steps before a step that
    opens with 'or', and that step, are the options of one choice (as 'choose one: A; or B'),
    when each reads as an effect on its own (`reads`); else the steps stay as they are."""
    at = next((i for i, s in enumerate(steps) if i > 0 and _starts_with_or(s)), None)
    if at is None:
        return steps
    first = at
    while first > 0 and steps[first - 1].__class__ is ast.Step and \
            not _starts_with_or(steps[first - 1]):
        first -= 1
    options = steps[first:at + 1]
    if len(options) < 2 or not all(reads(o) for o in options):
        return steps
    span = options[0].span
    choice = ast.Choose(count=1, options=tuple(options),
                        span=Span(span.file, span.line, span.column, options[-1].span.end_line,
                                  options[-1].span.end_column))
    return steps[:first] + [choice] + comma_or(steps[at + 1:], reads)


def effect_text(node) -> str:
    if isinstance(node, ast.Step):
        ws = node.phrase.words
        if ws and ws[0].lower == "or":
            ws = ws[1:]
        return " ".join(w.text for w in ws)
    if isinstance(node, ast.Sequence):
        return ", ".join(effect_text(s) for s in node.steps)
    body = getattr(node, "body", None)
    return effect_text(body) if body is not None else ""


def merge_and(steps, lowerer, tail=()):
    """'destroy each unit and artifact': a step that is no verb phrase joins the one before;
    so does a stat change with no subject ('+1 power this turn', a verb phrase of its own),
    which shares the subject said before 'and' ('Give X a keyword and +1 power this turn',
    'X gains a keyword and +1 power this turn'), when the two read as one; and a step that
    reads as nothing alone joins the verb phrase after it when the two read as one verb
    ('ready and fight with X' beside 'fight with X'). `tail`: words the steps will end with
    once joined (a sentence's lead, `lead_words`), read with them."""
    out = []
    for i, s in enumerate(steps):
        inner = s
        wrappers = []
        while isinstance(inner, (ast.Repeat, ast.OneAtATime, ast.AllAtOnce)):
            wrappers.append(inner)
            inner = inner.body
        joins = out and isinstance(inner, ast.Step) and isinstance(out[-1], ast.Step) and \
            not inner.phrase.words[0].lower in ("you", "may", "or", "then") and \
            (lowerer.match_phrase("verbs", inner.phrase) is None or
             _signed_first(inner) or _reads_as_nothing(out[-1], lowerer))
        if joins and not wrappers and i + 1 < len(steps) and \
                not _reads_joined(out[-1], inner, lowerer, tail):
            # 'X gains +2 power, +1 Movement and a keyword this turn': only the whole list
            # reads, its last step saying how long
            whole = _joined_all(out[-1], steps[i:], lowerer, tail)
            if whole is not None:
                out[-1] = whole
                return out
        if joins and _reads_joined(out[-1], inner, lowerer, tail):
            prev = out.pop()
            and_word = ast.Word("and", "word", prev.phrase.span)
            merged = ast.Phrase(prev.phrase.words + (and_word,) + inner.phrase.words,
                                Span(prev.span.file, prev.span.line, prev.span.column,
                                     inner.span.end_line, inner.span.end_column))
            node = ast.Step(merged, merged.span)
            for w in reversed(wrappers):
                node = copy_with(w, body=node)
            out.append(node)
        else:
            out.append(s)
    return out


def _joined_all(prev, rest, lowerer, tail):
    """`prev` and every step of `rest` joined by 'and' as one step, when each of `rest` is a
    plain step and the whole reads (ending with `tail`); else None."""
    if not all(s.__class__ is ast.Step and
               s.phrase.words[0].lower not in ("you", "may", "or", "then") for s in rest):
        return None
    words = prev.phrase.words
    for s in rest:
        words = words + (ast.Word("and", "word", prev.phrase.span),) + s.phrase.words
    if not _reads(lowerer, ast.Phrase(words + tuple(tail), prev.phrase.span)):
        return None
    last = rest[-1].span
    phrase = ast.Phrase(words, Span(prev.span.file, prev.span.line, prev.span.column,
                                    last.end_line, last.end_column))
    return ast.Step(phrase, phrase.span)


def lead_words(steps, lowerer):
    """'This turn, an ally gains +3 power and Stealth': words that open a sentence and are no
    step of their own ('this turn', 'until your next turn') belong to every step after them,
    as if written at the end of each; steps after 'and' that read as one with those words
    join first ('an ally gains +3 power and Stealth this turn'). Only when each step then
    reads; when some do and another does not, that one is an error (E201: it has no
    version with those words); when none does, the steps are left as written (and the first
    is reported as it stands)."""
    if len(steps) < 2 or not all(isinstance(s, ast.Step) for s in steps):
        return steps
    lead = steps[0].phrase
    if _reads(lowerer, lead):
        return steps            # a step of its own ('These Drakelings shoot ...'), no lead
    # '... and whenever it wins a fight, ready it': a trigger given, lasting as the lead says
    steps = [steps[0]] + fold_granted(steps[1:], lambda p: _reads(lowerer, ast.Phrase(
        p.words + lead.words, p.span)))
    out, unread = [], None
    for s in merge_and(steps[1:], lowerer, tail=lead.words):
        if not isinstance(s, ast.Step):
            return steps
        words = s.phrase.words + lead.words
        phrase = ast.Phrase(words, Span(s.span.file, s.span.line, s.span.column,
                                        s.span.end_line, s.span.end_column))
        if not _reads(lowerer, phrase):
            unread = unread or s
        out.append(ast.Step(phrase, phrase.span))
    if unread is None:
        return out
    if len(out) > 1 and len(out) > sum(1 for s in out if not _reads(lowerer, s.phrase)):
        said = " ".join(w.text for w in lead.words)
        step = " ".join(w.text for w in unread.phrase.words)
        raise SemanticError(f"'{said}' opens this sentence, so it says how long each step "
                            f"after it lasts, but '{step}' has no form that lasts "
                            f"'{said.lower()}'", unread.span, code="E201",
                            hint=f"give that step a sentence of its own, or write only "
                                 f"effects that last after '{said},'")
    return steps


def _reads(lowerer, phrase) -> bool:
    """Is the phrase a verb phrase, as written or in its own words ('this Drake')?"""
    return lowerer.match_phrase("verbs", phrase) is not None or \
        lowerer.match_phrase("verbs", lowerer.own_words(phrase)) is not None


def _signed_first(step) -> bool:
    """Does the step open with a signed number ('+1 power this turn')?"""
    w = step.phrase.words[0].text
    return w[:1] in "+-" and w[1:].isdecimal()


def _reads_as_nothing(step, lowerer) -> bool:
    """Is the step no verb phrase, as written or in its own words?"""
    return lowerer.match_phrase("verbs", step.phrase) is None and \
        lowerer.match_phrase("verbs", lowerer.own_words(step.phrase)) is None


def _reads_joined(prev, step, lowerer, tail=()) -> bool:
    """Join a step to the one before only if the two read as one verb phrase (ending with
    `tail`); a typo in the second step is then reported as itself, not as part of a merged
    phrase."""
    words = prev.phrase.words + (ast.Word("and", "word", prev.phrase.span),) + \
        step.phrase.words + tuple(tail)
    phrase = ast.Phrase(words, prev.phrase.span)
    return lowerer.match_phrase("verbs", phrase) is not None or \
        lowerer.match_phrase("verbs", lowerer.own_words(phrase)) is not None   # 'this Drake'
