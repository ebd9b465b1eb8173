"""A champion's life, and the end of the game it brings.

docs/rulesets/grand_archive.md, "A champion's life and the end of the game": a champion's
damage is kept on it (damage counters); once that damage is at least its life, the champion
dies, and a player whose champion died has lost the game. Whoever is left, when every other
player has lost, wins; players who lose at the same moment as the last of their opponents
make a draw. The game ends through `Game.end_game`: the event resolving now finishes, and
nothing else on the effects stack resolves.

The check is a state-based check after damage, beside the ally's (`lethal_damage`): it is
made once an item has resolved, so damage from an action and combat damage are read alike.
"""

from __future__ import annotations

from ...interpreter.rules import after
from ...library.moves import in_play, leave_play

LOST = "lost"          # the ruleset's slot: the players who have lost, in the order they lost


def lethal(card) -> bool:
    """Is the damage on this champion at least its life? (A champion with no life printed
    has none to reach.)"""
    life = card.tpl.stats.get("life")
    return life is not None and card.damage >= life


@after("damage")
def champion_dies(game):
    """A champion whose damage reaches its life dies (to its owner's graveyard), and its
    controller loses the game; when at most one player has not lost, the game ends."""
    touched = {id(h.card): h.card for h in game.batch if h.kind == "damage" and h.card}
    seat = {p: i for i, p in enumerate(game.turn_order())}
    fallen = sorted((c for c in touched.values()
                     if c.kind == "champion" and lethal(c) and in_play(game, c)),
                    key=lambda c: seat[c.controller])       # in turn order, turn player first
    if not fallen:
        return
    lost = game.slot(LOST, list)
    now = []
    for champ in fallen:
        player = champ.controller
        if not game.would("die", champ, player):
            continue
        dealt = champ.damage
        leave_play(game, champ, "graveyard", why="die")
        game.note(f"{champ.name} dies ({dealt} damage, life {champ.tpl.stats['life']}): "
                  f"{player} loses the game")
        if player not in lost:
            lost.append(player)
            now.append(player)
    left = [p for p in game.state.order if p not in lost]
    if not now or len(left) > 1:
        return                  # more than two players: the others play on
    if left:
        game.end_game(left[0], f"{' and '.join(now)}'s champion died: {left[0]} wins")
    else:
        game.end_game(None, f"the champions of {' and '.join(now)} died at once: a draw")
