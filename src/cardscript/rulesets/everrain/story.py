"""Story primitives: fetching numbered Story cards, the Ongoing Story cover, story slots.

A story is told across turns and acts. An outcome "+N+" fetches Story card N and lays it,
unresolved, under the Ongoing Story cover; the card that gave the outcome goes to the
story slot of the player who caused it, where it marks whose story it is. At the end of
an act the fetched cards go back into play on top of the deck their back belongs to, and
the next draw from that deck decides, by whose turn it is, whether the story goes on at
once or waits face down in its owner's story slot.

Which card in a story slot "matches" a Story card is read from the cards themselves: the
card whose text fetches that number (or, failing that, the card that actually fetched it).
"""

from __future__ import annotations

from ...compiler.template import Do
from ...errors import ScenarioError, did_you_mean
from .policy import STORY

FACE_DOWN = "face_down"


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


def slot(game, player) -> list:
    return game.state.players[player].zones.setdefault(STORY["slot"], [])


def number_of(tpl):
    """A Story card's number (header `number 13`), or None."""
    return tpl.stats.get(STORY["number_stat"])


def deck_of(card) -> str | None:
    """The deck a card goes back to: its back's deck for a Story card, else its own kind's."""
    kind = card.kind
    if kind == STORY["story_kind"]:
        back = str(card.tpl.props.get(STORY["back_prop"], "")).replace(" ", "_").lower()
        kind = back
    for deck, back in STORY["decks"].items():
        if back == kind:
            return deck
    return None


def fetches(tpl) -> set:
    """The Story numbers a card's text fetches ('+13+' anywhere in it)."""
    found = set()
    for ab in tpl.abilities:
        stack = [ab.effect]
        while stack:
            node = stack.pop()
            if node is None or isinstance(node, str):
                continue
            if isinstance(node, Do):
                if node.verb.name == "fetch a story card":
                    found.add(node.arg("n"))
                continue
            for attr in ("items", "options"):
                stack.extend(getattr(node, attr, ()) or ())
            for attr in ("body", "search", "shuffle"):
                stack.append(getattr(node, attr, None))
    return found


def matches(marker, card) -> bool:
    """Does `marker` (a face-up card in a story slot) belong to the story `card` continues?"""
    if FACE_DOWN in marker.flags or marker is card:
        return False
    return number_of(card.tpl) in fetches(marker.tpl) or \
        card.id in marker.extra.get("fetched", ())


def story_owner(game, card) -> str | None:
    """The player with a matching card in their story slot (turn order from the active one)."""
    for p in game.turn_order():
        if any(matches(m, card) for m in slot(game, p)):
            return p
    return None


def retire(game, card, ev) -> None:
    """A card whose part of the story is over: a Story card back to the numbered deck,
    any other card to the discard."""
    card.flags.discard(FACE_DOWN)
    card.tapped = False
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
        ev.source.extra.setdefault("fetched", []).append(card.id)
    game.happen("fetch", card, ev.controller, number=n)
    ev.did.append(f"+{n}+: {card.name} (Story {n}) goes under the Ongoing Story cover, "
                  "unresolved")
    ev.subject = ev.subject or card.name


def end_story(game, ev, *, resolved: bool) -> None:
    """'The story is resolved' / 'the story ends unresolved': this card closes its story."""
    ev.named["story end"] = ["resolved" if resolved else "unresolved"]
    ev.did.append("the story is resolved" if resolved else "the story ends unresolved")


def make_test(game, ev, skill=None) -> str:
    """A test: its outcome is the controller's `option` answer, success or failure."""
    what = f"{skill} test" if skill else "test"
    i = game.ask_option(ev.controller, [o for o, _ in _OUTCOMES])
    outcome = _OUTCOMES[i][0]
    ev.named["test"] = [outcome]
    ev.did.append(f"{what}: {outcome}")
    return outcome


_OUTCOMES = (("success", True), ("failure", False))


def test_outcome(game, ev) -> str:
    """The outcome of the card's test (made now if the text tests before saying 'make a test')."""
    done = ev.named.get("test")
    return done[0] if done else make_test(game, ev)


def choose(game, ev, options: list) -> None:
    """A choice between two outcomes, answered with an `option` choice (its words)."""
    i = game.ask_option(ev.controller, options)
    ev.named["chose"] = [options[i]]
    ev.did.append(f"chose: {options[i]}")


def chose(ev, words: str) -> bool:
    picked = ev.named.get("chose")
    return bool(picked) and (picked[0] == words or picked[0].startswith(words + " "))


def change_counter(game, ev, who, counter: str, delta: int) -> None:
    player = game.opponent_of(ev.controller) if who == "opponent" else ev.controller
    game.counter_add(player, counter, delta)
    ev.did.append(f"{player} {'gains' if delta >= 0 else 'loses'} {abs(delta)} {counter}")


def counter_of(game, player, counter: str) -> int:
    return game.state.players[player].counters.get(counter, 0)


# --- resolving a card ---------------------------------------------------------------
def resolve(game, card, player, kind: str, note: str | None = None) -> None:
    """Put a drawn card's resolution on the storyline and run it."""
    game.state.put(card, None)            # in no zone while it resolves
    card.tapped = False
    card.flags.discard(FACE_DOWN)
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
    the event), in place of the earlier card of the same story, which has done its part.
    A card that fetched nothing ends its story (or was no story): it is retired.
    """
    card, player = ev.source, ev.controller
    if card.kind == STORY["story_kind"]:
        for p in game.state.order:
            for m in [m for m in slot(game, p) if matches(m, card)]:
                retire(game, m, ev)
    if ev.named.get("fetched"):
        game.state.put(card, STORY["slot"], player)
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
    waiting = [c for c in slot(game, player) if FACE_DOWN in c.flags and deck_of(c) == deck]
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
        g.state.put(card, STORY["slot"], owner)
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
