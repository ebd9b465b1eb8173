"""Threshold icons before an ability ('(W)(W): Genesis → ...', '(F)(F)(F): Sacrifice → ...')
and the cost 'Sacrifice →' (docs/rulesets/sorcery.md, "Threshold before an ability").

Threshold is never spent in Sorcery: a spell's threshold is a requirement that the sites its
caster controls meet. Icons before an ability are read the same way: the ability works only
while its controller's sites give that threshold. A Genesis whose threshold is not met does
not trigger; an activated ability whose threshold is not met cannot be activated.
"""

from __future__ import annotations

from collections import Counter

from ...language.registry import ConditionSpec, LabelSpec
from ...library.moves import in_play, leave_play
from .resources import threshold_of


def has_threshold(game, ev, args) -> bool:
    """Whether the controller of the ability's event has the threshold its icons name."""
    have = threshold_of(game, ev.controller)
    need = Counter(args["icons"])
    return all(have.get(element, 0) >= n for element, n in need.items())


def _pay_sacrifice(game, card, ev):
    """'Sacrifice →': the card whose ability it is goes to its owner's cemetery first."""
    if not in_play(game, card):
        return f"{card.name} is not in the realm to sacrifice"
    # Paid before the ability goes on the storyline, so the ability never stood on a card in
    # the realm: its source leaving is its cost, not a reason to ignore it. It acts from
    # where the card stood ('nearby sites' measured from there).
    ev.frm = card.at
    leave_play(game, card, game.ruleset.graveyard, why="sacrifice")
    ev.source_in_play = False
    ev.did.append(f"sacrifice {card.name}")
    return None


def register(lang) -> None:
    """The test of an ability's threshold icons, and the cost label 'Sacrifice'."""
    lang.threshold_ability = ConditionSpec("threshold icons", (), has_threshold)
    lang.label(LabelSpec("Sacrifice", "cost", pay=_pay_sacrifice))
