"""Mage Noir: the chain of events, as a ruleset: policy data plus a few primitives.

- policy.py: the chain as data (triggered actions next, each line and 'then' its own action,
  the active player orders, an action with an invalid target fizzles);
- language.py: kinds, elements, zones, the 'Any time' label, player damage and mana verbs;
- chain.py: an announced text cut into its actions, every target chosen on announce;
- actions.py: prepare, channel, activate, and the windows around each chain;
- mana.py: mana on spells, released to the Available Ether when a spell leaves play;
- permanents.py: Permanents put into play, their HP, the damage they take and their end.
"""

from __future__ import annotations

from ...interpreter.rules import Policy
from .. import Ruleset, repo_cards_dir
from .actions import ACTIONS
from .chain import target_check
from .language import build_language
from .mana import ETHER, on_start, out_of_hp, release_mana
from .permanents import stat
from .policy import POLICY

RULESET = Ruleset(
    name="mage_noir",
    happenings=frozenset({
        "activate", "channel", "counter", "damage", "die", "discard", "draw", "enter_play",
        "gain_life", "leave_play", "lose_hp", "prepare", "release", "search",
        "turn_start"}),
    policy=Policy.from_dict(POLICY),
    choice_kinds=frozenset({"respond"}),
    language=build_language(),
    zones=["deck", "hand", "preparation", "channeled", "permanents", "discard"],
    counters={"hp": 20},
    actions=ACTIONS,
    geometry=None,
    view={"piles": ["deck"]},
    state_checks=[release_mana, out_of_hp],
    resource="mana",
    life_counter="hp",
    graveyard="discard",
    pool_dir=(repo_cards_dir() / "mage_noir") if repo_cards_dir() else None,
    target_check=target_check,
    shared_counters={ETHER: 0},
    on_start=on_start,
    stat=stat,
)
