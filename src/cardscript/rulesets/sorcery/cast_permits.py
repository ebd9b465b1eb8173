"""A magic spell that names who else may cast it: 'An allied Dragon may cast this'
(docs/rulesets/sorcery.md, "A spell that names its casters").

Besides the player's avatar and Spellcasters (element_casters.py `casts`), the units the
sentence names may cast the spell: the action names one as `caster:`, and the spell then
comes from that unit's location as from any caster's. 'Allied' is said from the player
casting it. The sentence permits; it does nothing as the spell resolves.
"""

from __future__ import annotations

from ...interpreter.rules import Do, walk

NAME = "may cast this"


def register(lang) -> None:
    """The sentence of this module, read as a step of the spell that does nothing when the
    spell resolves (`permits` reads it before the cast)."""

    @lang.verb(NAME, "{who:cards} may cast this")
    def permit(game, ev, node):
        return None


def permits(game, unit, card) -> bool:
    """Does the spell's own text let `unit` cast it?"""
    for ab in card.tpl.abilities:
        if ab.kind != "spell" or ab.effect is None:
            continue
        for n in walk(ab.effect):
            if type(n) is Do and n.verb.name == NAME and \
                    game.matches(n.arg("who"), unit, None, source=card):
                return True
    return False
