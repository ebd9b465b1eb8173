"""KeyForge's printed phrasings beside the ones it also reads (`Language.printed_shapes`).

- `fully heal CARDS`: KeyForge's cards print it for removing all damage from a creature. The
  shared `heal CARDS` does exactly that, so it is kept and read alike, and `fully heal` is
  added as its printed shape.
- `heal N damage from CARDS`: the cards print healing of an amount as the damage taken off
  each creature named; a creature loses up to N damage, never more than it has, and one with
  none to lose is not healed. A shape of the same shared verb (library/common.py `heal`
  reads its number), printed as it is read.
- `at the start of your turn`, `at the start of each turn`: the chart's and the cards' words;
  `at the beginning of ...` is read alike.

Lint L014 rewrites each accepted phrasing into the printed one, and canonical text writes
the printed one (fmt/printed_shapes.py).
"""

from __future__ import annotations

from dataclasses import replace

from ...language.shapes import compile_shape

FULLY_HEAL = "fully heal|heals {what:cards}"
HEAL_DAMAGE = "heal|heals {n:number} damage from {what:cards}"

PRINTED_SHAPES = {
    "heal|heals {what:cards}": FULLY_HEAL,
    "at the beginning of your turn": "at the start of your turn",
    "at the beginning of each turn": "at the start of each turn",
}


def register(lang) -> None:
    """Give the shared `heal` its printed shapes, and declare the printed phrasings."""
    lang.verbs = [replace(v, shapes=(compile_shape(FULLY_HEAL),) + v.shapes +
                          (compile_shape(HEAL_DAMAGE),))
                  if v.name == "heal" else v for v in lang.verbs]
    lang.printed_shapes = {**lang.printed_shapes, **PRINTED_SHAPES}
