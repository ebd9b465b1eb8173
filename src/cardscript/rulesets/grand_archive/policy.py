"""Grand Archive's effects stack, as policy data. docs/rulesets/grand_archive.md maps each
setting to its rule."""

POLICY = {
    "name": "grand_archive",
    "new_events": "front",               # the storyline is the stack: last in, first out
    "split_on": [],                      # a card resolves whole, top to bottom
    "split_on_then": False,
    "split_one_at_a_time": False,
    "search_completes_first": True,
    "trigger_order": "each_controller",
    "players_add": "active_first",
    "source_left_play": "resolve",       # an item on the stack no longer needs its source
    "play_zones": ["field"],
    "trigger_zones": ["field"],
    "targets_chosen": "on_announce",     # targets are declared on activation
    "illegal_target": "fizzle",          # checked before resolving (rulesets/grand_archive)
    "cast_zone": "stack",                # the shared effects stack, while the item waits
    "resolved_spells": {"action": "graveyard", "attack": "graveyard"},
    "state_check_timing": "end_of_event",  # no state-based check between instructions
}
