"""A unit loses power for a while: 'it loses 2 power this turn' (or 'until your next turn',
'until the end of your next turn', 'until an opponent's next turn'), the counterpart of
'gets +2 power' and 'gains +2 power'. docs/rulesets/sorcery.md, "Losing power for a while".

The loss is the same lasting stat change as 'gets -2 power' (durations.py
`power_for_a_while`): it ends with its duration, and a unit whose power drops to its damage
or below dies as any other. The number has no sign: 'loses' says which way it goes ('loses
+2' is error E217, refused_wordings.py).
"""

from __future__ import annotations

from ...library.moves import in_play
from .durations import DURATIONS, power_check, power_for_a_while


def _loser(until):
    def lose_power(game, ev, node):
        """Each card named that is in the realm has its power lowered until `until` ends."""
        n = node.arg("n")
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to change")
        for c in cards:
            power_for_a_while(game, ev, c, -n, until, f"{c.name} loses {n} power {until}")
    return lose_power


def register(lang) -> None:
    """One entry a duration, so that `explain --text` renders each back with its own words."""
    for until in DURATIONS:
        lang.verb(f"lose power {until}", f"{{what:cards}} lose|loses {{n:number}} power {until}",
                  check=power_check(lang))(_loser(until))
