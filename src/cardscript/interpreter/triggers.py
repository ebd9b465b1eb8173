"""Triggers: which hooks listen to a happening, the events they make, and the order of
simultaneous ones as the policy says. Functions of the game, each bound as a method of `Game`
(the rules interface's `hook_matches` and `order_simultaneous` among them)."""

from __future__ import annotations

from . import granted
from . import select as sel_eval
from .storyline import Happening, StoryEvent


def listeners(game, kind) -> list | tuple:
    """(card, ability, test) of every hook on `kind` in the trigger zones, in zone order.

    For a happening kind these are the triggered abilities; for "replace:KIND" the
    replacement effects. `test` is the hook's filter as one function (select.hook_test).
    """
    return hooks_index(game).get(kind, ())


def hooks_index(game) -> dict:
    """Happening kind -> `listeners(game, kind)`, every kind with a hook in the trigger zones.

    Built in one pass over the cards that react, and kept while none of them enters or
    leaves a trigger zone (the board's `rules_version`: a card without any, killed or moved,
    changes nothing here); when one does, its rows are taken out or put in (`moved`). A
    card's hooks come from its current face's template, and a face changing
    (GameState.set_face, drop_face) bumps `rules_version` too, which rebuilds the index.
    A list handed out is never edited: a new board gets a new index.
    """
    index = game._hooks_index
    if index is not None and index[0] == game.state.rules_version:
        return index[1]
    facts_of = sel_eval.template_facts
    table: dict = {}
    for card in game.state.reacting_in(game.policy.trigger_zones):
        facts = facts_of(card.tpl)
        if facts.self_kinds:
            game._self_kinds |= facts.self_kinds
        for kind, ab, test in facts.hooks:
            found = table.get(kind)
            if found is None:
                found = table[kind] = []
            found.append((card, ab, test))
    if game._granted:                     # granted triggers after every printed one
        for kind, row in granted.granted_rows(game):
            table.setdefault(kind, []).append(row)
    game._hooks_index = (game.state.rules_version, table)
    return table


def moved(game, card, frm, to, top) -> None:
    """A card that reacts entered or left a watched zone (`GameState.rules_moved`): the
    hooks index and the index of ongoing effects, if they were up to date just before,
    take its rows out and put them in where a rebuild would list them, so that a card
    entering or leaving play costs a few rows, not a pass over the board. Where a rebuild's
    order is not worked out so simply (a card put on top, a shared zone, several trigger
    or play zones), the index is left to be rebuilt."""
    version = game.state.rules_version
    if game._granted:
        granted.moved(game, card)
    facts = card.tpl.memo.value
    if facts is None:
        facts = sel_eval.template_facts(card.tpl)
    if facts.self_kinds:
        game._self_kinds |= facts.self_kinds
    index = game._hooks_index
    if index is not None and index[0] == version - 1:
        table = index[1]
        if facts.hooks:
            table = update_rows(game.state, table, card, frm, to, top,
                                game.policy.trigger_zones, facts.hooks, facts.hook_kinds)
        game._hooks_index = None if table is None else (version, table)
    index = game._statics_index
    if index is not None and index[0] == version - 1:
        table = index[1]
        if facts.static_rows:
            table = update_statics(game.state, table, card, frm, to, top,
                                   game.policy.play_zones, facts.static_rows)
        game._statics_index = None if table is None else (version, table)


def _insert_at(state, lst: list, card) -> int | None:
    """Where in `lst` (rows whose first item is a card, in `in_zones` order) the rows of
    `card`, just put at the bottom of its zone, go: after every row of a card whose zone
    comes no later, and after its own rows already there (None: a shared zone, not worked
    out here)."""
    ranks = state.ranks
    rank = ranks.get(card.extra.get("zone_of"))
    if rank is None:
        return None
    i = len(lst)
    while i:
        other = ranks.get(lst[i - 1][0].extra.get("zone_of"))
        if other is not None and other <= rank:
            break
        i -= 1
    return i


def _touches(zones, frm, to):
    """The one zone an index covers, if a move from `frm` to `to` enters or leaves it;
    False when the move passes it by; None when the index covers several (rebuild)."""
    if len(zones) != 1:
        return None
    zone = zones[0]
    return zone if zone in (frm, to) else False


def update_rows(state, table: dict, card, frm, to, top, zones, rows, kinds) -> dict | None:
    """`table` (kind -> rows (card, ...)) after `card` moved from `frm` to `to`, its rows
    being `rows` ((kind, ability, test)) of `kinds`; new lists where they change (a list
    handed out is never edited). None: rebuild instead."""
    zone = _touches(zones, frm, to)
    if not zone:
        return None if zone is None else table
    table = dict(table)
    if frm == zone:
        for kind in kinds:
            found = table.get(kind)
            if found is not None:
                kept = [row for row in found if row[0] is not card]
                if kept:
                    table[kind] = kept
                else:
                    del table[kind]
    if to == zone:
        if top:
            return None
        for kind, ab, test in rows:
            found = table.get(kind)
            if found is None:
                table[kind] = [(card, ab, test)]
                continue
            i = _insert_at(state, found, card)
            if i is None:
                return None
            table[kind] = found + [(card, ab, test)] if i == len(found) else \
                found[:i] + [(card, ab, test)] + found[i:]
    return table


def update_statics(state, table: dict, card, frm, to, top, zones, rows) -> dict | None:
    """The index of ongoing effects (kind -> (plain entries, conditional ones)) after
    `card` moved, as `update_rows` does for hooks; `rows` are (kind, ability)."""
    zone = _touches(zones, frm, to)
    if not zone:
        return None if zone is None else table
    table = dict(table)
    if frm == zone:
        for kind, _ in rows:
            found = table.get(kind)
            if found is not None:
                plain = [e for e in found[0] if e[0] is not card]
                conditional = [e for e in found[1] if e[0] is not card]
                if plain or conditional:
                    table[kind] = (plain, conditional)
                else:
                    del table[kind]
    if to == zone:
        if top:
            return None
        for kind, ab in rows:
            entry = (card, ab.static[0], dict(ab.static[1]))
            plain, conditional = table.get(kind, ((), ()))
            if ab.condition:
                i = _insert_at(state, conditional, card)
                if i is None:
                    return None
                conditional = [*conditional[:i], (card, ab, entry), *conditional[i:]]
            else:
                i = _insert_at(state, plain, card)
                if i is None:
                    return None
                plain = [*plain[:i], entry, *plain[i:]]
            table[kind] = (list(plain), list(conditional))
    return table


def collect(game, h: Happening, listeners: list):
    """Make the triggered events happening `h` calls for among `listeners` (and a card's
    own hooks on its leaving), and put them in `game.pending` to be ordered."""
    # The index replaces its lists when the board changes and never edits one, so this
    # loop may run while the board changes under it.
    play_zones = game.policy.play_zones
    cause = game.current.id if game.current is not None else None
    for card, ab, test in listeners:
        slots = test(game, h, card)
        if slots is None:
            continue
        ev = StoryEvent(0, ab.trace_kind, card, card.controller, ab.effect,
                        ab.text, ab, slots)
        ev.trigger = h
        if cause is not None:
            ev.cause = cause
        if card.zone in play_zones:
            ev.source_in_play = True
            ev.inc = card.incarnation
        cond = ab.hook.condition
        if cond and not conditions_hold(game, cond, ev):
            continue                 # it never was: it takes no id
        if ab.requires and not conditions_hold(game, ab.requires, ev):
            continue                 # what it asks of its controller is missing
        game._next_id += 1
        ev.id = game._next_id
        game.pending.append(ev)
    # A card's own hooks still see what happened to it after it left play: its leaving
    # (it resolves from wherever it went), or its entering when the rules of the game
    # removed it at once (then it was in play, so the event is ignored as it starts).
    if h.card is not None and h.card.zone not in game.policy.trigger_zones:
        # On leaving, the abilities it had in play answer (a face laid over it there, one
        # with none when it was silenced), not those of the printed card it is again.
        seen = h.last_known if h.kind in game._leaving else None
        tpl = seen.tpl if seen is not None else h.card.tpl
        for i in tpl.hooks_by_happening.get(h.kind, ()):
            ab = tpl.abilities[i]
            if ab.kind != "triggered" or not (ab.hook.filter.get("self") or
                                              ab.hook.filter.get("self_card")):
                continue
            slots = hook_matches(game, ab.hook, h, h.card)
            if slots is not None:
                ev = game.draft_event(ab.trace_kind, h.card, h.card.controller, ab.effect,
                                      ab.text, ability=ab)
                ev.slots.update(slots)
                ev.trigger = h
                if h.kind in game._leaving:
                    ev.frm = h.data.get("frm")     # where it stood: its 'here' (select.py)
                if h.kind not in game._leaving and h.in_play:
                    ev.source_in_play = True
                    ev.inc = h.card.incarnation
                _pend(game, ab, ev)
    if h.kind in game._self_kinds:
        _objects_gone(game, h)


def _gone(h: Happening, zones):
    """(slot key, card) of each card in another slot of the happening than its own card
    that is out of the trigger zones and has a hook on its kind."""
    for key, value in h.data.items():
        for card in (value if value.__class__ is list else (value,)):
            tpl = getattr(card, "tpl", None)
            if tpl is not None and card is not h.card and card.zone not in zones and \
                    h.kind in tpl.hooks_by_happening:
                yield key, card


def objects_hear(h: Happening, zones) -> bool:
    """Whether a card of the happening's other slots, gone from the trigger zones, may hear
    it (`_objects_gone`): the engine then collects triggers though no listener is in play."""
    return next(_gone(h, zones), None) is not None


def _objects_gone(game, h: Happening) -> None:
    """A card in another slot of the happening than its own card ('target': the card
    killed), gone from the trigger zones, still hears what happened to it there, as the
    happening's own card does: its hooks that watch itself in that slot ('whenever a unit
    kills it', compiler/pattern_refs.py)."""
    for key, card in _gone(h, game.policy.trigger_zones):
        tpl = card.tpl
        for i in tpl.hooks_by_happening[h.kind]:
            ab = tpl.abilities[i]
            if ab.kind != "triggered" or ab.hook.filter.get("self_" + key) is not True:
                continue
            slots = hook_matches(game, ab.hook, h, card)
            if slots is not None:
                ev = game.draft_event(ab.trace_kind, card, card.controller, ab.effect,
                                      ab.text, ability=ab)
                ev.slots.update(slots)
                ev.trigger = h
                _pend(game, ab, ev)


def _pend(game, ab, ev) -> None:
    """A triggered event of a card's own hook waits with the others, if its conditions hold."""
    if conditions_hold(game, ab.hook.condition + ab.requires, ev):
        game._next_id += 1
        ev.id = game._next_id
        game.pending.append(ev)


def conditions_hold(game, conds, ev) -> bool:
    """Whether every condition of a hook holds for the event it would make."""
    if not conds:
        return True
    return all(c.spec.test(game, ev, dict(c.args)) for c in conds)


def hook_matches(game, hook, h: Happening, card) -> dict | None:
    """Slots for the triggered event if happening `h` fits the hook of `card`, else None."""
    return sel_eval.hook_test(hook)(game, h, card)


def order_simultaneous(game, events: list) -> list:
    """Resolution order of simultaneous triggers, as the policy says who orders and who adds.

    Events a rule of the game made for the same moment come after the triggers (`follows`)
    or before them (`leads`), in the order they were made, and nobody orders them.
    """
    if len(events) == 1:
        return events
    first = [e for e in events if e.leads]
    if first:
        rest = [e for e in events if not e.leads]
        for e in first:
            e.rules = e.rules + (game.why.leads,)
        return (first + order_simultaneous(game, rest)) if rest else first
    made = [e for e in events if e.follows]
    if made:
        rest = [e for e in events if not e.follows]
        for e in made:
            e.rules = e.rules + (game.why.follows,)
        return (order_simultaneous(game, rest) if rest else []) + made
    if game.policy.trigger_order == "active_player":
        return game.ask_order(game.state.active, events)
    order = game.turn_order()
    if game.policy.players_add == "active_first":
        order = list(reversed(order))       # the last to add resolves first
    first = events[0].controller
    for e in events:                # (a loop, not any(): no generator at each moment)
        if e.controller != first:
            added = (game.why.players_add,)
            for e in events:
                e.rules = e.rules + added
            break
    out = []
    for p in order:
        mine = [e for e in events if e.controller == p]
        if mine:
            out.extend(game.ask_order(p, mine))
    return out
