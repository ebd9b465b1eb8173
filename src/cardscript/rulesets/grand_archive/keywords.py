"""Grand Archive's keywords: Fast and Steadfast have rules here; the others the game prints
are named with
why they have none yet, so a card naming one is error E212 saying so, never a keyword that
does nothing (docs/rulesets/grand_archive.md, "Printed keywords").
"""

from __future__ import annotations

TARGETS = "the attack target rules here (rulesets/grand_archive/combat.py) read no keyword"
COMBAT = "combat here (retaliation, combat damage: rulesets/grand_archive/combat.py) reads " \
         "no keyword but Steadfast"
ALLY_ATTACKS = "who may attack here (rulesets/grand_archive/combat.py) is read from the " \
               "unit's kind, state and power alone"
CARD_COSTS = "reserve and memory costs are paid from counters here, never by resting or " \
             "banishing cards"

# canonical keyword -> why it has no rules yet
UNMODELLED = {
    "stealth": "it concerns what an attack may target, and " + TARGETS,
    "true sight": "it concerns what an attack may target, and " + TARGETS,
    "intercept": "it concerns what an attack targets, and " + TARGETS,
    "ranged": "it concerns combat between units, and " + COMBAT,
    "vigor": "it concerns a unit's attacks, and " + ALLY_ATTACKS,
    "pride": "it concerns a unit's attacks, and " + ALLY_ATTACKS,
    "spellshroud": "it limits what Spells may target, and no rule here reads a Spell subtype",
    "floating memory": "it concerns paying a memory cost with cards, and " + CARD_COSTS,
    "reservable": "it concerns paying a reserve cost with cards, and " + CARD_COSTS,
    "efficiency": "it concerns paying the card's reserve cost, and " + CARD_COSTS,
}
VALUED = {"ranged", "pride"}


def add_keywords(lang) -> None:
    """Register Fast and Steadfast (with their rules) and the printed keywords without rules
    (with why)."""
    lang.keywords = {"fast": "fast", "steadfast": "steadfast", **{kw: kw for kw in UNMODELLED}}
    lang.keyword_rules = {"fast": "may be activated when the player is asked to respond "
                                  "(rulesets/grand_archive/stack.py)",
                          "steadfast": "the ally may retaliate while rested, and does not "
                                       "rest to retaliate (rulesets/grand_archive/combat.py "
                                       "`_retaliation`)"}
    lang.keyword_kinds = {"steadfast": frozenset({"ally"})}
    lang.valued_keywords = set(VALUED)
    lang.unmodelled_keywords = dict(UNMODELLED)
