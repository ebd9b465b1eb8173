"""Evaluate selectors and places against the board (the algebra of language/selectors.py)."""

from __future__ import annotations

from ..language.selectors import Place, Selector


def matches(game, sel: Selector, card, ev, source=None) -> bool:
    """Does `card` fit the selector's noun and filters, seen from event `ev` (or a source)?"""
    src = source if source is not None else (ev.source if ev is not None else None)
    controller = ev.controller if ev is not None else (src.controller if src else None)
    if sel.kinds is not None and card.kind not in sel.kinds:
        return False
    if sel.name is not None and card.name != sel.name:
        return False
    if sel.controller == "you" and card.controller != controller:
        return False
    if sel.controller == "opponent" and card.controller == controller:
        return False
    if sel.other and card is src:
        return False
    for kw in sel.with_keywords:
        if not game.has_keyword(card, kw):
            return False
    for kw in sel.without_keywords:
        if game.has_keyword(card, kw):
            return False
    if sel.place is not None:
        locs = places(game, sel.place, ev, source=src, ask=False)
        if card.at not in locs:
            return False
    return True


def candidates(game, sel: Selector, ev) -> list:
    """Cards the selector could pick: in its zone if it names one, else in play."""
    if sel.zone is not None:
        who, zone = sel.zone
        player = ev.controller if who == "you" else game.opponent_of(ev.controller)
        pool = list(game.state.players[player].zones.get(zone, ()))
    else:
        pool = game.state.in_zones(game.policy.play_zones)
    return [c for c in pool if matches(game, sel, c, ev)]


def places(game, pl: Place, ev, *, source=None, ask=True, prompt="a square") -> list:
    """The locations a Place names. With `ask`, a place the controller chooses is asked for."""
    src = source if source is not None else (ev.source if ev is not None else None)
    geo = game.geometry
    ref = pl.ref
    if ref == "here":
        return [src.at] if src is not None and src.at is not None else []
    if ref in ("slot", "target") and ev is not None and pl.slot in ev.slots:
        return list(ev.slots[pl.slot])
    if ref == "of":
        if pl.of.slot == "self" or pl.of.pick == "self":
            return [src.at] if src is not None and src.at is not None else []
        cards = game.select(pl.of, ev) if ev is not None else []
        return [c.at for c in cards if c.at is not None]
    allowed = list(geo.locations(game)) if geo is not None else []
    if pl.site_only or pl.trait:
        allowed = [loc for loc in allowed if geo.has_site(game, loc)]
    if pl.trait:
        allowed = [loc for loc in allowed if geo.has_trait(game, loc, pl.trait)]
    if pl.anchor is not None:
        anchors = places(game, pl.anchor, ev, source=src, ask=ask)
        allowed = [loc for loc in allowed if any(geo.adjacent(loc, a) for a in anchors)]
    if ref == "any" or not ask or ev is None:
        return allowed
    if ref in ("choose", "adjacent", "target"):
        loc = game.ask_target(ev.controller, prompt, allowed)
        ev.slots[pl.slot] = [loc]
        return [loc]
    return allowed
