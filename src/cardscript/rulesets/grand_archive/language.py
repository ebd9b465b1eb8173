"""Grand Archive's words: its card kinds, nouns, zones, the keyword Fast, and two verbs."""

from __future__ import annotations

from ...engine.choices import Question
from ...errors import ChoiceError
from ...library import common_language
from ...library.common import _players

UNITS = frozenset({"ally", "champion"})
OBJECTS = frozenset({"champion", "ally", "item", "weapon", "domain"})   # they enter the field
KINDS = OBJECTS | {"action", "attack"}


def build_language():
    lang = common_language(unit_kinds=UNITS)
    lang.name = "grand_archive"
    lang.card_kinds = {k: k for k in KINDS}
    lang.permanent_kinds = set(OBJECTS)
    lang.nouns = {"ally": frozenset({"ally"}), "champion": frozenset({"champion"}),
                  "unit": UNITS, "item": frozenset({"item"}), "weapon": frozenset({"weapon"}),
                  "domain": frozenset({"domain"}), "action": frozenset({"action"}),
                  "attack": frozenset({"attack"}), "object": OBJECTS, "card": KINDS}
    lang.keywords = {"fast": "fast"}
    lang.keyword_rules = {"fast": "may be activated when the player is asked to respond "
                                  "(rulesets/grand_archive/stack.py)"}
    lang.header_fields |= {
        "life": "an ally is destroyed when its damage reaches it "
                "(rulesets/grand_archive/__init__.py `lethal_damage`)",
        "level": "the champion level check (rulesets/grand_archive/__init__.py)",
        "lineage": "the champion lineage check (rulesets/grand_archive/__init__.py)",
        "memory": "a memory cost: the card is banished, not put in the graveyard "
                  "(rulesets/grand_archive/stack.py)",
        "power": "printed attack power: kept with the card; no rule reads it yet (combat "
                 "damage is not modelled)"}
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
        bottom = game.answers.answer(Question(
            who, "cards", f"glimpse {n}: the cards to put on the bottom of your deck "
            f"(the others stay on top)", legal, multi=True))
        top = [c for c in seen if c not in bottom]
        deck[:] = top + deck[len(seen):] + list(bottom)
        game.state.touch()
        game.happen("glimpse", None, who, n=n)
        ev.did.append(f"{who} glimpses {', '.join(c.name for c in seen)}: "
                      + (", ".join(c.name for c in bottom) or "none") + " to the bottom")

    def can_discard(game, ev, node):
        n = node.arg("n") or 1
        return all(len(game.state.players[p].zones["hand"]) >= n
                   for p in _players(game, ev, node.arg("who")))

    # A discard that a card offers ("you may discard a card. If you do, ...") is an optional
    # cost in the document's sense: it asks a `pay` question, and is paid whole or not at all.
    @lang.verb("discard", "{who:player?} discard|discards {n:count} card|cards",
               able=can_discard, cost=True)
    def discard(game, ev, node):
        """Discard N cards from hand, chosen by their holder: all of them, or none."""
        n = node.arg("n") or 1
        for who in _players(game, ev, node.arg("who")):
            hand = game.state.players[who].zones["hand"]
            if len(hand) < n:
                ev.did.append(f"{who} cannot discard {n} (holds {len(hand)})")
                continue
            picked = game.ask_cards(who, f"discard {n}", list(hand), n, kind="cards",
                                    exact=True)
            if len(picked) != n:
                raise ChoiceError(f"{who} must discard exactly {n} card(s), chose "
                                  f"{len(picked)}", None, code="S302",
                                  hint="answer with a list of " + str(n) + " card names")
            for c in picked:
                game.state.put(c, game.ruleset.graveyard, c.owner)
                game.happen("discard", c, who)
            ev.did.append(f"{who} discards {', '.join(c.name for c in picked)}")
    return lang
