"""KeyForge's board: the battleline, creature stats, the damage and destruction sequences.

The battleline is an ordered zone: a creature's `at` is its position, 1 = the left flank.
Upgrades sit in the battleline right after the creature they are attached to and stand at its
position. What a card is only for one turn or one stay in play (armor used, ward spent, armor
gained "this turn", a tag for destruction) is kept in `card.extra`, keyed so a new stay in play
(a new incarnation) starts clean.
"""

from __future__ import annotations

from ...interpreter.rules import Split
from ...library.common import named_kinds
from ...library.moves import in_play, leave_play

LINE = "battleline"
CREATURE = "creature"


# --- per-stay state ---------------------------------------------------------------------
def mark(card) -> dict:
    """What the game has done to this stay in play of the card (cleared when it re-enters)."""
    kept = card.extra.get("kf")
    if kept is None or kept[0] != card.incarnation:
        kept = card.extra["kf"] = (card.incarnation, {})
    return kept[1]


def override(card, stat):
    """A stat the scenario set on the card (`power: 3`, `armor: 1`, `ward: 1`), or None."""
    return (card.extra.get("stats") or {}).get(stat)


# --- the battleline -------------------------------------------------------------------
def creatures(game, player) -> list:
    """A player's creatures, left flank first."""
    return [c for c in game.state.players[player].zones.get(LINE, ()) if c.kind == CREATURE]


def renumber(game, player=None) -> None:
    """Close up the battleline: creatures at 1..n in order, each upgrade where its creature is.

    A setup that gives positions (`at:`) is sorted by them first; upgrades follow their creature.
    """
    for p in [player] if player else game.state.order:
        line = game.state.players[p].zones.get(LINE)
        if not line:
            continue
        mine = [c for c in line if c.kind == CREATURE]
        if any(c.at is None or not isinstance(c.at, int) for c in mine):
            ranked = mine
        else:
            ranked = sorted(mine, key=lambda c: c.at)
        order = []
        for i, c in enumerate(ranked, 1):
            c.at = i
            order.append(c)
            for u in line:
                if u.kind != CREATURE and u.ext["attached_to"] is c:
                    u.at = i
                    order.append(u)
        order += [u for u in line if u not in order]       # an upgrade on nothing: at the end
        if order != line:
            line[:] = order
            game.state.touch()


def enter_line(game, card, player, flank="right", host=None, position=None) -> int | None:
    """Put a card into play: a creature on a flank (or, deployed, at `position` of the
    battleline), an upgrade on its creature, an artifact.

    It becomes a new object; a creature or an artifact enters play exhausted.
    """
    card.controller = player
    if card.kind == CREATURE:
        ahead = creatures(game, player)
        game.state.put(card, LINE, player, top=(flank == "left"))
        if position is not None and position <= len(ahead):
            line = game.state.players[player].zones[LINE]
            line.remove(card)
            line.insert(line.index(ahead[position - 1]), card)
            card.at = None                     # placed by its order in the line
    elif host is not None:
        game.state.put(card, LINE, host.controller)
        game.state.link(card, "attached_to", host)
        card.controller = host.controller
    else:
        game.state.put(card, "artifacts", player)
    card.incarnation += 1
    card.damage = 0
    card.tapped = host is None           # an upgrade is never used, so never exhausted
    renumber(game, card.controller)
    if card.kind != CREATURE and host is None:
        card.at = None
    game.happen("enter_play", card, card.controller, to=card.at)
    return card.at


def creature_of(game, card):
    """The creature a card stands for: itself, or for an upgrade the creature it is on."""
    if card is not None and card.kind != CREATURE and card.ext["attached_to"] is not None:
        return card.ext["attached_to"]
    return card


def creature_check(verb: str, why: str = "it is not a creature"):
    """A verb's compile-time check: the cards it is given must be creatures (E203)."""
    def check(args, known):
        what = args.get("what")
        if what is None:
            return None
        kinds = named_kinds(what, known)
        if kinds is not None and CREATURE not in kinds:
            return f"cannot {verb} {what.text}: {why}"
        return None
    return check


# --- stats ---------------------------------------------------------------------------------
def covers(game, src, sel, card) -> bool:
    """Does an ongoing effect of `src` with selector `sel` apply to `card`?

    'this creature' on an upgrade is the creature it is attached to.
    """
    if sel.pick == "self":
        kinds = sel.kinds or game.ruleset.language.nouns.get(sel.text.split()[-1].lower())
        linked = src.ext["attached_to"]
        host = linked if kinds and src.kind not in kinds and linked else src
        return host is card
    return game.matches(sel, card, None, source=src)


def power(game, card) -> int:
    p = override(card, "power")
    return int(p if p is not None else card.tpl.stat("power", 0))


def armor(game, card) -> int:
    """Printed armor, plus ongoing '+N armor', plus armor gained this turn."""
    base = override(card, "armor")
    total = int(base if base is not None else card.tpl.stat("armor", 0))
    for src, spec, args in game.statics("armor"):
        if covers(game, src, args["what"], card):
            total += int(args["n"])
    return total + mark(card).get("armor_this_turn", 0)


def stat(game, card, name: str, default: int = 0) -> int:
    """A creature's current stat (the ruleset's `stat`, which `stat_of` asks): power and armor
    as the damage steps read them; any other, as printed."""
    if name == "power":
        return power(game, card)
    if name == "armor":
        return armor(game, card)
    return card.tpl.stat(name, default)


def ward(game, card) -> int:
    """Wards on the creature: the Ward keyword gives one when it enters play (or set up)."""
    m = mark(card)
    if "ward" not in m:
        given = override(card, "ward")
        m["ward"] = int(given) if given is not None else (1 if game.has_keyword(card, "ward")
                                                          else 0)
    return m["ward"]


# --- damage --------------------------------------------------------------------------------
def deal(game, ev, card, n: int, source=None) -> int:
    """Deal n damage to a creature through the chart's damage steps; the damage actually dealt.

    1. effects that prevent damage; 2. a ward prevents it and is removed; 3. armor prevents as
    much as it has left this turn; 4. the rest is dealt.
    """
    note = ev.did.append if ev is not None else game.note
    if n <= 0 or not in_play(game, card) or card.kind != CREATURE:
        return 0
    player = ev.controller if ev is not None else None
    if not game.would("damage", card, player, amount=n, source=source):
        return 0
    for kind in ("shield", "shield_undamaged"):
        for src, spec, args in game.statics(kind):
            if covers(game, src, args["what"], card) and not (kind == "shield_undamaged"
                                                              and card.damage):
                note(f"{n} damage to {card.name} prevented ({src.name})")
                return 0
    m = mark(card)
    if ward(game, card):
        m["ward"] -= 1
        note(f"{n} damage to {card.name} prevented by its ward (ward removed)")
        return 0
    left = max(0, armor(game, card) - m.get("armor_used", 0))
    if left:
        stop = min(left, n)
        m["armor_used"] = m.get("armor_used", 0) + stop
        n -= stop
        note(f"{card.name}'s armor prevents {stop}")
    if n:
        card.damage += n
        note(f"{n} damage to {card.name}")
        game.happen("damage", card, player, amount=n, source=source)
    return n


def lethal(game, cards) -> list:
    """The creatures among `cards` with damage at least their power: tagged for destruction."""
    out = []
    for c in cards:
        if in_play(game, c) and c.kind == CREATURE and c.damage and \
                c.damage >= power(game, c) and c not in out:
            out.append(c)
    return out


# --- destruction ---------------------------------------------------------------------------
def destruction(game, cards, controller, cause="destroyed"):
    """The destruction sequence as one storyline event (kind `destroy`, source: the game).

    Part 1 tags the cards and reports `destroyed` ("Destroyed:" effects trigger, resolving
    before part 2). Part 2 puts each still-tagged card into its owner's discard with its
    upgrades (the battleline closes up) and reports `die` ("after a creature is destroyed").
    """
    for c in cards:
        mark(c)["tagged"] = True
    names = ", ".join(c.name for c in cards)

    def program(g, ev):
        tagged = [c for c in cards if in_play(g, c) and mark(c).get("tagged")]
        ev.subject = tagged[0].name if tagged else None
        ev.subjects = [c.name for c in tagged]
        ev.did.append(f"tag for destruction ({cause}): " + (", ".join(c.name for c in tagged)
                                                           or "nothing left"))
        for c in tagged:
            g.happen("destroyed", c, c.controller)
        yield Split("destroyed")
        gone = [c for c in tagged if in_play(g, c) and mark(c).get("tagged")]
        for c in gone:
            owner, upgrades = c.owner, [u for u in g.state.in_zones(g.policy.play_zones)
                                        if u.ext["attached_to"] is c]
            leave_play(g, c, "discard", why="die")
            ev.did.append(f"{c.name} goes to {owner}'s discard")
            for u in upgrades:
                leave_play(g, u, "discard", why="leave")
                ev.did.append(f"{u.name} goes to {u.owner}'s discard with it")
        if not gone:
            ev.did.append("nothing left to destroy")
        renumber(g)

    ev = game.new_event("destroy", None, controller, program, f"destroy {names}")
    ev.subject = cards[0].name if cards else None
    return ev


def destroy_now(game, ev, cards):
    """Yield the split that puts the destruction of `cards` (if any) next on the storyline."""
    cards = [c for c in cards if not mark(c).get("tagged")]
    if cards:
        yield Split("destroy", inserts=[destruction(game, cards, ev.controller)])


def drop_orphans(game):
    """Upgrades whose creature has left play go to their owner's discard (a rule of the game)."""
    for u in list(game.state.in_zones(game.policy.play_zones)):
        host = u.ext["attached_to"]
        if u.kind == "upgrade" and (host is None or not in_play(game, host)):
            leave_play(game, u, "discard", why="leave")
    renumber(game)


drop_orphans.after = frozenset({"leave_play"})
