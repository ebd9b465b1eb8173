"""Sorcery's storyline, as policy data. docs/rulesets/sorcery.md maps each setting to its rule."""

POLICY = {
    "name": "sorcery",
    "new_events": "front",                       # new events interrupt: inserted before the rest
    "split_on": ["enter_play", "leave_play", "move"],  # splits as it resolves, never when added
    "split_on_then": False,
    "split_one_at_a_time": True,                 # explicit text: "one at a time"
    "search_completes_first": True,              # a search and its shuffle finish before a split
    "movement": "path_on_storyline",             # the whole path goes on before any step resolves
    "move_to_path": "shortest",                  # shortest path, controller picks among ties
    "trigger_order": "each_controller",
    "players_add": "active_first",               # non-active player's triggers resolve first
    "source_left_play": "ignore_unless_split",
    "play_zones": ["realm"],
    "trigger_zones": ["realm"],
    "targets_chosen": "on_announce",
    "illegal_target": "proceed",
    "cast_zone": None,                           # a cast spell is on the storyline, in no zone
    "resolved_spells": {"magic": "cemetery"},    # permanents enter the realm (their program)
}

# Sorcery's own policy settings (the interpreter knows neither): name -> (allowed, default).
SETTINGS = {
    # path_on_storyline: a move's whole path becomes one `move` event per step, all put on
    # the storyline before the first resolves; immediate: the unit moves in the verb.
    "movement": (frozenset({"path_on_storyline", "immediate"}), "immediate"),
    # shortest: a shortest path, the controller choosing among ties (a `path` question);
    # direct: straight to the destination in one step.
    "move_to_path": (frozenset({"shortest", "direct"}), "shortest"),
}
