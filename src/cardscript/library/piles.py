"""Verbs about cards in piles and hands: look at them, reveal them, put them somewhere.

A ruleset whose cards use these words registers them (`register`); they are not in the common
vocabulary, since a game may put cards in its piles by words of its own.

What a player sees is part of the trace: a revealed card is named for everyone; a card a player
only looks at is named in the note with who else saw how many (the other players learn that
cards were seen, not which). A card put into a zone goes to its owner's pile of that zone, on
top or at the bottom; a card put from play leaves play first.
"""

from __future__ import annotations

from .moves import in_play, send_to


def _names(cards) -> str:
    return ", ".join(c.name for c in cards)


def register(lang) -> None:
    """Add the verbs of this module to a language."""

    @lang.verb("reveal", "reveal|reveals {what:cards}")
    def reveal(game, ev, node):
        """Show cards to every player: the trace names them."""
        cards = game.select(node.arg("what"), ev)
        if not cards:
            ev.did.append(f"{node.text}: nothing to reveal")
            return
        ev.did.append(f"{ev.controller} reveals {_names(cards)}")
        ev.subject = ev.subject or cards[0].name

    @lang.verb("look at", "look at {what:cards}")
    def look_at(game, ev, node):
        """The controller sees cards hidden from them; the others learn only how many."""
        cards = game.select(node.arg("what"), ev)
        if not cards:
            ev.did.append(f"{node.text}: nothing to look at")
            return
        ev.named["looked at"] = cards          # what 'put one back on top ...' sorts
        others = [p for p in game.turn_order() if p != ev.controller]
        seen = f"{len(cards)} card" + ("s" if len(cards) != 1 else "")
        ev.did.append(f"{ev.controller} looks at {_names(cards)}" +
                      (f" ({', '.join(others)} see{'s' if len(others) == 1 else ''} {seen})"
                       if others else ""))

    def _put(game, ev, node, zone_of, top):
        cards = game.select(node.arg("what"), ev)
        if not cards:
            ev.did.append(f"{node.text}: nothing to put")
        for c in cards:
            zone = zone_of(c)
            if zone is None:
                ev.did.append(f"{c.name} is in no pile to put it back in")
                continue
            send_to(game, c, zone, why="put", top=top)
            where = "on top of" if top else ("at the bottom of" if top is False else "into")
            ev.did.append(f"put {c.name} {where} {c.owner}'s {zone}")
            ev.subject = ev.subject or c.name

    @lang.verb("put into", "put {what:cards} into|in {zone:zone}", splits=("leave_play",))
    def put_into(game, ev, node):
        """Put cards into a zone of their owner ('put it into your hand')."""
        zone = node.arg("zone")[1]
        _put(game, ev, node, lambda c: zone, None)

    @lang.verb("put on top", "put {what:cards} on top of {zone:zone}",
               "put {what:cards} on the bottom of {zone:zone}", splits=("leave_play",))
    def put_on(game, ev, node):
        """Put cards on top of a pile, or at its bottom."""
        zone = node.arg("zone")[1]
        _put(game, ev, node, lambda c: zone, "bottom" not in node.text.lower().split())

    @lang.verb("put back", "put {what:cards} back? on top", "put {what:cards} back? on the bottom")
    def put_back(game, ev, node):
        """Put cards back on top of the pile they are in, or at its bottom ('put it on the
        bottom' after looking at the top card of a pile)."""
        top = "bottom" not in node.text.lower().split()
        _put(game, ev, node, lambda c: None if in_play(game, c) else c.zone, top)
