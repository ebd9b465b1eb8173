"""Grand Archive: the effects stack, as a ruleset: policy data plus the stack's primitives."""

from __future__ import annotations

from ...interpreter.rules import Policy, after
from ...language.selectors import Selector
from ...library.moves import in_play, leave_play
from .. import Ruleset, repo_cards_dir
from .language import build_language
from .policy import POLICY
from .combat import killer
from .ending import champion_dies
from .attacks import attack
from .champion import champion_of
from .stack import ACTIONS, VERBS, items_added


@after("damage")
def lethal_damage(game):
    """An ally with damage at least its life is destroyed (a state-based check). When combat
    damage destroyed it, the unit that dealt that damage killed it: a `kill` happening about
    that unit, once the ally is in the graveyard (combat.py `killer`)."""
    touched = {id(h.card): h.card for h in game.batch if h.kind == "damage" and h.card}
    for c in touched.values():
        life = c.tpl.stats.get("life")
        if c.kind == "ally" and life is not None and c.damage >= life and in_play(game, c):
            if game.would("die", c, c.controller):
                by = killer(game, c)
                leave_play(game, c, "graveyard", why="die")
                game.note(f"{c.name} is destroyed (lethal damage)")
                if by is not None and c.zone == "graveyard":
                    game.happen("kill", by, by.controller, target=c)


def champion_problem(game, card, player) -> str | None:
    """The level and lineage check of a champion about to materialize (None: it passes).

    A champion goes onto its controller's champion of exactly one level lower that shares its
    lineage; with no champion on the field, only a level 1 champion can materialize.
    """
    level = card.tpl.stats.get("level", 0)
    current = champion_of(game, player)
    below = current.tpl.stats.get("level", 0) if current is not None else 0
    if level != below + 1:
        on = f"{current.name} (level {below})" if current else "no champion (level 0)"
        return f"level check: {card.name} is level {level}, onto {on}"
    lineage = str(card.tpl.props.get("lineage", "")).lower()
    if current is not None and str(current.tpl.props.get("lineage", "")).lower() != lineage:
        return f"lineage check: {current.name} is not of the {card.tpl.props.get('lineage')} " \
               "lineage"
    return None


def combat_problem(game, card, player) -> str | None:
    """Can the attack card's controller start a combat now? (None: yes.)

    Combat is started by the turn player, with a champion on the field that is awake (a
    rested champion, `exhausted` / `tapped` in a scenario, cannot attack).
    """
    if game.state.active != player:
        return f"{player} cannot start combat on {game.state.active}'s turn"
    champ = champion_of(game, player)
    if champ is None:
        return f"{player} has no champion to attack with"
    if champ.tapped:
        return f"{champ.name} is rested and cannot attack"
    return None


def resolution_check(game, ev) -> bool:
    """Checked before an item resolves; False makes the whole card fizzle.

    A champion's own item gets its level and lineage check (a triggered ability of a champion
    on the field does not), an attack card's needs a combat it can start,
    and every declared target must still be legal (the same object, still matching what the
    card asks for). Targets of 'up to N' are optional and never make a card fizzle.
    """
    card = ev.source if ev.kind in VERBS else None     # the card's own item, not a trigger
    problems = []
    if card is not None and card.kind == "champion":
        problems.append(champion_problem(game, card, ev.controller))
    if card is not None and card.kind == "attack":
        problems.append(combat_problem(game, card, ev.controller))
    problems.extend(f"no legal target for {what} when it went on the stack"
                    for what in ev.named.get("no_target", ()))
    declared = ev.named.get("declared", {})
    for slot, sel in ev.ability.targets:
        if not isinstance(sel, Selector) or sel.quant == "up_to":
            continue
        if sel.quant == "count" and slot in ev.slots and len(ev.slots[slot]) < sel.count:
            problems.append(f"{sel.text}: {len(ev.slots[slot])} declared")
        for target in ev.slots.get(slot, ()):
            # still where the card looks for it: its zone ('in a graveyard'), else the field
            there = target.zone == sel.zone[-1] if sel.zone else in_play(game, target)
            if not there or target.incarnation != declared.get(target.id, target.incarnation) or \
                    not game.matches(sel, target, ev):
                problems.append(f"{target.name} is no longer a legal target")
                ev.subject = ev.subject or target.name     # the target that is not legal
    problems = [p for p in problems if p]
    if problems:
        ev.did.extend("fizzles: " + p for p in problems)
    return not problems


RULESET = Ruleset(
    name="grand_archive",
    happenings=frozenset({
        "activation", "attack", "bestowment", "champion_hit", "counter", "damage", "die",
        "discard", "draw", "enter_play", "gain_life", "glimpse", "hit", "kill", "leave_play",
        "materialization", "search"}),
    policy=Policy.from_dict(POLICY),
    choice_kinds=frozenset({"respond", "retaliate"}),
    language=build_language(),
    zones=["deck", "material", "hand", "field", "memory", "graveyard", "banishment", "lineage",
           "intent"],
    counters={"life": 20},
    actions={**ACTIONS, "attack": attack},
    geometry=None,
    view={"piles": ["deck", "material"]},
    state_checks=[lethal_damage, champion_dies],
    resource="reserve",
    life_counter="life",
    graveyard="graveyard",
    pool_dir=(repo_cards_dir() / "grand_archive") if repo_cards_dir() else None,
    target_check=resolution_check,
    after_add=items_added,
)
