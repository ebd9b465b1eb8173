"""Sorcery's cost bound on a selector, two minions summoned at once, cards damaged by this
effect and the subjectless power line (language/reader.py, rulesets/sorcery/summon_pair.py,
damaged_by_this.py, durations.py): how each form reads; the scenarios pin what they do."""

from __future__ import annotations

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.grammar import parse_text

LANG = rulesets.get("sorcery").language


def _templates(text: str) -> dict:
    return compile_files([parse_text("# ruleset: sorcery\n" + text, "a.cards")], LANG)


def _steps(tpl) -> list:
    out, todo = [], [tpl.abilities[-1].effect]
    while todo:
        s = todo.pop(0)
        if hasattr(s, "args"):
            out.append(s)
        todo.extend(getattr(s, "items", ()) or ([s.body] if hasattr(s, "body") else []))
    return out


def test_that_costs_n_or_less_bounds_the_cost_field():
    """'a minion that costs 3 or less' reads as the stat bound (cost, max, 3)."""
    tpl = _templates('card "K": minion, cost 2, power 1\n'
                     '  Genesis → Summon a minion that costs 3 or less from your hand nearby.\n')["K"]
    sel = dict(_steps(tpl)[0].args)["what"]
    assert sel.stats == (("cost", "max", 3),) and sel.zone == ("you", "hand")


def test_that_costs_n_or_more_is_a_lower_bound():
    """'that costs 4 or more' reads as (cost, min, 4)."""
    tpl = _templates('card "K": minion, cost 2, power 1\n'
                     '  Genesis → Summon a minion that costs 4 or more from your hand here.\n')["K"]
    assert dict(_steps(tpl)[0].args)["what"].stats == (("cost", "min", 4),)


def test_two_nouns_summoned_at_once_is_one_verb():
    """'summon an Undead and a Spirit from your cemetery here' is one step of its own verb."""
    tpl = _templates('card "Barrow Ship": minion undead, cost 6, power 4\n'
                     '  Whenever this Ship dies, summon an Undead and a Spirit from your '
                     'cemetery here.\n')["Barrow Ship"]
    steps = _steps(tpl)
    assert [s.verb.name for s in steps] == ["summon two minions"]
    args = dict(steps[0].args)
    assert args["what"].subtypes == ("undead",) and args["more"].zone == ("you", "cemetery")


def test_a_power_line_with_no_subject_has_no_subject_slot():
    """'1 mana → +1 power this turn.' is the power change with no 'what' (the card itself)."""
    tpl = _templates('card "W": minion spirit, cost 1, power 0\n'
                     '  1 mana → +1 power this turn.\n')["W"]
    step = _steps(tpl)[0]
    assert step.verb.name == "change power this turn"
    assert dict(step.args).get("what") is None and dict(step.args)["n"] == 1


def test_damaged_by_this_spell_reads_with_gain_too():
    """'Minions damaged by this spell gain Stealth this turn' is the damaged-cards verb."""
    tpl = _templates('card "V": magic, cost 2\n'
                     '  Deal 1 damage to each minion here. Minions damaged by this spell gain '
                     'stealth this turn.\n')["V"]
    assert [s.verb.name for s in _steps(tpl)][-1] == "damaged cards gain a keyword this turn"
