"""The board at each step of a run, for a storyline view (`run --boards`, `run --html`).

A run's `boards` object holds the board before the first action (`start`) and, after each
trace entry, what changed on it (`steps`, one per entry, in trace order). A board is

    {"active": P, "over": bool,
     "counters": {player: {name: n}}, "shared_counters": {name: n},
     "zones": {player: {zone: [card id, ...]}}, "shared_zones": {zone: [card id, ...]},
     "cards": {card id: {"name", "owner", "controller", "zone", "at", "region", "squares",
                         "damage", "tapped", "counters", "flags", "carried_by",
                         "attached_to"}}}

(`squares`: every location the card stands on, asked of the board as the interpreter asks it,
more than one for a unit on several; null for a card at no location)

and a change names, under each of these keys, only the items that differ from the board before
(a whole player's counters, a whole card; a card that is gone is null; `active` and `over`
whole). Applying the steps in order to `start` gives the board after each entry. What happens
between two entries (an action paying its cost before its first event) belongs to the later
one; what happens after the last entry (a resolved spell put away) to the last, so the last
board is the run's final `state`. A run with no entry has no step. `view` is the
ruleset's drawing data, `texts` each card's text by name and `actions` the scenario's actions;
each step names the action (0-based) that was being played.
"""

from __future__ import annotations

from ..interpreter.select import squares_of

# Fields games add to a card (a ruleset's `card_ext`) that the JSON of `run` shows for every
# card of every game (a public contract, docs/scenarios.md), in these places: `PLACE_FIELDS`
# right after `at` (state and boards), `LINK_FIELDS` last in a board's card; a game without
# such a field shows null.
PLACE_FIELDS = ("region",)
LINK_FIELDS = ("carried_by", "attached_to")


def shown_fields(card, names) -> dict:
    """The card's game fields under `names` as JSON: a linked card by its id, null for a
    field its game does not have."""
    out = {}
    for name in names:
        value = card.ext.get(name)
        out[name] = getattr(value, "id", value)
    return out


def board(game) -> dict:
    """The whole board now, in the form above."""
    st = game.state
    return {
        "active": st.active, "over": st.over,
        "counters": {p: dict(ps.counters) for p, ps in st.players.items()},
        "shared_counters": dict(st.shared_counters),
        "zones": {p: {z: [c.id for c in cs] for z, cs in ps.zones.items()}
                  for p, ps in st.players.items()},
        "shared_zones": {z: [c.id for c in cs] for z, cs in st.shared.items()},
        "cards": {c.id: _card(game, c) for c in st.cards.values()},
    }


def _card(game, c) -> dict:
    return {"name": c.name, "owner": c.owner, "controller": c.controller, "zone": c.zone,
            "at": c.at, **shown_fields(c, PLACE_FIELDS),
            "squares": squares_of(game, c) if c.at is not None else None, "damage": c.damage,
            "tapped": c.tapped, "counters": dict(c.counters), "flags": sorted(c.flags),
            **shown_fields(c, LINK_FIELDS)}


def changes(before: dict, after: dict) -> dict:
    """What differs between two boards, item by item (see the module's docstring)."""
    out: dict = {}
    for key, new in after.items():
        old = before.get(key)
        if not isinstance(new, dict):
            if new != old:
                out[key] = new
            continue
        old = old or {}
        diff = {k: v for k, v in new.items() if old.get(k) != v}
        diff.update({k: None for k in old if k not in new})
        if diff:
            out[key] = diff
    return out


def card_text(tpl) -> str:
    """A card as a player reads it: its header line, then each ability's words."""
    stats = ", ".join(f"{k} {v}" for k, v in tpl.stats.items())
    head = f"{tpl.name}: {'token ' if tpl.token else ''}{tpl.kind}" + (f", {stats}" if stats
                                                                       else "")
    lines = [head]
    if tpl.keywords:
        lines.append(", ".join(k if v is True else f"{k} {v}" for k, v in tpl.keywords.items()))
    lines.extend(ab.text for ab in tpl.abilities if ab.text)
    return "\n".join(lines)


class BoardRecorder:
    """Watches a game (its `observer`) and keeps the board after each trace entry."""

    def __init__(self, game, ruleset, actions: list):
        self.game = game
        self.action = None              # the action being played (0-based), set by the runner
        self._last = board(game)
        self._before_last = self._last
        self.data = {"view": dict(ruleset.view), "actions": [dict(a) for a in actions],
                     "texts": {}, "start": self._last, "steps": []}

    def after_entry(self, game) -> None:
        """Called after each trace entry: note what changed on the board."""
        now = board(game)
        entry = game.trace[-1]
        self.data["steps"].append({"after": entry["id"], "action": self.action,
                                   "changed": changes(self._last, now)})
        self._before_last, self._last = self._last, now

    def finish(self) -> dict:
        """The `boards` object, with the text of every card that was on the board."""
        steps = self.data["steps"]
        if steps:
            steps[-1]["changed"] = changes(self._before_last, board(self.game))
        texts = self.data["texts"]
        for c in self.game.state.cards.values():
            if c.name not in texts:
                texts[c.name] = card_text(c.tpl)
        return self.data
