"""Units no element binds: "... and is not bound to any element".

A unit bound to an element (Waterbound: it stands only on water sites) keeps to sites of that
element. An ongoing effect saying a unit is not bound to any element lifts every such bond
while it applies: the unit may stand on sites of any element, as a unit without the keyword
may (realm.py `may_stand` asks `element_free`). Keywords the unit has otherwise, and its
bond to the void (Voidbound, no element), stay. docs/rulesets/sorcery.md, "Element bonds".
"""

from __future__ import annotations

UNBOUND = "not bound to an element"


def element_free(game, unit) -> bool:
    """Does an ongoing effect free the unit from every element bond now?"""
    return any(game.matches(args["what"], unit, None, source=src)
               for src, _, args in game.statics("element bonds"))


def register(lang) -> None:
    """The ongoing sentence that lifts element bonds."""
    lang.static(UNBOUND, "element bonds",
                "{what:cards} is|are not bound to any element",
                "{what:cards} is|are bound to no element")
