"""Milling: 'mill the top card of your spellbook', 'mill the top 2 cards of an opponent's
atlas', 'mill the top card of your spellbook or atlas'.

To mill is to put the top cards of a deck (a spellbook or an atlas) into the cemetery of
their owner, face up, without drawing them: no draw happens, and a deck with fewer cards
gives what it has (a player does not lose by a deck milled empty; only a draw from an empty
deck loses). With two decks named, the controller of the effect picks one (an `option`
question, answered with the deck's name) and mills from that one only. The cards milled are 'it' / 'that card' for a later
step ('You may play that card this turn'). Only a deck is milled: 'mill the top card of your
cemetery' is refused when the card is read. docs/rulesets/sorcery.md, "Milling".
"""

from __future__ import annotations

from ...language.registry import Refusal
from ...library.common import gave


def _decks(lang) -> frozenset:
    """The piles a player draws from (Sorcery: the spellbook and the atlas)."""
    return frozenset(lang.draw_zones.values())


def mill(game, ev, player: str, zone: str, n: int) -> list:
    """Put the top `n` cards of `player`'s deck `zone` into their owner's cemetery; the cards
    milled (fewer when the deck runs out, and the event says so)."""
    pile = game.state.players[player].zones.get(zone, [])
    cards = list(pile[:n])
    for c in cards:
        game.state.put(c, game.ruleset.graveyard, c.owner)
    if cards:
        ev.did.append(f"mill {', '.join(c.name for c in cards)} from {player}'s {zone}")
        ev.subject = ev.subject or cards[0].name
    if len(cards) < n:
        ev.did.append(f"{player}'s {zone} has " + (f"only {len(cards)} card"
                                                    f"{'s' if len(cards) != 1 else ''}"
                                                    if cards else "no card") + " to mill")
    return cards


def register(lang) -> None:
    """The verb `mill`."""
    decks = _decks(lang)

    def check(args, known):
        _, zones = args["piles"]
        wrong = [z for z in zones if z not in decks]
        if wrong:
            said = " or ".join(sorted(decks))
            return Refusal(f"only a deck is milled ({said}), not the {wrong[0]}",
                           f"name a deck: 'mill the top card of your {sorted(decks)[-1]}'")
        return None

    @lang.verb("mill", "mill the top card of {piles:piles}",
               "mill the top {n:count} cards of {piles:piles}", check=check, gives=True)
    def mill_top(game, ev, node):
        """The top card(s) of the deck named, or of the one of two decks the controller
        picks, go to their owner's cemetery."""
        who, zones = node.arg("piles")
        n = node.arg("n") or 1
        player = game.player_named(ev, who, node.text)
        zone = zones[0]
        if len(zones) > 1:
            zone = zones[game.ask_option(ev.controller, list(zones))]   # 'spellbook', 'atlas'
        gave(ev, node, mill(game, ev, player, zone, n))
