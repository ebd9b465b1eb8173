"""Verbs, patterns and conditions shared by rulesets."""

from __future__ import annotations

from ..errors import ChoiceError
from ..language.registry import Language
from .card_is import register as register_card_is
from .player_controls import controlled_by, register as register_player_controls
from .moves import in_play, leave_play, send_to


def _players(game, ev, who, text=None) -> list[str]:
    """Every player a player word names: 'each player' is all of them, in turn order; 'an
    opponent' is one the controller chooses (`text`: the card's words, for the question)."""
    return game.players_named(ev, who, text)


def _player(game, ev, who, text=None):
    """The one player a player word names (interpreter/players.py says which)."""
    return game.player_named(ev, who, text)


def named_kinds(what, known):
    """The kinds of card a selector names at compile time: the kind of the card it names by
    name when that card is known, else its kinds (None: any kind). A verb's check reads it."""
    if what.name is not None and what.name in known:
        return frozenset({known[what.name].kind})
    return what.kinds


def _units_only(noun_kinds):
    def check(args, known):
        what = args.get("what")
        if what is None:
            return None
        kinds = named_kinds(what, known)
        if kinds is not None and not (kinds & noun_kinds):
            listed = " or ".join(sorted(noun_kinds)).replace(" or ", ", ", len(noun_kinds) - 2)
            article = "an" if listed[:1] in "aeiou" else "a"
            return f"cannot {{verb}} {what.text}: it is not {article} {listed}"
        return None
    return check


def stand_up(game, ev, cards, word: str) -> None:
    """Each tapped card of `cards` stands ready again, the trace saying `word` ('untap X');
    the verbs of the games that turn a card upright share it."""
    for c in cards:
        if c.tapped:
            c.tapped = False
            ev.quiet_acts += 1
            game.state.touch()
            ev.did.append(f"{word} {c.name}")
        ev.subject = ev.subject or c.name


def in_play_only(lang, verb: str):
    """A verb's check: its cards must be of a kind that is ever in play, in a language that
    says which kinds are (`permanent_kinds`): 'tap this' on a card never in play is refused."""
    def check(args, known):
        what = args.get("what")
        if what is None or not lang.permanent_kinds:
            return None
        kinds = what.kinds
        if what.name is not None and what.name in known:
            kinds = frozenset({known[what.name].kind})
        if kinds is not None and not (kinds & lang.permanent_kinds):
            return f"cannot {verb} {what.text}: it is never in play"
        return None
    return check


def deal_to(game, ev, node, n: int, cards) -> None:
    """N damage from the event's source to each card, said in the event; the first card hit is
    its subject, all of them its subjects."""
    if not cards:
        ev.did.append(f"{node.text}: nothing to damage")
    for c in cards:
        if damage(game, c, n, ev.controller, ev.source):
            ev.did.append(f"{n} damage to {c.name}")
    if cards:
        ev.subject = ev.subject or cards[0].name
        ev.subjects = [c.name for c in cards]


def gave(ev, node, cards) -> None:
    """The cards a step picked by itself (drawn, discarded), kept in its slot for a later
    'it' / 'them' (a verb registered with `gives`: compiler/given_cards.py): all the cards
    of the step, each player's, once it is done (none: the slot is empty, and 'it' names
    nothing)."""
    if node.gives is not None:
        ev.slots[node.gives] = list(cards)


def draw_cards(game, ev, who: str, zone: str, n: int) -> list:
    """`who` draws `n` cards from the top of their deck `zone`, each a `draw` happening; from
    a deck that runs out, what there is, and the event says so. The cards drawn."""
    drawn = []
    for _ in range(n):
        pile = game.state.players[who].zones.get(zone, [])
        if not pile:
            ev.did.append(f"{who} has no card to draw from {zone}")
            break
        card = pile[0]
        game.state.put(card, "hand", who)
        drawn.append(card)
        game.happen("draw", card, who, frm=zone)
    if drawn:
        ev.did.append(f"{who} draws {', '.join(c.name for c in drawn)}")
        ev.subject = ev.subject or drawn[0].name
    return drawn


def common_language(unit_kinds=frozenset({"unit"}), destroy_kinds=None) -> Language:
    """The shared vocabulary; `unit_kinds` are the kinds that can be damaged and killed, and
    `destroy_kinds` those that can be destroyed (default: the same); a destroyed card of a
    kind that is no unit leaves play without dying."""
    lang = Language("common")
    lang.header_fields = {"cost": "what casting or playing the card costs "
                                  "(interpreter/actions.py `cast`)"}
    kill_check = _units_only(unit_kinds)
    lang.replaceable = {"die", "damage"}          # the kill and damage verbs ask `game.would`
    destroy_kinds = frozenset(destroy_kinds or unit_kinds)
    destroy_check = _units_only(destroy_kinds)

    def named_check(verb, test=kill_check):
        def check(args, known):
            msg = test(args, known)
            return msg.replace("{verb}", verb) if msg else None
        return check

    @lang.verb("draw", "draw {n:count?} {what:cardtype}", "{who:player} draw|draws {n:count?} "
               "{what:cardtype}", gives="what")
    def draw(game, ev, node):
        zone = game.ruleset.language.draw_zones[node.arg("what")]
        n = node.arg("n") or 1
        drawn = []
        for who in _players(game, ev, node.arg("who"), node.text):
            drawn += draw_cards(game, ev, who, zone, n)
        gave(ev, node, drawn)

    # 'each X takes 1 damage': the cards as the subject, the same damage dealt by
    # the effect's source
    @lang.verb("deal damage", "deal {n:number} damage to {what:cards}",
               "{what:cards} take|takes {n:number} damage",
               check=named_check("deal damage to"))
    def deal_damage(game, ev, node):
        deal_to(game, ev, node, node.arg("n"),
                [c for c in game.select(node.arg("what"), ev) if in_play(game, c)])

    def _kill(game, ev, node, why):
        cards = [c for c in game.select(node.arg("what"), ev) if in_play(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to {why}")
            return
        for c in cards:
            if c.kind not in unit_kinds:
                leave_play(game, c, game.ruleset.graveyard, why="destroy")   # it does not die
            elif not game.would("die", c, ev.controller):
                continue                    # replaced: would() noted what happened instead
            else:
                leave_play(game, c, game.ruleset.graveyard, why="die")
            ev.did.append(f"{why} {c.name}")
        ev.subject = ev.subject or cards[0].name
        ev.subjects = [c.name for c in cards]

    @lang.verb("kill", "kill|kills {what:cards}", splits=("leave_play",),
               check=named_check("kill"))
    def kill(game, ev, node):
        _kill(game, ev, node, "kill")

    @lang.verb("destroy", "destroy|destroys {what:cards}", splits=("leave_play",),
               check=named_check("destroy", destroy_check))
    def destroy(game, ev, node):
        _kill(game, ev, node, "destroy")

    @lang.verb("gain life", "{who:player?} gain|gains {n:number} life")
    def gain_life(game, ev, node):
        n, life = node.argmap["n"], game.ruleset.life_counter
        for who in _players(game, ev, node.argmap.get("who"), node.text):
            game.counter_add(who, life, n)
            game.happen("gain_life", None, who, amount=n)
            ev.did.append(f"{who} gains {n} life")

    @lang.verb("lose life", "{who:player?} lose|loses {n:number} life")
    def lose_life(game, ev, node):
        n, life = node.argmap["n"], game.ruleset.life_counter
        for who in _players(game, ev, node.argmap.get("who"), node.text):
            game.counter_add(who, life, -n)
            ev.did.append(f"{who} loses {n} life")

    def can_discard(game, ev, node):
        n = node.arg("n") or 1
        return all(len(game.state.players[p].zones.get("hand", ())) >= n
                   for p in _players(game, ev, node.arg("who"), node.text))

    # Discarding takes a player subject like drawing and gaining life ('your opponent
    # discards a card', 'each player discards a card'; none: the controller). It is a cost:
    # offered by a 'may' only to a player who can discard the whole number (a `pay`
    # question), and what an 'Any time' ability that opens with it needs to be usable.
    @lang.verb("discard", "{who:player?} discard|discards {n:count} card|cards",
               able=can_discard, cost=True, gives=True)
    def discard(game, ev, node):
        """Discard N cards from hand to the graveyard, chosen by their holder: all, or none."""
        n = node.arg("n") or 1
        gone = []
        for who in _players(game, ev, node.arg("who"), node.text):
            hand = game.state.players[who].zones.get("hand", [])
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
            gone += picked
            ev.did.append(f"{who} discards {', '.join(c.name for c in picked)}")
        gave(ev, node, gone)

    @lang.verb("return to hand", "return {what:cards} to {zone:zone}", splits=("leave_play",))
    def return_to(game, ev, node):
        who, zone = node.arg("zone")
        for c in game.select(node.arg("what"), ev):
            send_to(game, c, zone, why="return")
            ev.did.append(f"return {c.name} to {c.owner}'s {zone}")
            ev.subject = ev.subject or c.name

    @lang.verb("search", "search {zone:zone} for {what:cards}", search=True)
    def search(game, ev, node):
        who, zone = node.arg("zone")
        player = _player(game, ev, who, node.text)
        sel = node.arg("what")
        pile = game.state.players[player].zones.get(zone, [])
        found_ok = [c for c in pile if game.matches(sel, c, ev)]
        n = sel.most
        picked = game.ask_cards(player, f"search {zone} for {sel.text}", found_ok, n) \
            if found_ok else []
        ev.slots[sel.slot] = picked
        game.happen("search", None, player, zone=zone)
        ev.did.append(f"search {zone}: " + (", ".join(c.name for c in picked) or "nothing found"))

    @lang.verb("shuffle", "shuffle {zone:zone}", ends_search=True)
    def shuffle(game, ev, node):
        who, zone = node.arg("zone")
        player = _player(game, ev, who, node.text)
        pile = game.state.players[player].zones.get(zone, [])
        game.rng.shuffle(pile)
        game.state.touch()
        ev.did.append(f"shuffle {player}'s {zone}")

    @lang.verb("tap", "tap {what:cards}", check=in_play_only(lang, "tap"))
    def tap(game, ev, node):
        for c in game.select(node.arg("what"), ev):
            if c.tapped:
                ev.did.append(f"{c.name} is tapped already")
                continue
            c.tapped = True
            ev.quiet_acts += 1               # no happening: 'If it can't' counts it (interpret.do)
            ev.did.append(f"tap {c.name}")

    @lang.verb("untap", "untap|untaps {what:cards}", check=in_play_only(lang, "untap"))
    def untap(game, ev, node):
        """Cards tapped (to pay a cost, by moving or attacking) stand ready again."""
        stand_up(game, ev, game.select(node.arg("what"), ev), "untap")

    @lang.verb("heal", "heal|heals {what:cards}", check=in_play_only(lang, "heal"))
    def heal(game, ev, node):
        """Remove all damage from cards; with a number (a shape a ruleset adds, 'heal
        {n:number} damage from {what:cards}'), up to that much damage from each, never more
        than it has."""
        n = node.argmap.get("n")
        for c in game.select(node.arg("what"), ev):
            if n is None and c.damage:
                ev.did.append(f"heal {c.name} ({c.damage} damage)")
            elif n is not None:
                ev.did.append(f"heal {min(n, c.damage)} damage from {c.name}" +
                              (f" ({c.damage - n} left)" if c.damage > n else "")
                              if c.damage else f"{c.name} has no damage to heal")
            taken = c.damage if n is None else min(n, c.damage)
            if taken:
                ev.quiet_acts += 1            # healing nothing is no heal: 'If it can't' holds
                c.damage -= taken
                game.state.touch()
            ev.subject = ev.subject or c.name

    # --- trigger patterns ---------------------------------------------------
    lang.trigger("cast", "cast", "{player:player} cast|casts {card:cards}")

    lang.trigger("die", "die", "{card:cards} die|dies", "{card:cards} is|are killed|destroyed",
                 "{card:cards} be killed|destroyed")

    lang.trigger("damage", "damage", "{card:cards} is|are dealt damage",
                 "{card:cards} take|takes damage", "{card:cards} be dealt damage")

    lang.trigger("draw", "draw", "{player:player} draw|draws a card")

    lang.trigger("gain life", "gain_life", "{player:player} gain|gains life")

    lang.trigger("enter play", "enter_play", "{card:cards} enter|enters play")

    # --- conditions -----------------------------------------------------------
    @lang.condition("control", "you control {what:cards}")
    def you_control(game, ev, args):
        return _controls(game, ev, args["what"])

    @lang.condition("not control", "you don't|dont control {what:cards}",
                    "you do not control {what:cards}")
    def you_dont_control(game, ev, args):
        return not _controls(game, ev, args["what"])

    # Each reads the latest 'may' answer of the person it names (interpreter/players.py
    # `answer_of`): 'you', the controller; 'they', the player(s) of the latest 'may' another
    # player decided ('your opponent may ...', 'each opponent may ...'). A 'may' that was never
    # offered (it stood under a condition that failed) makes neither 'do' nor "don't" hold.
    @lang.condition("did", "you do", reads_answer="you")
    def you_do(game, ev, args):
        return game.answer_of(ev, "you", "if you do") is True

    @lang.condition("did not", "you don't|dont", "you do not", reads_answer="you")
    def you_dont(game, ev, args):
        return game.answer_of(ev, "you", "if you don't") is False

    @lang.condition("they did", "they do", reads_answer="they")
    def they_do(game, ev, args):
        return game.answer_of(ev, "they", "if they do") is True

    @lang.condition("they did not", "they don't|dont", "they do not", reads_answer="they")
    def they_dont(game, ev, args):
        return game.answer_of(ev, "they", "if they don't") is False

    # 'If it can't, ...' after a step: the step found nothing to act on, so it made no
    # happening (no card moved, was dealt damage, ...) and changed no card quietly (a tap,
    # an untap, a heal count through `ev.quiet_acts`; interpret.py `do` sets `last_acted`).
    @lang.condition("could not", "it can't|cannot", "they can't|cannot")
    def it_cannot(game, ev, args):
        return ev.last_acted is False

    @lang.condition("played", "you played {what:cards}")
    def you_played(game, ev, args):
        sel = args["what"]
        played = [h.card for h in ev.log if h.kind == "play" and h.player == ev.controller
                  and h.card is not None and game.matches(_unplaced(sel), h.card, ev)]
        if played:
            ev.slots[sel.slot] = played[-1:]       # 'that site' names the card played
        return bool(played)

    register_card_is(lang)          # 'if it is an allied unit', 'if they are sites'
    register_player_controls(lang)  # 'if its controller controls a site'
    return lang


def damage(game, card, n: int, player, source=None) -> bool:
    """Deal n damage to a card unless a prevention or replacement stops it (True: dealt)."""
    if not game.would("damage", card, player, amount=n, source=source):
        return False
    card.damage += n
    game.happen("damage", card, player, amount=n, source=source)
    return True


def _unplaced(sel):
    from dataclasses import replace
    return replace(sel, place=None)


def _controls(game, ev, sel) -> bool:
    mine = controlled_by(game, ev, sel, ev.controller)
    if mine and sel.slot:
        ev.slots[sel.slot] = mine                   # 'it' can name what you control
    return bool(mine)
