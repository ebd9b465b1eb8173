"""A unit with the artifacts it carries: "return this Assassin and its borne relics to their
owner's hand" (or cemetery, or spellbook).

A unit's borne artifacts are those it carries now (kinds.py `bearer_of`). Returned with it,
each goes to the named pile of its own owner, the unit first (a spellbook takes them at the
bottom, as any card returned there); the atlas holds sites only, so a unit and its relics are
never returned there (compile error E203); the artifacts are taken before the unit
leaves, as a unit that leaves the realm drops what it carried. docs/rulesets/sorcery.md,
"Trigger forms and timing words".
"""

from __future__ import annotations

from ...library.moves import in_play, send_to


def borne_by(game, unit) -> list:
    """The artifacts `unit` carries now, in board order."""
    return [c for c in game.state.in_zones(game.policy.play_zones)
            if c.ext.get("carried_by") is unit]


def register(lang) -> None:
    """The verb of a unit returned with what it carries."""

    def spell_pile(args, known):
        zone = args.get("zone")
        if zone is not None and zone[1] not in ("hand", "cemetery", "spellbook"):
            return f"a unit and its relics go to a hand, a cemetery or a spellbook, not " \
                   f"the {zone[1]}"
        return None

    @lang.verb("return with borne artifacts",
               "return {what:cards} and its|their borne relics|artifacts to {zone:zone}",
               splits=("leave_play",), check=spell_pile)
    def return_with_borne(game, ev, node):
        zone = node.arg("zone", (None, "hand"))[1]
        units = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not units:
            ev.did.append(f"{node.text}: nothing to return")
        for unit in units:
            carried = borne_by(game, unit)
            for c in [unit] + carried:
                send_to(game, c, zone, why="return")
                ev.did.append(f"return {c.name} to {c.owner}'s {zone}")
            ev.subject = ev.subject or unit.name
