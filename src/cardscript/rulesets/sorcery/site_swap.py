"""A site in hand or in the cemetery swapped with one of its player's sites in the realm
(docs/rulesets/sorcery.md, "A site swapped from hand").

A site whose own text says so ('you may swap this site in your hand for another site you own
in the realm', or 'from your cemetery') may, on its player's turn in the main phase, take the
place of a site that player owns in the realm: the action `swap_site: SITE, at: SQUARE`. It
costs nothing and taps nothing. One event on the storyline, its source the site leaving: that
site goes to the pile the swapped one came from and the swapped one enters the realm at its
location, at once, so what stood on the location stands on the new site and no void is left
between. Any other swap is an illegal action (S206), told before anything changes.

The piles are the two a site may lie in face up and unordered. The atlas is hidden and in an
order, so a swap from it would have to say which site and where the other goes; the
spellbook and an opponent's piles hold no site of the player's to swap: those words stay
unread (docs/coverage.md, "Variants").
"""

from __future__ import annotations

from ...interpreter.rules import find_card
from ...library.moves import enter_play, leave_play
from .turns import check_main_phase, illegal

# The pile a site is swapped from -> the name of the ongoing effect that allows it.
PILES = {"hand": "swap from hand", "cemetery": "swap from cemetery"}
NAME = PILES["hand"]


def register(lang) -> None:
    """The ongoing sentences of this module."""
    for pile, name in PILES.items():
        lang.static(name, "site swap",
                    f"you may swap {{what:cards}} in your {pile} for another site you own in "
                    "the realm",
                    f"you may swap {{what:cards}} from your {pile} with another site you own "
                    "in the realm")


def _may_swap(card, pile: str) -> bool:
    """Does the card's own text let it be swapped from `pile`?"""
    return any(ab.static is not None and ab.static[0].name == PILES[pile] and
               dict(ab.static[1])["what"].pick == "self" for ab in card.tpl.abilities)


def swap_site_action(game, player, action):
    """`swap_site: SITE, at: N`: the site from hand (or the cemetery) takes the place of the
    player's site at N."""
    card = find_card(game, player, action["swap_site"], list(PILES))
    pile = card.zone
    if card.kind != "site" or not _may_swap(card, pile):
        raise illegal(f"{card.name} cannot be swapped from {pile}: its text does not say so",
                      key="swap_site", hint="play a site with play_site")
    check_main_phase(game, player)
    geo = game.geometry
    mine = sorted(s.at for s in game.state.in_zones(game.policy.play_zones)
                  if s.kind == "site" and s.owner == player and s.at is not None)
    at = action.get("at")
    old = geo.site_at(game, geo.parse_location(at)) if at is not None else None
    if old is None or old.owner != player:
        raise illegal(f"{card.name} is swapped with a site {player} owns in the realm",
                      key="at" if at is not None else "swap_site",
                      hint="add at: with one of " + (", ".join(map(str, mine)) or "none"))
    loc = old.at

    def program(g, ev):
        leave_play(g, old, pile, why="swap")
        enter_play(g, card, loc, player)
        ev.did.append(f"{old.name} at {loc} goes to {player}'s {pile}; {card.name} takes its "
                      "place")

    ev = game.new_event("activated", old, player, program,
                        f"swap {card.name} from {pile} with {old.name} at {loc}")
    ev.subject, ev.to = card.name, loc
    game.state.put(card, None, player)          # on the storyline, in no zone, as a spell is
    game.add(ev)
    game.run()
