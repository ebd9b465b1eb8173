"""Cost changes and mana in card text: what a spell costs and needs when it is cast, and mana
an effect gives.

Ongoing effects of cards in the realm change a spell's mana cost ("cost 1 less mana", "cost 2
more mana") and the threshold it needs ("require one less Water threshold", "... of each
elemental threshold"). Each may ask who casts the spell ("spells the bearer casts": the unit
that casts it must be the one the words name) or where ("spells cast nearby": the unit that
casts it stands nearby the card with the effect). The unit that casts a spell is its caster:
for a magic spell the Spellcaster or avatar that casts it (kinds.py `caster_of`), for any other
spell the player's avatar. docs/rulesets/sorcery.md, "Cost changes".
"""

from __future__ import annotations

from collections import Counter

from ...language.registry import LabelSpec
from . import kept_mana
from .durations import END_NEXT_TURN, NEXT_TURN
from .players import avatar_of
from .resources import ELEMENTS, MANA, printed_threshold

# Each cost static's name -> (what it changes, the sign of N, who must cast the spell): the
# mana cost or the threshold; None (anyone), 'by' (the unit the `who` slot names), 'nearby'
# (a unit nearby the card with the effect), 'by you' / 'by opponents' (the controller of the
# card with the effect, or an opponent of theirs).
COST_SPECS: dict = {}
EACH = "each"


def register(lang) -> None:
    """The words of cost changes (ongoing effects `cost_of` and `threshold_needed` read) and
    of mana gained."""
    casts = {None: "{what:cards} ", "by": "{what:cards} {who:cards} cast|casts ",
             "nearby": "{what:cards} cast nearby ", "adjacent": "{what:cards} cast adjacent ",
             "by you": "{what:cards} you cast ",
             "by opponents": "{what:cards} your opponent|opponents cast|casts "}
    for cast, subject in casts.items():
        tail = "" if cast is None else f" {cast}"
        for word, sign in (("less", -1), ("more", 1)):
            name = f"cost {word}{tail}"
            lang.static(name, "cost", subject + f"cost|costs {{n:number}} {word} mana")
            COST_SPECS[name] = ("mana", sign, cast)
        name = f"threshold less{tail}"
        lang.static(name, "threshold", subject + "require|requires {n:number} less "
                                                 "{element:element} threshold")
        COST_SPECS[name] = ("threshold", -1, cast)
        name = f"threshold less of each{tail}"
        lang.static(name, "threshold", subject + "require|requires {n:number} less of each "
                                                 "elemental threshold")
        COST_SPECS[name] = ("threshold", -1, cast)

    # '1 mana → ...': an activated ability whose cost is mana
    lang.amount_costs[MANA] = LabelSpec("Mana", "cost", pay=pay_mana)

    @lang.verb("gain mana", "{who:player?} gain|gains {n:number} mana this turn",
               "{who:player?} gain|gains {n:number} mana")
    def gain_mana(game, ev, node):
        """Mana for this turn only, said or not: it is mana like a site's, lost with the rest
        at the end of the turn (resources.py `empty_mana`)."""
        _gain(game, ev, node, None)

    # Mana for a while longer (kept_mana.py): one entry a duration, as durations.py writes them.
    for until in (NEXT_TURN, END_NEXT_TURN):
        lang.verb(f"gain mana {until}",
                  f"{{who:player?}} gain|gains {{n:number}} mana {until}")(_gain_for(until))


def _gain(game, ev, node, until: str | None) -> None:
    """Each player named gains the step's mana (a number, or one counted as the step
    resolves: 'gain mana equal to the number of ...'), for this turn (`until` None) or until
    `until` (kept past the end of this turn: kept_mana.py)."""
    from ...library.common import _players as players_named
    n = node.argmap["n"]
    for who in players_named(game, ev, node.arg("who")):
        if MANA not in game.state.players[who].set_counters:
            ev.did.append(f"{who} gains {n} mana (mana is not counted in this game)")
            continue
        game.counter_add(who, MANA, n)
        if until is not None:
            kept_mana.gain_for_a_while(game, who, n, until)
        ev.did.append(f"{who} gains {n} mana {until or 'this turn'}")


def _gain_for(until: str):
    def gain_mana_for_a_while(game, ev, node):
        """Mana kept past the end of this turn, until `until` (kept_mana.py)."""
        _gain(game, ev, node, until)
    return gain_mana_for_a_while


def add_cost_change(lang, name: str, shape: str, sign: int, test) -> None:
    """A mana cost change of another module's words: `test(game, src, args, card, player)`
    says whether it applies to `card` cast by `player` (besides the cards its `what` names)."""
    lang.static(name, "cost", shape)
    COST_SPECS[name] = ("mana", sign, test)


def casting_unit(game, player, card):
    """The unit that casts `card` for `player` now: the caster a magic spell's cast named
    (kinds.py `cast_action` keeps it while the cast is paid), else the player's avatar."""
    unit = game.slot("casting unit", dict).get(card.id)
    return unit if unit is not None else avatar_of(game, player)


def _applies(game, src, name, args, card, player, caster) -> bool:
    """Does the cost change of `src` apply to `card` cast by `player` through `caster`?"""
    if not game.matches(args["what"], card, None, source=src):
        return False
    cast = COST_SPECS[name][2]
    if callable(cast):
        return cast(game, src, args, card, player)
    if cast in ("by you", "by opponents"):
        return (player == src.controller) == (cast == "by you")
    if cast == "by":
        return caster is not None and game.matches(args["who"], caster, None, source=src)
    if cast in ("nearby", "adjacent"):
        return caster is not None and game.geometry.near(src.at, caster.at, cast)
    return True


def cost_of(game, player, card) -> int:
    """What casting `card` costs `player` now: its printed cost, less and more what each
    ongoing "... cost N less / more mana" that names it says (never below 0)."""
    cost = card.tpl.stats.get("cost", 0)
    statics = game.statics("cost")
    if not statics:
        return cost
    caster = casting_unit(game, player, card)
    for src, spec, args in statics:
        if _applies(game, src, spec.name, args, card, player, caster):
            cost += COST_SPECS[spec.name][1] * args["n"]
    return max(0, cost)


def threshold_needed(game, player, card, printed: Counter) -> Counter:
    """The threshold `card` needs when `player` casts it: what is printed on it, less what
    each ongoing "... require N less X threshold" that names it takes off (an element it
    needs none of stays at none)."""
    statics = game.statics("threshold")
    if not statics or not printed:
        return printed
    need = Counter(printed)
    caster = casting_unit(game, player, card)
    for src, spec, args in statics:
        if _applies(game, src, spec.name, args, card, player, caster):
            for e in (ELEMENTS if args.get("element") is None else (args["element"],)):
                need[e] = max(0, need.get(e, 0) - args["n"])
    return +need


def needed(game, player, card) -> Counter:
    """The threshold `card` needs when `player` casts it now (resources.py
    `check_threshold` compares it with what the player's sites give)."""
    return threshold_needed(game, player, card, printed_threshold(card.tpl))


def label_amount(label: str) -> int:
    """The number of an amount label: '2 mana', 'pay 2 life' -> 2."""
    return next(int(w) for w in label.split() if w.isdecimal())


def pay_mana(game, card, ev):
    """The cost of an 'N mana →' ability: N of its controller's mana (the amount is the
    label's number). A player with too little can't pay (S205); in a game that does not
    count mana the cost is said and nothing is taken, as a spell's cost is."""
    n = label_amount(ev.ability.label)
    who = ev.controller
    ps = game.state.players[who]
    if MANA not in ps.set_counters:
        ev.did.append(f"pay {n} mana (mana is not counted in this game)")
        return None
    have = ps.counters.get(MANA, 0)
    if have < n:
        return f"{who} cannot pay {n} mana for {card.name}'s ability (has {have})"
    game.counter_add(who, MANA, -n)
    ev.did.append(f"pay {n} mana")
    return None
