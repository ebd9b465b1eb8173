"""A whole hand discarded, and drawing 'that many' after it (docs/rulesets/sorcery.md,
"Shuffling cards into a deck, and the atlas's top and bottom").

'Discard your hand' / 'each player discards their hand': every card in the player's hand goes
to their cemetery, each a `discard` happening (triggers on discarding hear it), the player
choosing nothing. An empty hand discards nothing and is no failure.

'that many' is the number of cards the step before it moved out of a player's whole pile (a
hand discarded, or shuffled into a deck: deck_kinds.py `THAT_MANY`):
- 'draws that many spells' (no subject, after 'each player discards their hand, then'): each
  player of that step draws as many as they moved;
- 'draw that many spells', 'PLAYER draws that many ...': each player named draws the number
  they moved themself when that step moved the piles of several players, one of them theirs
  ('each player discards their hand, then each player draws that many'); else as many as
  the step moved in all ('each opponent discards their hand. You draw that many spells.').
With no such step before it, 'that many' is the amount of the happening the trigger answers,
as 'that much' is (site_damage.py `trigger_amount`): 'whenever an opponent damages one of
your sites, draw that many spells'. A draw from an empty deck draws what there is and notes
the rest (as 'draw N' does).
"""

from __future__ import annotations

from ...language.registry import Refusal
from ...library.common import _players, draw_cards, gave
from .deck_kinds import THAT_MANY, own_pile, subject_possessive
from .site_damage import trigger_amount


def _own_hand(args, known):
    """'your hand' after no subject or 'you', 'their hand' after another player word: a
    player discards their own hand (the caret on the pile's words, the hint the right one)."""
    mine = subject_possessive(args.get("who"))
    whose, zone = own_pile(args["hand"])
    if zone != "hand":
        return Refusal(f"a player discards their hand, not the {zone}",
                       f"write '{mine} hand'", f"{whose} {zone}")
    if whose != mine:
        return Refusal(f"'{whose} hand' is not the hand of the player who discards it: a "
                       "player discards their own hand", f"write '{mine} hand' ('discard "
                       "your hand', 'each opponent discards their hand')", f"{whose} hand")
    return None


def register(lang) -> None:
    """Discarding a whole hand, and drawing that many."""

    @lang.verb("discard a hand", "{who:player?} discard|discards {hand:ownpile}", check=_own_hand)
    def discard_hand(game, ev, node):
        counts = []
        for who in _players(game, ev, node.arg("who"), node.text):
            hand = list(game.state.players[who].zones.get("hand", ()))
            counts.append((who, len(hand)))
            if not hand:
                ev.did.append(f"{who} has no card to discard")
                continue
            for c in hand:
                game.state.put(c, game.ruleset.graveyard, c.owner)
                game.happen("discard", c, who)
            ev.did.append(f"{who} discards {', '.join(c.name for c in hand)}")
        ev.named[THAT_MANY] = counts

    @lang.verb("draw that many", "draw that many {what:cardtype}",
               "{who:player} draw|draws that many {what:cardtype}", gives="what")
    def draw_that_many(game, ev, node):
        zone = game.ruleset.language.draw_zones[node.arg("what")]
        counts = dict(ev.named.get(THAT_MANY, ()))
        # With no pile moved before it, the amount of the happening a trigger answers
        # ('Whenever an opponent damages one of your sites, draw that many spells').
        total = sum(counts.values()) if THAT_MANY in ev.named else trigger_amount(ev) or 0
        drawn = []
        for who in _players(game, ev, node.arg("who"), node.text):
            n = counts.get(who, total) if len(counts) > 1 else total
            if n:
                drawn += draw_cards(game, ev, who, zone, n)
            else:
                ev.did.append(f"{who} draws no card: that many is none")
        gave(ev, node, drawn)

    @lang.verb("each draws that many", "draws that many {what:cardtype}")
    def each_draws(game, ev, node):
        zone = game.ruleset.language.draw_zones[node.arg("what")]
        counts = ev.named.get(THAT_MANY, ())
        if not counts:
            ev.did.append(f"{node.text}: no one to draw")
        for who, n in counts:
            if n:
                draw_cards(game, ev, who, zone, n)
            else:
                ev.did.append(f"{who} draws no card: that many is none")
