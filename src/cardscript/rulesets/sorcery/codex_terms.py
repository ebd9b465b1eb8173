"""Game terms of the codex that card text uses as words: Evil, wounded, land site, Landbound
(docs/rulesets/sorcery.md, "Codex terms").

- **Evil** (codex "Evil"): a minion that is an Undead, a Demon or a Monster, by a printed
  subtype or one an ongoing effect gives it. A selector reads it as a trait ('an Evil minion',
  'non-Evil minions').
- **wounded** (codex "Wounded"): a minion with damage marked on it (damage stays until the end
  of the turn); an avatar whose player's life is below the most it can be.
- **land** (codex "Land Site"): a site that is not a water site, whatever else it provides (a
  flooded site is a water site, so no land site). The word qualifies a site alone (`kind_traits`,
  as 'empty'): in 'a relic or land site' a relic is not held to it.
- **Landbound** (codex "Landbound"): a minion that stands on no land location is disabled (a
  location with a land site; an oversized minion needs one of its locations to be one). The
  keyword still works while the minion is disabled, so it is never lost that way.
"""

from __future__ import annotations

from ...library.moves import in_play
from .players import door

EVIL_SUBTYPES = ("undead", "demon", "monster")

LANDBOUND_RULE = ("a minion on no land location (a location whose site is not a water site) "
                  "is disabled (rulesets/sorcery/codex_terms.py `off_land`, kinds.py "
                  "`disabled`)")


def register(lang) -> None:
    """Add Evil, wounded, land and Landbound to Sorcery's language."""
    lang.place_traits |= {"evil", "wounded"}
    lang.kind_traits = {**lang.kind_traits, "land": "site"}
    lang.keywords["landbound"] = "landbound"
    lang.keyword_rules["landbound"] = LANDBOUND_RULE


def is_evil(game, card) -> bool:
    """Is the card an Evil minion (an Undead, Demon or Monster)?"""
    return card.kind == "minion" and any(game.has_subtype(card, s) for s in EVIL_SUBTYPES)


def is_wounded(game, card) -> bool:
    """A minion with damage on it; an avatar whose player has less life than their most."""
    if card.kind == "minion":
        return card.damage > 0
    if card.kind != "avatar":
        return False
    most = door(game).most.get(card.controller)
    if most is None:
        return False            # a storyline scenario without life rules: no most to fall from
    return game.state.players[card.controller].counters.get("life", 0) < most


def is_land_site(game, card) -> bool:
    """A site that is not a water site; a card of another kind is not held to the word."""
    return card.kind != "site" or not game.geometry.card_trait(game, card, "water")


TRAITS = {"evil": is_evil, "wounded": is_wounded, "land": is_land_site}


def off_land(game, card) -> bool:
    """Is a Landbound minion on no land location? (Its player's Landbound minion in a hand or
    a pile is not in the realm, and is not asked.)"""
    if card.kind != "minion" or not game.has_keyword(card, "landbound") or \
            not in_play(game, card):
        return False
    geometry = game.geometry
    for sq in geometry.squares(card):
        site = geometry.site_at(game, sq)
        if site is not None and not geometry.card_trait(game, site, "water"):
            return False
    return True
