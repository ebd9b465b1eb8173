"""Mana and elemental threshold: what a player's sites give, and what a spell asks of them.

Each site a player controls gives one mana a turn and the threshold of its elements. Mana is
spent on costs and is lost at the end of the turn; threshold is never spent: a spell can be
cast only while the player's sites together show at least the threshold printed on it.
docs/rulesets/sorcery.md, "Mana" and "Threshold".
"""

from __future__ import annotations

import re

from collections import Counter

from ...errors import ScenarioError, SemanticError
from ...interpreter.rules import after, template_fact
from . import site_yield
from .players import turn_played

ELEMENTS = ("air", "earth", "fire", "water")
MANA = "mana"


def threshold_words(tpl) -> list[str]:
    """The threshold printed on a card, one word an icon: `threshold fire fire` -> 2 fire."""
    text = tpl.props.get("threshold")
    return str(text).split() if text else []


def printed_threshold(tpl) -> Counter:
    """What a spell needs (or, on a site, what the site gives), by element: worked out once
    a template (a cast asks for it every time), so read it, do not change it."""
    return template_fact(tpl, "threshold", _count_threshold)


def _count_threshold(tpl) -> Counter:
    return Counter(threshold_words(tpl))


def site_threshold(site) -> Counter:
    """The threshold a site gives: its `threshold` item if it has one, else one of each
    element it is (`site, water`); a flooded site is a water site but gives no threshold."""
    given = printed_threshold(site.tpl)
    if given:
        return given
    return Counter(e for e in ELEMENTS if e in site.tpl.flags)


def sites_of(game, player) -> list:
    """The sites `player` controls in the realm."""
    return [c for c in game.state.in_zones(game.policy.play_zones)
            if c.kind == "site" and c.controller == player]


def threshold_of(game, player) -> Counter:
    """The elemental threshold `player` has now: the sum over their sites."""
    total: Counter = Counter()
    for site in sites_of(game, player):
        factor = site_yield.threshold_factor(game, site)
        total.update({e: n * factor for e, n in site_threshold(site).items()})
    return +total


def describe(threshold: Counter) -> str:
    """'2 fire, 1 water', or 'none'."""
    return ", ".join(f"{n} {e}" for e in ELEMENTS if (n := threshold.get(e, 0))) or "none"


def check_threshold(game, player, card, need: Counter | None = None) -> None:
    """A spell whose threshold the player's sites do not meet cannot be cast (S202). `need`:
    what it needs now, cost changes applied (costs.py `needed`); else what is printed."""
    need = printed_threshold(card.tpl) if need is None else need
    if not need:
        return
    have = threshold_of(game, player)
    short = Counter({e: n - have.get(e, 0) for e, n in need.items() if n > have.get(e, 0)})
    if short:
        raise ScenarioError(
            f"illegal action: {player} cannot cast {card.name}: it needs {describe(need)} "
            f"threshold, and {player}'s sites give {describe(have)}", None, code="S202",
            hint=f"{player} lacks {describe(short)}: control more sites of "
                 f"{'that element' if len(short) == 1 else 'those elements'} first")


def fill_mana(game, player) -> int:
    """At the start of a turn the player's mana is one for each site they control (more
    where an ongoing effect doubles what a site gives: site_yield.py)."""
    n = sum(site_yield.mana_of(game, site) for site in sites_of(game, player))
    ps = game.state.players[player]
    ps.set_counters.add(MANA)
    game.counter_add(player, MANA, n - ps.counters.get(MANA, 0))
    return n


def empty_mana(game, player) -> None:
    """Mana not spent is lost at the end of the turn."""
    ps = game.state.players[player]
    if ps.counters.get(MANA, 0):
        game.counter_add(player, MANA, -ps.counters[MANA])


@after("enter_play")
def new_site_gives_mana(game):
    """A site that enters the realm under the active player's control in a turn of the game
    gives its mana at once (only once turns keep mana: the player's mana counter is set)."""
    active = game.state.active
    ps = game.state.players.get(active)
    if ps is None or MANA not in ps.set_counters or not _turns_running(game):
        return
    for h in game.batch:
        c = h.card
        if h.kind == "enter_play" and c is not None and c.kind == "site" and \
                c.controller == active:
            n = site_yield.mana_of(game, c)
            game.counter_add(active, MANA, n)
            game.note(f"{c.name} gives {active} {n} mana")


def _turns_running(game) -> bool:
    return turn_played(game) is not None


def check_threshold_item(item, line: str) -> None:
    """Every word of a `threshold` header item is an element (compile time, E208), the caret
    under the first word that is not."""
    from ...errors import Span, did_you_mean
    for word in item.words[1:]:
        if word in ELEMENTS:
            continue
        start = item.column - 1
        found = re.search(r"(?<![A-Za-z])" + re.escape(word) + r"(?![A-Za-z])",
                          line[start:], re.IGNORECASE) if line else None
        column = start + found.start() + 1 if found else item.column
        span = Span(item.file, item.line, column, item.line,
                    column + len(word) if found else item.end_column)
        raise SemanticError(f"'{word}' is no element of a threshold", span,
                            code="E208", hint=" ".join(filter(None, [
                                did_you_mean(word, ELEMENTS),
                                "a threshold is one element word an icon: "
                                "threshold fire fire (elements: " +
                                ", ".join(ELEMENTS) + ")"])))


def check_element_flags(tpl) -> None:
    """An element in the header (`site, fire`) says what a site gives: only sites have one
    (a spell's elements are its `threshold`)."""
    if not tpl.flags or tpl.kind == "site":     # most cards: no flag to look through
        return
    flags = [e for e in ELEMENTS if e in tpl.flags]
    if flags and tpl.kind != "site":
        raise SemanticError(f"'{flags[0]}' in the header of {tpl.name!r}: only a site has "
                            "elements", tpl.span, code="E208",
                            hint=f"a spell's elements are its threshold: threshold {flags[0]}")
