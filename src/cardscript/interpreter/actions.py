"""Actions every ruleset has: cast/play from hand, activate, pass, end turn.

A ruleset's action table maps scenario verbs to these or to its own handlers.
"""

from __future__ import annotations

from ..errors import ScenarioError, did_you_mean
from ..language.selectors import Selector
from ..library.moves import enter_play
from . import select as sel_eval
from .select import template_fact
from .triggers import conditions_hold


def find_card(game, player, ref, zones, key=None):
    """A card of `player` named (or with id) `ref` in one of `zones`, or a ScenarioError
    pointing at the action's `key` (None: the action's verb)."""
    pools = []
    for z in zones:
        pools.extend(game.state.players[player].zones.get(z, ()))
    for c in pools:
        if c.id == ref:
            return c
    for c in pools:
        if c.name.lower() == str(ref).lower():
            return c
    where = " or ".join(zones)
    names = [c.name for c in pools]
    raise ScenarioError(f"illegal action: {player} has no {ref!r} in their {where}", None,
                        code="S201", key=key, hint=" ".join(filter(None, [
                            did_you_mean(str(ref), names),
                            f"{player}'s {where}: " + (", ".join(names) or "empty")])))


def pay(game, player, card, ev):
    """Pay a card's cost from the ruleset's resource counter, or freely if the scenario set none.

    The cost is the printed one, or what the ruleset's `cost_of` makes of it (cost changes)."""
    cost_of = game.ruleset.cost_of
    cost = card.tpl.stats.get("cost", 0) if cost_of is None else cost_of(game, player, card)
    res = game.ruleset.resource
    ps = game.state.players[player]
    if res in ps.set_counters:
        if ps.counters.get(res, 0) < cost:
            raise ScenarioError(f"illegal action: {player} cannot pay {cost} {res} for "
                                f"{card.name} (has {ps.counters.get(res, 0)})", None, code="S202",
                                hint=f"raise {player}'s {res} in setup, or remove it for "
                                "unlimited resources")
        ps.counters[res] -= cost
    if cost:
        ev.paid = f"{cost} {res}"


def announce_targets(game, ev, ability, action):
    """Choose targets when the effect is announced: from the action, else ask."""
    given = list(action.get("targets") or [])
    if action.get("target") is not None:
        given.append(action["target"])
    if action.get("to") is not None:
        given.append(action["to"])
    for slot, obj in ability.targets:
        if isinstance(obj, Selector):
            legal = sel_eval.candidates(game, obj, ev)
            many = obj.most
            if not given:
                if many == 1:
                    ev.slots[slot] = [game.ask_target(ev.controller, obj.text, legal)]
                else:
                    ev.slots[slot] = game.ask_cards(ev.controller, obj.text, legal, many,
                                                    kind="target", exact=obj.quant == "count")
                continue
            take = len(given) if many is None else \
                min(many, len(given)) if obj.quant == "up_to" else many
            picks = []
            for _ in range(take):
                if not given:
                    raise ScenarioError(f"{obj.text} needs {many} targets; {len(picks)} given",
                                        None, code="S203", key=_target_key(action),
                                        hint="legal targets: " + (", ".join(c.id for c in legal)
                                                                  or "none"))
                value = given.pop(0)
                pick = pick_card(legal, value, picks)
                if pick is None:
                    raise ScenarioError(f"illegal target {value!r} for {obj.text}", None,
                                        code="S203", key=_target_key(action),
                                        hint="legal targets: " + (", ".join(c.id for c in legal)
                                                                  or "none"))
                picks.append(pick)
            ev.slots[slot] = picks
            continue
        value = given.pop(0) if given else None
        legal = sel_eval.places(game, obj, ev, ask=False)
        if value is None:
            ev.slots[slot] = [game.ask_target(ev.controller, obj.describe(), legal)]
            continue
        loc = game.geometry.parse_location(value) if game.geometry else value
        if loc not in legal:
            raise ScenarioError(f"illegal target {value!r} for {obj.describe()}", None,
                                code="S203", key=_target_key(action),
                                hint="legal targets: " + (", ".join(map(str, legal))
                                                          or "none"))
        ev.slots[slot] = [loc]
    if given:
        # A target given to an effect that takes none is refused too, not dropped unread.
        takes = "; ".join(getattr(o, "text", "") or o.describe() for _, o in ability.targets)
        left = ", ".join(map(str, given))
        raise ScenarioError(f"too many targets: {left} left over" if takes else
                            f"{left} given as a target to an effect that takes none", None,
                            code="S207", key=_target_key(action),
                            hint=f"this effect takes {takes}" if takes else
                            "leave the target out: the effect names no target as it is "
                            "announced (a card it chooses later is a question in choices)")


def pick_card(cards, ref, taken=()):
    """The card a target answer names among `cards`, those in `taken` left out: by its id,
    by its name (in any case), by its id in another case, or by its location when only one
    of them stands there (`target: 8`, a square or a position in a line). The one picker
    every ruleset's announcing of targets uses."""
    free = [c for c in cards if c not in taken] if taken else list(cards)
    value = str(ref).strip()
    low = value.lower()
    found = next((c for c in free if c.id == value), None) or \
        next((c for c in free if c.name.lower() == low), None) or \
        next((c for c in free if c.id.lower() == low), None)
    if found is not None:
        return found
    at = [c for c in free if c.at is not None and str(c.at).lower() == low]
    return at[0] if len(at) == 1 else None      # the only such card at that location


def _target_key(action) -> str:
    """The action key a bad target was given under (for the error's position)."""
    return next((k for k in ("targets", "target", "to") if action.get(k) is not None), "targets")


def cast(game, player, action):
    """Cast (or play) a card from hand: it goes on the storyline and resolves from it."""
    ref = action.get("cast", action.get("play"))
    cast_card(game, player, find_card(game, player, ref, ["hand"]), action)


def _spells(tpl) -> tuple:
    """The template's spell abilities, which a cast reads every time (kept: `template_fact`)."""
    return tuple(tpl.spell_abilities)


def cast_card(game, player, card, action):
    """`cast` of a card of `player`'s hand already found (`find_card`): a ruleset that looked
    the card up for its own checks of the cast passes it on rather than have it found again."""
    game.add(cast_event(game, player, card, action))
    game.run()


def cast_event(game, player, card, action):
    """The event of casting `card`, announced and paid, the card on its way to the
    storyline, not yet on it: the cast action adds it and runs; an effect that casts a card
    lets it wait as a new event made by the step resolving (`Game.add_follow`)."""
    tpl = card.tpl
    spells = template_fact(tpl, "spell abilities", _spells)
    at = action.get("at")
    permanent = tpl.kind in game.ruleset.language.permanent_kinds
    if permanent:
        at = game.ruleset.cast_location(game, card, player, at)
        text = f"summon {card.name}" + (f" to {at}" if at is not None else "")

        def program(g, e, card=card, at=at):
            enter_play(g, card, at, player)
            e.did.append(f"{card.name} enters the {g.policy.play_zones[0]}"
                         + (f" at {at}" if at is not None else ""))
    else:
        program = spells[0].effect if spells else None
        text = spells[0].text if spells else f"summon {card.name}"
    ev = game.new_event("cast", card, player, program, text,
                        ability=spells[0] if spells else None)
    ev.subject = card.name if permanent else None   # a magic spell acts on what it names
    ev.to = at
    pay(game, player, card, ev)
    if spells:
        announce_targets(game, ev, spells[0], action)
    game.state.put(card, game.policy.cast_zone, player)
    if game.ruleset.cast_costs is not None:     # what the card's text adds to its cost
        game.ruleset.cast_costs(game, player, card, ev)
    if not permanent:
        ev.after = _put_resolved(game, card, tpl.kind)
    game.happen("cast", card, player)
    return ev


def has_targets(game, player, card) -> bool:
    """Has every target the spell of `card` announces a legal choice now? (A spell an
    effect casts with none is not cast: the effect says so rather than ask a question with
    no answer.)"""
    spells = template_fact(card.tpl, "spell abilities", _spells)
    if not spells or not spells[0].targets:
        return True
    probe = game.draft_event("cast", card, player, None, "", spells[0])
    for _, obj in spells[0].targets:
        legal = sel_eval.candidates(game, obj, probe) if isinstance(obj, Selector) else \
            sel_eval.places(game, obj, probe, ask=False)
        if not legal:
            return False
    return True


def _put_resolved(game, card, kind):
    """What puts a spell away once it has resolved (or was ignored, fizzled or countered):
    to the pile `resolved_spells` names for its kind, but only while it is still where it was
    cast to. A spell whose own text moved it ('banish this', 'return this to its owner's
    hand') stays where that put it."""
    dest = game.policy.resolved_spells.get(kind, game.ruleset.graveyard)
    cast_zone = game.policy.cast_zone

    def put_away(g, e):
        if card.zone == cast_zone:
            g.state.put(card, dest, card.owner)
    return put_away


def activate(game, player, action):
    """Activate an ability of a card in play: pay its costs, announce, resolve."""
    ref = action["activate"]
    card = find_card(game, player, ref, list(game.policy.play_zones))
    abilities = [a for a in card.tpl.abilities if a.kind == "activated"]
    if not abilities:
        raise ScenarioError(f"illegal action: {card.name} has no activated ability", None,
                            code="S204")
    n = int(action.get("ability", 1))
    if not 1 <= n <= len(abilities):
        raise ScenarioError(f"illegal action: {card.name} has {len(abilities)} activated "
                            f"abilities, not {n}", None, code="S204")
    ab = abilities[n - 1]
    ev = game.new_event("activated", card, player, ab.effect, ab.text, ability=ab)
    if ab.requires and not conditions_hold(game, ab.requires, ev):
        needs = " and ".join(c.text for c in ab.requires)
        raise ScenarioError(f"illegal action: {card.name}'s ability needs {needs}, which "
                            f"{player} does not have", None, code="S205",
                            hint="what the ability asks of its controller must hold first")
    for cost in ab.costs:
        problem = cost.pay(game, card, ev) if cost.pay else None
        if problem:
            raise ScenarioError(f"illegal action: {problem}", None, code="S205")
    announce_targets(game, ev, ab, action)
    game.happen("activate", card, player)
    game.add(ev)
    game.run()


def pass_(game, player, action):
    """Do nothing."""


def check_end_turn(game, player, action) -> None:
    """Only the player whose turn it is ends it, and `end_turn: false` is no action."""
    if action.get("end_turn") is False:
        raise ScenarioError("end_turn: false is no action", None, code="S206",
                            hint="write end_turn: true, or leave the action out")
    active = game.state.active
    if player != active:
        raise ScenarioError(f"illegal action: it is {active}'s turn, so only {active} can end "
                            f"it, not {player}", None, code="S206",
                            hint=f"write {{player: {active}, end_turn: true}} (or set active: "
                                 "to choose whose turn it is)")


def end_turn(game, player, action):
    """The active player ends their turn: the next player in turn order becomes active, and
    their cards untap."""
    check_end_turn(game, player, action)
    order = game.state.order
    nxt = order[(order.index(game.state.active) + 1) % len(order)]
    game.state.active = nxt
    for c in game.state.in_zones(game.policy.play_zones):
        if c.controller == nxt:
            c.tapped = False


COMMON_ACTIONS = {"cast": cast, "play": cast, "activate": activate, "pass": pass_,
                  "end_turn": end_turn}
