"""Moving into the void and settling it (docs/rulesets/sorcery.md, "Moving into the void and
settling it").

The void is every location without a site (rulebook "The Realm"); only a Voidwalk unit steps
into it of its own accord (realm.py `may_stand`). Two printed forms bend that:

- A permission on a unit: 'X may move into an adjacent void.' In the unit's own move (the basic
  ability, combat.py `move_and_attack`), it may step from the surface of a site into a void that
  shares an edge with it (void_steps.py, asked by realm.py `moves_from`). Stepping there is
  entering the void (void_entry.py), which 'When they do, ...' after the permission listens to
  (compiler/sentences.py reads it as 'When X move into an adjacent void, ...').
- An effect of the card itself (an avatar's Tap ability, the verb `move_and_settle` below): it
  steps from its site into an adjacent void its controller picks, then the top site of their
  atlas enters the realm there.

**Placing** the top site of an atlas at a location is not playing it (no `play` happening, no
avatar tapped): the site enters the realm there, under whatever stands in that void, which
comes up onto its surface. Each unit that stood in the void there is **settled** (the
`settle` happening, which 'Once settled, ...' listens to). With no site in the atlas or no
void there, nothing is placed.
"""

from __future__ import annotations

from ...interpreter.rules import Split
from ...library.moves import enter_play, in_play
from .movement import make_step
from .realm import SURFACE, VOID
from .void_steps import INTO_VOID
from .units import UNITS as _UNITS

HAPPENINGS = frozenset({"settle"})


def register(lang) -> None:
    """The permission, the verbs and the triggers of this module."""
    lang.static(INTO_VOID, "void step", "{what:cards} may move into an adjacent void")
    # 'When they do' after the permission: the unit entering the void by that step.
    lang.trigger("move into an adjacent void", "enter_void",
                 "{card:cards} move|moves into an adjacent void")
    lang.trigger("settled", "settle", "{card:cards} is|are settled")

    @lang.verb("place the top site of your atlas", "place the top site of|from your atlas at "
               "{where:place}", "place the top site of|from your atlas {where:place}",
               splits=("enter_play",))
    def place_top_site(game, ev, node):
        locs = game.places(node.arg("where"), ev)
        place_from_atlas(game, ev, locs[0] if locs else None)

    @lang.verb("move into an adjacent void and settle it", "move from a site into an "
               "adjacent void placing the top site of|from your atlas there",
               splits=("move", "enter_play"))
    def move_and_settle(game, ev, node):
        unit = ev.source
        voids = _adjacent_voids(game, unit) if unit is not None and in_play(game, unit) \
            and unit.ext.get("region") == SURFACE else []
        if not voids:
            ev.did.append(f"{node.text}: no adjacent void to move into")
            return
        if not game.state.players[ev.controller].zones["atlas"]:
            ev.did.append(f"{node.text}: no site in the atlas to place")
            return
        to = game.ask_target(ev.controller, "an adjacent void to move into", voids)
        ev.subject = unit.name
        yield Split("move", inserts=[make_step(game, ev, [(unit, unit.at, to)], VOID)])
        if in_play(game, unit) and unit.at == to:
            place_from_atlas(game, ev, to)


def _adjacent_voids(game, unit) -> list:
    geo = game.geometry
    return [n for n in geo.neighbors(unit.at) if not geo.has_site(game, n)]


def place_from_atlas(game, ev, at) -> None:
    """The top site of the controller's atlas enters the realm at the void `at`; the units
    standing there come up onto it and are settled."""
    geo = game.geometry
    atlas = game.state.players[ev.controller].zones["atlas"]
    if at is None or geo.has_site(game, at):
        ev.did.append("no void there to place a site in")
        return
    if not atlas:
        ev.did.append("no site in the atlas to place")
        return
    site = atlas[0]
    here = [c for c in game.state.in_zones(game.policy.play_zones)
            if c.kind in _UNITS and c.at == at and c.ext.get("region") == VOID]
    enter_play(game, site, at, ev.controller)
    ev.did.append(f"place {site.name} from the atlas at {at}")
    for u in here:
        u.ext["region"] = SURFACE
        game.happen("settle", u, u.controller, to=at)
        ev.did.append(f"{u.name} is settled at {at}")
