"""Picking up an artifact: a unit takes up an artifact that lies at its location and carries
it from then on (docs/rulesets/sorcery.md, "Picking up an artifact").

The scenario action `pick_up: ARTIFACT, bearer: UNIT` is the unit's: on its player's turn, a
unit of theirs in the realm takes up an artifact no unit carries at its own square, in its own
region (a buried one only from underground). It costs nothing and does not tap the unit. It
goes on the storyline as an event of the unit's; as it resolves the artifact is carried by the
unit (its bearer) and a `pick_up` happening about the unit, with the artifact as its `what`,
is reported, which 'When an Avatar picks up this Chest' listens to.
"""

from __future__ import annotations

from ...errors import ScenarioError, did_you_mean
from ...interpreter.rules import find_card
from ...library.moves import in_play
from .kinds import check_not_disabled
from .turns import check_main_phase, illegal
from .words import sacrifice_cards
from .units import UNITS

HAPPENINGS = frozenset({"pick_up"})
BENEATH = frozenset({"underground", "underwater"})


def register(lang) -> None:
    """The trigger of this module, 'CARDS pick|picks up CARDS', and a card's player
    sacrificing what they control ('they sacrifice it')."""
    lang.trigger("pick up", "pick_up", "{card:cards} pick|picks up {what:cards}")

    @lang.verb("card's player sacrifices", "{who:cards} sacrifice|sacrifices {what:cards}",
               splits=("leave_play",))
    def players_sacrifice(game, ev, node):
        """The player who controls the cards `who` names sacrifices those of `what` they
        control: each goes to its owner's cemetery (a unit so put there dies)."""
        players = {c.controller for c in game.select(node.arg("who"), ev) if in_play(game, c)}
        sacrifice_cards(game, ev, [c for c in game.select(node.arg("what"), ev)
                                   if in_play(game, c) and c.controller in players],
                        f"{node.text}: nothing to sacrifice")


def _depth(card) -> str:
    """Beneath a site (underground, underwater) or not: the surface and the void are one
    depth, where a unit and an artifact on it meet."""
    region = card.ext.get("region")
    return region if region in BENEATH else "surface"


def _lying(game, ref, zones):
    """The artifact named (by id, else by name), in the realm, whoever controls it."""
    cards = [c for c in game.state.in_zones(zones)]
    found = next((c for c in cards if c.id == ref), None) or \
        next((c for c in cards if c.name.lower() == str(ref).lower()), None)
    if found is not None:
        return found
    names = sorted({c.name for c in cards if c.kind == "artifact"})
    raise ScenarioError(f"illegal action: no {ref!r} in the realm to pick up", None,
                        code="S201", key="pick_up", hint=" ".join(filter(None, [
                            did_you_mean(str(ref), names),
                            "artifacts in the realm: " + (", ".join(names) or "none")])))


def pick_up_action(game, player, action):
    """`pick_up: ARTIFACT, bearer: UNIT`: the unit takes up the artifact lying where it stands."""
    check_main_phase(game, player)
    zones = list(game.policy.play_zones)
    art = _lying(game, action["pick_up"], zones)
    if art.kind != "artifact":
        raise illegal(f"{art.name} is no artifact, so it can't be picked up", key="pick_up",
                      hint="a unit picks up an artifact at its location")
    if action.get("bearer") is None:
        raise illegal(f"picking up {art.name} needs bearer: (the unit that picks it up)",
                      key="pick_up", hint="add bearer: with a unit of yours at " +
                                          f"{art.at}")
    unit = find_card(game, player, action["bearer"], zones, key="bearer")
    if unit.kind not in UNITS or unit.controller != player:
        raise illegal(f"{unit.name} is no unit of {player}'s, so it can't pick up {art.name}",
                      key="bearer", hint="an artifact is picked up by a minion or an avatar")
    held = art.ext.get("carried_by")
    if held is not None:
        raise illegal(f"{held.name} carries {art.name}: only an artifact lying on its own is "
                      "picked up", key="pick_up", hint="pick up an artifact no unit carries")
    if unit.at != art.at or _depth(unit) != _depth(art):
        raise illegal(f"{unit.name} at {unit.at} is not where {art.name} lies ({art.at}, "
                      f"{_depth(art)})", key="bearer",
                      hint="a unit picks up an artifact at its own location and region")
    check_not_disabled(unit, f"pick up {art.name}", game)

    def program(g, ev):
        if not in_play(g, art) or not in_play(g, unit) or art.ext.get("carried_by") is not None:
            ev.did.append(f"{art.name} is no longer there to pick up")
            return
        g.state.link(art, "carried_by", unit)
        art.controller = unit.controller          # a carried artifact is its bearer's player's
        g.happen("pick_up", unit, player, what=art)
        ev.did.append(f"{unit.name} picks up {art.name}")

    ev = game.new_event("activated", unit, player, program,
                        f"{unit.name}: pick up {art.name}")
    ev.subject = art.name
    game.add(ev)
    game.run()
