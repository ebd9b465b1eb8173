"""Counted amounts as a step resolves: the number a `Counted` stands for, counted from the
board then, and the step made again with that number in its place.

A step whose compiled arguments hold a counted amount (`Do.counted`: 'Gain 1 life for each
site you control', 'deal damage equal to its power to ...') is counted when it resolves, not
when it is announced, nor when its card was played: `counted_step` makes a `Do` of the same
verb with each counted amount replaced by its number, so the verb reads an int like any
other. The trace shows the number used (the step's words with the number after them, where
a verb says nothing of its own). An amount that reads the cards the step itself acts on ('deal
damage to target unit equal to its power') has them picked first. An amount of zero does
nothing: the verb is not run at all, so no happening is made ('deal 0 damage' would be one,
and 'is dealt damage' would trigger), and 'If it can't' after it holds.
"""

from __future__ import annotations

from ..compiler.template import Do
from ..language.amounts import Counted
from ..language.selectors import Selector


def amount(game, ev, counted: Counted) -> int:
    """The number `counted` stands for now: `times` for each card its selector names (a
    reference: the cards it names; any other selector: every card that fits it, as a count
    asks no one), or `times` the sum of its stat over the cards it names."""
    sel = counted.of
    if counted.stat is None:
        cards = game.select(sel, ev) if sel.pick in ("ref", "named", "self") else \
            game.candidates(sel, ev)
        return counted.times * len(cards)
    return counted.times * sum(game.stat_of(c, counted.stat) for c in game.select(sel, ev))


def with_numbers(game, ev, node: Do) -> tuple:
    """(the step with its counted amounts as numbers, the numbers): nothing is said or done,
    so a 'may' can ask whether the step can be done whole (its verb's `able`) first."""
    _own_cards_first(game, ev, node)
    args = []
    numbers = []
    for key, value in node.args:
        if value.__class__ is Counted:
            value = amount(game, ev, value)
            numbers.append(value)
        args.append((key, value))
    text = f"{node.text} ({', '.join(map(str, numbers))})"
    return Do.of(node.verb, tuple(args), text, node.span, node.splits, False,
                 node.gives), numbers


def _own_cards_first(game, ev, node: Do) -> None:
    """'deal damage to target unit equal to its power': the cards of the step that one of
    its amounts reads ('its': the target) are picked first, the target asked for if it was not
    announced, so that the amount counts them; the verb then finds them picked (`select`
    reads a slot already filled)."""
    read = {v.of.slot for _, v in node.args if v.__class__ is Counted and v.of.pick == "ref"}
    if not read:
        return
    for _, value in node.args:
        if value.__class__ is Selector and value.slot in read and value.slot not in ev.slots:
            game.select(value, ev)


def counted_step(game, ev, node: Do) -> Do | None:
    """The step with its counted amounts as numbers, or None when one of them is zero (and
    the event says so: the step does nothing)."""
    step, numbers = with_numbers(game, ev, node)
    if 0 in numbers:
        ev.did.append(f"{node.text}: the amount is 0, nothing to do")
        ev.last_acted = False
        return None
    return step
