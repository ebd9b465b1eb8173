"""Dropping an artifact: a unit puts down an artifact it carries, which lies on its own where
the unit stands from then on (docs/rulesets/sorcery.md, "Dropping an artifact").

The scenario action `drop: ARTIFACT` is the bearer's: on its player's turn, a unit of theirs
puts down an artifact it carries. It costs nothing and does not tap the unit; a disabled unit
can't. The verb `CARDS drop|drops CARDS` has units drop, by an effect, those of the artifacts
named that they carry. Either way the artifact stays at the unit's square and depth, carried
by no one (abandoned), and a `drop` happening about the unit, with the artifact as its
`what`, is reported: 'Whenever a minion drops this Idol' listens to it.

`CARDS can't be dropped` (an ongoing effect, most often of the artifact itself) refuses both:
the action is illegal, and the verb leaves the artifact carried. It does not keep an artifact
on a unit that leaves the realm or stops sharing a square with it: those are not drops but
the carrying rules' (kinds.py `leaving_clears`, lines.py).
"""

from __future__ import annotations

from ...errors import ScenarioError, did_you_mean
from ...library.moves import in_play
from .kinds import check_not_disabled
from .turns import check_main_phase, illegal

HAPPENINGS = frozenset({"drop"})
CANT_DROP = "can't be dropped"


def undroppable(game, artifact) -> bool:
    """Does an ongoing effect in play say this artifact can't be dropped?"""
    return any(game.matches(args["what"], artifact, None, source=src)
               for src, _spec, args in game.statics("keep carried"))


def put_down(game, ev, unit, artifact) -> None:
    """`unit` stops carrying `artifact`, which lies where it stands: the `drop` happening."""
    game.state.link(artifact, "carried_by", None)
    game.happen("drop", unit, unit.controller, what=artifact)
    ev.did.append(f"{unit.name} drops {artifact.name}")


def _carried(game, ref):
    """The artifact named (by id, else by name) that a unit in the realm carries."""
    cards = [c for c in game.state.in_zones(game.policy.play_zones)
             if c.kind == "artifact" and c.ext.get("carried_by") is not None]
    found = next((c for c in cards if c.id == ref), None) or \
        next((c for c in cards if c.name.lower() == str(ref).lower()), None)
    if found is not None:
        return found
    names = sorted({c.name for c in cards})
    raise ScenarioError(f"illegal action: no unit in the realm carries {ref!r}, so it can't "
                        "be dropped", None, code="S206", key="drop", hint=" ".join(filter(
                            None, [did_you_mean(str(ref), names), "artifacts carried: " +
                                   (", ".join(names) or "none")])))


def drop_action(game, player, action):
    """`drop: ARTIFACT`: the unit carrying it, a unit of the player's, puts it down."""
    check_main_phase(game, player)
    art = _carried(game, action["drop"])
    unit = art.ext["carried_by"]
    if unit.controller != player:
        raise illegal(f"{unit.name}, {unit.controller}'s, carries {art.name}: only its "
                      f"bearer's player drops it", key="drop",
                      hint=f"{unit.controller} may drop it on their turn")
    if undroppable(game, art):
        raise illegal(f"{art.name} can't be dropped", key="drop",
                      hint="an ongoing effect keeps it carried")
    check_not_disabled(unit, f"drop {art.name}", game)

    def program(g, ev):
        if not in_play(g, art) or art.ext.get("carried_by") is not unit:
            ev.did.append(f"{unit.name} no longer carries {art.name}")
            return
        put_down(g, ev, unit, art)

    ev = game.new_event("activated", unit, player, program, f"{unit.name}: drop {art.name}")
    ev.subject = art.name
    game.add(ev)
    game.run()


def register(lang) -> None:
    """The trigger 'CARDS drop|drops CARDS', the verb of the same words and the ongoing
    restriction 'CARDS can't be dropped'."""
    lang.trigger("drop", "drop", "{card:cards} drop|drops {what:cards}")
    lang.static(CANT_DROP, "keep carried", "{what:cards} can't|cannot be dropped")

    @lang.verb("drop", "{who:cards} drop|drops {what:cards}")
    def drop_verb(game, ev, node):
        """Each unit `who` names drops those of the artifacts `what` names it carries."""
        units = [c for c in game.select(node.arg("who"), ev) if in_play(game, c)]
        arts = [c for c in game.select(node.arg("what"), ev)
                if in_play(game, c) and c.ext.get("carried_by") in units]
        for art in arts:
            if undroppable(game, art):
                ev.did.append(f"{art.name} can't be dropped")
            else:
                put_down(game, ev, art.ext["carried_by"], art)
        if not arts:
            ev.did.append(f"{node.text}: nothing carried to drop")
