"""Double combat damage for one attack: 'Each ally here deals double combat damage to the next
unit it attacks this turn' (docs/rulesets/sorcery.md, "Double damage on the next attack").

The unit named is marked until the turn ends. Its next attack on a unit (an attack on a site
is no attack on a unit, and leaves the mark) spends the mark: in that attack, its strikes at
the unit it attacked deal twice their damage (first_strike.py `combat_damage` asks
`doubled`). A defender that steps in is not the unit attacked, so its damage is not doubled,
and the mark is spent all the same. A card that left the realm and came back is a new card,
without the mark.
"""

from __future__ import annotations

from ...library.moves import in_play
from .players import turn_number

UNITS = frozenset({"minion", "avatar"})
SLOT = "double next attack"


def register(lang) -> None:
    """The verb of this module."""

    @lang.verb("double the next attack", "{who:cards} deal|deals double combat damage to the "
               "next unit it attacks this turn")
    def double_next(game, ev, node):
        marks = game.slot(SLOT, dict)
        units = [c for c in game.select(node.arg("who"), ev) if in_play(game, c) and
                 c.kind in UNITS]
        if not units:
            ev.did.append(f"{node.text}: no unit")
        for c in units:
            marks[c.id] = (c.incarnation, turn_number(game), None)
            ev.did.append(f"{c.name} deals double combat damage to the next unit it attacks "
                          "this turn")


def doubled(game, striker, target, n: int) -> int:
    """`n`, doubled if this strike is the striker's marked attack on the unit it attacked."""
    marks = game.slot(SLOT, dict)
    mark = marks.get(striker.id) if marks else None
    if mark is None:
        return n
    incarnation, turn, spent_in = mark
    if incarnation != striker.incarnation or turn != turn_number(game):
        del marks[striker.id]               # a new card, or another turn: the mark is gone
        return n
    ev = game.resolving
    attacked = None
    for h in reversed(ev.log if ev is not None else ()):
        if h.kind == "attack" and h.card is striker:
            attacked = h.data.get("target")
            break
    if attacked is None or attacked.kind not in UNITS:
        return n                             # not in an attack on a unit: the mark waits
    if spent_in is None:
        marks[striker.id] = mark = (incarnation, turn, ev.id)
    if mark[2] != ev.id:
        return n                             # spent in an earlier attack
    return n * 2 if target is attacked else n
