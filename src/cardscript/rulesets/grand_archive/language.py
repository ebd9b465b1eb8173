"""Grand Archive's words: its card kinds, nouns, zones, keywords (keywords.py), labels
(labels.py), the verb glimpse and its other verbs (verbs.py).

Discarding, which its cards use as an optional cost, is a shared verb (library/common.py).
"""

from __future__ import annotations

from ...interpreter.rules import Question
from ...library import common_language
from .keywords import add_keywords
from .labels import add_labels
from .verbs import add_verbs

UNITS = frozenset({"ally", "champion"})
OBJECTS = frozenset({"champion", "ally", "item", "weapon", "domain"})   # they enter the field
KINDS = OBJECTS | {"action", "attack"}
# Grand Archive's cards are materialized or activated, never cast: no 'cast' happening ever
# happens here, so a trigger on one would never trigger (the shared pattern is left out).
UNUSED_PATTERNS = {"cast"}


def build_language():
    lang = common_language(unit_kinds=UNITS)
    lang.name = "grand_archive"
    lang.patterns = [p for p in lang.patterns if p.name not in UNUSED_PATTERNS]
    lang.card_kinds = {k: k for k in KINDS}
    lang.permanent_kinds = set(OBJECTS)
    lang.nouns = {"ally": frozenset({"ally"}), "champion": frozenset({"champion"}),
                  "unit": UNITS, "item": frozenset({"item"}), "weapon": frozenset({"weapon"}),
                  "domain": frozenset({"domain"}), "action": frozenset({"action"}),
                  "attack": frozenset({"attack"}), "object": OBJECTS, "card": KINDS}
    add_keywords(lang)
    # Its cards name a controller after the noun: 'each ally you control', 'an ally an
    # opponent controls' (text written back: fmt/words.py)
    lang.controller_words = {"you": (("you", "control"), True),
                             "opponent": (("an", "opponent", "controls"), True)}
    lang.header_fields |= {
        "life": "an ally is destroyed when its damage reaches it "
                "(rulesets/grand_archive/__init__.py `lethal_damage`)",
        "level": "the champion level check (rulesets/grand_archive/__init__.py)",
        "lineage": "the champion lineage check (rulesets/grand_archive/__init__.py)",
        "memory": "a memory cost: the card is banished, not put in the graveyard "
                  "(rulesets/grand_archive/stack.py)",
        "power": "a unit may attack or retaliate only with power above 0, and deals its "
                 "power as combat damage (rulesets/grand_archive/combat.py)"}
    # Stats a counted amount may read ('equal to its power'), as printed.
    lang.stats = {"power": "power", "life": "life"}
    lang.header_flags = {"token", "regalia"}
    lang.zones = {"deck": "deck", "material": "material", "hand": "hand", "field": "field",
                  "memory": "memory", "graveyard": "graveyard", "banishment": "banishment"}
    lang.draw_zones = {"card": "deck"}

    @lang.verb("glimpse", "glimpse {n:number}")
    def glimpse(game, ev, node):
        """Look at the top N cards of your deck; those you name go to the bottom."""
        n, who = node.arg("n"), ev.controller
        deck = game.state.players[who].zones["deck"]
        seen = deck[:n]
        if not seen:
            ev.did.append(f"{who} glimpses nothing (the deck is empty)")
            return
        legal = [(c.name, c) for c in seen]
        bottom = game.ask(Question(
            who, "cards", f"glimpse {n}: the cards to put on the bottom of your deck "
            f"(the others stay on top)", legal, multi=True))
        top = [c for c in seen if c not in bottom]
        deck[:] = top + deck[len(seen):] + list(bottom)
        game.state.touch()
        game.happen("glimpse", None, who, n=n)
        ev.did.append(f"{who} glimpses {', '.join(c.name for c in seen)}: "
                      + (", ".join(c.name for c in bottom) or "none") + " to the bottom")

    # An ongoing effect that gives cards a keyword ('allies you control have fast'): what a
    # selector reads (`target ally without fast`) sees it, through `Game.has_keyword`.
    lang.static("grant", "grant", "{what:cards} have|has {keyword:keyword}")
    add_labels(lang)
    add_verbs(lang)
    return lang
