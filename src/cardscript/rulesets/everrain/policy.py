"""The Everrain's storyline and story rules, as data. docs/rulesets/everrain.md maps each to its rule.

POLICY is the engine's policy (interpreter/policy.py). STORY is read by this ruleset's own
primitives (story.py): which decks there are, which card back belongs to which deck, and
where cards go while a story is told. Nothing here is code.
"""

POLICY = {
    "name": "everrain",
    "new_events": "front",               # what a card's resolution causes resolves before the rest
    "split_on": [],                      # a card's outcome resolves whole, as one event
    "split_on_then": False,
    "trigger_order": "active_player",    # the player whose turn it is orders simultaneous effects
    "source_left_play": "resolve",       # a drawn card resolves from no zone: nothing can 'leave'
    "play_zones": ["story_slot"],        # what lies on a Ship Board
    "trigger_zones": ["story_slot"],
    "targets_chosen": "on_announce",
    "illegal_target": "proceed",
    "cast_zone": None,                   # a drawn card resolves while in no zone
}

STORY = {
    # The decks cards are drawn from, and the card back (a card kind) each one holds.
    "decks": {"sea_events": "sea_event", "expeditions": "expedition", "denizens": "denizen"},
    "story_deck": "story",               # numbered Story cards, found by number, never drawn
    "ongoing": "ongoing",                # under the Ongoing Story cover
    "slot": "story_slot",                # each player's Ship Board story slot
    "discard": "discard",                # encounter cards once they are done with
    "story_kind": "story",               # the kind of a numbered Story card
    "number_stat": "number",             # its number: header `number 13`
    "back_prop": "back",                 # its back: header `back sea event`
}
