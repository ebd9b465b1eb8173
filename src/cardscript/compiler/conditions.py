"""Conditions in card text: a condition phrase read against the ruleset's conditions ('if
it is an ally', 'if you do'), and a conditional effect ('If X, Y', 'Y as long as X')."""

from __future__ import annotations

from .. import syntax as ast
from ..errors import SemanticError
from ..language.selectors import Selector
from .copying import copy_with
from .diagnose import pointing_into
from .predicates import not_a_description, predicate_slots, resolve_predicate
from .scope import Scope
from .template import CondT, IfT


def lower_conditional(low, node: ast.Conditional, scope: Scope, card):
    """'If X, Y' (and 'Y as long as X'): an IfT of its conditions and its body; 'X as long as
    Y' when one verb's shape holds both reads as that verb (it makes X last while Y does)."""
    whole = _lasting_phrase(node)
    if whole is not None and low._reads_alone(whole):
        return low.lower_step(whole, scope, card)
    conds = tuple(lower_condition(low, p, scope) for p in node.condition.parts)
    body = _same_subject(node)          # 'If it can't, it banishes ...'
    return IfT(conds, low.lower_effect(body, scope, card))


def lower_condition(low, phrase: ast.Phrase, scope: Scope) -> CondT:
    """A condition phrase as the ruleset's condition it is (E201 if none; E215 for 'CARDS is
    a WORDS' whose words describe no cards), its cards resolved, a predicate after 'is' /
    'are' as a description (predicates.py); 'if you do' with no 'may' of yours before it is
    E205 (`no_answer`)."""
    found = low.match_in_scope("conditions", phrase, scope)
    if found is None:
        own = low.own_words(phrase)                  # 'this Dragon', its own name
        if own is not phrase:
            return low.lower_condition(own, scope)
        raise not_a_description(low, phrase) or \
            low._unknown("conditions", phrase, "the condition")
    spec, args = found
    if spec.reads_answer is not None and spec.reads_answer not in scope.answered:
        raise no_answer(spec.reads_answer, phrase)
    predicates = predicate_slots(spec)
    with pointing_into(phrase):
        if not predicates:
            args = low._resolve_args(args, scope, phrase.span, its=True)
        else:             # 'it is an allied unit': the second selector describes the first
            args = tuple((k, resolve_predicate(low, v, scope, phrase))
                         if k in predicates and v.__class__ is Selector else
                         low._resolve_args(((k, v),), scope, phrase.span, its=True)[0]
                         for k, v in args)
    return CondT(spec, args, phrase.text)


def no_answer(person: str, phrase: ast.Phrase) -> SemanticError:
    """E205: 'if you do' / 'if they do' with no 'may' of that person said before it."""
    said = " ".join(w.text for w in phrase.words)
    if person == "you":
        return SemanticError(
            f"'if {said}' reads your answer to a 'may', but no 'may' of yours is said before it",
            phrase.span, code="E205", words=said,
            hint="say 'you may ...' before it, or 'if they do' after another player's 'may' "
                 "('An opponent may discard a card. If they don't, ...')")
    return SemanticError(
        f"'if {said}' reads another player's answer to a 'may', but no other player's 'may' "
        "is said before it", phrase.span, code="E205", words=said,
        hint="say 'an opponent may ...' (or 'each opponent may ...') before it, or 'if you "
             "do' after your own 'may'")


def _lasting_phrase(node) -> ast.Phrase | None:
    """'X as long as Y' (a one-off effect under 'while' / 'as long as'): the step and its one
    condition as one phrase, 'as long as' between, for a verb whose shape holds both (it
    makes the effect last while the condition does); None for any other conditional."""
    if not node.lasting or not isinstance(node.body, ast.Step) or \
            len(node.condition.parts) != 1:
        return None
    body, cond = node.body.phrase, node.condition.parts[0]
    at = cond.words[0].span
    joint = tuple(ast.Word(w, "word", at) for w in ("as", "long", "as"))
    return ast.Phrase(body.words + joint + cond.words, node.span)


_COULD_NOT = (("it", "can't"), ("it", "cannot"))


def _same_subject(node):
    """'If it can't, it <verb> ...': each 'it' that starts a step of the body is the subject
    of the step that could not, the card whose text it is ('this Lord banishes ... If it
    can't, it banishes ...'), so those steps read with 'this' for it. Any other body is kept
    as written."""
    if len(node.condition.parts) != 1 or \
            tuple(w.text.lower() for w in node.condition.parts[0].words) not in _COULD_NOT:
        return node.body
    body = node.body
    if isinstance(body, ast.Sequence):
        return copy_with(body, steps=tuple(_this_for_it(s) for s in body.steps))
    return _this_for_it(body)


def _this_for_it(step):
    """A step 'it <verb> ...' as 'this <verb> ...'; any other node as it is."""
    if not isinstance(step, ast.Step) or len(step.phrase.words) < 2 or \
            step.phrase.words[0].text.lower() != "it":
        return step
    this = ast.Word("this", "word", step.phrase.words[0].span)
    return ast.Step(ast.Phrase((this,) + step.phrase.words[1:], step.phrase.span), step.span)
