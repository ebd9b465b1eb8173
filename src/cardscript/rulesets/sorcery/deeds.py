"""Control a card's text gives: 'You control this site' (docs/rulesets/sorcery.md, "Ongoing
effects: you control this site").

While the card stands on a site (a relic on it, or carried there), its controller controls
that site: its mana and threshold are theirs, and 'sites you control' counts it. When the card
leaves the site (it leaves the realm, or its bearer carries it away), the site goes back to
the player who controlled it before. Each change is a `control` happening, noted in the trace.
"""

from __future__ import annotations

from ...interpreter.rules import after
from ...library.moves import in_play


def register(lang) -> None:
    """The ongoing sentence of this module."""
    lang.static("control this site", "control site", "you control this site")


def _give(game, site, player, why: str) -> None:
    if site.controller != player:
        site.controller = player
        game.state.touch()
        game.happen("control", site, player)
        game.note(f"{player} controls {site.name} at {site.at} ({why})")


@after("enter_play", "leave_play", "move", "control", statics=("control site",),
       slots=("deeds",))
def site_control(game):
    """Give each site under such a card to the card's controller; give back the sites no
    such card stands on any more."""
    taken = game.slot("deeds", dict)          # site id -> (site, controller before, source)
    sources = [src for src, _, _ in game.statics("control site")]
    if not sources and not taken:
        return
    geo = game.geometry
    held = {}
    for src in sources:
        site = geo.site_at(game, src.at) if src.at is not None else None
        if site is not None and site is not src:
            held.setdefault(site.id, (site, src))
    for key, (site, before, src) in list(taken.items()):
        if held.get(key, (None, None))[1] is not src:
            del taken[key]
            if in_play(game, site):
                _give(game, site, before, f"{src.name} no longer on it")
    for key, (site, src) in held.items():
        if key not in taken:
            taken[key] = (site, site.controller, src)
        _give(game, site, src.controller, f"{src.name}'s ongoing effect")
