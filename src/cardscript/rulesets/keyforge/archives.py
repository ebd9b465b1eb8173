"""Archiving and purging: the two piles a card is put into by effects only.

archive  a card goes face down into the archives of the player whose effect archives it;
         with no pile named ('archive a card') it comes from that player's hand, which they
         choose from. In step 2 the archives are taken into hand, each card into its owner's
         (turn.py `house_step`), so an enemy card archived goes back to its owner then.
purge    a card is removed from the game: its owner's `purged` pile. A card in play purged
         leaves play without being destroyed, so no Destroyed: effect of it resolves.
"""

from __future__ import annotations

from ...library.common import gave
from ...library.moves import in_play, leave_play

ARCHIVES, PURGED = "archives", "purged"


def _put(game, card, zone: str, player, why: str) -> None:
    """Put a card into `player`'s pile `zone` from wherever it is (out of play, it leaves)."""
    if in_play(game, card):
        leave_play(game, card, zone, why=why)       # into its owner's pile first
        if card.zone == zone and card.owner != player:
            game.state.put(card, zone, player)
        return
    game.state.put(card, zone, player)


def register(lang) -> None:
    """Register 'archive N cards' (from hand), 'archive CARDS' and 'purge CARDS'."""

    def can_archive(game, ev, node):
        return len(game.state.players[ev.controller].zones.get("hand", ())) >= \
            (node.arg("n") or 1)

    @lang.verb("archive from hand", "archive {n:count} card|cards", able=can_archive,
               gives=True)
    def archive_from_hand(game, ev, node):
        """The controller archives N cards of their hand, which they choose."""
        n, who = node.arg("n") or 1, ev.controller
        hand = list(game.state.players[who].zones.get("hand", []))
        picked = game.ask_cards(who, f"archive {n}", hand, min(n, len(hand)), kind="cards",
                                exact=True) if hand else []
        for c in picked:
            game.state.put(c, ARCHIVES, who)
        ev.did.append(f"{who} archives " + (", ".join(c.name for c in picked) or
                                            "nothing (no card in hand)"))
        gave(ev, node, picked)

    @lang.verb("archive", "archive|archives {what:cards}", splits=("leave_play",))
    def archive(game, ev, node):
        """Put cards into the archives of the effect's controller."""
        _send_each(game, ev, node, ARCHIVES, "archive", lambda c: ev.controller,
                   lambda c: f"archive {c.name} ({ev.controller}'s archives)")

    @lang.verb("purge", "purge|purges {what:cards}", splits=("leave_play",))
    def purge(game, ev, node):
        """Remove cards from the game: each into its owner's purged pile."""
        _send_each(game, ev, node, PURGED, "purge", lambda c: c.owner,
                   lambda c: f"purge {c.name}")


def _send_each(game, ev, node, zone: str, word: str, whose, said) -> None:
    """Each card the step names goes to `zone` of the player `whose(card)` names, the trace
    saying `said(card)` for each, or that there was nothing to `word`."""
    cards = game.select(node.arg("what"), ev)
    for c in cards:
        _put(game, c, zone, whose(c), word)
        ev.did.append(said(c))
    if cards:
        ev.subject = ev.subject or cards[0].name
    else:
        ev.did.append(f"{node.text}: nothing to {word}")
