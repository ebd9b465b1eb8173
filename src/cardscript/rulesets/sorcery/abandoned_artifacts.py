"""Artifacts no unit carries: the condition that a card is abandoned, and the verb that
attaches an artifact to a unit.

An artifact in the realm is carried by a unit (its bearer) or lies on its own at a square; one
that lies on its own is abandoned (card text's word for it). Attaching an artifact to a unit
makes that unit its bearer: the artifact goes to the unit's square and is carried from then
on, as one cast onto a unit is (kinds.py `bearer_takes_up`). docs/rulesets/sorcery.md,
"Abandoned artifacts and attaching them".
"""

from __future__ import annotations

from ...library.moves import in_play
from .units import UNITS


def abandoned(card) -> bool:
    """An artifact that no unit carries."""
    return card.kind == "artifact" and card.ext.get("carried_by") is None


def attach(game, ev, artifact, unit) -> None:
    """`unit` becomes the bearer of `artifact`, which goes to the unit's square."""
    frm = artifact.at
    game.state.link(artifact, "carried_by", unit)
    game.state.stand_with(artifact, unit)
    if frm != artifact.at:
        game.happen("move", artifact, artifact.controller, frm=frm, to=artifact.at,
                    region=artifact.ext["region"])
    ev.did.append(f"attach {artifact.name} to {unit.name}")
    ev.subject = ev.subject or artifact.name


def register(lang) -> None:
    """The condition 'abandoned' and the verb 'attach'."""

    @lang.condition("abandoned", "{what:cards} is|are abandoned")
    def is_abandoned(game, ev, args):
        cards = [c for c in game.select(args["what"], ev) if in_play(game, c)]
        return bool(cards) and all(abandoned(c) for c in cards)

    @lang.verb("attach", "attach {what:cards} to {to:cards}", splits=("move",))
    def attach_verb(game, ev, node):
        arts = [c for c in game.select(node.arg("what"), ev)
                if in_play(game, c) and c.kind == "artifact"]
        units = [c for c in game.select(node.arg("to"), ev)
                 if in_play(game, c) and c.kind in UNITS]
        if not arts or not units:
            ev.did.append(f"{node.text}: " + ("nothing to attach" if not arts else
                                               "no unit to attach to"))
            return
        for art in arts:
            attach(game, ev, art, units[0])
