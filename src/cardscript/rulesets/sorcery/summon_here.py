"""'You may summon an Undead here.': a permanent that lets its controller summon minions of
some kind to its own location, whoever controls the site there (docs/rulesets/sorcery.md,
"Ongoing effects: summoning here").

The rule it bends is the rulebook's "a minion is summoned to a site you control"
(avatar.py `check_own_site`). The follow-up sentence 'When you do, EFFECT.' is the trigger
'When you summon an Undead here, EFFECT.' (compiler/sentences.py): the pattern below.
"""

from __future__ import annotations

NAME = "may summon here"


def register(lang) -> None:
    """The permission and the trigger that follows it."""
    lang.static(NAME, "summon here", "you may summon {what:cards} here")
    # 'When you summon an Undead here': a minion of the player's entering the realm at the
    # place named (summoned, whether by a spell's cast or an effect).
    lang.trigger("summon to a place", "enter_play",
                 "{player:player} summon|summons {card:cards} {place:place}")


def summons_here(game, player, card, at) -> bool:
    """Does a permanent of `player`'s in the realm let them summon `card` to `at`?"""
    if at is None:
        return False
    loc = game.geometry.parse_location(at)
    for src, _spec, args in game.statics("summon here"):
        if src.controller == player and src.at == loc and \
                game.matches(args["what"], card, None, source=src):
            return True
    return False
