"""A Sorcery card's current stats: what is printed, as changed by what applies to it now.

Every rule that reads a stat (lethal damage, strikes, movement) asks `stat` rather than the
printed header, so that ongoing and temporary changes are seen in one place.
"""

from __future__ import annotations

from .durations import stat_change


def stat(game, card, name: str, default: int = 0) -> int:
    """The card's current value of `name` (printed value; changes apply here as they are added):
    with the changes that last a while ("+1 power this turn", durations.py)."""
    if name == "movement":
        return _movement(card) + stat_change(game, card, name)
    return card.tpl.stats.get(name, default) + stat_change(game, card, name)


def _movement(card) -> int:
    """How many steps the unit takes with its basic ability: one, and X more for Movement +X
    (a valued keyword); a scenario's `movement:` sets it outright."""
    given = card.extra.get("stats", {}).get("movement")
    if given is not None:
        return given
    bonus = card.tpl.keywords.get("movement", 0)
    return 1 + (bonus if bonus is not True else 0)
