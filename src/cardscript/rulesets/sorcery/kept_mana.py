"""Mana kept past the end of a turn: 'Gain 3 mana until your next turn' (or 'until the end of
your next turn'), the lasting form of 'gain N mana this turn'. docs/rulesets/sorcery.md,
"Durations".

Mana is lost at the end of its player's turn (resources.py `empty_mana`); mana gained for a
while is not lost then, as far as it is left: a player spends the mana that ends soonest
first (it is never worse for them), so of what is left at the end of their turn, as much as
they gained for a while is kept, the part "until your next turn" counted before the part
"until the end of your next turn". Mana "until your next turn" is gone as its player's next
turn starts (mana fills to what their sites give); mana "until the end of your next turn" is
added to that fill and lost with the rest as that turn ends.
"""

from __future__ import annotations

from .durations import END_NEXT_TURN, NEXT_TURN
from .resources import MANA

SLOT = "kept mana"          # player -> list of [amount, until], oldest first


def _kept(game) -> dict:
    return game.slot(SLOT, dict)


def gain_for_a_while(game, player, n: int, until: str) -> None:
    """`player` gained `n` mana that lasts `until` (their mana counter has it already)."""
    _kept(game).setdefault(player, []).append([n, until])


def keep_at_turn_end(game, player) -> int:
    """At the end of `player`'s turn: how much of their unspent mana they keep (what they
    gained this way, NEXT_TURN first, as far as unspent mana covers it); the records shrink
    to what is kept."""
    records = _kept(game).get(player)
    if not records:
        return 0
    left = game.state.players[player].counters.get(MANA, 0)
    order = sorted(records, key=lambda r: r[1] != NEXT_TURN)      # stable: NEXT_TURN first
    # Spent first is what ends soonest: keep from the longest-lasting backward.
    kept = []
    for r in reversed(order):
        take = min(r[0], left)
        left -= take
        if take:
            kept.append([take, r[1]])
    kept.reverse()
    _kept(game)[player] = kept
    return sum(r[0] for r in kept)


def carry_at_turn_start(game, player) -> int:
    """At the start of `player`'s turn: mana 'until your next turn' ends; mana 'until the end
    of your next turn' is carried into this turn (and then lost as it ends): how much."""
    records = _kept(game).pop(player, None)
    return sum(r[0] for r in records or () if r[1] == END_NEXT_TURN)
