"""How long a card stays: 'Lasts 3 of your turns' (docs/rulesets/sorcery.md, "Ongoing
effects: a card that lasts N turns").

Each turn of its controller that ends while the card is in the realm counts, the turn it came
in included; when the Nth ends, the card leaves the realm for its owner's cemetery (a rule of
the game, in the end-of-turn event, noted in its trace). A card that leaves and comes back
counts afresh (it is a new card).
"""

from __future__ import annotations

from ...interpreter.rules import after
from ...library.moves import leave_play


def register(lang) -> None:
    """The ongoing sentence of this module."""
    lang.static("lasts turns", "lasts", "lasts {n:number} of your turns")


@after("turn_end")
def turns_lasted(game):
    """At the end of a player's turn, their cards that last N turns count it; the Nth ends
    their stay."""
    ended = {h.player for h in game.batch if h.kind == "turn_end"}
    if not ended:
        return
    for src, _, args in list(game.statics("lasts")):
        if src.controller not in ended or src.zone not in game.policy.play_zones:
            continue
        key = ("turns lasted", src.incarnation)
        src.extra[key] = src.extra.get(key, 0) + 1
        if src.extra[key] >= args["n"]:
            leave_play(game, src, game.ruleset.graveyard, why="lasted")
            game.note(f"{src.name} has lasted {args['n']} of {src.controller}'s turns: it "
                      "leaves the realm")
