"""Scenario values are checked where they stand: the setup's types and ranges, duplicate ids,
order answers, `expect` (errors, card fields) and what `cardscript test` counts as passed."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from cardscript.errors import ScenarioError
from cardscript.scenario.expect import FAILED, PASSED, UNCHECKED, check, verdict
from cardscript.scenario.loader import parse_scenario
from cardscript.scenario.runner import error_json, run_scenario

ROOT = Path(__file__).resolve().parents[1]
KEYFORGE_EXTRA = (ROOT / "cards/keyforge/scenarios/cards/extra.cards").as_posix()


def _yaml(ruleset: str, body: str) -> str:
    return f"name: case\nruleset: {ruleset}\nplayers: [alice, bob]\n" + textwrap.dedent(body)


def _load_error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "case.yaml")
    return info.value


def _run(text: str, path: str = "case.yaml") -> dict:
    return run_scenario(parse_scenario(text, path))


def _error(text: str) -> dict:
    """The error object of the scenario, found when it loads or when it runs."""
    try:
        sc = parse_scenario(text, "case.yaml")
    except ScenarioError as e:
        return error_json(e)
    result = run_scenario(sc)
    assert not result["ok"]
    return result["error"]


def _at(err: dict | ScenarioError, text: str, needle: str, nth: int = 1):
    """(line, column) of the `nth` occurrence of `needle` in text, and the error's."""
    pos = -1
    for _ in range(nth):
        pos = text.index(needle, pos + 1)
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    got = (err["line"], err["column"]) if isinstance(err, dict) else \
        (err.span.line, err.span.column)
    return got, (line, col)


def _write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


# --- 8.9: values YAML reads but a scenario cannot use ---------------------------------------

REALM = """\
setup:
  alice:
    realm:
      - {card: Bottomless Pit, %s}
"""


@pytest.mark.parametrize("value,needle,words", [
    ("at: .inf", ".inf", "at: must be a location"),
    ("at: 2024-01-01", "2024-01-01", "a date (2024-01-01) is not a value"),
    ("at: 8, region: 2024-01-01", "2024-01-01", "a date"),
    ("at: 8, id: 2024-01-01 10:00:00", "2024-01-01 10:00:00", "a date and time"),
    ("at: 8, region: !!binary aGVsbG8=", "!!binary", "binary data"),
    ("at: 8, id: !!binary aGVsbG8=", "!!binary", "binary data"),
])
def test_a_value_yaml_reads_but_a_scenario_cannot_use_is_an_error_at_it(value, needle, words):
    """.inf, a YAML date or !!binary in at/region/id is an S0xx error at the value itself."""
    text = _yaml("sorcery", REALM % value)
    err = _load_error(text)
    assert words in err.message
    got, want = _at(err, text, needle)
    assert got == want


@pytest.mark.parametrize("value", ["at: .inf", "at: 2024-01-01", "at: 8, id: !!binary aGVsbG8=",
                                   "at: true", "at: 27"])
def test_run_json_prints_the_contract_for_a_bad_setup_value(tmp_path, cli, value):
    """`run --json` prints the JSON contract (ok false, an error object), never a traceback."""
    path = _write(tmp_path, "s.yaml", _yaml("sorcery", REALM % value))
    status, out, err = cli("run", path, "--json")
    assert status == 1 and "Traceback" not in err
    data = json.loads(out)
    assert set(data) >= {"scenario", "ruleset", "ok", "error", "trace", "state", "warnings"}
    assert data["ok"] is False
    e = data["error"]
    assert e["kind"] == "scenario" and e["code"].startswith("S") and e["line"] == 7
    assert e["message"] and e["file"] == path


@pytest.mark.parametrize("ruleset,counter,start", [("keyforge", "aember", 0),
                                                   ("sorcery", "life", 20)])
def test_a_counter_left_empty_is_an_error_at_its_key(ruleset, counter, start):
    """`aember:` / `life:` with no number is an error naming the counter and its start value."""
    text = _yaml(ruleset, f"setup:\n  alice:\n    {counter}:\n")
    err = _load_error(text)
    assert err.message == f"alice.{counter} is left empty: a counter needs a number"
    assert f"start at {start}" in err.hint
    got, want = _at(err, text, f"{counter}:")
    assert got == want


def test_a_zone_left_empty_is_an_empty_zone():
    """`hand:` with nothing after it is an empty hand, in a player's setup and a shared one."""
    result = _run(_yaml("sorcery", "setup:\n  alice:\n    hand:\n  shared:\n    pile:\n"))
    assert result["ok"], result["error"]
    assert result["state"]["players"]["alice"]["zones"]["hand"] == []
    assert result["state"]["shared"]["zones"]["pile"] == []
    assert result["state"]["players"]["alice"]["counters"]["life"] == 20


@pytest.mark.parametrize("body,words", [
    ("setup:\n  alice:\n    hand: 3\n", "hand is a zone of sorcery"),
    ("setup:\n  alice:\n    life: -2\n", "alice.life must be 0 or more"),
    ("setup:\n  alice:\n    life: 2.5\n", "not 2.5"),
    ("setup:\n  alice:\n    realm: [{card: Bottomless Pit, at: 8, damage: -1}]\n",
     "damage: must be 0 or more"),
    ("setup:\n  alice:\n    realm: [{card: Bottomless Pit, at: 8, counters: {x: true}}]\n",
     "counters: is a mapping of names to whole numbers"),
    ("setup:\n  alice:\n    hand: [true]\n", "not true"),
    ("setup:\n  alice:\n    hand: [{card: Firebolts, id: 1.5}]\n", "id: must be a name"),
])
def test_setup_values_are_checked_by_type_and_range(body, words):
    """A number for a zone, a negative count, a decimal, true for a name: each an error."""
    assert words in _load_error(_yaml("sorcery", body)).message


# --- 8.14 and 9.5: where a setup card stands ------------------------------------------------

@pytest.mark.parametrize("at,words", [
    ("99", "99 is not a square of the realm"),
    ("27", "27 is not a square of the realm"),
    ("0", "0 is not a square of the realm"),
    ("true", "at: must be a location (a whole number, or a name), not true"),
    ("8.5", "not 8.5"),
])
def test_a_sorcery_setup_square_is_checked_at_the_value(at, words):
    """`at:` off the 1-20 grid, true (not square 1) or 8.5 (not square 8) is an error at it."""
    text = _yaml("sorcery", REALM % f"at: {at}") + \
        "actions:\n  - {player: alice, pass: true}\n"
    err = _error(text)
    assert words in err["message"]
    got, want = _at(err, text, f"at: {at}")
    assert got == (want[0], want[1] + 4)         # the value, not the key or a later action


def test_a_square_given_as_its_digits_is_that_square():
    """`at: "8"` is square 8, as in an action's `at:`."""
    result = _run(_yaml("sorcery", REALM % 'at: "8"'))
    assert result["ok"] and result["state"]["cards"][0]["at"] == 8


def test_an_action_location_that_is_true_is_an_error_at_it():
    """An action's `at: true` is an error when the file loads, not square 1."""
    text = _yaml("sorcery", """\
        setup:
          alice:
            hand: [Red Desert]
        actions:
          - {player: alice, cast: Red Desert, at: true}
        """)
    err = _load_error(text)
    assert err.message == "at: must be a location (a whole number, or a name), not true"
    got, want = _at(err, text, "true")
    assert got == want


@pytest.mark.parametrize("entry,key,words", [
    ("{card: Bottomless Pit, at: 3, region: undrwater}", "undrwater", "unknown region"),
])
def test_an_unknown_sorcery_region_is_an_error_with_a_suggestion(entry, key, words):
    """`region:` must be one of the realm's regions; a near miss gets a did-you-mean."""
    text = _yaml("sorcery", f"setup:\n  alice:\n    realm:\n      - {entry}\n")
    result = _run(text)
    assert words in result["error"]["message"]
    assert result["error"]["hint"].startswith("did you mean 'underwater'?")
    got, want = _at(result["error"], text, key)
    assert got == want


def test_a_place_for_a_card_not_in_play_is_an_error():
    """`at:` on a card in hand is an error at the value (only cards in play stand somewhere)."""
    text = _yaml("sorcery", "setup:\n  alice:\n    hand: [{card: Firebolts, at: 3}]\n")
    err = _load_error(text)
    assert err.message == "at: places a card in play; a card in hand has no place there"
    assert "realm" in err.hint


def test_a_game_without_locations_refuses_at():
    """A ruleset that declares no places (Grand Archive) refuses `at:` on a card in play."""
    result = _run(_yaml("grand_archive", """\
        setup:
          alice:
            field: [{card: Ember Squire, at: 2}]
        """))
    assert not result["ok"]
    assert result["error"]["message"] == \
        "grand_archive has no locations: a card in field takes no at:"


def _battleline(line: str) -> str:
    return _yaml("keyforge", f"cards: [{KEYFORGE_EXTRA}]\nsetup:\n  alice:\n"
                             f"    battleline: {line}\n")


@pytest.mark.parametrize("line,needle,words", [
    ("[{card: Duelist, at: 3}, {card: Martyr, at: 1}]", "3}",
     "3 is no position in a battleline of 2 creatures"),
    ("[{card: Duelist, at: 0}]", "0}", "0 is no position in a battleline of 1 creature"),
    ("[{card: Duelist, at: 1}, {card: Martyr, at: 1}]", "1}",
     "two creatures at position 1 of the battleline"),
    ("[{card: Duelist, at: 2}, Martyr]", "Martyr", "this creature has no at: while others"),
    ("[{card: Duelist, region: left}]", "left", "KeyForge has no regions"),
])
def test_keyforge_battleline_positions_are_checked(line, needle, words):
    """Positions run 1..number of creatures, each once, for every creature or none."""
    text = _battleline(line)
    result = _run(text)
    assert not result["ok"]
    assert words in result["error"]["message"]
    nth = 2 if "two creatures" in words else 1
    got, want = _at(result["error"], text, needle, nth)
    assert got == want


def test_keyforge_positions_in_range_order_the_battleline():
    """Legal positions place the creatures, left flank first."""
    result = _run(_battleline("[{card: Duelist, at: 2}, {card: Martyr, at: 1}]") +
                  "actions:\n  - {player: alice, choose_house: brobnar}\n")
    assert result["ok"], result["error"]
    assert result["state"]["players"]["alice"]["zones"]["battleline"] == ["Martyr", "Duelist"]


def test_an_artifact_has_no_position():
    """`at:` on a KeyForge artifact is an error: only creatures stand in the battleline."""
    result = _run(_yaml("keyforge", f"cards: [{KEYFORGE_EXTRA}]\nsetup:\n  alice:\n"
                                    "    artifacts: [{card: Dawn Bell, at: 1}]\n"))
    assert result["error"]["message"] == "an artifact in artifacts has no position of its own"


def test_scenario_package_names_no_game():
    """scenario/ holds no game's name: the places it checks come from the ruleset's hook."""
    words = ["sorcery", "grand_archive", "mage_noir", "keyforge", "everrain", "realm",
             "battleline", "aember", "firebolts", "lady iseult", "summer river"]
    for path in (ROOT / "src/cardscript/scenario").glob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        assert [w for w in words if w in text] == [], path.name


# --- 8.11: ids ------------------------------------------------------------------------------

def test_two_setup_cards_with_one_id_is_an_error_at_the_second():
    """Two `id: x` in the setup: an error at the second, naming the line of the first."""
    text = _yaml("sorcery", """\
        setup:
          alice:
            hand: [{card: Firebolts, id: fb}]
          bob:
            hand: [{card: Firebolts, id: fb}]
        """)
    err = _load_error(text)
    assert err.message == "two cards of the setup have the id 'fb'"
    assert "the first is on line 6" in err.hint
    got, want = _at(err, text, "fb", 2)
    assert got == want


def test_an_id_taken_by_another_cards_name_is_an_error():
    """`id: Firebolts` on a second card, when a Firebolts already took that id: an error."""
    text = _yaml("sorcery", """\
        setup:
          alice:
            hand: [Firebolts, {card: Lady Iseult, id: Firebolts}]
        """)
    result = _run(text)
    assert not result["ok"]
    assert result["error"]["message"] == \
        "the id 'Firebolts' is already the id of another card of the setup"
    got, want = _at(result["error"], text, "Firebolts}")
    assert got == want


def test_distinct_ids_keep_every_card():
    """Cards with their own ids all reach the state (none vanishes)."""
    result = _run(_yaml("sorcery", "setup:\n  alice:\n    hand: [{card: Firebolts, id: a}, "
                                   "{card: Firebolts, id: b}, Firebolts]\n"))
    assert sorted(c["id"] for c in result["state"]["cards"]) == ["Firebolts", "a", "b"]


# --- 8.12: order answers --------------------------------------------------------------------

ORDER = f"""\
cards: [{KEYFORGE_EXTRA}]
setup:
  alice:
    battleline: [Seed Reaper]
    artifacts: [Harvest Bell, Watchful Eye]
actions:
  - {{player: alice, choose_house: untamed}}
  - {{player: alice, reap: Seed Reaper}}
choices:
  - {{player: alice, kind: order, answer: %s}}
"""


@pytest.mark.parametrize("answer,needle,words", [
    ("[Watchful Eye]", "[Watchful Eye]",
     "alice's order answer names 1 of the 3 items; it leaves out Seed Reaper, Harvest Bell"),
    ("[]", "[]", "alice's order answer names none of the 3 items"),
    ("Watchful Eye", "Watchful Eye}",
     "an order answer is a list naming each of the 3 items, got 'Watchful Eye'"),
    ("[Watchful Eye, Watchful Eye, Seed Reaper]", "Watchful Eye, Seed",
     "'Watchful Eye' is named 2 times in alice's order answer, but 1 of the items is"),
    ("[Watchful Eye, Seed Reaper, Harvest Bell, Seed Reaper]", "[Watchful",
     "alice's order answer names 4 items, but there are only 3 to order"),
    ("[Watchful Eye, Seed Reaper, Harvest Bel]", "Harvest Bel]",
     "'Harvest Bel' is not a legal answer to alice's order question"),
])
def test_an_order_answer_names_every_item_once(answer, needle, words):
    """Some, none, a bare name, a duplicate, too many, a typo: each a precise S302 error at
    the answer (or its item) listing every legal answer."""
    text = _yaml("keyforge", ORDER % answer)
    result = _run(text)
    assert not result["ok"]
    e = result["error"]
    assert e["code"] == "S302" and words in e["message"]
    assert "legal answers: Seed Reaper, Harvest Bell, Watchful Eye" in e["hint"]
    got, want = _at(e, text, needle)
    assert got == want


def test_a_typo_in_an_order_answer_gets_a_suggestion():
    """A near miss of a legal answer gets a did-you-mean."""
    result = _run(_yaml("keyforge", ORDER % "[Watchful Eye, Seed Reaper, Harvest Bel]"))
    assert result["error"]["hint"].startswith("did you mean 'Harvest Bell'?")


def test_a_full_order_answer_is_followed():
    """Every item named once: the effects resolve in that order."""
    result = _run(_yaml("keyforge", ORDER % "[Harvest Bell, Seed Reaper, Watchful Eye]"))
    assert result["ok"], result["error"]
    sources = [e["source"] for e in result["trace"] if e["kind"] in ("triggered", "reap_effect")]
    assert sources == ["Harvest Bell", "Seed Reaper", "Watchful Eye"]


# --- 8.10: expect.error and what `test` counts ---------------------------------------------

OK_RUN = _yaml("sorcery", "setup:\n  alice:\n    life: 20\n")
BAD_RUN = _yaml("sorcery", "actions:\n  - {player: alice, cast: Firebolts}\n")


def test_an_expected_error_on_a_run_that_succeeds_fails():
    """`expect: {error: X}` on a run that finishes is a failure, not a pass."""
    problems = check({"error": "unknown card"}, _run(OK_RUN))
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
    result = _run(BAD_RUN)
    assert result["error"]["code"] == "S201", result["error"]
    assert (check({"error": want}, result) == []) is ok


def test_an_expected_error_also_checks_the_trace_before_it():
    """Next to `error:`, the `state:` of the block is checked against where the run stopped."""
    result = _run(BAD_RUN)
    assert check({"error": "S201", "state": {"alice.life": 20}}, result) == []
    assert check({"error": "S201", "state": {"alice.life": 3}}, result) == [
        "state alice.life: expected 3, got 20"]


@pytest.mark.parametrize("expect", [None, {}, {"trace": [], "state": {}}])
def test_a_scenario_that_checks_nothing_is_not_a_pass(expect):
    """No expect, or one that names nothing: 'nothing to check', neither passed nor failed."""
    assert verdict(expect, _run(OK_RUN)) == (UNCHECKED, [])
    assert verdict(expect, _run(BAD_RUN))[0] == FAILED
    assert verdict({"state": {"alice.life": 20}}, _run(OK_RUN)) == (PASSED, [])


def test_the_test_command_fails_on_a_scenario_with_nothing_to_check(tmp_path, cli):
    """`cardscript test` names it, counts it apart from passed, and exits 1."""
    _write(tmp_path, "a.yaml", OK_RUN + "expect:\n  state:\n    alice.life: 20\n")
    _write(tmp_path, "b.yaml", OK_RUN)
    status, out, _ = cli("test", str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml"))
    assert status == 1
    assert f"NOTHING TO CHECK {tmp_path / 'b.yaml'}: case" in out
    assert out.splitlines()[-1] == "1 passed, 0 failed, 1 with nothing to check"


def test_the_test_command_fails_an_error_scenario_whose_error_is_gone(tmp_path, cli):
    """An error scenario that now runs clean is reported FAIL and the command exits 1."""
    path = _write(tmp_path, "e.yaml", OK_RUN + "expect:\n  error: S206\n")
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
    assert words in _load_error(OK_RUN + f"expect:\n  error: {value}\n").message


# --- 9.12: what `expect` reads of a card ----------------------------------------------------

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
    before = _run(_yaml("keyforge", WARD))["state"]["cards"]
    assert {c["id"]: c["ward"] for c in before} == {"Spiked Brute": False, "Iron Ward": True,
                                                   "Veiled Sentry": False}
    after = _run(_yaml("keyforge", WARD + "  - {player: alice, fight: Spiked Brute, "
                                          "target: Iron Ward}\n"))
    assert any("prevented by its ward" in d for e in after["trace"] for d in e["did"])
    iron = next(c for c in after["state"]["cards"] if c["id"] == "Iron Ward")
    assert (iron["ward"], iron["damage"], iron["armor"], iron["power"]) == (False, 3, 2, 4)


def test_expect_reads_keywords_ward_armor_power_and_counters():
    """card.X.keywords / ward / armor / power / counters.NAME are readable state paths."""
    result = _run(_yaml("keyforge", WARD))
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
    from cardscript.scenario.loader import load_scenario
    result = run_scenario(load_scenario(path))
    granted = [c for c in result["state"]["cards"] if "airborne" in c["keywords"]]
    printed = {"Plumed Pegasus"}
    assert {c["name"] for c in granted} - printed, result["state"]["cards"]


def test_an_unknown_card_field_is_an_error_naming_the_fields():
    """card.X.atk fails with a did-you-mean and the list of fields, never reads as None."""
    result = _run(_yaml("keyforge", WARD))
    [problem] = check({"state": {"card.Iron Ward.armr": 2}}, result)
    assert problem.startswith("state card.Iron Ward.armr: card 'Iron Ward' has no field "
                              "'armr'; did you mean 'armor'? fields: id, name, owner")
    assert "keywords" in problem and "ward" in problem
    [problem] = check({"state": {"card.Iron Ward.at.x": 1}}, result)
    assert problem == "state card.Iron Ward.at.x: card 'Iron Ward': at has no part 'x'"


def test_an_unknown_player_zone_or_counter_gets_a_suggestion():
    """alice.lif: no zone or counter, did you mean 'life'?"""
    [problem] = check({"state": {"alice.lif": 20}}, _run(OK_RUN))
    assert "alice has no zone or counter 'lif'; did you mean 'life'?" in problem


def test_an_unknown_trace_field_is_an_error_even_under_absent():
    """`absent: [{sorce: X}]` would always hold; an unknown field is reported instead."""
    [problem] = check({"absent": [{"sorce": "Firebolts"}]}, _run(OK_RUN))
    assert "no field 'sorce'; did you mean 'source'?" in problem
