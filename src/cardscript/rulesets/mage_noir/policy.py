"""Mage Noir's chain of events, as policy data. docs/rulesets/mage_noir.md maps each setting to
the rule it implements."""

POLICY = {
    "name": "mage_noir",
    # A triggered action goes into the current chain as the very next action: in front of
    # whatever the chain still holds (the rest of the spell, its discard).
    "new_events": "front",
    # Nothing a verb does interrupts an indivisible action: no happening splits it...
    "split_on": [],
    # ...but each 'then' starts a new indivisible action, and so does each paragraph (line)
    # of a spell's text; the triggers an action caused resolve before the next one.
    "split_on_then": True,
    "split_between_lines": True,
    "split_one_at_a_time": True,
    "search_completes_first": True,
    # The player whose turn it is orders every set of simultaneous actions.
    "trigger_order": "active_player",
    "players_add": "active_first",
    # An action already in the chain resolves even if its card has left play (Seed in the
    # wind's draw happens because it left).
    "source_left_play": "resolve",
    # Prepared spells, channeled spells and Permanents are in play; prepared ones do not
    # listen (a Permanent put into play does).
    "play_zones": ["channeled", "preparation", "permanents"],
    "trigger_zones": ["channeled", "permanents"],
    # Every target is chosen when the action is announced; an action whose target is no
    # longer valid when it comes up does nothing (it fizzles), the rest of the chain goes on.
    "targets_chosen": "on_announce",
    "illegal_target": "fizzle",
    "cast_zone": None,
    "resolved_spells": {"spell": "discard"},
}
