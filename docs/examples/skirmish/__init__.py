"""Skirmish: a minimal sixth game, to show what a ruleset is made of.

Two players, zones only (no board geometry), creatures with health,
actions that are cast and then discarded. Its storyline policy differs from
Sorcery's on purpose: events never split, the active player orders every
simultaneous trigger, and an event resolves even if its source has left play.

It also shows a game's own schema, with no edit outside this folder: a scenario
card key (`veteran: true`), a question kind (`retreat`) and a policy setting
(`retreat`: whether a wounded veteran may retreat to its owner's hand).

It is not in the built-in registry. A package would publish it with

    [project.entry-points."cardscript.rulesets"]
    skirmish = "skirmish:RULESET"
"""

from __future__ import annotations

from pathlib import Path

from cardscript.interpreter.rules import COMMON_ACTIONS, Policy
from cardscript.language.registry import LabelSpec, Language
from cardscript.library import common_language
from cardscript.library.moves import leave_play
from cardscript.rulesets import Ruleset

CREATURES = frozenset({"creature"})

POLICY = {
    "name": "skirmish",
    "new_events": "front",              # a trigger resolves before what is left of the storyline
    "split_on": [],                     # an event always resolves whole
    "trigger_order": "active_player",   # the active player orders all simultaneous triggers
    "source_left_play": "resolve",      # an event resolves even if its source has left play
    "play_zones": ["play"],
    "trigger_zones": ["play"],
    "resolved_spells": {"action": "discard"},
    "retreat": "ask",                   # Skirmish's own setting (SETTINGS below)
}

# Skirmish's own policy setting: may a wounded veteran retreat to its owner's hand?
SETTINGS = {"retreat": (frozenset({"ask", "never"}), "ask")}


def build_language() -> Language:
    """The common vocabulary, with Skirmish's kinds, nouns, zones and one label."""
    lang = common_language(unit_kinds=CREATURES)
    lang.name = "skirmish"
    lang.card_kinds = {"creature": "creature", "action": "action"}
    lang.permanent_kinds = {"creature"}
    lang.nouns = {"creature": CREATURES, "action": frozenset({"action"}),
                  "card": frozenset({"creature", "action"})}
    lang.keywords = {}                   # a keyword would need rules behind it (keyword_rules)
    lang.header_fields |= {"health": "a creature with that much damage is discarded (wounds)"}
    lang.zones = {"deck": "deck", "hand": "hand", "discard": "discard"}
    lang.draw_zones = {"card": "deck"}
    lang.label(LabelSpec("Exhaust", "cost", pay=_exhaust))
    return lang


def _exhaust(game, card, ev):
    """Tap the card; an already tapped card cannot pay."""
    if card.tapped:
        return f"{card.name} is exhausted"
    card.tapped = True
    return None


def wounds(game):
    """A rule of the game: a creature with damage at least its health is discarded at once,
    unless it is a veteran whose controller has it retreat to their hand (a `retreat`
    question, asked while the `retreat` setting is `ask`)."""
    for c in list(game.state.in_zones(game.policy.play_zones)):
        if c.kind == "creature" and c.damage and c.damage >= c.tpl.stat("health", 1):
            if "veteran" in c.flags and game.policy.setting("retreat") == "ask" and \
                    game.ask_may(c.controller, f"{c.name} retreats to your hand", "retreat"):
                leave_play(game, c, "hand", why="retreat")
                game.note(f"{c.name} retreats")
            else:
                leave_play(game, c, "discard", why="die")


RULESET = Ruleset(
    name="skirmish",
    policy=Policy.from_dict(POLICY, SETTINGS),
    language=build_language(),
    zones=["deck", "hand", "play", "discard"],
    counters={"life": 20},
    actions=dict(COMMON_ACTIONS),
    geometry=None,
    state_checks=[wounds],
    resource="energy",
    life_counter="life",
    graveyard="discard",
    pool_dir=Path(__file__).resolve().parent,
    card_keys={"veteran": "flag"},      # a setup card may be `veteran: true`
    choice_kinds=frozenset({"retreat"}),
    policy_settings=SETTINGS,
)
