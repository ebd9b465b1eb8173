"""Grand Archive's own verbs: banish, rest, wake up and recover.

- `banish X`: each card goes to its owner's banishment. An object leaving the field this way
  is not destroyed and does not die (no 'On Death', no 'die' happening); a card banished from
  another zone (a graveyard, a hand) simply moves.
- `rest X` / `wake up X`: the game's words for turning an object sideways and upright again.
  A rested champion cannot attack with an attack card (rulesets/grand_archive/__init__.py
  `combat_problem`); a rested unit cannot declare an attack or retaliate (combat.py).
- `recover N` (your champion), `X recovers N`: up to N damage is removed from each card.
"""

from __future__ import annotations

from ...library.common import in_play_only, stand_up
from ...library.moves import in_play, leave_play
from .champion import champion_of


def add_verbs(lang) -> None:
    """Register the verbs on the language."""

    @lang.verb("banish", "banish|banishes {what:cards}", splits=("leave_play",))
    def banish(game, ev, node):
        """Put each card into its owner's banishment (from the field: not a death)."""
        for c in list(game.select(node.arg("what"), ev)):
            frm = c.zone
            if in_play(game, c):
                leave_play(game, c, "banishment", why="banish")
            else:
                game.state.put(c, "banishment", c.owner)
                game.state.touch()
            ev.did.append(f"banish {c.name} (from the {frm})")
            ev.subject = ev.subject or c.name

    @lang.verb("rest", "rest|rests {what:cards}", check=in_play_only(lang, "rest"))
    def rest(game, ev, node):
        """Turn each object sideways: it is rested (a rested champion cannot attack)."""
        for c in game.select(node.arg("what"), ev):
            if c.tapped:
                ev.did.append(f"{c.name} is rested already")
                continue
            c.tapped = True
            ev.quiet_acts += 1
            game.state.touch()
            ev.did.append(f"rest {c.name}")
            ev.subject = ev.subject or c.name

    @lang.verb("wake up", "wake|wakes up {what:cards}", check=in_play_only(lang, "wake up"))
    def wake_up(game, ev, node):
        """Turn each rested object upright: it is awake again."""
        stand_up(game, ev, game.select(node.arg("what"), ev), "wake up")

    @lang.verb("recover", "recover {n:number}")
    def recover(game, ev, node):
        """Remove up to N damage from your champion."""
        champ = champion_of(game, ev.controller)
        if champ is None:
            ev.did.append(f"{ev.controller} has no champion to recover")
            return
        _recover(game, ev, [champ], node.arg("n"))

    @lang.verb("recovers", "{what:cards} recover|recovers {n:number}",
               check=in_play_only(lang, "recover"))
    def recovers(game, ev, node):
        """Remove up to N damage from each card named."""
        _recover(game, ev, game.select(node.arg("what"), ev), node.arg("n"))


def _recover(game, ev, cards, n: int) -> None:
    for c in cards:
        healed = min(n, c.damage)
        c.damage -= healed
        if healed:
            ev.quiet_acts += 1
            game.state.touch()
        ev.did.append(f"{c.name} recovers {healed}")
        ev.subject = ev.subject or c.name
