"""Dropping an artifact (rulesets/sorcery/drops.py): the `drop` action and happening, the
trigger on it, the verb, and 'can't be dropped'."""

from __future__ import annotations

import pytest

from conftest import run_sorcery

CARDS = '''
card "Field": site
card "Seer": avatar, power 1
card "Mole": minion, cost 0, power 1
card "Stone": artifact, cost 0
card "Anchor": artifact, cost 0
  This Anchor can't be dropped.
card "Bell": artifact, cost 0
  Whenever a minion drops this Bell, draw a spell.
card "Note": magic, cost 0
  Draw a spell.
card "Shake": magic, cost 0
  Target minion drops each artifact.
'''


def _board(carried, more=""):
    return ("alice: {hand: [Shake], spellbook: [Note], realm: [{card: Seer, at: 3}, "
            "{card: Field, at: 3}, {card: Field, at: 8}, {card: Mole, at: 3}"
            + "".join(f", {{card: {a}, carried_by: Mole}}" for a in carried) + more + "]}"
            "\nbob: {realm: [{card: Field, at: 18}, {card: Mole, id: bob-mole, at: 18}, "
            "{card: Stone, id: bob-stone, carried_by: bob-mole}]}")


def _card(result, ref):
    return next(c for c in result["state"]["cards"] if ref in (c["name"], c["id"]))


def test_a_dropped_artifact_lies_where_its_bearer_stood(tmp_path):
    """After the drop the artifact stays at 3 when the unit moves on; the unit is untapped
    by the drop itself."""
    result = run_sorcery(tmp_path, CARDS, _board(["Stone"]),
                         "[{player: alice, drop: Stone}]")
    assert result["ok"], result["error"]
    assert result["trace"][0]["did"] == ("Mole drops Stone",)
    assert _card(result, "Mole")["tapped"] is False
    result = run_sorcery(tmp_path, CARDS, _board(["Stone"]),
                         "[{player: alice, drop: Stone}, {player: alice, move: Mole, to: 8}]")
    assert _card(result, "Stone")["at"] == 3 and _card(result, "Mole")["at"] == 8


def test_an_artifact_not_dropped_moves_with_its_bearer(tmp_path):
    """Without a drop the carried artifact goes along (what the drop changes)."""
    result = run_sorcery(tmp_path, CARDS, _board(["Stone"]),
                         "[{player: alice, move: Mole, to: 8}]")
    assert _card(result, "Stone")["at"] == 8


def test_the_trigger_hears_the_drop_of_its_own_card(tmp_path):
    """'Whenever a minion drops this Bell': dropping the Bell draws; dropping another
    artifact does not."""
    result = run_sorcery(tmp_path, CARDS, _board(["Bell", "Stone"]),
                         "[{player: alice, drop: Stone}]")
    assert result["state"]["players"]["alice"]["zones"]["hand"] == ["Shake"]
    result = run_sorcery(tmp_path, CARDS, _board(["Bell", "Stone"]),
                         "[{player: alice, drop: Bell}]")
    assert result["state"]["players"]["alice"]["zones"]["hand"] == ["Shake", "Note"]


@pytest.mark.parametrize("carried,more,ref,said", [
    (["Anchor"], "", "Anchor", "Anchor can't be dropped"),
    ([], ", {card: Bell, at: 3}", "Bell", "no unit in the realm carries 'Bell'"),
    ([], "", "bob-stone", "only its bearer's player drops it"),
])
def test_what_cannot_be_dropped_is_an_illegal_action(tmp_path, carried, more, ref, said):
    """An artifact that can't be dropped, one lying on its own, one an opponent's unit
    carries: S206, nothing done."""
    result = run_sorcery(tmp_path, CARDS, _board(carried, more),
                         f"[{{player: alice, drop: {ref}}}]")
    assert not result["ok"] and result["error"]["code"] == "S206"
    assert said in result["error"]["message"]


def test_the_verb_drops_all_but_what_cannot_be_dropped(tmp_path):
    """'Target minion drops each artifact': only the minion's own artifacts, the Anchor
    kept; the opponent's minion keeps its Stone."""
    result = run_sorcery(tmp_path, CARDS, _board(["Anchor", "Stone"]),
                         "[{player: alice, cast: Shake}, {player: alice, move: Mole, to: 8}]",
                         "[{player: alice, kind: target, answer: Mole}]")
    assert result["ok"], result["error"]
    assert result["trace"][0]["did"] == ("Anchor can't be dropped", "Mole drops Stone")
    assert _card(result, "Stone")["at"] == 3 and _card(result, "Anchor")["at"] == 8
    assert _card(result, "bob-stone")["at"] == 18
