"""Sites where burrowed units may come up: a site whose text lets units unburrow there ('your
minions may unburrow here') (docs/rulesets/sorcery.md, "Coming up at a far site").

A unit the words name, standing underground anywhere in the realm, may come up to this site's
surface in one step of its own move, as if the tunnel joined the two (realm.py `moves_from`
asks `exits`). The step is an unburrowing like any other: it triggers 'when X unburrows'.
"""

from __future__ import annotations

NAME = "unburrow here"


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static(NAME, "burrow exit", "{who:cards} may unburrow here",
                "{who:cards} that unburrow may do so here")


def exits(game, unit, loc) -> list:
    """The locations, other than `loc`, whose site lets this underground unit come up there."""
    out = []
    for src, _, args in game.statics("burrow exit"):
        if src.kind == "site" and src.at is not None and src.at != loc and \
                game.matches(args["who"], unit, None, source=src):
            out.append(src.at)
    return sorted(set(out))
