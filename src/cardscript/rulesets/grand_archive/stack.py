"""The effects stack: activations, materializations and bestowments, response windows, and
where a card goes once it has resolved or fizzled.

The engine's storyline is the stack (policy `new_events: front`: the newest item resolves
first). What is Grand Archive's own lives here: each time items go on the stack (a card put
there, a triggered ability, an activated ability of an object) a response window opens (the
ruleset's `after_add` hook), a card waits in the shared `stack` zone, a champion levels up onto
the one before it, and a finished card goes to the graveyard, or to banishment when it is
regalia or has a memory cost.
"""

from __future__ import annotations

from ...interpreter.rules import (COMMON_ACTIONS, AbilityT, Question, StoryEvent, announce_targets,
                                 declare_opponent, find_card, pay)
from ...errors import ScenarioError
from ...language.selectors import Selector
from ...library.moves import enter_play
from .champion import champion_of
from .intent import attack_card_resolves

ACTIVATION, MATERIALIZATION, BESTOWMENT = "activation", "materialization", "bestowment"
VERBS = {ACTIVATION: "activate", MATERIALIZATION: "materialize", BESTOWMENT: "bestow"}


def stack_zone(game) -> str:
    return game.policy.cast_zone or "stack"


def banished(card) -> bool:
    """Regalia, and cards with a memory cost, go to banishment instead of the graveyard."""
    return "regalia" in card.tpl.flags or card.tpl.stats.get("memory", 0) > 0


def put_on_stack(game, player, card, action, kind):
    """Activate, materialize or bestow a card: pay, declare targets, put it on the effects
    stack. The response window the new item opens comes from `after_add`, once any triggers
    the announcement caused are on the stack with it."""
    tpl = card.tpl
    spells = tpl.spell_abilities
    is_object = tpl.kind in game.ruleset.language.permanent_kinds
    verb = VERBS[kind]
    if is_object:
        text = f"{verb} {card.name}"
        program = _enter_field(card)
    elif tpl.kind == "attack":
        _no_target_yet(card, action)
        text = spells[0].text if spells else f"{verb} {card.name}"
        program = attack_card_resolves(card, spells[0].effect if spells else None)
    else:
        text = spells[0].text if spells else f"{verb} {card.name}"
        program = spells[0].effect if spells else None
    # Every item is checked before it resolves (rulesets/grand_archive target_check); the
    # engine asks only events that carry an ability, so a card without text gets a bare one.
    ability = spells[0] if spells else AbilityT("spell", text, tpl.span, trace_kind=kind)
    ev = game.new_event(kind, card, player, program, text, ability=ability)
    ev.subject = card.name if is_object else None
    pay(game, player, card, ev)
    if tpl.stats.get("memory"):
        ev.paid = ", ".join(filter(None, [ev.paid, f"memory {tpl.stats['memory']}"]))
    if spells:
        announce_targets(game, ev, spells[0], action)
        declare_opponent(game, ev, spells[0].effect)   # 'target opponent', on activation
    _remember_declared(ev)
    game.state.shared.setdefault(stack_zone(game), [])
    game.state.put(card, stack_zone(game), player)
    ev.after = _leave_stack
    game.happen(kind, card, player)
    game.add(ev)
    return ev


def _no_target_yet(card, action):
    """An attack card's attack target is declared as it resolves, not as it is activated: a
    target given with the action would be read by nothing, so it is an error."""
    key = next((k for k in ("target", "targets") if action.get(k) is not None), None)
    if key is not None:
        raise ScenarioError(f"{card.name} is an attack card: its attack target is named as it "
                            "resolves and enters the intent, not as it is activated", None,
                            code="S207", key=key,
                            hint="leave out target: and answer the question in choices: "
                                 "{player: ..., kind: target, answer: UNIT} (not asked when "
                                 "only one unit can be attacked)")


def _remember_declared(ev):
    """What each target was when declared: a target that left and came back is a new object."""
    ev.named["declared"] = {c.id: c.incarnation for cards in ev.slots.values()
                            for c in cards if hasattr(c, "incarnation")}


def declare_trigger_targets(game, ev):
    """A triggered ability declares its targets as it goes on the stack, like an activation.

    A required target with no legal candidate leaves the slot empty and the item fizzles when
    it is checked (`resolution_check`); "up to" targets may be none.
    """
    if "declared" in ev.named or ev.ability is None:
        return
    if not ev.ability.targets:
        declare_opponent(game, ev, ev.ability.effect)      # 'an opponent' is declared all the same
        return
    missing = [sel.text for _, sel in ev.ability.targets if isinstance(sel, Selector) and
               sel.quant != "up_to" and not game.candidates(sel, ev)]
    if missing:
        for slot, _ in ev.ability.targets:
            ev.slots[slot] = []
        ev.named["no_target"] = missing
    else:
        announce_targets(game, ev, ev.ability, {})
    declare_opponent(game, ev, ev.ability.effect)
    _remember_declared(ev)


def _enter_field(card):
    def program(game, ev):
        player = ev.controller            # the player who controlled it on the stack
        if card.kind == "champion":
            old = champion_of(game, player)
            if old is not None:
                game.state.put(old, "lineage", player)
                ev.did.append(f"{card.name} levels up onto {old.name}")
        enter_play(game, card, None, player)
        ev.did.append(f"{card.name} enters the field under {player}'s control")
    return program


def _leave_stack(game, ev):
    """The card leaves the stack: an object has entered the field; anything else is put away."""
    card = ev.source
    if card.zone != stack_zone(game):
        return
    dest = "banishment" if banished(card) else game.ruleset.graveyard
    game.state.put(card, dest, card.owner)
    ev.did.append(f"{card.name} goes to the {dest}")


# --- response windows -------------------------------------------------------------------

def _probe(card, player) -> StoryEvent:
    return StoryEvent(0, "probe", card, player, None, "")


def usable_responses(game, player) -> list:
    """Fast cards in the player's hand that they could activate now: legal targets, payable."""
    ps = game.state.players[player]
    res = game.ruleset.resource
    out = []
    for card in ps.zones.get("hand", ()):
        if "fast" not in card.tpl.keywords:
            continue
        if res in ps.set_counters and ps.counters.get(res, 0) < card.tpl.stats.get("cost", 0):
            continue
        spells = card.tpl.spell_abilities
        probe = _probe(card, player)
        if spells and any(isinstance(sel, Selector) and sel.quant != "up_to" and
                          not game.candidates(sel, probe)
                          for _, sel in spells[0].targets):
            continue
        out.append(card)
    return out


def response_window(game, item):
    """Each player who could respond to the new item is asked (`respond`: a card, or pass).

    Players are asked in turn order, the turn player first, whoever controls the item. A
    response is itself a new item on the stack and opens its own window (through
    `after_add`); once a window closes with everyone passing, the stack resolves.
    """
    name = item.source.name if item.source is not None else "the game"
    for player in game.turn_order():
        usable = usable_responses(game, player)
        if not usable:
            continue
        legal = [("pass", None)] + [(c.name, c) for c in usable]
        card = game.ask(Question(
            player, "respond", f"respond to {name} ({item.kind}): a fast card, or pass",
            legal))
        if card is None:
            continue
        put_on_stack(game, player, card, {}, ACTIVATION)   # its own window, via after_add
        return


def items_added(game, events):
    """The ruleset's `after_add`: items went on the stack, so players may respond.

    Called by the engine for an announced item (with the triggers it caused) and for the
    triggers collected as an item finished resolving; the window names the top item. It is
    opened outside any resolving event, so what a response does at announcement (paying,
    reporting its activation) belongs to no item on the stack.
    """
    with game.between_events():
        for ev in events:
            declare_trigger_targets(game, ev)
        if not events[0].named.get("no_window"):    # combat.py: steps that open none here
            response_window(game, events[0])


# --- actions --------------------------------------------------------------------------

def _play(game, player, action, kind, zones):
    ref = action[next(k for k in ("cast", "play", "activate", "materialize", "attack")
                      if k in action)]
    card = find_card(game, player, ref, zones)
    if card.zone == "material":
        kind = MATERIALIZATION          # a card of the material deck is always materialized
    put_on_stack(game, player, card, action, kind)
    game.run()


def activate_card(game, player, action):
    """Activate a card from hand (a card of the material deck is materialized)."""
    _play(game, player, action, ACTIVATION, ["hand", "material"])


def activate(game, player, action):
    """`activate`: a card in hand (or the material deck) is played; otherwise an activated
    ability of a card on the field."""
    zones = game.state.players[player].zones
    ref = str(action["activate"])
    if any(c.id == ref or c.name.lower() == ref.lower()
           for z in ("hand", "material") for c in zones.get(z, ())):
        return _play(game, player, action, ACTIVATION, ["hand", "material"])
    return COMMON_ACTIONS["activate"](game, player, action)


def materialize(game, player, action):
    """Materialize a card from the material deck (a champion, regalia, ...), or from hand."""
    _play(game, player, action, MATERIALIZATION, ["material", "hand"])


def bestow(game, player, action):
    """Bestow a card from hand or the material deck: the third way an item goes on the stack.

    The document names bestowment beside activation and materialization and resolves the
    three alike; what makes a card bestowable is not in it, so any card may be bestowed.
    """
    ref = action["bestow"]
    card = find_card(game, player, ref, ["hand", "material"])
    put_on_stack(game, player, card, action, BESTOWMENT)
    game.run()


def attack_card(game, player, action):
    """Activate an attack card from hand (`attack:`, when no unit of the player's on the
    field has that name: attacks.py)."""
    card = find_card(game, player, action["attack"], ["hand", "field"])
    if card.kind != "attack":
        raise ScenarioError(f"illegal action: {card.name} is not an attack card", None,
                            code="S206", hint="attack: names an attack card in hand, or a "
                            "unit on the field with target: (the unit it attacks)")
    _play(game, player, action, ACTIVATION, ["hand"])


ACTIONS = {**COMMON_ACTIONS, "cast": activate_card, "play": activate_card,
           "activate": activate, "materialize": materialize,
           "bestow": bestow}
