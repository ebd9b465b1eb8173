"""KeyForge's timing chart, as policy data. docs/rulesets/keyforge.md maps each setting to its rule.

Most of the chart is not a storyline setting but a fixed order of steps: the chart's steps and
its play, fight, reap and use sequences are programs of the ruleset (`turn.py`, `sequences.py`)
that stop at each of the chart's timing points, so that what triggered there resolves before the
next instruction of the sequence.
"""

POLICY = {
    "name": "keyforge",
    "new_events": "front",                 # what triggers at a timing point resolves next
    "split_on": [],                        # effects resolve whole; only the chart's points split
    "split_on_then": False,
    "split_one_at_a_time": True,
    "search_completes_first": True,
    "trigger_order": "active_player",      # the active player orders a timing point's effects
    "source_left_play": "ignore",          # a card that has left play has no abilities left
    "play_zones": ["battleline", "artifacts"],
    "trigger_zones": ["battleline", "artifacts"],
    "targets_chosen": "on_announce",
    "illegal_target": "proceed",
    "cast_zone": None,                     # a revealed action is in no zone until discarded
    "resolved_spells": {"action": "discard"},
}
