"""A chain of events: an announced effect cut into its indivisible actions, with every target
chosen on announce, and the check that an action's targets are still valid when it comes up.

A paragraph (line) of card text is one indivisible action and each 'then' starts another;
the compiler marks both (`ThenT`, with `line` for a new line). An activation (actions.py
`activation`) puts all of its actions on the storyline at once, as the document writes the
chain; each is its own event whose `parent` is the activation, so a triggered action lands
between two of them and an action whose target is no longer valid fizzles alone.
"""

from __future__ import annotations

from ...interpreter.rules import Do, IfT, MayT, SeqT, ThenT, pick_card, with_numbers
from ...interpreter.rules import walk as walk_tree
from ...errors import ScenarioError
from ...language.amounts import step_selectors
from .language import ANY_TARGET, target_slot
from .permanents import any_targets

DESTROYS = frozenset({"destroy unless indestructible", "destroy"})   # an indestructible
# target of one of these verbs is not a valid target


def split_actions(node) -> list:
    """The indivisible actions of an effect tree, in order: cut at each line and each 'then'
    of its top level (a 'then' inside a condition stays a part of its action)."""
    actions: list = [[]]

    def feed(n):
        for item in (n.items if type(n) is SeqT else (n,)):
            if type(item) is SeqT:
                feed(item)
            elif type(item) is ThenT:
                actions.append([])
                feed(item.body)
            else:
                actions[-1].append(item)

    feed(node)
    return [a[0] if len(a) == 1 else SeqT(tuple(a)) for a in actions if a]


def cost_steps(ability) -> list:
    """The steps an ability's first action opens with that are costs (verbs registered with
    `cost=True`, such as discarding a card). They stay actions of the chain (paying is an
    indivisible action the chain shows), but the ability can be used only when each of them
    can be done whole at announce; an optional cost ('you may pay ...') is not one of them."""
    if ability is None or ability.effect is None:
        return []
    first = split_actions(ability.effect)[0]
    out = []
    for item in (first.items if type(first) is SeqT else (first,)):
        if type(item) is not Do or not item.verb.cost:
            break
        out.append(item)
    return out


def unpaid_cost(game, ev) -> str | None:
    """The words of the first cost step of `ev`'s ability that cannot be paid now, or None."""
    for do in cost_steps(ev.ability):
        able = do.verb.able
        if able is not None and not able(game, ev, with_numbers(game, ev, do)[0]
                                         if do.counted else do):
            return do.text
    return None


def text_of(node) -> str:
    """An action's words, rebuilt from its steps."""
    t = type(node)
    if t is Do:
        return node.text
    if t is SeqT:
        return ", ".join(text_of(i) for i in node.items)
    if t is ThenT:
        return ("" if node.line else "then ") + text_of(node.body)
    if t is IfT:
        return "if " + " and ".join(c.text for c in node.conditions) + ", " + \
            text_of(node.body)
    if t is MayT:
        return node.text
    body = getattr(node, "body", None)
    return text_of(body) if body is not None else ""


def walk(node):
    """Every `Do` of an effect tree, in text order."""
    return [n for n in walk_tree(node) if type(n) is Do]


def requests(ability) -> list:
    """What must be chosen on announce, in text order: ('card', Selector) for each target
    selector, ('player', slot) for each 'any target'."""
    out, seen = [], set()
    if ability is None or ability.effect is None:
        return out
    for do in walk(ability.effect):
        if do.verb.name == ANY_TARGET:
            out.append(("player", target_slot(do)))
            continue
        for v, _ in step_selectors(do.args):      # an amount's target too ('equal to ...')
            if v.pick == "target" and v.slot not in seen:
                seen.add(v.slot)
                out.append(("card", v))
    return out


def announce(game, ev, ability, action) -> None:
    """Choose every target of every action now: from the action's `target(s)`, else ask.

    The values given are taken in text order; a value that cannot be the next target (a card
    name where a player is wanted, say) is kept for a later target that it fits.
    """
    given = list(action.get("targets") or [])
    if action.get("target") is not None:
        given.append(action["target"])
    key = "targets" if action.get("targets") is not None else "target"
    for kind, what in requests(ability):
        if kind == "player":             # 'any target': a player or a Permanent with HP
            options = any_targets(game)
            if not given:
                ev.slots[what] = [game.ask_target(ev.controller, "any target", options)]
                continue
            i = next((i for i, v in enumerate(given) if _any_target(game, ev, v, options)),
                     None)
            if i is None:
                raise ScenarioError(f"illegal target {given[0]!r} for any target", None,
                                    code="S203", key=key, hint="legal targets: " + ", ".join(
                                        getattr(o, "id", o) for o in options))
            ev.slots[what] = [_any_target(game, ev, given.pop(i), options)]
            continue
        legal = game.candidates(what, ev)
        many = what.most
        if not given:
            if not legal:
                # Nothing can be named: the spell is still activated; this action will
                # have no target when it comes up, so it does nothing (target_check).
                ev.slots[what.slot] = []
                continue
            if many == 1:
                ev.slots[what.slot] = [game.ask_target(ev.controller, what.text, legal)]
            else:
                ev.slots[what.slot] = game.ask_cards(ev.controller, what.text, legal, many,
                                                     kind="target",
                                                     exact=what.quant == "count")
            continue
        take = len(given) if many is None else \
            min(many, len(given)) if what.quant == "up_to" else many
        picks = []
        for _ in range(take):
            i = next((i for i, v in enumerate(given) if pick_card(legal, v, picks)), None)
            if i is None:
                raise ScenarioError(
                    f"illegal target {given[0]!r} for {what.text}" if given else
                    f"{what.text} needs {many} targets; {len(picks)} given", None,
                    code="S203", key=key,
                    hint="legal targets: " + (", ".join(c.id for c in legal) or "none"))
            picks.append(pick_card(legal, given.pop(i), picks))
        ev.slots[what.slot] = picks
    if given:
        raise ScenarioError(f"too many targets: {', '.join(map(str, given))} left over", None,
                            code="S207", key=key,
                            hint="this effect takes " + (", ".join(
                                w.text if k == "card" else "any target"
                                for k, w in requests(ability)) or "no target"))


def _any_target(game, ev, value, options):
    """The player, or else the Permanent with HP in play, a target value names (or None)."""
    player = _player(game, ev, value)
    if player is not None:
        return player
    return pick_card([o for o in options if not isinstance(o, str)], value, [])


def _player(game, ev, value) -> str | None:
    """The player a target value names: a player's name, `you`, or `opponent` (in a game of
    two players)."""
    v = str(value).strip().lower()
    for p in game.state.order:
        if p.lower() == v:
            return p
    if v == "you":
        return ev.controller
    if v in ("opponent", "your opponent") and len(game.state.order) == 2:
        return game.opponent_of(ev.controller)      # more players: name the one meant
    return None


def target_check(game, ev) -> bool:
    """Is every target this action uses still valid, an amount's too? (False: it fizzles.)

    An action whose target could not be named on announce (none was legal) fizzles. A
    target card must still be in play and fit its selector; the target of a 'destroy'
    must also be destructible (the document calls a target that cannot be destroyed
    invalid). A player is always a valid target; a Permanent named by 'any target' must still
    be in play.
    """
    ability, prog = ev.ability, ev.program
    if ability is None or not hasattr(prog, "__dataclass_fields__"):
        return True
    for do in walk(prog):                # 'any target' that named a Permanent: still in play?
        if do.verb.name == ANY_TARGET:
            gone = [t for t in ev.slots.get(target_slot(do), ())
                    if not isinstance(t, str) and t.zone not in game.policy.play_zones]
            if gone:
                ev.subject = ev.subject or gone[0].name
                return False
    targets = {sel.slot: sel for kind, sel in requests(ability) if kind == "card"}
    if not targets:
        return True
    play = game.policy.play_zones
    for do in walk(prog):
        for v, _ in step_selectors(do.args):     # an amount's target too ('equal to ...')
            if v.slot not in targets:
                continue
            if v.slot not in ev.slots:
                continue                 # not announced (a triggered action): chosen now
            named = ev.slots[v.slot]
            if not named and targets[v.slot].quant != "up_to":
                return False             # nothing could be named on announce
            for card in named:
                if card.zone not in play or not game.matches(targets[v.slot], card, ev) \
                        or (do.verb.name in DESTROYS and game.has_keyword(card, "indestructible")):
                    ev.subject = ev.subject or card.name     # the target that is not valid
                    return False
    return True
