"""The cards and the trace's words of the hand-written game (handgame.py), made once.

The game's 11 cards as playgame.py declares them (names, powers, ability texts), the rules a
trace entry names (interpreter/why.py's mappings, written out), and an entry template for
each kind of entry: `handgame.play` copies one and sets the fields that differ, so that
building an entry formats no string and makes no rule.
"""

from __future__ import annotations

PLAYERS = ("alice", "bob")
SQUARES = [3, 7, 8, 9, 13, 12, 14, 18]       # playgame.SQUARES
# playgame.DECK, in its order (rng.choice draws an index): name, power (None: a magic spell)
DECK = [("Ember Pup", 2), ("Grave Bell", 3), ("Spite Wisp", 1), ("Thorn Warden", 4),
        ("Hurt Hound", 3), ("Brood Mother", 2), ("Shardfall", None), ("Tidal Surge", None),
        ("Life Siphon", None), ("Culling", None)]
PUP, BELL, WISP, WARDEN, HOUND, MOTHER, SHARD, SURGE, SIPHON, CULL, WHELP = range(11)
TEXT = {
    BELL: "Whenever a minion dies, your opponent loses 1 life",
    WISP: "Whenever an allied minion dies, your opponent loses 1 life",
    WARDEN: "Whenever an enemy minion enters play, you gain 1 life",
    HOUND: "Whenever an allied minion is dealt damage, you lose 1 life",
    PUP: "Genesis → Deal 1 damage to each enemy minion here",
    MOTHER: 'Genesis → Summon two "Brood Whelp" tokens here',
    SHARD: "Deal 1 damage to a unit you choose, three times, one at a time",
    SURGE: "Deal 2 damage to each minion",
    SIPHON: "Your opponent loses 4 life",
    CULL: "Kill an enemy minion you choose",
}
NOTHING_SHARD = ("Deal 1 damage to a unit you choose: nothing to damage",)
NOTHING_SURGE = ("Deal 2 damage to each minion: nothing to damage",)
NOTHING_PUP = ("Deal 1 damage to each enemy minion here: nothing to damage",)
NOTHING_CULL = ("Kill an enemy minion you choose: nothing to kill",)
REST_LABEL = "Shardfall (cast, remaining part)"


def _rule(setting, value, text):
    """A rule as a trace entry names it (interpreter/why.py `rule`)."""
    return {"setting": setting, "value": value, "text": text}


PLACED = _rule("new_events", "front", "new events interrupt: it went to the front of the "
                                      "storyline")
PLAYERS_ADD = _rule("players_add", "active_first", "the active player's triggers were added "
                                                   "first, so they resolve last")
ORDERED = tuple(_rule("trigger_order", "each_controller",
                      f"{p} ordered their own simultaneous triggers") for p in PLAYERS)
IGNORED = _rule("source_left_play", "ignore_unless_split",
                "its source left play before it began: ignored")
SPLIT = {r: (_rule("split_on", r, f"split ({r}): the rest of the event waits behind what its "
                                  "first part caused"),) for r in ("one at a time", "leave_play")}
GAME_OVER = (_rule("end_game", True, "a rule of the game ended the game"),)
# A trigger's rules by (controller, placed + 2 * both players + 4 * ordered): made once.
RULES = tuple(tuple(tuple(r for r, on in ((PLACED, m & 1), (PLAYERS_ADD, m & 2),
                                          (ORDERED[p], m & 4)) if on) for m in range(8))
              for p in range(2))
# What waits on the storyline: a triggered event, a Genesis, the rest of a split Shardfall.
EVENT_TRIG, EVENT_GENESIS, EVENT_REST = range(3)
WHELP_NAME = "Brood Whelp"

_IDS: dict = {}          # (name, n) -> the engine's card id: 'Name', 'Name#2', ...
_T: dict = {}            # the entries' templates and strings, made once a process


def card_id(name, n):
    """The id the engine gives the `n`th card of a name (GameState.new_card)."""
    key = (name, n)
    cid = _IDS.get(key)
    if cid is None:
        cid = _IDS[key] = name if n == 1 else f"{name}#{n}"
    return cid


def _template(kind, source, controller, text, *, subjects=False, split=False, **fields):
    """An entry in the engine's key order, its fields defaulted; copied, then the fields
    that differ set (a dict copy is cheaper than a display of 17 keys)."""
    entry = {"id": None, "status": "done", "kind": kind, "source": source, "source_id": None,
             "controller": controller, "text": text, "parent": None, "subject": None,
             "from": None, "to": None, "part": 1, "did": (), "rules": (), "cause": None}
    entry.update(fields)
    if subjects:
        entry["subjects"] = ()
    if split:
        entry["split"] = None
    entry["storyline"] = ()
    return entry


def templates() -> dict:
    """The trace's strings and entry templates, one object each."""
    if _T:
        return _T
    t = _T
    names = [n for n, _ in DECK] + [WHELP_NAME]
    t["dmg"] = {a: {n: f"{a} damage to {n}" for n in names} for a in (1, 2)}
    t["dies"] = {n: f"{n} dies (lethal damage)" for n in names}
    t["kill"] = {n: (f"kill {n}",) for n in names}
    t["whelps"] = {sq: (f"summon {WHELP_NAME}, {WHELP_NAME} to {sq}",) for sq in SQUARES}
    for p, who in enumerate(PLAYERS):
        other = PLAYERS[1 - p]
        life_did = {BELL: f"{other} loses 1 life", WISP: f"{other} loses 1 life",
                    WARDEN: f"{who} gains 1 life", HOUND: f"{who} loses 1 life"}
        for kind, (name, power) in enumerate(DECK):
            if power is not None:
                for sq in SQUARES:
                    t["summon", kind, p, sq] = _template(
                        "cast", name, who, f"summon {name} to {sq}", subject=name, to=sq,
                        did=(f"{name} enters the realm at {sq}",))
            if kind in life_did:
                t["triggered", kind, p] = _template("triggered", name, who, TEXT[kind],
                                                    did=(life_did[kind],))
            elif kind in (PUP, MOTHER):
                for subj in (False, True):
                    t["genesis", kind, p, subj] = _template("genesis", name, who, TEXT[kind],
                                                            subjects=subj)
            elif kind == SHARD:
                for subj in (False, True):
                    for split in (False, True):
                        t["shard", p, subj, split] = _template(
                            "cast", name, who, TEXT[kind], subjects=subj, split=split)
            else:
                for subj in (False, True):
                    t["spell", kind, p, subj] = _template("cast", name, who, TEXT[kind],
                                                          subjects=subj)
        t["siphon", p] = (f"{other} loses 4 life",)
    return t


