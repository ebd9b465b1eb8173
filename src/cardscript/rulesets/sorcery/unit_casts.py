"""A unit casting a spell: 'When this Manikin casts a spell, ...' (docs/rulesets/sorcery.md,
"A unit casts a spell").

A spell is cast by a unit, the avatar or a Spellcaster minion (kinds.py `caster_of`). Besides
the player's `cast` happening, the unit's own: `unit_cast`, about the unit, with the spell as
its `spell`, reported in the same moment, so that a trigger of the caster's goes on the
storyline in front of the spell.
"""

from __future__ import annotations

from ...interpreter.rules import after

HAPPENINGS = frozenset({"unit_cast"})


def register(lang) -> None:
    """The trigger pattern of this module. The spell is not a slot: 'it' after the trigger
    names the unit that cast ('When this Golem casts a spell, destroy it')."""
    lang.trigger("unit casts", "unit_cast", "{card:cards} cast|casts a spell")


@after("cast")
def unit_casts(game):
    """Each spell cast through a unit (`casting unit`, kept while the cast is made) is also
    a `unit_cast` happening about that unit."""
    casting = game.slot("casting unit", dict)
    if not casting:
        return
    for h in game.batch:
        if h.kind == "cast" and h.card is not None and h.card.id in casting:
            unit = casting[h.card.id]
            game.happen("unit_cast", unit, unit.controller, spell=h.card)
