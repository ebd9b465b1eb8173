"""Things that move along a line: a unit that charges, a relic pushed or thrown, a rolling
card, and what they meet on their path ("in a cardinal direction ... until it can't move
further", "in its path", "the first unit it hits").

The rules, in our words (docs/rulesets/sorcery.md, "Movement along a line"): a cardinal
direction is one of the four ways out of a location across an edge; the controller of the
effect picks it as the step resolves (a `target` question among the locations beside the
card). A card moving "until it can't move further" goes on in that direction, one step at a
time, until the next location is off the realm or one it may not be in: a unit where it may
stand in its depth (realm.py `may_stand`), any other card onto a site. Units in the way do
not stop it; they are *in its path* (the locations it entered), and the next sentence may
strike or damage them. The whole path goes on the storyline before a step resolves
(movement.py `make_step`), as the rulebook's movement by an effect does: being moved this
way is not the card's own move. A thrown card is a projectile (volleys.py `flight`): it
flies from its bearer's location until it hits the first unit, and is put down where its
flight ended, no longer carried.
"""

from __future__ import annotations

from ...interpreter.rules import Split
from ...library.common import damage
from ...library.moves import in_play
from .movement import make_step
from .realm import SURFACE, VOID, may_stand, region_of
from .volleys import HIT_NAMES, beside, flight, name_hits, record_hit
from .units import UNITS

PATH = "line path"          # the locations entered along the line, in order
STEP = "line step"          # the last step taken: (from, to), for 'it rolls' to go on


def _fits(game, card, loc) -> bool:
    """May the card be moved into `loc` along a line? A unit where it may stand in its
    depth; any other card onto a site."""
    if card.kind in UNITS:
        here = region_of(card)
        depths = (SURFACE, VOID) if here in (SURFACE, VOID) else (here,)
        return any(may_stand(game, card, loc, r) for r in depths)
    return game.geometry.has_site(game, loc)


def line(game, cards, prev, cur) -> list:
    """The locations from `cur` on, in the direction prev -> cur, that every card may be
    moved into, up to the first it may not (or the realm's edge)."""
    out = []
    while cur is not None and all(_fits(game, c, cur) for c in cards):
        out.append(cur)
        prev, cur = cur, game.geometry.step(prev, cur)
    return out


def ask_direction(game, ev, at, what: str):
    """A cardinal direction out of `at`, picked by the effect's controller: the location
    beside `at` it leads to."""
    return game.ask_target(ev.controller, f"a cardinal direction for {what}",
                           game.geometry.neighbors(at))


def drop(game, card) -> None:
    """A card moved away from its bearer is no longer carried (through the state's link, so
    the bearer's list of what it holds drops it too)."""
    if card.ext.get("carried_by") is not None:
        game.state.link(card, "carried_by", None)


def _walk(game, ev, cards, path, what):
    """The cards moved together along `path` (from their location), one step event each;
    the path is named for the next sentence."""
    ev.named[PATH] = ev.named.get(PATH, []) + list(path)
    if not path:
        ev.did.append(f"{what}: " + ", ".join(c.name for c in cards) + " cannot move")
        return
    start = cards[0].at
    ev.named[STEP] = [([start] + path)[-2], path[-1]]
    for c in cards:
        drop(game, c)
    ev.subject = ev.subject or cards[0].name
    ev.did.append(f"{what}: " + ", ".join(c.name for c in cards) + " " +
                  " → ".join(map(str, [start] + path)))
    steps = [make_step(game, ev, [(c, a, b) for c in cards], None)
             for a, b in zip([start] + path, path)]
    yield Split("move", inserts=steps)


def _movers(game, ev, node, slot):
    sel = node.arg(slot)
    cards = game.select(sel, ev) if sel is not None else \
        ([ev.source] if ev.source is not None else [])
    return [c for c in cards if in_play(game, c) and c.at is not None]


def _in_path(game, ev, but=()):
    squares = set(ev.named.get(PATH, []))
    return [c for c in game.state.in_zones(game.policy.play_zones)
            if c.kind in UNITS and c not in but and c.at is not None and
            not squares.isdisjoint(game.geometry.squares(c))]     # an oversized unit: any


def register(lang) -> None:
    """The verbs of movement along a line."""

    @lang.verb("charge", "{who:cards?} charge|charges in a cardinal direction until "
               "they can't|cannot move further", "{who:cards?} charge|charges in a cardinal "
               "direction until it can't|cannot move further", splits=("move",))
    def charge(game, ev, node):
        """The units move together, step by step, in a direction their controller picks,
        until the next location is one one of them may not stand in."""
        units = [u for u in _movers(game, ev, node, "who") if u.kind in UNITS]
        if not units:
            ev.did.append(f"{node.text}: no one to charge")
            return
        toward = ask_direction(game, ev, units[0].at, "the charge")
        yield from _walk(game, ev, units, line(game, units, units[0].at, toward), "charge")

    @lang.verb("push in a direction", "push|pushes {what:cards} in a cardinal direction",
               splits=("move",))
    def push_line(game, ev, node):
        """The card one step in a direction the controller picks (a carried relic leaves
        its bearer); it stays where that location is off the realm or one it may not be in."""
        cards = _movers(game, ev, node, "what")[:1]
        if not cards:
            ev.did.append(f"{node.text}: nothing to push")
            return
        toward = ask_direction(game, ev, cards[0].at, f"pushing {cards[0].name}")
        yield from _walk(game, ev, cards, line(game, cards, cards[0].at, toward)[:1], "pushed")

    @lang.verb("roll on", "{what:cards} roll|rolls until it can't|cannot move further",
               "{what:cards} roll|rolls until they can't|cannot move further", splits=("move",))
    def roll_on(game, ev, node):
        """The card goes on in the direction of its last step in this ability, until it
        cannot move further; it does not roll when it took no step before."""
        cards = _movers(game, ev, node, "what")[:1]
        step = ev.named.get(STEP)
        if not cards or not step or cards[0].at != step[1]:
            ev.did.append(f"{node.text}: it has no direction to roll in")
            return
        nxt = game.geometry.step(step[0], step[1])
        yield from _walk(game, ev, cards, line(game, cards, step[1], nxt), "rolls")

    # One pair of entries a noun ('all minions in its path' keeps to the minions there); the
    # unit's keep their old row names.
    for noun, (one, many) in PATH_NOUNS.items():
        tail = "" if noun == "unit" else f" ({many})"
        lang.verb(f"strike all in the path{tail}",
                  f"{{who:cards}} strike|strikes all {many} in their path",
                  f"{{who:cards}} strike|strikes all {many} in its path",
                  f"{{who:cards}} strike|strikes all other {many} in their path",
                  f"{{who:cards}} strike|strikes all other {many} in its path")(
            _strike_path(noun))
        lang.verb(f"damage all in the path{tail}",
                  f"deal|deals {{n:number}} damage to each {one} in its path",
                  f"deal|deals {{n:number}} damage to each {one} in their path",
                  f"deal|deals {{n:number}} damage to all {many} in its path",
                  f"deal|deals {{n:number}} damage to all {many} in their path")(
            _damage_path(noun))

    @lang.verb("throw", "throw|throws {what:cards} in a cardinal direction",
               splits=("move",), binds=HIT_NAMES)
    def throw(game, ev, node):
        """The card flies as a projectile from its location (its bearer's) in a direction
        the controller picks, to the first unit other than an ally there; it is put down
        where its flight ended."""
        name_hits(ev)
        cards = _movers(game, ev, node, "what")[:1]
        if not cards:
            ev.did.append(f"{node.text}: nothing to throw")
            return
        card = cards[0]
        # Out of its bearer's body: an oversized bearer's card leaves from its side (volleys.py)
        toward = game.ask_target(ev.controller, f"a cardinal direction for throwing {card.name}",
                                 beside(game, card))
        hit, path = flight(game, ev, card, toward)
        if hit is not None:
            record_hit(ev, hit)
        ev.did.append(f"{card.name} thrown toward {toward}: " +
                      (f"hits {hit.name} at {hit.at}" if hit is not None else "hits nothing") +
                      " (" + " → ".join(map(str, path)) + ")")
        drop(game, card)
        if path[-1] != card.at:
            yield Split("move", inserts=[make_step(game, ev, [(card, card.at, path[-1])], None)])

    @lang.verb("kill the first hit", "it kill|kills the first {what:cards} it hits",
               "kill|kills the first {what:cards} it hits", splits=("leave_play",))
    def kill_first(game, ev, node):
        """The unit the projectile hit dies if it is what the phrase names; nothing else
        does (the flight stopped at the first unit, whatever it was)."""
        from ...library.moves import leave_play
        hits = [c for c in ev.named.get(HIT_NAMES[0], []) if in_play(game, c)]
        what = [c for c in hits if game.matches(node.arg("what"), c, ev)]
        if not what:
            ev.did.append(f"{node.text}: " + (f"{hits[0].name} is not one" if hits else
                                              "nothing was hit"))
            return
        for c in what:
            if game.would("die", c, ev.controller):
                leave_play(game, c, game.ruleset.graveyard, why="die")
                ev.did.append(f"kill {c.name}")


# The nouns that name what is in a path: (singular, plural). Which units they keep: a minion
# noun only minions; a side ('enemy', 'ally', or an adjective of one) only the units of the
# players on that side of the ability's controller.
PATH_NOUNS = {"unit": ("unit", "units"), "minion": ("minion", "minions"),
              "enemy": ("enemy", "enemies"), "ally": ("ally", "allies")}
for _side in ("enemy", "allied"):
    for _noun in ("unit", "minion"):
        PATH_NOUNS[f"{_side} {_noun}"] = (f"{_side} {_noun}", f"{_side} {_noun}s")
# The side each first word of a path noun names.
_PATH_SIDES = {"enemy": "opponent", "ally": "you", "allied": "you"}


def _named_by(noun, ev, card) -> bool:
    words = noun.split()
    if words[-1] == "minion" and card.kind != "minion":
        return False
    side = _PATH_SIDES.get(words[0])
    if side == "opponent":
        return card.controller != ev.controller
    if side == "you":
        return card.controller == ev.controller
    return True


def _strike_path(noun):
    def strike_path(game, ev, node):
        """Each unit named strikes, at once, every other unit the noun names now at a
        location of the path (one strike each, strikes.py `strike_several`)."""
        from .strikes import strike_several
        who = [c for c in game.select(node.arg("who"), ev) if in_play(game, c) and
               c.kind in UNITS]
        what = [c for c in _in_path(game, ev, but=who) if _named_by(noun, ev, c)]
        if not who or not what:
            ev.did.append(f"{node.text}: " + ("nothing in the path" if who else "no one"))
            return
        for s in who:
            dealt = strike_several(game, s, [(t, None) for t in what])
            ev.did.extend(f"{s.name} strikes {t.name}: {n} damage" for t, n in zip(what, dealt))
    return strike_path


def _damage_path(noun):
    def damage_path(game, ev, node):
        """The source deals the damage to each unit the noun names now at a location of the
        path, itself excepted."""
        n = node.arg("n")
        what = [c for c in _in_path(game, ev, but=(ev.source,)) if _named_by(noun, ev, c)]
        if not what:
            ev.did.append(f"{node.text}: nothing in the path")
        for c in what:
            if damage(game, c, n, ev.controller, ev.source):
                ev.did.append(f"{n} damage to {c.name}")
    return damage_path
