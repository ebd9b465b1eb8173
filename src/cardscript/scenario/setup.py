"""Check a scenario's `setup` block: every value by its type and range, at the value.

What needs only the file and the ruleset's declarations (its zones, counters, the zones in
play) is checked here, when the file loads. Where a card in play stands (`at:` and the game's
place fields) also needs the card's kind, so the ruleset's `check_places` judges it when the board is laid
out (runner.build_state), still before the first action.
"""

from __future__ import annotations

from ..errors import did_you_mean
from .values import check_player, describe, is_int, is_name, unknown_key

# The card-entry keys every game has; a ruleset adds its own with their types (`card_keys`:
# "flag", "count", "count_or_true", "name"; and its card fields, `card_ext`).
CARD_KEYS = {"card", "id", "at", "controller", "tapped", "exhausted", "damage", "counters"}
BOOL_KEYS = {"tapped", "exhausted"}
COUNT_KEYS = {"damage"}                               # whole numbers, 0 or more
NAME_KEYS = {"card", "id"}
_TYPED = {"flag": BOOL_KEYS, "count": COUNT_KEYS, "count_or_true": COUNT_KEYS,
          "name": NAME_KEYS}


def card_keys(ruleset) -> dict:
    """Every card-entry key of the ruleset's scenarios with its type (None: an unknown
    ruleset, so only the keys every game has). The game's own card fields (`card_ext`) are
    keys too: a "place" takes a name of a place, a linked card is named."""
    keys = {k: next((t for t, ks in _TYPED.items() if k in ks), "any") for k in CARD_KEYS}
    if ruleset is not None:
        keys.update({n: "place" if f.type == "place" else "name"
                     for n, f in ruleset.card_ext.items()})
        keys.update(ruleset.card_keys)
    return keys


def check_setup(sc, ruleset) -> None:
    """Check `setup:`; `ruleset` is None when its name is unknown (the run reports that)."""
    setup = sc.data.get("setup")
    if setup is None:
        return
    if not isinstance(setup, dict):
        raise sc.error("setup: is a mapping of players to their zones and counters", "setup",
                       code="S007", hint="e.g. setup: {alice: {hand: [CARD], life: 20}}")
    ids: dict = {}                 # an id given with `id:` -> the span of its first use
    for who, zones in setup.items():
        check_player(sc, who, "setup", ("key", who), shared_ok=True)
        if zones is None:
            continue
        if not isinstance(zones, dict):
            raise sc.error(f"setup.{who} is a mapping of zones and counters", "setup", who,
                           code="S007", hint="e.g. hand: [CARD] or life: 20")
        for zone, val in zones.items():
            key = ("setup", who, zone)
            if not isinstance(zone, str):
                raise sc.key_error(f"{zone!r} is not a zone or counter name", *key, code="S007")
            if isinstance(val, list):
                _check_zone(sc, ruleset, who, zone, key)
                for i, entry in enumerate(val):
                    _check_card_entry(sc, ruleset, entry, ids, zone, *key, i)
            elif val is None:
                _check_left_empty(sc, ruleset, who, zone, key)
            elif is_int(val):
                _check_counter(sc, ruleset, who, zone, val, key)
            else:
                raise sc.error(f"{who}.{zone} must be a number (a counter) or a list (a zone), "
                               f"not {describe(val)}", *key, code="S007",
                               hint=f"e.g. {zone}: 20, or {zone}: [CARD]")


def _zones(ruleset, who) -> set:
    return set() if who == "shared" else set(ruleset.zones)


def _check_zone(sc, ruleset, who, zone, key) -> None:
    if ruleset is None or who == "shared" or zone in ruleset.zones:
        return
    raise sc.key_error(f"unknown zone {zone!r} for {ruleset.name}", *key, code="S012",
                       hint=" ".join(filter(None, [
                           did_you_mean(zone, ruleset.zones),
                           f"{ruleset.name} zones: " + ", ".join(ruleset.zones) +
                           "; a number is a counter (life: 20)"])))


def _check_left_empty(sc, ruleset, who, zone, key) -> None:
    """`hand:` with nothing after it is an empty zone; a counter left empty is an error."""
    if ruleset is None:
        return
    counters = ruleset.shared_counters if who == "shared" else ruleset.counters
    if zone in _zones(ruleset, who) or (who == "shared" and zone not in counters):
        return
    start = counters.get(zone)
    raise sc.key_error(f"{who}.{zone} is left empty: a counter needs a number", *key,
                       code="S007", hint=f"e.g. {zone}: {start if start is not None else 0}" +
                       ("" if start is None else
                        f", or leave the line out to start at {start}"))


def _check_counter(sc, ruleset, who, zone, val, key) -> None:
    if ruleset is not None and zone in _zones(ruleset, who):
        raise sc.error(f"{zone} is a zone of {ruleset.name}: it takes a list of cards, not a "
                       f"number", *key, code="S007", hint=f"e.g. {zone}: [CARD], or {zone}: []")
    if val < 0:
        raise sc.error(f"{who}.{zone} must be 0 or more, not {val}", *key, code="S007",
                       hint="a counter counts something; it starts at 0 at least")


def _check_card_entry(sc, ruleset, entry, ids, zone, *key) -> None:
    if not isinstance(entry, dict):
        if not is_name(entry):
            raise sc.error(f"a zone lists card names or {{card: NAME, ...}} entries, not "
                           f"{describe(entry)}", *key, code="S008",
                           hint="e.g. hand: [CARD, OTHER CARD]")
        return
    if "card" not in entry:
        raise sc.error("a card entry needs 'card: NAME'", *key, code="S008",
                       hint="e.g. {card: NAME, id: first}")
    keys = card_keys(ruleset)
    for k, v in entry.items():
        refused = ruleset.refused_card_keys.get(k) if ruleset is not None else None
        if refused is not None:     # a key the game says a setup cannot set (message, hint)
            raise sc.key_error(refused[0], *key, k, code="S008", hint=refused[1])
        if k not in keys:
            unknown_key(sc, k, set(keys), "card entry", *key, code="S008")
        _check_card_value(sc, k, keys[k], v, *key, k)
    placing = [k for k in ("at", *(k for k, t in keys.items() if t == "place"))
               if entry.get(k) is not None]
    if placing:
        if ruleset is not None and zone not in ruleset.policy.play_zones:
            k = placing[0]
            raise sc.error(f"{k}: places a card in play; a card in {zone} has no place there",
                           *key, k, code="S008", hint="cards in play are in: " +
                           ", ".join(ruleset.policy.play_zones) + f"; remove {k}:")
    if "id" in entry:
        cid = str(entry["id"])
        if cid in ids:
            first = ids[cid]
            raise sc.error(f"two cards of the setup have the id {cid!r}", *key, "id",
                           code="S008", hint=f"the first is on line {first.line}; give each "
                                             "card its own id" if first else None)
        ids[cid] = sc.span(*key, "id")


def _check_card_value(sc, k, kind, v, *where) -> None:
    """One value of a card entry, by the type its key takes."""
    if kind == "flag" and not isinstance(v, bool):
        raise sc.error(f"{k}: must be true or false, not {describe(v)}", *where, code="S008")
    if kind == "count_or_true" and isinstance(v, bool):
        return                                  # an on/off token: true is one
    if kind in ("count", "count_or_true"):
        if not is_int(v):
            raise sc.error(f"{k}: must be a whole number, not {describe(v)}", *where,
                           code="S008", hint=f"e.g. {k}: 2")
        if v < 0:
            raise sc.error(f"{k}: must be 0 or more, not {v}", *where, code="S008")
    if kind == "name" and not is_name(v):
        raise sc.error(f"{k}: must be a name, not {describe(v)}", *where, code="S008")
    if kind == "place" and not (v is None or isinstance(v, str)):
        raise sc.error(f"{k}: must be a {k}'s name, not {describe(v)}", *where, code="S008")
    if k == "at" and not (v is None or is_int(v) or isinstance(v, str)):
        raise sc.error(f"at: must be a location (a whole number, or a name), not "
                       f"{describe(v)}", *where, code="S008", hint="e.g. at: 8")
    if k == "controller":
        check_player(sc, v, *where)
    if k == "counters" and not (isinstance(v, dict) and all(
            isinstance(n, str) and is_int(c) and c >= 0 for n, c in v.items())):
        raise sc.error("counters: is a mapping of names to whole numbers, 0 or more", *where,
                       code="S008", hint="e.g. counters: {charge: 2}")
