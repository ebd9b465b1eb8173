"""A Sorcery card's current stats: what is printed, as changed by what applies to it now.

Every rule that reads a stat (lethal damage, strikes, movement) asks `stat` rather than the
printed header, so that ongoing and temporary changes are seen in one place. The order
(docs/rulesets/sorcery.md, "Ongoing effects: the order of changes"):

1. the printed value (the header's `power 2`; movement: one step, and X more for
   Movement +X, or what a scenario's `movement:` sets), or the innate value a lasting
   change set in its place (innate_and_size.py);
2. ongoing effects that set it ('has power 0'): when several do, the lowest value wins;
3. what adds to or takes from it, summed: ongoing effects ('has +1 power') and the changes
   that last a while ('gets +2 power this turn': durations.py, which ends them);
4. never below zero.
"""

from __future__ import annotations

from .durations import stat_change
from .innate_and_size import innate_set
from .kinds import granted_value
from .ongoing import changes, stats_may_change


def stat(game, card, name: str, default: int = 0) -> int:
    """The card's current value of `name`: printed, then set, then added to (see above)."""
    base = _movement(game, card) if name == "movement" else card.tpl.stats.get(name, default)
    if not stats_may_change(game):
        return max(0, base)             # nothing lasting, no ongoing stat change in play
    innate = innate_set(game, card, name)       # 'set its innate power to 0' for a while
    if innate is not None:
        base = innate
    sets, add = changes(game, card, name)
    value = min(sets) if sets else base
    return max(0, value + add + stat_change(game, card, name))


def _movement(game, card) -> int:
    """How many steps the unit takes with its basic ability: one, and X more for Movement +X
    (a valued keyword, printed or granted: kinds.py `granted_value`); a scenario's
    `movement:` sets it outright."""
    given = card.extra.get("stats", {}).get("movement")
    if given is not None:
        return given
    bonus = card.tpl.keywords.get("movement", 0)
    return 1 + (bonus if bonus is not True else 0) + granted_value(game, card, "movement")


def card_fields(game, card) -> dict:
    """The run's state of a card (the ruleset's `card_fields`): a unit in the realm shows its
    current power, and the squares it stands on (more than one for an oversized unit:
    oversized.py); any other card, null."""
    shown = card.kind in ("minion", "avatar") and card.zone in game.policy.play_zones
    return {"power": stat(game, card, "power") if shown else None,
            "squares": game.geometry.squares(card) if shown else None}
