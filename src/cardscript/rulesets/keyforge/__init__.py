"""KeyForge's timing chart, as a ruleset: policy data, its words, the chart's steps and sequences.

    policy.py     the storyline settings (the active player orders each timing point's effects)
    language.py   kinds, keywords, the chart's trigger points as labels and patterns, verbs
    board.py      the battleline, stats, the damage steps and the destruction sequence
    turn.py       the five turn steps (`choose_house`, `end_turn`)
    sequences.py  step 3's actions: play, fight, reap, use, discard
    setup.py      the battleline positions a scenario's setup may give; a card's JSON fields
"""

from __future__ import annotations

from ...interpreter.rules import CardField, Policy
from .. import Ruleset, repo_cards_dir
from .aember import release_on_leaving
from .board import drop_orphans, stat
from .language import build_language
from .policy import POLICY
from .setup import card_fields, check_places
from .sequences import discard, fight, play, play_targets_announced, reap, use
from .turn import choose_house, end_turn, pass_

ACTIONS = {"choose_house": choose_house, "play": play, "cast": play, "fight": fight,
           "reap": reap, "use": use, "activate": use, "discard": discard, "pass": pass_,
           "end_turn": end_turn}

RULESET = Ruleset(
    name="keyforge",
    player_count=(2, 2),            # a game for two players
    happenings=frozenset({
        "aember", "before_fight", "choose_house", "counter", "damage", "destroyed", "die",
        "discard", "draw", "enter_play", "fight", "forge", "leave_play", "play", "reap",
        "search", "turn_end", "turn_start", "use"}),
    policy=Policy.from_dict(POLICY),
    language=build_language(),
    zones=["deck", "hand", "battleline", "artifacts", "archives", "discard", "purged"],
    counters={"aember": 0, "keys": 0},
    actions=ACTIONS,
    geometry=None,
    view={"piles": ["deck"]},
    state_checks=[drop_orphans, release_on_leaving],
    after_add=play_targets_announced,
    resource="aember",
    life_counter="aember",
    graveyard="discard",
    check_places=check_places,
    card_fields=card_fields,
    stat=stat,
    card_keys={"power": "count", "armor": "count", "ward": "count_or_true"},
    action_keys=frozenset({"flank"}),
    card_ext={"attached_to": CardField("card")},      # an upgrade's creature
    refused_card_keys={"region": ("KeyForge has no regions", "remove region:"), "house": (
        "a card entry takes no house: key: a card's house is the one in its header, and a "
        "setup cannot change it", "remove house:; write the house in the card's header "
                                  "(house NAME)")},
    leaving_kinds=frozenset({"destroyed"}),
    pool_dir=(repo_cards_dir() / "keyforge") if repo_cards_dir() else None,
)
