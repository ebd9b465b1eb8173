"""The Everrain: encounter decks and numbered Story cards told across turns and acts.

The storyline policy is data (policy.py: POLICY); the story rules are the primitives of
story.py, driven by the data of policy.py's STORY table; the words of the cards are
language.py's. The engine core knows none of it.
"""

from __future__ import annotations

from ...interpreter.rules import COMMON_ACTIONS, Policy, end_turn
from .. import Ruleset, repo_cards_dir
from .language import COUNTERS, build_language
from .policy import POLICY
from .story import (FACE_DOWN, draw_action, end_act_action, on_start,
                    play_action, spell_event)

RULESET = Ruleset(
    name="everrain",
    happenings=frozenset({
        "activate", "counter", "die", "draw", "fetch", "leave_play", "search"}),
    policy=Policy.from_dict(POLICY),
    language=build_language(),
    zones=["hand", "story_slot"],
    counters={c: 0 for c in COUNTERS},
    actions={**COMMON_ACTIONS, "cast": play_action, "play": play_action,
             "end_turn": end_turn, "draw": draw_action, "end_act": end_act_action},
    geometry=None,
    state_checks=[],
    resource="treasure",
    graveyard="discard",
    pool_dir=(repo_cards_dir() / "everrain") if repo_cards_dir() else None,
    card_keys={FACE_DOWN: "flag"},
    spell_event=spell_event,
    on_start=on_start,
)
