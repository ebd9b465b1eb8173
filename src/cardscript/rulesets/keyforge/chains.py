"""Chains: 'gain 1 chain', 'your opponent gains 2 chains', and what chains do to the draw.

A player's chains are their `chains` counter (a setup may give it: `chains: 3`), at most 24.
In step 5, a player with chains who would draw cards to refill their hand draws fewer: 1
fewer with 1 to 6 chains, 2 with 7 to 12, 3 with 13 to 18, 4 with 19 to 24. Once chains
have kept them from drawing one card or more, they shed one chain. A player who would draw
nothing (a full hand) sheds none. Drawing for a card's effect is never reduced.
"""

from __future__ import annotations

MOST = 24
COUNTER = "chains"


def chains(game, player) -> int:
    return game.state.players[player].counters.get(COUNTER, 0)


def fewer(n_chains: int) -> int:
    """How many fewer cards the chains make a player draw in step 5."""
    return 0 if n_chains <= 0 else min(4, (n_chains + 5) // 6)


def refill_count(game, player, want: int, ev) -> int:
    """The cards a player refilling their hand with `want` cards draws, their chains taken
    off; the chain is shed here when they kept a card from being drawn (the draw follows at
    once, in the same step)."""
    held = min(want, fewer(chains(game, player)))
    if held:
        game.counter_add(player, COUNTER, -1)
        ev.did.append(f"{player}'s {chains(game, player) + 1} chains keep {held} card"
                      f"{'s' if held != 1 else ''} from being drawn; {player} sheds a chain")
    return want - held


def register(lang, players) -> None:
    """Register 'gain N chains'; `players` names the players a step's player word names."""

    @lang.verb("gain chains", "{who:player?} gain|gains {n:number} chain|chains")
    def gain_chains(game, ev, node):
        for who in players(game, ev, node.arg("who")):
            have = chains(game, who)
            add = max(0, min(node.arg("n"), MOST - have))
            if add:
                game.counter_add(who, COUNTER, add)
            ev.did.append(f"{who} gains {add} chain{'s' if add != 1 else ''}"
                          + (f" (at most {MOST})" if add < node.arg("n") else ""))
