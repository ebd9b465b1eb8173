"""Sorcery's vocabulary of printed text beyond its first verbs: the nouns of sides and subtypes,
the element words, and the verbs and conditions whose rules are small (docs/language.md).

Each word here has a rule of the game behind it; a word whose game is not modelled yet
(burrowing, durations, combat) is left out, so card text using it is an error the coverage
report counts (docs/coverage.md).
"""

from __future__ import annotations

from dataclasses import replace

from ...library.common import _units_only, in_play_only
from ...library.moves import in_play, leave_play, send_to
from ...library.piles import register as register_piles
from .keywords import UNITS, movable
from .own_acts import crossed
from .movement import carry_along, report_move
from .oversized import spans_of, squares_at
from .realm import SURFACE, UNDERGROUND, UNDERWATER, region_of, regions_at
from .resources import ELEMENTS

# The game's subtypes that card text names ('Mortals', 'an allied Dragon', 'your Deserts'):
# minion types and site types. A header may carry any other word as a subtype, but card text
# can only select by these.
SUBTYPES = ("angel", "automaton", "beast", "demon", "dragon", "dwarf", "faerie", "giant",
            "gnome", "monster", "mortal", "spirit", "troll", "undead",
            "desert", "river", "tower", "village")


def sacrifice_cards(game, ev, cards, nothing: str) -> None:
    """Each card goes to its owner's cemetery (a unit so put there dies); `nothing` is what
    the event says when there is no card."""
    if not cards:
        ev.did.append(nothing)
        return
    for c in cards:
        leave_play(game, c, game.ruleset.graveyard,
                   why="die" if c.kind in UNITS else "sacrifice")
        ev.did.append(f"sacrifice {c.name}")
    ev.subject = ev.subject or cards[0].name


def units_only(verb: str):
    """A verb's check: only a unit (a minion or an avatar) goes underground or comes up; a
    bare 'Burrow.' on a magic, an aura or a site is refused (compiler/self_subject.py)."""
    test = _units_only(UNITS)

    def check(args, known):
        msg = test(args, known)
        return msg.replace("{verb}", verb) if msg else None
    return check


def register(lang, units) -> None:
    """Add the words of this module to Sorcery's language."""
    lang.side_nouns = {"ally": ("you", units), "enemy": ("opponent", units)}
    lang.subtypes |= set(SUBTYPES)
    lang.in_play_words = ("in", "the", "realm")
    register_piles(lang)                  # look at, reveal, put (a library any game may use)
    # The elements, read by 'a water site', 'fire minions' and 'a non-water site': a site's
    # header flags ('site, water'), a spell's printed threshold ('threshold fire').
    lang.place_traits |= set(ELEMENTS)

    @lang.verb("teleport", "teleport {what:cards} to {where:place}",
               "{what:cards} teleport|teleports to {where:place}", splits=("move",))
    def teleport(game, ev, node):
        """Move without a path: straight to the place, on its surface (in the void where no
        site is), as one move."""
        cards = movable(game, [c for c in game.select(node.arg("what"), ev)
                               if in_play(game, c)], ev, "teleport")
        dests = game.places(node.arg("where"), ev) if cards else []
        if not cards or not dests:
            ev.did.append(f"{node.text}: nothing to teleport")
            return
        to = dests[0]
        for c in cards:
            if spans_of(c) is not None and not squares_at(c, to):
                # an oversized unit's shape, with its top-left square there, is off the grid
                ev.did.append(f"{c.name} cannot teleport to {to}: its shape leaves the realm")
                continue
            frm = c.at
            c.at = to
            c.ext["region"] = regions_at(game, to)[0]       # the surface, or the void
            carry_along(game, c)
            report_move(game, c, frm, to, teleport=True)
            ev.did.append(f"teleport {c.name} {frm} → {to}")
        ev.subject = ev.subject or cards[0].name
        ev.subjects = [c.name for c in cards]

    @lang.verb("sacrifice", "sacrifice {what:cards}", splits=("leave_play",),
               check=in_play_only(lang, "sacrifice"))
    def sacrifice(game, ev, node):
        """Put a card one controls into its owner's cemetery; a unit so put there dies.
        A player sacrifices only their own cards: 'sacrifice a minion' asks among theirs."""
        who, what = ev.controller, node.arg("what")
        if what.controller is None:
            what = replace(what, controller="you")
        sacrifice_cards(game, ev, [c for c in game.select(what, ev)
                                   if in_play(game, c) and c.controller == who],
                        f"{node.text}: nothing {who} controls to sacrifice")

    @lang.verb("banish", "banish|banishes {what:cards}", splits=("leave_play",))
    def banish(game, ev, node):
        """Remove cards from the game: to their owner's banished pile, from wherever they are."""
        cards = game.select(node.arg("what"), ev)
        if not cards:
            ev.did.append(f"{node.text}: nothing to banish")
        for c in cards:
            send_to(game, c, "banished", why="banish")
            ev.did.append(f"banish {c.name}")
            ev.subject = ev.subject or c.name

    @lang.verb("flood", "flood|floods {where:place}")
    def flood(game, ev, node):
        """A site becomes a water site (and stays one): it is flooded."""
        geo = game.geometry
        for loc in game.places(node.arg("where"), ev):
            site = geo.site_at(game, loc)
            if site is None:
                continue
            if "flooded" in site.flags:
                ev.did.append(f"{site.name} at {loc} is flooded already")
                continue
            site.flags.add("flooded")
            game.state.touch()
            game.happen("flood", site, ev.controller, to=loc)
            ev.did.append(f"flood {site.name} at {loc}")
            ev.subject = ev.subject or site.name

    @lang.verb("gain control", "gain control of {what:cards}")
    def gain_control(game, ev, node):
        """Cards in play change sides: the controller of the ability controls them now."""
        who = ev.controller
        for c in game.select(node.arg("what"), ev):
            if not in_play(game, c) or c.controller == who:
                continue
            c.controller = who
            game.state.touch()
            game.happen("control", c, who)
            ev.did.append(f"{who} gains control of {c.name}")
            ev.subject = ev.subject or c.name

    def _to_region(game, ev, node, region, able, verb):
        """Move cards down beneath their site or up to its surface, where they stand."""
        what = node.arg("what")      # none named ('Unburrow.'): the card whose line it is
        cards = [c for c in (game.select(what, ev) if what is not None else
                             [ev.source] if ev.source is not None else []) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to {verb}")
        for c in cards:
            if not able(c) or spans_of(c) is not None:      # an oversized unit stays on top
                ev.did.append(f"{c.name} cannot {verb} at {c.at}")
                continue
            was, c.ext["region"] = c.ext["region"], region
            game.happen("move", c, c.controller, frm=c.at, to=c.at, region=region)
            crossed(game, c, was, region)
            ev.did.append(f"{verb} {c.name} at {c.at}")
            ev.subject = ev.subject or c.name

    @lang.verb("burrow", "burrow|burrows {what:cards}", "burrow", splits=("move",),
               check=units_only("burrow"))
    def burrow(game, ev, node):
        """Down into the ground beneath a land site (none lies beneath a water site); a
        unit without Burrowing survives there, but cannot go down or up of its own accord."""
        _to_region(game, ev, node, UNDERGROUND, lambda c: region_of(c) == SURFACE and
                   UNDERGROUND in regions_at(game, c.at), "burrow")

    @lang.verb("unburrow", "unburrow|unburrows {what:cards}", "unburrow", splits=("move",),
               check=units_only("unburrow"))
    def unburrow(game, ev, node):
        """Up from the ground to the surface of its site."""
        _to_region(game, ev, node, SURFACE, lambda c: region_of(c) == UNDERGROUND, "unburrow")

    @lang.verb("surface", "surface|surfaces {what:cards}", splits=("move",),
               check=units_only("surface"))
    def surface(game, ev, node):
        """Up from beneath its site, underground or underwater, to its surface."""
        _to_region(game, ev, node, SURFACE,
                   lambda c: region_of(c) in (UNDERGROUND, UNDERWATER), "surface")

    # --- conditions ----------------------------------------------------------
    @lang.condition("your turn", "it's your turn", "it is your turn")
    def your_turn(game, ev, args):
        return game.turn_order()[0] == ev.controller

    @lang.condition("not your turn", "it's not your turn", "it is not your turn",
                    "it isn't your turn")
    def not_your_turn(game, ev, args):
        return game.turn_order()[0] != ev.controller

    # Every other player is an opponent, so an opponent's turn is any turn not yours.
    @lang.condition("an opponent's turn", "it's an|your opponent's turn",
                    "it is an|your opponent's turn")
    def an_opponents_turn(game, ev, args):
        return game.turn_order()[0] != ev.controller

    @lang.condition("control fewer", "you control fewer {what:cards} than each|an|your opponent")
    def control_fewer(game, ev, args):
        return _count(game, ev, args, fewer=True)

    @lang.condition("control more", "you control more {what:cards} than each|an|your opponent")
    def control_more(game, ev, args):
        return _count(game, ev, args, fewer=False)

    # The other side of the same comparison: an opponent (any one of them) or each opponent
    # (every one) controls fewer or more than you. One rule over a table of words.
    for name, shape, fewer, every in RIVAL_COUNTS:
        lang.condition(name, shape)(_rival_condition(fewer, every))


# name, shape, fewer (else more), every opponent (else any one)
RIVAL_COUNTS = (
    ("an opponent controls fewer", "an|your opponent controls fewer {what:cards} than you",
     True, False),
    ("an opponent controls more", "an|your opponent controls more {what:cards} than you",
     False, False),
    ("each opponent controls fewer", "each opponent controls fewer {what:cards} than you",
     True, True),
    ("each opponent controls more", "each opponent controls more {what:cards} than you",
     False, True),
)


def _rival_condition(fewer: bool, every: bool):
    """The test of one RIVAL_COUNTS entry."""
    def rival_count(game, ev, args):
        return _rival_count(game, ev, args, fewer=fewer, every=every)
    return rival_count


def _counts(game, ev, sel) -> tuple[int, list[int]]:
    """How many cards fitting `sel` you control, and how many each opponent does."""
    def how_many(player):
        return sum(1 for c in game.state.in_zones(game.policy.play_zones)
                   if c.controller == player and game.matches(sel, c, ev))
    return how_many(ev.controller), [how_many(p) for p in game.turn_order()
                                     if p != ev.controller]


def _rival_count(game, ev, args, *, fewer: bool, every: bool) -> bool:
    """Does an opponent (`every`: each opponent) control fewer (or more) of the cards than
    you?"""
    mine, rivals = _counts(game, ev, args["what"])
    holds = [n < mine if fewer else n > mine for n in rivals]
    return bool(rivals) and (all(holds) if every else any(holds))


def _count(game, ev, args, *, fewer: bool) -> bool:
    """Compare how many cards fitting a selector you control with what each opponent controls
    (every one of them: 'fewer sites than each opponent')."""
    mine, rivals = _counts(game, ev, args["what"])
    return all(mine < n for n in rivals) if fewer else all(mine > n for n in rivals)
