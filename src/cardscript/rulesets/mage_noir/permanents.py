"""Mage Noir's Permanents: the cards that stay in play after they are activated, some with HP.

A Permanent is prepared like any spell; activating it applies its plain lines (most have
none), then puts it into play instead of discarding it: it goes to its controller's
`permanents` zone with the Mana paid for it still under it, and what listens to its being put
into play hears it. A Permanent whose header prints `hp N` enters with N HP (the card's `hp`
counter). Damage inflicted on it is one action, and the HP it loses the chain's next
(`language.py` `hp_loss`, the same `lose_hp` action a player's loss is); a Permanent with
less than 1 HP left is destroyed in that action. HP may rise above the printed number. A
Permanent without HP takes damage (what hears damage hears it) but has no HP to lose.

The game prints no creature, no attack and no block: a Permanent deals its damage through
its own text (`At the start of your turn, ...`), so those words are refused (`UNPRINTED`).
"""

from __future__ import annotations

from ...errors import SemanticError
from ...library.moves import in_play, leave_play

PERMANENT = "permanent"            # the kind
ZONE = "permanents"                # where a player's Permanents stand in play
HP = "hp"                          # the header stat and the card's counter

# Words the game never prints, and what to write instead (language.py `unprinted`).
_NO_CREATURE = ("Mage Noir prints no creatures: a card that stays in play with HP is a "
                "Permanent: 'card \"NAME\": permanent, cost N, hp N', and 'target permanent' "
                "in text")
_NO_ATTACK = ("Mage Noir has no attacks or blocks: a Permanent inflicts damage through its own "
              "text ('At the start of your turn, inflict 2 damage to your opponent.')")
_NO_SHIELD = ("Mage Noir prints no shield or armour stat: a Permanent has HP ('target "
              "permanent gains 2 HP'); an Equipment that ignores damage is not modelled yet")
UNPRINTED = {"creature": _NO_CREATURE, "creatures": _NO_CREATURE,
             "attack": _NO_ATTACK, "attacks": _NO_ATTACK, "attacked": _NO_ATTACK,
             "block": _NO_ATTACK, "blocks": _NO_ATTACK, "blocked": _NO_ATTACK,
             "shield": _NO_SHIELD, "shields": _NO_SHIELD,
             "armour": _NO_SHIELD, "armor": _NO_SHIELD}


def check_hp_kind(tpl) -> None:
    """Only a Permanent prints HP: `hp N` on another kind of card is E208 (nothing would read
    it: a spell, an Equipment or a Ritual takes damage but has no HP to lose)."""
    if HP in tpl.stats and tpl.kind != PERMANENT:
        raise SemanticError(f"{tpl.name!r} is {'an' if tpl.kind[0] in 'aeiou' else 'a'} "
                            f"{tpl.kind}, which has no HP", tpl.span, code="E208",
                            hint="only a Permanent prints HP: 'card \"NAME\": permanent, cost "
                                 "N, hp N'")


def has_hp(card) -> bool:
    """Does the card print HP (a Permanent with Health Points)?"""
    return HP in card.tpl.stats


def hp_of(card) -> int:
    """The HP a Permanent has now: its counter once in play, else its printed HP."""
    return card.counters.get(HP, card.tpl.stats.get(HP, 0))


def stat(game, card, name: str, default: int = 0) -> int:
    """A card's current stat, as an amount reads it ('equal to its HP', the ruleset's
    `stat`): a Permanent in play has the HP of its counter; out of play (in a hand, or
    destroyed and in the discard pile, its counter below 1) a card has the HP it prints.
    Any other stat as printed."""
    if name == HP and in_play(game, card):
        return hp_of(card)
    return card.tpl.stat(name, default)


def put_into_play(game, card, player) -> None:
    """A Permanent activated from preparation is put into play: a new object, with its
    printed HP (the Mana paid for it stays on it) and an `enter_play` happening ('when this
    permanent is put into play', or 'enters play'; its preparation made none)."""
    card.controller = player
    game.state.put(card, ZONE, player)
    card.incarnation += 1
    if has_hp(card):
        card.counters[HP] = card.tpl.stats[HP]
    game.happen("enter_play", card, player, zone=ZONE)


def set_up(game) -> None:
    """Permanents the setup put in play hold their printed HP, unless their entry set
    `counters: {hp: N}`."""
    for card in game.state.in_zones((ZONE,)):
        if has_hp(card):
            card.counters.setdefault(HP, card.tpl.stats[HP])


def strike(game, ev, card, n: int, hp_loss) -> None:
    """Inflict n damage on a card in play: a `damage` happening ('whenever this permanent
    takes damage' hears it, even at 0), and, for a Permanent with HP, the HP it loses as the
    chain's next action (`hp_loss`)."""
    if not in_play(game, card):
        ev.did.append(f"{card.name} is no longer in play: no damage")
        return
    ev.subject = ev.subject or card.name
    ev.did.append(f"inflict {n} damage to {card.name}")
    game.happen("damage", card, ev.controller, amount=n, source=ev.source)
    if has_hp(card):
        hp_loss(game, ev, card, n)
    else:
        ev.did.append(f"{card.name} has no HP to lose")


def lose(game, ev, card, n: int) -> None:
    """A Permanent loses n HP; with less than 1 left it is destroyed, in the same action."""
    if not in_play(game, card) or not has_hp(card):
        ev.did.append(f"{card.name} is not a Permanent with HP in play: it loses nothing")
        return
    card.counters[HP] = hp_of(card) - n
    game.state.touch()
    ev.did.append(f"{card.name} loses {n} HP")
    if card.counters[HP] < 1:
        destroy(game, ev, card, f"{card.name} has no HP left and is destroyed")


def gain(game, ev, card, n: int) -> None:
    """A Permanent with HP gains n HP (no upper limit)."""
    if not in_play(game, card) or not has_hp(card):
        ev.did.append(f"{card.name} has no HP to gain: nothing happens")
        return
    card.counters[HP] = hp_of(card) + n
    game.state.touch()
    ev.did.append(f"{card.name} gains {n} HP")
    ev.subject = ev.subject or card.name


def destroy(game, ev, card, said: str) -> bool:
    """A card in play is destroyed: it goes to its owner's discard pile, and what listens to
    its destruction ('when this permanent is destroyed': a `die` happening) hears it."""
    if not game.would("die", card, ev.controller):
        return False
    leave_play(game, card, game.ruleset.graveyard, why="die")
    ev.did.append(said)
    ev.subject = ev.subject or card.name
    return True


def any_targets(game) -> list:
    """What 'any target' may name: every player, then every Permanent with HP in play."""
    return list(game.state.order) + [c for c in game.state.in_zones((ZONE,)) if has_hp(c)]


def register(lang, hp_loss) -> None:
    """The words of Permanents: damage, HP lost and gained, and being put into play."""

    # The shapes of the shared 'deal damage' as they are, so that its card damage (with no
    # HP behind it) is never read here.
    @lang.verb("inflict damage to cards", "inflict {n:number} damage to {what:cards}",
               "deal {n:number} damage to {what:cards}",
               "{what:cards} take|takes {n:number} damage")
    def inflict(game, ev, node):
        cards = game.select(node.arg("what"), ev)
        if not cards:
            ev.did.append(f"{node.text}: nothing to damage")
        for c in cards:
            strike(game, ev, c, node.arg("n"), hp_loss)

    # `named`: 'they lose 2 HP' is a player's loss (language.py `lose hp`), never the cards
    # said before it.
    @lang.verb("permanent loses hp", "{what:named} lose|loses {n:number} HP")
    def loses(game, ev, node):
        for c in game.select(node.arg("what"), ev):
            ev.subject = ev.subject or c.name
            lose(game, ev, c, node.arg("n"))

    @lang.verb("permanent gains hp", "{what:named} gain|gains {n:number} HP")
    def gains(game, ev, node):
        for c in game.select(node.arg("what"), ev):
            gain(game, ev, c, node.arg("n"))

    lang.trigger("put into play", "enter_play", "{card:cards} is|are put into play")
    # The game's word for a card leaving play to its discard pile by a rule or an effect
    # (the shared 'die' pattern, with its 'dies' and 'is killed', is left out: shared_words.py).
    lang.trigger("destroyed", "die", "{card:cards} is|are destroyed", "{card:cards} be destroyed")
    # A Permanent's own lines name no subject: 'When put into play, ...', 'When destroyed,
    # ...' are about the card itself.
    lang.pattern("put into play itself", "enter_play", "put into play")(_itself)
    lang.pattern("destroyed itself", "die", "destroyed")(_itself)
    lang.card_checks.append(check_hp_kind)


def _itself(slots: dict) -> dict:
    """The filter of a line with no subject: the happening is about the card itself."""
    return {**slots, "self_card": True}
