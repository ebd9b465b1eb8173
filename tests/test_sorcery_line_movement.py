"""Sorcery's movement along a line and moving other cards (rulesets/sorcery/lines.py,
moving_others.py, source_damage.py): what the language reads of them, and the references
they bring ('that ally', 'weaker', 'these Rocs' site', 'the first unit it hits' then 'it')."""

from __future__ import annotations

import pytest

from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.fmt.canonical import Conventions
from cardscript.fmt.render import Renderer
from cardscript.grammar import get_parser, parse_text
from cardscript.rulesets import get

LANG = get("sorcery").language


def compile_one(text: str):
    """The template of the one card in `text`."""
    (tpl,) = compile_files([parse_text(text, "t.cards")], LANG).values()
    return tpl


def steps_of(tpl):
    """The Do steps of the card's first ability, in order."""
    out = []

    def walk(node):
        if type(node).__name__ == "Do":
            out.append(node)
        for child in getattr(node, "items", ()) or ():
            walk(child)
        body = getattr(node, "body", None)
        if body is not None:
            walk(body)
    walk(tpl.abilities[-1].effect)
    return out


LINES = ["Tap → These Boars charge in a cardinal direction until they can't move further. "
         "They strike all units in their path.",
         "Bearer — Tap → Push this Relic in a cardinal direction. It rolls until it cannot move "
         "further, and deals 2 damage to each unit in its path.",
         "Tap → Launch a hook in a cardinal direction, pull the first unit it hits to her "
         "location, and deal 2 damage to it if it is an enemy.",
         "Genesis → Carry a weaker unit from any site to these Rocs' site. They may strike "
         "that unit.",
         "Sneak an allied minion to a site with a single enemy unit. That ally strikes it."]


@pytest.mark.parametrize("line", LINES)
def test_fast_parser_agrees_with_lark_on_line_movement(line):
    """The fast driver builds what Lark builds for the forms of lines and lifts."""
    from cardscript import grammar
    parser, builder = get_parser()
    source = f'card "X": minion, cost 1, power 1\n  {line}\n'
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)


def test_that_ally_names_the_allied_card_not_the_enemy_after_it():
    """'That ally strikes it': the striker is the ally moved, 'it' the enemy named last."""
    tpl = compile_one('card "A": magic, cost 2\n  Sneak an allied minion to a site with a '
                      'single enemy unit. That ally strikes it.\n')
    sneak, strike = steps_of(tpl)
    ally, foe = sneak.arg("what"), sneak.arg("foe")
    assert strike.arg("who").slot == ally.slot
    assert strike.arg("what").slot == foe.slot and foe.slot != ally.slot


def test_that_unit_never_names_the_card_itself():
    """'They may strike that unit': 'they' is the card (its own site named it), 'that unit'
    the unit carried."""
    tpl = compile_one('card "Talon Rocs": minion beast, cost 5, power 3\n  Genesis → Carry a '
                      'weaker unit from any site to these Rocs\' site. They may strike that '
                      'unit.\n')
    carry, strike = steps_of(tpl)
    assert strike.arg("who").slot == "self"
    assert strike.arg("what").slot == carry.arg("what").slot


def test_weaker_is_power_below_the_cards_own_and_renders_back():
    """'a weaker unit' is a power bound against the source, written back as 'weaker'."""
    tpl = compile_one('card "Talon Rocs": minion beast, cost 5, power 3\n  Genesis → Carry a '
                      'weaker unit to this site.\n')
    (carry,) = steps_of(tpl)
    assert carry.arg("what").stats == (("power", "below", None),)
    text = Renderer(LANG, Conventions()).card(tpl, {})
    assert "a weaker unit" in text


def test_the_first_unit_it_hits_needs_a_projectile_before_it():
    """'the first unit it hits' with no throw or shot before it names nothing (E205)."""
    with pytest.raises(CardScriptError) as info:
        compile_one('card "A": magic, cost 1\n  Deal 2 damage to the first unit it hits.\n')
    assert info.value.code == "E205"


def test_a_thrown_card_leaves_its_bearers_list_of_held_cards(monkeypatch):
    """A thrown artifact is dropped through the state's link: no bearer still lists it as held."""
    from pathlib import Path

    import cardscript.scenario.runner as runner
    from cardscript.scenario.loader import load_scenario

    games = []

    class Kept(runner.Game):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            games.append(self)

    monkeypatch.setattr(runner, "Game", Kept)
    path = (Path(__file__).parent.parent / "cards" / "sorcery" / "scenarios"
            / "a_thrown_relic_kills_the_first_minion_it_hits.yaml")
    result = runner.run_scenario(load_scenario(path))
    assert result["ok"], result["error"]
    state = games[0].state
    thrown = {c.id for c in state.cards.values() if c.name == "Hurled Javelin"}
    held = {c.id for cards in state.holding.values() for c in cards}
    assert thrown == {"javelin", "javelin-2"}
    assert not held & thrown
