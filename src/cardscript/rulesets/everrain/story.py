"""Story primitives: fetching numbered Story cards, the Ongoing Story cover, story slots.

A story is told across turns and acts. An outcome "+N+" fetches Story card N and lays it,
unresolved, under the Ongoing Story cover; the card that gave the outcome goes to the
story slot of the player who caused it, where it marks whose story it is. At the end of
an act the fetched cards go back into play on top of the deck their back belongs to, and
the next draw from that deck decides, by whose turn it is, whether the story goes on at
once or waits face down in its owner's story slot.

Which card in a story slot "matches" a Story card: the card that fetched it (the fetch
records it on the Story card); a Story card with no such record (a board set up by hand)
is matched by the card whose text fetches its number.
"""

from __future__ import annotations

from ...interpreter.rules import Do, find_card, walk
from ...errors import ScenarioError, SemanticError, did_you_mean
from .policy import STORY

FACE_DOWN = "face_down"
FETCHED_BY = "fetched_by"     # on a Story card: the id of the card whose outcome fetched it
DRAWN_FROM = "drawn_from"     # on a face-down Story card: the deck it was drawn from


# --- zones ------------------------------------------------------------------------
def ensure_zones(game) -> None:
    """Make the shared zones exist; an unset story deck holds every Story card not set up.

    A scenario that lists `story:` in its shared setup gets exactly that deck; one that does
    not gets the whole numbered deck (every Story card the game knows, by number), as the
    game box would, minus the Story cards the setup already placed elsewhere.
    """
    shared = game.state.shared
    for deck in STORY["decks"]:
        shared.setdefault(deck, [])
    for zone in (STORY["ongoing"], STORY["discard"]):
        shared.setdefault(zone, [])
    if STORY["story_deck"] not in shared:
        shared[STORY["story_deck"]] = []
        placed = {c.name for c in game.state.cards.values()}
        stories = sorted((t for t in game.templates.values()
                          if t.kind == STORY["story_kind"] and t.name not in placed),
                         key=lambda t: (number_of(t) or 0, t.name))
        for tpl in stories:
            game.state.put(game.state.new_card(tpl, game.state.order[0]), STORY["story_deck"])


def check_story_card(tpl) -> None:
    """A Story card needs a number (to be fetched) and a back (the deck it goes onto); the
    compiler runs this on every card (`Language.card_checks`): error E208 at the card."""
    if tpl.kind != STORY["story_kind"]:
        return
    backs = [b.replace("_", " ") for b in STORY["decks"].values()]
    if number_of(tpl) is None:
        raise SemanticError(f"Story card {tpl.name!r} has no number", tpl.span, code="E208",
                            hint=f"write it in the header: story, {STORY['number_stat']} 13")
    if deck_for(tpl) is None:
        back = tpl.props.get(STORY["back_prop"])
        raise SemanticError(
            f"Story card {tpl.name!r} has " + (f"an unknown back {back!r}" if back
                                               else "no back"), tpl.span, code="E208",
            hint=" ".join(filter(None, [
                did_you_mean(str(back), backs) if back else
                did_you_mean(next(iter(tpl.props), ""), [STORY["back_prop"]]),
                f"write it in the header: {STORY['back_prop']} " + " | ".join(backs)])))


def slot(game, player) -> list:
    return game.state.players[player].zones.setdefault(STORY["slot"], [])


def number_of(tpl):
    """A Story card's number (header `number 13`), or None."""
    return tpl.stats.get(STORY["number_stat"])


def deck_of(card) -> str | None:
    """The deck a card goes back to: its back's deck for a Story card, else its own kind's."""
    return deck_for(card.tpl)


def deck_for(tpl) -> str | None:
    """The deck of a card template: its back's for a Story card, else its own kind's."""
    kind = tpl.kind
    if kind == STORY["story_kind"]:
        kind = str(tpl.props.get(STORY["back_prop"], "")).replace(" ", "_").lower()
    for deck, back in STORY["decks"].items():
        if back == kind:
            return deck
    return None


def spell_event(tpl) -> str:
    """How a card's outcome goes on the storyline, in words (for `cardscript explain`)."""
    deck = deck_for(tpl) or "(no deck: give it a back)"
    if tpl.kind == STORY["story_kind"]:
        n = number_of(tpl)
        return (f"a 'story' event: fetched by +{n}+ under the Ongoing Story cover, it goes "
                f"onto {deck} at the end of the act; drawn from there on its story holder's "
                "turn (or by its holder, from face down in their slot) it resolves")
    return f"an 'encounter' event when drawn from {deck}"


def fetches(tpl) -> set:
    """The Story numbers a card's text fetches ('+13+' anywhere in it)."""
    return {node.arg("n") for ab in tpl.abilities for node in walk(ab.effect)
            if type(node) is Do and node.verb.name == "fetch a story card"}


def matches(marker, card) -> bool:
    """Does `marker` (a face-up card in a story slot) belong to the story `card` continues?

    The card that fetched `card` matches it. A Story card placed by hand, which no fetch
    recorded, is matched by a card whose text fetches its number.
    """
    if FACE_DOWN in marker.flags or marker is card:
        return False
    by = card.extra.get(FETCHED_BY)
    if by is not None:
        return marker.id == by
    return number_of(card.tpl) in fetches(marker.tpl)


def story_owner(game, card) -> str | None:
    """The player with a matching card in their story slot (turn order from the active one)."""
    for p in game.turn_order():
        if any(matches(m, card) for m in slot(game, p)):
            return p
    return None


def ongoing_stories(game) -> list:
    """Every Story card that is part of a story under way: under the Ongoing Story cover, on
    an encounter deck, or waiting face down in a story slot."""
    zones = {STORY["ongoing"], *STORY["decks"]}
    return [c for c in game.state.cards.values() if c.kind == STORY["story_kind"] and
            (c.zone in zones or (c.zone == STORY["slot"] and FACE_DOWN in c.flags))]


def retire(game, card, ev) -> None:
    """A card whose part of the story is over: a Story card back to the numbered deck,
    any other card to the discard."""
    card.flags.discard(FACE_DOWN)
    card.tapped = False
    card.extra.pop(FETCHED_BY, None)
    card.extra.pop(DRAWN_FROM, None)
    zone = STORY["story_deck"] if card.kind == STORY["story_kind"] else STORY["discard"]
    game.state.put(card, zone)
    ev.did.append(f"{card.name} goes back to the story deck" if zone == STORY["story_deck"]
                  else f"{card.name} goes to the {zone}")


# --- verbs ------------------------------------------------------------------------
def fetch(game, ev, n: int) -> None:
    """'+N+': lay Story card N, unresolved, under the Ongoing Story cover."""
    deck = game.state.shared.get(STORY["story_deck"], [])
    card = next((c for c in deck if number_of(c.tpl) == n), None)
    if card is None:
        ev.did.append(f"+{n}+: no Story card {n} in the story deck")
        return
    game.state.put(card, STORY["ongoing"])
    card.flags.discard(FACE_DOWN)
    card.tapped = False
    ev.named.setdefault("fetched", []).append(card)
    if ev.source is not None:
        card.extra[FETCHED_BY] = ev.source.id
    game.happen("fetch", card, ev.controller, number=n)
    ev.did.append(f"+{n}+: {card.name} (Story {n}) goes under the Ongoing Story cover, "
                  "unresolved")
    ev.subject = ev.subject or card.name


def end_story(game, ev, *, resolved: bool) -> None:
    """'The story is resolved' / 'the story ends unresolved': this card closes its story."""
    ev.named["story end"] = ["resolved" if resolved else "unresolved"]
    ev.did.append("the story is resolved" if resolved else "the story ends unresolved")


# --- resolving a card ---------------------------------------------------------------
def resolve(game, card, player, kind: str, note: str | None = None) -> None:
    """Put a drawn card's resolution on the storyline and run it."""
    game.state.put(card, None)            # in no zone while it resolves
    card.controller = player              # it resolves for this player
    card.tapped = False
    card.flags.discard(FACE_DOWN)
    card.extra.pop(DRAWN_FROM, None)
    spells = card.tpl.spell_abilities
    program = spells[0].effect if spells else None
    ev = game.new_event(kind, card, player, program, spells[0].text if spells else card.name,
                        ability=spells[0] if spells else None)
    if note:
        ev.did.append(note)
    ev.after = _place
    game.add(ev)
    game.run()


def _place(game, ev) -> None:
    """Where the card goes once its outcome is done.

    A card that fetched a Story card goes to the story slot of its controller (who caused
    the event). A Story card's turn ends the part of the card that marked its story: that
    card leaves its slot, unless it still marks another story under way (one outcome can
    fetch two numbers). A card that fetched nothing ends its story (or was no story): it is
    retired. A card its own outcome moved ('return this to its owner's hand') has left the
    resolution: it stays where the outcome put it.
    """
    card, player = ev.source, ev.controller
    moved = card.zone is not None             # `resolve` keeps it in no zone
    if card.kind == STORY["story_kind"]:
        # Only the slot of the player it resolved for: a look-alike marking another
        # player's story (a board set up by hand) is not this story's.
        markers = [m for m in slot(game, player) if matches(m, card)]
        card.extra.pop(FETCHED_BY, None)          # its own step is taken
        others = ongoing_stories(game)
        for m in markers:
            if not any(matches(m, other) for other in others):
                retire(game, m, ev)
    if moved:
        return
    if ev.named.get("fetched"):
        game.state.put(card, STORY["slot"], player)
        card.controller = player
        ev.did.append(f"{card.name} goes to {player}'s story slot")
    else:
        retire(game, card, ev)


# --- actions ----------------------------------------------------------------------
def _deck_arg(game, value) -> str:
    decks = list(STORY["decks"])
    name = str(value).strip().lower().replace(" ", "_")
    for cand in (name, name + "s"):          # 'sea_events', or the kind: 'sea_event'
        if cand in decks:
            return cand
    if name == STORY["story_deck"]:
        raise ScenarioError("illegal action: Story cards are fetched by number ('+13+'), "
                            "never drawn", None, code="S206",
                            hint="draw from one of: " + ", ".join(decks))
    raise ScenarioError(f"illegal action: no deck {value!r} to draw from", None, code="S206",
                        hint=" ".join(filter(None, [did_you_mean(name, decks),
                                                    "decks: " + ", ".join(decks)])))


def draw_action(game, player, action) -> None:
    """Draw the top card of a deck and resolve it, unless the ongoing-story rules say otherwise.

    In order: a face-down Story card waiting in the player's story slot for this deck
    resolves instead of the draw; a Story card on top (part of an ongoing story) resolves at
    once on its owner's turn, and otherwise goes face down into its owner's story slot; any
    other card is an encounter and resolves at once.
    """
    ensure_zones(game)
    deck = _deck_arg(game, action["draw"])
    waiting = [c for c in slot(game, player) if FACE_DOWN in c.flags and
               c.extra.get(DRAWN_FROM, deck_of(c)) == deck]
    if waiting:
        resolve(game, waiting[0], player, "story",
                f"resolves instead of {player}'s draw from {deck}")
        return
    pile = game.state.shared[deck]
    if not pile:
        raise ScenarioError(f"illegal action: the {deck} deck is empty", None, code="S206",
                            hint="put cards in it in setup: shared: {" + deck + ": [...]}")
    card = pile[0]
    game.happen("draw", card, player, frm=deck)
    if card.kind != STORY["story_kind"]:
        resolve(game, card, player, "encounter")
        return
    owner = story_owner(game, card)
    active = game.state.active
    if owner is None:
        resolve(game, card, player, "story",
                f"drawn by {player}; no story slot holds its story, so it resolves at once")
    elif owner == active:
        resolve(game, card, owner, "story",
                f"drawn on {owner}'s turn, who holds its story: it resolves at once")
    else:
        _face_down(game, card, player, owner, deck)


def _face_down(game, card, player, owner, deck) -> None:
    """A Story card drawn on another player's turn waits face down in its owner's slot."""
    def program(g, ev):
        card.tapped = False
        card.flags.add(FACE_DOWN)
        card.extra[DRAWN_FROM] = deck        # it waits for its holder's draw from this deck
        g.state.put(card, STORY["slot"], owner)
        card.controller = owner
        ev.did.append(f"{player} draws {card.name} from {deck}; it is {active}'s turn, not "
                      f"{owner}'s: face down into {owner}'s story slot")
    active = game.state.active
    ev = game.new_event("draw", None, player, program, f"{player} draws from {deck}")
    ev.subject = card.name
    game.add(ev)
    game.run()


def end_act_action(game, player, action) -> None:
    """The end of an act: each card under the Ongoing Story cover goes sideways onto its deck."""
    ensure_zones(game)

    def program(g, ev):
        cards = list(g.state.shared[STORY["ongoing"]])
        if not cards:
            ev.did.append("no ongoing story")
        for card in cards:
            deck = deck_of(card)
            if deck is None:
                raise ScenarioError(f"{card.name} has no deck to go back to: give it a back "
                                    "(back sea event, back expedition, back denizen)", None,
                                    code="S206")
            g.state.put(card, deck, top=True)
            card.tapped = True             # sideways: part of an ongoing story
            ev.did.append(f"{card.name} goes sideways on top of {deck}")
        ev.subjects = [c.name for c in cards]
        ev.subject = cards[0].name if cards else None
    ev = game.new_event("end_act", None, player, program, "end of the act")
    game.add(ev)
    game.run()


def on_start(game) -> None:
    """Before the first action: the shared decks exist, the story deck is filled."""
    ensure_zones(game)


def play_action(game, player, action) -> None:
    """`play` / `cast`: a card from the player's hand resolves as if drawn by that player.

    The Everrain's cards come from its decks; a card a scenario puts in a hand is played
    the same way an encounter resolves, so its outcome follows the story rules (a card that
    fetches a Story card goes to the player's story slot; one that fetches nothing is done).
    """
    ensure_zones(game)
    card = find_card(game, player, action.get("cast", action.get("play")), ["hand"])
    kind = "story" if card.kind == STORY["story_kind"] else "encounter"
    resolve(game, card, player, kind, f"{player} plays it from hand")


