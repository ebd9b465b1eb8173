"""Forging a key: in step 1, and by a card's effect ('forge a key at current cost').

A key is forged by spending its current cost in aember from the player's pool (6: no effect
here changes the cost); a player without that much forges nothing. The third key wins the
game at once. After a key is forged, the `forge` happening ("after a key is forged").
"""

from __future__ import annotations

KEY_COST = 6          # the current forging cost, without effects that change it
KEYS_TO_WIN = 3


def forge_key(game, ev, player) -> bool:
    """Forge a key for `player` at the current cost, if their pool holds it; whether they did."""
    counters = game.state.players[player].counters
    have = counters.get("aember", 0)
    if have < KEY_COST:
        ev.did.append(f"{player} cannot forge a key ({have} aember, the cost is {KEY_COST})")
        return False
    game.counter_add(player, "aember", -KEY_COST)
    game.counter_add(player, "keys", 1)
    keys = counters.get("keys", 0)
    ev.did.append(f"{player} forges a key for {KEY_COST} aember ({keys} "
                  f"key{'s' if keys != 1 else ''})")
    if keys >= KEYS_TO_WIN:
        ev.did.append(f"{player} has forged their third key and wins the game")
        game.end_game(player, f"{player} forged their third key")   # at once: Game.end_game
        return True
    game.happen("forge", None, player, keys=keys)
    return True


def register(lang, players) -> None:
    """Register 'forge a key at current cost'; `players` names the players a player word
    names."""

    @lang.verb("forge a key", "{who:player?} forge|forges a key at current cost")
    def forge(game, ev, node):
        for who in players(game, ev, node.arg("who")):
            if game.state.winner is not None:
                return
            forge_key(game, ev, who)
