"""Where a card's own text says it must be summoned: a minion that may, and has to,
be summoned burrowed beneath a site (docs/rulesets/sorcery.md, "Ongoing effects: summoned burrowed").

The permission ('can ... any site') is the same as the summon-anywhere one (ongoing.py
`permitted`). The obligation: the minion is summoned beneath the site, underground, so the site
must be a land site (a water site has no underground: summoning it there is an illegal action,
S206, told before anything is paid), and as it enters the realm it stands underground.
"""

from __future__ import annotations

from ...errors import ScenarioError
from ...interpreter.rules import after, has_static
from .realm import UNDERGROUND, regions_at

NAME = "summoned burrowed"


def register(lang) -> None:
    """The ongoing sentences of this module."""
    place = "summoned burrowed under|beneath any|a site"
    lang.static(NAME, "permit", "{what:cards} is|are always " + place,
                "{what:cards} can and must be " + place, "can and must be " + place)


def must_burrow(card) -> bool:
    """Does the card's own text say it must be summoned burrowed?"""
    return has_static(card, NAME)


def check_summon_place(game, card, at) -> None:
    """A minion that must be summoned burrowed needs a site with an underground there."""
    if at is None or not must_burrow(card):
        return
    loc = game.geometry.parse_location(at)
    if game.geometry.has_site(game, loc) and UNDERGROUND not in regions_at(game, loc):
        raise ScenarioError(f"illegal action: {card.name} must be summoned burrowed, and the "
                            f"water site at {loc} has no underground", None, code="S206",
                            key="at", hint="summon it to a land site")


@after("enter_play")
def summoned_burrowed(game):
    """A minion that must be summoned burrowed stands underground as it enters the realm."""
    for h in game.batch:
        c = h.card
        if h.kind == "enter_play" and c is not None and must_burrow(c) and \
                c.at is not None and UNDERGROUND in regions_at(game, c.at):
            c.ext["region"] = UNDERGROUND
            game.note(f"{c.name} is summoned burrowed under the site at {c.at}")
