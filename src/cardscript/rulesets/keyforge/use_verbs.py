"""The verbs that use a creature or change how it can be used: 'ready and fight with',
'ready and reap with', 'ready and use', 'fight with', 'reap with', 'use', 'stun', 'enrage'.

A card effect that uses a creature may use one of any house (only a player's own use is
bound to the active house). The creature is readied, then used: the use is its own
storyline event (the fight or reap sequence, or an Action:/Omni: ability), put next on the
storyline in front of the rest of the effect, so all it causes resolves first. A stunned
creature's use is the unstun (using.py); an enraged one that can fight, told to be used,
fights.

Without 'ready', an exhausted creature cannot be used: where the effect chooses one ('fight
with a friendly creature'), it is chosen among the ready ones; one named or counted ('fight
with it', 'reap with each friendly creature') that is exhausted is passed over.
"""

from __future__ import annotations

from ...interpreter.rules import Split
from ...library.moves import in_play
from . import board, using
from .board import creature_check, creature_of
from .sequences import ability_event


def _creatures(game, ev, node) -> list:
    cards = [creature_of(game, c) for c in game.select(node.arg("what"), ev)]
    return [c for c in cards if c is not None and in_play(game, c) and c.kind == board.CREATURE]


def _choose_ready(game, ev, node) -> None:
    """Where the effect chooses one creature to use without readying it, the choice is
    among the ready ones (an exhausted creature cannot be used): the chosen card is put in
    the selector's slot, which `select` then reads."""
    sel = node.arg("what")
    if sel.pick in ("self", "ref", "named", "random", "top") or sel.quant in ("each", "up_to") \
            or (sel.quant == "count" and sel.count > 1) or sel.slot in ev.slots:
        return
    cands = [c for c in game.candidates(sel, ev) if not c.tapped]
    ev.slots[sel.slot] = [game.ask_target(ev.controller, sel.text, cands)] if cands else []


def _usable(ev, cards) -> list:
    """The cards that can be used without being readied: the ready ones."""
    for c in cards:
        if c.tapped:
            ev.did.append(f"{c.name} is exhausted: it cannot be used")
    return [c for c in cards if not c.tapped]


def _ready(game, ev, card) -> None:
    if card.tapped:
        card.tapped = False
        ev.quiet_acts += 1
        game.state.touch()
    ev.did.append(f"ready {card.name}")


def _fight(game, ev, card):
    """The fight event of `card` (its controller chooses what it fights), or None."""
    foes = using.defenders(game, card.controller)
    if not foes:
        ev.did.append(f"{card.name} has no enemy creature to fight")
        return None
    defender = game.ask_target(card.controller, f"the creature {card.name} fights", foes)
    return using.fight_event(game, card.controller, card, defender)


def _use(game, ev, card):
    """The event of one use of `card`, as its controller chooses: fight, reap, or an
    Action:/Omni: ability (only fight, when it is enraged and can fight)."""
    abilities = [a for a in card.tpl.abilities if a.kind == "activated"]
    ways = [("fight", None)] if using.defenders(game, card.controller) else []
    if not using.must_fight(game, card):
        ways += [("reap", None)] + [("ability", a) for a in abilities]
    texts = [w if a is None else f"{a.label}: {a.text}" for w, a in ways]
    how, ab = ways[game.ask_option(card.controller, texts)]
    if how == "fight":
        return _fight(game, ev, card)
    if how == "reap":
        return using.reap_event(game, card.controller, card)
    use, problem = ability_event(game, card.controller, card, ab)
    if problem:
        ev.did.append(problem)
    return use


def register(lang) -> None:
    """Register the use verbs, stun and enrage."""

    def uses(how, readies=True):
        def run(game, ev, node):
            if not readies:
                _choose_ready(game, ev, node)
            cards = _creatures(game, ev, node)
            if not readies:
                cards = _usable(ev, cards)
                if not cards:
                    ev.did.append(f"{node.text}: no ready creature")
            for card in cards:
                if readies:
                    _ready(game, ev, card)
                if using.stunned(card):
                    made = using.unstun_event(game, card.controller, card, how)
                elif how == "fight":
                    made = _fight(game, ev, card)
                elif how == "reap":
                    made = using.reap_event(game, card.controller, card)
                else:
                    made = _use(game, ev, card)
                ev.subject = ev.subject or card.name
                if made is not None:
                    yield Split(how, inserts=[made])
        return run

    checks = {how: creature_check(f"ready and {how}") for how in ("fight with", "reap with",
                                                                     "use")}
    lang.verb("ready and fight", "ready and fight with {what:cards}", splits=("use",),
              check=checks["fight with"])(uses("fight"))
    lang.verb("ready and reap", "ready and reap with {what:cards}", splits=("use",),
              check=checks["reap with"])(uses("reap"))
    lang.verb("ready and use", "ready and use {what:cards}", splits=("use",),
              check=checks["use"])(uses("use"))
    lang.verb("fight with", "fight with {what:cards}", splits=("use",),
              check=creature_check("fight with"))(uses("fight", readies=False))
    lang.verb("reap with", "reap with {what:cards}", splits=("use",),
              check=creature_check("reap with"))(uses("reap", readies=False))
    lang.verb("use", "use {what:cards}", splits=("use",),
              check=creature_check("use"))(uses("use", readies=False))

    @lang.verb("stun", "stun|stuns {what:cards}", check=creature_check("stun"))
    def stun(game, ev, node):
        """Put a stun on each creature that has none (a stunned one is not stunned again)."""
        _status(game, ev, node, using.STUN, "stun", "stunned")

    @lang.verb("enrage", "enrage|enrages {what:cards}", check=creature_check("enrage"))
    def enrage(game, ev, node):
        """Put an enrage on each creature that has none."""
        _status(game, ev, node, using.ENRAGE, "enrage", "enraged")


def _status(game, ev, node, counter, verb, state) -> None:
    cards = _creatures(game, ev, node)
    for c in cards:
        if c.counters.get(counter):
            ev.did.append(f"{c.name} is already {state}")
            continue
        c.counters[counter] = 1
        ev.quiet_acts += 1
        game.state.touch()
        ev.did.append(f"{verb} {c.name}")
    if cards:
        ev.subject = ev.subject or cards[0].name
    else:
        ev.did.append(f"{node.text}: no creature")
