"""Conditions on where a card stands, in either depth of its location: 'Whether this Lord is
on or under a Water site, ...' (docs/rulesets/sorcery.md, "Ongoing effects: on or under a
site"). The four elements read alike: a Fire site is one whose threshold gives fire, as a
Water site is one whose threshold gives water (or that is flooded; geometry.py `card_trait`).
"""

from __future__ import annotations

from .resources import ELEMENTS


def _on_or_under(element: str):
    def test(game, ev, args):
        """Every card the words name stands at a site of the element: on it (the surface,
        the air) or under it (underwater, underground)."""
        cards = game.select(args["what"], ev)
        return bool(cards) and all(
            c.at is not None and game.geometry.has_trait(game, c.at, element) for c in cards)
    return test


def article(element: str) -> str:
    """The article before an element's site as the shapes read it: 'an|a' before a vowel
    ('an Air site', 'an Earth site'; the first is what `explain --text` writes), 'a' else."""
    return "an|a" if element[0] in "aeiou" else "a"


def register(lang) -> None:
    """The conditions of this module: one entry an element, so that the element is part of
    what a line says (`explain --text` renders each back with its own)."""
    for element in ELEMENTS:
        lang.condition(f"on or under a {element} site",
                       f"{{what:cards}} is|are on or under {article(element)} {element} site")(
            _on_or_under(element))
