"""Aember that moves between pools and creatures: steal, capture, exalt, and what a creature
holds going to the opponent when it leaves play.

A player's aember pool is their `aember` counter. Aember on a creature (captured, or put
there by exalt) is the creature's `aember` counter (`card.counters`, which `run --json`
shows and a setup may give: `counters: {aember: 2}`); it is no one's pool, so it cannot be
spent or forged with. When the creature leaves play, by any road (destroyed, returned to
hand, archived, purged), what it held goes to the pool of its controller's opponent
(`release_on_leaving`, a state check after `leave_play`).

The words of the game's aember are read in every spelling players use: `aember`, `æmber`
(`Æmber`), `amber`, and `A`, the bonus icon as plain text writes it after a number (`1A`).
"""

from __future__ import annotations

from ...library.moves import in_play
from .board import CREATURE, creature_check, creature_of

# The spellings of the game's aember in a phrase shape (the first is the one it is written
# back with): 'A' is the bonus icon after a number ('steal 1A', read as two words).
AEMBER = "aember|æmber|amber|a"
HEADER_SPELLINGS = {"æmber": "aember", "amber": "aember"}
ON_CARD = "aember"                 # the counter of aember on a creature


def gain_aember(game, player, n, ev=None) -> int:
    """Add (or, with n < 0, take away) aember; a pool never goes below 0. The change made."""
    have = game.state.players[player].counters.get("aember", 0)
    delta = max(n, -have)
    if delta:
        game.counter_add(player, "aember", delta)
        game.happen("aember", None, player, amount=delta)
    if ev is not None:
        verb = "gains" if n >= 0 else "loses"
        ev.did.append(f"{player} {verb} {abs(delta)} aember")
    return delta


def pool(game, player) -> int:
    return game.state.players[player].counters.get("aember", 0)


def take_from_pool(game, player, n: int) -> int:
    """Take up to n aember out of a player's pool (no `aember` happening: it is moved, not
    lost to the supply); the amount taken."""
    took = min(max(n, 0), pool(game, player))
    if took:
        game.counter_add(player, "aember", -took)
    return took


def put_on(game, card, n: int) -> None:
    """Put n aember on a creature (from a pool or from the supply)."""
    if n:
        card.counters[ON_CARD] = card.counters.get(ON_CARD, 0) + n
        game.state.touch()


def steal(game, ev, thief, n: int) -> int:
    """`thief` takes n aember (what there is, if less) from each opponent's pool into theirs."""
    got = 0
    for victim in game.state.opponents(thief):
        took = take_from_pool(game, victim, n)
        if took:
            game.counter_add(thief, "aember", took)
            game.happen("aember", None, thief, amount=took)
        ev.did.append(f"{thief} steals {took} aember from {victim}")
        got += took
    return got


def capture(game, ev, card, n: int) -> int:
    """A creature captures n aember from its controller's opponent's pool (what there is)."""
    took = 0
    for victim in game.state.opponents(card.controller):
        got = take_from_pool(game, victim, n)
        put_on(game, card, got)
        ev.did.append(f"{card.name} captures {got} aember from {victim}")
        took += got
    return took


def release_on_leaving(game) -> None:
    """A creature that left play gives the aember on it to its controller's opponent, and
    keeps no status counter (stun, enrage) into its next zone."""
    for h in game.batch:
        if h.kind != "leave_play" or h.card is None:
            continue
        card, seen = h.card, h.last_known
        held = card.counters.pop(ON_CARD, 0)
        for status in ("stun", "enrage"):
            card.counters.pop(status, None)
        if not held:
            continue
        side = seen.controller if seen is not None else card.owner
        for other in game.state.opponents(side):
            game.counter_add(other, "aember", held)
            game.note(f"the {held} aember on {card.name} goes to {other}'s pool")
            break
        game.state.touch()


release_on_leaving.after = frozenset({"leave_play"})


def register(lang) -> None:
    """The aember verbs: steal, capture (onto the creature itself or a named one), exalt."""
    holds = "only a creature holds aember"

    @lang.verb("steal aember", "steal {n:number} " + AEMBER,
               "{who:player} steal|steals {n:number} " + AEMBER)
    def steal_verb(game, ev, node):
        for who in game.players_named(ev, node.arg("who"), node.text):
            steal(game, ev, who, node.arg("n"))

    @lang.verb("capture aember", "capture {n:number} " + AEMBER,
               "{what:cards} capture|captures {n:number} " + AEMBER,
               check=creature_check("capture aember with", holds))
    def capture_verb(game, ev, node):
        sel = node.arg("what")
        cards = game.select(sel, ev) if sel is not None else [ev.source]
        cards = [creature_of(game, c) for c in cards if c is not None]
        cards = [c for c in cards if in_play(game, c) and c.kind == CREATURE]
        if not cards:
            ev.did.append(f"{node.text}: no creature to capture it")
            return
        for c in cards:
            capture(game, ev, c, node.arg("n"))
        ev.subject = ev.subject or cards[0].name

    @lang.verb("exalt", "exalt|exalts {what:cards}", check=creature_check("exalt", holds))
    def exalt(game, ev, node):
        """Put 1 aember from the supply on each creature."""
        cards = [creature_of(game, c) for c in game.select(node.arg("what"), ev)]
        cards = [c for c in cards if in_play(game, c) and c.kind == CREATURE]
        for c in cards:
            put_on(game, c, 1)
            ev.did.append(f"exalt {c.name}: 1 aember on it")
        if not cards:
            ev.did.append(f"{node.text}: no creature")
        else:
            ev.subject = ev.subject or cards[0].name
