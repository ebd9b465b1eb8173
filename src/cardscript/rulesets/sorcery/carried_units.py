"""Units that carry other units as they move (docs/rulesets/sorcery.md, "Carrying units").

`CARDS may carry UNITS as it moves` (an ongoing effect, most often of the carrier itself)
lets a unit take other units along when it uses the Move and Attack basic ability. The
scenario's `move` (or `attack` with `to:`) action names them: `carry: [UNIT, ...]`. Each must
be a unit the words name (`any allies`: any number of allies; `an ally`: one), other than the
carrier, standing at the carrier's square in its region as the move is declared. They go with
the carrier step by step (combat.py `_move` gives each step their moves too), each step
reported as their own `move` and `enter` happenings, and stay where the carrier's movement
ends, carried no more. Being carried is not a unit's own move: it does not tap, and only the
carrier is intercepted. A unit carried off its step (one that died or was moved away in the
meantime) is left behind.
"""

from __future__ import annotations

from ...errors import ScenarioError
from ...interpreter.rules import find_card
from .units import UNITS

KIND = "carry units"


ANY = "carry any units"


def register(lang) -> None:
    """The ongoing permission 'CARDS may carry CARDS as it moves': as many units as the
    words say (`an ally`: one, `up to two allies`: two), or any number (`any allies`)."""
    lang.static(ANY, KIND, "{who:cards} may carry any {what:cards} as it|they move|moves",
                "{who:cards} may carry any number of {what:cards} as it|they move|moves")
    lang.static("carry units", KIND, "{who:cards} may carry {what:cards} as it|they move|moves")


def _illegal(message, hint):
    return ScenarioError(f"illegal action: {message}", None, code="S206", key="carry",
                         hint=hint)


def _limit(spec, selector) -> int | None:
    """How many units the words let it carry at once (None: any number)."""
    if spec.name == ANY or selector.quant == "each":
        return None
    return selector.count if selector.quant in ("count", "up_to") else 1


def riders(game, player, unit, action) -> list:
    """The units the action's `carry:` names, checked: [] when it names none."""
    named = action.get("carry")
    if named is None:
        return []
    refs = named if isinstance(named, list) else [named]
    grants = [(src, spec, args) for src, spec, args in game.statics(KIND)
              if game.matches(args["who"], unit, None, source=src)]
    if not grants:
        raise _illegal(f"{unit.name} may carry no units", "only a unit whose text lets it "
                                                          "carry others takes them along")
    zones = list(game.policy.play_zones)
    cards = [find_card(game, player, ref, zones, key="carry") for ref in refs]
    for c in cards:
        if c is unit or c.kind not in UNITS:
            raise _illegal(f"{unit.name} can't carry {c.name}", "name other units to carry")
        if c.at != unit.at or c.ext.get("region") != unit.ext.get("region"):
            raise _illegal(f"{c.name} is not where {unit.name} stands ({unit.at})",
                           "a unit carries units at its own square and region")
    for src, spec, args in grants:
        if all(game.matches(args["what"], c, None, source=src) for c in cards):
            most = _limit(spec, args["what"])
            if most is None or len(cards) <= most:
                return cards
    raise _illegal(f"{unit.name} may not carry {', '.join(c.name for c in cards)}",
                   "its text says which units, and how many, it may carry")

