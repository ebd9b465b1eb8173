"""Game terms of the codex that card text uses as words: Evil, wounded, land site, Landbound,
dispel, fully heal (docs/rulesets/sorcery.md, "Codex terms").

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
- **dispel** (codex "Dispel"): an aura that is dispelled dies (it goes to its owner's cemetery
  as a dying card does: a replacement of dying applies, Deathrite hears it). Only an aura is
  dispelled: 'dispel target minion' is refused.
- **fully heal** (codex "Fully Heal", "Healing"): a minion loses all its damage; an avatar's
  player goes back to the most life they can have (at Death's Door life cannot change, so
  it stays 0).
"""

from __future__ import annotations

from ...library.common import _units_only
from ...library.moves import in_play, leave_play
from ...language.registry import LabelSpec
from .players import LIFE, change_life, door

EVIL_SUBTYPES = ("undead", "demon", "monster")

LANDBOUND_RULE = ("a minion on no land location (a location whose site is not a water site) "
                  "is disabled (rulesets/sorcery/codex_terms.py `off_land`, kinds.py "
                  "`disabled`)")


def register(lang) -> None:
    """Add Evil, wounded, land and Landbound to Sorcery's language."""
    lang.place_traits |= {"evil", "wounded"}
    lang.kind_traits = {**lang.kind_traits, "land": "site"}
    # codex "Stronger, Strongest, Weaker, Weakest": ties broken by the active player;
    # codex "Closest": the fewest steps away, ties broken by the card's controller
    lang.superlatives = {**lang.superlatives,
                         "strongest": ("power", "most", "active"),
                         "weakest": ("power", "least", "active"),
                         "closest": ("steps", "least", "controller"),
                         "farthest": ("steps", "most", "controller")}
    # codex "Pay Life": 'Pay 2 life: ...' / '2 life → ...', a cost of life
    lang.amount_costs[LIFE] = LabelSpec("Life", "cost", pay=pay_life)
    lang.keywords["landbound"] = "landbound"
    lang.keyword_rules["landbound"] = LANDBOUND_RULE
    lang.verb("dispel", "dispel|dispels {what:cards}", splits=("leave_play",),
              check=_only("dispel", "aura"))(dispel)
    lang.verb("fully heal", "fully heal|heals {what:cards}",
              check=_only("fully heal", "minion", "avatar"))(fully_heal)


def _only(verb: str, *kinds: str):
    """A verb's check: its cards must be of these kinds ('dispel target minion' is refused)."""
    test = _units_only(frozenset(kinds))

    def check(args, known):
        msg = test(args, known)
        return msg.replace("{verb}", verb) if msg else None
    return check


def dispel(game, ev, node) -> None:
    """Each aura named dies: it leaves the realm for its owner's cemetery, unless a
    replacement of its dying says otherwise."""
    auras = [c for c in game.select(node.arg("what"), ev) if in_play(game, c) and
             c.kind == "aura"]
    if not auras:
        ev.did.append(f"{node.text}: nothing to dispel")
        return
    for c in auras:
        if game.would("die", c, ev.controller):
            leave_play(game, c, game.ruleset.graveyard, why="die")
            ev.did.append(f"dispel {c.name}")
    ev.subject = ev.subject or auras[0].name
    ev.subjects = [c.name for c in auras]


def fully_heal(game, ev, node) -> None:
    """A minion named loses all its damage; an avatar's player goes back to their most life."""
    for c in game.select(node.arg("what"), ev):
        if not in_play(game, c):
            continue
        ev.subject = ev.subject or c.name
        if c.kind == "minion" and c.damage:
            ev.did.append(f"fully heal {c.name} ({c.damage} damage)")
            c.damage = 0
            ev.quiet_acts += 1
            game.state.touch()
        elif c.kind == "avatar":
            player = c.controller
            most = door(game).most.get(player)
            life = game.state.players[player].counters.get(LIFE, 0)
            if most is not None and life < most:
                change_life(game, player, most - life)
                now = game.state.players[player].counters.get(LIFE, 0)
                ev.did.append(f"fully heal {c.name}: {player} is at {now} life" if now != life
                              else f"fully heal {c.name}: {player}'s life cannot change")


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


def pay_life(game, card, ev):
    """The cost of a 'Pay N life:' ability: N of its controller's life. A player with less
    life than N cannot pay it (with 0 life, none at all), which is no loss of life: the
    ability is not activated (S205). Paying down to 0 puts the avatar at Death's Door."""
    n = next(int(w) for w in ev.ability.label.split() if w.isdecimal())   # 'pay 2 life'
    who = ev.controller
    have = game.state.players[who].counters.get(LIFE, 0)
    if have < n or have <= 0:
        return f"{who} cannot pay {n} life for {card.name}'s ability (has {have})"
    change_life(game, who, -n)
    ev.did.append(f"pay {n} life")
    return None
