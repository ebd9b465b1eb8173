"""Ward: a mark that spares a unit or site once (docs/rulesets/sorcery.md, "Ward"; the
codex's entry "Ward").

A unit or site with the keyword Ward has a ward mark while it stays in the realm. The first
time it would be damaged (1 or more), destroyed, or targeted by a spell or ability of
another player's when that resolves, the ward breaks instead: the damage is prevented, the
destruction does not happen, or the card is taken out of the targets (what else the effect
does to that target is not done; the rest of the effect is). Damage dealt to it at the same
moment as the damage that broke it (several defenders or interceptors striking it in one
fight) is prevented too. An Evil minion has no ward. A card silenced or disabled by an
effect loses its mark for good (`remove_mark`, called by silence.py and the verb
`disable`); one disabled otherwise (Bearer — Disabled, Landbound off land, ensnared) has no
ward while it is, and loses the mark when the ward is looked at then.

The broken ward is kept per incarnation (ward_marks.py): a card that leaves the realm and
comes back has its mark again, as a new object.
"""

from __future__ import annotations

from contextlib import contextmanager

from .codex_terms import is_evil
from .kinds import disabled
from .units import UNITS
from .ward_marks import mark_gone, remove_mark

MOMENT = "ward moment"


def _no_moment() -> list:
    """The slot MOMENT's first value: no damage dealt at once is being dealt (`at_once`)."""
    return [None]


def warded(game, card) -> bool:
    """Has the card an unbroken ward now? (A unit or site with Ward, not Evil, not silenced
    or disabled; a card seen silenced, disabled or Evil has lost its mark for good.)"""
    if card.kind not in UNITS and card.kind != "site":
        return False
    if not game.has_keyword(card, "ward") or mark_gone(card):
        return False
    if is_evil(game, card) or (card.kind in UNITS and disabled(card, game)):
        remove_mark(card)
        return False
    return True


def _break(game, card, why: str) -> None:
    remove_mark(card)
    moment = game.slot(MOMENT, _no_moment)[0]
    if moment is not None:
        moment.add(card.id)
    game.note(f"{card.name}'s Ward breaks: {why}")


def spares(game, kind: str, card, data: dict):
    """The ruleset's `prevents` part for Ward: the card itself when its ward breaks instead
    of this damage (1 or more), death, or destruction (of a card that is no unit: keywords.py
    `destroy` asks), or when it broke at this same moment; else None."""
    if kind == "damage":
        if data.get("amount", 0) <= 0:
            return None
        moment = game.slot(MOMENT, _no_moment)[0]
        if moment is not None and card.id in moment:
            return card                  # simultaneous with the damage that broke it
        if warded(game, card):
            _break(game, card, "the damage is prevented")
            return card
        return None
    if kind in ("die", "destroy") and warded(game, card):
        _break(game, card, "it is not destroyed")
        return card
    return None


def after_others(prevents):
    """The ruleset's `prevents`: `prevents` (immunity, damage sent elsewhere) first, since
    damage that would not be dealt breaks no ward; then Ward."""
    def both(game, kind, card, data):
        src = prevents(game, kind, card, data)
        return src if src is not None else spares(game, kind, card, data)
    return both


def spares_life_loss(game, site, n: int) -> bool:
    """An attack on a warded site: its ward breaks and its controller loses no life."""
    if n > 0 and warded(game, site):
        _break(game, site, "the damage is prevented")
        return True
    return False


def protect_targets(game, ev, slot: str, targets: list) -> list:
    """The ruleset's check of targets as an effect resolves (`resolve_targets`): a warded
    card another player controls than the effect's, or a location whose site is one, is
    taken out (its ward breaks); the slot is written back, so that 'it' and 'there' no
    longer name it."""
    if ev is None or ev.ability is None:
        return targets
    kept = []
    for t in targets:
        card = t if hasattr(t, "controller") else game.geometry.site_at(game, t)
        if card is not None and card.controller != ev.controller and warded(game, card):
            what = "it is" if card is t else f"its location {t} is"
            _break(game, card, f"{what} no longer a target of " +
                   (ev.source.name if ev.source is not None else "the effect"))
            continue
        kept.append(t)
    if len(kept) != len(targets):
        ev.slots[slot] = kept
    return kept


@contextmanager
def at_once(game):
    """Damage dealt within is simultaneous: a ward broken by one part of it spares the card
    from the rest (a fight against several defenders or interceptors)."""
    box = game.slot(MOMENT, _no_moment)
    outer, box[0] = box[0], set()
    try:
        yield
    finally:
        box[0] = outer
