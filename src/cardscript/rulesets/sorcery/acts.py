"""Sorcery's acts of printed text: the avatar's "play or draw a site", tokens summoned by
name to several sites, effects given for a while ("give an ally Stealth until your next
turn", "gains +2 Movement this turn"), and the steps that go through a pile ("put one back on
top and the rest on the bottom", "shuffle", "put that card on top of it").

Each verb here is one small rule of the game; docs/rulesets/sorcery.md says which (its
sections "The avatar's basic abilities", "Tokens", "Durations", "Piles").
"""

from __future__ import annotations

from ...language.selectors import Place, Selector
from ...library.common import _player as whose_pile
from ...library.moves import enter_play, enter_together, in_play
from .avatar import playable_squares
from .durations import DURATIONS, Lasting, grant_for_a_while, lasting

STATS = ("power", "movement")       # the stats a card's text may change for a while
# A card's rarity, printed on it: a header item (`rarity ordinary`) that selectors read as a
# trait of the card ('an Ordinary spell', geometry.py `card_trait`).
RARITIES = ("ordinary", "exceptional", "elite", "unique")


def give_for_a_while(game, ev, cards, keyword, stat, amount, until) -> None:
    """Give each card a keyword and/or a stat change that lasts `until` (durations.py ends it)."""
    if not cards:
        ev.did.append("nothing to give to")
    for c in cards:
        if keyword is not None:
            grant_for_a_while(game, ev, c, keyword, until)
        if stat is not None:
            lasting(game).append(Lasting(c, c.incarnation, "stat", stat, amount, until,
                                         ev.controller))
            ev.did.append(f"{c.name} gets {amount:+d} {stat} {until}")
            game.happen("stats", c, ev.controller, name=stat, delta=amount)
        ev.subject = ev.subject or c.name
    game.state.touch()


def _in_play(game, ev, node, slot="what"):
    return [c for c in game.select(node.arg(slot), ev) if in_play(game, c)]


def _in_order(game, player, cards, prompt) -> list:
    """The cards in an order the player gives, named one by one while there is a choice (a
    `cards` question each)."""
    left, out = list(cards), []
    while len(left) > 1:
        nxt = game.ask_cards(player, prompt, left, 1, exact=True)[0]
        out.append(nxt)
        left.remove(nxt)
    return out + left


def _last_search(ev):
    """The (player, pile) the event searched (or revealed from) last, or None."""
    for h in reversed(ev.log):
        if h.kind == "search":
            return h.player, h.data.get("zone")
    return ev.named.get("revealed pile")


def _summon_spread(where):
    def summon_spread(game, ev, node):
        """New cards of a named token (or card), each to one of the sites the words name,
        as the controller chooses card by card; they enter the realm together."""
        sel = node.arg("what")
        squares = game.places(where, ev, ask=False)
        if sel.name is None or not squares:
            ev.did.append(f"summon {sel.text}: " + ("no site to summon to" if sel.name
                                                    else "nothing to summon"))
            return
        tpl = game.templates[sel.name]
        groups: dict = {}
        for i in range(sel.count or 1):
            at = game.ask_target(ev.controller, f"a site for {sel.name} {i + 1}", squares)
            groups.setdefault(at, []).append(game.state.new_card(tpl, ev.controller))
        ev.slots[sel.slot] = [c for cards in groups.values() for c in cards]
        for at, cards in groups.items():
            enter_together(game, cards, at, ev.controller)
            ev.did.append(f"summon {', '.join(c.name for c in cards)} to {at}")
    return summon_spread


def _giver(stat, until):
    def give(game, ev, node):
        """Give the cards a keyword and/or a stat change until the duration ends."""
        give_for_a_while(game, ev, _in_play(game, ev, node), node.arg("kw"), stat,
                         node.arg("n") or 0, until)
    return give


def _two_stats_giver(until):
    def give(game, ev, node):
        """Give the cards (chosen once) both stat changes until the duration ends: power by
        `n`, Movement by `m`."""
        cards = _in_play(game, ev, node)
        give_for_a_while(game, ev, cards, None, "power", node.arg("n"), until)
        if cards:
            give_for_a_while(game, ev, cards, None, "movement", node.arg("m"), until)
    return give


def _three_giver(until):
    def give(game, ev, node):
        """Give the cards (chosen once) power by `n`, Movement by `m` and the keyword, until
        the duration ends."""
        cards = _in_play(game, ev, node)
        give_for_a_while(game, ev, cards, node.arg("kw"), "power", node.arg("n"), until)
        if cards:
            give_for_a_while(game, ev, cards, None, "movement", node.arg("m"), until)
    return give


def counter(game, ev, spell_ev) -> None:
    """A spell waiting on the storyline is countered: when its turn comes it does nothing, and
    its card goes to its owner's cemetery (a minion never enters the realm); what was paid
    for it stays paid."""
    card = spell_ev.source

    def countered(g, e):
        e.did.append(f"countered: {card.name} has no effect")

    spell_ev.program = countered
    spell_ev.after = lambda g, e: g.state.put(card, g.ruleset.graveyard, card.owner)
    game.happen("counter", card, ev.controller)
    ev.did.append(f"counter {card.name}")
    ev.subject = ev.subject or card.name


def register(lang) -> None:
    """Add the words of this module to Sorcery's language."""

    lang.header_fields |= {"rarity": "the card's rarity, one of " + ", ".join(RARITIES) +
                                     ", read by a selector's rarity word ('an Elite spell'; "
                                     "rulesets/sorcery/geometry.py `card_trait`)"}
    lang.place_traits |= set(RARITIES)

    # 'When you attack': in Sorcery the player is their avatar in the realm, so what 'you'
    # do there (attack) the avatar does.
    your_avatar = Selector(quant="each", pick="any", kinds=frozenset({"avatar"}),
                           controller="you", slot="trigger:card", text="your avatar")

    @lang.pattern("you attack", "attack", "you attack")
    def you_attack(filt):
        return {**filt, "card": your_avatar}

    @lang.verb("counter a spell", "counter {what:cards}")
    def counter_spell(game, ev, node):
        """A spell of the kind named that is being cast (a `cast` event waiting on the
        storyline, not countered yet) is countered; the controller picks one if several."""
        sel = node.arg("what")
        waiting = [e for e in game.storyline if e.kind == "cast" and e.source is not None and
                   e.source.zone is None and game.matches(sel, e.source, ev)]
        if not waiting:
            ev.did.append(f"{node.text}: no such spell is being cast")
            return
        cards = [e.source for e in waiting]
        picked = game.ask_target(ev.controller, f"the spell to counter ({sel.text})", cards)
        counter(game, ev, waiting[cards.index(picked)])

    # --- the avatar's basic ability, as printed: 'Tap → Play or draw a site.' -----------
    @lang.verb("play a site", "play a site", splits=("enter_play",))
    def play_a_site(game, ev, node):
        """A site from the player's hand to a square the rules allow (avatar.py
        `site_squares`: next to one of their sites; their first, the avatar's square)."""
        player = ev.controller
        hand = [c for c in game.state.players[player].zones["hand"] if c.kind == "site"]
        squares = playable_squares(game, player)
        if not hand or not squares:
            ev.did.append("no site in hand to play" if not hand else "no square to play a site to")
            return
        site = game.ask_cards(player, "a site from your hand", hand, 1)[0] \
            if len(hand) > 1 else hand[0]
        at = game.ask_target(player, "a square for the site", squares)
        game.happen("play", site, player, to=at)
        enter_play(game, site, at, player)
        ev.did.append(f"play {site.name} at {at}")
        ev.subject = ev.subject or site.name

    # --- tokens by name, to several sites -------------------------------------------------
    # Where each token may go: any site; a site nearby the card, or adjacent to it (its own
    # included either way). One
    # vocabulary entry each, so that `explain --text` renders each back with its own words.
    spreads = {"to any combination of sites": Place("any", site_only=True),
               "on nearby sites": Place("adjacent", anchor=Place("here"), reach="nearby",
                                        site_only=True),
               "on adjacent sites": Place("adjacent", anchor=Place("here"), reach="adjacent",
                                          site_only=True)}
    for words, where in spreads.items():
        lang.verb(f"summon {words}", f"summon {{what:cards}} {words}",
                  splits=("enter_play",))(_summon_spread(where))

    # --- effects given for a while: one entry a duration and a stat, for the same reason ---
    for until in DURATIONS:
        lang.verb(f"give a keyword {until}",
                  f"give {{what:cards}} {{kw:keyword}} {until}")(_giver(None, until))
        for stat in STATS:
            said = stat.title() if stat in lang.keywords else stat    # 'Movement' is a keyword
            # (the slots of one entry's shapes come in one order: the keyword's first, or
            # the number's; a compiled step keeps its arguments in the order they were read)
            lang.verb(f"give a keyword and {stat} {until}",
                      f"give {{what:cards}} {{kw:keyword}} and {{n:signed}} {said} {until}",
                      f"{{what:cards}} gain|gains {{kw:keyword}} and {{n:signed}} {said} {until}"
                      )(_giver(stat, until))
            lang.verb(f"give {stat} and a keyword {until}",
                      f"give {{what:cards}} {{n:signed}} {said} and {{kw:keyword}} {until}",
                      f"{{what:cards}} gain|gains {{n:signed}} {said} and {{kw:keyword}} {until}"
                      )(_giver(stat, until))
            shapes = [f"give {{what:cards}} {{n:signed}} {said} {until}",
                      f"{{what:cards}} gain|gains {{n:signed}} {said} {until}"]
            if stat == "movement":            # 'gets +1 power' is durations.py's own
                shapes.append(f"{{what:cards}} get|gets {{n:signed}} {said} {until}")
            lang.verb(f"give {stat} {until}", *shapes)(_giver(stat, until))
        # Both stats at once ('gains +3 power and +3 Movement this turn'): one card, both.
        lang.verb(f"give power and movement {until}",
                  f"give {{what:cards}} {{n:signed}} power and {{m:signed}} Movement {until}",
                  f"{{what:cards}} gain|gains|get|gets {{n:signed}} power and {{m:signed}} "
                  f"Movement {until}")(_two_stats_giver(until))
        # A list of three ('gains +3 power, +3 Movement and Airborne this turn'): its commas
        # read as 'and' once the steps are joined (sentence_steps.py `merge_and`).
        lang.verb(f"give power, movement and a keyword {until}",
                  f"give {{what:cards}} {{n:signed}} power and {{m:signed}} Movement and "
                  f"{{kw:keyword}} {until}",
                  f"{{what:cards}} gain|gains {{n:signed}} power and {{m:signed}} Movement and "
                  f"{{kw:keyword}} {until}")(_three_giver(until))

    # --- piles: what a look or a search leaves to do -----------------------------------------
    @lang.verb("put one on top and the rest on the bottom",
               "put one of {what:cards} back? on top and the other|others|rest on the bottom "
               "in? any? order?",
               "put one back? on top and the other|others|rest on the bottom in? any? order?")
    def sort_top_and_bottom(game, ev, node):
        """Of the cards looked at, one goes back on top of its pile and the others to its
        bottom, in the order the controller gives (a `cards` question for the card on top,
        then one for each card going to the bottom, first first, while there is a choice)."""
        cards = game.select(node.arg("what"), ev) if node.arg("what") is not None else \
            ev.named.get("looked at", [])
        cards = [c for c in cards if not in_play(game, c) and c.zone is not None]
        n = 1
        if not cards:
            ev.did.append(f"{node.text}: nothing looked at")
            return
        player = ev.controller
        top = game.ask_cards(player, f"{n} to put back on top", cards, n, exact=True)
        rest = _in_order(game, player, [c for c in cards if c not in top],
                         "the next card to put at the bottom")
        for c in reversed(top):
            game.state.put(c, c.zone, c.owner, top=True)
        for c in rest:
            game.state.put(c, c.zone, c.owner)
        ev.did.append(f"put {', '.join(c.name for c in top)} on top, "
                      f"{', '.join(c.name for c in rest) or 'nothing'} on the bottom")

    @lang.verb("put back in any order", "put {what:cards} back on top in any order",
               "put {what:cards} back in any order")
    def put_back_in_order(game, ev, node):
        """The cards (looked at on top of their pile) go back on top in the order the
        controller names them, the first named on top."""
        cards = [c for c in game.select(node.arg("what"), ev)
                 if not in_play(game, c) and c.zone is not None]
        if not cards:
            ev.did.append(f"{node.text}: nothing to put back")
            return
        order = _in_order(game, ev.controller, cards, "the next card to put back, from the top")
        for c in reversed(order):
            game.state.put(c, c.zone, c.owner, top=True)
        ev.did.append(f"put back on top: {', '.join(c.name for c in order)}")

    @lang.verb("reveal until", "reveal cards from the top of {zone:zone} until you find "
               "{what:cards}")
    def reveal_until(game, ev, node):
        """Cards of the pile are revealed from the top, one by one, until one fits: that one
        is 'it' for the steps after; the others stay where they are (a 'Shuffle.' after it
        shuffles that pile)."""
        who, zone = node.arg("zone")
        player = whose_pile(game, ev, who)
        sel = node.arg("what")
        pile = game.state.players[player].zones.get(zone, [])
        ev.named["revealed pile"] = (player, zone)
        shown, found = [], []
        for c in pile:
            shown.append(c)
            if game.matches(sel, c, ev):
                found = [c]
                break
        ev.slots[sel.slot] = found
        ev.did.append(f"{ev.controller} reveals " + (", ".join(c.name for c in shown) or
                                                      "nothing") +
                      ("" if found else f": no {sel.text} in {player}'s {zone}"))
        ev.subject = ev.subject or (found[0].name if found else None)

    @lang.verb("shuffle the pile searched", "shuffle", ends_search=True)
    def shuffle_searched(game, ev, node):
        """'Shuffle.' after a search (or cards revealed from a pile): that pile."""
        found = _last_search(ev)
        if found is None:
            ev.did.append("shuffle: no pile was searched")
            return
        player, zone = found
        game.rng.shuffle(game.state.players[player].zones[zone])
        game.state.touch()
        ev.did.append(f"shuffle {player}'s {zone}")

    @lang.verb("put on top of the pile searched", "put {what:cards} on top of it")
    def put_on_searched(game, ev, node):
        """'... put that card on top of it': on top of the pile the event searched."""
        found = _last_search(ev)
        cards = game.select(node.arg("what"), ev)
        if found is None or not cards:
            ev.did.append(f"{node.text}: " + ("no pile was searched" if found is None
                                              else "nothing to put"))
            return
        player, zone = found
        for c in cards:
            game.state.put(c, zone, player, top=True)
            ev.did.append(f"put {c.name} on top of {player}'s {zone}")
