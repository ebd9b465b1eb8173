"""How long a card stays: 'Lasts 3 of your turns', 'Lasts 2 of an opponent's turns' (docs/rulesets/sorcery.md, "Ongoing
effects: a card that lasts N turns").

Each turn of its controller ('of an opponent's turns': of any other player) that ends while the card is in the realm counts, the turn it came
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
    lang.static("lasts opponents' turns", "lasts", "lasts {n:number} of an opponent's turns",
                "lasts {n:number} of your opponent's turns")


@after("turn_end")
def turns_lasted(game):
    """At the end of a player's turn, their cards that last N turns count it; the Nth ends
    their stay."""
    ended = {h.player for h in game.batch if h.kind == "turn_end"}
    if not ended:
        return
    for src, spec, args in list(game.statics("lasts")):
        theirs = spec.name == "lasts opponents' turns"       # turns of the other players
        if src.zone not in game.policy.play_zones or \
                not any((p == src.controller) is not theirs for p in ended):
            continue
        key = ("turns lasted", src.incarnation)
        src.extra[key] = src.extra.get(key, 0) + 1
        if src.extra[key] >= args["n"]:
            leave_play(game, src, game.ruleset.graveyard, why="lasted")
            whose = "opponents'" if theirs else f"{src.controller}'s"
            game.note(f"{src.name} has lasted {args['n']} of {whose} turns: it "
                      "leaves the realm")
