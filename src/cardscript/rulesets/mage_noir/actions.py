"""Mage Noir's actions: prepare, channel, activate (a prepared spell, or an ability), end turn,
and the windows where 'at any time' effects are used: right before and right after each chain,
and at the end and the start of a turn.

A regular action (prepare, channel, activate a prepared spell or a ritual's ability) is only
for the player whose turn it is, and starts a chain: it is announced (costs paid, every target
chosen), a window opens, the chain resolves to its end, and another window opens. An 'at any
time' ability is used in a window (or as an action of its own), never inside a chain.
"""

from __future__ import annotations

from ...interpreter.rules import (COMMON_ACTIONS, Question, StoryEvent, check_end_turn,
                                 declare_opponent, end_turn as _end_turn, find_card)
from ...errors import ScenarioError
from ...library.moves import leave_play
from . import mana, permanents
from .chain import announce, requests, split_actions, text_of, unpaid_cost
from .language import ANY_TIME


PAST = {"prepare": "prepared", "channel": "channeled"}


def prepare(game, player, action):
    """Prepare a spell from hand: pay its cost onto it; it waits in preparation."""
    _enter_action(game, player, action, "prepare", "preparation")


def channel(game, player, action):
    """Channel a spell from hand: pay its cost onto it; it stays in play, channeled."""
    _enter_action(game, player, action, "channel", "channeled")


def _enter_action(game, player, action, verb, zone):
    card = find_card(game, player, action[verb], ["hand"])
    _regular(game, player, f"{verb} {card.name}")
    channeled = "channeled" in card.tpl.keywords
    if channeled != (verb == "channel"):
        other = "channel" if channeled else "prepare"
        raise ScenarioError(f"illegal action: {card.name} is {'a' if channeled else 'not a'} "
                            f"channeled card, so it cannot be {PAST[verb]}", None, code="S206",
                            hint=f"use {other}: {card.name}")

    def program(g, ev):
        enter(g, card, zone, player)
        ev.did.append(f"{card.name} is {PAST[verb]}")

    ev = game.new_event(verb, card, player, program, f"{verb} {card.name}")
    ev.subject = card.name
    mana.pay_for(game, player, card, ev)
    game.state.put(card, None, player)       # neither in hand nor in play while announced
    _chain(game, [ev], happening=(verb, card, player))


def enter(game, card, zone, player):
    """A card comes into play in one of the play zones: a new object. A Permanent prepared
    is not yet on the board: its entering play is its being put into play, when it is
    activated (permanents.py `put_into_play`), so its preparation makes no `enter_play`."""
    card.controller = player
    game.state.put(card, zone, player)
    card.incarnation += 1
    if card.kind != permanents.PERMANENT:
        game.happen("enter_play", card, player, zone=zone)


def activate(game, player, action):
    """Activate a prepared spell, or an activated ability of a channeled card."""
    ref = action["activate"]
    zones = list(game.policy.play_zones)
    try:
        card = find_card(game, player, ref, zones)
    except ScenarioError as e:
        held = [c for c in game.state.players[player].zones.get("hand", ())
                if c.id == ref or c.name.lower() == str(ref).lower()]
        if held:
            verb = "channel" if "channeled" in held[0].tpl.keywords else "prepare"
            e.hint = f"{held[0].name} is in {player}'s hand: {verb} it first ({verb}: " \
                     f"{held[0].name})"
        raise
    if card.zone == "preparation":
        _regular(game, player, f"activate {card.name}")
        events = _announce_spell(game, player, card, action)
        _chain(game, events, happening=("activate", card, player))
        return
    abilities = [a for a in card.tpl.abilities if a.kind == "activated"]
    if not abilities:
        raise ScenarioError(f"illegal action: {card.name} has no ability to activate", None,
                            code="S204", hint="a prepared spell or a card with an ability "
                                              "(a label such as 'Any time →') can be activated")
    n = int(action.get("ability", 1))
    if not 1 <= n <= len(abilities):
        raise ScenarioError(f"illegal action: {card.name} has {len(abilities)} activated "
                            f"abilities, not {n}", None, code="S204", key="ability")
    ab = abilities[n - 1]
    if ab.label != ANY_TIME:
        _regular(game, player, f"activate {card.name}")
    events = announce_ability(game, player, card, ab, action)
    _chain(game, events, happening=("activate", card, player))


def _regular(game, player, what):
    if player != game.state.active:
        raise ScenarioError(f"illegal action: {what} is a regular action, only for the player "
                            f"whose turn it is ({game.state.active})", None, code="S206",
                            hint="set active: to this player, or use an 'Any time' ability")


def _announce_spell(game, player, card, action) -> list:
    """The chain a prepared spell starts, as the document's regular action lists it: its
    activation (applying its effect: its actions join the chain), then its discard (which
    releases its Mana)."""
    spells = card.tpl.spell_abilities
    head = announce_ability(game, player, card, spells[0], action) if spells else \
        [activation(game, player, card, None, [])]

    if card.kind == permanents.PERMANENT:
        return head + [_into_play(game, player, card)]

    def discard(g, ev):
        if leave_play(g, card, g.ruleset.graveyard, why="discard"):
            ev.did.append(f"{card.name} has finished its effects and is discarded")
        else:
            ev.did.append(f"{card.name} is no longer in play: nothing to discard")

    ev = game.new_event("discard", card, player, discard, f"discard {card.name}")
    ev.subject = card.name
    return head + [ev]


def _into_play(game, player, card):
    """The end of a Permanent's chain, where a spell's discard is: it is put into play, with
    its Mana still under it and its printed HP (permanents.py)."""
    def program(g, ev):
        if card.zone != "preparation":
            ev.did.append(f"{card.name} is no longer in preparation: it stays where it is")
            return
        permanents.put_into_play(g, card, player)
        hp = f" with {card.counters[permanents.HP]} HP" if permanents.has_hp(card) else ""
        ev.did.append(f"{card.name} is put into play{hp}")

    ev = game.new_event("put_into_play", card, player, program, f"put {card.name} into play")
    ev.subject = card.name
    return ev


def announce_ability(game, player, card, ab, action) -> list:
    """An ability (or spell text) announced: its activation, whose actions are its text cut
    into indivisible actions, every target chosen now. Returns [the activation event]."""
    actions: list = []
    act = activation(game, player, card, ab, actions)
    for cost in ab.costs:
        problem = cost.pay(game, card, act) if cost.pay else None
        if problem:
            raise ScenarioError(f"illegal action: {problem}", None, code="S205")
    unpaid = unpaid_cost(game, act) if ab.kind == "activated" else None
    if unpaid:
        raise ScenarioError(f"illegal action: {player} cannot pay the cost of {card.name} "
                            f"({unpaid})", None, code="S205",
                            hint="an ability is used only when its whole cost can be paid; "
                                 f"{player}'s hand: " + (", ".join(
                                c.name for c in game.state.players[player].zones.get(
                                    "hand", ())) or "empty"))
    announce(game, act, ab, action)
    declare_opponent(game, act, ab.effect)      # 'an opponent' is named with the targets
    for i, node in enumerate(split_actions(ab.effect), 1):
        ev = game.new_event("activated", card, player, node, text_of(node), ability=ab,
                            parent=act)
        ev.part = i
        ev.slots = act.slots                 # one chain of one text: what it named is shared
        ev.named = act.named
        actions.append(ev)
    return [act]


def activation(game, player, card, ab, actions: list):
    """The activation of a prepared spell or of an ability: an indivisible action of its own,
    first in its chain, whose resolving puts `actions` (filled by the caller, each with
    `parent` = this event) on the chain, in front of whatever the chain still holds (the spell's
    discard). The document lists it so: applying the spell's effect adds its actions, and
    activating the ritual's ability has the discard and the indestructibility under it."""
    what = card.name if ab is None or ab.kind == "spell" else f"the ability of {card.name}"

    def program(g, ev):
        for action in reversed(actions):
            g.add(action)
        n = len(actions)
        ev.did.append(f"{player} activates {what}: " + (
            "it has no action" if not n else "its action joins the chain" if n == 1
            else f"its {n} actions join the chain"))

    act = game.new_event("activate", card, player, program, f"activate {what}", ability=ab)
    act.subject = card.name
    return act


def _chain(game, events, happening):
    """Open a window, put the announced chain on the storyline, resolve it, open a window."""
    kind, card, player = happening
    what = f"{player}'s chain ({kind} {card.name})"
    window(game, f"right before {what}")
    for ev in reversed(events[1:]):
        game.add(ev)
    game.happen(kind, card, player)
    game.add(events[0])
    game.run()
    window(game, f"right after {what}")


def usable(game, player) -> list:
    """(card, ability) of every 'at any time' ability the player could use now."""
    out = []
    for card in game.state.in_zones(game.policy.play_zones):
        if card.controller != player:
            continue
        for ab in card.tpl.abilities:
            if ab.kind != "activated" or ab.label != ANY_TIME:
                continue
            probe = StoryEvent(0, "activated", card, player, None, "", ability=ab)
            if unpaid_cost(game, probe) is None and all(
                    kind == "player" or game.candidates(what, probe)
                    for kind, what in requests(ab)):
                out.append((card, ab))
                break
    return out


def window(game, moment: str) -> None:
    """Right before or right after a chain, or at the end or start of a turn: each player who
    could use an 'at any time' ability now (its cost payable, its targets there) is asked
    (`respond`); a player with none is not asked. The chains used resolve one after the
    other (the active player orders those declared at the same moment), then the window
    opens again, until every player passes."""
    while True:
        declared = []
        for player in game.turn_order():
            offers = usable(game, player)
            if not offers:
                continue
            legal = [("pass", None)] + [(card.id, card) for card, _ in offers]
            picked = game.ask(Question(
                player, "respond", f"{moment}: use an 'at any time' effect, or pass",
                legal))
            if picked is not None:
                ab = next(a for c, a in offers if c is picked)
                declared.append(announce_ability(game, player, picked, ab, {}))
        if not declared:
            return
        if len(declared) > 1:
            heads = game.ask_order(game.state.active, [chain[0] for chain in declared])
            declared = [next(c for c in declared if c[0] is h) for h in heads]
        for events in declared:
            for ev in reversed(events[1:]):
                game.add(ev)
            game.happen("activate", events[0].source, events[0].controller)
            game.add(events[0])
            game.run()


def end_turn(game, player, action):
    """The turn ends: a window at its end, what lasted 'until end of turn' ends, the next
    player's turn starts, and a window opens at its start (the document's turn phases other
    than the main phase are not modelled, so their boundaries are these two moments). Only
    the player whose turn it is ends it."""
    check_end_turn(game, player, action)
    window(game, f"at the end of {game.state.active}'s turn")
    for card in game.state.cards.values():
        lasting = card.extra.pop("until_end_of_turn", None)
        if lasting:
            card.granted.difference_update(lasting)
    _end_turn(game, player, action)
    turn_start(game, game.state.active)
    window(game, f"at the start of {game.state.active}'s turn")


def turn_start(game, player) -> None:
    """The start of a turn, when a card of that player's in play has something to do then
    ('At the start of your turn, ...', the only start-of-turn pattern): a `turn_start`
    action of the rules, whose happening those abilities hear; their triggered actions join
    its chain, which resolves before the window at the start of the turn. With no such
    ability, nothing is recorded."""
    listening = any(c.controller == player and c.tpl.hooks_by_happening.get("turn_start")
                    for c in game.state.in_zones(game.policy.trigger_zones))
    if not listening:
        return

    def program(g, ev):
        g.happen("turn_start", None, player)
        ev.did.append(f"{player}'s turn starts: what acts at its start triggers")

    game.add(game.new_event("turn_start", None, player, program,
                            f"the start of {player}'s turn"))
    game.run()


def cast(game, player, action):
    """`cast` / `play` (the verbs every ruleset has): channel a channeled card, else prepare it."""
    ref = action.get("cast", action.get("play"))
    card = find_card(game, player, ref, ["hand"])
    verb = "channel" if "channeled" in card.tpl.keywords else "prepare"
    _enter_action(game, player, {**action, verb: ref}, verb,
                  "channeled" if verb == "channel" else "preparation")


ACTIONS = {**COMMON_ACTIONS, "cast": cast, "play": cast, "prepare": prepare, "channel": channel,
           "activate": activate, "end_turn": end_turn}
