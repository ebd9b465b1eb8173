"""Sorcery's ongoing effects beyond keywords: stat changes, restrictions and permissions.

An ongoing effect is a sentence of a permanent in the realm ("Allied minions have +1 power",
"This can't attack"); it is no event, it holds while its card is in the realm (and, written
"If CONDITION, ...", while the condition holds). docs/rulesets/sorcery.md "Ongoing effects"
says the order in which several apply; `stats.stat` applies the stat changes.
"""

from __future__ import annotations

from ...errors import ScenarioError
from ...interpreter.rules import has_static_kind
from .durations import lasting
from .entry import register as register_entry
from .immunity import register as register_immunity

# The stats card text may change, each with its ongoing sentences: 'has +1 power' adds,
# 'has 0 power' sets. Statics of kind "stat"; STAT_SPECS maps each one's name to (stat, op).
STATS = ("power",)
STAT_SPECS: dict = {}

# Restrictions ('can't ...') and permissions ('may ...'): the act each one names.
FORBID = {"can't attack": "attack", "can't move": "move", "can't be targeted": "target",
          "can't intercept": "intercept", "can't defend": "defend"}
PERMIT = {"may be summoned anywhere": "summon anywhere",
          "summoned burrowed": "summon anywhere",
          "may be played on a corner void": "play on a corner void"}


def register(lang) -> None:
    """Add the ongoing sentences to Sorcery's language."""
    for name in STATS:
        add, put = f"{name} change", f"{name} set"
        lang.static(add, "stat", "{what:cards} have|has {n:signed} " + name)
        lang.static(put, "stat", "{what:cards} have|has " + name + " {n:number}")
        # Counted: '+1 power for each other Wolf nearby', the count taken now.
        per = f"{name} change per card"
        lang.static(per, "stat", "{what:cards} have|has {n:signed} " + name +
                    " for each {each:cards}")
        STAT_SPECS[add], STAT_SPECS[put], STAT_SPECS[per] = \
            (name, "add"), (name, "set"), (name, "per")
    lang.static("can't attack", "forbid act", "{what:cards} can't|cannot attack")
    lang.static("can't move", "forbid act", "{what:cards} can't|cannot move")
    # Combat's offers (combat.py `_intercept`, `_defenders`) leave out a unit under these.
    lang.static("can't intercept", "forbid act", "{what:cards} can't|cannot intercept")
    lang.static("can't defend", "forbid act", "{what:cards} can't|cannot defend")
    lang.static("can't be targeted", "forbid act",
                "{what:cards} can't|cannot be targeted by enemy spells")
    lang.static("may be summoned anywhere", "permit", "{what:cards} may be summoned anywhere",
                "may be summoned anywhere",
                "{what:cards} may be summoned to|onto any site", "may be summoned to|onto any site")
    lang.static("may be played on a corner void", "permit",
                "{what:cards} may be played on a corner void")
    # Keywords taken away: whatever gave one (printed, granted, lasting), an effect that
    # takes it wins ('interpreter/board.py' `revoked`).
    lang.static("lose keyword", "revoke", "{what:cards} lose|loses {keyword:keyword}",
                "{what:cards} {keyword:keyword} is|are negated")
    # Subtypes added to a card's own ('interpreter/board.py' `has_subtype`).
    lang.static("both subtypes", "subtype",
                "{what:cards} is|are both a|an {first:subtype} and a|an {second:subtype}")
    lang.static("also subtype", "subtype", "{what:cards} is|are also a|an {first:subtype}")
    # The site where the card stands is a water site while it does (geometry.py
    # `Grid.card_trait`), as a flooded site is.
    lang.static("flooded location", "flooded location", "its location is flooded")
    # The sites the card affects are not of that element, whatever makes them so (geometry.py
    # `Grid.card_trait`, `Grid.affected`).
    lang.static("cease to be element sites", "cease element",
                "each affected site ceases to be a|an {element:element} site",
                "affected sites cease to be {element:element} sites")

    register_entry(lang)
    register_immunity(lang)
    for word, region in (("burrowed", "underground"), ("submerged", "underwater")):
        lang.condition(word, "{what:cards} is|are " + word)(_in_region(region))
    for word, tapped in (("tapped", True), ("untapped", False)):
        lang.condition(word, "{what:cards} is|are " + word)(_tapped(tapped))


def _tapped(tapped: bool):
    """A condition 'CARDS is tapped' / 'is untapped' (a unit taps to use its basic ability or
    a Tap → ability): every card the words name is so."""
    def test(game, ev, args):
        cards = game.select(args["what"], ev)
        return bool(cards) and all(bool(c.tapped) is tapped for c in cards)
    return test


def _in_region(region: str):
    """A condition 'CARDS is burrowed' (underground beneath its site) or 'is submerged'
    (underwater): every card the words name stands there."""
    def test(game, ev, args):
        cards = game.select(args["what"], ev)
        return bool(cards) and all(c.ext.get("region") == region for c in cards)
    return test


def changes(game, card, name: str) -> tuple[list, int]:
    """The ongoing changes to a card's stat now: (values it is set to, sum of what is added)."""
    sets, add = [], 0
    for src, spec, args in game.statics("stat"):
        stat, op = STAT_SPECS[spec.name]
        if stat == name and game.matches(args["what"], card, None, source=src):
            if op == "set":
                sets.append(args["n"])
            elif op == "per":
                add += args["n"] * _count(game, args["each"], src)
            else:
                add += args["n"]
    return sets, add


def _count(game, sel, src) -> int:
    """How many cards fit `sel`, seen from `src`: in the realm ('for each other Wolf nearby'),
    or in the pile it names ('for each minion in your cemetery')."""
    pool = game.state.in_zones(game.policy.play_zones) if sel.zone is None else \
        _pile_cards(game, sel.zone, src)
    return sum(1 for c in pool if game.matches(sel, c, None, source=src))


def _pile_cards(game, zone, src) -> list:
    """The cards of the pile a selector names, whose player is seen from `src`: 'your' is its
    controller's, 'its owner's' its owner's, 'each player's' everyone's, an opponent's every
    opponent's (an ongoing count asks no one which), in turn order."""
    who, pile = zone
    me = src.controller or src.owner
    order = game.turn_order()
    if who in (None, "you", "controller"):
        players = [me]
    elif who == "owner":
        players = [src.owner]
    elif who == "each":
        players = order
    else:
        players = [p for p in order if p != me]
    return [c for p in players for c in game.state.players[p].zones.get(pile, ())]


def stats_may_change(game) -> bool:
    """Is a card with an ongoing stat change (conditional ones too) in the realm, or a lasting
    change on some card? If not, no stat differs from its printed value."""
    return bool(lasting(game)) or game.has_statics("stat")


def left_with_stat_change(game) -> bool:
    """Did a card with an ongoing stat change just leave the realm (in this batch)?"""
    for h in game.batch:
        if h.kind == "leave_play" and h.card is not None and has_static_kind(h.card, "stat"):
            return True
    return False


def forbidden(game, card, act: str):
    """The card in the realm whose ongoing effect forbids `card` to `act`, or None."""
    for src, spec, args in game.statics("forbid act"):
        if FORBID[spec.name] == act and game.matches(args["what"], card, None, source=src):
            return src
    return None


def check_allowed(game, card, act: str, doing: str) -> None:
    """A player's action that a restriction forbids is illegal (S206), naming the restriction."""
    src = forbidden(game, card, act)
    if src is not None:
        who = "its own text" if src is card else f"{src.name}'s ongoing effect"
        raise ScenarioError(f"illegal action: {card.name} can't {doing} ({who})", None,
                            code="S206", hint=f"{card.name} is under a restriction while "
                                              f"{src.name} is in the realm")


def permitted(game, card, act: str) -> bool:
    """Does an ongoing permission let `card` `act`? Its own text counts wherever the card is
    (a card in hand may say where it may be summoned); another card's only from the realm."""
    for ab in card.tpl.abilities:
        if ab.static is not None and PERMIT.get(ab.static[0].name) == act:
            sel = dict(ab.static[1]).get("what")       # none: the card's own ('May be ...')
            if sel is None or sel.pick == "self":
                return True
    for src, spec, args in game.statics("permit"):
        if PERMIT[spec.name] == act and args.get("what") is not None and \
                game.matches(args["what"], card, None, source=src):
            return True
    return False


def can_target(game, ev, card) -> bool:
    """May the event's spell target `card`? Not when an ongoing effect says it can't be
    targeted by enemy spells and the spell's controller is its enemy."""
    if ev is None or ev.kind != "cast" or card.controller == ev.controller:
        return True
    return forbidden(game, card, "target") is None
