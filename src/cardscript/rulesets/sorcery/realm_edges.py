"""Moving as if the realm's edges were joined (docs/rulesets/sorcery.md, "Joined edges").

The realm is 4 rows of 5 locations. A unit whose card (or a card giving it to allies) says it
moves as if the realm's top and bottom edges were joined may step, in its own move, from a
location of the top row to the one of the bottom row in the same column and back; with the
opposite edges joined, also from the left column to the right one in the same row. The step
is one step like any other (realm.py `step_neighbors` asks `wrapped_neighbors`): it costs
one, enters only where the unit may stand, and is not diagonal. Effects that move a unit
along a path ('move X to Y') take the shortest path over the grid as it is.

A unit that moves freely along the top and bottom rows (a clause printed beside it): its steps from one location of those rows to another of the same row cost nothing
(keywords.py `free_steps` asks `edge_row_free`).
"""

from __future__ import annotations

from .geometry import COLS, ROWS, Grid

TOP_AND_BOTTOM = "top and bottom edges joined"
OPPOSITE = "opposite edges joined"
ROWS_FREE = "free along the top and bottom rows"


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static(OPPOSITE, "joined edges",
                "{what:cards} may move as if the realm's opposite edges were joined",
                "{what:cards} can move as if opposite edges of the realm were connected")
    # Printed after a joined-edges clause as its own clause ('..., and he moves freely
    # within ...'): the pronoun is the card itself.
    lang.static(ROWS_FREE, "joined edges",
                "{what:cards} move|moves freely along the top and bottom rows",
                "{what:cards} move|moves freely within the top and bottom rows",
                "he|she move|moves freely within the top and bottom rows")
    lang.static(TOP_AND_BOTTOM, "joined edges",
                "{what:cards} may move as if the realm's top and bottom edges were joined",
                "{what:cards} can move as if the top and bottom edges of the realm were "
                "connected")


def _joined(game, unit) -> set:
    """The names of the joined-edges effects that reach this unit now."""
    return {spec.name for src, spec, args in game.statics("joined edges")
            if (src is unit if "what" not in args else
                game.matches(args["what"], unit, None, source=src))}


def wrapped_neighbors(game, unit, loc) -> list:
    """The locations one step from `loc` across a joined edge, for this unit."""
    names = _joined(game, unit)
    if not names:
        return []
    r, c = Grid.rc(loc)
    out = []
    if names - {ROWS_FREE} and r in (0, ROWS - 1):    # both join the top and bottom
        out.append(Grid.sq(ROWS - 1 - r, c))
    if OPPOSITE in names and c in (0, COLS - 1):
        out.append(Grid.sq(r, COLS - 1 - c))
    return [x for x in out if x != loc]


def edge_row_free(game, unit):
    """The test of a free step along the top or bottom row, or None when nothing gives it."""
    if ROWS_FREE not in _joined(game, unit):
        return None

    def free(a, b) -> bool:
        ra, rb = Grid.rc(a[0])[0], Grid.rc(b[0])[0]
        return ra == rb and ra in (0, ROWS - 1)
    return free
