"""Which players a player word names as a card resolves: 'you', 'each player', 'its owner',
and the three opponent words, which part in a game of more than two players.

- 'each opponent' (`opponents`): every opponent, in turn order from the player after the
  controller.
- 'an opponent' (`chosen_opponent`): one opponent, chosen by the card's controller. An
  `opponent` question is asked only when more than one opponent is legal, and the answer is
  recorded in the event's `did` ('chose opponent: carol'). A 'PLAYER may' keeps its choice
  for its own step: 'an opponent may discard a card' asks one opponent, who discards. A
  ruleset that names targets as a card is announced calls `declare_opponent` then: every
  'an opponent' of the event names the one chosen.
- 'your opponent' (`opponent`): the one opponent of a two-player game. A game of more
  players has no such player, and the run stops with R104 rather than pick one; so does a
  filter that says it ('whenever your opponent draws', 'a card your opponent controls':
  `refuse_your_opponent`).
- 'they' after a 'PLAYER may' (`decider`: 'An opponent may discard a card. If they don't,
  they lose 3 life'): the player who decided that 'may' (`may_decider` keeps them in the
  event's `DECIDED` referent), the opponent chosen in a game of more players.
- 'each player may', 'each opponent may' (interpret.py `each_may`): each player named decides
  in turn; while one of them decides or does the step, the event's `DECIDER` referent holds
  them, and 'each player' / 'each opponent' name that player alone.
- 'if you do' / 'if they do' (`answer_of`): the latest answer of the person the words name
  to a 'may' of the event (each player's latest answer is kept: `StoryEvent.answer`). 'you'
  is the controller; 'they' the players of the latest 'may' another player decided (the
  event's `ANSWERED` referent: the one who decided a 'PLAYER may', or every player of an
  'each ... may', of whom at least one did it).
"""

from __future__ import annotations

from ..compiler.template import Do, MayT
from ..compiler.visit import walk
from ..errors import RuntimeRuleError
from .choices import Question

# The event's named referent that holds its chosen opponent: the one a 'PLAYER may' chose,
# while its step runs, or the one `declare_opponent` chose, for the whole event.
CHOSEN = "chosen opponent"
# The player words of 'each player may' and 'each opponent may': each player they name
# decides for themself.
EACH = frozenset({"each", "opponents"})
# The event's named referent that holds the one player of an 'each ... may' deciding or
# doing the step: while it is set, 'each player' and 'each opponent' name that player alone.
DECIDER = "deciding player"
# The event's named referent that holds the player who decided its latest 'PLAYER may'
# (one player other than the controller): the one a later 'they' names.
DECIDED = "may decider"
# The event's named referent that holds the players a later 'if they do' asks about: the
# player of its latest 'PLAYER may', or every player of its latest 'each ... may'.
ANSWERED = "may answerers"


def opponents_in_turn_order(game, player) -> list[str]:
    """Every player but `player`, in turn order from the one after `player`."""
    order = game.state.order
    i = order.index(player) if player in order else -1
    return [p for p in order[i + 1:] + order[:i + 1] if p != player]


def players_named(game, ev, who, text=None) -> list[str]:
    """Every player a player word names, in turn order ('each player', 'each opponent')."""
    if who is None or who == "you":
        return [ev.controller]
    if who in EACH and ev._named and ev._named.get(DECIDER):
        return list(ev._named[DECIDER])
    if who == "each":
        return game.turn_order()
    if who == "opponents":
        return opponents_in_turn_order(game, ev.controller)
    if who == "decider" and not (ev._named and ev._named.get(DECIDED)):
        return []                  # its 'may' was never asked (under a condition that failed)
    return [player_named(game, ev, who, text)]


def player_named(game, ev, who, text=None, keep=None) -> str:
    """The one player a player word names (`text`: the card's words, for a question; `keep`:
    see `chosen_opponent`)."""
    if who in (None, "you"):
        return ev.controller
    if who in EACH and ev._named and ev._named.get(DECIDER):
        return ev._named[DECIDER][0]
    if who == "chosen_opponent":
        return chosen_opponent(game, ev, text, keep)
    if who == "decider":
        return the_decider(game, ev, text)
    if who in ("opponent", "opponents"):
        return the_opponent(game, ev, text, who)
    if who.__class__ is tuple:
        # ('controller', slot): 'its controller' where 'its' is another card than the source
        # (compiler/its_player.py); with no card there, the source's, as the plain word
        role, slot = who
        named = ev.slots.get(slot) if ev.slots else None
        if named:
            return getattr(named[0], role)
        who = role
    if who in ("owner", "controller") and ev.source is not None:
        return getattr(ev.source, who)
    return ev.controller


def may_decider(game, ev, who, text=None) -> str:
    """The player a 'may' names: the controller ('you'), or the player word before 'may',
    who is kept in the event for a later 'they' (`DECIDED`)."""
    if who is None or who == "you":
        return ev.controller
    player = game.player_named(ev, who, text)
    ev.named[DECIDED] = ev.named[ANSWERED] = [player]
    return player


def answer_of(game, ev, person: str, text=None) -> bool | None:
    """'if you do' (`person` "you") / 'if they do' ("they"): did the person named do their
    latest 'may' of this event? 'they' after an 'each ... may' did when at least one of them
    did. None when that person was asked no 'may' before it (one under a condition that
    failed was never offered): then neither 'if ... do' nor 'if ... don't' holds."""
    answers = ev.answers or {}
    if person == "you":
        players = [ev.controller]
    else:
        players = (ev._named or {}).get(ANSWERED) or []
    said = [answers[p] for p in players if p in answers]
    return any(said) if said else None


def the_decider(game, ev, text=None) -> str:
    """'they' after a 'PLAYER may': the player who decided it (R105 if it was never asked:
    a step naming one player that came under a condition the 'may' was not under)."""
    named = ev._named
    if named and named.get(DECIDED):
        return named[DECIDED][0]
    card = ev.source.name if ev.source is not None else "the card"
    raise RuntimeRuleError(
        f"{card}: '{text or 'they'}' names the player who decided a 'may', but no 'may' "
        "was asked before it", None, code="R105",
        hint=f"put the 'may' and the steps that say 'they' under the same condition in "
             f"{card}'s text")


def chosen_opponent(game, ev, text=None, keep=None) -> str:
    """'an opponent': the one the controller chooses (asked only when there are several).

    `keep` names the choice in the event, so that reading the same words again (a selector
    of 'an opponent's pile', evaluated more than once) does not ask again."""
    named = ev._named
    if named:
        for key in (CHOSEN, keep):
            if key is not None and named.get(key):
                return named[key][0]
    them = opponents_in_turn_order(game, ev.controller)
    if len(them) == 1:
        return them[0]
    prompt = f"which opponent: {text}" if text else "which opponent"
    picked = game.ask(Question(ev.controller, "opponent", prompt, [(p, p) for p in them]))
    ev.did.append(f"chose opponent: {picked}")
    if keep is not None:
        ev.named[keep] = [picked]
    return picked


def names_chosen_opponent(effect):
    """The first step of an effect tree whose player word is 'an opponent' (its words), or
    None: a verb's player or pile, a selector's pile, or the player before 'may'."""
    for node in walk(effect):
        if type(node) is MayT and node.who == "chosen_opponent":
            return node.text
        if type(node) is Do:
            for _, v in node.args:
                who = v[0] if type(v) is tuple and len(v) == 2 else getattr(v, "zone", None)
                if v == "chosen_opponent" or who == "chosen_opponent" or (
                        type(who) is tuple and who[0] == "chosen_opponent"):
                    return node.text
    return None


def declare_opponent(game, ev, effect) -> None:
    """Choose the opponent an effect's 'an opponent' names now, as its targets are declared
    (a ruleset whose player targets are declared on activation calls it): every 'an
    opponent' of the event then names that one."""
    text = names_chosen_opponent(effect) if effect is not None else None
    if text is not None:
        chosen_opponent(game, ev, text, CHOSEN)


def the_opponent(game, ev, text=None, who="opponent") -> str:
    """'your opponent': the controller's one opponent; R104 in a game of more players."""
    them = game.state.opponents(ev.controller)
    if len(them) == 1:
        return them[0]
    card = ev.source.name if ev.source is not None else "the card"
    if who == "opponents":
        what = f"'{text}' names every opponent where one player is wanted" if text else \
            "'each opponent' names every opponent where one player is wanted"
    else:
        what = f"'{text}' names the one opponent of a two-player game" if text else \
            "'your opponent' names the one opponent of a two-player game"
    raise no_one_opponent(game, card, what, len(them) + 1)


def refuse_your_opponent(game, card, where: str) -> None:
    """'your opponent' in a filter ('whenever your opponent draws', 'a card your opponent
    controls'): R104 when `card`'s controller has more than one opponent, as in an effect."""
    n = len(game.state.order)
    if n > 2:
        name = card.name if card is not None else "the card"
        raise no_one_opponent(
            game, name, f"'your opponent' {where} names the one opponent of a two-player "
            "game", n, hint="write 'an opponent' (any opponent, in a filter) in "
                            f"{name}'s text")


def no_one_opponent(game, card: str, what: str, players: int,
                    hint: str | None = None) -> RuntimeRuleError:
    """The R104 error: `card`'s words (`what`) want one opponent of `players` players."""
    rs = game.ruleset
    fewest, most = getattr(rs, "player_count", (2, None))
    allowed = f"{fewest}" if fewest == most else \
        f"{fewest} or more" if most is None else f"{fewest} to {most}"
    return RuntimeRuleError(
        f"{card}: {what}, but this game has {players} players ({rs.name} is a game "
        f"for {allowed} players)", None, code="R104",
        hint=hint or "write 'an opponent' (one opponent the controller chooses) or 'each "
                     f"opponent' in {card}'s text")
