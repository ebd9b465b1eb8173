"""The chart's five turn steps, each one storyline event of kind `step` (source: the game).

A step stops (splits) at each timing point the chart marks inside it, so what triggered there
resolves before the step goes on; what triggers at its end resolves before the next step, which
is only put on the storyline once the storyline is empty again.

The scenario's actions drive the turn: `choose_house` runs steps 1 (forge a key), 2 (choose a
house) and opens step 3; `play`, `fight`, `reap`, `use` and `discard` are step 3's actions;
`end_turn` runs steps 4 (ready) and 5 (draw), then passes the turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...interpreter.rules import Split
from ...errors import ScenarioError, did_you_mean
from . import board, chains
from .drawing import draw_cards
from .forging import forge_key

HAND_SIZE = 6
HOUSES = ("brobnar", "dis", "ekwidon", "geistoid", "logos", "mars", "redemption", "saurian",
          "sanctum", "shadows", "skyborn", "star alliance", "unfathomable", "untamed")


@dataclass
class Turn:
    """Where the active player's turn stands on the chart."""

    player: str
    forged: bool = False          # step 1 has run
    house: str | None = None      # step 2 has run: the active house
    acted: int = 0                # cards played, used or discarded this turn (Alpha reads it)
    ended_by: str | None = None   # the card with Omega whose play ended step 3
    fought: set = field(default_factory=set)   # creatures chosen to be fought (Elusive)


def turn(game) -> Turn:
    """The current turn, started afresh when the active player changed."""
    t = game.slot("turn", lambda: None)
    if t is None or t.player != game.state.active:
        t = Turn(game.state.active)
        game.set_slot("turn", t)
    return t


def illegal(message, hint=None, key=None, code="S206"):
    return ScenarioError(f"illegal action: {message}", None, code=code, hint=hint, key=key)


def check_turn(game, player):
    """Only the active player acts, and not once the game is won."""
    t = turn(game)
    if game.state.winner is not None:
        raise illegal(f"the game is over: {game.state.winner} forged their third key",
                      hint="remove the actions after the winning turn")
    if player != game.state.active:
        raise illegal(f"it is {game.state.active}'s turn, not {player}'s",
                      hint=f"act as {game.state.active}, or end the turn first (end_turn: true)")
    board.renumber(game)
    return t


def run_step(game, player, number, title, program):
    """Put one chart step on the storyline and resolve it and all it causes."""
    ev = game.new_event("step", None, player, program, f"{number}. {title}")
    game.add(ev)
    game.run()


# --- step 1 ---------------------------------------------------------------------------------
def forge_step(game, player):
    t = turn(game)
    t.forged = True

    def program(g, ev):
        ev.did.append("start of turn effects trigger")
        g.happen("turn_start", None, player)
        yield Split("start of turn")
        forge_key(g, ev, player)

    run_step(game, player, 1, "forge a key", program)


# --- step 2 ---------------------------------------------------------------------------------
def house_step(game, player, house):
    t = turn(game)

    def program(g, ev):
        t.house = house
        ev.did.append(f"{player} chooses {house}")
        g.happen("choose_house", None, player, house=house)
        yield Split("house chosen")
        archives = g.state.players[player].zones.get("archives", [])
        if not archives:
            ev.did.append("the archives are empty")
            return
        if g.ask_may(player, "take all the cards of your archives into your hand"):
            names = [c.name for c in archives]
            for c in list(archives):
                g.state.put(c, "hand", c.owner)       # an enemy card goes to its owner
            ev.did.append(f"{player} takes {', '.join(names)} from their archives")
        else:
            ev.did.append(f"{player} leaves their archives")

    run_step(game, player, 2, "choose a house", program)


def choose_house(game, player, action):
    """Steps 1 and 2 of the chart, then step 3 opens."""
    t = check_turn(game, player)
    if t.house is not None:
        raise illegal(f"{player} already chose {t.house} this turn",
                      hint="a house is chosen once a turn; end the turn first")
    house = str(action["choose_house"]).strip().lower()
    known = set(HOUSES) | {str(tpl.props.get("house", "")).lower()
                           for tpl in game.templates.values()} - {""}
    if house not in known:
        raise illegal(f"{house!r} is not a house", key="choose_house", hint=" ".join(filter(
            None, [did_you_mean(house, sorted(known)), "houses: " + ", ".join(sorted(known))])))
    if not t.forged:
        forge_step(game, player)
        if game.state.winner is not None:
            return
    house_step(game, player, house)

    def open_step3(g, ev):
        ev.did.append(f"{player} may play, discard and use {house} cards, in any order")

    run_step(game, player, 3, "play, discard or use cards", open_step3)


# --- steps 4 and 5 --------------------------------------------------------------------------
def end_turn(game, player, action):
    """Steps 4 (ready) and 5 (draw, then end of turn effects); then the next player's turn."""
    t = check_turn(game, player)
    if not t.forged:
        forge_step(game, player)
        if game.state.winner is not None:
            return

    def ready(g, ev):
        mine = [c for c in g.state.in_zones(g.policy.play_zones)
                if c.controller == player and c.tapped]
        for c in mine:
            c.tapped = False
        ev.did.append("ready " + (", ".join(c.name for c in mine) or "nothing"))

    run_step(game, player, 4, "ready cards", ready)

    def draw(g, ev):
        hand = g.state.players[player].zones["hand"]
        want = max(0, HAND_SIZE - len(hand))
        if want:
            draw_cards(g, player, chains.refill_count(g, player, want, ev), ev)
        else:
            ev.did.append(f"{player} already holds {len(hand)} cards")
        ev.did.append("end of turn effects trigger")
        g.happen("turn_end", None, player)

    run_step(game, player, 5, "draw cards", draw)
    # What lasts "this turn" ends, and armor is whole again for the next turn.
    for c in game.state.in_zones(game.policy.play_zones):
        m = board.mark(c)
        m.pop("armor_this_turn", None)
        m.pop("armor_used", None)
    order = game.state.order
    game.state.active = order[(order.index(player) + 1) % len(order)]
    turn(game)
    # The next turn begins at once with its step 1 (no choice in it: start-of-turn effects
    # trigger, then a key is forged if it can be), even if no action of that player follows.
    forge_step(game, game.state.active)


def pass_(game, player, action):
    """Do nothing."""
