"""Primitives that move cards between zones and into or out of play, with their happenings."""

from __future__ import annotations


def play_zone(game) -> str:
    return game.policy.play_zones[0]


def places_of(game, card) -> dict:
    """The card's place fields of its game (a ruleset's "place" card fields) by name: what a
    happening of its moving or entering reports beside its location."""
    return {name: card.ext[name] for name, _ in game.state.ext_places}


def enter_play(game, card, at=None, controller=None):
    """Put a card into play at a location; it becomes a new object (incarnation)."""
    controller = controller or card.controller or card.owner
    card.controller = controller
    state = game.state
    state.put(card, play_zone(game), controller)
    card.at = at
    state.entered(card, at)
    card.incarnation += 1
    card.damage = 0
    game.happen("enter_play", card, controller, to=at)
    if at is not None:
        game.happen("enter", card, controller, to=at, **places_of(game, card))


def enter_together(game, cards, at, controller, *, each_at=None):
    """Cards entering play as a group enter at the same moment (at `at`, or each at its own
    location of `each_at`, in the order of `cards`)."""
    state = game.state
    places = list(each_at) if each_at is not None else [at] * len(cards)
    for c, loc in zip(cards, places):
        c.controller = controller
        state.put(c, play_zone(game), controller)
        c.at = loc
        state.entered(c, loc)
        c.incarnation += 1
        c.damage = 0
    for c, loc in zip(cards, places):
        game.happen("enter_play", c, controller, to=loc)
    for c, loc in zip(cards, places):
        game.happen("enter", c, controller, to=loc, **places_of(game, c))


def leave_play(game, card, zone: str, why: str = "leave", top=False):
    """Take a card out of play to a zone of its owner; a token ceases to exist."""
    if card.zone not in game.policy.play_zones:
        return False
    seen = game.last_known(card)         # what "a unit here dies" is tested against
    frm = card.at
    card.controller = card.owner
    dest = None if card.token else zone
    game.state.put(card, dest, card.owner, top=top)
    card.at = None
    card.tapped = False
    card.damage = 0
    game.state.left(card)              # its game's fields: no place, no links; what it held drops
    game.happen("leave_play", card, card.owner, frm=frm, why=why, last_known=seen)
    if why == "die":
        game.happen("die", card, card.owner, frm=frm, last_known=seen)
    return True


def send_to(game, card, zone: str, why: str, top=False) -> None:
    """Put a card into a zone of its owner from wherever it is: out of play as it leaves play
    (with its happenings), from any other zone as a plain move."""
    if not leave_play(game, card, zone, why=why, top=top):
        game.state.put(card, zone, card.owner, top=top)


def in_play(game, card) -> bool:
    return card.zone in game.policy.play_zones
