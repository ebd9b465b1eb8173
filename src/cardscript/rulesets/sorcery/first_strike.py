"""Combat damage dealt first: 'CARDS deal combat damage before other minions they fight' (or
'before enemy minions they fight': only against a unit another player controls)
(docs/rulesets/sorcery.md, "Ongoing effects: combat damage first"); and combat damage
doubled: combat damage between units near the card, twice over (`combat_damage`).

In a fight of two units (strikes.py `fight`) both strike at once, unless one of them deals its
combat damage first and the other does not: then the first strikes, and the other strikes back
only if that strike has not already doomed it (damage at least its power, or lethal damage).
The doomed unit dies as any unit does, when the rules of the game next look (`lethal_damage`).
Fights of one unit against several keep striking at once.
"""

from __future__ import annotations

from ...language.selectors import Place
from .immunity import is_lethal
from .lance import first_by_lance
from .next_attack import doubled
from .stats import stat
from .units import UNITS


NEARBY = Place("adjacent", anchor=Place("here"), reach="nearby")
ADJACENT = Place("adjacent", anchor=Place("here"), reach="adjacent")
# (reach, the kinds fighting) -> the name of the ongoing effect that doubles such damage
DOUBLES = {("nearby", "units"): "double nearby combat damage",
           ("nearby", "minions"): "double nearby combat damage between minions",
           ("adjacent", "units"): "double adjacent combat damage",
           ("adjacent", "minions"): "double adjacent combat damage between minions"}
WHERE = {"nearby": NEARBY, "adjacent": ADJACENT}
FIRST_AGAINST_ENEMIES = "combat damage first against enemies"


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static("combat damage first", "strikes first",
                "{what:cards} deal|deals combat damage before other minions|units they fight",
                "{what:cards} deal|deals combat damage before other minions|units it fights")
    lang.static(FIRST_AGAINST_ENEMIES, "strikes first",
                "{what:cards} deal|deals combat damage before enemy minions|units they fight",
                "{what:cards} deal|deals combat damage before enemy minions|units it fights")
    # Where the strike is (nearby the card, or adjacent to it) and between which kinds (any
    # units, or minions only: an avatar's strikes and the strikes at it stay as they are).
    for (reach, noun), name in DOUBLES.items():
        shapes = [f"double|doubles {reach} combat damage between|among {noun}"]
        if (reach, noun) == ("nearby", "units"):
            shapes.insert(0, "combat damage between|among units near this is doubled")
        lang.static(name, "double combat damage", *shapes)


def combat_damage(game, striker, target, n: int) -> int:
    """A strike's damage as ongoing effects change it: doubled for each card that doubles
    combat damage between units (or minions) nearby it, or adjacent to it (a strike at a unit
    standing there)."""
    if n <= 0 or target.kind not in UNITS or striker.kind not in UNITS:
        return n
    n = doubled(game, striker, target, n)          # 'double ... the next unit it attacks'
    for src, spec, _ in game.statics("double combat damage"):
        reach, noun = next(k for k, name in DOUBLES.items() if name == spec.name)
        if noun == "minions" and not (striker.kind == target.kind == "minion"):
            continue
        if src.at is not None:
            near = game.places(WHERE[reach], None, source=src, ask=False)
            if any(s in near for s in game.geometry.squares(target)):   # any of its squares
                n *= 2
    return n


def _first(game, unit, foe) -> bool:
    """Does `unit` deal its combat damage before `foe`'s? ('enemy minions': only when another
    player controls the foe.)"""
    return any(game.matches(args["what"], unit, None, source=src) and
               (spec.name != FIRST_AGAINST_ENEMIES or foe.controller != unit.controller)
               for src, spec, args in game.statics("strikes first"))


def strikes_first(game, a, b):
    """The one of two fighting units that strikes first, or None (both, or neither, may):
    by an ongoing effect, or by the lance it carries (lance.py)."""
    la, lb = first_by_lance(game, a), first_by_lance(game, b)
    if not la and not lb and not game.statics("strikes first"):
        return None
    fa, fb = la or _first(game, a, b), lb or _first(game, b, a)
    return a if fa and not fb else b if fb and not fa else None


def struck_down(game, unit, striker, dealt: int) -> bool:
    """Has the strike just dealt doomed the unit (a minion), so that it strikes no more?"""
    if unit.kind != "minion" or dealt <= 0:
        return False
    return unit.damage >= stat(game, unit, "power") or is_lethal(game, striker, unit)
