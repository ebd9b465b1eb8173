"""Sites where burrowed units may come up: a site whose text lets units unburrow there ('your
minions may unburrow here') (docs/rulesets/sorcery.md, "Coming up at a far site").

A unit the words name, standing underground anywhere in the realm, may come up to this site's
surface in one step of its own move (or, 'may do so nearby' / 'adjacent', to the surface of
any site nearby it or adjacent to it), as if the tunnel joined the two (realm.py `moves_from`
asks `exits`). The step is an unburrowing like any other: it triggers 'when X unburrows'.
"""

from __future__ import annotations

NAME = "unburrow here"


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static(NAME, "burrow exit", "{who:cards} may unburrow here",
                "{who:cards} that unburrow may do so here")
    for reach in ("nearby", "adjacent"):
        lang.static(f"unburrow {reach}", "burrow exit", f"{{who:cards}} may unburrow {reach}",
                    f"{{who:cards}} that unburrow may do so {reach}")


def exits(game, unit, loc) -> list:
    """The locations, other than `loc`, whose site lets this underground unit come up there."""
    out = []
    geo = game.geometry
    for src, spec, args in game.statics("burrow exit"):
        if src.kind != "site" or src.at is None or \
                not game.matches(args["who"], unit, None, source=src):
            continue
        if spec.name == NAME:
            out.append(src.at)
        else:                       # 'nearby' / 'adjacent': any site there, its own included
            reach = spec.name.split()[-1]
            out += [sq for sq in geo.locations(game) if geo.has_site(game, sq) and
                    geo.near(sq, src.at, reach)]
    out = [sq for sq in out if sq != loc]
    return sorted(set(out))
