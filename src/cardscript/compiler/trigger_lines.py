"""Lines that hold triggers other than as a trigger line's head: a line of two triggered
abilities ('When this burrows, X. When this unburrows, Y.') and a permanent's plain line
whose first clause is a trigger pattern opening with a word of its own ('For each point of
damage this deals ..., ...').
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import Span
from .copying import copy_with as replace    # dataclasses.replace, its field names found once
from .ability_source import _source
from .diagnose import pointing_into
from .hooks import _hook
from .lower import Lowerer
from .scope import Scope
from .template import AbilityT

TRIGGER_WORDS = ("whenever", "when")


def _one_trigger_each(abilities) -> list:
    """A line of two triggered abilities ('When this burrows, X. When this unburrows, Y.'):
    the grammar reads the second as a sentence of the first's effect; it is an ability of its
    own, from its trigger word to the end of the line."""
    out = []
    for ab in abilities:
        while isinstance(ab, ast.TriggeredAbility) and isinstance(ab.effect, ast.Sequence):
            steps = ab.effect.steps
            cut = next((i for i, s in enumerate(steps) if i and _starts_trigger(s)), None)
            if cut is None:
                break
            head, tail = steps[:cut], steps[cut]
            first = tail.steps[0] if isinstance(tail, ast.Sequence) else tail
            words = first.phrase.words
            lead = words[0]
            body = ast.Sequence(tail.steps[1:], tail.span) if len(tail.steps) > 2 else \
                tail.steps[1]
            rest = tuple(steps[cut + 1:])
            if rest:
                body = ast.Sequence((body,) + rest, tail.span)
            end = ab.effect.span
            effect = head[0] if len(head) == 1 else ast.Sequence(tuple(head), Span(
                end.file, head[0].span.line, head[0].span.column, head[-1].span.end_line,
                head[-1].span.end_column))
            out.append(ast.TriggeredAbility(ab.word, ab.pattern, ab.condition, effect, Span(
                ab.span.file, ab.span.line, ab.span.column, effect.span.end_line,
                effect.span.end_column + 1)))
            ab = ast.TriggeredAbility(lead.text.lower(), ast.Phrase(words[1:], Span(
                first.span.file, words[1].span.line, words[1].span.column,
                first.span.end_line, first.span.end_column)), None, body, Span(
                ab.span.file, lead.span.line, lead.span.column, ab.span.end_line,
                ab.span.end_column))
        out.append(ab)
    return out


def _starts_trigger(node) -> bool:
    """Does this sentence of an effect start with a trigger word and go on after a comma?"""
    if not isinstance(node, ast.Sequence) or len(node.steps) < 2:
        return False
    first = node.steps[0]
    return isinstance(first, ast.Step) and len(first.phrase.words) > 1 and \
        first.phrase.words[0].kind == "word" and \
        first.phrase.words[0].text.lower() in TRIGGER_WORDS


def _opens_a_trigger(step, lang) -> bool:
    """Does this step start with the first word of a pattern whose every shape opens with a
    word ('For every point of damage ...')?"""
    if not isinstance(step, ast.Step) or not step.phrase.words or \
            step.phrase.words[0].kind != "word":
        return False
    leads = lang._memo.get(("__clause_trigger_leads__",))
    if leads is None:          # once a language: the first words of such patterns
        leads = lang._memo[("__clause_trigger_leads__",)] = frozenset(
            w for p in lang.patterns
            if all(s.tokens and s.tokens[0].slot is None for s in p.shapes)
            for s in p.shapes for w in s.tokens[0].alts)
    return step.phrase.words[0].text.lower() in leads


def _clause_trigger(ab, decl, low: Lowerer, scope: Scope) -> AbilityT | None:
    """A permanent's plain line whose first clause is a trigger pattern that opens with a
    word of its own ('For each point of damage this deals to an enemy card, you gain 1 life.'):
    a triggered ability, the clause its trigger and the rest of the sentence its effect.

    Only a pattern whose every shape opens with a word (not a slot) reads so, when the clause
    starts with that word (a pattern opening with a slot, 'a card dies', needs a trigger
    word before it); else None, and the line is read as an ongoing effect."""
    node = ab.effect
    if not isinstance(node, ast.Sequence) or len(node.steps) < 2 or \
            not _opens_a_trigger(node.steps[0], low.lang):
        return None
    phrase = node.steps[0].phrase
    found = low.match_phrase("patterns", phrase) or \
        low.match_phrase("patterns", low.own_words(phrase))
    if found is None:
        return None
    with pointing_into(phrase):
        hook = _hook("", phrase, None, scope, low)
    hook = replace(hook, text=phrase.text)
    rest = node.steps[1:]
    body = rest[0] if len(rest) == 1 else ast.Sequence(tuple(rest), node.span)
    effect = low.lower_effect(body, scope, decl)
    return AbilityT("triggered", _source(ab, decl), ab.span, effect, hook,
                    trace_kind="triggered", targets=tuple(scope.targets))


def _reads_clause_trigger(step, low) -> bool:
    """Is this first clause a trigger pattern opening with a word of its own ('For each
    point of damage ...')? Then the line is one triggered ability (`_clause_trigger`)."""
    return _opens_a_trigger(step, low.lang) and (
        low.match_phrase("patterns", step.phrase) is not None or
        low.match_phrase("patterns", low.own_words(step.phrase)) is not None)
