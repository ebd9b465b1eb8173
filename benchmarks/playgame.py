"""A benchmark game that resembles play: two players, varied cards, a game that ends.

Built in Python like a scenario (board, scripted answers, actions), without YAML. Each turn
the player whose turn it is casts the next card of a fixed, seeded deck list: minions whose
Genesis deals damage (a split for each one that dies), minions with triggers on deaths, on
damage and on minions entering play, spells that hit each minion or a unit chosen three
times one at a time, spells that drain life. Minions die and triggers cascade on both sides.
Sorcery has no rule ending a game on life; the driver ends it through `Game.end_game`, as a
ruleset's own check would, when a player's life falls to 0 or below, and one last run
records the `game_over` entry.

    game = play(RULESET, seed=1)      # a finished Game; game.trace is its storyline
"""

from __future__ import annotations

import random

from cardscript.compiler import compile_files
from cardscript.interpreter.choices import ScriptedAnswers
from cardscript.interpreter.game import Game
from cardscript.interpreter.state import GameState
from cardscript.grammar import parse_text

CARDS = """
card "Ember Pup": minion, cost 0, power 2
  Genesis → Deal 1 damage to each enemy minion here.

card "Grave Bell": minion, cost 0, power 3
  Whenever a minion dies, your opponent loses 1 life.

card "Spite Wisp": minion, cost 0, power 1
  Whenever an allied minion dies, your opponent loses 1 life.

card "Thorn Warden": minion, cost 0, power 4
  Whenever an enemy minion enters play, you gain 1 life.

card "Hurt Hound": minion, cost 0, power 3
  Whenever an allied minion is dealt damage, you lose 1 life.

card "Brood Mother": minion, cost 0, power 2
  Genesis → Summon two "Brood Whelp" tokens here.

card "Brood Whelp": token minion, power 1

card "Shardfall": magic, cost 0
  Deal 1 damage to a unit you choose, three times, one at a time.

card "Tidal Surge": magic, cost 0
  Deal 2 damage to each minion.

card "Life Siphon": magic, cost 0
  Your opponent loses 4 life.

card "Culling": magic, cost 0
  Kill an enemy minion you choose.

card "Plain": site
"""

DECK = ["Ember Pup", "Grave Bell", "Spite Wisp", "Thorn Warden", "Hurt Hound", "Brood Mother",
        "Shardfall", "Tidal Surge", "Life Siphon", "Culling"]
SQUARES = [3, 7, 8, 9, 13, 12, 14, 18]
LIFE = 60


_COMPILED: dict = {}


def templates(ruleset):
    """The game's cards, compiled with the ruleset's language (once a process)."""
    if ruleset.name not in _COMPILED:
        _COMPILED[ruleset.name] = compile_files([parse_text(CARDS, "<play bench>")],
                                                ruleset.language)
    return _COMPILED[ruleset.name]


def new_game(ruleset, seed: int = 1) -> Game:
    """An empty board of sites, both players at LIFE life."""
    cards = templates(ruleset)
    state = GameState(["alice", "bob"], ruleset.zones, ruleset.counters, ruleset.card_ext)
    realm = ruleset.policy.play_zones[0]
    for sq in SQUARES:
        owner = "alice" if sq <= 10 else "bob"
        card = state.new_card(cards["Plain"], owner)
        state.players[owner].zones[realm].append(card)
        card.zone, card.incarnation, card.at = realm, 1, sq
        card.extra["zone_of"] = owner
        state.entered(card, sq)
    for p in state.players.values():
        p.counters[ruleset.life_counter] = LIFE
    game = Game(ruleset, state, ScriptedAnswers([], "first"), seed=seed, max_steps=10 ** 9)
    game.templates = cards
    return game


def _cast(game, ruleset, player: str, name: str, at: int) -> None:
    card = game.state.new_card(game.templates[name], player)
    game.state.put(card, "hand", player)
    action = {"player": player, "cast": card.id}
    if card.tpl.kind == "minion":
        action["at"] = at
    ruleset.actions["cast"](game, player, action)


def play(ruleset, seed: int = 1, max_turns: int = 2_000) -> Game:
    """Play turns until a player's life falls to 0 (the driver ends the game then)."""
    game = new_game(ruleset, seed)
    rng = random.Random(seed)
    life = ruleset.life_counter
    players = game.state.players
    for turn in range(max_turns):
        player = "alice" if turn % 2 == 0 else "bob"
        _cast(game, ruleset, player, rng.choice(DECK), rng.choice(SQUARES))
        lost = [p for p in ("alice", "bob") if players[p].counters[life] <= 0]
        if lost:
            winner = None if len(lost) == 2 else ("bob" if lost == ["alice"] else "alice")
            game.end_game(winner, f"{' and '.join(lost)} at 0 life")
            game.run()                       # records the game_over entry
            break
    return game


def play_games(ruleset, games: int) -> list[Game]:
    """`games` games, seeds 1 to `games`: the benchmark's workload."""
    return [play(ruleset, seed) for seed in range(1, games + 1)]
