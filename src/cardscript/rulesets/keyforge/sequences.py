"""Step 3's actions, each the chart's sequence as one storyline event with its timing points.

play     put the card into play (or reveal an action), its aember bonus, then `play`
         ("Play:" and "after play" effects); an action is discarded once those have resolved.
         Alpha, Omega and Deploy are read here (keywords.py lists where each keyword is).
fight    the attacker and its defender checked (Taunt); the sequence is using.py's
reap     the creature checked (an enraged one must fight); the sequence is using.py's
use      exhaust (the Action:/Omni: label's cost), resolve the ability, then `use`
discard  a card of the active house from hand to the discard pile
A stunned creature's use, by any of these, is the unstun (using.py `unstun_event`).
"""
from __future__ import annotations

from ...interpreter.rules import Do, IfT, Split, announce_targets, find_card, pick_card, walk
from ...language.selectors import Selector
from . import board, keywords, using
from .aember import gain_aember
from .turn import check_turn, illegal, turn


def _house_ok(game, player, card, action, verb, omni=False):
    """Only cards of the active house may be played, discarded or used (Omni: any house)."""
    t = check_turn(game, player)
    if t.house is None:
        raise illegal(f"{player} has not chosen a house this turn",
                      hint="start the turn with {player: %s, choose_house: HOUSE}" % player)
    house = card.tpl.props.get("house")
    if not omni and house is not None and str(house).lower() != t.house:
        raise illegal(f"{card.name} is {house}, not of the active house {t.house}", key=verb,
                      hint=f"only {t.house} cards can be played, discarded or used this turn")
    if t.ended_by is not None:
        raise illegal(f"step 3 has ended: {t.ended_by} has Omega", key=verb,
                      hint="after a card with Omega is played, no card is played, discarded "
                           "or used until the next turn; end the turn (end_turn: true)")


def _ready_creature(game, player, action, verb):
    card = find_card(game, player, action[verb], ["battleline"])
    if card.tapped and str(action[verb]).strip().lower() == card.name.lower():
        # A name that several copies share means a copy that can act, if one can.
        card = next((c for c in board.creatures(game, player)
                     if c.name == card.name and not c.tapped), card)
    if card.kind != "creature":
        raise illegal(f"{card.name} is not a creature", key=verb)
    _house_ok(game, player, card, action, verb)
    if card.tapped:
        raise illegal(f"{card.name} is exhausted", key=verb,
                      hint="a creature is used once a turn; it is readied in step 4")
    return card


def _start(game, ev):
    game.add(ev)
    game.run()


# --- play -----------------------------------------------------------------------------------
def play(game, player, action):
    verb = "play" if "play" in action else "cast"
    card = find_card(game, player, action[verb], ["hand"])
    _house_ok(game, player, card, action, verb)
    if game.has_keyword(card, "alpha") and turn(game).acted:
        raise illegal(f"{card.name} has Alpha: it is played only before any other card is "
                      "played, used or discarded this turn", key=verb,
                      hint="play it first, right after choose_house")
    place, flank = keywords.deploy_place(game, player, card, action)
    if flank is None:
        flank = _flank(game, player, card, action) if place is None else f"position {place}"
    host = None
    if card.kind == "upgrade":
        ref = action.get("target") or next(iter(action.get("targets") or []), None)
        friends = [c for c in game.state.in_zones(game.policy.play_zones) if c.kind == "creature"]
        if ref is None:
            host = game.ask_target(player, f"a creature for {card.name}", friends) \
                if friends else None
        else:
            host = pick_card(friends, ref)
        if host is None:
            raise illegal(f"{card.name} is an upgrade: it needs a creature in play (target:)",
                          key="target", code="S203",
                          hint="creatures in play: " + (", ".join(c.id for c in friends)
                                                        or "none"))
    given = None if card.kind == "upgrade" else _play_targets(game, card, action, verb)
    bonus = int(card.tpl.stat("aember", 0))

    def program(g, ev):
        using.used_a_card(g)
        if card.kind == "action":
            g.state.put(card, None, player)
            ev.did.append(f"reveal {card.name}")
        else:
            at = board.enter_line(g, card, player, flank, host, position=place)
            if place is not None:
                ev.did.append(f"{card.name} is deployed: it enters play at position {at}")
            elif card.kind == "creature":
                ev.did.append(f"{card.name} enters play on the {flank} flank (position {at})")
            elif host is not None:
                ev.did.append(f"{card.name} enters play on {host.name}")
            else:
                ev.did.append(f"{card.name} enters play")
        if bonus:
            ev.did.append(f"aember bonus {bonus}")
            gain_aember(g, player, bonus, ev)
        if g.has_keyword(card, "omega"):
            turn(g).ended_by = card.name
            ev.did.append(f"{card.name} has Omega: step 3 ends once it is played")
        g.happen("play", card, player)
        if card.kind != "action":
            return
        yield Split("play")
        if card.zone is None:
            g.state.put(card, "discard", card.owner)
            ev.did.append(f"discard {card.name}")

    ev = game.new_event("play", card, player, program, f"play {card.name}")
    ev.subject = card.name
    if host is not None:
        ev.to = host.at
    elif card.kind == "creature":
        ev.to = flank
    game.set_slot(PLAY_TARGETS, (card, given) if given else None)
    try:
        _start(game, ev)
    finally:
        game.set_slot(PLAY_TARGETS, None)


PLAY_TARGETS = "play targets"   # the card being played and the targets its action named


def _play_targets(game, card, action, verb) -> list | None:
    """`target:` / `targets:` of a `play` action: the cards the Play: effect chooses."""
    given = list(action.get("targets") or [])
    if action.get("target") is not None:
        given.append(action["target"])
    if not given:
        return None
    if not any(_chosen(ab.effect) for ab in card.tpl.abilities if ab.label == "Play"):
        key = "targets" if action.get("targets") is not None else "target"
        raise illegal(f"{card.name} has no Play: effect that chooses a card", key=key,
                      code="S207", hint=f"remove {key}: from the play action")
    return given


def _chosen(effect) -> list:
    """The selectors of an effect that the controller chooses ('a creature you choose'), in
    text order, one per slot: in each step's arguments and each condition's."""
    out: list = []
    for node in walk(effect):
        if type(node) is Do:
            _chosen_in(node.args, out)
        elif type(node) is IfT:
            _chosen_in(node.conditions, out)
    return out


def _chosen_in(node, out) -> list:
    """The chosen selectors inside one value (a selector, a place, a tuple of them)."""
    if isinstance(node, Selector):
        if node.pick in ("choose", "target") and all(s.slot != node.slot for s in out):
            out.append(node)
    elif isinstance(node, (tuple, list)):
        for item in node:
            _chosen_in(item, out)
    elif hasattr(node, "__dataclass_fields__") and not hasattr(node, "shapes"):
        for name in node.__dataclass_fields__:
            _chosen_in(getattr(node, name, None), out)
    return out


def play_targets_announced(game, events) -> None:
    """The ruleset's `after_add`: as the Play: effect of the card being played goes on the
    storyline, it takes the cards the `play` action named (`target:` / `targets:`, in text
    order) instead of asking its controller."""
    pending = game.slot(PLAY_TARGETS, lambda: None)
    if not pending:
        return
    card, given = pending
    for e in events:
        ab = e.ability
        wanted = _chosen(ab.effect) if ab is not None and ab.label == "Play" and \
            e.source is card else []
        if not wanted:
            continue
        game.set_slot(PLAY_TARGETS, None)
        given = list(given)
        for sel in wanted:
            if not given:
                break
            legal = game.candidates(sel, e)
            many = sel.most or len(given)
            picks = []
            while given and len(picks) < many:
                value = given.pop(0)
                pick = pick_card(legal, value, picks)
                if pick is None:
                    raise illegal(f"{value!r} is not {sel.text} for {card.name}",
                                  key="target", code="S203", hint="legal: " + (
                                      ", ".join(c.id for c in legal) or "none"))
                picks.append(pick)
            e.slots[sel.slot] = picks
        if given:
            raise illegal(f"too many targets for {card.name}: {', '.join(map(str, given))} "
                          "left over", key="targets", code="S207",
                          hint="it chooses " + "; ".join(s.text for s in wanted))
        return


FLANKS = ("left", "right")       # the ends of a battleline, in the order a question lists them


def _flank(game, player, card, action) -> str:
    """The flank a creature enters on: the action's `flank`, else the player's answer.

    With no creature in the battleline both flanks are the same place, so nobody is asked;
    otherwise the player chooses (an `option` question: `left flank` / `right flank`).
    """
    given = action.get("flank")
    if given is not None:
        flank = str(given).strip().lower()
        if flank not in FLANKS:
            raise illegal(f"flank {flank!r}: a creature enters on the left or the right flank",
                          key="flank", hint="flank: left, or flank: right")
        return flank
    if card.kind != "creature" or not board.creatures(game, player):
        return "right"
    return FLANKS[game.ask_option(player, [f"{f} flank" for f in FLANKS])]


# --- fight ---------------------------------------------------------------------------------
def fight(game, player, action):
    attacker = _ready_creature(game, player, action, "fight")
    if using.stunned(attacker):
        return _start(game, using.unstun_event(game, player, attacker, "fight"))
    ref = action.get("target") or next(iter(action.get("targets") or []), None)
    foes = [c for c in game.state.in_zones(game.policy.play_zones)
            if c.kind == "creature" and c.controller != player]
    if not foes:
        raise illegal(f"{attacker.name} has no enemy creature to fight", key="fight",
                      code="S203", hint="no opponent has a creature in play; a creature can "
                      f"reap instead: {{player: {player}, reap: {attacker.id}}}")
    legal = using.defenders(game, player)
    if ref is None:
        defender = game.ask_target(player, f"the creature {attacker.name} fights", legal)
    else:
        defender = pick_card(legal, ref)
    if defender is None:
        taunted = pick_card(foes, ref)
        raise illegal(f"{ref!r} is no enemy creature {attacker.name} can fight" + (
            f": {taunted.name} stands beside a creature with Taunt" if taunted else ""),
            key="target", code="S203", hint="enemy creatures it may fight: " +
            ", ".join(c.id for c in legal))
    _start(game, using.fight_event(game, player, attacker, defender))


# --- reap -----------------------------------------------------------------------------------
def reap(game, player, action):
    card = _ready_creature(game, player, action, "reap")
    if using.stunned(card):
        return _start(game, using.unstun_event(game, player, card, "reap"))
    _not_enraged(game, card, "reap")
    _start(game, using.reap_event(game, player, card))


def _not_enraged(game, card, verb):
    """An enraged creature that can fight must be used to fight (S206)."""
    if card.kind == "creature" and using.must_fight(game, card):
        raise illegal(f"{card.name} is enraged: used, it must fight while it can", key=verb,
                      hint=f"fight with it: {{player: {card.controller}, fight: {card.id}, "
                           "target: ...}")


# --- use an Action: or Omni: ability --------------------------------------------------------
def use(game, player, action):
    verb = "use" if "use" in action else "activate"
    card = find_card(game, player, action[verb], list(game.policy.play_zones))
    if card.tapped and str(action[verb]).strip().lower() == card.name.lower():
        card = next((c for c in game.state.in_zones(game.policy.play_zones)
                     if c.controller == player and c.name == card.name and not c.tapped), card)
    abilities = [a for a in card.tpl.abilities if a.kind == "activated"]
    if not abilities:
        raise illegal(f"{card.name} has no Action: or Omni: ability", key=verb, code="S204",
                      hint="a creature is also used to reap or fight: "
                      f"{{player: {player}, reap: {card.id}}}" if card.kind == "creature"
                      else "only an Action: or Omni: ability is used")
    n = int(action.get("ability", 1))
    if not 1 <= n <= len(abilities):
        raise illegal(f"{card.name} has {len(abilities)} Action:/Omni: abilities, not {n}",
                      key="ability", code="S204", hint="; ".join(
                          f"ability: {i} is {a.text!r}" for i, a in
                          enumerate(abilities, 1)))
    ab = abilities[n - 1]
    _house_ok(game, player, card, action, verb, omni=ab.label == "Omni")
    if card.kind == "creature" and using.stunned(card) and not card.tapped:
        return _start(game, using.unstun_event(game, player, card, "use"))
    _not_enraged(game, card, verb)
    ev, problem = ability_event(game, player, card, ab, action)
    if problem:
        raise illegal(problem, key=verb, code="S205",
                      hint="a card is used once a turn; it is readied in step 4")
    _start(game, ev)


def ability_event(game, player, card, ab, action=None):
    """Using a card's Action: or Omni: ability `ab`: its cost paid (the card exhausted), the
    event that resolves the ability and then reports `use`. (event, None), or (None, why
    the cost cannot be paid)."""
    ev = game.new_event("use", card, player, ab.effect, ab.text, ability=ab)
    for cost in ab.costs:
        problem = cost.pay(game, card, ev) if cost.pay else None
        if problem:
            return None, problem
    if action is not None:
        announce_targets(game, ev, ab, action)
    using.used_a_card(game)

    def used(g, e):
        g.happen("use", card, player)

    ev.after = used
    return ev, None


# --- discard --------------------------------------------------------------------------------
def discard(game, player, action):
    card = find_card(game, player, action["discard"], ["hand"])
    _house_ok(game, player, card, action, "discard")

    def program(g, ev):
        using.used_a_card(g)
        g.state.put(card, "discard", card.owner)
        ev.did.append(f"discard {card.name}")
        g.happen("discard", card, player)

    ev = game.new_event("discard", card, player, program, f"discard {card.name}")
    ev.subject = card.name
    _start(game, ev)
