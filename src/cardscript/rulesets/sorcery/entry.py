"""Where ongoing effects keep a unit from going: 'CARDS can't enter PLACE' and 'CARDS must
stay nearby when moving' (or 'adjacent': one step at most, no diagonal); 'CARDS can't enter
PLACE if there is one here already' (or 'nearby', 'adjacent': one within that reach of the
square entered) (docs/rulesets/sorcery.md, "Ongoing effects: where a unit may go").

All are read wherever a unit's path is made: its own steps (the Move and Attack basic
ability, `realm.may_stand`) and an effect that moves it along a path (`movement.can_enter`).
A unit already at a location may stay there, and go up or down at it: only entering is
forbidden. A teleport, which takes no path, is not stopped.
"""

from __future__ import annotations

from ...language.selectors import Place

NEARBY = Place("adjacent", anchor=Place("here"), reach="nearby")
# 'can't enter PLACE if there is one here|nearby|adjacent already': where the other card
# must stand, from the square entered (None: that square only).
ONE_ALREADY = {"can't enter where one is": None, "can't enter where one is nearby": "nearby",
               "can't enter where one is adjacent": "adjacent"}
ADJACENT = Place("adjacent", anchor=Place("here"), reach="adjacent")


def may_enter(game, unit, loc) -> bool:
    """May the unit step into `loc` as far as ongoing effects go? (Its keywords and the
    regions are `realm.may_stand`'s.)"""
    if loc in game.geometry.squares(unit):
        return True                  # where it stands already (any square of its shape)
    for src, spec, args in game.statics("entry"):
        if not game.matches(args["what"], unit, None, source=src):
            continue
        if spec.name == "can't enter":
            if loc in game.places(args["where"], None, source=src, ask=False):
                return False
        elif spec.name in ONE_ALREADY:
            # '... if there is one here already': another card the words name stands there
            # ('nearby', 'adjacent': within that reach of it)
            if loc in game.places(args["where"], None, source=src, ask=False) and \
                    _one_already(game, unit, loc, src, args, ONE_ALREADY[spec.name]):
                return False
        elif loc not in game.places(ADJACENT if spec.name == "stay adjacent" else NEARBY,
                                    None, source=src, ask=False):
            return False           # 'must stay nearby' / 'adjacent': not beyond the source's
    return True


def _one_already(game, unit, loc, src, args, reach) -> bool:
    """Does another card the words name stand at `loc` (`reach` None) or within `reach` of
    it ('nearby', 'adjacent': the square itself too)?"""
    geo = game.geometry
    for c in game.state.in_zones(game.policy.play_zones):
        if c is unit or not game.matches(args["what"], c, None, source=src):
            continue
        squares = geo.squares(c)
        if loc in squares if reach is None else any(geo.near(sq, loc, reach) for sq in squares):
            return True
    return False


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static("can't enter", "entry", "{what:cards} can't|cannot enter {where:place}")
    lang.static("can't enter where one is", "entry", "{what:cards} can't|cannot enter "
                "{where:place} if there is one here|there already")
    lang.static("can't enter where one is nearby", "entry", "{what:cards} can't|cannot enter "
                "{where:place} if there is one nearby already")
    lang.static("can't enter where one is adjacent", "entry", "{what:cards} can't|cannot "
                "enter {where:place} if there is one adjacent already")
    lang.static("stay nearby", "entry", "{what:cards} must stay nearby when moving")
    lang.static("stay adjacent", "entry", "{what:cards} must stay adjacent when moving")
    # A ground unit stands on the surface and is not Airborne (the rulebook's regions).
    lang.adjective_words["ground"] = ("surface", ("airborne",))
