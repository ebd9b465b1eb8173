"""A random discard: a player (each opponent, or whoever owns an avatar the words name) loses a
card of their hand picked at random.

The card is picked from the player's hand by the game's random draw (the run's seed), not
by its holder; a player with an empty hand discards nothing. A player named through a card
('the owner of any nearby Avatar') is each different owner (or controller) of the cards the
selector finds, in turn order; 'must' says the player has no say, which a random discard
never gives. docs/rulesets/sorcery.md, "Random discards".
"""

from __future__ import annotations

from ...language.reader import OPPONENTS
from ...library.common import gave
from ...library.moves import in_play


def discard_random(game, ev, player) -> list:
    """Move one card picked at random from `player`'s hand to their cemetery; the card, in a
    list (none for an empty hand)."""
    hand = list(game.state.players[player].zones.get("hand", []))
    if not hand:
        ev.did.append(f"{player} has no card to discard")
        return []
    card = game.rng.choice(hand)
    game.state.put(card, game.ruleset.graveyard, player)
    game.happen("discard", card, player)
    ev.did.append(f"{player} discards {card.name} at random")
    return [card]


def _players_named(game, ev, who) -> list[str]:
    if who in (None, "you"):
        return [ev.controller]
    if who in ("each", "opponents"):    # the one player of 'each player may' as they decide
        return game.players_named(ev, who)
    if who in OPPONENTS:
        return [p for p in game.turn_order() if p != ev.controller]
    return [ev.source.owner if ev.source is not None else ev.controller]


def register(lang) -> None:
    """The verbs of a random discard."""

    @lang.verb("discard at random", "{who:player?} discard|discards a random card",
               gives=True)
    def discard(game, ev, node):
        gave(ev, node, [c for player in _players_named(game, ev, node.arg("who"))
                        for c in discard_random(game, ev, player)])

    for role in ("owner", "controller"):
        @lang.verb(f"{role} discards at random",
                   f"the {role}|{role}s of {{what:cards}} must? discard|discards a random card")
        def named_discards(game, ev, node, role=role):
            found = {getattr(c, role) for c in game.select(node.arg("what"), ev)
                     if in_play(game, c)}
            players = [p for p in game.turn_order() if p in found]
            if not players:
                ev.did.append(f"{node.text}: no one to discard")
            for player in players:
                discard_random(game, ev, player)
