"""'Bearer — Sacrifice this Strongbox → EFFECT': an artifact's ability that its bearer uses by
sacrificing the artifact, and 'If above ground, ...' (docs/rulesets/sorcery.md, "Sacrificed
by its bearer").

The ability is usable only while a unit carries the artifact (as 'Bearer — Tap →' is, kinds.py
`pay_bearer_tap`), by a bearer that is not disabled; its cost puts the artifact into its
owner's cemetery before the ability goes on the storyline, which then acts from where the
artifact lay. 'Above ground' holds when the card whose ability it is stands (or, sacrificed,
last stood) neither underground nor underwater: on the surface, in the air or in the void.
"""

from __future__ import annotations

from ...language.registry import LabelSpec
from ...library.moves import in_play, leave_play
from .kinds import bearer_of, disabled

BENEATH = frozenset({"underground", "underwater"})
_WHERE = "sacrificed from"        # slot: card id -> the region it was sacrificed from


def register(lang) -> None:
    """The bearer's cost 'Sacrifice this →' and the condition 'above ground'."""
    # 'Sacrifice this Strongbox', or the plain label it stands for (the canonical text's)
    spec = LabelSpec("Bearer Sacrifice", "cost", pay=pay_bearer_sacrifice)
    lang.holder_costs["sacrifice this"] = lang.holder_costs["sacrifice"] = spec

    @lang.condition("above ground", "above ground", "{what:cards} is|are above ground")
    def above_ground(game, ev, args):
        if args.get("what") is not None:
            cards = [c for c in game.select(args["what"], ev) if in_play(game, c)]
            return bool(cards) and all(c.ext.get("region") not in BENEATH for c in cards)
        src = ev.source
        if src is None:
            return False
        region = src.ext.get("region") if in_play(game, src) else \
            game.slot(_WHERE, dict).get(src.id)
        return region not in BENEATH


def pay_bearer_sacrifice(game, card, ev):
    """The artifact's bearer sacrifices it: refused with no bearer, or a disabled one."""
    bearer = bearer_of(card)
    if bearer is None or not in_play(game, bearer):
        return f"{card.name} is carried by no unit, so no bearer can sacrifice it"
    if disabled(bearer, game):
        return f"{card.name}'s bearer {bearer.name} is disabled"
    ev.frm = card.at
    game.slot(_WHERE, dict)[card.id] = card.ext.get("region")
    leave_play(game, card, game.ruleset.graveyard, why="sacrifice")
    ev.source_in_play = False
    ev.did.append(f"{bearer.name} sacrifices {card.name}")
    return None
