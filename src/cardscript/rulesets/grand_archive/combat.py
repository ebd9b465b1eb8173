"""Combat between units: an ally or champion declares an attack, then the retaliation step,
the damage step and the end of combat, each an entry on the effects stack.

docs/rulesets/grand_archive.md, "Combat", says each rule in words. The turn player declares
an attack with an awake unit of theirs that has power above 0, on a unit an opponent
controls; the attacker rests as the cost of it. The declaration cannot be responded to; the
attacker's `attack` happening puts its On Attack triggers on the stack above the retaliation
step. In the retaliation step the unit attacked, if it is still on the field, awake and has
power above 0, may rest to retaliate (its controller answers a `retaliate` question). In the
damage step the attacker deals its power to its target and the retaliating unit its power to
the attacker, both at once, as combat damage; a unit that left the field deals none and is
dealt none. A unit that dealt combat damage has hit (`hit`, and `champion_hit` when what it
hit is a champion); an ally its combat damage destroyed is killed by it (`kill`, reported by
the state-based check, `rulesets/grand_archive/__init__.py` `lethal_damage`). The end of
combat takes the units out of combat and the attack cards out of the intent, then lets
players act before the abilities the damage step triggered resolve. An attack card's attack
(intent.py) begins its combat through `begin_combat`, as a unit's declaration does, and its
power adds to the champion's in the damage step.

Each step is an event of its own kind (`attack`, `retaliation_step`, `damage_step`,
`end_of_combat`) whose source is the attacker and whose controller is the attacking player;
a step puts the next one on the stack behind the triggers of its moment (`Game.add_follow`),
so what a step triggered resolves before the next step begins, except the end of combat,
which goes ahead of the damage step's triggers (`Game.add_lead`).
"""

from __future__ import annotations

from ...errors import ScenarioError, did_you_mean
from ...interpreter.rules import find_card, pick_card
from ...library.common import damage
from ...library.moves import in_play

UNITS = frozenset({"ally", "champion"})
DECLARATION, RETALIATION, DAMAGE, END = ("attack", "retaliation_step", "damage_step",
                                         "end_of_combat")
SLOT = "combat"          # the combat in progress (one at a time): see `_Combat`


def power_of(card) -> int:
    """A unit's power as printed (no rule here changes it); 0 when it has none."""
    return card.tpl.stats.get("power") or 0


def on_field(game, card, inc) -> bool:
    """Still the same object on the field (one that left and came back is a new object)."""
    return in_play(game, card) and card.incarnation == inc


class _Combat:
    """Who is in the combat in progress, each with the object it was when it joined, and the
    attack cards in the attacker's intent (intent.py)."""

    def __init__(self, attacker, target, intent=()):
        self.attacker, self.attacker_inc = attacker, attacker.incarnation
        self.target, self.target_inc = target, target.incarnation
        self.intent = list(intent)
        self.retaliator = None
        self.retaliator_inc = None

    def attack_power(self) -> int:
        """The attacker's damage: its power and the power of every card in its intent."""
        return power_of(self.attacker) + sum(power_of(c) for c in self.intent)


# --- the declaration ----------------------------------------------------------------------

def unit_attack(game, player, ref, action):
    """`attack: UNIT, target: UNIT`: declare an attack with a unit on the field.

    Every rule of the declaration is checked before anything happens; an illegal one is a
    scenario error (S206 for the attacker, S203 for the target), and nothing is rested."""
    attacker = find_card(game, player, ref, ["field"])
    if game.state.active != player:
        raise ScenarioError(f"illegal action: {player} cannot declare an attack on "
                            f"{game.state.active}'s turn", None, code="S206",
                            hint="only the turn player declares attacks")
    if attacker.kind not in UNITS:
        raise ScenarioError(f"illegal action: {attacker.name} is {_a(attacker.kind)}, and only "
                            "units (allies and champions) attack", None, code="S206",
                            hint="attack with an ally or a champion")
    if attacker.tapped:
        raise ScenarioError(f"illegal action: {attacker.name} is rested, so it cannot attack "
                            "(attacking rests it)", None, code="S206",
                            hint="wake it up first, or attack with an awake unit")
    if power_of(attacker) <= 0:
        raise ScenarioError(f"illegal action: {attacker.name} has no power above 0, so it "
                            "cannot attack", None, code="S206",
                            hint="attack with a unit whose power is 1 or more")
    target = _attack_target(game, attacker, action.get("target"))
    ev = game.new_event(DECLARATION, attacker, player, _declare(attacker, target),
                        f"{attacker.name} attacks {target.name}")
    ev.subject = target.name
    ev.named["no_window"] = True            # a declaration cannot be responded to
    game.add(ev)
    game.run()


def legal_targets(game, attacker) -> list:
    """What the attacker may attack: each unit on the field an opponent of its controller
    controls."""
    return [c for c in game.state.in_zones(game.policy.play_zones)
            if c.kind in UNITS and c.controller != attacker.controller]


def _attack_target(game, attacker, ref):
    legal = legal_targets(game, attacker)
    hint = "what it can attack: " + (", ".join(c.id for c in legal) or "nothing")
    if ref is None:
        raise ScenarioError("illegal action: attack needs target: (the unit to attack)", None,
                            code="S206", hint=hint)
    found = pick_card(legal, ref)          # by id, then name, as every target answer
    if found is not None:
        return found
    raise ScenarioError(f"illegal action: {ref!r} is not a unit on the field that an opponent "
                        f"of {attacker.controller} controls", None, code="S203", key="target",
                        hint=" ".join(filter(None, [
                            did_you_mean(str(ref), [c.name for c in legal]), hint])))


def _declare(attacker, target):
    def program(game, ev):
        attacker.tapped = True             # the cost of declaring the attack
        game.state.touch()
        ev.did.append(f"{attacker.name} rests and attacks {target.name}: combat begins")
        begin_combat(game, ev, attacker, target)
    return program


def begin_combat(game, ev, attacker, target, intent=()):
    """The attack is declared (by `ev`, resolving): the combat begins, the attacker's
    `attack` happening is reported, and the retaliation step goes on the stack behind the
    triggers of this moment. `intent`: the attack cards the attacker attacks with."""
    game.set_slot(SLOT, _Combat(attacker, target, intent))
    if intent:
        ev.did.append(f"{attacker.name} attacks {target.name}: combat begins")
    game.happen("attack", attacker, ev.controller, target=target)
    _next(game, ev, RETALIATION, _retaliation, "the retaliation step")


def _next(game, ev, kind, step, text, *, ahead=False):
    """Put the next step on the stack, behind the triggers of this moment (`ahead`: before
    them, so that it resolves first)."""
    attacker = game.slot(SLOT, lambda: None).attacker     # the source of every step
    nxt = game.new_event(kind, attacker, ev.controller, step, text)
    if kind == END:
        nxt.named["no_window"] = True       # it opens its own once its actions are done
    if ahead:
        game.add_lead(nxt)
    else:
        game.add_follow(nxt)


# --- the steps -------------------------------------------------------------------------------

def _retaliation(game, ev):
    """The unit attacked may rest to retaliate, if it is on the field, awake, and has power
    above 0 (its controller decides: a `retaliate` question). An ally with Steadfast may
    retaliate while rested, and does not rest to do so."""
    combat = game.slot(SLOT, lambda: None)
    foe = combat.target
    steadfast = foe.kind == "ally" and game.has_keyword(foe, "steadfast")
    if not on_field(game, foe, combat.target_inc):
        ev.did.append(f"{foe.name} is no longer on the field: no retaliation")
    elif foe.tapped and not steadfast:
        ev.did.append(f"{foe.name} is rested: it cannot retaliate")
    elif power_of(foe) <= 0:
        ev.did.append(f"{foe.name} has no power above 0: it cannot retaliate")
    elif game.ask_may(foe.controller, (f"let {foe.name} retaliate" if steadfast else
                                       f"rest {foe.name} to retaliate") +
                      f" against {combat.attacker.name}?", kind="retaliate"):
        combat.retaliator, combat.retaliator_inc = foe, foe.incarnation
        if steadfast:                      # Steadfast: it retaliates as it is, rested or not
            ev.did.append(f"{foe.name} retaliates against {combat.attacker.name} without "
                          "resting (Steadfast)")
        else:
            foe.tapped = True
            game.state.touch()
            ev.did.append(f"{foe.name} rests to retaliate against {combat.attacker.name}")
    else:
        ev.did.append(f"{foe.name} does not retaliate")
    ev.subject = foe.name
    _next(game, ev, DAMAGE, _damage, "the damage step")


def _damage(game, ev):
    """Combat damage, dealt at once: each amount is worked out before any is dealt."""
    combat = game.slot(SLOT, lambda: None)
    blows = []                      # (source, victim, amount)
    attacker, foe = combat.attacker, combat.target
    attacker_there = on_field(game, attacker, combat.attacker_inc)
    if not attacker_there:
        ev.did.append(f"{attacker.name} is no longer on the field: it deals no damage")
    elif not on_field(game, foe, combat.target_inc):
        ev.did.append(f"{foe.name} is no longer on the field: {attacker.name} deals no damage")
    else:
        blows.append((attacker, foe, combat.attack_power()))
    back = combat.retaliator
    if back is not None:
        if not on_field(game, back, combat.retaliator_inc):
            ev.did.append(f"{back.name} left the field: it deals and is dealt no damage")
        elif attacker_there:
            blows.append((back, attacker, power_of(back)))
    dealt = [n > 0 and damage(game, victim, n, source.controller, source)
             for source, victim, n in blows]
    for (source, victim, n), did in zip(blows, dealt):
        ev.did.append(f"{source.name} deals {n if did else 0} combat damage to {victim.name}")
    for (source, victim, n), did in zip(blows, dealt):
        if did:                            # a unit is hit only by damage greater than 0
            game.happen("hit", source, source.controller, target=victim, amount=n)
            if victim.kind == "champion":
                game.happen("champion_hit", source, source.controller, target=victim,
                            amount=n)
    ev.subject = foe.name
    # The abilities the damage step triggered wait on the stack under the end of combat,
    # whose actions come first; they resolve once it is over.
    _next(game, ev, END, _end, "the end of combat", ahead=True)


def _end(game, ev):
    """The attacking and defending units leave combat; the combat is over."""
    combat = game.slot(SLOT, lambda: None)
    game.set_slot(SLOT, None)
    names = [combat.attacker.name, combat.target.name]
    ev.did.append(" and ".join(names) + " leave combat")
    grave = game.ruleset.graveyard
    for card in combat.intent:             # the attack cards leave the intent
        if card.zone == "intent":
            game.state.put(card, grave, card.owner)
            ev.did.append(f"{card.name} goes from the intent to the {grave}")
    if game.storyline:                       # the damage step's triggers wait under it
        # Players may act now, before they resolve: the response window the ruleset opens as
        # items go on the stack (stack.py `items_added`, its `after_add`), named for the top
        # one; their targets were declared as they went on.
        game.ruleset.after_add(game, [game.storyline[0]])


def killer(game, victim):
    """The unit whose combat damage, in the damage step being settled, fell on `victim`
    (None: it was not destroyed by combat damage)."""
    for h in game.batch:
        if h.kind == "hit" and h.data.get("target") is victim:
            return h.card
    return None


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word
