"""A ruleset's resolution policy, declared as data and checked when loaded."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

CHOICES = {
    "new_events": {"front", "back"},
    "trigger_order": {"each_controller", "active_player"},
    "players_add": {"active_first", "active_last"},
    "source_left_play": {"ignore_unless_split", "ignore", "resolve"},
    "targets_chosen": {"on_announce"},
    "illegal_target": {"proceed", "fizzle"},
    "state_check_timing": {"each_step", "end_of_event"},
}


class PolicyError(ValueError):
    """A policy file names a setting or value the engine does not have."""


@dataclass(frozen=True)
class Policy:
    """How a ruleset resolves events. Every field is a declared choice; see docs/engine.md."""

    name: str
    new_events: str = "front"                 # where a triggered event goes
    split_on: frozenset = frozenset()          # happening kinds that split a resolving event
    split_on_then: bool = False                # each 'then' starts a new event part
    split_between_lines: bool = False          # each line of a spell's text starts a new part
    split_one_at_a_time: bool = True           # 'one at a time' splits between its parts
    search_completes_first: bool = True        # no split inside a search and its shuffle
    trigger_order: str = "each_controller"     # who orders simultaneous triggers
    players_add: str = "active_first"          # active_first: the active player's resolve last
    source_left_play: str = "resolve"          # what happens when a source leaves play
    play_zones: tuple = ("play",)              # zones whose cards are 'in play'
    trigger_zones: tuple = ("play",)           # zones whose cards' hooks listen
    targets_chosen: str = "on_announce"
    illegal_target: str = "proceed"
    cast_zone: str | None = None               # where a cast card waits while on the storyline
    resolved_spells: dict = field(default_factory=dict)  # card kind -> zone after resolving
    max_steps: int = 10000
    state_check_timing: str = "each_step"      # end_of_event: rules checked once an event ends
    # The ruleset's own settings (its `policy_settings`), by name: read by its own code
    # through `setting`, never by the interpreter.
    settings: dict = field(default_factory=dict)

    def setting(self, name: str):
        """The value of one of the ruleset's own settings."""
        return self.settings[name]

    def replace(self, **changes) -> "Policy":
        """A copy with some settings changed, the ruleset's own ones included."""
        own = {k: changes.pop(k) for k in list(changes) if k in self.settings}
        return dataclasses.replace(self, settings={**self.settings, **own}, **changes)

    @classmethod
    def from_dict(cls, data: dict, extensions: dict | None = None) -> "Policy":
        """Build a Policy from plain data (a ruleset's policy table), rejecting unknown settings.

        `extensions` are the ruleset's own settings, `{name: (allowed values, default)}`;
        their values are checked the same way and kept in `settings`.
        """
        extensions = extensions or {}
        known = (set(cls.__dataclass_fields__) - {"settings"}) | set(extensions)
        extra = set(data) - known
        if extra:
            raise PolicyError(f"unknown policy settings: {sorted(extra)}; known: {sorted(known)}")
        choices = {**CHOICES, **{k: allowed for k, (allowed, _) in extensions.items()}}
        for key, allowed in choices.items():
            if key in data and data[key] not in allowed:
                raise PolicyError(f"policy {key}={data[key]!r}: expected one of {sorted(allowed)}")
        data = dict(data)
        data["settings"] = {k: data.pop(k, default) for k, (_, default) in extensions.items()}
        for key in ("split_on",):
            if key in data:
                data[key] = frozenset(data[key])
        for key in ("play_zones", "trigger_zones"):
            if key in data:
                data[key] = tuple(data[key])
        return cls(**data)
