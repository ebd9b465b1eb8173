"""A modder's additions to Sorcery: a verb, a trigger pattern, a label and a keyword.

Nothing here touches the grammar or the engine: the new words are registered on a
copy of the Sorcery language, and a ruleset named `sorcery_heal` uses that copy.
A real mod would publish RULESET through the `cardscript.rulesets` entry-point
group; the docs' tests register it for the length of one test instead.
"""

from __future__ import annotations

from dataclasses import replace

from cardscript import rulesets
from cardscript.language.registry import LabelSpec, Language
from cardscript.library.moves import in_play


def build_language() -> Language:
    """Sorcery's words plus 'heal', 'is healed', 'Bleed →' and the keyword 'stalwart'."""
    lang = Language("sorcery_heal").extend(rulesets.get("sorcery").language)

    # A keyword: usable on a keyword line and as a selector word ("each stalwart minion"),
    # with its rule (a keyword without one is error E212): the heal verb below reads it.
    lang.keywords["stalwart"] = "stalwart"
    lang.keyword_rules["stalwart"] = "heals 1 more damage when healed (the 'heal' verb)"

    # A verb: the shape says which words it reads; the function changes the board.
    @lang.verb("heal", "heal {n:number} damage from {what:cards}")
    def heal(game, ev, node):
        n = node.arg("n")
        for card in game.select(node.arg("what"), ev):
            if in_play(game, card) and card.damage:
                healed = n + (1 if game.has_keyword(card, "stalwart") else 0)
                card.damage = max(0, card.damage - healed)
                ev.did.append(f"heal {healed} damage from {card.name}")
                game.happen("heal", card, ev.controller, amount=healed)

    # A trigger pattern: listens to the 'heal' happenings the verb above reports.
    @lang.pattern("healed", "heal", "{card:cards} is|are healed")
    def healed(filters):
        return filters

    # A label: a cost paid when the ability is activated (None means it was paid).
    def pay_life(game, card, ev):
        """Pay 1 life."""
        game.counter_add(card.controller, "life", -1)
        ev.did.append(f"{card.controller} pays 1 life")
        return None

    lang.label(LabelSpec("Bleed", "cost", pay=pay_life))
    return lang


RULESET = replace(rulesets.get("sorcery"), name="sorcery_heal", language=build_language())
