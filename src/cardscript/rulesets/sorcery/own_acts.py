"""Triggers on what a card itself does, and the turn points of an opponent.

A card's own acts are happenings the rules report beside the move or the damage that makes
them: a unit going down beneath its site or coming up to its surface (`crossed`), and each
point of damage a card deals (`points_of_damage`). Card text listens to them with the
patterns registered here ("whenever this Leviathan surfaces", "for every point of damage
this deals to an enemy"). docs/rulesets/sorcery.md, "Triggers on a card's own acts, forced
movement and volleys".
"""

from __future__ import annotations

from ...interpreter.rules import after
from .realm import SURFACE, UNDERGROUND, UNDERWATER

# The happenings of this module (the ruleset declares them: rulesets/sorcery/__init__.py).
HAPPENINGS = frozenset({"surface", "burrow", "unburrow", "submerge", "point_of_damage"})


def crossed(game, card, was: str | None, now: str | None) -> None:
    """Report a unit's change of depth at its location: down beneath its site (`burrow`
    underground, `submerge` underwater) or up to its surface (`surface`, and `unburrow` too
    when it came up from the ground). A move across the surface reports nothing here."""
    was, now = was or SURFACE, now or SURFACE
    if was == now:
        return
    data = {"to": card.at, "region": now, "frm_region": was}
    if now == SURFACE and was in (UNDERGROUND, UNDERWATER):
        game.happen("surface", card, card.controller, **data)
        if was == UNDERGROUND:
            game.happen("unburrow", card, card.controller, **data)
    elif now == UNDERGROUND:
        game.happen("burrow", card, card.controller, **data)
    elif now == UNDERWATER:
        game.happen("submerge", card, card.controller, **data)


@after("damage")
def points_of_damage(game) -> None:
    """Each point of damage a card deals is a happening of its own (`point_of_damage`, about
    the card that dealt it, `target` the card dealt it), so that 'for every point of damage
    this deals' triggers once a point. A card that dealt damage and died at the same moment
    (two units striking each other) still hears its own points, as its own leaving is heard.
    Only damage with a source card counts; none is reported while nothing listens."""
    anyone = _listening(game)
    for h in list(game.batch):
        if h.kind != "damage" or h.card is None:
            continue
        src, n = h.data.get("source"), h.data.get("amount", 0)
        if src is None or n <= 0 or not (anyone or
                                         src.tpl.hooks_by_happening.get("point_of_damage")):
            continue
        for _ in range(n):
            game.happen("point_of_damage", src, src.controller, target=h.card, amount=1)


def _listening(game) -> bool:
    """Does a card in the realm listen to points of damage? Known again only when a card
    with abilities enters or leaves the realm (the board's `rules_version`)."""
    version = game.state.rules_version
    known = game.slot("points of damage heard", dict)
    if known.get("version") != version:
        known["version"] = version
        # (Only a card that reacts has hooks: the kept list the hooks index is built from.)
        known["any"] = False
        for c in game.state.reacting_in(game.policy.play_zones):
            if c.tpl.hooks_by_happening.get("point_of_damage"):
                known["any"] = True
                break
    return known["any"]


def register(lang) -> None:
    """The patterns of a card's own acts and of an opponent's turn."""
    lang.trigger("surface", "surface", "{card:cards} surface|surfaces")
    lang.trigger("burrow", "burrow", "{card:cards} burrow|burrows")
    lang.trigger("unburrow", "unburrow", "{card:cards} unburrow|unburrows")
    lang.trigger("submerge", "submerge", "{card:cards} submerge|submerges")
    # 'For every point of damage this deals to an enemy, ...': the card dealt it is `target`.
    lang.trigger("point of damage", "point_of_damage",
                 "for every|each point of damage {card:cards} deal|deals to {target:cards}",
                 "for every|each point of damage {card:cards} deal|deals",
                 "for every|each point of damage dealt to {target:cards}")

    def opponent(f):
        return {**f, "player": "opponent"}

    lang.pattern("start of each player's turn", "turn_start",
                 "at the start of each player's turn")(lambda f: f)
    # Every other player is an opponent: 'an opponent's turn' is any turn but the controller's,
    # and 'each opponent's turn' each of those.
    lang.pattern("start of an opponent's turn", "turn_start",
                 "at the start of each opponent's turn",
                 "at the start of your opponent's turn",
                 "at the start of an opponent's turn")(opponent)
    lang.pattern("end of an opponent's turn", "turn_end",
                 "at the end of each opponent's turn",
                 "at the end of your opponent's turn",
                 "at the end of an opponent's turn")(opponent)
