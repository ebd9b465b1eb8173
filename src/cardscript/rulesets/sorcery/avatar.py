"""The avatar's basic abilities (tap: play a site; tap: draw a site) and casting with mana
and threshold, as the scenario actions `play_site`, `draw_site` and `cast`.

Each basic ability is an activated ability of the avatar: it goes on the storyline as one
event whose source is the avatar. docs/rulesets/sorcery.md, "The avatar's basic abilities".
"""

from __future__ import annotations

from ...interpreter.rules import COMMON_ACTIONS, find_card
from ...interpreter.rules import cast_card as common_cast, template_fact
from ...library.moves import enter_play
from . import additional_costs, auras, conjure_places, conjured_under, conjuring, costs, resources
from . import lasting_permissions
from .geometry import SPANS
from .borders import front_voids
from .ongoing import permitted
from .summon_here import summons_here
from .players import avatar_of
from .keywords import quick
from .summoning import check_summon_place, must_burrow
from .turns import check_main_phase, check_true, illegal

SQUARES_HINT = "squares are numbered 1-20, row by row (1-5 is the first row)"


def site_squares(game, player) -> list:
    """Where `player` may play a site: a square without a site next to (sharing an edge
    with) one of their sites; with no site yet, their avatar's own square."""
    geo = game.geometry
    mine = [s.at for s in resources.sites_of(game, player)]
    if not mine:
        avatar = avatar_of(game, player)
        return [avatar.at] if avatar is not None and not geo.has_site(game, avatar.at) else []
    return [sq for sq in geo.locations(game) if not geo.has_site(game, sq) and
            any(sq in geo.neighbors(m) for m in mine)]


def corner_voids(game, site) -> list:
    """The corners of the realm without a site, where a site whose text permits it ("may be
    played on a corner void") may go besides the squares of the rule."""
    if not permitted(game, site, "play on a corner void"):
        return []
    geo = game.geometry
    return [sq for sq in geo.corners() if not geo.has_site(game, sq)]


def playable_squares(game, player) -> list:
    """Where a card's "play a site" puts a site: for a player with an avatar in the realm,
    the squares of the game's rule (`site_squares`); on a storyline board without avatars,
    any square without a site, as before."""
    if avatar_of(game, player) is not None:
        return site_squares(game, player)
    geo = game.geometry
    return [s for s in geo.locations(game) if not geo.has_site(game, s)]


def _tapped_avatar(game, player, verb):
    check_main_phase(game, player)
    avatar = avatar_of(game, player)
    if avatar is None:
        raise illegal(f"{player} has no avatar in the realm to {verb}", key=verb,
                      hint="put the avatar in the realm in setup: realm: [{card: AVATAR, "
                           "at: 3}]")
    if avatar.tapped:
        raise illegal(f"{avatar.name} is tapped: its basic abilities need it untapped",
                      key=verb, hint="an avatar untaps at the start of its player's turn")
    avatar.tapped = True
    return avatar


def play_site_action(game, player, action):
    """`play_site: SITE, at: N`: tap the avatar to play a site from hand to a square."""
    site = lasting_permissions.find_castable(game, player, action["play_site"], site=True)
    try:
        _play_site(game, player, site, action)
    finally:
        lasting_permissions.done(game, site)


def _play_site(game, player, site, action):
    """`play_site_action` of the site found (in hand, or permitted where it lies)."""
    if site.kind != "site":
        raise illegal(f"{site.name} is not a site", key="play_site",
                      hint="play_site plays a site from hand; cast: casts a spell")
    legal = list(dict.fromkeys(site_squares(game, player) + corner_voids(game, site) +
                               front_voids(game, site, player)))
    at = action.get("at")
    if at is None:
        raise illegal(f"playing {site.name} needs at: (the square to play it to)",
                      hint="add at: with one of " + (", ".join(map(str, legal)) or "no square"))
    at = game.geometry.parse_location(at)
    if at not in legal:
        raise illegal(f"{site.name} cannot be played to {at!r}", key="at",
                      hint=("a site goes to an empty square next to one of your sites (your "
                            "first one to your avatar's square): " +
                            (", ".join(map(str, legal)) or "none is free")))
    avatar = _tapped_avatar(game, player, "play_site")

    def program(g, ev):
        ev.did.append(f"tap {avatar.name}")
        g.happen("play", site, player, to=at)
        enter_play(g, site, at, player)
        ev.did.append(f"play {site.name} at {at}")

    ev = game.new_event("activated", avatar, player, program,
                        f"{avatar.name}: play {site.name} at {at}")
    ev.subject, ev.to = site.name, at
    game.state.put(site, None, player)          # on the storyline, in no zone, as a spell is
    game.happen("activate", avatar, player)
    game.add(ev)
    game.run()


def draw_site_action(game, player, action):
    """`draw_site: true`: tap the avatar to draw a site from the atlas (none left: a player
    who must draw and cannot loses)."""
    check_true(action, "draw_site")
    avatar = _tapped_avatar(game, player, "draw_site")

    def program(g, ev):
        ev.did.append(f"tap {avatar.name}")
        atlas = g.state.players[player].zones["atlas"]
        if not atlas:
            ev.did.append(f"{player}'s atlas is empty: {player} loses the game")
            g.end_game(g.opponent_of(player), f"{player} could not draw a site")
            return
        card = atlas[0]
        g.state.put(card, "hand", player)
        g.happen("draw", card, player, frm="atlas")
        ev.did.append(f"{player} draws {card.name}")

    ev = game.new_event("activated", avatar, player, program, f"{avatar.name}: draw a site")
    game.happen("activate", avatar, player)
    game.add(ev)
    game.run()


def cast_action(game, player, action):
    """`cast`: in a game of turns only on the player's own turn (a Quick spell on any
    turn: keywords.py); a spell whose threshold the
    player's sites do not give cannot be cast; a player with an avatar summons minions to
    their own sites; then mana pays its cost (interpreter `pay`)."""
    card = find_card(game, player, action.get("cast", action.get("play")), ["hand"])
    cast_card(game, player, card, action)


def cast_card(game, player, card, action):
    """`cast_action` of a card of the player's hand already found (kinds.py looks it up)."""
    if not quick(game, card):           # Quick: on another player's turn too
        check_main_phase(game, player)
    # A card that prints no threshold needs none, whatever lowers one (`threshold_needed`).
    if resources.printed_threshold(card.tpl):
        permit = lasting_permissions.using(game, card)  # 'ignoring threshold': none needed
        if permit is None or not permit.ignore_threshold:
            resources.check_threshold(game, player, card, costs.needed(game, player, card))
    if cast_texts(card)[0]:
        action = conjured_under.choose_site(game, player, card, action)  # 'you conjure this under'
    check_place(game, player, card, action)
    additional_costs.check(game, player, card)  # 'As an additional cost to cast this, ...'
    conjuring.casting_at(game, card, action.get("at"))     # a cost change asks where
    try:
        common_cast(game, player, card, action)    # the common cast, the card passed on
    finally:
        conjuring.cast_done(game, card)


def cast_texts(card) -> tuple:
    """What the card's own text says of where it is cast (`_text_checks`, kept a template)."""
    return template_fact(card.tpl, "cast by its text", _text_checks)


def check_place(game, player, card, action) -> None:
    """Where the cast puts the card (`at`, `spans`, `bearer`) is a place its rules allow:
    a minion to its player's site, a card that must be summoned burrowed or conjured
    elsewhere where its text says, an aura's spans, an artifact where it may be conjured.
    Illegal: S206 (the cast action), or no such place (an effect's cast, effect_casts.py)."""
    _, burrowed, elsewhere = cast_texts(card)
    avatar = avatar_of(game, player)    # (the checks below move no card: looked for once)
    # (A minion summoned to its player's own site, most casts, needs no permission looked
    # for: the permissions only allow what that site would refuse.)
    if card.kind == "minion" and avatar is not None and \
            not _on_own_site(game, player, action.get("at"), action.get("spans")) and \
            not permitted(game, card, "summon anywhere") and \
            not summons_here(game, player, card, action.get("at")):
        check_own_site(game, player, card, action.get("at"), action.get("spans"))
    if burrowed:
        check_summon_place(game, card, action.get("at"))    # 'must be summoned burrowed'
    auras.check_spans(game, card, action)
    if elsewhere:
        conjure_places.check_conjure_place(game, card, action, player)  # 'must be conjured ...'
    if action.get("bearer") is None and avatar is not None and not elsewhere:
        conjuring.check_artifact_place(game, player, card, action.get("at"))


def _text_checks(tpl) -> tuple:
    """Which checks of a cast the card's own text calls for, worked out once a template
    (`template_fact`): its 'conjure this under' line, 'must be summoned burrowed', and a
    line saying where it must be conjured. Without one, that check has nothing to do."""
    text = _Text(tpl)               # (the three read the card's template alone)
    return (conjured_under.conjured_under(text), must_burrow(text),
            conjure_places.must_go_elsewhere(text))


class _Text:
    """A template in the place of a card, for a question its text alone answers."""

    __slots__ = ("tpl",)

    def __init__(self, tpl):
        self.tpl = tpl


def _on_own_site(game, player, at, spans) -> bool:
    """Is the place named (`at`, an oversized unit's `spans`) on a site `player` controls, or
    is no place named yet (cast_location asks for one)?"""
    if at is None:
        return True
    geo = game.geometry
    loc = geo.parse_location(at)
    if spans.__class__ is not str or spans not in SPANS:
        site = geo.site_at(game, loc)
        return site is not None and site.controller == player
    covered = geo.span_squares(loc, spans) or [loc]
    return any(getattr(geo.site_at(game, s), "controller", None) == player for s in covered)


def check_own_site(game, player, card, at, spans=None) -> None:
    """A player with an avatar summons a minion to a site they control (an oversized one:
    to a place where one of the sites it covers is theirs)."""
    if _on_own_site(game, player, at, spans):
        return                         # (no place: cast_location asks for the square, S206)
    geo = game.geometry
    loc = geo.parse_location(at)
    site = geo.site_at(game, loc)
    if site is not None and site.controller != player:
        mine = sorted(s.at for s in resources.sites_of(game, player))
        raise illegal(f"{card.name} cannot be summoned to {site.name} at {site.at}: "
                      f"{site.controller} controls it", key="at",
                      hint="a minion is summoned to a site of its player: " +
                           (", ".join(map(str, mine)) or "you control none yet"))


def activate_action(game, player, action):
    """`activate`: in a game of turns only on the player's own turn."""
    check_main_phase(game, player)
    COMMON_ACTIONS["activate"](game, player, action)

