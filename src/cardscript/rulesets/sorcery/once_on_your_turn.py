"""'Once on your turn, when ...': a trigger that fires at most once in each of your turns;
'Once on an opponent's turn, when ...', at most once in each turn of another player.

The opener is a condition of the trigger (compiler/hooks.py `_hook` reads it before the
trigger word): 'your turn' holds only during a turn of the ability's controller, 'an
opponent's turn' only during a turn of another player, and only the first time in that turn
the trigger's other tests all hold; that firing is counted for the card in its present stay in
the realm (a card that leaves and comes back is a new card). Not in the other player's turns
at all. docs/rulesets/sorcery.md, "Once on your turn".

The same words as a label before an ability that is not a trigger ('Once on your turn, you may
blow an ally to a nearby site.') make it an activated ability whose cost is the limit: it may
be used only during a turn of its controller, and once in that turn for the card in its present
stay in the realm (docs/rulesets/sorcery.md, "Once on your turn").

Also here: 'you summon a minion', a minion entering the realm for you (cast, or summoned by
an effect), the only way a minion enters the realm; 'an opponent summons' for theirs.
"""

from __future__ import annotations

from ...language.registry import LabelSpec
from .turns import turn

_SLOT = "once on your turn"
_USED = "once on your turn used"


def once_on_your_turn(game, ev, args) -> bool:
    """True the first time in a turn of the controller; counts that firing."""
    if ev.source is None or game.state.active != ev.controller:
        return False
    return _first_in_turn(game, ev)


def once_on_an_opponents_turn(game, ev, args) -> bool:
    """True the first time in a turn of another player than the controller; counts that
    firing."""
    if ev.source is None or game.state.active in (None, ev.controller):
        return False
    return _first_in_turn(game, ev)


def _first_in_turn(game, ev) -> bool:
    """Has the trigger not fired yet in this turn? Counts this firing."""
    t = turn(game)
    now = (t.number if t is not None else 0, ev.controller)
    key = (ev.source.id, ev.source.incarnation, ev.text)
    fired = game.slot(_SLOT, dict)
    if fired.get(key) == now:
        return False
    fired[key] = now
    return True


def _pay_once(game, card, ev):
    """'Once on your turn →': refused outside its controller's turn or a second time in it;
    otherwise the use is counted for the card in its present stay."""
    if game.state.active != card.controller:
        return f"{card.name}: only on its controller's turn"
    t = turn(game)
    now = t.number if t is not None else 0
    used = game.slot(_USED, dict)
    key = (card.id, card.incarnation)
    if used.get(key) == now:
        return f"{card.name}: already used this turn"
    used[key] = now
    ev.did.append("once on your turn")
    return None


def register(lang) -> None:
    """The openers' conditions, the label 'Once on your turn' and the pattern 'you summon'
    ('an opponent summons')."""
    lang.label(LabelSpec("Once on your turn", "cost", pay=_pay_once))
    lang.condition("once on your turn", "once on your turn")(once_on_your_turn)
    lang.condition("once on an opponent's turn",
                   "once on an opponent's turn")(once_on_an_opponents_turn)
    lang.trigger("summon", "enter_play", "{player:player} summon|summons {card:cards}")
