"""The played game written out by hand: the floor of issue 16 row 6.

Row 6 asks the engine for 250,000 storyline events a second on the games of `playgame.py`.
Whether any engine written in Python could get there is a question about Python, not about
our engine, and this program answers it: a single-purpose Python program that plays exactly
those games (the same seeds, the same `random.Random(seed)` draws of card and square, the
same 11 cards under the same rules as the Sorcery engine applies them) and writes the same
trace, entry for entry and field for field, as compact JSON the same bytes
(tests/test_bench_handgame.py checks all 40 games; no field differs). It has no language,
no compiled cards and no generality: plain lists, tuples, dicts and ints, each card's
behaviour written directly. Per-card code is allowed here only because this is a measuring
stick; the engine never has any. Its figure is the best case for any Python engine: if this
program cannot reach a rate, no engine in Python that writes this trace can.

What it plays, as the engine does:

- A minion cast enters its controller's realm (each player's minions in the order they
  entered, the first player's first: the order the engine's selectors and its index of
  triggers walk). Its Genesis and the enemy Thorn Wardens trigger, in that walk's order.
- Damage is dealt to every card of a step at once; then the rule of lethal damage kills,
  in the order dealt, before any trigger is collected, so a Hurt Hound killed by the damage
  does not hear it; an allied minion killed by it is heard, as it last was. Deaths are
  heard by Grave Bells (any minion) and Spite Wisps (allied), the dying card not among them.
- Simultaneous triggers: the second player's first (the active player's were added
  first), each player's in the order made; the `players_add` rule when both players have
  some, a player's `trigger_order` rule when they have two or more from two or more cards
  (the default answer "first" keeps the order). They go to the front of the storyline, with
  the `new_events` rule when something waits behind them or when they come from a split.
- Shardfall: three parts, one at a time; a part splits (`leave_play` when its damage
  killed, else `one at a time`) unless it is the last; the rest waits behind the part's
  triggers. "A unit you choose" is the first minion of the walk (the default answer).
- Culling kills the first enemy minion of the walk. A trigger or Genesis whose card has left
  play before it begins is ignored.
- After each cast, a player at 0 life or less ends the game with a `game_over` entry.

    trace = play(seed)                      # a list of trace entries, as Game.trace
    events = play(seed, record=False)       # the same game, no trace: the events counted

`record=False` plays the same game with the trace recording replaced by nothing (no entries,
no storyline labels or snapshots, no `did` lists; each event still counted), which measures
what the trace itself costs of the floor.

Made as fast as plain CPython 3.11 allows while the trace stays the same: every string, rule
list and rule tuple is made once (handtrace.py), and an entry is a copy of a template with
the few fields that differ set; a minion is a slotted object; the storyline is a list whose
end resolves next (an event and its rules pushed, popped), its labels a parallel list copied
reversed for an entry's snapshot; triggers wait in one list a player, so ordering them is
no sort; names are bound locally; `choice`'s draws are replayed with `getrandbits` where
they are the same (`FAST_DRAWS`, checked at import; else `choice` itself).
"""

from __future__ import annotations

import random

from handtrace import (BELL, DECK, EVENT_GENESIS, EVENT_REST, EVENT_TRIG, GAME_OVER,
                       HOUND, IGNORED, MOTHER, NOTHING_CULL, NOTHING_PUP, NOTHING_SHARD,
                       NOTHING_SURGE, PLAYERS, PUP, REST_LABEL, RULES, SHARD, SIPHON, SPLIT,
                       SQUARES, SURGE, TEXT, WARDEN, WHELP, WHELP_NAME, WISP, card_id,
                       templates)

LIFE = 60
MAX_TURNS = 2_000


class Minion:
    """A minion in the realm; what its events' entries share is made once a card."""

    __slots__ = ("name", "cid", "ctrl", "at", "damage", "power", "alive", "kind", "label",
                 "who", "by", "entry", "text", "ctrl_name")

    def __init__(self, name, cid, ctrl, at, power, kind):
        self.name, self.cid, self.ctrl, self.at, self.power, self.kind = \
            name, cid, ctrl, at, power, kind
        self.damage = 0
        self.alive = True


def _replays_choice() -> bool:
    """Does drawing with `getrandbits` as `Random.choice` draws below 10 and 8 give its
    numbers here? (CPython 3.11 draws `k` bits until one is below the length.) If not, the
    game calls `choice` itself."""
    a, b = random.Random(12345), random.Random(12345)
    for i in range(400):
        n = 10 if i % 2 == 0 else 8
        r = b.getrandbits(4)
        while r >= n:
            r = b.getrandbits(4)
        if a.choice(range(n)) != r:
            return False
    return True


FAST_DRAWS = _replays_choice()


def play(seed: int = 1, record: bool = True):
    """Play playgame.py's game of `seed`: its trace (a list of entries, as `Game.trace`), or
    with `record=False` only the number of storyline events."""
    t = templates()
    dmg_text, dies_text, kill_did, whelps_did = t["dmg"], t["dies"], t["kill"], t["whelps"]
    trig, gen_event, rest_event = EVENT_TRIG, EVENT_GENESIS, EVENT_REST
    hound, warden, bell, wisp, pup, mother = HOUND, WARDEN, BELL, WISP, PUP, MOTHER
    rng = random.Random(seed)
    bits = rng.getrandbits
    choice = rng.choice
    deck = range(len(DECK))
    squares = range(len(SQUARES))
    life = [LIFE, LIFE]
    realm = ([], [])                           # minions in play a controller, order of entry
    hounds = ([], [])
    wardens = ([], [])
    mourners = ([], [])                        # Grave Bells and Spite Wisps
    made = [0] * 11                            # cards made of each kind: their ids
    trace: list = []
    append = trace.append
    # The storyline, last = resolves next: each event (kind, id, card, cause) above its
    # rules; its labels, in the same order. Triggers made wait in `pend`, a list a player.
    sl: list = []
    lab: list = []
    pend = ([], [])
    pend0, pend1 = pend
    nid = 0
    events = 0

    def leave(m):
        """A minion leaves play (dies or is killed)."""
        m.alive = False
        c = m.ctrl
        realm[c].remove(m)
        k = m.kind
        if k == hound:
            hounds[c].remove(m)
        elif k == warden:
            wardens[c].remove(m)
        elif k == bell or k == wisp:
            mourners[c].remove(m)

    def mourn(m, cause):
        """The triggers of minion `m`'s death, in the order of the board."""
        nonlocal nid
        c = m.ctrl
        for x in mourners[0]:
            if c == 0 or x.kind == bell:
                nid += 1
                pend0.append((trig, nid, x, cause))
        for x in mourners[1]:
            if c == 1 or x.kind == bell:
                nid += 1
                pend1.append((trig, nid, x, cause))

    def damage(targets, amount, cause, did):
        """Deal `amount` to each of `targets` at once; lethal damage kills; the triggers of
        the damage, then of the deaths. Whether one died."""
        nonlocal nid
        doomed = None
        texts = dmg_text[amount]
        for m in targets:
            m.damage += amount
            if did is not None:
                did.append(texts[m.name])
            if m.damage >= m.power:
                if doomed is None:
                    doomed = [m]
                else:
                    doomed.append(m)
        if doomed is not None:
            for m in doomed:
                leave(m)
                if did is not None:
                    did.append(dies_text[m.name])
        for m in targets:
            c = m.ctrl
            mine = pend[c]
            for h in hounds[c]:
                nid += 1
                mine.append((trig, nid, h, cause))
        if doomed is None:
            return False
        for m in doomed:
            mourn(m, cause)
        return True

    def place(front):
        """Put the triggers made on the storyline, ordered; `front`: 1 when the
        `new_events` rule placed them (something waits behind them, or a split)."""
        mask = front | 2 if pend0 and pend1 else front
        for c, mine in ((0, pend0), (1, pend1)):        # the first player's resolve last
            if not mine:
                continue
            if len(mine) == 1:
                ev = mine[0]
                sl.append(RULES[c][mask])
                sl.append(ev)
                if record:
                    lab.append(ev[2].label)
            else:
                one = mine[0][2]
                m = mask
                if mine[-1][2] is not one:
                    m |= 4
                else:
                    for ev in mine:
                        if ev[2] is not one:
                            m |= 4
                            break
                rules = RULES[c][m]
                for ev in reversed(mine):
                    sl.append(rules)
                    sl.append(ev)
                    if record:
                        lab.append(ev[2].label)
            mine.clear()

    def shard_part(sf, eid, part, root, rules):
        """One part of Shardfall (`sf`: [card id, controller, part]): 1 damage to the first
        unit; then a split, but after the last part."""
        nonlocal nid, events
        mine = realm[0] or realm[1]
        did = [] if record else None
        if mine:
            target = mine[0]
            killed = damage((target,), 1, eid, did)
        else:
            target = None
            killed = False
            did = NOTHING_SHARD
        if part < 3:
            reason = "leave_play" if killed else "one at a time"
            nid += 1
            sf[2] = part + 1
            sl.append(SPLIT[reason])
            sl.append((rest_event, nid, sf, root or eid))
            if record:
                lab.append(REST_LABEL)
            if pend0 or pend1:
                place(1)
        else:
            reason = None
            if pend0 or pend1:
                place(1 if sl else 0)
        if not record:
            events += 1
            return
        entry = t["shard", sf[1], target is not None, reason is not None].copy()
        entry["id"] = eid
        entry["source_id"] = sf[0]
        entry["parent"] = root
        entry["part"] = part
        entry["did"] = did
        entry["rules"] = rules
        if target is not None:
            entry["subject"] = target.name
            entry["subjects"] = (target.name,)
        if reason is not None:
            entry["split"] = reason
        if lab:
            entry["storyline"] = lab[::-1]
        append(entry)

    def genesis(card, eid, rules, cause):
        """A Genesis resolving: Ember Pup's damage here, or Brood Mother's two tokens."""
        nonlocal nid, events
        c = card.ctrl
        at = card.at
        here = None
        if card.kind == pup:
            here = [m for m in realm[1 - c] if m.at == at]
            if here:
                did = [] if record else None
                damage(here, 1, eid, did)
            else:
                did = NOTHING_PUP
        else:
            mine = realm[c]
            for _ in (0, 1):
                mine.append(Minion(WHELP_NAME, None, c, at, 1, WHELP))
            enemy = pend[1 - c]
            for _ in (0, 1):
                for w in wardens[1 - c]:
                    nid += 1
                    enemy.append((trig, nid, w, eid))
            did = whelps_did[at]
        if pend0 or pend1:
            place(1 if sl else 0)
        if not record:
            events += 1
            return
        entry = t["genesis", card.kind, c, bool(here)].copy()
        entry["id"] = eid
        entry["source_id"] = card.cid
        entry["did"] = did
        entry["rules"] = rules
        entry["cause"] = cause
        if here:
            entry["subject"] = here[0].name
            entry["subjects"] = tuple([m.name for m in here])
        if lab:
            entry["storyline"] = lab[::-1]
        append(entry)

    for turn in range(MAX_TURNS):
        p = turn & 1
        o = 1 - p
        if FAST_DRAWS:                     # rng.choice(DECK), rng.choice(SQUARES), replayed
            kind = bits(4)
            while kind >= 10:
                kind = bits(4)
            at = bits(4)
            while at >= 8:
                at = bits(4)
            at = SQUARES[at]
        else:
            kind = choice(deck)
            at = SQUARES[choice(squares)]
        name, power = DECK[kind]
        made[kind] += 1
        cid = card_id(name, made[kind])
        nid += 1
        eid = nid
        if power is not None:                          # a minion: it enters the realm
            card = Minion(name, cid, p, at, power, kind)
            realm[p].append(card)
            gen = kind == pup or kind == mother
            if gen:
                card.label = f"{name} (genesis)"
                card.text = TEXT[kind]
                card.ctrl_name = PLAYERS[p]
            else:
                card.label = f"{name} (triggered)"
                card.who, card.by = o, -1
                if kind == hound:
                    hounds[p].append(card)
                    card.who = p
                elif kind == warden:
                    wardens[p].append(card)
                    card.who, card.by = p, 1
                else:
                    mourners[p].append(card)
                entry = card.entry = t["triggered", kind, p].copy()
                entry["source_id"] = cid
                card.text, card.ctrl_name = entry["text"], entry["controller"]
            # Its Genesis and the enemy Thorn Wardens, in the walk of the board: the first
            # player's cards first.
            if gen and p == 0:
                nid += 1
                pend0.append((gen_event, nid, card, eid))
            enemy = wardens[o]
            if enemy:
                mine = pend[o]
                for w in enemy:
                    nid += 1
                    mine.append((trig, nid, w, eid))
            if gen and p == 1:
                nid += 1
                pend1.append((gen_event, nid, card, eid))
            if pend0 or pend1:
                place(0)
            if record:
                entry = t["summon", kind, p, at].copy()
                entry["id"] = eid
                entry["source_id"] = cid
                if lab:
                    entry["storyline"] = lab[::-1]
                append(entry)
            else:
                events += 1
        elif kind == SHARD:
            shard_part([cid, p, 1], eid, 1, None, ())
        else:
            subject = None
            if kind == SURGE:
                targets = realm[0] + realm[1]
                if targets:
                    did = [] if record else None
                    damage(targets, 2, eid, did)
                    subject = targets
                else:
                    did = NOTHING_SURGE
            elif kind == SIPHON:
                life[o] -= 4
                did = t["siphon", p]
            else:                                      # Culling: the first enemy minion
                enemy = realm[o]
                if enemy:
                    target = enemy[0]
                    leave(target)
                    mourn(target, eid)
                    did = kill_did[target.name]
                    subject = (target,)
                else:
                    did = NOTHING_CULL
            if pend0 or pend1:
                place(0)
            if record:
                entry = t["spell", kind, p, subject is not None].copy()
                entry["id"] = eid
                entry["source_id"] = cid
                entry["did"] = did
                if subject is not None:
                    entry["subject"] = subject[0].name
                    entry["subjects"] = tuple([m.name for m in subject])
                if lab:
                    entry["storyline"] = lab[::-1]
                append(entry)
            else:
                events += 1
        # The storyline, until it is empty.
        while sl:
            code, eid, card, cause = sl.pop()
            rules = sl.pop()
            if record:
                lab.pop()
            if code == trig:
                if card.alive:
                    life[card.who] += card.by
                    if record:
                        entry = card.entry.copy()
                        entry["id"] = eid
                        entry["rules"] = rules
                        entry["cause"] = cause
                        if lab:
                            entry["storyline"] = lab[::-1]
                        append(entry)
                    else:
                        events += 1
                    continue
            elif code == rest_event:
                shard_part(card, eid, card[2], cause, rules)
                continue
            elif card.alive:
                genesis(card, eid, rules, cause)
                continue
            # Its card left play before it began: ignored.
            if record:
                append({"id": eid, "status": "ignored",
                        "kind": "triggered" if code == trig else "genesis",
                        "source": card.name, "source_id": card.cid,
                        "controller": card.ctrl_name, "text": card.text,
                        "parent": None, "subject": None, "from": None, "to": None,
                        "part": 1, "did": (), "rules": rules + (IGNORED,), "cause": cause,
                        "storyline": lab[::-1] if lab else ()})
            else:
                events += 1
        if life[0] <= 0 or life[1] <= 0:
            if life[0] <= 0 and life[1] <= 0:
                winner, why = None, "alice and bob at 0 life"
            elif life[0] <= 0:
                winner, why = "bob", "alice at 0 life"
            else:
                winner, why = "alice", "bob at 0 life"
            if not record:
                return events + 1
            append({"id": nid + 1, "status": "done", "kind": "game_over", "source": "game",
                    "source_id": "game", "controller": winner, "text": why, "parent": None,
                    "subject": winner, "from": None, "to": None, "part": 1, "did": (why,),
                    "rules": GAME_OVER, "cause": None, "storyline": ()})
            break
    return trace if record else events


def play_games(games: int, record: bool = True) -> list:
    """`games` games, seeds 1 to `games` (playgame.play_games' workload): their traces, or
    with `record=False` each game's number of events."""
    return [play(seed, record) for seed in range(1, games + 1)]


def main(argv=None) -> int:
    """`python benchmarks/handgame.py [GAMES] [REPEATS]`: events/s of the hand-written game
    with its trace and with the trace recording replaced by nothing, the collector paused,
    best of the repeats (first pass beside it), the two interleaved; as run.py's rows, what
    a pass made is freed after its clock stops."""
    import gc
    import sys
    import time
    args = sys.argv[1:] if argv is None else argv
    games = int(args[0]) if args else 40
    repeats = int(args[1]) if len(args) > 1 else 21
    events = sum(play_games(games, record=False))
    best = {True: [], False: []}
    for _ in range(repeats):
        for record in (True, False):
            gc.collect()
            gc.disable()
            try:
                start = time.perf_counter()
                kept = play_games(games, record)       # freed after the clock stops
                best[record].append(time.perf_counter() - start)
                del kept
            finally:
                gc.enable()
    for record, name in ((True, "with its trace"), (False, "no trace recorded")):
        spent = best[record]
        print(f"hand-written game, {name:18} {events / min(spent):>10,.0f} events/s "
              f"(first pass {events / spent[0]:,.0f}; {events:,} events, {games} games, best "
              f"of {repeats})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
