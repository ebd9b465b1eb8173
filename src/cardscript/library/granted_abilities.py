"""Giving a card a triggered ability: the card hears the ability's happening from now on,
as it hears its printed triggers, until the rules take the grant back or the card leaves
play (the engine's `grant_ability`, interpreter/granted.py). How long a grant lasts is a rule of each game: the game
keeps its own record and calls `take_back` when the grant ends."""

from __future__ import annotations


def give_ability(game, ev, card, ability, said: str = "") -> None:
    """Give `card` the triggered `ability`, and say so in the event (`said`: how long)."""
    game.grant_ability(card, ability)
    ev.did.append(f'{card.name} gains "{ability.text}"' + (f" {said}" if said else ""))
    ev.subject = ev.subject or card.name


def take_back(game, card, ability_text: str) -> bool:
    """Take back from `card` a grant of the ability written `ability_text`: whether it had
    one."""
    return game.take_back_ability(card, ability_text)
