"""Sorcery's triggered abilities given for a while: 'CARDS gain "Whenever it kills a
minion, untap it" this turn' (or 'give CARDS "..." until your next turn'), one entry a
duration (durations.py). The card hears the trigger until the duration ends, or until it
leaves the realm (a card that comes back is a new card). docs/rulesets/sorcery.md,
"Durations".
"""

from __future__ import annotations

from ...library.granted_abilities import give_ability, take_back
from ...library.moves import in_play
from .durations import DURATIONS, ENDINGS, Lasting, lasting

CHANGE = "trigger"          # the `change` of its Lasting records


def _ended(game, record) -> str | None:
    """The grant a record stands for ends: what ended, or None when it was gone already."""
    if take_back(game, record.card, record.name):
        return f'{record.card.name} "{record.name}"'
    return None


def _giver(until):
    def give(game, ev, node):
        """Give each card in the realm the quoted triggered ability until the duration
        ends."""
        ability = node.arg("ability")
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append("nothing to give to")
        for c in cards:
            lasting(game).append(Lasting(c, c.incarnation, CHANGE, ability.text, 0, until,
                                         ev.controller))
            give_ability(game, ev, c, ability, until)
    return give


def register(lang) -> None:
    """Add the words of this module to Sorcery's language."""
    ENDINGS[CHANGE] = _ended
    for until in DURATIONS:
        lang.verb(f"give a triggered ability {until}",
                  f"{{what:cards}} gain|gains {{ability:ability}} {until}",
                  f"give {{what:cards}} {{ability:ability}} {until}")(_giver(until))
