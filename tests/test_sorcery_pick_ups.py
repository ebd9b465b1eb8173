"""Picking up an artifact (rulesets/sorcery/pick_ups.py): the `pick_up` action and happening,
the trigger on it, and a card's player sacrificing."""

from __future__ import annotations

import pytest

from conftest import play_sorcery, run_sorcery
from cardscript.grammar import get_parser

CARDS = '''
card "Field": site
card "Seer": avatar, power 1
card "Sage": avatar, power 1
card "Mole": minion, cost 0, power 1
  Burrowing
card "Urn": artifact, cost 0
  When an Avatar picks up this Urn, they sacrifice it and draw a spell.
card "Stone": artifact, cost 0
card "Note": magic, cost 0
  Draw a spell.
'''
BOARD = ("alice: {spellbook: [Note, Note], realm: [{card: Seer, at: 3}, {card: Field, at: 3}, "
         "{card: Mole, at: 3}, {card: Field, at: 8}]}")


def _pick(tmp_path, realm_more, unit, art="Urn"):
    setup = BOARD.replace("]}", ", " + realm_more + "]}") if realm_more else BOARD
    return run_sorcery(tmp_path, CARDS, setup,
                       f"[{{player: alice, pick_up: {art}, bearer: {unit}}}]")


def test_a_unit_picks_up_an_artifact_at_its_square_and_carries_it(tmp_path):
    """The picked-up artifact is carried by the unit (no other unit may pick it up then);
    the unit does not tap."""
    setup = BOARD.replace("]}", ", {card: Stone, at: 3}]}")
    result = run_sorcery(tmp_path, CARDS, setup,
                         "[{player: alice, pick_up: Stone, bearer: Mole}, "
                         "{player: alice, pick_up: Stone, bearer: Seer}]")
    assert result["trace"][0]["did"] == ("Mole picks up Stone",)
    assert "Mole carries Stone" in result["error"]["message"]
    mole = next(c for c in result["state"]["cards"] if c["name"] == "Mole")
    assert mole["tapped"] is False


def test_an_unknown_artifact_is_named_with_those_there(tmp_path):
    """A name not in the realm: S201 with the artifacts that are there."""
    result = _pick(tmp_path, "{card: Stone, at: 3}", "Mole", "Stome")
    assert result["error"]["code"] == "S201" and "Stone" in result["error"]["hint"]


def test_the_trigger_hears_only_an_avatar(tmp_path):
    """'When an Avatar picks up this Urn': a minion picking it up triggers nothing."""
    result = _pick(tmp_path, "{card: Urn, at: 3}", "Mole")
    assert result["ok"], result["error"]
    assert not [e for e in result["trace"] if e.get("source") == "Urn"]
    result = _pick(tmp_path, "{card: Urn, at: 3}", "Seer")
    assert [e for e in result["trace"] if e.get("source") == "Urn"]


@pytest.mark.parametrize("more,unit,art,said", [
    ("{card: Stone, at: 8}", "Mole", "Stone", "is not where Stone lies"),
    ("{card: Stone, at: 3, region: underground}", "Mole", "Stone", "is not where Stone lies"),
    ("{card: Stone, at: 3, carried_by: Seer}", "Mole", "Stone", "Seer carries Stone"),
    ("", "Mole", "Field", "Field is no artifact"),
    ("{card: Stone, at: 3}", "Field", "Stone", "Field is no unit of alice's"),
])
def test_what_cannot_be_picked_up_is_an_illegal_action(tmp_path, more, unit, art, said):
    """Another square or depth, an artifact carried already, a site: S206, nothing done."""
    result = _pick(tmp_path, more, unit, art)
    assert not result["ok"] and result["error"]["code"] == "S206"
    assert said in result["error"]["message"]


def test_a_burrowed_unit_picks_up_an_artifact_underground(tmp_path):
    """An artifact beneath a site is picked up from beneath it."""
    setup = ("alice: {realm: [{card: Seer, at: 3}, {card: Field, at: 3}, "
             "{card: Mole, at: 3, region: underground}, {card: Stone, at: 3, "
             "region: underground}]}")
    play_sorcery(tmp_path, CARDS, setup, "[{player: alice, pick_up: Stone, bearer: Mole}]")


def test_a_picked_up_artifact_is_its_bearers_players(tmp_path):
    """Bob's avatar picks up alice's Urn: bob sacrifices it and bob draws."""
    setup = ("alice: {realm: [{card: Seer, at: 3}, {card: Field, at: 3}, {card: Urn, at: 18}]}"
             "\nbob: {spellbook: [Note], realm: [{card: Sage, at: 18}, {card: Field, at: 18}]}")
    result = play_sorcery(tmp_path, CARDS, setup,
                          "[{player: bob, pick_up: Urn, bearer: Sage}]")
    assert result["state"]["players"]["bob"]["zones"]["hand"] == ["Note"]
    assert result["state"]["players"]["alice"]["zones"]["cemetery"] == ["Urn"]


@pytest.mark.parametrize("line", ["When an Avatar picks up this Urn, they sacrifice it and "
                                  "draw a spell.",
                                  "Whenever a minion picks up a relic, draw a spell."])
def test_fast_parser_agrees_with_lark_on_picking_up(line):
    """The fast driver builds what Lark builds for the lines of picking up."""
    from cardscript import grammar
    parser, builder = get_parser()
    source = f'card "X": artifact\n  {line}\n'
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)
