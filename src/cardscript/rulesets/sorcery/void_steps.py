"""The permission to step into an adjacent void: 'X may move into an adjacent void'
(settling.py registers it; docs/rulesets/sorcery.md, "Moving into the void and settling it").

Its own module, without imports of the realm's, because realm.py `moves_from` asks it.
"""

from __future__ import annotations

INTO_VOID = "may move into an adjacent void"
_SURFACE = "surface"            # realm.py's name of a site's top region


def void_steps(game, unit, loc, region) -> list:
    """The voids a unit whose permission lets it may step into from the surface of the site at
    `loc`: those sharing an edge with it."""
    if region != _SURFACE or not game.statics("void step"):
        return []
    if not any(game.matches(args["what"], unit, None, source=src)
               for src, _spec, args in game.statics("void step")):
        return []
    geo = game.geometry
    return [n for n in geo.neighbors(loc) if not geo.has_site(game, n)]
