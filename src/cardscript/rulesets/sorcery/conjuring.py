"""Conjuring: an aura or an artifact entering the realm by being cast (docs/rulesets/sorcery.md,
"Conjuring").

A cast aura or artifact is *conjured* as its cast event resolves and it enters the realm: that
`enter_play` happening is also a `conjure` happening, about the card, for the player who cast
it, which the triggers 'whenever you conjure an aura' and 'an opponent conjures a relic here'
listen to. An aura or artifact an effect puts into the realm, or a minion, is not conjured.

Where an artifact may be conjured: a player with an avatar conjures it at a site they
control, or onto a unit of theirs (`bearer:`, kinds.py `cast_action`); a permanent's 'All
players may conjure artifacts here' ('You may ...': only its controller) lets the cards it names
be conjured at its own location whoever controls the site there ('... nearby': at any location
nearby it). The artifact's own text may
say more (conjure_places.py: a corner void, a nearby site).

'The first artifact conjured here each turn costs 1 less mana': a cost change (costs.py) of the
first card of its kind conjured at the permanent's location in a turn, counted by the
`conjure` happenings of that turn there.
"""

from __future__ import annotations

from ...interpreter.rules import after
from .resources import sites_of
from .turns import illegal, turn

HAPPENINGS = frozenset({"conjure"})
CONJURED = frozenset({"aura", "artifact"})
ALL_MAY_CONJURE = "all players may conjure here"
YOU_MAY_CONJURE = "you may conjure here"
ALL_MAY_CONJURE_NEARBY = "all players may conjure nearby"
YOU_MAY_CONJURE_NEARBY = "you may conjure nearby"
NEARBY = frozenset({ALL_MAY_CONJURE_NEARBY, YOU_MAY_CONJURE_NEARBY})
_SEEN = "conjured"          # slot: (turn number, square, card) of each card conjured
_AT = "casting at"          # slot: card id -> the square its cast names, while it is paid


def register(lang) -> None:
    """The trigger, the permission and the cost change of conjuring."""
    lang.trigger("conjure", "conjure", "{player:player} conjure|conjures {card:cards}",
                 "{player:player} conjure|conjures {card:cards} {place:place}")
    lang.static(ALL_MAY_CONJURE, "conjure here", "all players may conjure {what:cards} here")
    lang.static(YOU_MAY_CONJURE, "conjure here", "you may conjure {what:cards} here")
    # '... nearby': at any location nearby the permanent (its own among them).
    lang.static(ALL_MAY_CONJURE_NEARBY, "conjure here",
                "all players may conjure {what:cards} nearby")
    lang.static(YOU_MAY_CONJURE_NEARBY, "conjure here", "you may conjure {what:cards} nearby")
    from .costs import add_cost_change
    for word, sign in (("less", -1), ("more", 1)):
        add_cost_change(lang, f"cost {word} first conjured here",
                        "the first {what:cards} conjured here each turn cost|costs {n:number} "
                        f"{word} mana", sign, first_conjured_here)


@after("enter_play")
def conjured(game):
    """Each aura or artifact entering the realm as its own cast event resolves is conjured."""
    cur = game.resolving
    if cur is None or cur.kind != "cast" or cur.source is None or \
            cur.source.kind not in CONJURED:
        return
    for h in game.batch:
        if h.kind == "enter_play" and h.card is cur.source:
            t = turn(game)
            game.slot(_SEEN, list).append((t.number if t is not None else 0, h.card.at,
                                           h.card))
            game.happen("conjure", h.card, cur.controller, to=h.card.at)


def first_conjured_here(game, src, args, card, player) -> bool:
    """Would `card`, cast now to its cast's square, be the first card the words name
    conjured at `src`'s location this turn? (The cost change's test: costs.py `_applies`.)"""
    at = game.slot(_AT, dict).get(card.id)
    if at is None or src.at is None or at != src.at:
        return False
    t = turn(game)
    now = t.number if t is not None else 0
    what = args["what"]
    return not any(n == now and sq == src.at and game.matches(what, c, None, source=src)
                   for n, sq, c in game.slot(_SEEN, list))


def casting_at(game, card, at):
    """Keep the square a cast names while it is checked and paid (`first_conjured_here`)."""
    if at is None:
        return
    game.slot(_AT, dict)[card.id] = game.geometry.parse_location(at)


def cast_done(game, card) -> None:
    """The cast is made or refused: its square is no longer asked."""
    game.slot(_AT, dict).pop(card.id, None)


def may_conjure_here(game, player, card, at) -> bool:
    """Does a permanent at `at` let `player` conjure `card` there ('All players may conjure
    artifacts here'; 'You may ...' only for its controller)?"""
    for src, spec, args in game.statics("conjure here"):
        there = src.at == at if spec.name not in NEARBY else \
            src.at is not None and game.geometry.near(at, src.at, "nearby", 1)
        if there and (spec.name in (ALL_MAY_CONJURE, ALL_MAY_CONJURE_NEARBY) or
                      src.controller == player) and \
                game.matches(args["what"], card, None, source=src):
            return True
    return False


def check_artifact_place(game, player, card, at) -> None:
    """A player with an avatar conjures an artifact at a site they control (or onto a unit
    of theirs: `bearer:`), unless a permanent there permits it or the artifact's own text
    sends it elsewhere (conjure_places.py)."""
    if card.kind != "artifact" or at is None:
        return
    geo = game.geometry
    loc = geo.parse_location(at)
    site = geo.site_at(game, loc)
    if (site is not None and site.controller == player) or \
            may_conjure_here(game, player, card, loc):
        return
    mine = sorted(s.at for s in sites_of(game, player))
    whose = f"{site.name} at {loc}: {site.controller} controls it" if site is not None \
        else f"{loc}: no site is there"
    raise illegal(f"{card.name} cannot be conjured at {whose}", key="at",
                  hint="an artifact is conjured at a site of its player's, or onto a unit of "
                       "theirs (bearer:): " + (", ".join(map(str, mine)) or "you control none"))
