"""Counted amounts in canonical text (language/amounts.py): one text for each meaning.

A count of cards is written after its step, 'for each CARDS' ('gain life equal to the number
of sites you control' is written 'gain 1 life for each allied site'); a stat is written
after the step's noun, 'NOUN equal to WHOSE STAT' ('deal damage equal to its power to ...'),
in the verb's amount shape, or at the end of the step when it is a stat of the cards the step
acts on ('deal damage to target minion equal to its power'), in its trailing shape
(compiler/amounts.py).
"""

from __future__ import annotations

from ..compiler.amounts import amount_shapes, trailing_shapes
from ..language.amounts import Counted
from ..language.selectors import Selector
from .phrases import phrase_words
from .words import Unrenderable


def counted_text(renderer, node, modal: bool = False) -> str:
    """The canonical words of a step whose number is counted (`Do.counted`)."""
    slot, counted = next((k, v) for k, v in node.args if v.__class__ is Counted)
    if counted.stat is None:
        plain = tuple((k, counted.times if k == slot else v) for k, v in node.args)
        said = renderer.entry("verbs", node.verb, plain, modal)
        cards = renderer.words.cards(counted.of)
        if not cards or cards[0] != "each":
            raise Unrenderable(f"a count of '{counted.text}'")
        return said + " for " + _text(cards)
    args = dict(node.args)
    # 'deal damage to target minion equal to its power': a stat of the cards the step acts
    # on is said after them, where 'its' names them; any other after the step's noun.
    own = {v.slot for k, v in node.args if k != slot and v.__class__ is Selector}
    trailing = counted.of.pick == "ref" and counted.of.slot in own
    # A shape whose noun ends it ('{what} gains {n} HP') has no trailing shape: its amount
    # shape ends with the amount already, after the cards ('target permanent gains HP equal
    # to its HP').
    shapes = amount_shapes(renderer.lang)
    if trailing:
        shapes = trailing_shapes(renderer.lang) + [
            s for s in shapes if s[1].tokens[-1].type == "amount"]
    for spec, shape, _ in shapes:
        if spec is node.verb:
            got = phrase_words(shape, args, renderer.words, renderer.conv.prefer, modal)
            if got is not None:
                return _text(_plural_before_equal(got, shape, args))
    raise Unrenderable(f"no amount shape of '{node.verb.name}' has a slot for each of "
                       + ", ".join(sorted(args)))


def _plural_before_equal(words: list, shape, args: dict) -> list:
    """'draw spells equal to ...': a card type right before 'equal' names several (the
    renderer writes it singular, no number being before it)."""
    kinds = {args.get(t.slot) for t in shape.tokens if t.type == "cardtype"}
    return [w + "s" if i + 1 < len(words) and words[i + 1] == "equal" and w in kinds else w
            for i, w in enumerate(words)]


def _text(words: list) -> str:
    return " ".join(w if isinstance(w, str) else f'"{w[1]}"' for w in words)
