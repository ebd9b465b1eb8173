"""KeyForge's chains: how many fewer cards step 5 draws (rulesets/keyforge/chains.py)."""

from __future__ import annotations

import pytest

from cardscript.rulesets.keyforge.chains import fewer


@pytest.mark.parametrize("held, less", [(0, 0), (1, 1), (6, 1), (7, 2), (12, 2), (13, 3),
                                        (18, 3), (19, 4), (24, 4)])
def test_chains_draw_fewer_cards_by_the_chart(held, less):
    """1-6 chains draw 1 card fewer, 7-12 two, 13-18 three, 19-24 four; none, none."""
    assert fewer(held) == less
