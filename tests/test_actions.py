"""The common actions (interpreter/actions.py): the cast handed a card already found."""

from __future__ import annotations

from pathlib import Path

from conftest import load_script
from cardscript.interpreter.rules import COMMON_ACTIONS, cast_card
from cardscript.rulesets.sorcery import RULESET

ROOT = Path(__file__).resolve().parents[1]


def _playgame():
    return load_script("benchmarks/playgame.py")


def _trace_of(cast) -> list:
    """A short game of one spell and two minions, each cast through `cast`."""
    playgame = _playgame()
    game = playgame.new_game(RULESET, seed=3)
    for player, name, at in (("alice", "Grave Bell", 3), ("bob", "Ember Pup", 13),
                             ("alice", "Tidal Surge", None)):
        card = game.state.new_card(game.templates[name], player)
        game.state.put(card, "hand", player)
        action = {"player": player, "cast": card.id}
        if at is not None:
            action["at"] = at
        cast(game, player, card, action)
    return game.trace


def test_cast_card_is_the_cast_action_without_the_look_up():
    """`cast_card` with the card found gives the trace the `cast` action gives from its id."""
    by_id = _trace_of(lambda game, player, card, action:
                      COMMON_ACTIONS["cast"](game, player, action))
    found = _trace_of(cast_card)
    assert by_id == found
    assert [e["kind"] for e in found].count("cast") == 3
    assert any(e["text"] == "Deal 2 damage to each minion" for e in found)


def test_a_template_s_spell_abilities_are_read_once():
    """The spell abilities a cast reads are kept with the template, the same on each cast."""
    from cardscript.interpreter.actions import _spells
    from cardscript.interpreter.select import template_fact
    tpl = _playgame().templates(RULESET)["Shardfall"]
    first = template_fact(tpl, "spell abilities", _spells)
    assert first is template_fact(tpl, "spell abilities", _spells)
    assert [a.text for a in first] == [a.text for a in tpl.spell_abilities]
