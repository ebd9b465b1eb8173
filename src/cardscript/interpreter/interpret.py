"""Run an event's effect tree. Each function is a generator: it yields `Split` where the
policy says the resolving event splits, and the engine resumes it as the event's remainder."""

from __future__ import annotations

import types

from ..compiler.template import Do, SearchT, group_of
from ..compiler.visit import TemplateVisitor
from ..language.selectors import Selector
from .amounts import counted_step, with_numbers
from .loops import repeat_error
from .players import ANSWERED, CHOSEN, DECIDER, EACH, may_decider
from .storyline import Split


class Run(TemplateVisitor):
    """The interpreter: each `visit_` runs one kind of node for event `ev` as a generator.

    `tail` says nothing of the effect comes after this node. A split there would only leave
    an empty remainder, so the event simply finishes and what it caused goes in front of the
    rest of the storyline, exactly as a split's triggers would.
    """

    def visit_Do(self, node, game, ev, tail):
        return do(game, ev, node, tail)

    def visit_SeqT(self, node, game, ev, tail):
        last = len(node.items) - 1
        for i, item in enumerate(node.items):
            yield from execute(game, ev, item, tail and i == last)

    def visit_ThenT(self, node, game, ev, tail):
        line = node.line                 # a spell's next line, or a 'then'
        if (game.policy.split_between_lines if line else game.policy.split_on_then) and \
                ev.did and not ev.no_split:
            yield Split("line" if line else "then")
        yield from execute(game, ev, node.body, tail)

    def visit_RepeatT(self, node, game, ev, tail):
        # Each repetition makes its own choices ('a unit you choose' is asked again), so what
        # the body picked is forgotten between repetitions; what was known before is kept.
        known = dict(ev.slots)
        for i in range(node.times):
            game.repeats += 1
            if game.repeats > game.max_repeats:
                raise repeat_error(game, ev)
            if i:
                ev.slots = dict(known)
                if node.one_at_a_time:
                    yield from _part_boundary(game, ev)
            yield from execute(game, ev, node.body, tail and i == node.times - 1)

    def visit_OneAtATimeT(self, node, game, ev, tail):
        return one_at_a_time(game, ev, node.body, tail)

    def visit_AllAtOnceT(self, node, game, ev, tail):
        return execute(game, ev, node.body, tail)

    def visit_IfT(self, node, game, ev, tail):
        if all(c.spec.test(game, ev, dict(c.args)) for c in node.conditions):
            yield from execute(game, ev, node.body, tail)
        else:
            ev.did.append("not so: " + " and ".join(c.text for c in node.conditions))

    def visit_MayT(self, node, game, ev, tail):
        if node.who in EACH:
            return each_may(game, ev, node, tail)
        return self._may(node, game, ev, tail)

    def _may(self, node, game, ev, tail):
        body = node.body
        who = _decider(game, ev, node.who, node.text)
        # 'an opponent may ...': the opponent chosen to decide is the one the step names.
        bind = node.who == "chosen_opponent" and not (ev._named and ev._named.get(CHOSEN))
        if bind:
            ev.named[CHOSEN] = [who]
        try:
            if type(body) is Do and body.verb.able is not None and \
                    not _able(game, ev, body):
                yes = False                   # it cannot be done whole, so it is not offered
                ev.did.append(f"cannot: {body.text}" if node.who is None else
                              f"{who} cannot: {body.text}")
            else:
                yes = game.ask_may(who, node.text, node.ask)
                if not yes:
                    ev.did.append(f"{who} declines: {_step_text(node.body)}")
            ev.answer(who, yes)
            if yes:
                yield from execute(game, ev, node.body, tail)
        finally:
            if bind:
                del ev.named[CHOSEN]

    def visit_ChooseT(self, node, game, ev, tail):
        picked: list = []
        for _ in range(node.count):
            left = [i for i in range(len(node.texts)) if i not in picked]
            j = game.ask_option(ev.controller, [node.texts[i] for i in left])
            picked.append(left[j])
        # 'If you do' after a choice ('sacrifice X or lose 3 life. If you do, ...'): an option
        # was chosen that could be done.
        ev.answer(ev.controller, all(_can_do(game, ev, node.options[i]) for i in picked))
        for i in sorted(picked):          # chosen options happen in the order printed
            ev.did.append(f"chose: {node.texts[i]}")
            yield from execute(game, ev, node.options[i], tail)

    def visit_SearchT(self, node, game, ev, tail):
        return search(game, ev, node, tail)


def each_may(game, ev, node, tail):
    """'each player may STEP', 'each opponent may STEP': every player the words name, in turn
    order, decides (a question each); then each who said yes does the step, in the same
    order, the step's player word naming that player alone."""
    body = node.body
    able = _able if type(body) is Do and body.verb.able is not None else None
    takers = []
    deciders = game.players_named(ev, node.who, node.text)
    for player in deciders:
        ev.named[DECIDER] = [player]
        try:
            if able is not None and not able(game, ev, body):
                ev.did.append(f"{player} cannot: {body.text}")
                ev.answer(player, False)
            elif game.ask_may(player, node.text, node.ask):
                takers.append(player)
                ev.answer(player, True)
            else:
                ev.did.append(f"{player} declines: {_step_text(body)}")
                ev.answer(player, False)
        finally:
            ev.named.pop(DECIDER, None)
    ev.named[ANSWERED] = deciders       # 'if they do': at least one of them did
    for i, player in enumerate(takers):
        ev.named[DECIDER] = [player]
        try:
            yield from execute(game, ev, body, tail and i == len(takers) - 1)
        finally:
            ev.named.pop(DECIDER, None)


def _can_do(game, ev, node) -> bool:
    """Can a chosen option be done whole (the verb's `able`, where it has one)?"""
    return type(node) is not Do or node.verb.able is None or _able(game, ev, node)


def _able(game, ev, node: Do) -> bool:
    """The verb's `able` of a step (which has one), its counted amounts counted now."""
    if node.counted:
        node = with_numbers(game, ev, node)[0]
    return node.verb.able(game, ev, node)


_RUN = Run()
_TABLE = Run.table


def execute(game, ev, node, tail=True):
    """Run one template node for event `ev`: a generator that yields `Split` (see `Run`)."""
    fn = _TABLE.get(type(node))
    if fn is None:
        raise TypeError(f"the interpreter does not run {type(node).__name__}")
    return fn(_RUN, node, game, ev, tail)


def _step_text(node) -> str:
    """A template node's own words, for the trace ('pay 1 fire mana')."""
    return getattr(node, "text", None) or "it"


def _decider(game, ev, who, text=None):
    """The player a 'may' names: the controller ('you'), or the player word before 'may'
    (kept for a later 'they': players.py `may_decider`)."""
    if who is None or who == "you":
        return ev.controller
    return may_decider(game, ev, who, text)


def _part_boundary(game, ev):
    """'one at a time': the next card or repetition is its own event part.

    A part that has done nothing yet (the fresh remainder after a split for a move or an
    entering card) already is a new part, so it is not split again into an empty one.
    """
    if game.policy.split_one_at_a_time and not ev.no_split and ev.did:
        yield Split("one at a time")


def do(game, ev, node: Do, tail=False):
    """Perform one verb, then settle the rules, collect triggers, and split if the policy says so."""
    if node.counted:                  # 'for each ...', 'equal to ...': counted now
        node = counted_step(game, ev, node)
        if node is None:
            return
    before, part, made, quiet = len(ev.did), ev.part, len(ev.log), ev.quiet_acts
    res = node.verb.run(game, ev, node)
    if isinstance(res, types.GeneratorType):
        yield from res
    # read by 'If it can't': the step made a happening, split, or changed a card quietly
    ev.last_acted = len(ev.log) > made or ev.part != part or ev.quiet_acts != quiet
    if len(ev.did) == before and ev.part == part:
        ev.did.append(node.text)
    reasons = game.commit()
    if reasons:
        if ev.no_split:
            ev.split_due = True
            ev.split_reasons = [*ev.split_reasons,
                                *(r for r in reasons if r not in ev.split_reasons)]
        elif not tail:
            yield Split(reasons[0])


def do_whole(game, ev, node: Do) -> None:
    """`do` for an event whose whole program is one verb that never yields (most triggers).

    At the end of an event nothing splits (see `execute`), so there is nothing to yield and
    no generator is needed: the same steps as `do(..., tail=True)`, as a plain call.
    """
    if node.counted:                  # 'for each ...', 'equal to ...': counted now
        node = counted_step(game, ev, node)
        if node is None:
            return
    before, part, made, quiet = len(ev.did), ev.part, len(ev.log), ev.quiet_acts
    node.verb.run(game, ev, node)
    ev.last_acted = len(ev.log) > made or ev.part != part or ev.quiet_acts != quiet
    if len(ev.did) == before and ev.part == part:
        ev.did.append(node.text)
    game.commit()


def one_at_a_time(game, ev, node: Do, tail=False):
    """'..., one at a time': one event part per card of the step's group.

    The group is the step's first selector that can name several cards (`group_of`): each
    card, every target of 'up to two target units', N chosen cards, or what 'them' names.
    """
    group = group_of(node)
    if group is None:
        yield from do(game, ev, node, tail)
        return
    cards = game.select(group, ev)
    for i, card in enumerate(cards):
        if i:
            yield from _part_boundary(game, ev)
        ev.slots[group.slot] = [card]
        yield from do(game, ev, node, tail and i == len(cards) - 1)
    if cards:
        ev.slots[group.slot] = cards      # a later 'them' names the whole group again


def search(game, ev, node: SearchT, tail=False):
    """A search, what it does with the found cards and its shuffle, before any split."""
    if game.policy.search_completes_first:
        ev.no_split += 1
    yield from do(game, ev, node.search)
    yield from execute(game, ev, node.body, tail=False)
    if node.shuffle is not None:
        yield from do(game, ev, node.shuffle)
    if game.policy.search_completes_first:
        ev.no_split -= 1
        if ev.split_due and not ev.no_split:
            ev.split_due = False
            if not tail:
                yield Split("search complete")
