"""Holding a minion while a card stays tapped: a card ensnares a minion, which stays disabled
for as long as the card is left tapped, and its controller may keep it tapped at the start of
their turn (docs/rulesets/sorcery.md, "Ensnaring: disabled while a card stays tapped").

No rulebook or codex entry we know defines 'ensnare': the printed sentence does. To ensnare
a minion is to pick it (the selector's pick) and name it for what follows ('that minion');
the verb reports an `ensnare` happening. 'Disabled as long as X stays tapped' is a lasting
effect (kept in the slot `held while tapped`): the minion is disabled (kinds.py `disabled`)
while X is in the realm, in the same stay, and has stayed tapped since; X untapping in any
way (its controller's untap step, an effect) ends it. 'You may choose not to untap X' lets
X's controller, at the start of their turn, leave X tapped (a `may` question, kind
`untap`); the permission lasts while X stays tapped.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import wraps

from ...library.moves import in_play

HELD = "held while tapped"
KEEPS = "may stay tapped"


@dataclass(frozen=True)
class Hold:
    """A card disabled while another stays tapped."""

    card: object
    incarnation: int
    holder: object
    holder_incarnation: int


def _holding(game, h: Hold) -> bool:
    holder = h.holder
    return holder.incarnation == h.holder_incarnation and holder.tapped and \
        in_play(game, holder) and h.card.incarnation == h.incarnation and in_play(game, h.card)


def held_down(game, card) -> bool:
    """Is the card disabled by a hold whose holder still stays tapped?"""
    holds = game.slot(HELD, list)
    return bool(holds) and any(h.card is card and _holding(game, h) for h in holds)


def untapped(game, cards) -> None:
    """The cards untapped: the holds they made and their leave to stay tapped end."""
    ids = {id(c) for c in cards}
    holds = game.slot(HELD, list)
    if holds:
        game.set_slot(HELD, [h for h in holds if id(h.holder) not in ids])
    keeps = game.slot(KEEPS, dict)
    for c in cards:
        keeps.pop(c.id, None)


def may_stay_tapped(game, card) -> bool:
    """May the card's controller leave it tapped as their turn starts?"""
    keeps = game.slot(KEEPS, dict)
    return bool(keeps) and keeps.get(card.id) == card.incarnation and card.tapped


def untap_step(game, player, cards) -> list:
    """Of the tapped cards a player's untap step would untap, those that untap: each one
    allowed to stay tapped is asked about. The holds of those that untap end."""
    out = []
    for c in cards:
        if may_stay_tapped(game, c) and not game.ask_may(
                player, f"untap {c.name}? (it may stay tapped)", kind="untap"):
            continue
        out.append(c)
    untapped(game, out)
    return out


def _releasing(run):
    """The common 'untap' verb, then the holds of what it untapped end."""
    @wraps(run)
    def verb(game, ev, node):
        tapped = [c for c in game.select(node.arg("what"), ev) if c.tapped]
        run(game, ev, node)
        untapped(game, [c for c in tapped if not c.tapped])
    return verb


def register(lang) -> None:
    """The verbs of this module; the common 'untap' ends holds."""
    lang.verbs = [replace(v, run=_releasing(v.run)) if v.name == "untap" else v
                  for v in lang.verbs]

    @lang.verb("ensnare", "ensnare|ensnares {what:cards}")
    def ensnare(game, ev, node):
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to ensnare")
        for c in cards:
            game.happen("ensnare", ev.source, ev.controller, target=c)
            ev.did.append(f"{ev.source.name} ensnares {c.name}")
            ev.subject = ev.subject or c.name

    @lang.verb("disabled while tapped",
               "{what:cards} is|are disabled as long as {holder:cards} stays|stay tapped")
    def disabled_while_tapped(game, ev, node):
        holders = [c for c in game.select(node.arg("holder"), ev) if in_play(game, c)]
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        holder = holders[0] if holders else None
        if holder is None or not holder.tapped:
            ev.did.append(f"{node.text}: {holder.name if holder else 'nothing'} is not tapped")
            return
        holds = game.slot(HELD, list)
        for c in cards:
            if c.kind == "avatar":
                ev.did.append(f"{c.name} is an avatar: it can't be disabled")
                continue
            holds.append(Hold(c, c.incarnation, holder, holder.incarnation))
            ev.did.append(f"{c.name} is disabled while {holder.name} stays tapped")

    @lang.verb("may stay tapped", "you may choose not to untap {what:cards}")
    def may_keep_tapped(game, ev, node):
        keeps = game.slot(KEEPS, dict)
        for c in game.select(node.arg("what"), ev):
            if in_play(game, c) and c.tapped:
                keeps[c.id] = c.incarnation
                ev.did.append(f"{c.name} may stay tapped")
