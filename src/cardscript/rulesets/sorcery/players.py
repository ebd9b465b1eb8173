"""Players and their avatars: life, Death's Door, the death blow, and losing.

A player's life is their avatar's life (the `life` counter, 20 unless the setup or the
avatar's header says otherwise). Damage dealt to an avatar is taken from that life; at 0 the
avatar is at Death's Door; damage dealt to it after the turn it got there is the death blow,
and its player loses. docs/rulesets/sorcery.md, "Avatars, life and Death's Door".
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import wraps

from ...interpreter.rules import after

LIFE = "life"


@dataclass
class Door:
    """Players at Death's Door, each with the turn they got there, and each player's most
    life (the life they started with: life gained beyond it is not kept)."""

    since: dict
    most: dict


def _no_door() -> Door:
    return Door({}, {})


def turn_played(game):
    """The slot "turn" (turns.py `Turn`): the turn being played, or None when the scenario
    plays no turns."""
    return game.slot("turn", _no_turn)


def _no_turn() -> None:
    return None


def door(game) -> Door:
    return game.slot("death's door", _no_door)


def avatar_of(game, player):
    """The player's avatar in the realm, or None (a storyline scenario without avatars)."""
    for c in game.state.of_kind(game.policy.play_zones, "avatar"):
        if c.controller == player:
            return c
    return None


def turn_number(game) -> int:
    """The number of the turn being played (0: the scenario plays no turns)."""
    t = turn_played(game)
    return t.number if t is not None else 0


def at_deaths_door(game, player) -> bool:
    return player in door(game).since


def start_life(game) -> None:
    """Before the first action: a player whose setup left life unset starts with their
    avatar's printed life; what each starts with is the most life they can have."""
    d = door(game)
    for player, ps in game.state.players.items():
        avatar = avatar_of(game, player)
        if avatar is None:
            continue
        printed = avatar.tpl.stats.get(LIFE)
        if printed is not None and LIFE not in ps.set_counters:
            ps.counters[LIFE] = printed
        d.most[player] = max(ps.counters.get(LIFE, 0), printed or 0)


@after("damage")
def damage_to_avatars(game):
    """Damage to an avatar is taken from its player's life; at Death's Door, damage dealt
    in the turn it got there does nothing, and damage in a later turn is the death blow."""
    for h in game.batch:
        card = h.card
        if h.kind != "damage" or card is None or card.kind != "avatar":
            continue
        amount = h.data.get("amount", 0)
        card.damage = max(0, card.damage - amount)     # an avatar keeps no damage of its own
        if amount <= 0:
            continue
        player = card.controller
        since = door(game).since.get(player)
        if since is None:
            change_life(game, player, -amount)
        elif since == turn_number(game):
            game.note(f"{card.name} is at Death's Door: the {amount} damage does nothing "
                      "this turn")
        else:
            winner = game.opponent_of(player)
            game.note(f"{card.name} takes a death blow: {player} loses the game")
            game.end_game(winner, f"{player}'s avatar {card.name} took a death blow")
            return


def settle_life(game, player) -> None:
    """After `player`'s life changed: life reaching 0 puts the avatar at Death's Door; there
    life cannot rise (nor fall below 0), and elsewhere it cannot rise above what the player
    started with.

    Only for the players who had an avatar in the realm as the game began (`start_life`):
    for the others (storyline scenarios) life is only a counter. Every rule of Sorcery that
    changes life calls this (the gain and lose life verbs, damage to an avatar, an attack on
    a site) instead of a state check on every counter, which would cost each counter change
    of every game a check.
    """
    d = door(game)
    if player not in d.most:
        return
    ps = game.state.players[player]
    life = ps.counters.get(LIFE, 0)
    if player not in d.since and 0 < life <= d.most[player]:
        return
    avatar = avatar_of(game, player)
    if avatar is None:
        return
    if player in d.since:
        if life != 0:
            ps.counters[LIFE] = 0
            if life > 0:
                game.note(f"{avatar.name} is at Death's Door: {player} cannot gain life")
        return
    if life <= 0:
        ps.counters[LIFE] = 0
        d.since[player] = turn_number(game)
        game.note(f"{avatar.name} is at Death's Door ({player} has 0 life)")
        game.happen("deaths_door", avatar, player)
    elif life > d.most[player]:
        ps.counters[LIFE] = d.most[player]
        game.note(f"{player} cannot have more than {d.most[player]} life")


def change_life(game, player, delta: int) -> None:
    """Change a player's life by a rule of Sorcery, and apply the limits of life."""
    game.counter_add(player, LIFE, delta)
    settle_life(game, player)


def settling_life(run):
    """A life verb of the common library, followed by the limits of life for each player
    it may have changed (the verbs of `register_life_verbs`). It is the common verb as far
    as reading its code goes (`__wrapped__`): what it makes happen is the common verb's."""
    @wraps(run)
    def verb(game, ev, node):
        run(game, ev, node)
        if game.slot("death's door", _no_door).most:
            for player in game.turn_order():
                settle_life(game, player)
    return verb


def register_life_verbs(lang) -> None:
    """Sorcery's 'gain N life' and 'lose N life' are the common verbs, then `settle_life`."""
    lang.verbs = [replace(v, run=settling_life(v.run)) if v.name in ("gain life", "lose life")
                  else v for v in lang.verbs]
