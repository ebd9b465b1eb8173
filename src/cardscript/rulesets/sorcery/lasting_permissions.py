"""A permission that lasts: 'Draw a spell. You may play it until the end of your turn for
free.', a card milled and then 'you may cast that card this turn'
(docs/rulesets/sorcery.md, "A permission to cast that lasts").

The step grants, asks nothing: the controller of the effect may later cast the cards the words
name (`it`, `that card`: what an earlier step named) from the pile where they are, as a cast
action of theirs (`cast:` in a scenario), while the permission lasts. The cast is the
ruleset's own cast action (kinds.py `cast_action`, avatar.py `cast_card`): the main phase
(or Quick), the place a permanent goes, its targets, its threshold, its mana and its
additional costs, as a cast from hand. Only what the words waive is waived: `for free` the
mana cost (and only that), `ignoring threshold` the threshold (and only that).

- `play` permits a site to be played (the action `play_site`, the avatar tapped as for a
  site from hand) and any other card to be cast; `cast` permits a cast, so a site named
  gets none (a site is played, not cast: the step says so).
- It lasts `this turn` (until the end of the turn it was made in), `until the end of your
  turn` (until the end of a turn of the player it was given to: made on an opponent's turn,
  the end of that player's next one), `until your next turn` (until a turn of that player
  starts) or `until the end of your next turn` (until the end of the next turn of that
  player that starts after it was given: made on their own turn, the one after). The
  durations are those of durations.py, read the same way. In a scenario without turns it
  lasts to the end.
- The card is the one in that pile: once it leaves the pile it is another card, and the
  permission is gone (cast, put into another pile, drawn).

A cast action for a card neither in hand nor permitted stays refused (S201), and the error
says what would let it be cast.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...errors import ScenarioError
from ...interpreter.rules import find_card

PERMITS = "lasting permissions"     # slot: the Permit records now in force
USING = "cast by permission"        # slot: card id -> the Permit a cast action uses now
THIS_TURN = "this turn"
YOUR_TURN = "until the end of your turn"
NEXT_TURN = "until your next turn"
END_NEXT_TURN = "until the end of your next turn"
UNTILS = (THIS_TURN, YOUR_TURN, NEXT_TURN, END_NEXT_TURN)
WAIVERS = {"": (False, False), " for free": (True, False),
           " ignoring threshold": (False, True)}
ACTS = ("cast", "play")


@dataclass(frozen=True)
class Permit:
    """One card a player may cast (or play) from where it lies, for a while."""

    card: object
    zone: str               # the pile it lies in as the permission is given
    holder: str | None      # whose pile that is
    player: str             # who may cast it
    act: str                # "cast" or "play"
    until: str              # one of UNTILS
    free: bool
    ignore_threshold: bool
    source: str             # the name of the card whose effect gave it
    # END_NEXT_TURN once a turn of its player has started after it was given: it ends as
    # that turn ends (`start`)
    armed: bool = False

    def holds(self) -> bool:
        """Is the card still the one named: in the same pile as when the permission was
        given?"""
        return self.card.zone == self.zone and \
            self.card.extra.get("zone_of") == self.holder

    def words(self) -> str:
        how = " for free" if self.free else " ignoring threshold" if self.ignore_threshold \
            else ""
        until = {THIS_TURN: THIS_TURN, NEXT_TURN: f"until {self.player}'s next turn",
                 END_NEXT_TURN: f"until the end of {self.player}'s next turn"}.get(
            self.until, f"until the end of {self.player}'s turn")
        return f"{self.act} {self.card.name} from {self.zone} {until}{how}"


def register(lang) -> None:
    """One verb a deed, a duration and a waiver: 'you may cast|play CARDS UNTIL[ WAIVER]',
    the waiver also before the duration ('you may cast it for free this turn'). The verb's
    own shape opens with 'you may': it grants, and asks nothing as it resolves."""
    for act in ACTS:
        for until in UNTILS:
            for tail, (free, ignore) in WAIVERS.items():
                shapes = [f"you may {act} {{what:cards}} {until}{tail}"]
                if tail:
                    shapes.append(f"you may {act} {{what:cards}}{tail} {until}")
                lang.verb(f"may {act} {until}{tail}", *shapes)(
                    _grant(act, until, free, ignore))


def _grant(act: str, until: str, free: bool, ignore: bool):
    def grant(game, ev, node):
        """The controller of the effect may cast (play) each card named that lies in a pile,
        for as long as the words say."""
        cards = [c for c in game.select(node.arg("what"), ev)
                 if c.zone is not None and c.zone not in game.policy.play_zones]
        if not cards:
            ev.did.append(f"{node.text}: nothing to permit")
        for card in cards:
            if act == "cast" and card.kind == "site":
                ev.did.append(f"{card.name} is not cast: a site is played")
                continue
            permit = Permit(card, card.zone, card.extra.get("zone_of"), ev.controller, act,
                            until, free, ignore,
                            ev.source.name if ev.source is not None else "an effect")
            game.slot(PERMITS, list).append(permit)
            ev.did.append(f"{ev.controller} may {permit.words()}")
    return grant


def permits_of(game, player) -> list:
    """The permissions `player` holds now (those whose card has left its pile are dropped)."""
    records = game.slot(PERMITS, list)
    if not records:
        return []
    live = [p for p in records if p.holds()]
    if len(live) != len(records):
        game.set_slot(PERMITS, live)
    return [p for p in live if p.player == player]


def find_castable(game, player, ref, *, site: bool = False):
    """The card a `cast:` (with `site`, a `play_site:`) names: one in `player`'s hand, else
    one a lasting permission lets them cast (play) from where it lies. Neither: S201, saying
    where the card is and what would let it be cast from there."""
    try:
        card = find_card(game, player, ref, ["hand"])
    except ScenarioError as err:
        permit = _permit_for(game, player, ref, site)
        if permit is None:
            raise _refusal(game, player, ref, err, site) from None
    else:               # in hand: a permission for this card still waives what it says
        held = permits_of(game, player)
        if not held:
            return card         # (most casts: no permission is held at all)
        permit = next((p for p in held if p.card is card and
                       (p.card.kind == "site") == site), None)
        if permit is None:
            return card
    game.slot(USING, dict)[permit.card.id] = permit
    return permit.card


def _permit_for(game, player, ref, site: bool):
    """The permission of `player`'s that names the card `ref` (by id, else by name): a site
    only for `play_site` (and only by a permission to play), any other card only for `cast`."""
    fits = [p for p in permits_of(game, player)
            if (p.card.kind == "site") == site and (not site or p.act == "play")]
    low = str(ref).lower()
    return next((p for p in fits if p.card.id == ref), None) or \
        next((p for p in fits if p.card.name.lower() == low), None)


def _refusal(game, player, ref, err: ScenarioError, site: bool) -> ScenarioError:
    """The hand's refusal, told where the card named lies when it is in a pile elsewhere."""
    low = str(ref).lower()
    found = next((c for c in game.state.cards.values() if c.zone is not None and
                  c.zone not in game.policy.play_zones and c.zone != "hand" and
                  (c.id == ref or c.name.lower() == low)), None)
    if found is None:
        return err
    whose = found.extra.get("zone_of")
    where = f"{whose}'s {found.zone}" if whose else f"the {found.zone}"
    deed = "played" if site else "cast"
    return ScenarioError(
        f"illegal action: {player} cannot {'play' if site else 'cast'} {found.name} from "
        f"{where}: a card is {deed} from its player's hand, and no lasting permission lets "
        f"{player} {'play' if site else 'cast'} it from there", None, code="S201",
        key=err.key, hint="an effect that says 'you may cast that card this turn' gives one; "
                          "it ends with the turn, or when the card leaves that pile")


def using(game, card):
    """The permission a cast action of `card` uses now, or None (a cast from hand)."""
    slot = game.slot(USING, dict)
    return slot.get(card.id) if slot else None


def in_use(game) -> bool:
    """Is a cast action using a permission now? (Most casts are from hand: then no event
    added has a permission to name.)"""
    return bool(game.slot(USING, dict))


def done(game, card) -> None:
    """The cast action of `card` is over (cast, or refused): its permission is no longer in
    use. A card cast has left its pile, so the permission has ended with it."""
    game.slot(USING, dict).pop(card.id, None)


def say(game, ev) -> None:
    """The cast event of a card cast by a permission says which (the ruleset's `after_add`)."""
    permit = using(game, ev.source) if ev.source is not None else None
    if permit is not None:
        how = " for free" if permit.free else " ignoring threshold" \
            if permit.ignore_threshold else ""
        whose = f"{permit.holder}'s " if permit.holder else ""
        ev.did.insert(0, f"{permit.act} from {whose}{permit.zone}{how}, as {permit.source} "
                         "permits")


def expire(game, player) -> list[str]:
    """At the end of `player`'s turn: what lasted this turn ends, and what was given to
    `player` until the end of their turn (or of their next turn, once it has started). What
    ended, as the trace says it."""
    return _end(game, lambda p: p.until == THIS_TURN or p.player == player and (
        p.until == YOUR_TURN or p.until == END_NEXT_TURN and p.armed))


def start(game, player) -> list[str]:
    """At the start of `player`'s turn: what was given to them until their next turn ends;
    what was given until the end of their next turn now ends as this turn ends. What ended."""
    records = game.slot(PERMITS, list)
    if any(p.until == END_NEXT_TURN and p.player == player for p in records):
        game.set_slot(PERMITS, [replace(p, armed=True) if p.until == END_NEXT_TURN and
                                p.player == player else p for p in records])
    return _end(game, lambda p: p.until == NEXT_TURN and p.player == player)


def _end(game, ends) -> list[str]:
    records = game.slot(PERMITS, list)
    if not records:
        return []
    gone = [p for p in records if ends(p)]
    game.set_slot(PERMITS, [p for p in records if p not in gone])
    return [f"{p.player} may {p.words()}" for p in gone if p.holds()]
