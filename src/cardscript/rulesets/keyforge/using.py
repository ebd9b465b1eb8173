"""Using a creature: the fight and reap sequences, and the rules every use of a creature
follows, whether a player's action starts it or a card's effect ('ready and fight with').

fight     exhaust, choose the defender (Taunt limits the choice), `before_fight` ("Before
          Fight:", Hazardous, Assault); both deal their power in damage at once (Elusive,
          Skirmish and Poison change that step); destruction; then `fight` and `use`
reap      exhaust, gain 1 aember, then `reap` and `use`
unstun    a stunned creature's use: it is exhausted and its stun removed, nothing else
          happens; it still counts as used (`use`)

Stun and enrage are counters on the creature (`card.counters`): `stun` makes its next use
an unstun; `enrage` makes it fight when it is used, if it can, and goes once it has fought.
"""

from __future__ import annotations

from ...interpreter.rules import Split
from ...library.moves import in_play
from . import board
from .aember import gain_aember
from .turn import turn

STUN, ENRAGE = "stun", "enrage"


def stunned(card) -> bool:
    return bool(card.counters.get(STUN))


def enraged(card) -> bool:
    return bool(card.counters.get(ENRAGE))


def used_a_card(game) -> None:
    """Count a card played, used or discarded this turn (what Alpha reads)."""
    turn(game).acted += 1


# --- choosing the defender --------------------------------------------------------------
def neighbors(game, card) -> list:
    """The creatures beside a creature in its controller's battleline."""
    line = board.creatures(game, card.controller)
    i = line.index(card) if card in line else -1
    return [line[j] for j in (i - 1, i + 1) if i >= 0 and 0 <= j < len(line)]


def defenders(game, player) -> list:
    """The enemy creatures a creature of `player` may choose to fight: not one beside a
    creature with Taunt, unless it has Taunt itself."""
    foes = [c for c in game.state.in_zones(game.policy.play_zones)
            if c.kind == board.CREATURE and c.controller != player]
    return [c for c in foes if game.has_keyword(c, "taunt") or
            not any(game.has_keyword(n, "taunt") for n in neighbors(game, c))]


def must_fight(game, card) -> bool:
    """An enraged creature, when used, must fight if it can: some enemy creature may be
    chosen to fight."""
    return enraged(card) and bool(defenders(game, card.controller))


# --- the sequences ------------------------------------------------------------------------
def unstun_event(game, player, card, how: str):
    """A stunned creature used (to fight, reap or use an ability, by a player or an effect):
    instead it is exhausted and its stun removed; that is its use."""

    def program(g, ev):
        used_a_card(g)
        card.tapped = True
        card.counters.pop(STUN, None)
        g.state.touch()
        ev.did.append(f"{card.name} is stunned: exhaust it and remove the stun (no {how})")
        g.happen("use", card, player)

    ev = game.new_event(how, card, player, program, f"{card.name} is used (stunned)")
    ev.subject = card.name
    return ev


def fight_event(game, player, attacker, defender):
    """The fight sequence of `attacker` against `defender`, as one storyline event."""
    t = turn(game)
    first = (defender.id, defender.incarnation) not in t.fought
    t.fought.add((defender.id, defender.incarnation))
    elusive = first and game.has_keyword(defender, "elusive")

    def program(g, ev):
        used_a_card(g)
        attacker.tapped = True
        ev.did.append(f"exhaust {attacker.name}; it fights {defender.name}")
        g.happen("before_fight", attacker, player, target=defender)
        _keyword_event(g, attacker, "assault", defender)
        _keyword_event(g, defender, "hazardous", attacker)
        yield Split("before fight")
        if in_play(g, attacker) and in_play(g, defender):
            yield from _exchange(g, ev, attacker, defender, elusive)
        else:
            gone = attacker if not in_play(g, attacker) else defender
            ev.did.append(f"no damage is dealt: {gone.name} has left play")
        if in_play(g, attacker):
            ev.did.append(f"{attacker.name} has fought {defender.name}")
            if attacker.counters.pop(ENRAGE, None):
                ev.did.append(f"{attacker.name} is no longer enraged")
            g.happen("fight", attacker, player, target=defender)
        else:
            ev.did.append(f"{attacker.name} did not survive the fight")
        g.happen("use", attacker, player)

    ev = game.new_event("fight", attacker, player, program,
                        f"{attacker.name} fights {defender.name}")
    ev.subject = defender.name
    return ev


def _exchange(g, ev, attacker, defender, elusive):
    """Step 2 of a fight: each deals its power in damage to the other at once."""
    if elusive:
        ev.did.append(f"{defender.name} is elusive: this first fight against it this turn "
                      "deals no damage")
        return
    a, d = board.power(g, attacker), board.power(g, defender)
    skirmish = g.has_keyword(attacker, "skirmish")
    ev.did.append(f"{attacker.name} and {defender.name} deal {a} and "
                  f"{0 if skirmish else d} damage to each other at once")
    hit_d = board.deal(g, ev, defender, a, attacker)
    hit_a = 0
    if skirmish:
        ev.did.append(f"{attacker.name} has skirmish: it is dealt no damage")
    else:
        hit_a = board.deal(g, ev, attacker, d, defender)
    doomed = board.lethal(g, [attacker, defender])
    for victim, hit, by in ((defender, hit_d, attacker), (attacker, hit_a, defender)):
        if hit and g.has_keyword(by, "poison") and victim not in doomed and in_play(g, victim):
            ev.did.append(f"{by.name}'s poison destroys {victim.name}")
            doomed.append(victim)
    yield from board.destroy_now(g, ev, doomed)


def _keyword_event(game, card, keyword, victim):
    """Hazardous X / Assault X: X damage to the other creature, before the fight."""
    n = game.has_keyword(card, keyword) and card.tpl.keywords.get(keyword)
    if not n or n is True:
        return

    def program(g, ev):
        board.deal(g, ev, victim, int(n), card)
        yield from board.destroy_now(g, ev, board.lethal(g, [victim]))

    ev = game.new_event(keyword, card, card.controller, program,
                        f"{keyword.capitalize()} {n}: {n} damage to {victim.name}")
    ev.subject = victim.name
    game.add_trigger(ev)


def reap_event(game, player, card):
    """The reap sequence: exhaust, gain 1 aember, then `reap` and `use`."""

    def program(g, ev):
        used_a_card(g)
        card.tapped = True
        ev.did.append(f"exhaust {card.name}")
        gain_aember(g, player, 1, ev)
        g.happen("reap", card, player)
        g.happen("use", card, player)

    ev = game.new_event("reap", card, player, program, f"{card.name} reaps")
    ev.subject = card.name
    return ev
