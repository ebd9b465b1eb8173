"""The board: cards, players, zones and counters. Runtime attributes live apart from the template."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CardField:
    """A field a game adds to its cards (a ruleset's `card_ext`), kept in `CardObj.ext`.

    `type` says what the shared layers do with it: "place" (part of where a card in play
    stands, beside `at`: `in_play` when it enters play at a location, None off the board; a
    card that stands with another takes its value), "card" (another card it is linked to; None
    once it leaves play), "held_by" (the same, and the link is dropped when that other card
    leaves play: what it held is dropped where it stood).
    """

    type: str
    in_play: object = None


FIELD_TYPES = ("place", "card", "held_by")


@dataclass(frozen=True)
class Face:
    """What a card shows in play other than what it declared: `tpl`, the template it reads
    as now (a copy of another card's, or its own changed), `why` in words for the trace, and
    `key`, who set it (to take back that one and no other when its reason ends)."""

    tpl: object
    why: str
    key: object
    keeps_kind: bool = False      # it is still of the kind beneath too (a thing made a creature)


class CardObj:
    """A card in a game. `printed` is what the card declared; `tpl` is what it reads as now,
    its current face (the printed template unless a face changed it: `GameState.set_face`);
    the rest is what the game did to it; `ext` holds the fields its game adds (the ruleset's
    `card_ext`: name -> value)."""

    __slots__ = ("id", "tpl", "printed", "faces", "name", "kind", "also_kind", "owner",
                 "controller",
                 "zone", "at", "damage", "tapped", "flags", "counters", "incarnation",
                 "granted", "token", "ext", "extra", "reacts")

    def __init__(self, cid: str, tpl, owner: str, ext: dict | None = None):
        self.id = cid
        self.printed = tpl          # fixed for the card's life
        self.tpl = tpl              # its current face: name and kind are copied from it
        self.faces: list = []       # the faces laid over the printed one, last on top
        self.name: str = tpl.name   # (plain attributes, read on every rules check)
        self.kind: str = tpl.kind
        self.also_kind: str | None = None   # a kind it keeps beside its face's (Face.keeps_kind)
        self.owner = owner
        self.controller = owner
        self.zone: str | None = None
        self.at = None
        self.damage = 0
        self.tapped = False
        self.flags: set = set()
        self.counters: dict = {}
        self.incarnation = 0
        self.granted: set = set()
        self.token = bool(tpl.token)
        self.ext: dict = dict(ext) if ext else {}
        self.extra: dict = {}
        # Its template has triggers, replacements or ongoing effects: only such a card's
        # moves change what the engine's indexes of them hold (GameState.rules_version).
        self.reacts = _reacts(tpl)

    def __repr__(self) -> str:
        return f"<{self.id} {self.zone}@{self.at}>"


def _reacts(tpl) -> bool:
    return bool(tpl.hooks_by_happening) or any(
        getattr(ab, "static", None) is not None for ab in tpl.abilities)


class LastKnown:
    """A card as it last was in play: its public state, taken just before it left.

    A trigger on a card leaving play ("whenever a unit here dies") is tested against this
    record, not against the card, which by then is elsewhere with its place, controller and
    granted keywords gone ("last known information"). It reads like a `CardObj` for every
    filter (kind, name, controller, at, damage, tpl, the game's own fields in `ext`) and carries
    the keywords the card had, granted ones included; `card` is the card itself, which the
    triggered event acts on.
    """

    __slots__ = ("card", "id", "tpl", "name", "kind", "also_kind", "owner", "controller",
                 "zone", "at", "ext", "damage", "tapped", "flags", "counters", "incarnation",
                 "token", "keywords")

    def __init__(self, card: CardObj, keywords: frozenset):
        self.card = card
        self.id, self.tpl, self.name, self.kind = card.id, card.tpl, card.name, card.kind
        self.also_kind = card.also_kind
        self.owner, self.controller, self.zone = card.owner, card.controller, card.zone
        self.at, self.ext, self.damage, self.tapped = card.at, dict(card.ext), card.damage, \
            card.tapped
        self.flags, self.counters = frozenset(card.flags), dict(card.counters)
        self.incarnation, self.token = card.incarnation, card.token
        self.keywords = keywords

    def __repr__(self) -> str:
        return f"<last known {self.id} {self.zone}@{self.at}>"


@dataclass
class PlayerState:
    """One player's counters and zones (lists of cards, first = top)."""

    name: str
    counters: dict = field(default_factory=dict)
    zones: dict = field(default_factory=dict)
    set_counters: set = field(default_factory=set)


class GameState:
    """Every card and player; zone moves keep each card in exactly one place."""

    def __init__(self, players: list[str], zones: list[str], counters: dict,
                 card_ext: dict | None = None):
        self.order = list(players)
        # A player's place in `order`: where their zones' cards come in `in_zones`.
        self.ranks = {p: i for i, p in enumerate(players)}
        self.players = {p: PlayerState(p, dict(counters), {z: [] for z in zones}) for p in players}
        self.shared: dict[str, list] = {}
        self.shared_counters: dict[str, int] = {}   # counters of no player (a common pool)
        self.cards: dict[str, CardObj] = {}
        self.active = players[0]
        self.winner: str | None = None   # set by a rule of the game that ends it
        self.over = False                # the game has ended (Game.end_game); no winner: a draw
        self.ended_by: str | None = None  # why it ended, in words
        self.version = 0                 # bumped on every zone change (see in_zones)
        self.watched_version = 0         # bumped when a card enters or leaves a watched zone
        self.rules_version = 0           # bumped when a card that `reacts` changes zone
        # The zones whose cards' hooks and ongoing effects count (None: every zone): a
        # card that reacts moving between two other zones (hand to the cast zone) leaves
        # `rules_version` as it is. The game says which (`watch`).
        self.watched: frozenset | None = None
        # Told of each move that bumps `rules_version`, as (card, zone before, zone after,
        # put on top), once the card is in its new place: the game keeps its indexes of hooks
        # and ongoing effects up to date with it instead of rebuilding them (None: nobody).
        self.rules_moved = None
        # The fields the game adds to its cards (name -> CardField), by what is done with them.
        card_ext = card_ext or {}
        self.ext_start = {n: None for n in card_ext}
        self.ext_places = [(n, f.in_play) for n, f in card_ext.items() if f.type == "place"]
        self.ext_links = [n for n, f in card_ext.items() if f.type in ("card", "held_by")]
        self.ext_held = [n for n, f in card_ext.items() if f.type == "held_by"]
        self.holding: dict = {}          # (field, card id) -> the cards it holds (see link)
        self._in_zones: dict = {}
        self._reacting: dict = {}
        self._of_kind: dict = {}
        self._names: dict[str, int] = {}

    def new_card(self, tpl, owner: str, cid: str | None = None) -> CardObj:
        """Make a card object with a unique id (the name, then 'Name#2', ...)."""
        if cid is None:
            n = self._names.get(tpl.name, 0) + 1
            self._names[tpl.name] = n
            cid = tpl.name if n == 1 else f"{tpl.name}#{n}"
            while cid in self.cards:
                n += 1
                self._names[tpl.name] = n
                cid = f"{tpl.name}#{n}"
        card = CardObj(cid, tpl, owner, self.ext_start)
        self.cards[cid] = card
        return card

    def watch(self, zones) -> None:
        """Say that the cards of `zones` are read through `rules_version` (a game's play and
        trigger zones); until the first call every zone is."""
        zones = frozenset(zones)
        self.watched = zones if self.watched is None else self.watched | zones
        self.watched_version += 1            # what was kept under the old set is read anew

    def touch(self) -> None:
        """Say that zones changed other than through `put` (a shuffle, a setup)."""
        self.version += 1
        self.watched_version += 1
        self.rules_version += 1

    def link(self, card: CardObj, name: str, other: CardObj | None) -> None:
        """Set the card's own field `name` (a "card" or "held_by" field of its game) to
        `other` (None: to no card). A "held_by" link is kept both ways, so a card leaving play
        drops what it held without a look at the whole board."""
        old = card.ext.get(name)
        if old is not None:
            held = self.holding.get((name, old.id))
            if held is not None and card in held:
                held.remove(card)
        card.ext[name] = other
        if other is not None and name in self.ext_held:
            self.holding.setdefault((name, other.id), []).append(card)

    def holds(self, holder, card) -> bool:
        """Does `holder` hold `card` through one of its game's "held_by" fields (a unit
        carrying an artifact)? What 'its bearer' names."""
        held = getattr(card, "card", card)       # a last-known record reads as its card
        return any(held.ext.get(n) is getattr(holder, "card", holder) for n in self.ext_held)

    def entered(self, card: CardObj, at) -> None:
        """The card entered play at `at` (None: at no location): its place fields say so."""
        for name, in_play in self.ext_places:
            card.ext[name] = in_play if at is not None else None

    def stand_with(self, card: CardObj, other: CardObj) -> None:
        """The card stands where `other` does: its location and its place fields."""
        card.at = other.at
        for name, _ in self.ext_places:
            card.ext[name] = other.ext.get(name)

    def set_face(self, card: CardObj, face: Face) -> None:
        """Lay `face` over the card's current one: from now on it reads as `face.tpl` (name,
        kind, stats, keywords, abilities), until `drop_face` takes it back or the card
        leaves play. What the game did to the card (damage, counters, place) stays."""
        card.faces.append(face)
        self._show(card)

    def drop_face(self, card: CardObj, key) -> bool:
        """Take back the faces `key` laid on the card: it reads as the face beneath (at last
        its printed one). Whether there was one."""
        kept = [f for f in card.faces if f.key != key]
        if len(kept) == len(card.faces):
            return False
        card.faces = kept
        self._show(card)
        return True

    def _show(self, card: CardObj) -> None:
        faces = card.faces
        tpl = faces[-1].tpl if faces else card.printed
        beneath = (faces[-2].tpl if len(faces) > 1 else card.printed) if faces else None
        card.also_kind = beneath.kind if faces and faces[-1].keeps_kind and \
            beneath.kind != tpl.kind else None
        card.tpl, card.name, card.kind = tpl, tpl.name, tpl.kind
        # What reacts, and which kind is where, changed: every index of them is rebuilt.
        card.reacts = card.reacts or _reacts(tpl)
        self.touch()

    def left(self, card: CardObj) -> None:
        """The card left play: it is at no place and linked to no card, what it held is
        dropped where it stood, and it is its printed self again (a face lasts in play)."""
        if card.faces:
            card.faces = []
            self._show(card)
        for name, _ in self.ext_places:
            card.ext[name] = None
        for name in self.ext_links:
            self.link(card, name, None)
        for name in self.ext_held:
            for other in self.holding.pop((name, card.id), ()):
                if other.ext.get(name) is card:
                    other.ext[name] = None

    def put(self, card: CardObj, zone: str | None, player: str | None = None, *, top=False):
        """Move a card to a zone (of `player`, default its owner; None: out of the game)."""
        self.version += 1
        watched = self.watched
        reacted = False
        frm = card.zone
        if watched is None or frm in watched or zone in watched:
            self.watched_version += 1
            if card.reacts:
                self.rules_version += 1
                reacted = self.rules_moved is not None
        old = self._list_of(card)
        if old is not None:
            try:
                old.remove(card)             # (one pass: no `in` before it)
            except ValueError:
                pass
        card.zone = zone
        if zone is None:
            card.extra.pop("zone_of", None)
        else:
            if zone in self.shared and (player is None or
                                        zone not in self.players[player].zones):
                lst = self.shared[zone]
                card.extra["zone_of"] = None
            else:
                holder = player or card.owner
                lst = self.players[holder].zones.setdefault(zone, [])
                card.extra["zone_of"] = holder
            lst.insert(0, card) if top else lst.append(card)
        if reacted:
            self.rules_moved(card, frm, zone, top)

    def place(self, card: CardObj, zone: str, holder: str | None) -> None:
        """Lay a card out at the bottom of a zone of `holder` (None: a shared zone) as a
        setup does; the caller says `touch()` once the whole setup is laid out."""
        lst = self.shared[zone] if holder is None else self.players[holder].zones[zone]
        lst.append(card)
        card.zone = zone
        card.extra["zone_of"] = holder

    def _list_of(self, card: CardObj):
        if card.zone is None:
            return None
        holder = card.extra.get("zone_of", card.owner)
        if holder is None:
            return self.shared.get(card.zone)
        return self.players[holder].zones.get(card.zone)

    def in_zones(self, zones) -> list[CardObj]:
        """Every card in these zones, players in turn order then shared zones.

        The list is kept until one of those zones may have changed: for watched zones (the
        game's play and trigger zones) until a card enters or leaves one
        (`watched_version`), else until any zone changes (`version`). Callers read it,
        never change it.
        """
        if zones.__class__ is not tuple:
            zones = tuple(zones)
        watched = self.watched
        key = self.watched_version if watched is None or watched.issuperset(zones) else \
            -1 - self.version
        cached = self._in_zones.get(zones)
        if cached is not None and cached[0] == key:
            return cached[1]
        out = self._gather(zones)
        self._in_zones[zones] = (key, out)
        return out

    def of_kind(self, zones, kind: str) -> list[CardObj]:
        """The cards of `in_zones(zones)` whose current kind is `kind`, in the same order
        (a player's avatar, looked for at every cast). Kept while `in_zones` hands out the
        same list: a face changing a card's kind moves every version. Callers read it,
        never change it."""
        if zones.__class__ is not tuple:
            zones = tuple(zones)
        cards = self.in_zones(zones)
        key = (zones, kind)
        cached = self._of_kind.get(key)
        if cached is not None and cached[0] is cards:
            return cached[1]
        out = [c for c in cards if c.kind == kind]
        self._of_kind[key] = (cards, out)
        return out

    def reacting_in(self, zones) -> list[CardObj]:
        """The cards of `in_zones(zones)` that `react` (triggers, replacements, ongoing
        effects), in the same order: what the engine's indexes of hooks and ongoing effects
        are built from.

        Kept until such a card enters or leaves a watched zone (`rules_version`), or, for
        zones not all watched, until any zone changes. Callers read it, never change it.
        """
        if zones.__class__ is not tuple:
            zones = tuple(zones)
        watched = self.watched
        key = self.rules_version if watched is None or watched.issuperset(zones) else \
            -1 - self.version
        cached = self._reacting.get(zones)
        if cached is not None and cached[0] == key:
            return cached[1]
        out = [c for c in self.in_zones(zones) if c.reacts]
        self._reacting[zones] = (key, out)
        return out

    def _gather(self, zones) -> list[CardObj]:
        out: list = []
        players = self.players
        if len(zones) == 1:                  # the usual case: the one play zone
            z = zones[0]
            for p in self.order:
                cards = players[p].zones.get(z)
                if cards:
                    out += cards
        else:
            for p in self.order:
                held = players[p].zones
                for z in zones:
                    cards = held.get(z)
                    if cards:
                        out += cards
        if self.shared:
            for z in zones:
                cards = self.shared.get(z)
                if cards:
                    out += cards
        return out

    def opponents(self, player: str) -> list[str]:
        return [p for p in self.order if p != player]
