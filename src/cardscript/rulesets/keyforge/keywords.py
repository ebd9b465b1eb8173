"""KeyForge's creature and card keywords, each with the rule that reads it.

A keyword is printed alone on a line ('Elusive.', 'Taunt, Poison.'); `game.has_keyword`
answers for it wherever its rule is applied:

    ward       board.py `ward`, `deal`            the next damage is prevented, the ward spent
    hazardous  using.py `_keyword_event`          damage to a creature fighting it, before
    assault    using.py `_keyword_event`          damage to the creature it fights, before
    elusive    using.py `fight_event`             the first fight against it each turn deals
                                                  no power damage, either way
    skirmish   using.py `_exchange`               fighting, it is dealt no damage back
    taunt      using.py `defenders`               its neighbors cannot be chosen to be fought
                                                  unless they have taunt too
    poison     using.py `_exchange`               its power damage in a fight destroys
    alpha      sequences.py `play`                played only before any other card is
                                                  played, used or discarded this turn
    omega      sequences.py `play`, `_house_ok`   once it is played, step 3 ends
    deploy     `deploy_place`, board.py           it may enter play between two creatures
"""

from __future__ import annotations

from . import board
from .turn import illegal

KEYWORDS = ("ward", "hazardous", "assault", "elusive", "skirmish", "taunt", "poison",
            "alpha", "omega", "deploy")

RULES = {
    "ward": "the next damage or destruction is prevented and the ward is spent "
            "(rulesets/keyforge/board.py)",
    "hazardous": "deals N damage to a creature fighting it, before the fight "
                 "(rulesets/keyforge/using.py)",
    "assault": "deals N damage to the creature it fights, before the fight "
               "(rulesets/keyforge/using.py)",
    "elusive": "the first time each turn it is chosen to be fought, neither creature deals "
               "its power in damage (rulesets/keyforge/using.py)",
    "skirmish": "when it fights, the creature it fights deals it no damage "
                "(rulesets/keyforge/using.py)",
    "taunt": "a creature beside it cannot be chosen to be fought unless it has taunt too "
             "(rulesets/keyforge/using.py)",
    "poison": "damage its power deals in a fight destroys the creature dealt it "
              "(rulesets/keyforge/using.py)",
    "alpha": "it is played only if no other card was played, used or discarded this turn "
             "(rulesets/keyforge/sequences.py)",
    "omega": "once it is played, step 3 ends: no more cards are played, discarded or used "
             "this turn (rulesets/keyforge/sequences.py)",
    "deploy": "it may enter play anywhere in the battleline, between two creatures "
              "(rulesets/keyforge/keywords.py)",
}

VALUED = frozenset({"hazardous", "assault"})

# The keywords whose rules are a creature's (fighting, being fought, entering the
# battleline): on another kind of card they would do nothing, so check refuses them (E216).
# Alpha and Omega are about playing the card, any kind.
CREATURE_ONLY = frozenset({"ward", "hazardous", "assault", "elusive", "skirmish", "taunt",
                           "poison", "deploy"})


def deploy_place(game, player, card, action) -> tuple:
    """Where a creature is played: (position, flank), one of them None.

    The `at:` of the action is a position (Deploy only, `deploy_position`). A creature with
    Deploy played without `at:` or `flank:` into a battleline of two or more creatures may take
    any place in it: its controller is asked (an `option` question, one answer a place, the
    flanks first and last: `left flank`, `position 2`, ..., `right flank`; answer N is
    position N). Any other creature's place is its flank, asked by sequences.py `_flank`.
    """
    at = deploy_position(game, player, card, action)
    if at is not None or action.get("flank") is not None or card.kind != board.CREATURE or \
            not game.has_keyword(card, "deploy"):
        return at, None
    n = len(board.creatures(game, player))
    if n < 2:                              # no place between two creatures: a flank
        return None, None
    texts = ["left flank"] + [f"position {i}" for i in range(2, n + 1)] + ["right flank"]
    i = game.ask_option(player, texts)
    if i == 0:
        return None, "left"
    return (None, "right") if i == n else (i + 1, None)


def deploy_position(game, player, card, action):
    """The battleline position a creature is played into: the `at:` of a `play` action, which
    only a creature with Deploy may give (1 is the left flank, one past the last creature the
    right flank); None when the action gives none."""
    at = action.get("at")
    if at is None:
        return None
    if card.kind != board.CREATURE or not game.has_keyword(card, "deploy"):
        raise illegal(f"{card.name} has no Deploy: it enters play on a flank", key="at",
                      hint="remove at:; use flank: left or flank: right")
    n = len(board.creatures(game, player))
    if not isinstance(at, int) or isinstance(at, bool) or not 1 <= at <= n + 1:
        raise illegal(f"{at!r} is no place in a battleline of {n} creature"
                      f"{'s' if n != 1 else ''}", key="at",
                      hint=f"at: 1 (left flank) to at: {n + 1} (right flank)")
    return at
