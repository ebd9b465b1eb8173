"""Grand Archive's printed labels: the triggered-ability labels and the restrictions.

A triggered-ability label (`On Enter:`, `On Death:`, `On Attack:`) listens to the happening
it names, of the card itself, and its ability goes on the effects stack as any triggered
ability does (rulesets/grand_archive/stack.py `items_added`). The labels of combat damage
(`On Hit:`, `On Champion Hit:`, `On Kill:`) are the game's too, but no combat damage is
dealt here: they are refused with that reason (E212), never read as a trigger that could
not trigger.

A restriction printed before a colon (`Class Bonus:`, `Level 2+:`) is a condition label
(compiler/condition_labels.py): what follows works only while it holds.
"""

from __future__ import annotations

from ...errors import SemanticError, Span
from ...language.registry import ConditionSpec, LabelSpec
from ...language.shapes import compile_shape
from .stack import champion_of

NO_COMBAT_DAMAGE = ("combat damage is not modelled (an attack enters its champion's intent "
                    "and combat begins, but no unit deals combat damage)")


def classes_of(card) -> frozenset:
    """The classes a card's `class` header item names ('Warrior', 'Warrior Mage')."""
    said = str(card.tpl.props.get("class", "") or "")
    return frozenset(w.lower() for w in said.replace("/", " ").split())


def class_bonus(game, ev, args) -> bool:
    """The card's class is one of the classes of its controller's champion."""
    champ = champion_of(game, ev.controller)
    card = ev.source
    return champ is not None and card is not None and bool(classes_of(card) &
                                                           classes_of(champ))


def level_at_least(game, ev, args) -> bool:
    """The controller's champion is of level N or more (no champion: level 0)."""
    champ = champion_of(game, ev.controller)
    level = champ.tpl.stats.get("level", 0) if champ is not None else 0
    return level >= args["n"]


def check_on_attack(tpl) -> None:
    """Only a champion attacks here (an attack card enters its intent): 'On Attack:' on a
    card of another kind would never trigger, so it is refused."""
    if tpl.kind == "champion":
        return
    for ab in tpl.abilities:
        if ab.kind == "triggered" and ab.label == "On Attack":
            sp = ab.span
            raise SemanticError(f"'On Attack:' on {tpl.name!r}, a{'n' * (tpl.kind[0] in 'aeiou')}"
                                f" {tpl.kind}: only a champion attacks in this ruleset",
                                Span(sp.file, sp.line, sp.column, sp.line, sp.column + 9),
                                code="E212", hint="an attack card enters its controller's "
                                "champion's intent; attacks by allies and weapons are not "
                                "modelled")


def add_labels(lang) -> None:
    """Register the labels and restrictions on the language."""
    lang.label(LabelSpec("On Enter", "trigger", happening="enter_play", kind="triggered"))
    lang.label(LabelSpec("On Death", "trigger", happening="die", kind="triggered"))
    lang.label(LabelSpec("On Attack", "trigger", happening="attack", kind="triggered"))
    lang.card_checks.append(check_on_attack)
    lang.unmodelled_labels |= {"on hit": NO_COMBAT_DAMAGE, "on champion hit": NO_COMBAT_DAMAGE,
                               "on kill": NO_COMBAT_DAMAGE}
    lang.condition_labels |= {
        "class bonus": ConditionSpec("class bonus", (compile_shape("class bonus"),),
                                     class_bonus),
        "level n+": ConditionSpec("level", (compile_shape("level {n:number}"),),
                                  level_at_least)}
    lang.header_fields |= {
        "class": "the card's class or classes, which Class Bonus compares with the "
                 "champion's (rulesets/grand_archive/labels.py)"}
