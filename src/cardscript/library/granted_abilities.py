"""Giving a card a triggered ability: the card hears the ability's happening from now on,
as it hears its printed triggers, until the rules take the grant back or the card leaves
play (interpreter/granted.py). How long a grant lasts is a rule of each game: the game
keeps its own record and calls `take_back` when the grant ends."""

from __future__ import annotations

from ..interpreter import granted


def give_ability(game, ev, card, ability, said: str = "") -> None:
    """Give `card` the triggered `ability`, and say so in the event (`said`: how long)."""
    granted.grant(game, card, ability)
    ev.did.append(f'{card.name} gains "{ability.text}"' + (f" {said}" if said else ""))
    ev.subject = ev.subject or card.name


def take_back(game, card, ability_text: str) -> bool:
    """Take back from `card` a grant of the ability written `ability_text`: whether it had
    one."""
    return granted.take_back(game, card, ability_text)
