"""Units carried by a moving unit (rulesets/sorcery/carried_units.py): the permission, the
`carry:` key of a move, who may be carried and how many, and the steps they take."""

from __future__ import annotations

import pytest

from conftest import run_sorcery

CARDS = '''
card "Field": site
card "Seer": avatar, power 1
card "Barge": minion, cost 0, power 1
  Barge may carry any allies as it moves.
card "Raft": minion, cost 0, power 1
  Raft may carry up to two allies as it moves.
card "Ox": minion, cost 0, power 1
  Ox may carry an ally as it moves.
card "Mule": minion, cost 0, power 1
card "Mole": minion, cost 0, power 1
  Burrowing
'''


def _board(more=""):
    return ("alice: {realm: [{card: Seer, at: 3}, {card: Field, at: 3}, {card: Field, at: 8}, "
            "{card: Field, at: 13}, {card: Barge, at: 8}, {card: Raft, at: 8}, "
            "{card: Ox, at: 8}, {card: Mule, id: m1, at: 8}, {card: Mule, id: m2, at: 8}, "
            "{card: Mule, id: m3, at: 8}" + more + "]}"
            "\nbob: {realm: [{card: Field, at: 18}, {card: Mule, id: foe, at: 8}]}")


def _at(result, ref):
    return next(c for c in result["state"]["cards"] if ref in (c["id"], c["name"]))["at"]


def test_carried_units_go_where_the_carrier_goes(tmp_path):
    """The riders named go where the carrier goes; those not named stay."""
    result = run_sorcery(tmp_path, CARDS, _board(),
                         "[{player: alice, move: Barge, to: 13, carry: [m1, m2]}]")
    assert result["ok"], result["error"]
    assert (_at(result, "Barge"), _at(result, "m1"), _at(result, "m2"), _at(result, "m3")) \
        == (13, 13, 13, 8)


@pytest.mark.parametrize("carrier,riders,ok", [
    ("Barge", "[m1, m2, m3]", True),       # any allies: any number
    ("Raft", "[m1, m2]", True),            # up to two
    ("Raft", "[m1, m2, m3]", False),
    ("Ox", "m1", True),                    # an ally: one
    ("Ox", "[m1, m2]", False),
])
def test_the_words_say_how_many(tmp_path, carrier, riders, ok):
    """'any allies', 'up to two allies', 'an ally': that many at most."""
    result = run_sorcery(tmp_path, CARDS, _board(),
                         f"[{{player: alice, move: {carrier}, to: 13, carry: {riders}}}]")
    assert result["ok"] is ok, result["error"]
    if not ok:
        assert result["error"]["code"] == "S206"


@pytest.mark.parametrize("carrier,rider,more,said", [
    ("Mule", "m1", "", "Mule may carry no units"),
    ("Barge", "Barge", "", "Barge can't carry Barge"),
    ("Barge", "Seer", "", "Seer is not where Barge stands"),
    ("Barge", "Mole", ", {card: Mole, at: 8, region: underground}",
     "Mole is not where Barge stands"),
    ("Barge", "Field", "", "Barge can't carry Field"),
])
def test_who_cannot_be_carried_is_an_illegal_action(tmp_path, carrier, rider, more, said):
    """No permission, itself, a unit elsewhere or in another region, a site: S206, before
    anything taps."""
    result = run_sorcery(tmp_path, CARDS, _board(more),
                         f"[{{player: alice, move: {carrier}, to: 13, carry: {rider}}}]")
    assert not result["ok"] and result["error"]["code"] == "S206"
    assert said in result["error"]["message"]
    carrier_card = next(c for c in result["state"]["cards"] if c["name"] == carrier)
    assert carrier_card["tapped"] is False


def test_an_enemy_is_no_ally_to_carry(tmp_path):
    """'any allies' names alice's units only: bob's Mule at 8 can't be named."""
    result = run_sorcery(tmp_path, CARDS, _board(),
                         "[{player: alice, move: Barge, to: 13, carry: foe}]")
    assert not result["ok"] and result["error"]["code"] in ("S201", "S206")


def test_a_list_of_riders_is_read_only_for_carry(tmp_path):
    """`carry:` takes a list; another key of a move still does not (S009 as the scenario
    is read)."""
    from cardscript.errors import ScenarioError
    with pytest.raises(ScenarioError) as err:
        run_sorcery(tmp_path, CARDS, _board(),
                    "[{player: alice, move: Barge, to: 13, region: [surface]}]")
    assert err.value.code == "S009" and "region: must be a single value" in str(err.value)
    with pytest.raises(ScenarioError) as err:
        run_sorcery(tmp_path, CARDS, _board(),
                    "[{player: alice, move: Barge, to: 13, carry: {m1: m2}}]")
    assert err.value.code == "S009" and "carry: is a list" in str(err.value)
