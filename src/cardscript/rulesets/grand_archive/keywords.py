"""Grand Archive's keywords: Fast has rules here; the others the game prints are named with
why they have none yet, so a card naming one is error E212 saying so, never a keyword that
does nothing (docs/rulesets/grand_archive.md, "Printed keywords").
"""

from __future__ import annotations

COMBAT = "combat (defenders, retaliation, combat damage) is not modelled"
ALLY_ATTACKS = "only a champion attacks here (an attack card enters its intent); an ally's " \
               "attacks are not modelled"
CARD_COSTS = "reserve and memory costs are paid from counters here, never by resting or " \
             "banishing cards"

# canonical keyword -> why it has no rules yet
UNMODELLED = {
    "stealth": "it limits what an attack may target, and " + COMBAT,
    "true sight": "it lifts Stealth's limit on what an attack may target, and " + COMBAT,
    "intercept": "it lets a unit take an attack's place as its target, and " + COMBAT,
    "steadfast": "it is about retaliating, and " + COMBAT,
    "ranged": "it is about retaliation against an attack, and " + COMBAT,
    "vigor": "it is about when an ally may attack, and " + ALLY_ATTACKS,
    "pride": "it is about when an ally may attack, and " + ALLY_ATTACKS,
    "spellshroud": "it limits what Spells may target, and cards here have no Spell subtype "
                   "a rule reads",
    "floating memory": "it lets the card pay a memory cost from the graveyard, and " +
                       CARD_COSTS,
    "reservable": "it lets the card pay a reserve cost, and " + CARD_COSTS,
    "efficiency": "it changes what the card's reserve cost is paid with, and " + CARD_COSTS,
}
VALUED = {"ranged", "pride"}


def add_keywords(lang) -> None:
    """Register Fast (with its rule) and the printed keywords without rules (with why)."""
    lang.keywords = {"fast": "fast", **{kw: kw for kw in UNMODELLED}}
    lang.keyword_rules = {"fast": "may be activated when the player is asked to respond "
                                  "(rulesets/grand_archive/stack.py)"}
    lang.valued_keywords = set(VALUED)
    lang.unmodelled_keywords = dict(UNMODELLED)
