"""Double combat damage for one attack: units marked so that their next attack on a unit (or,
with 'the next minion', on a minion: an attack on an avatar leaves the mark waiting) strikes
twice as hard (docs/rulesets/sorcery.md, "Double damage on the next attack").

The unit named is marked until the turn ends (or, 'until your next turn' / 'until the end of
your next turn', until that duration ends: a lasting change of durations.py, whose ending takes
the mark away). Its next attack on a unit (an attack on a site
is no attack on a unit, and leaves the mark) spends the mark: in that attack, its strikes at
the unit it attacked deal twice their damage (first_strike.py `combat_damage` asks
`doubled`). A defender that steps in is not the unit attacked, so its damage is not doubled,
and the mark is spent all the same. A card that left the realm and came back is a new card,
without the mark.
"""

from __future__ import annotations

from ...library.moves import in_play
from .durations import DURATIONS, ENDINGS, THIS_TURN, Lasting, lasting
from .players import turn_number
from .units import UNITS

SLOT = "double next attack"


# What the next attack must be on to spend the mark, by the noun that says it.
NOUNS = {"unit": UNITS, "minion": frozenset({"minion"})}


def register(lang) -> None:
    """The verbs of this module: one a noun ('the next minion it attacks': an attack on an
    avatar leaves the mark waiting, as an attack on a site does)."""
    for until in DURATIONS:
        for noun, kinds in NOUNS.items():
            name = "double the next attack" + ("" if noun == "unit" else f" on a {noun}") + \
                ("" if until == THIS_TURN else f" {until}")
            lang.verb(name, f"{{who:cards}} deal|deals double combat damage to the next {noun} "
                      f"it attacks {until}")(_double_next(noun, kinds, until))


def _unmark(game, record):
    """A mark made to last past this turn ends: what ended, or None if it was spent or gone."""
    marks = game.slot(SLOT, dict)
    mark = marks.get(record.card.id)
    if mark is None or mark[0] != record.incarnation or mark[1] is not None:
        return None
    del marks[record.card.id]
    return None if mark[2] is not None else f"{record.card.name}'s double combat damage"


ENDINGS[SLOT] = _unmark


def _double_next(noun: str, kinds: frozenset, until: str):
    def double_next(game, ev, node):
        """Mark each unit named for its next attack on a `noun` for as long as `until`."""
        marks = game.slot(SLOT, dict)
        units = [c for c in game.select(node.arg("who"), ev) if in_play(game, c) and
                 c.kind in UNITS]
        if not units:
            ev.did.append(f"{node.text}: no unit")
        for c in units:
            # a mark for this turn holds its turn; a longer one none, and a lasting record
            # ends it
            turn = turn_number(game) if until == THIS_TURN else None
            marks[c.id] = (c.incarnation, turn, None, kinds)
            if turn is None:
                lasting(game).append(Lasting(c, c.incarnation, SLOT, noun, 0, until,
                                             ev.controller))
            ev.did.append(f"{c.name} deals double combat damage to the next {noun} it "
                          f"attacks {until}")
    return double_next


def doubled(game, striker, target, n: int) -> int:
    """`n`, doubled if this strike is the striker's marked attack on the unit it attacked."""
    marks = game.slot(SLOT, dict)
    mark = marks.get(striker.id) if marks else None
    if mark is None:
        return n
    incarnation, turn, spent_in, kinds = mark
    if incarnation != striker.incarnation or (turn is not None and turn != turn_number(game)):
        del marks[striker.id]               # a new card, or another turn: the mark is gone
        return n
    ev = game.resolving
    attacked = None
    for h in reversed(ev.log if ev is not None else ()):
        if h.kind == "attack" and h.card is striker:
            attacked = h.data.get("target")
            break
    if attacked is None or attacked.kind not in kinds:
        return n                 # not in an attack on what the words name: the mark waits
    if spent_in is None:
        marks[striker.id] = mark = (incarnation, turn, ev.id, kinds)
    if mark[2] != ev.id:
        return n                             # spent in an earlier attack
    return n * 2 if target is attacked else n
