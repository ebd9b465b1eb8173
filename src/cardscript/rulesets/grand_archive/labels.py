"""Grand Archive's printed labels: the triggered-ability labels and the restrictions.

A triggered-ability label (`On Enter:`, `On Death:`, `On Attack:`, `On Hit:`, `On Champion
Hit:`, `On Kill:`) listens to the happening it names, of the card itself, and its ability
goes on the effects stack as any triggered ability does (rulesets/grand_archive/stack.py
`items_added`). The combat labels hear what a unit does in combat (combat.py): it attacks,
its combat damage hits a unit (a champion), its combat damage destroys an ally. Only units
(allies and champions) attack and deal combat damage here, so a combat label on a card of
another kind is refused (E212), never read as a trigger that could not trigger.

A restriction printed before a colon (`Class Bonus:`, `Level 2+:`) is a condition label
(compiler/condition_labels.py): what follows works only while it holds.
"""

from __future__ import annotations

from ...errors import SemanticError, Span
from ...language.registry import ConditionSpec, LabelSpec
from ...language.shapes import compile_shape
from .combat import UNITS
from .champion import champion_of

# label -> the happening of the card itself it listens to (combat.py reports them)
COMBAT_LABELS = {"On Attack": "attack", "On Hit": "hit", "On Champion Hit": "champion_hit",
                 "On Kill": "kill"}


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


def check_combat_labels(tpl) -> None:
    """Only units attack and deal combat damage here: a combat label on a card of another
    kind would never trigger, so it is refused."""
    if tpl.kind in UNITS:
        return
    for ab in tpl.abilities:
        if ab.kind == "triggered" and ab.label in COMBAT_LABELS:
            sp = ab.span
            raise SemanticError(f"'{ab.label}:' on {tpl.name!r}, a{'n' * (tpl.kind[0] in 'aeiou')}"
                                f" {tpl.kind}: only units (allies and champions) attack and "
                                "deal combat damage in this ruleset",
                                Span(sp.file, sp.line, sp.column, sp.line,
                                     sp.column + len(ab.label) + 1),
                                code="E212", hint="an attack card enters its controller's "
                                "champion's intent and deals no combat damage of its own; "
                                "attacks with weapons are not modelled")


def add_labels(lang) -> None:
    """Register the labels and restrictions on the language."""
    lang.label(LabelSpec("On Enter", "trigger", happening="enter_play", kind="triggered"))
    lang.label(LabelSpec("On Death", "trigger", happening="die", kind="triggered"))
    for label, happening in COMBAT_LABELS.items():
        lang.label(LabelSpec(label, "trigger", happening=happening, kind="triggered"))
    lang.card_checks.append(check_combat_labels)
    lang.condition_labels |= {
        "class bonus": ConditionSpec("class bonus", (compile_shape("class bonus"),),
                                     class_bonus),
        "level n+": ConditionSpec("level", (compile_shape("level {n:number}"),),
                                  level_at_least)}
    lang.header_fields |= {
        "class": "the card's class or classes, which Class Bonus compares with the "
                 "champion's (rulesets/grand_archive/labels.py)"}
