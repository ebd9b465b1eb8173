"""Players and their avatars: life, Death's Door, the death blow, and losing.

A player's life is their avatar's life (the `life` counter, 20 unless the setup or the
avatar's header says otherwise). Damage dealt to an avatar is taken from that life; at 0 the
avatar is at Death's Door; damage dealt to it after the turn it got there is the death blow,
and its player loses. docs/rulesets/sorcery.md, "Avatars, life and Death's Door".
"""

from __future__ import annotations

from dataclasses import dataclass

from ...interpreter.rules import after

LIFE = "life"


@dataclass
class Door:
    """Players at Death's Door, each with the turn they got there, and each player's most
    life (the life they started with: life gained beyond it is not kept)."""

    since: dict
    most: dict


def door(game) -> Door:
    return game.slot("death's door", lambda: Door({}, {}))


def avatar_of(game, player):
    """The player's avatar in the realm, or None (a storyline scenario without avatars)."""
    return next((c for c in game.state.in_zones(game.policy.play_zones)
                 if c.kind == "avatar" and c.controller == player), None)


def turn_number(game) -> int:
    """The number of the turn being played (0: the scenario plays no turns)."""
    t = game.slot("turn", lambda: None)
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
            game.counter_add(player, LIFE, -amount)
        elif since == turn_number(game):
            game.note(f"{card.name} is at Death's Door: the {amount} damage does nothing "
                      "this turn")
        else:
            winner = game.opponent_of(player)
            game.note(f"{card.name} takes a death blow: {player} loses the game")
            game.end_game(winner, f"{player}'s avatar {card.name} took a death blow")
            return


@after("counter", "gain_life")
def life_limits(game):
    """Life reaching 0 puts the avatar at Death's Door; there life cannot rise (nor fall
    below 0), and elsewhere it cannot rise above what the player started with."""
    d = door(game)
    for h in game.batch:
        if h.kind != "counter" or h.data.get("name") != LIFE or h.player is None:
            continue
        player = h.player
        avatar = avatar_of(game, player)
        if avatar is None:
            continue                    # no avatar: life is only a counter (storyline scenarios)
        ps = game.state.players[player]
        life = ps.counters.get(LIFE, 0)
        if player in d.since:
            if life != 0:
                ps.counters[LIFE] = 0
                if life > 0:
                    game.note(f"{avatar.name} is at Death's Door: {player} cannot gain life")
            continue
        if life <= 0:
            ps.counters[LIFE] = 0
            d.since[player] = turn_number(game)
            game.note(f"{avatar.name} is at Death's Door ({player} has 0 life)")
            game.happen("deaths_door", avatar, player)
        elif player in d.most and life > d.most[player]:
            ps.counters[LIFE] = d.most[player]
            game.note(f"{player} cannot have more than {d.most[player]} life")
