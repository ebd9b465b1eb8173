"""`expect`: expected errors, what a state path reads of a card, what `cardscript test` counts."""

from __future__ import annotations

import json

import pytest

from cardscript.scenario.expect import FAILED, PASSED, UNCHECKED, check, verdict
from cardscript.scenario.loader import load_scenario
from cardscript.scenario.runner import run_scenario
from scenario_text import KEYFORGE_EXTRA, ROOT, load_error, run, scenario_yaml, write


# --- expect.error and what `test` counts ---------------------------------------------------------

OK_RUN = scenario_yaml("sorcery", "setup:\n  alice:\n    life: 20\n")
BAD_RUN = scenario_yaml("sorcery", "actions:\n  - {player: alice, cast: Firebolts}\n")


def test_an_expected_error_on_a_run_that_succeeds_fails():
    """`expect: {error: X}` on a run that finishes is a failure, not a pass."""
    problems = check({"error": "unknown card"}, run(OK_RUN))
    assert problems == ["expected the run to stop with an error ('unknown card'), but it "
                        "finished without one"]


@pytest.mark.parametrize("want,ok", [
    ("S201", True), ("s201", True), ("no 'Firebolts' in their hand", True), ("S013", False),
    ({"code": "S201"}, True), ({"code": "S201", "message": "Firebolts"}, True),
    ({"code": "S201", "message": "Lady Iseult"}, False), ({"kind": "scenario"}, True),
    ("something else", False),
])
def test_an_expected_error_matches_its_code_or_message(want, ok):
    """`error:` matches the error's code exactly or words of its message; a mapping both."""
    result = run(BAD_RUN)
    assert result["error"]["code"] == "S201", result["error"]
    assert (check({"error": want}, result) == []) is ok


def test_an_expected_error_also_checks_the_trace_before_it():
    """Next to `error:`, the `state:` of the block is checked against where the run stopped."""
    result = run(BAD_RUN)
    assert check({"error": "S201", "state": {"alice.life": 20}}, result) == []
    assert check({"error": "S201", "state": {"alice.life": 3}}, result) == [
        "state alice.life: expected 3, got 20"]


@pytest.mark.parametrize("expect", [None, {}, {"trace": [], "state": {}}])
def test_a_scenario_that_checks_nothing_is_not_a_pass(expect):
    """No expect, or one that names nothing: 'nothing to check', neither passed nor failed."""
    assert verdict(expect, run(OK_RUN)) == (UNCHECKED, [])
    assert verdict(expect, run(BAD_RUN))[0] == FAILED
    assert verdict({"state": {"alice.life": 20}}, run(OK_RUN)) == (PASSED, [])


def test_the_test_command_fails_on_a_scenario_with_nothing_to_check(tmp_path, cli):
    """`cardscript test` names it, counts it apart from passed, and exits 1."""
    write(tmp_path, "a.yaml", OK_RUN + "expect:\n  state:\n    alice.life: 20\n")
    write(tmp_path, "b.yaml", OK_RUN)
    status, out, _ = cli("test", str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml"))
    assert status == 1
    assert f"NOTHING TO CHECK {tmp_path / 'b.yaml'}: case" in out
    assert out.splitlines()[-1] == "1 passed, 0 failed, 1 with nothing to check"


def test_the_test_command_json_counts_nothing_to_check_apart(tmp_path, cli):
    """`test --format json`: nothing_to_check counted apart, each scenario with its status."""
    a = write(tmp_path, "a.yaml", OK_RUN + "expect:\n  state:\n    alice.life: 20\n")
    b = write(tmp_path, "b.yaml", OK_RUN)
    status, out, _ = cli("test", a, b, "--format", "json")
    data = json.loads(out)
    assert status == 1 and data["ok"] is False
    assert (data["passed"], data["failed"], data["nothing_to_check"]) == (1, 0, 1)
    assert [(s["file"], s["status"], s["ok"]) for s in data["scenarios"]] == [
        (a, "passed", True), (b, "nothing to check", False)]


def test_the_test_command_fails_an_error_scenario_whose_error_is_gone(tmp_path, cli):
    """An error scenario that now runs clean is reported FAIL and the command exits 1."""
    path = write(tmp_path, "e.yaml", OK_RUN + "expect:\n  error: S206\n")
    status, out, _ = cli("test", path)
    assert status == 1 and out.splitlines()[-1] == "0 passed, 1 failed"
    assert "but it finished without one" in out


@pytest.mark.parametrize("value,words", [
    ("[S206]", "expect.error is the error the run must stop with, not a list"),
    ("{cod: S206}", "unknown expected error key 'cod'"),
    ("{code: 206}", "expect.error.code must be text, not 206"),
])
def test_a_malformed_expected_error_is_an_error_when_the_file_loads(value, words):
    """`expect.error` is text or {code, message, kind} of text."""
    assert words in load_error(OK_RUN + f"expect:\n  error: {value}\n").message


# --- what `expect` reads of a card ---------------------------------------------------------------

WARD = f"""\
cards: [{KEYFORGE_EXTRA}]
setup:
  alice:
    battleline: [Spiked Brute]
  bob:
    battleline: [{{card: Iron Ward, ward: true}}, {{card: Veiled Sentry, ward: false}}]
actions:
  - {{player: alice, choose_house: brobnar}}
"""


def test_keyforge_ward_true_is_the_ward_token():
    """`ward: true` gives Iron Ward the token (the assault is prevented, the ward removed);
    `ward: false` takes Veiled Sentry's printed Ward away."""
    before = run(scenario_yaml("keyforge", WARD))["state"]["cards"]
    assert {c["id"]: c["ward"] for c in before} == {"Spiked Brute": False, "Iron Ward": True,
                                                   "Veiled Sentry": False}
    after = run(scenario_yaml("keyforge", WARD + "  - {player: alice, fight: Spiked Brute, "
                                          "target: Iron Ward}\n"))
    assert any("prevented by its ward" in d for e in after["trace"] for d in e["did"])
    iron = next(c for c in after["state"]["cards"] if c["id"] == "Iron Ward")
    assert (iron["ward"], iron["damage"], iron["armor"], iron["power"]) == (False, 3, 2, 4)


def test_expect_reads_keywords_ward_armor_power_and_counters():
    """card.X.keywords / ward / armor / power / counters.NAME are readable state paths."""
    result = run(scenario_yaml("keyforge", WARD))
    state = {"card.Spiked Brute.keywords": ["hazardous 2", "assault 2"],
             "card.Veiled Sentry.keywords": ["ward"], "card.Veiled Sentry.ward": False,
             "card.Iron Ward.ward": True, "card.Iron Ward.armor": 2,
             "card.Iron Ward.power": 4, "card.Iron Ward.counters.charge": 0}
    assert check({"state": state}, result) == []
    assert check({"state": {"card.Iron Ward.armor": 3}}, result) == [
        "state card.Iron Ward.armor: expected 3, got 2"]


def test_expect_reads_a_keyword_an_ongoing_effect_grants():
    """A keyword given by another card in play shows in the card's keywords."""
    path = ROOT / "cards/sorcery/scenarios/ongoing_effect_grants_airborne.yaml"
    result = run_scenario(load_scenario(path))
    granted = [c for c in result["state"]["cards"] if "airborne" in c["keywords"]]
    printed = {"Plumed Pegasus"}
    assert {c["name"] for c in granted} - printed, result["state"]["cards"]


def test_an_unknown_card_field_is_an_error_naming_the_fields():
    """card.X.atk fails with a did-you-mean and the list of fields, never reads as None."""
    result = run(scenario_yaml("keyforge", WARD))
    [problem] = check({"state": {"card.Iron Ward.armr": 2}}, result)
    assert problem.startswith("state card.Iron Ward.armr: card 'Iron Ward' has no field "
                              "'armr'; did you mean 'armor'? fields: id, name, owner")
    assert "keywords" in problem and "ward" in problem
    [problem] = check({"state": {"card.Iron Ward.at.x": 1}}, result)
    assert problem == "state card.Iron Ward.at.x: card 'Iron Ward': at has no part 'x'"


def test_an_unknown_player_zone_or_counter_gets_a_suggestion():
    """alice.lif: no zone or counter, did you mean 'life'?"""
    [problem] = check({"state": {"alice.lif": 20}}, run(OK_RUN))
    assert "alice has no zone or counter 'lif'; did you mean 'life'?" in problem


def test_an_unknown_player_in_a_path_gets_a_suggestion():
    """bobb.hand: the path cannot be read; did you mean 'bob'? and the path shapes."""
    [problem] = check({"state": {"bobb.hand": []}}, run(OK_RUN))
    assert problem.startswith("state bobb.hand: cannot read state path 'bobb.hand'; did you "
                              "mean 'bob'? paths: PLAYER.ZONE")
    assert problem.endswith("players: alice, bob")


def test_an_unknown_trace_field_is_an_error_even_under_absent():
    """`absent: [{sorce: X}]` would always hold; an unknown field is reported instead."""
    [problem] = check({"absent": [{"sorce": "Firebolts"}]}, run(OK_RUN))
    assert "no field 'sorce'; did you mean 'source'?" in problem
