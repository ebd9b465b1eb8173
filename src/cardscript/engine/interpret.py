"""Run an event's effect tree. Each function is a generator: it yields `Split` where the
policy says the resolving event splits, and the engine resumes it as the event's remainder."""

from __future__ import annotations

import types

from ..compiler.template import (AllAtOnceT, ChooseT, Do, IfT, MayT, OneAtATimeT, RepeatT, SearchT,
                                 SeqT, ThenT)
from ..language.selectors import Selector
from .storyline import Split


def execute(game, ev, node):
    """Run one template node for event `ev`."""
    t = type(node)
    if t is Do:
        yield from do(game, ev, node)
    elif t is SeqT:
        for item in node.items:
            yield from execute(game, ev, item)
    elif t is ThenT:
        if game.policy.split_on_then and ev.did and not ev.no_split:
            yield Split("then")
        yield from execute(game, ev, node.body)
    elif t is RepeatT:
        for i in range(node.times):
            if i and node.one_at_a_time and game.policy.split_one_at_a_time and not ev.no_split:
                yield Split("one at a time")
            yield from execute(game, ev, node.body)
    elif t is OneAtATimeT:
        yield from one_at_a_time(game, ev, node.body)
    elif t is AllAtOnceT:
        yield from execute(game, ev, node.body)
    elif t is IfT:
        if all(c.spec.test(game, ev, dict(c.args)) for c in node.conditions):
            yield from execute(game, ev, node.body)
    elif t is MayT:
        yes = game.ask_may(ev.controller, node.text)
        ev.last_may = yes
        if yes:
            yield from execute(game, ev, node.body)
    elif t is ChooseT:
        i = game.ask_option(ev.controller, list(node.texts))
        ev.did.append(f"chose: {node.texts[i]}")
        yield from execute(game, ev, node.options[i])
    elif t is SearchT:
        yield from search(game, ev, node)
    else:
        raise TypeError(f"the engine does not run {t.__name__}")


def do(game, ev, node: Do):
    """Perform one verb, then settle the rules, collect triggers, and split if the policy says so."""
    before = len(ev.did)
    res = node.verb.run(game, ev, node)
    if isinstance(res, types.GeneratorType):
        yield from res
    if len(ev.did) == before:
        ev.did.append(node.text)
    reasons = game.commit()
    if reasons:
        if ev.no_split:
            ev.split_due = True
        else:
            yield Split(reasons[0])


def one_at_a_time(game, ev, node: Do):
    """'move each allied minion ..., one at a time': one event part per card."""
    group = next((v for _, v in node.args if isinstance(v, Selector) and v.quant == "each"), None)
    if group is None:
        yield from do(game, ev, node)
        return
    cards = game.select(group, ev)
    for i, card in enumerate(cards):
        if i and game.policy.split_one_at_a_time and not ev.no_split:
            yield Split("one at a time")
        ev.slots[group.slot] = [card]
        ev.slots["fixed:" + group.slot] = True
        yield from do(game, ev, node)
    ev.slots.pop("fixed:" + group.slot, None)


def search(game, ev, node: SearchT):
    """A search, what it does with the found cards and its shuffle, before any split."""
    if game.policy.search_completes_first:
        ev.no_split += 1
    yield from do(game, ev, node.search)
    yield from execute(game, ev, node.body)
    if node.shuffle is not None:
        yield from do(game, ev, node.shuffle)
    if game.policy.search_completes_first:
        ev.no_split -= 1
        if ev.split_due and not ev.no_split:
            ev.split_due = False
            yield Split("search complete")
