"""Effects that cast a card: 'cast it for free', 'you may cast a spell from your cemetery',
'cast it ignoring threshold' (docs/rulesets/sorcery.md, "Casting a card by an effect").

The cast goes through the ruleset's own cast (avatar.py `check_place`, additional_costs.py,
interpreter/actions.py `cast_event`), so every rule of casting applies: the place a
permanent goes to is one its caster could cast it to (the controller of the effect picks
it, a `target` question), a magic spell is cast by that player's avatar, targets are
announced as it is cast, additional costs are paid, cast triggers hear it, and a spell goes
where resolved spells go. What differs from the cast action, in our reading of the codex:

- the cast is a new event made by the step resolving: it waits behind the triggers of
  that moment (its cast triggers among them) and goes on the storyline in front of the rest
  of what caused it (`Game.add_follow`); casting it splits nothing;
- it is cast when the effect says, whoever's turn it is (no main phase, no Quick needed);
- 'for free' waives the mana cost, and only that: the threshold is still needed and an
  additional cost is still paid; 'ignoring threshold' waives the threshold and only that;
- a card that cannot be cast (a site, no place it may go, no legal target, a cost or a
  threshold its player cannot meet) is not cast, and the effect says why in its `did`.
"""

from __future__ import annotations

from dataclasses import replace

from ...errors import ScenarioError
from ...interpreter.rules import cast_event, has_targets
from ...library.moves import enter_play, in_play
from . import additional_costs, avatar, conjured_under, conjuring, costs, resources
from .players import avatar_of

CASTABLE = frozenset({"magic", "minion", "aura", "artifact"})
FREE = "cast for free"          # slot: ids of the cards being cast for free (`cost_of`)
WAIVED = {"": (False, False), " for free": (True, False),
          " ignoring threshold": (False, True)}


def register(lang) -> None:
    """The verbs of this module: one entry for each waiver, so that `explain --text` writes
    its own words back."""
    for tail, (free, ignore) in WAIVED.items():
        name = "cast" + tail
        lang.verb(name + " from piles",
                  f"cast {{what:cards}} from {{piles:piles}}{tail}")(_from_piles(free, ignore))
        lang.verb(name, f"cast {{what:cards}}{tail}")(_named(free, ignore))


def register_plays(lang) -> None:
    """`play CARDS` and `play CARDS ignoring threshold`: a site named is played, any other
    card cast. Registered after the avatar's `play a site` (acts.py), which reads its own
    words first."""
    lang.verb("play ignoring threshold", "play {what:cards} ignoring threshold",
              splits=("enter_play",))(_played(True))
    lang.verb("play", "play {what:cards}", splits=("enter_play",))(_played(False))


def cost_of(game, player, card) -> int:
    """The ruleset's `cost_of`: what casting `card` costs now (costs.py), nothing while an
    effect casts it for free."""
    if card.id in game.slot(FREE, set):
        return 0
    return costs.cost_of(game, player, card)


def _named(free: bool, ignore: bool):
    def cast_named(game, ev, node):
        """Cast each card the words name (`it`: the card an earlier step named) that is in a
        pile."""
        cards = [c for c in game.select(node.arg("what"), ev) if in_a_pile(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to cast")
        for card in cards:
            cast_by_effect(game, ev, card, free=free, ignore_threshold=ignore)
    return cast_named


def _played(ignore: bool):
    def play_named(game, ev, node):
        """Play each card the words name that is in a pile: a site to a square its player
        may play a site to (the controller picks), any other card cast."""
        cards = [c for c in game.select(node.arg("what"), ev) if in_a_pile(game, c)]
        if not cards:
            ev.did.append(f"{node.text}: nothing to play")
        for card in cards:
            if card.kind == "site":
                play_site(game, ev, card)
            else:
                cast_by_effect(game, ev, card, free=False, ignore_threshold=ignore)
    return play_named


def play_site(game, ev, site) -> None:
    """The controller of the resolving event plays `site` where the rules let them play a
    site (avatar.py `playable_squares`): it enters the realm now, in this event."""
    player = ev.controller
    squares = avatar.playable_squares(game, player)
    if not squares:
        ev.did.append(f"{site.name} is not played: {player} has no square to play a site to")
        return
    at = game.ask_target(player, f"a square for {site.name}", squares)
    was = site.zone
    game.happen("play", site, player, to=at)
    enter_play(game, site, at, player)
    ev.did.append(f"play {site.name} from {was} at {at}")


def _from_piles(free: bool, ignore: bool):
    def cast_from_piles(game, ev, node):
        """Cast one card the words name from the piles named: the controller picks among
        those that could be cast (a spellbook searched is shuffled after)."""
        sel, (whose, zones) = node.arg("what"), node.arg("piles")
        found: list = []
        for zone in zones:
            one = replace(sel, zone=(whose, zone), pick="any" if sel.pick == "name" else sel.pick,
                          text=sel.text)
            found += [c for c in game.candidates(one, ev) if c not in found]
        why = {c.id: why_not(game, ev.controller, c, free, ignore) for c in found}
        able = [c for c in found if why[c.id] is None]
        if not able:
            ev.did.append(f"{node.text}: " + ("; ".join(f"{c.name} {why[c.id]}" for c in found)
                                              or f"no {sel.text} there"))
            return
        card = game.ask_target(ev.controller, f"{sel.text} to cast", able)
        if sel.slot:
            ev.slots[sel.slot] = [card]
        was, owner = card.zone, card.owner
        cast_by_effect(game, ev, card, free=free, ignore_threshold=ignore)
        if was == "spellbook":
            game.rng.shuffle(game.state.players[owner].zones["spellbook"])
            game.state.touch()
    return cast_from_piles


def in_a_pile(game, card) -> bool:
    """Is `card` in a pile (a hand, a deck, a cemetery), where a card is cast or played
    from? Not in the realm, and not on the storyline (being cast already)."""
    return card.zone is not None and card.zone not in game.policy.play_zones


def why_not(game, player, card, free: bool, ignore: bool) -> str | None:
    """Why `player` cannot cast `card` by an effect now (None: they can)."""
    if card.kind not in CASTABLE:
        return "is not cast: " + ("a site is played" if card.kind == "site" else
                                  f"no rule casts {'an' if card.kind[0] in 'aeiou' else 'a'} "
                                  f"{card.kind}")
    try:
        if not ignore:
            resources.check_threshold(game, player, card, costs.needed(game, player, card))
        additional_costs.check(game, player, card)
    except ScenarioError as err:
        return "cannot be cast: " + _reason(err, player, card)
    if card.kind != "magic" and not conjured_under.conjured_under(card) and \
            not places(game, player, card):
        return f"cannot be cast: {player} has no place to put it"
    if not free:
        ps = game.state.players[player]
        cost, mana = cost_of(game, player, card), game.ruleset.resource
        if mana in ps.set_counters and ps.counters.get(mana, 0) < cost:
            return f"cannot be cast: {player} cannot pay {cost} {mana}"
    if not _has_targets_from_caster(game, player, card):
        return "cannot be cast: it has no legal target"
    return None


def _has_targets_from_caster(game, player, card) -> bool:
    """`has_targets`, a magic spell seen from where it would be cast (its caster's square:
    'target unit nearby' is measured from there), the card put back after."""
    caster = avatar_of(game, player) if card.kind == "magic" else None
    if caster is None:
        return has_targets(game, player, card)
    was = card.at, dict(card.ext)
    _stand_at(game, card, caster)
    try:
        return has_targets(game, player, card)
    finally:
        card.at = was[0]
        card.ext.update(was[1])


def _stand_at(game, card, caster) -> None:
    """A magic spell comes from its caster: its square and region (kinds.py)."""
    card.at = caster.at
    for name, _ in game.state.ext_places:
        card.ext[name] = caster.ext.get(name)


def places(game, player, card) -> list:
    """The squares `player` could cast the permanent `card` to (avatar.py `check_place`, the
    ruleset's `cast_location`)."""
    found = []
    for at in game.geometry.locations(game):
        try:
            avatar.check_place(game, player, card, {"at": at})
            game.ruleset.cast_location(game, card, player, at)
        except ScenarioError:
            continue
        found.append(at)
    return found


def _reason(err: ScenarioError, player, card) -> str:
    """The rule an illegal cast broke, as the trace says it (what the cast action's error
    says, without what the trace says already)."""
    return err.message.removeprefix("illegal action: ").removeprefix(
        f"{player} cannot cast {card.name}: ")


def cast_by_effect(game, ev, card, *, free: bool, ignore_threshold: bool) -> None:
    """The controller of the resolving event casts `card` as its step says, or says why not."""
    player = ev.controller
    why = why_not(game, player, card, free, ignore_threshold)
    if why is not None:
        ev.did.append(f"{card.name} {why}")
        return
    action: dict = {}
    if conjured_under.conjured_under(card):
        action = conjured_under.choose_site(game, player, card, action)
    elif card.kind != "magic":
        action["at"] = game.ask_target(player, f"where to cast {card.name}",
                                       places(game, player, card))
    caster = avatar_of(game, player) if card.kind == "magic" else None
    casting = game.slot("casting unit", dict)
    if caster is not None:          # a magic spell comes from its caster (kinds.py)
        _stand_at(game, card, caster)
        casting[card.id] = caster
    was = card.zone
    waived = game.slot(FREE, set)
    if free:
        waived.add(card.id)
    conjuring.casting_at(game, card, action.get("at"))
    try:
        cast = cast_event(game, player, card, action)
    finally:
        waived.discard(card.id)
        conjuring.cast_done(game, card)
    how = " for free" if free else " ignoring threshold" if ignore_threshold else ""
    cast.did.insert(0, f"cast by {ev.source.name if ev.source else 'an effect'}{how}")
    if caster is not None:
        cast.after = _caster_leaves(card, cast.after)
    ev.did.append(f"cast {card.name} from {was}{how}" +
                  (f" to {action['at']}" if action.get("at") is not None else ""))
    game.add_follow(cast)


def _caster_leaves(card, put_away):
    """Once the spell has resolved (or will not): put it away, and it has no caster and no
    place any more (as kinds.py `cast_action` does after its cast)."""
    def after(game, ev):
        if put_away is not None:
            put_away(game, ev)
        game.slot("casting unit", dict).pop(card.id, None)
        if not in_play(game, card):
            card.at = None
            for name, _ in game.state.ext_places:
                card.ext[name] = None
    return after
