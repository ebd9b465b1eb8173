"""Conditions on where a card stands, in either depth of its location: 'Whether this Lord is
on or under a Water site, ...' (docs/rulesets/sorcery.md, "Ongoing effects: on or under a
site").
"""

from __future__ import annotations


def register(lang) -> None:
    """The conditions of this module."""

    @lang.condition("on or under a water site", "{what:cards} is|are on or under a water site")
    def on_or_under_water(game, ev, args):
        """Every card the words name stands at a water site: on it (the surface, the air) or
        under it (underwater)."""
        cards = game.select(args["what"], ev)
        return bool(cards) and all(
            c.at is not None and game.geometry.has_trait(game, c.at, "water") for c in cards)
