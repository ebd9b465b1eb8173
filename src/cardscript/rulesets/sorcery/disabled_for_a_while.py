"""Disabled for a while: 'target minion is disabled this turn', 'disable each enemy minion
here until your next turn' (docs/rulesets/sorcery.md, "Disabled units"; the codex's entry
"Disabled").

The unit is disabled, as the verb `disable` makes it (kinds.py), for as long as the words
say: a lasting grant of the keyword Disabled (durations.py `grant_for_a_while`), which ends
with its duration or when the unit leaves the realm. While it lasts the unit can't use Move
and Attack nor its activated abilities (kinds.py `disabled`). As with `disable`, an avatar
can't be disabled, and a unit disabled by an effect loses its ward mark for good.
"""

from __future__ import annotations

from ...language.registry import Refusal
from ...library.common import in_play_only
from ...library.moves import in_play
from .durations import DURATIONS, grant_for_a_while
from .ward_marks import remove_mark

DISABLED = "disabled"


def register(lang) -> None:
    """One verb a duration: 'CARDS is|are disabled UNTIL' and 'disable CARDS UNTIL'."""
    for until in DURATIONS:
        lang.verb(f"disable {until}", f"{{what:cards}} is|are disabled {until}",
                  f"disable|disables {{what:cards}} {until}",
                  check=_in_the_realm(lang))(_disable_for(until))


def _in_the_realm(lang):
    """The verbs' check: units in the realm only; a card in a pile is never disabled
    ('each minion in your hand is disabled this turn' would change nothing: refused)."""
    ever_in_play = in_play_only(lang, "disable")

    def check(args, known):
        what = args.get("what")
        if what is not None and what.zone not in (None, "realm"):
            return Refusal(f"cannot disable {what.text}: only a unit in the realm is disabled",
                           "name units in the realm ('target minion', 'each enemy minion "
                           "here')")
        return ever_in_play(args, known)
    return check


def _disable_for(until: str):
    def disable_for_a_while(game, ev, node):
        """Each unit named in the realm is disabled until the duration ends."""
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to disable")
        for c in cards:
            if c.kind == "avatar":
                ev.did.append(f"{c.name} is an avatar: it can't be disabled")
                continue
            remove_mark(c)
            grant_for_a_while(game, ev, c, DISABLED, until)
            ev.subject = ev.subject or c.name
    return disable_for_a_while
