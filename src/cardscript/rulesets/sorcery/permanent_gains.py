"""Gains for the rest of a stay: "permanently gains +1 power", "... that minion's innate power",
and losses ("permanently loses 2 power", "... loses that minion's innate power").

A change that lasts "permanently" is kept with the lasting changes (durations.py) under a
duration no turn ends: it stays while the card stays in the realm, and goes when the card
leaves (a card that comes back is a new card). A unit's innate power is the power printed on
it, before any change. docs/rulesets/sorcery.md, "Permanent gains".
"""

from __future__ import annotations

from ...library.moves import in_play
from .durations import power_for_a_while

PERMANENTLY = "permanently"          # a duration no turn's end or start takes back


def innate_power(card) -> int:
    """The power printed on the card, before any change."""
    return card.tpl.stats.get("power", 0)


def gain_power_permanently(game, ev, cards, n: int) -> None:
    """Raise the power of each card in the realm by `n` for as long as it stays there."""
    cards = [c for c in cards if in_play(game, c)]
    if not cards:
        ev.did.append("permanent gain: nothing to change")
    for c in cards:
        said = f"gains {n:+d}" if n >= 0 else f"loses {-n}"
        power_for_a_while(game, ev, c, n, PERMANENTLY, f"{c.name} permanently {said} power")


def register(lang) -> None:
    """The verbs of permanent gains."""

    @lang.verb("gain power permanently", "{what:cards} permanently gain|gains {n:signed} power")
    def gain_power(game, ev, node):
        gain_power_permanently(game, ev, game.select(node.arg("what"), ev), node.arg("n"))

    @lang.verb("gain innate power permanently",
               "{what:cards} permanently gain|gains the innate power of {whose:cards}",
               "{what:cards} permanently gain|gains that minion's|unit's innate power")
    def gain_innate(game, ev, node):
        gain_power_permanently(game, ev, game.select(node.arg("what"), ev),
                               innate_named(game, ev, node))

    # The counterparts: power lost for the rest of the stay, by a number or another card's
    # innate power (a unit's power may go to 0 or below: durations.py's stat changes)
    @lang.verb("lose power permanently", "{what:cards} permanently lose|loses {n:number} power")
    def lose_power(game, ev, node):
        gain_power_permanently(game, ev, game.select(node.arg("what"), ev), -node.arg("n"))

    @lang.verb("lose innate power permanently",
               "{what:cards} permanently lose|loses the innate power of {whose:cards}",
               "{what:cards} permanently lose|loses that minion's|unit's innate power")
    def lose_innate(game, ev, node):
        gain_power_permanently(game, ev, game.select(node.arg("what"), ev),
                               -innate_named(game, ev, node))


def innate_named(game, ev, node) -> int:
    """The innate power of the card a step names ('of X'), or of the card its trigger
    is about ('that minion's')."""
    whose = node.arg("whose")
    found = game.select(whose, ev) if whose is not None else trigger_card(ev)
    return sum(innate_power(c) for c in found[:1])


def trigger_card(ev) -> list:
    """'that minion's': the card the happening that triggered the ability was about."""
    hook = getattr(ev.ability, "hook", None)
    sel = hook.filter.get("card") if hook is not None else None
    slot = getattr(sel, "slot", None) or "trigger:card"
    return list(ev.slots.get(slot, ()))
