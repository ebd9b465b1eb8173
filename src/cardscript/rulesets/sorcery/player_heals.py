"""A player who heals: 'you heal N' (codex "Healing"; docs/rulesets/sorcery.md, "A player
heals").

An avatar's wounds are its player's life, so a player who heals N gains up to N life, never
beyond the most they can have (the life they started with), and not at all at Death's Door,
where life cannot change (players.py `settle_life`). What they gain is reported as a
`gain_life` happening of that amount, which 'Whenever you gain life' hears; healing nothing
(at their most life already, or at the door) reports none.
"""

from __future__ import annotations

from .players import LIFE, at_deaths_door, change_life, door


def register(lang) -> None:
    """The verb 'PLAYER heal|heals N'."""

    @lang.verb("player heals", "{who:player?} heal|heals {n:number}")
    def player_heals(game, ev, node):
        """Each player named gains up to N life, to the most they can have."""
        n = node.argmap["n"]
        for who in game.players_named(ev, node.argmap.get("who"), node.text):
            before = game.state.players[who].counters.get(LIFE, 0)
            most = door(game).most.get(who)
            if most is None:                 # a storyline scenario: life is only a counter
                game.counter_add(who, LIFE, n)
            elif not at_deaths_door(game, who):
                change_life(game, who, min(n, max(most - before, 0)))
            now = game.state.players[who].counters.get(LIFE, 0)
            if now > before:
                game.happen("gain_life", None, who, amount=now - before)
                ev.did.append(f"{who} heals {now - before}: {who} is at {now} life")
            else:
                ev.did.append(f"{who} heals nothing: {who}'s life cannot rise")
