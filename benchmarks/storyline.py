"""A long generated Sorcery game: many minions with triggers, actions that cause cascades.

Built in Python like a scenario (board, scripted answers, actions), without YAML. Every round:

* alice casts a "Wisp Caller" at a square: it enters the realm (a split), its Genesis
  summons two "Wisp" tokens (another split), bob's Greeters trigger on each enemy minion
  entering play;
* alice casts "Storm": 1 damage to each minion. Every damaged enemy minion triggers each of
  alice's Sentinels and every damaged allied minion each of bob's Wardens; the Wisps die
  (power 1) and the Callers after three storms, which splits the Storm and triggers the
  Mourners; each trigger gains or loses life (a counter happening);
* every `refill` rounds bob casts "Wisp Caller" too, so both players' triggers interleave.

`play(rounds)` returns the finished Game; its trace holds one entry per storyline event
(part). The baseline `pop_and_record` does only what the engine's loop must do for the
same number of events: pop each from the storyline and record its trace entry.
"""

from __future__ import annotations

from cardscript.compiler import compile_files
from cardscript.interpreter.choices import ScriptedAnswers
from cardscript.interpreter.game import Game
from cardscript.interpreter.state import GameState
from cardscript.interpreter.storyline import StoryEvent
from cardscript.grammar import parse_text

CARDS = """
card "Storm": magic, cost 0
  Deal 1 damage to each minion.

card "Wisp Caller": minion, cost 0, power 3
  Genesis → Summon two "Wisp" tokens here.

card "Wisp": token minion, power 1

card "Sentinel": minion, cost 2, power 1000
  Whenever an enemy minion is dealt damage, you gain 1 life.

card "Warden": minion, cost 2, power 1000
  Whenever an allied minion is dealt damage, you lose 1 life.

card "Mourner": minion, cost 2, power 1000
  Whenever a minion dies, you gain 1 life.

card "Greeter": minion, cost 2, power 1000
  Whenever an enemy minion enters play, you gain 1 life.

card "Plain": site
"""

SQUARES = [3, 7, 8, 9, 13, 12, 14, 18]     # the squares with a site (an 8-site realm)


def templates(ruleset):
    """The benchmark's cards, compiled with the ruleset's language."""
    return compile_files([parse_text(CARDS, "<storyline bench>")], ruleset.language)


def build_game(ruleset, *, sentinels=6, wardens=6, mourners=3, greeters=3, seed=1):
    """A board: sites on every square, each player's trigger minions spread over them."""
    cards = templates(ruleset)
    state = GameState(["alice", "bob"], ruleset.zones, ruleset.counters, ruleset.card_ext)
    realm = ruleset.policy.play_zones[0]

    def place(name, owner, at):
        card = state.new_card(cards[name], owner)
        state.players[owner].zones[realm].append(card)
        card.zone = realm
        card.extra["zone_of"] = owner
        card.incarnation = 1
        card.at = at
        state.entered(card, at)
        return card

    for sq in SQUARES:
        place("Plain", "alice" if sq <= 10 else "bob", sq)
    layout = [("Sentinel", "alice", sentinels), ("Mourner", "alice", mourners),
              ("Warden", "bob", wardens), ("Greeter", "bob", greeters)]
    i = 0
    for name, owner, count in layout:
        for _ in range(count):
            place(name, owner, SQUARES[i % len(SQUARES)])
            i += 1
    game = Game(ruleset, state, ScriptedAnswers([], "first"), seed=seed, max_steps=10 ** 9)
    game.templates = cards
    return game


def _cast(game, ruleset, player, name, at=None):
    card = game.state.new_card(game.templates[name], player)
    game.state.put(card, "hand", player)
    action = {"player": player, "cast": card.id}
    if at is not None:
        action["at"] = at
    ruleset.actions["cast"](game, player, action)


def play(ruleset, rounds: int, *, refill: int = 3, **board) -> Game:
    """Play `rounds` rounds on a fresh board; return the game (its trace is the storyline)."""
    game = build_game(ruleset, **board)
    for r in range(rounds):
        _cast(game, ruleset, "alice", "Wisp Caller", SQUARES[r % len(SQUARES)])
        if refill and r % refill == 0:
            _cast(game, ruleset, "bob", "Wisp Caller", SQUARES[(r * 7 + 3) % len(SQUARES)])
        _cast(game, ruleset, "alice", "Storm")
    return game


def pop_and_record(n_events: int, batch: int) -> list[dict]:
    """The floor under the engine: pop `n_events` events off a storyline and record each.

    Events arrive `batch` at a time (the average number an action puts on the storyline),
    so the list operations are those the engine's loop performs.
    """
    trace: list[dict] = []
    made = 0
    eid = 0
    while made < n_events:
        k = min(batch, n_events - made)
        storyline = []
        for _ in range(k):
            eid += 1
            storyline.insert(0, StoryEvent(eid, "triggered", None, "alice", None, "text"))
        while storyline:
            ev = storyline.pop(0)
            trace.append({"id": ev.id, "status": "done", "kind": ev.kind, "source": "game",
                          "source_id": "game", "controller": ev.controller, "text": ev.text,
                          "parent": ev.root_id, "subject": ev.subject, "from": ev.frm,
                          "to": ev.to, "part": ev.part, "did": list(ev.did)})
        made += k
    return trace
