"""What a deck may hold and how a game starts, as cards change it (docs/rulesets/sorcery.md,
"Deck rules and the opening hand").

A deck holds at most so many copies of one card, by the card's printed rarity: four of an
Ordinary, three of an Exceptional, two of an Elite, one of a Unique (a card without a rarity has
no limit). A card whose text lifts the limit for a card name ('a deck may hold any number of
Pack Hounds') may be held in any number. The limit is checked when a whole game starts
(`start_game`): a deck over it is an illegal action (S206), told before any card is dealt.

An avatar in the realm whose text says so ('your opening hand holds only 2 sites')
draws that many sites into its opening hand instead of three.
"""

from __future__ import annotations

from collections import Counter

from ...errors import ScenarioError

COPIES = {"ordinary": 4, "exceptional": 3, "elite": 2, "unique": 1}
NO_LIMIT = "no copy limit"
OPENING_SITES = "opening sites"


def register(lang) -> None:
    """The ongoing sentences of this module."""
    lang.static(NO_LIMIT, "deck rule",
                "a deck may hold any number of {what:cards}",
                "there's no limit on the number of {what:cards} you can have in your deck",
                "there is no limit on the number of {what:cards} you can have in your deck")
    lang.static(OPENING_SITES, "opening hand",
                "your opening hand holds only {n:number} site|sites",
                "start the game with only {n:number} site|sites in your hand")


def _unlimited(game, card, pile) -> bool:
    """Does a card of the deck lift the limit for this card's name?"""
    for other in pile:
        for ab in other.tpl.abilities:
            if ab.static is not None and ab.static[0].name == NO_LIMIT:
                sel = dict(ab.static[1])["what"]
                if game.matches(sel, card, None, source=other):
                    return True
    return False


def check_decks(game, players) -> None:
    """Each player's atlas and spellbook hold no more copies of a card than its rarity allows."""
    for p in players:
        zones = game.state.players[p].zones
        pile = list(zones["atlas"]) + list(zones["spellbook"])
        counts = Counter(c.name for c in pile)
        for card in pile:
            rarity = str(card.tpl.props.get("rarity", "")).lower()
            limit = COPIES.get(rarity)
            if limit is None or counts[card.name] <= limit or _unlimited(game, card, pile):
                continue
            article = "a" if rarity == "unique" else "an"
            raise ScenarioError(
                f"illegal action: {p}'s deck holds {counts[card.name]} copies of "
                f"{card.name}, and a deck may hold {limit} of {article} "
                f"{rarity.capitalize()} card",
                None, code="S206", key="start_game",
                hint="the copies a deck may hold: Ordinary 4, Exceptional 3, Elite 2, Unique 1")


def opening_sites(game, player, default: int) -> int:
    """How many sites the player draws into the opening hand: fewer under its own avatar's
    text, else the game's number."""
    n = default
    for src, _, args in game.statics("opening hand"):
        if src.controller == player and src.kind == "avatar":
            n = min(n, int(args["n"]))
    return n
