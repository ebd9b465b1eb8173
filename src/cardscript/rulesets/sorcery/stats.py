"""A Sorcery card's current stats: what is printed, as changed by what applies to it now.

Every rule that reads a stat (lethal damage, strikes, movement) asks `stat` rather than the
printed header, so that ongoing and temporary changes are seen in one place.
"""

from __future__ import annotations

from .durations import stat_change


def stat(game, card, name: str, default: int = 0) -> int:
    """The card's current value of `name` (printed value; changes apply here as they are added):
    with the changes that last a while ("+1 power this turn", durations.py)."""
    return card.tpl.stats.get(name, default) + stat_change(game, card, name)
