"""A sentence that adds to the cost of casting a card: 'As an additional cost to cast this,
pay 3 life.' (docs/language.md, "An additional cost of casting").

The ruleset names the sentence's openings (`Language.cast_cost_leads`); the steps after the
opening's comma are the cost. The sentence is a line of its own or the first sentence of a
line ('As an additional cost to cast this, discard a card. Draw two cards.'): the rest
of the line is read as it would be alone. It lowers to an ability of kind "cast cost" whose
effect is the cost's steps, which the ruleset's `cast_costs` checks before anything is paid
and pays as the card is cast. It says nothing when the card resolves.
"""

from __future__ import annotations

from .. import syntax as ast
from .scope import Scope
from .template import AbilityT

KIND = "cast cost"


def _lead(step, leads) -> bool:
    """Is the step the whole opening of a cast cost ('As an additional cost to cast this')?"""
    if not isinstance(step, ast.Step):
        return False
    words = step.phrase.words
    # Most steps differ from every opening at their first word: tested before all are joined.
    if not words or words[0].text.lower().partition(" ")[0] not in _first_words(leads):
        return False
    said = " ".join(w.lower for w in words)
    return said in leads


_FIRST_WORDS: dict = {}     # the openings (a language's `cast_cost_leads`) -> their first words


def _first_words(leads) -> frozenset:
    """The first words of the openings, kept for a tuple of them (the declared type)."""
    found = _FIRST_WORDS.get(leads) if leads.__class__ is tuple else None
    if found is None:
        found = frozenset(lead.partition(" ")[0] for lead in leads)
        if leads.__class__ is tuple:
            _FIRST_WORDS[leads] = found
    return found


def _cost_sentence(node, leads):
    """The cost's steps when `node` is a sentence opening with a lead and going on after its
    comma, else None."""
    if isinstance(node, ast.Sequence) and len(node.steps) > 1 and _lead(node.steps[0], leads):
        rest = node.steps[1:]
        return rest[0] if len(rest) == 1 else ast.Sequence(tuple(rest), _span(rest))
    return None


def split_line(line, leads) -> tuple:
    """(the cost sentence, its steps, the rest of the line) for a line that is or opens with
    a cast cost; (None, None, line) for any other. The rest is None when nothing follows."""
    if not leads or line.__class__ is not ast.EffectLine:
        return None, None, line
    effect = line.effect
    if effect.__class__ is not ast.Sequence:     # one step: no lead with a comma after it
        return None, None, line
    steps = _cost_sentence(effect, leads)
    if steps is not None:                          # the line is the one sentence
        return effect, steps, None
    if isinstance(effect, ast.Sequence) and len(effect.steps) > 1:
        first = effect.steps[0]
        steps = _cost_sentence(first, leads)
        if steps is not None:                      # its first sentence, then the rest
            rest = effect.steps[1:]
            body = rest[0] if len(rest) == 1 else ast.Sequence(tuple(rest), _span(rest))
            return first, steps, ast.EffectLine(effect=body, span=body.span)
    return None, None, line


def lower_cost(sentence, steps, decl, low, text: str) -> AbilityT:
    """The ability of a cast cost: its steps lowered as an effect of their own (an 'it' in
    them names what they name, never the card's other lines)."""
    scope = Scope()
    effect = low.lower_effect(steps, scope, decl)
    return AbilityT(KIND, text, sentence.span, effect, trace_kind=KIND,
                    targets=tuple(scope.targets))


def _span(nodes):
    a, b = nodes[0].span, nodes[-1].span
    return type(a)(a.file, a.line, a.column, b.end_line, b.end_column)
