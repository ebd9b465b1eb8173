"""Selectors that stand as predicates: in a condition 'CARDS is|are CARDS' ('if it is an
allied unit', 'if they are sites'), the selector after 'is' / 'are' says what the cards
named before it are. It describes them: it picks no card, takes no slot and is no
antecedent (a later 'it' names the cards before 'is', never a card the description fits),
and it is read wherever those cards are (a card just drawn or discarded is described as it
is there).

Which slots of a condition are predicates is read off its shapes: a `cards` slot right
after a literal 'is' or 'are' (`predicate_slots`), so every condition written that way,
the shared library's or a ruleset's, reads its predicate so. A selector that picks cards
(a target, 'a unit you choose', 'it') cannot describe, nor can one that names a place
chosen as the effect resolves, nor one that says the cards are in play (a description is
read wherever the cards are, and the words for 'in play' add nothing to a selector): E215,
as is a predicate that reads as no cards at all (`not_a_description`).
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import SemanticError, Span, did_you_mean
from ..language.selectors import Selector
from ..language.shapes import FAIL
from .matching import _words

_LINKS = frozenset({"is", "are"})
_PREDICATES: dict = {}        # id(condition spec) -> (spec, its predicate slots)
# Picks of a selector that choose or name cards, which a description cannot do.
_PICKED = {"target": "a target", "choose": "a card someone chooses", "random":
           "a card picked at random", "ref": "cards named before it", "named": "cards named "
           "before it", "top": "the top cards of a pile"}
# Places chosen as the effect resolves (or announced as a target): a description asks nothing.
_CHOSEN_PLACES = frozenset({"target", "choose", "random"})


def predicate_slots(spec) -> frozenset:
    """The names of the condition's `cards` slots that follow a literal 'is' / 'are' (never
    its first token): each is a predicate of the cards named before it. Found once a spec."""
    got = _PREDICATES.get(id(spec))
    if got is not None and got[0] is spec:
        return got[1]
    slots = set()
    for shape in spec.shapes:
        toks = shape.tokens
        for i in range(1, len(toks)):
            before, tok = toks[i - 1], toks[i]
            if tok.slot is not None and tok.type == "cards" and before.slot is None and \
                    before.alts and before.alts <= _LINKS:
                slots.add(tok.slot)
    found = frozenset(slots)
    _PREDICATES[id(spec)] = (spec, found)
    return found


def resolve_predicate(low, sel: Selector, scope, phrase: ast.Phrase) -> Selector:
    """The predicate with its place resolved ('a unit here', 'an ally adjacent to it'),
    adding no antecedent, target or slot to the scope, and read as one card ('units' is 'a
    unit': each card named must fit it); E215 for one that picks cards."""
    span = _said_at(phrase, sel.text)
    why = _PICKED.get(sel.pick) or ("several cards counted" if sel.quant in ("count", "up_to")
                                    and sel.pick != "self" else None)
    place = sel.place
    if why is None and place is not None and (place.ref in _CHOSEN_PLACES or (
            place.anchor is not None and place.anchor.ref in _CHOSEN_PLACES)):
        why = "a place someone chooses"
    if why is not None:
        raise SemanticError(
            f"'{sel.text}' after 'is' / 'are' names {why}, but there it says what the cards "
            "before it are", span, code="E215",
            hint="describe the cards ('it is a unit', 'it is an allied unit here', "
                 "'they are sites'), without 'target', 'you choose' or 'it'")
    in_play = low.lang.in_play_words
    if in_play and _holds(sel.text.lower().split(), in_play):
        raise SemanticError(
            f"'{sel.text}' after 'is' / 'are' says where the cards are, but a description is "
            "read wherever they are", _said_at(phrase, " ".join(in_play)), code="E215",
            hint=f"drop '{' '.join(in_play)}' (the cards are described as they are, in play "
                 "or in a pile)")
    low.check_keywords(sel, span)
    if sel.name is not None:
        low._check_name(sel.name, span)
    if place is not None:
        kept = len(scope.antecedents), len(scope.targets), dict(scope.sides)
        place = low._resolve_place(place, scope, span)
        del scope.antecedents[kept[0]:]
        del scope.targets[kept[1]:]
        scope.sides = kept[2]
    # One card or several ('it is a unit', 'they are units') describe each card alike: one
    # description, one template, one canonical text.
    return Selector("one", 1, sel.pick, None, sel.kinds, sel.name, sel.token,
                    sel.controller, sel.with_keywords, sel.without_keywords, place, sel.other,
                    sel.zone, sel.named, sel.subtypes, sel.holder, sel.traits, sel.stats,
                    sel.text)


def not_a_description(low, phrase: ast.Phrase) -> SemanticError | None:
    """E215 for a condition 'CARDS is|are a WORDS' whose words after the article read as no
    cards this game has ('if it is a wizzard'), or None for any other phrase (which is then
    reported as a phrase that reads as nothing, E201)."""
    words = _words(phrase)
    for k in range(1, len(words) - 2):
        if words[k] in _LINKS and words[k + 1] in ("a", "an"):
            if low.reader.read("cards", words[:k]) is FAIL:
                continue
            rest = phrase.words[k + 1:]
            said = " ".join(w.text for w in rest)
            if low.reader.read("cards", words[k + 1:]) is not FAIL:
                return None
            at = Span(phrase.span.file, rest[0].span.line, rest[0].span.column,
                      rest[-1].span.end_line, rest[-1].span.end_column)
            nouns = sorted(set(low.lang.nouns) | set(low.lang.card_kinds))
            last = rest[-1].text.lower()
            return SemanticError(
                f"'{said}' is no description of cards this game reads", at, code="E215",
                words=said, hint=did_you_mean(last, nouns + sorted(low.lang.subtypes)) or
                "after 'is' / 'are', describe the cards with the game's nouns: " +
                ", ".join(nouns))
    return None


def _holds(words: list, run: tuple) -> bool:
    """Does `words` hold the words of `run` one after the other?"""
    n = len(run)
    return any(tuple(words[i:i + n]) == run for i in range(len(words) - n + 1))


def _said_at(phrase: ast.Phrase, text: str) -> Span:
    """Where the words `text` stand in the phrase, after its 'is' / 'are' when they follow
    one (the predicate, not the same words before it: 'if it is it'); else the phrase."""
    said = text.lower().split()
    words = phrase.words
    n = len(said)
    found = None
    for k in range(len(words) - n + 1):
        if [w.text.lower() for w in words[k:k + n]] == said:
            found = k
            if k and words[k - 1].text.lower() in _LINKS:
                break
    if found is None:
        return phrase.span
    first, last = words[found], words[found + n - 1]
    return Span(phrase.span.file, first.span.line, first.span.column, last.span.end_line,
                last.span.end_column)
