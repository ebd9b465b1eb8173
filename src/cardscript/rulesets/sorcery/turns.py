"""The turn: its start (untap, mana, the draw, start-of-turn triggers), the main phase, and
its end (damage wears off, end-of-turn triggers, lasting effects end, mana is lost).

Turns are played only when a scenario asks for them (the actions `start_game`,
`start_turn`, `end_turn`); a scenario without them plays the storyline on a board as its
setup left it, and none of this applies. docs/rulesets/sorcery.md, "Turns".
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import ScenarioError
from ...interpreter.rules import Question, check_end_turn
from . import deck_rules, durations, ensnares, kept_mana, lasting_permissions, resources
from .players import avatar_of, turn_played

OPENING_SITES = 3      # the opening hand: three sites and three spells
OPENING_SPELLS = 3
PILES = {"atlas": "a site", "spellbook": "a spell"}


@dataclass
class Turn:
    """Which turn of the game is being played, and by whom."""

    number: int
    player: str


def turn(game) -> Turn | None:
    """The turn being played, or None when the scenario plays no turns."""
    return turn_played(game)


def illegal(message, hint=None, key=None, code="S206"):
    return ScenarioError(f"illegal action: {message}", None, code=code, hint=hint, key=key)


def check_true(action, verb) -> None:
    """`start_game: true`: a verb that acts on no card takes true, and false is no action."""
    value = action.get(verb)
    if value is not True:
        shown = str(value).lower() if isinstance(value, bool) else repr(value)
        raise illegal(f"{verb}: {shown} is no action", key=verb,
                      hint=f"write {verb}: true, or leave the action out")


def check_main_phase(game, player) -> None:
    """Once turns are played, only the active player acts (casts, activates, plays sites)."""
    t = turn(game)
    if t is not None and player != t.player:
        raise illegal(f"it is {t.player}'s turn (turn {t.number}), not {player}'s",
                      hint=f"act as {t.player}, or end the turn first "
                           f"({{player: {t.player}, end_turn: true}})")


def over(game) -> bool:
    """Has a rule ended the game (now, or as the event resolving finishes)?"""
    return game.state.over or game.state.winner is not None


def _event(game, player, text, program):
    """One step of the turn, as a storyline event of kind `turn`, resolved with all it causes."""
    ev = game.new_event("turn", None, player, program, text)
    game.add(ev)
    game.run()


def draw_step(game, player, ev) -> None:
    """Draw one card, a site from the atlas or a spell from the spellbook, as the player
    chooses (a `draw` question; not asked when one pile is empty). With both empty, the
    player cannot draw and loses."""
    zones = game.state.players[player].zones
    piles = [p for p in PILES if zones.get(p)]
    if not piles:
        winner = game.opponent_of(player)
        ev.did.append(f"{player} has no card to draw and loses the game")
        game.end_game(winner, f"{player} could not draw a card")
        return
    pile = piles[0] if len(piles) == 1 else game.ask(Question(
        player, "draw", "draw a site (atlas) or a spell (spellbook)",
        [(p, p) for p in piles]))
    card = zones[pile][0]
    game.state.put(card, "hand", player)
    game.happen("draw", card, player, frm=pile)
    ev.did.append(f"{player} draws {card.name} from their {pile}")


def start_turn(game, player, *, draw: bool = True) -> None:
    """The start phase of `player`'s turn: untap, mana, the draw, start-of-turn triggers."""
    t = turn(game)
    t = Turn((t.number if t is not None else 0) + 1, player)
    game.set_slot("turn", t)
    game.state.active = player
    ended = durations.expire(game, durations.NEXT_TURN, player) + \
        durations.expire(game, durations.OPP_NEXT_TURN, player, others=True) + \
        lasting_permissions.start(game, player)     # 'you may cast it until your next turn'
    durations.arm(game, player)

    def program(g, ev):
        mine = ensnares.untap_step(g, player, [c for c in g.state.in_zones(g.policy.play_zones)
                                               if c.controller == player and c.tapped])
        for c in mine:
            c.tapped = False
        ev.did.append("untap " + (", ".join(c.name for c in mine) or "nothing"))
        if ended:
            ev.did.append("ends: " + ", ".join(ended))
        n = resources.fill_mana(g, player)
        carried = kept_mana.carry_at_turn_start(g, player)   # 'until the end of your next turn'
        if carried:
            g.counter_add(player, resources.MANA, carried)
            n += carried
        ev.did.append(f"{player} has {n} mana, threshold "
                      f"{resources.describe(resources.threshold_of(g, player))}")
        if draw:
            draw_step(g, player, ev)
            if over(g):
                return
        else:
            ev.did.append(f"{player} plays first: no draw this turn")
        g.happen("turn_start", None, player)

    _event(game, player, f"start of {player}'s turn {t.number}", program)


def end_of_turn(game, player) -> None:
    """The end phase: damage on minions wears off and end-of-turn triggers resolve; then
    what lasts "this turn" ends and unspent mana is lost, and the turn passes."""
    number = turn(game).number

    def rest(g, ev):
        hurt = [c for c in g.state.in_zones(g.policy.play_zones)
                if c.kind == "minion" and c.damage]
        for c in hurt:
            c.damage = 0
        ev.did.append("damage wears off " + (", ".join(c.name for c in hurt) or "nothing"))
        g.happen("turn_end", None, player)

    _event(game, player, f"end of {player}'s turn {number}", rest)
    if over(game):
        return

    def passes(g, ev):
        ended = durations.expire(g, durations.THIS_TURN) + \
            durations.expire(g, durations.ARMED, player) + \
            lasting_permissions.expire(g, player)   # 'you may cast that card this turn'
        ev.did.append("ends: " + (", ".join(ended) or "nothing"))
        left = g.state.players[player].counters.get(resources.MANA, 0)
        kept = kept_mana.keep_at_turn_end(g, player)      # mana gained for a while longer
        resources.empty_mana(g, player)
        if kept:
            g.counter_add(player, resources.MANA, kept)
            ev.did.append(f"{player} loses {left - kept} unspent mana and keeps {kept}")
        else:
            ev.did.append(f"{player} loses {left} unspent mana")

    _event(game, player, f"{player}'s turn {number} passes", passes)


# --- actions ------------------------------------------------------------------------------

def start_game_action(game, player, action):
    """`start_game`: the decks are shuffled by the seed (`shuffle: true`; else the order the
    setup gives, top first), each player draws three sites and three spells, and `player`
    takes the first turn, without its draw."""
    check_true(action, "start_game")
    if turn(game) is not None:
        raise illegal("the game has already started", key="start_game",
                      hint="start_game is the first action of a whole game")
    missing = [p for p in game.turn_order() if avatar_of(game, p) is None]
    if missing:
        raise illegal(f"{missing[0]} has no avatar in the realm", key="start_game",
                      hint="put each player's avatar in their realm in setup, e.g. "
                           "realm: [{card: AVATAR, at: 3}]")
    deck_rules.check_decks(game, game.turn_order())
    game.state.active = player
    order = game.turn_order()

    def deal(g, ev):
        for p in order:
            zones = g.state.players[p].zones
            if action.get("shuffle"):
                for pile in ("atlas", "spellbook"):
                    g.rng.shuffle(zones[pile])
                    ev.did.append(f"shuffle {p}'s {pile}")
            sites = deck_rules.opening_sites(g, p, OPENING_SITES)
            for pile, n in (("atlas", sites), ("spellbook", OPENING_SPELLS)):
                for card in list(zones[pile][:n]):
                    g.state.put(card, "hand", p)
            hand = zones["hand"]
            ev.did.append(f"{p} draws an opening hand of {len(hand)}: " +
                          ", ".join(c.name for c in hand))
        g.state.touch()
        ev.did.append(f"{player} plays first")

    _event(game, player, "the game starts", deal)
    start_turn(game, player, draw=False)


def start_turn_action(game, player, action):
    """`start_turn`: `player`'s turn starts (a scenario that begins in the middle of a game);
    `first_turn: true` is the first player's first turn, which has no draw."""
    check_true(action, "start_turn")
    if turn(game) is not None:
        raise illegal("a turn is already being played", key="start_turn",
                      hint="end it with end_turn: true; the next turn starts by itself")
    start_turn(game, player, draw=not action.get("first_turn"))


def end_turn_action(game, player, action):
    """`end_turn`: the end phase of the active player's turn, then the next player's turn
    starts. Without turns played (no start_game or start_turn), the turn passes as in
    every game: the next player becomes active and their cards untap."""
    t = turn(game)
    if t is None:
        from ...interpreter.rules import end_turn
        end_turn(game, player, action)
        return
    check_end_turn(game, player, action)
    end_of_turn(game, player)
    if over(game):
        return
    order = game.state.order
    start_turn(game, order[(order.index(player) + 1) % len(order)])
