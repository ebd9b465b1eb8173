"""The Sorcery realm's distances, as the codex's "Adjacent" and "Nearby" entries count them:
the card's own square is adjacent to it and nearby it (rulesets/sorcery/geometry.py)."""

from __future__ import annotations

import pytest

from cardscript.rulesets.sorcery.geometry import COLS, ROWS, Grid

GRID = Grid()
SQUARES = range(1, ROWS * COLS + 1)


@pytest.mark.parametrize("reach", ["adjacent", "nearby"])
def test_a_square_is_within_its_own_reach(reach):
    """Every square is adjacent to itself and nearby itself."""
    assert all(GRID.near(s, s, reach) for s in SQUARES)


@pytest.mark.parametrize("at,reach,count", [
    (8, "adjacent", 5), (20, "adjacent", 3), (1, "adjacent", 3), (3, "adjacent", 4),
    (8, "nearby", 9), (20, "nearby", 4), (1, "nearby", 4), (3, "nearby", 6),
])
def test_the_counts_of_the_codex_entries(at, reach, count):
    """A middle square has 5 adjacent and 9 nearby squares, a corner 3 and 4, an edge 4 and
    6: each the square itself and those around it."""
    assert sum(GRID.near(s, at, reach) for s in SQUARES) == count


def test_adjacent_and_nearby_are_symmetric_and_adjacent_is_within_nearby():
    """a near b iff b near a; every adjacent square is nearby, diagonals only nearby."""
    for a in SQUARES:
        for b in SQUARES:
            for reach in ("adjacent", "nearby"):
                assert GRID.near(a, b, reach) == GRID.near(b, a, reach)
            assert not GRID.near(a, b, "adjacent") or GRID.near(a, b, "nearby")
    assert GRID.near(2, 8, "nearby") and not GRID.near(2, 8, "adjacent")
