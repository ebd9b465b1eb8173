"""'You may summon an Undead here.': a permanent that lets its controller summon minions of
some kind to its own location (or, 'nearby', to any location nearby), whoever controls the
site there (docs/rulesets/sorcery.md,
"Ongoing effects: summoning here").

The rule it bends is the rulebook's "a minion is summoned to a site you control"
(avatar.py `check_own_site`). The follow-up sentence 'When you do, EFFECT.' is the trigger
'When you summon an Undead here, EFFECT.' (compiler/sentences.py): the pattern below.
"""

from __future__ import annotations

NAME = "may summon here"
# 'You may summon a Spirit nearby': to a site nearby the permanent (its own location among
# them: geometry.py `near`), the same permission over a wider place.
NEARBY = "may summon nearby"
ADJACENT = "may summon adjacent"      # the same over the square and the four beside it


def register(lang) -> None:
    """The permissions and the trigger that follows them."""
    lang.static(NAME, "summon here", "you may summon {what:cards} here")
    lang.static(NEARBY, "summon nearby", "you may summon {what:cards} nearby")
    lang.static(ADJACENT, "summon nearby", "you may summon {what:cards} adjacent")
    # 'When you summon an Undead here': a minion of the player's entering the realm at the
    # place named (summoned, whether by a spell's cast or an effect).
    lang.trigger("summon to a place", "enter_play",
                 "{player:player} summon|summons {card:cards} {place:place}")


def summons_here(game, player, card, at) -> bool:
    """Does a permanent of `player`'s in the realm let them summon `card` to `at`?"""
    if at is None:
        return False
    geo = game.geometry
    loc = geo.parse_location(at)
    for src, _spec, args in game.statics("summon here"):
        if src.controller == player and src.at == loc and \
                game.matches(args["what"], card, None, source=src):
            return True
    for src, spec, args in game.statics("summon nearby"):
        reach = "adjacent" if spec.name == ADJACENT else "nearby"
        if src.controller == player and src.at is not None and \
                geo.near(loc, src.at, reach, 1) and \
                game.matches(args["what"], card, None, source=src):
            return True
    return False
