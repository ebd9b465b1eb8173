"""Kills: the unit whose damage made a minion die is said to kill it.

A minion dies of damage (lethal damage, or damage from a Lethal unit) as a rule of the game,
checked after the damage is dealt (__init__.py `lethal_damage`). The card that dealt that
damage killed it: its `kill` happening (about the killer, `target` the minion, now in its
cemetery) is reported right after the minion's death, so "whenever this kills a minion" hears it.
Damage with no source card (a rule of the game) kills nobody's way; a spell's damage is the
spell's own. docs/rulesets/sorcery.md, "Kills".
"""

from __future__ import annotations

HAPPENINGS = frozenset({"kill"})


def killer_in_batch(game, card):
    """The card whose damage, among the happenings being settled, fell last on `card`.

    The batch is read once for all the minions dying of it (one table a batch), so that a
    spell killing many minions at once stays linear."""
    known = game.slot("killers", dict)
    batch = game.batch
    if known.get("batch") is not batch:
        table = {}
        for h in batch:
            if h.kind == "damage" and h.card is not None and h.data.get("amount", 0) > 0:
                src = h.data.get("source")
                if src is not None:
                    table[id(h.card)] = src
        known["batch"], known["table"] = batch, table
    return known["table"].get(id(card))


def report_kill(game, killer, victim) -> None:
    """Say that `killer` killed `victim` (now in its owner's cemetery)."""
    if killer is None or killer is victim:
        return
    game.happen("kill", killer, killer.controller, target=victim)


def register(lang) -> None:
    """The trigger pattern of a kill ('whenever this kills a minion')."""
    lang.trigger("kill", "kill", "{card:cards} kill|kills {target:cards}")
