"""Bearer lines about other cards: "Bearer — Allies may move as if ...".

A `Bearer —` line whose sentence is not about the bearer itself (its subject is other cards:
allies, enemies, units here) is an ongoing effect of the artifact that applies only while
some unit carries it (rulebook "Artifacts", "Carrying artifacts"). The compiler reads such a
sentence on its own and gives it the condition 'this has a bearer' (compiler/holder_lines.py
`_while_held`); this module reads that condition. docs/rulesets/sorcery.md, "Card kinds:
artifacts and their bearer".
"""

from __future__ import annotations

from ...library.moves import in_play
from .kinds import bearer_of


def carried(game, card) -> bool:
    """Is `card` carried now by a unit in the realm?"""
    bearer = bearer_of(card)
    return bearer is not None and in_play(game, bearer)


def register(lang) -> None:
    """The condition 'has a bearer' (an artifact some unit carries now)."""

    @lang.condition("carried", "{what:cards} has|have a bearer", "{what:cards} is|are carried")
    def is_carried(game, ev, args):
        cards = [c for c in game.select(args["what"], ev) if in_play(game, c)]
        return bool(cards) and all(carried(game, c) for c in cards)
