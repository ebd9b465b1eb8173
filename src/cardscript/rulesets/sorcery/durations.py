"""Effects that last: "this turn", "until your next turn", "until the end of your next
turn" and "until an opponent's next turn", and the turn's trigger points.

A lasting effect is a record kept in the ruleset's state (slot `lasting`): the card it
changes (and the stay in the realm it changes: a card that leaves and comes back is a new
card, the change gone), what it changes (a keyword granted, or a stat raised or lowered),
and when it ends: at the end of the turn it was made in, or when the turn of the player who
made it starts again, or when a turn of another player starts, or at the end of the next turn of the player who made it (a record
made in that player's own turn waits for their following one). Stats are read through `stats.stat`, which adds these changes.
docs/rulesets/sorcery.md, "Durations".
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...interpreter.rules import after
from ...library.common import in_play_only
from ...library.moves import in_play
from . import lance
from .units import UNITS as UNIT_KINDS  # what has power to change

THIS_TURN = "this turn"
NEXT_TURN = "until your next turn"
END_NEXT_TURN = "until the end of your next turn"
OPP_NEXT_TURN = "until an opponent's next turn"
# Every duration a verb that lasts takes; one vocabulary entry each.
DURATIONS = (THIS_TURN, NEXT_TURN, END_NEXT_TURN, OPP_NEXT_TURN)
# An END_NEXT_TURN record once its maker's next turn has started: it ends as that turn ends.
ARMED = "armed: until the end of this turn of its maker"


@dataclass(frozen=True)
class Lasting:
    """One lasting change to one card."""

    card: object
    incarnation: int
    change: str            # "keyword", "stat" or "face" (a face laid for a while)
    name: str              # the keyword, the stat, or the face's name (its key's second part)
    amount: int            # a stat's change (0 for a keyword)
    until: str             # a duration of DURATIONS (or ARMED, see `arm`)
    player: str            # who made it: "until your next turn" ends as their turn starts


# What ends as a lasting change of another kind than a keyword or a stat ends: its `change`
# -> a function (game, record) that undoes it and says what ended, or None when nothing did
# (innate_and_size.py, lost_keywords.py, becoming.py's faces).
ENDINGS: dict = {}
# What gaining a keyword does besides, as lost_keywords.LOSS_EFFECTS for a loss: a keyword ->
# effect(game, ev, card, until), until None for good (oversized_gain.py: the body).
GAIN_EFFECTS: dict = {}


def lasting(game) -> list:
    return game.slot("lasting", list)


def grant_for_a_while(game, ev, card, kw: str, until: str) -> None:
    """Give `card` the keyword `kw` until `until` (a Lasting that `left_the_realm` and the turn
    ends take back), and say so in the event."""
    had = lance.has_lance(game, card)
    lasting(game).append(Lasting(card, card.incarnation, "keyword", kw, 0, until, ev.controller))
    card.granted.add(kw)
    ev.did.append(f"{card.name} gains {kw} {until}")
    lance.gained(game, card, kw, had)            # a minion gaining Lance takes up a lance
    if (more := GAIN_EFFECTS.get(kw)) is not None:
        more(game, ev, card, until)


def power_for_a_while(game, ev, card, n: int, until: str, said: str) -> None:
    """Change `card`'s power by `n` until `until` (a Lasting), say it in the event, and tell
    that its stats changed."""
    lasting(game).append(Lasting(card, card.incarnation, "stat", "power", n, until,
                                 ev.controller))
    ev.did.append(said)
    ev.subject = ev.subject or card.name
    game.happen("stats", card, ev.controller, name="power", delta=n)


def stat_change(game, card, name: str) -> int:
    """The sum of the lasting changes to a stat of the card in its present stay."""
    records = game.slot("lasting", list)
    if not records:
        return 0
    return sum(r.amount for r in records if r.card is card and r.change == "stat" and
               r.name == name and r.incarnation == card.incarnation)


def expire(game, until: str, player=None, others: bool = False) -> list[str]:
    """End the lasting effects of one kind (those of `player`, for NEXT_TURN; with `others`,
    those of any other player, for OPP_NEXT_TURN): what ended."""
    keep, ended = [], []
    for r in lasting(game):
        if r.until != until or (player is not None and (r.player == player) is others):
            keep.append(r)
            continue
        current = r.card.incarnation == r.incarnation and in_play(game, r.card)
        if r.change == "keyword" and current and not any(
                o is not r and o.card is r.card and o.name == r.name and o.change == "keyword"
                for o in keep):
            r.card.granted.discard(r.name)
        if current and r.change in ENDINGS:
            said = ENDINGS[r.change](game, r)
            if said:
                ended.append(said)
        elif current:
            ended.append(f"{r.card.name} {r.name}" if r.change == "keyword" else
                         f"{r.card.name} {r.amount:+d} {r.name}")
    game.set_slot("lasting", keep)
    return ended


def arm(game, player) -> None:
    """At the start of `player`'s turn, what they made to last "until the end of your next
    turn" now ends as this turn ends: made in an opponent's turn, this is its maker's next
    turn; made earlier in the maker's own turn, the turn that started is the next one."""
    records = game.slot("lasting", list)
    if any(r.until == END_NEXT_TURN and r.player == player for r in records):
        game.set_slot("lasting", [replace(r, until=ARMED) if r.until == END_NEXT_TURN and
                                  r.player == player else r for r in records])


@after("leave_play", slots=("lasting",))
def left_the_realm(game):
    """A card that leaves the realm loses what lasted on it (it comes back a new card); its
    last known state, taken as it left, still shows what it had."""
    records = game.slot("lasting", list)
    if not records:
        return
    gone = {id(h.card) for h in game.batch if h.kind == "leave_play" and h.card is not None}
    keep = []
    for r in records:
        if id(r.card) in gone and r.card.incarnation == r.incarnation:
            if r.change == "keyword":
                r.card.granted.discard(r.name)
            continue
        keep.append(r)
    game.set_slot("lasting", keep)


def until_of(text: str) -> str:
    """The duration a line's words end with (THIS_TURN when none of the others)."""
    low = text.lower()
    return next((u for u in (END_NEXT_TURN, NEXT_TURN, OPP_NEXT_TURN) if low.endswith(u)),
                THIS_TURN)


def _until(node) -> str:
    return until_of(node.text)


def power_check(lang):
    """The power change's check: a card that is ever in play, and the card itself only when it
    is a unit ('+1 power this turn.' on an aura or a site changed nothing)."""
    in_play = in_play_only(lang, "change")

    def check(args, known):
        what = args.get("what")
        if what is not None and what.pick == "self" and what.kinds is not None and \
                not what.kinds & UNIT_KINDS:
            return f"cannot change the power of {what.text}: it is not a unit"
        return in_play(args, known)
    return check


def register(lang) -> None:
    """The words of lasting effects and of the turn's trigger points."""

    # One entry a duration, so that the duration is part of what a line says, not only of
    # its words: `explain --text` renders each back with its own.
    for until in DURATIONS:
        @lang.verb(f"gain a keyword {until}", f"{{what:cards}} gain|gains {{kw:keyword}} {until}",
                   check=in_play_only(lang, "change"))
        def gain_keyword(game, ev, node):
            kw, until = node.arg("kw"), _until(node)
            cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
            if not cards:
                ev.did.append(f"{node.text}: nothing to change")
            for c in cards:
                grant_for_a_while(game, ev, c, kw, until)
                ev.subject = ev.subject or c.name

        # With no subject ('1 mana → +1 power this turn.'), the card whose line it is: a
        # unit in the realm, else there is nothing to change.
        @lang.verb(f"change power {until}", f"{{what:cards}} get|gets {{n:signed}} power {until}",
                   f"{{n:signed}} power {until}", check=power_check(lang))
        def change_power(game, ev, node):
            n, until, what = node.arg("n"), _until(node), node.arg("what")
            cards = [c for c in (game.select(what, ev) if what is not None else
                                 [ev.source] if ev.source is not None else [])
                     if in_play(game, c) and (what is not None or c.kind in UNIT_KINDS)]
            if not cards:
                ev.did.append(f"{node.text}: nothing to change")
            for c in cards:
                power_for_a_while(game, ev, c, n, until, f"{c.name} gets {n:+d} power {until}")

    def you(f):
        return {**f, "player": "you"}

    def anyone(f):
        return f

    # The turn's own points; the trigger word is part of the pattern ('an opponent's turn':
    # own_acts.py).
    lang.pattern("start of your turn", "turn_start", "at the start of your turn")(you)
    lang.pattern("start of each turn", "turn_start", "at the start of each turn")(anyone)
    lang.pattern("end of your turn", "turn_end", "at the end of your turn")(you)
    lang.pattern("end of each turn", "turn_end", "at the end of each turn")(anyone)
