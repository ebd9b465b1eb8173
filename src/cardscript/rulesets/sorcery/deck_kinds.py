"""Each deck holds one kind of card: the atlas sites, the spellbook spells (docs/rulesets/
sorcery.md, "Shuffling cards into a deck, and the atlas's top and bottom").

The rulebook's deck building puts every site in the atlas and every other card in the
spellbook. So a card that text sends into a deck goes into its owner's deck of its kind.
Text that names a deck that some of the cards named could not go into is refused when the
card is compiled (E203): the atlas takes sites only, the spellbook no site; the hint says what
the deck holds and what to write instead. A card whose kind is known only as the step
resolves ('it') goes to its owner's deck of its kind, in the verbs of this module and the
shared verbs below alike, and the trace says so.

The verbs:
- 'shuffle X into ZONE': each card goes into its owner's deck, then each deck that took a
  card is shuffled by the run's seed (players in turn order, the atlas before the spellbook).
- 'PLAYER shuffles their hand into their spellbook' (or a cemetery): each player's whole
  pile, the sites of it into their atlas, both decks shuffled.
- 'return X to the top of ZONE' / 'to the bottom of': into the deck without a shuffle.
The shared verbs that put cards into a pile ('return X to ZONE', 'put X into ZONE', 'put X
on top of ZONE') get the same check here, and into a deck the same run (`_by_kind`), so a
minion is never returned to an atlas.
"""

from __future__ import annotations

from dataclasses import replace

from ...language.registry import Refusal
from ...library.common import _players
from ...library.moves import send_to

# The deck of each kind of card: a site's is the atlas, any other card's the spellbook.
DECKS = ("atlas", "spellbook")
SITE_DECK, SPELL_DECK = "atlas", "spellbook"
# The shared verbs that put cards into a pile named by a `zone` slot.
PILE_VERBS = ("return to hand", "put into", "put on top")
# The referent 'that many' reads: [(player, number of cards), ...] of the whole pile a step
# before it moved (a hand discarded, a hand shuffled away).
THAT_MANY = "that many"


def deck_of(card) -> str:
    """The deck a card belongs in."""
    return SITE_DECK if card.kind == "site" else SPELL_DECK


def _kinds(what, known):
    """The kinds of cards a selector may name, or None when only the game knows ('it')."""
    if what is None:
        return None
    if what.name is not None and what.name in known:
        return frozenset({known[what.name].kind})
    if what.zone is not None and what.zone[1] in DECKS:
        # 'the top card of your atlas': a site; '... of your spellbook': no site
        return frozenset({"site"}) if what.zone[1] == SITE_DECK else frozenset({"spell"})
    return what.kinds


def deck_check(args, known):
    """E203 for cards sent into a deck that cannot hold them, with a hint that says what the
    deck holds and what to write instead (not the list of every kind the words allow)."""
    zone = args.get("zone")
    if zone is None or zone[1] not in DECKS:
        return None
    kinds = _kinds(args.get("what"), known)
    if kinds is None:
        return None
    text = args["what"].text
    if zone[1] == SITE_DECK and kinds - {"site"}:
        problem = f"{text} cannot go into the atlas: the atlas holds sites only"
        if "site" not in kinds:
            return Refusal(problem, "the atlas holds sites, the spellbook every other card: "
                                    "write 'spellbook' for 'atlas'")
        return Refusal(problem, "the atlas holds sites only: name sites "
                                f"({_renamed(text, 'site')})")
    if zone[1] == SPELL_DECK and "site" in kinds:
        problem = f"{text} cannot go into the spellbook: a site belongs in the atlas"
        if kinds == {"site"}:
            return Refusal(problem, "the spellbook holds every card but sites, the atlas the "
                                    "sites: write 'atlas' for 'spellbook'")
        return Refusal(problem, "the spellbook holds every card but sites: name spells, or a "
                                f"kind of spell ({_renamed(text, 'spell')})")
    return None


# The nouns of a selector that name no one kind: what `_renamed` puts a kind's word in place of.
_ANY_KIND = ("card", "cards", "unit", "units")


def _renamed(text: str, noun: str) -> str:
    """'target card in your cemetery' -> "'target site in your cemetery'": the words with
    their noun for any kind in the place of `noun`, or the noun alone when there is none."""
    words = text.split()
    for i, w in enumerate(words):
        if w.lower() in _ANY_KIND:
            words[i] = noun + ("s" if w.lower().endswith("s") else "")
            return "'" + " ".join(words) + "'"
    return f"'{noun}'"


def into_decks(game, ev, cards, zone, top=None, why="return", said=None) -> list:
    """Put each card into its owner's deck of its kind (`zone` the one the text names); the
    (owner, deck) pairs that took a card, in the order they did. `why` is the leave-play
    happening's reason; `said` the words before the card's name in the trace ('return'
    says 'return X to ...'; by default 'put X into / on top of / at the bottom of ...')."""
    touched = []
    for c in cards:
        deck = deck_of(c)
        send_to(game, c, deck, why=why, top=top)
        if said == "return":
            where = "on top of" if top else "to"
        else:
            where = "on top of" if top else ("at the bottom of" if top is False else "into")
        ev.did.append(f"{said or 'put'} {c.name} {where} {c.owner}'s {deck}" +
                      (f" (not the {zone}: it is {'a site' if deck == SITE_DECK else 'no site'})"
                       if deck != zone else ""))
        ev.subject = ev.subject or c.name
        if (c.owner, deck) not in touched:
            touched.append((c.owner, deck))
    return touched


def shuffle_decks(game, ev, touched) -> None:
    """Shuffle each deck named, by the seed: players in turn order, the atlas first."""
    order = {p: i for i, p in enumerate(game.turn_order())}
    for player, deck in sorted(touched, key=lambda t: (order.get(t[0], len(order)),
                                                        DECKS.index(t[1]))):
        game.rng.shuffle(game.state.players[player].zones.setdefault(deck, []))
        ev.did.append(f"shuffle {player}'s {deck}")
    if touched:
        game.state.touch()


def own_pile(value) -> tuple:
    """An `ownpile` slot's value ('their hand') -> (possessive, zone)."""
    whose, _, zone = value.partition(" ")
    return whose, zone


def subject_possessive(who) -> str:
    """The possessive a player subject's own pile takes: 'your' with none or 'you', else
    'their' ('each player shuffles their hand')."""
    return "your" if who in (None, "you") else "their"


def _own_piles(args, known):
    """'their hand into their spellbook': both piles the subject's own, into a deck."""
    mine = subject_possessive(args.get("who"))
    (w1, frm), (w2, zone) = own_pile(args["frm"]), own_pile(args["zone"])
    for whose, pile in ((w1, frm), (w2, zone)):
        if whose != mine:
            return Refusal(f"'{whose} {pile}' is not a pile of the player who shuffles: a "
                           "player shuffles their own pile into their own deck",
                           f"write '{mine} {pile}' ('shuffle your hand into your spellbook', "
                           "'each player shuffles their hand into their spellbook')",
                           f"{whose} {pile}")
    if zone not in DECKS:
        return f"cards are shuffled into a deck (spellbook or atlas), not the {zone}"
    if zone == SITE_DECK:
        return f"a {frm} may hold spells, and the atlas holds sites only"
    if frm in DECKS:
        return f"cannot shuffle a {frm} into a deck"
    return None


def register(lang) -> None:
    """The deck verbs, and the deck check on the shared pile verbs."""
    for i, spec in enumerate(lang.verbs):
        if spec.name in PILE_VERBS:
            lang.verbs[i] = replace(spec, check=_both(spec.check, deck_check),
                                    run=_by_kind(spec))

    @lang.verb("shuffle a pile into a deck", "{who:player?} shuffle|shuffles {frm:ownpile} into "
               "{zone:ownpile}", check=_own_piles)
    def shuffle_pile(game, ev, node):
        frm, zone = own_pile(node.arg("frm"))[1], own_pile(node.arg("zone"))[1]
        counts, touched = [], []
        for who in _players(game, ev, node.arg("who"), node.text):
            cards = list(game.state.players[who].zones.get(frm, ()))
            counts.append((who, len(cards)))
            if not cards:
                ev.did.append(f"{who} has no card in their {frm}")
            for pair in into_decks(game, ev, cards, zone):
                if pair not in touched:
                    touched.append(pair)
        ev.named[THAT_MANY] = counts
        shuffle_decks(game, ev, touched)

    @lang.verb("shuffle into a deck", "shuffle {what:cards} into {zone:zone}",
               splits=("leave_play",), check=_deck_only)
    def shuffle_into(game, ev, node):
        cards = game.select(node.arg("what"), ev)
        if not cards:
            ev.did.append(f"{node.text}: nothing to shuffle")
        shuffle_decks(game, ev, into_decks(game, ev, cards, node.arg("zone")[1]))

    for end, top in (("top", True), ("bottom", False)):
        lang.verb(f"return to the {end} of a deck", f"return {{what:cards}} to the {end} of "
                  "{zone:zone}", splits=("leave_play",), check=_deck_only)(_to_end(top))


def _to_end(top: bool):
    def return_to_end(game, ev, node):
        """Put cards into their owner's deck, on top or at the bottom, with no shuffle."""
        cards = game.select(node.arg("what"), ev)
        if not cards:
            ev.did.append(f"{node.text}: nothing to return")
        into_decks(game, ev, cards, node.arg("zone")[1], top=top)
    return return_to_end


def _by_kind(spec):
    """The shared pile verb `spec` where the pile it names is a deck: each card goes into its
    owner's deck of its kind, as a shuffled one does, and the trace says when that is not the
    deck the text names ('return it to your atlas' of a minion known only in play). Into
    any other pile the shared verb runs as it is."""
    run = spec.run
    said = "return" if spec.name == "return to hand" else "put"

    def run_by_kind(game, ev, node):
        zone = node.arg("zone")[1]
        if zone not in DECKS:
            return run(game, ev, node)
        cards = game.select(node.arg("what"), ev)
        if not cards and said == "put":
            ev.did.append(f"{node.text}: nothing to put")
        top = None
        if spec.name == "put on top":
            top = "bottom" not in node.text.lower().split()
        into_decks(game, ev, cards, zone, top=top, why=said, said=said)
        return None
    run_by_kind.__doc__ = run.__doc__
    return run_by_kind


def _deck_only(args, known):
    zone = args.get("zone")
    if zone is not None and zone[1] not in DECKS:
        return f"cards go to the top or bottom of a deck (spellbook or atlas), " \
               f"or are shuffled into one, not the {zone[1]}"
    return deck_check(args, known)


def _both(first, second):
    """A check that runs `first`, then `second`: the first problem found."""
    if first is None:
        return second

    def check(args, known):
        return first(args, known) or second(args, known)
    return check
