"""Mana: each player's mana by element, the mana sitting on a spell, and the Available Ether.

A player's element counter (`fire`, `wind`, ...) is only spent from once the scenario set it;
an unset counter is an unlimited supply (pools.md). Mana paid to prepare or channel a spell
stays on the spell (its `mana` counter) until the spell leaves play; then a rule of the game
releases it to the shared `ether` counter, as an action of the chain (see `release_mana`).
"""

from __future__ import annotations

from ...interpreter.rules import after
from ...errors import ScenarioError
from . import permanents

ETHER = "ether"
ELEMENTS = ("fire", "water", "earth", "wind", "light", "shadow", "normal")   # of mana


def element_of(card) -> str:
    """The element a card's cost is paid in: its element keyword (default: normal)."""
    return next((e for e in ELEMENTS if e in card.tpl.keywords), "normal")


def can_pay(game, player: str, element: str, n: int) -> bool:
    ps = game.state.players[player]
    return element not in ps.set_counters or ps.counters.get(element, 0) >= n


def spend(game, player: str, element: str, n: int) -> None:
    """Take n mana of an element from a player (nothing to take from an unlimited supply)."""
    if element in game.state.players[player].set_counters and n:
        game.counter_add(player, element, -n)


def to_ether(game, n: int) -> None:
    counters = game.state.shared_counters
    counters[ETHER] = counters.get(ETHER, 0) + n


def pay_for(game, player: str, card, ev) -> None:
    """Pay a card's cost to prepare or channel it; the mana goes onto the card."""
    cost = card.tpl.stats.get("cost", 0)
    element = element_of(card)
    if not can_pay(game, player, element, cost):
        have = game.state.players[player].counters.get(element, 0)
        raise ScenarioError(f"illegal action: {player} cannot pay {cost} {element} mana for "
                            f"{card.name} (has {have})", None, code="S202",
                            hint=f"raise {player}'s {element} in setup, or remove it for "
                                 "unlimited mana")
    spend(game, player, element, cost)
    card.counters["mana"] = cost
    if cost:
        ev.paid = f"{cost} {element} mana"


def on_card(card) -> int:
    """The mana on a card in play: what was paid for it, or its cost if it was set up there."""
    if "mana" in card.counters:
        return card.counters["mana"]
    return card.tpl.stats.get("cost", 0)


def on_start(game) -> None:
    """Cards the setup put in play hold the Mana paid for them: their cost, unless their
    entry set `counters: {mana: N}` (so `card.<id>.counters.mana` reads it from the start);
    Permanents set up in play hold their printed HP likewise."""
    for card in game.state.in_zones(game.policy.play_zones):
        card.counters.setdefault("mana", card.tpl.stats.get("cost", 0))
    permanents.set_up(game)


@after("leave_play")
def release_mana(game):
    """A card that leaves play releases its mana to the Available Ether.

    The release is an action of the chain, made by a rule of the game: it goes after the
    triggered actions of the same moment (`follows`), so a card's own 'when this leaves
    play' resolves first, then its mana is released.
    """
    for h in game.batch:
        if h.kind != "leave_play" or h.card is None:
            continue
        card = h.card
        card.granted.difference_update(card.extra.pop("until_end_of_turn", ()))
        n = on_card(card)
        card.counters["mana"] = 0
        if not n:
            continue

        def program(g, ev, card=card, n=n):
            to_ether(g, n)
            ev.did.append(f"release {n} mana from {card.name} to the Available Ether")
            g.happen("release", card, card.owner, amount=n)

        ev = game.new_event("release", card, card.owner, program,
                            f"release the mana of {card.name}")
        ev.subject = card.name
        game.add_follow(ev)


@after("counter")
def out_of_hp(game):
    """A player whose HP falls to 0 or less has lost. When at most one player has HP left, the
    game ends (Game.end_game) as soon as the action resolving now is done: nothing else on the
    chain resolves. Everyone at 0 at once is a draw. (With three or more players, one player
    out does not end the game; the rules for that are not modelled.)"""
    st = game.state
    if st.over:
        return
    out = [p for p in st.order if st.players[p].counters.get("hp", 1) <= 0]
    if not out:
        return
    alive = [p for p in st.order if p not in out]
    if len(alive) > 1:
        return
    winner = alive[0] if alive else None
    game.end_game(winner, f"{' and '.join(out)} at 0 HP: " +
                  (f"{winner} wins" if winner else "a draw"))
