"""Damage sent to another card instead (docs/rulesets/sorcery.md, "Damage dealt to another
card instead").

'You may have any damage that would be dealt to CARDS be dealt to CARD instead.' and 'Any
damage that would be dealt to CARDS is dealt to CARD instead.': an ongoing effect that
replaces damage about to be dealt to a card it covers with the same damage, from the same
source, dealt to the card it names (most often itself). It is asked as a prevention is
(the ruleset's `prevents`, from `Game.would`, off the storyline): immunity of the card the
damage was meant for comes first, then a redirection; the damage it sends on may itself be
prevented or sent on again, but never through an effect already sending it, nor back to a
card it was meant for before.
With 'you may', the effect's controller answers a `may` question each time.
"""

from __future__ import annotations

from ...library.common import damage
from ...library.moves import in_play
from .immunity import prevents as immune

NAME = "redirect damage"
MAY = "may redirect damage"
_sending: list = []     # (effect's card, card the damage was meant for), while it is sent on


def register(lang) -> None:
    """The ongoing sentences of this module, and the subtype of those guarded most."""
    lang.subtypes |= {"royal"}          # 'a nearby Avatar or Royal': kings, queens, princes
    lang.static(MAY, "redirect",
                "you may have any? damage that would be dealt to {what:cards} be dealt to "
                "{to:cards} instead")
    lang.static(NAME, "redirect",
                "any? damage that would be dealt to {what:cards} is dealt to {to:cards} instead")


def prevents(game, kind: str, card, data: dict):
    """The ruleset's `prevents`: immunity first, then damage sent to another card."""
    src = immune(game, kind, card, data)
    if src is not None or kind != "damage" or card is None:
        return src
    return redirect(game, card, data)


def redirect(game, card, data: dict):
    """The card whose effect sends this damage to another card (dealt there), or None."""
    found = game.statics("redirect")
    if not found:
        return None
    for src, spec, args in found:
        if card is src or any(src is s for s, _ in _sending) or \
                not game.matches(args["what"], card, None, source=src):
            continue
        to = next((c for c in game.state.in_zones(game.policy.play_zones)
                   if c is not card and in_play(game, c)
                   and not any(c is meant for _, meant in _sending)
                   and game.matches(args["to"], c, None, source=src)), None)
        if to is None:
            continue
        n = data.get("amount", 0)
        asked = f"have {n} damage to {card.name} dealt to {to.name} instead"
        if spec.name == MAY and not game.ask_may(src.controller, asked):
            continue
        game.note(f"{n} damage to {card.name} dealt to {to.name} instead ({src.name})")
        _sending.append((src, card))
        try:
            source = data.get("source")
            damage(game, to, n, src.controller if source is None else source.controller,
                   source)
        finally:
            _sending.pop()
        return src
    return None
