"""Counted amounts: a number of a step that is counted as the step resolves.

A verb's number slot ('deal {n:number} damage', 'gain {n:number} life', 'draw {n:count?}
...') holds a number written on the card, or a `Counted`: the number of cards a selector
names then ('Gain 1 life for each site you control', 'gain life equal to the number of
...'), or a stat of the cards a reference names then ('deal damage equal to its power to
...'), times the number written before 'for each' (1 for 'equal to'). The compiler makes one
(compiler/amounts.py), the interpreter resolves it to a number before the step's verb runs
(interpreter/amounts.py), so that every verb reads an int and needs no code of its own.

`read_amount` is the slot reader of the type `amount` ('equal to {n:amount}'): 'the number
of CARDS' or a possessive and a stat ('its power', "that unit's power"). Which stats there
are is the ruleset's (`Language.stats`): the reader takes any word, the compiler refuses one
the ruleset lacks.
"""

from __future__ import annotations

from dataclasses import dataclass

from .places import plain_word
from .selectors import Selector
from .shapes import FAIL

@dataclass(frozen=True, slots=True)
class Counted:
    """A number counted as its step resolves: `times` for each card `of` names (`stat`
    None), or `times` the sum of `stat` over the cards `of` names. 'gain 1 life for each
    site you control' and 'gain life equal to the number of sites you control' are one value
    (the formatter writes the first): only `text` keeps how it was written."""

    of: Selector
    stat: str | None = None
    times: int = 1
    text: str = ""            # the amount's words as written ('the number of sites you control')


def read_amount(reader, words):
    """'the number of CARDS' (a Counted of those cards) or 'WHOSE STAT' ('its power', "that
    unit's power": a Counted of that stat of the cards); FAIL for anything else."""
    ws = [plain_word(w) if w.__class__ is str else w for w in words]
    text = " ".join(w if w.__class__ is str else f'"{w[1]}"' for w in ws)
    if len(ws) > 3 and ws[:3] == ["the", "number", "of"]:
        sel = reader.read_cards(tuple(words[3:]))
        return FAIL if sel is FAIL else Counted(sel, None, 1, text)
    # a possessive and one or two words of a stat ('its power', "a unit's mana cost")
    for k in (1, 2):
        if len(ws) <= k or any(w.__class__ is not str for w in ws[-k:]):
            continue
        whose = reader.read_whose(tuple(words[:-k]))
        if whose is not FAIL:
            return Counted(whose, " ".join(ws[-k:]), 1, text)
    return FAIL


def step_selectors(args):
    """Each selector a step's arguments name, in the order the step says them, with the one a
    counted amount reads where it stands ("equal to target permanent's HP"): pairs (selector,
    whether it is an amount's). A target inside an amount is a target of the step like any
    other: it is chosen when the step's targets are chosen, and checked with them."""
    for _, value in args:
        if value.__class__ is Selector:
            yield value, False
        elif value.__class__ is Counted and value.of.__class__ is Selector:
            yield value.of, True
