"""Scenario setup values are checked where they stand: types, ranges, places, duplicate ids."""

from __future__ import annotations

import json

import pytest

from scenario_text import (KEYFORGE_EXTRA, ROOT, error_of, load_error, run, scenario_yaml, where,
                           write)


# --- values YAML reads but a scenario cannot use -------------------------------------------------

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
    text = scenario_yaml("sorcery", REALM % value)
    err = load_error(text)
    assert words in err.message
    got, want = where(err, text, needle)
    assert got == want


@pytest.mark.parametrize("value", ["at: .inf", "at: 2024-01-01", "at: 8, id: !!binary aGVsbG8=",
                                   "at: true", "at: 27"])
def test_run_json_prints_the_contract_for_a_bad_setup_value(tmp_path, cli, value):
    """`run --json` prints the JSON contract (ok false, an error object), never a traceback."""
    path = write(tmp_path, "s.yaml", scenario_yaml("sorcery", REALM % value))
    status, out, err = cli("run", path, "--json")
    assert status == 1 and "Traceback" not in err
    data = json.loads(out)
    assert set(data) >= {"scenario", "ruleset", "ok", "error", "trace", "state", "warnings"}
    assert data["ok"] is False
    e = data["error"]
    assert e["kind"] == "scenario" and e["code"].startswith("S") and e["line"] == 7
    assert e["message"] and e["file"] == path


ODD_VALUES = ["true", "8.5", ".inf", "-1", "2024-01-01", "!!binary aGVsbG8=", "[]", "{}",
              "99999999999999999999999"]
ENTRY_KEYS = ["at", "id", "region", "controller", "carried_by", "attached_to", "tapped", "damage",
              "power", "armor", "ward", "counters", "flooded", "house", "card"]


@pytest.mark.parametrize("ruleset,zone,card", [("sorcery", "realm", "Bottomless Pit"),
                                               ("keyforge", "battleline", "Duelist")])
def test_no_setup_value_gives_a_traceback(tmp_path, cli, ruleset, zone, card):
    """Every card-entry key with every odd value: `run --json` prints the contract, exit 0/1."""
    path = tmp_path / "s.yaml"
    for key in ENTRY_KEYS:
        for value in ODD_VALUES:
            entry = f"{{card: {value}}}" if key == "card" else \
                f"{{card: {card}, {key}: {value}}}"
            path.write_text(scenario_yaml(ruleset, f"setup:\n  alice:\n    {zone}: [{entry}]\n"
                                                   f"    life: {value}\n"), encoding="utf-8")
            status, out, err = cli("run", str(path), "--json")
            assert "Traceback" not in err and status in (0, 1), (key, value, err)
            assert json.loads(out)["ok"] is (status == 0), (key, value)


@pytest.mark.parametrize("ruleset,counter,start", [("keyforge", "aember", 0),
                                                   ("sorcery", "life", 20)])
def test_a_counter_left_empty_is_an_error_at_its_key(ruleset, counter, start):
    """`aember:` / `life:` with no number is an error naming the counter and its start value."""
    text = scenario_yaml(ruleset, f"setup:\n  alice:\n    {counter}:\n")
    err = load_error(text)
    assert err.message == f"alice.{counter} is left empty: a counter needs a number"
    assert f"start at {start}" in err.hint
    got, want = where(err, text, f"{counter}:")
    assert got == want


def test_a_zone_left_empty_is_an_empty_zone():
    """`hand:` with nothing after it is an empty hand, in a player's setup and a shared one."""
    result = run(scenario_yaml("sorcery", "setup:\n  alice:\n    hand:\n  shared:\n    pile:\n"))
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
    assert words in load_error(scenario_yaml("sorcery", body)).message


# --- where a setup card stands -------------------------------------------------------------------

@pytest.mark.parametrize("at,words", [
    ("99", "99 is not a square of the realm"),
    ("27", "27 is not a square of the realm"),
    ("0", "0 is not a square of the realm"),
    ("true", "at: must be a location (a whole number, or a name), not true"),
    ("8.5", "not 8.5"),
])
def test_a_sorcery_setup_square_is_checked_at_the_value(at, words):
    """`at:` off the 1-20 grid, true (not square 1) or 8.5 (not square 8) is an error at it."""
    text = scenario_yaml("sorcery", REALM % f"at: {at}") + \
        "actions:\n  - {player: alice, pass: true}\n"
    err = error_of(text)
    assert words in err["message"]
    got, want = where(err, text, f"at: {at}")
    assert got == (want[0], want[1] + 4)         # the value, not the key or a later action


def test_a_sorcery_realm_card_with_no_square_is_an_error_at_its_entry():
    """A realm card set up with no `at:` is S008 at its entry (it would stand nowhere)."""
    text = scenario_yaml("sorcery", REALM % "damage: 0") + \
        "actions:\n  - {player: alice, pass: true}\n"
    err = error_of(text)
    assert err["code"] == "S008" and "needs at:" in err["message"]
    got, want = where(err, text, "{card: Bottomless Pit")
    assert got[0] == want[0]


def test_a_carried_sorcery_card_needs_no_square():
    """A card carried_by another stands on its carrier's square, with no `at:` of its own."""
    text = scenario_yaml("sorcery", REALM % "at: 8, id: pit").replace(
        "      - {card: Bottomless Pit, at: 8, id: pit}\n",
        "      - {card: Azuridge Caravan, id: caravan, at: 8}\n"
        "      - {card: Ring of Morrigan, carried_by: caravan}\n")
    result = run(text)
    assert result["ok"] and [c["at"] for c in result["state"]["cards"]] == [8, 8]


def test_a_square_given_as_its_digits_is_that_square():
    """`at: "8"` is square 8, as in an action's `at:`."""
    result = run(scenario_yaml("sorcery", REALM % 'at: "8"'))
    assert result["ok"] and result["state"]["cards"][0]["at"] == 8


def test_an_action_location_that_is_true_is_an_error_at_it():
    """An action's `at: true` is an error when the file loads, not square 1."""
    text = scenario_yaml("sorcery", """\
        setup:
          alice:
            hand: [Red Desert]
        actions:
          - {player: alice, cast: Red Desert, at: true}
        """)
    err = load_error(text)
    assert err.message == "at: must be a location (a whole number, or a name), not true"
    got, want = where(err, text, "true")
    assert got == want


@pytest.mark.parametrize("entry,key,words", [
    ("{card: Bottomless Pit, at: 3, region: undrwater}", "undrwater", "unknown region"),
])
def test_an_unknown_sorcery_region_is_an_error_with_a_suggestion(entry, key, words):
    """`region:` must be one of the realm's regions; a near miss gets a did-you-mean."""
    text = scenario_yaml("sorcery", f"setup:\n  alice:\n    realm:\n      - {entry}\n")
    result = run(text)
    assert words in result["error"]["message"]
    assert result["error"]["hint"].startswith("did you mean 'underwater'?")
    got, want = where(result["error"], text, key)
    assert got == want


def test_a_place_for_a_card_not_in_play_is_anerror_of():
    """`at:` on a card in hand is an error at the value (only cards in play stand somewhere)."""
    text = scenario_yaml("sorcery", "setup:\n  alice:\n    hand: [{card: Firebolts, at: 3}]\n")
    err = load_error(text)
    assert err.message == "at: places a card in play; a card in hand has no place there"
    assert "realm" in err.hint


def test_a_game_without_locations_refuseswhere():
    """A ruleset that declares no places (Grand Archive) refuses `at:` on a card in play."""
    result = run(scenario_yaml("grand_archive", """\
        setup:
          alice:
            field: [{card: Ember Squire, at: 2}]
        """))
    assert not result["ok"]
    assert result["error"]["message"] == \
        "grand_archive has no locations: a card in field takes no at:"


def _battleline(line: str) -> str:
    return scenario_yaml("keyforge", f"cards: [{KEYFORGE_EXTRA}]\nsetup:\n  alice:\n"
                             f"    battleline: {line}\n")


@pytest.mark.parametrize("line,needle,words", [
    ("[{card: Duelist, at: 3}, {card: Martyr, at: 1}]", "3}",
     "3 is no position in a battleline of 2 creatures"),
    ("[{card: Duelist, at: 0}]", "0}", "0 is no position in a battleline of 1 creature"),
    ("[{card: Duelist, at: 1}, {card: Martyr, at: 1}]", "1}",
     "two creatures at position 1 of the battleline"),
    ("[{card: Duelist, at: 2}, Martyr]", "Martyr", "this creature has no at: while others"),
])
def test_keyforge_battleline_positions_are_checked(line, needle, words):
    """Positions run 1..number of creatures, each once, for every creature or none."""
    text = _battleline(line)
    result = run(text)
    assert not result["ok"]
    assert words in result["error"]["message"]
    nth = 2 if "two creatures" in words else 1
    got, want = where(result["error"], text, needle, nth)
    assert got == want


def test_keyforge_refuses_a_region_at_the_key():
    """`region:` in a KeyForge setup is refused where it is written: the game has none."""
    text = _battleline("[{card: Duelist, region: left}]")
    err = load_error(text)
    assert "KeyForge has no regions" in err.message and err.hint == "remove region:"
    got, want = where(err, text, "region:")
    assert got == want


def test_keyforge_positions_in_range_order_the_battleline():
    """Legal positions place the creatures, left flank first."""
    result = run(_battleline("[{card: Duelist, at: 2}, {card: Martyr, at: 1}]") +
                  "actions:\n  - {player: alice, choose_house: brobnar}\n")
    assert result["ok"], result["error"]
    assert result["state"]["players"]["alice"]["zones"]["battleline"] == ["Martyr", "Duelist"]


def test_an_artifact_has_no_position():
    """`at:` on a KeyForge artifact is an error: only creatures stand in the battleline."""
    result = run(scenario_yaml("keyforge", f"cards: [{KEYFORGE_EXTRA}]\nsetup:\n  alice:\n"
                                    "    artifacts: [{card: Dawn Bell, at: 1}]\n"))
    assert result["error"]["message"] == "an artifact in artifacts has no position of its own"


def test_scenario_package_names_no_game():
    """scenario/ holds no game's name: the places it checks come from the ruleset's hook."""
    words = ["sorcery", "grand_archive", "mage_noir", "keyforge", "everrain", "realm",
             "battleline", "aember", "firebolts", "lady iseult", "summer river"]
    for path in (ROOT / "src/cardscript/scenario").glob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        assert [w for w in words if w in text] == [], path.name


# --- ids -----------------------------------------------------------------------------------------

def test_two_setup_cards_with_one_id_is_an_error_at_the_second():
    """Two `id: x` in the setup: an error at the second, naming the line of the first."""
    text = scenario_yaml("sorcery", """\
        setup:
          alice:
            hand: [{card: Firebolts, id: fb}]
          bob:
            hand: [{card: Firebolts, id: fb}]
        """)
    err = load_error(text)
    assert err.message == "two cards of the setup have the id 'fb'"
    assert "the first is on line 6" in err.hint
    got, want = where(err, text, "fb", 2)
    assert got == want


def test_an_id_taken_by_another_cards_name_is_anerror_of():
    """`id: Firebolts` on a second card, when a Firebolts already took that id: an error."""
    text = scenario_yaml("sorcery", """\
        setup:
          alice:
            hand: [Firebolts, {card: Lady Iseult, id: Firebolts}]
        """)
    result = run(text)
    assert not result["ok"]
    assert result["error"]["message"] == \
        "the id 'Firebolts' is already the id of another card of the setup"
    got, want = where(result["error"], text, "Firebolts}")
    assert got == want


def test_distinct_ids_keep_every_card():
    """Cards with their own ids all reach the state (none vanishes)."""
    result = run(scenario_yaml("sorcery", "setup:\n  alice:\n    hand: [{card: Firebolts, id: a}, "
                                   "{card: Firebolts, id: b}, Firebolts]\n"))
    assert sorted(c["id"] for c in result["state"]["cards"]) == ["Firebolts", "a", "b"]




# --- keys nothing would read -----------------------------------------------------------------

@pytest.mark.parametrize("body,needle,words", [
    ("actions:\n  - {player: alice, cast: Firebolts, x: 3}\n", "x:", "an action takes no x: key"),
    ("actions:\n  - {player: alice, cast: Firebolts, mode: 2}\n", "mode:",
     "an action takes no mode: key"),
])
def test_a_key_nothing_reads_is_an_error_at_it(body, needle, words):
    """`x:` / `mode:` on an action are errors at the key, not accepted and ignored."""
    text = scenario_yaml("sorcery", body)
    err = load_error(text)
    assert words in err.message and err.hint.startswith(f"remove {needle}")
    got, want = where(err, text, needle)
    assert got == want


def test_a_key_the_ruleset_refuses_is_an_error_at_it():
    """KeyForge refuses `house:` on a card entry (the header decides) with its own words."""
    text = scenario_yaml("keyforge", f"cards: [{KEYFORGE_EXTRA}]\nsetup:\n  alice:\n"
                                     "    hand: [{card: Duelist, house: brobnar}]\n")
    err = load_error(text)
    assert "a card entry takes no house: key" in err.message
    assert err.hint.startswith("remove house:")
    got, want = where(err, text, "house:")
    assert got == want


def test_a_key_no_game_declares_is_an_unknown_key():
    """`house:` in a Sorcery setup is an unknown card-entry key, not KeyForge's refusal."""
    err = load_error(scenario_yaml("sorcery", "setup:\n  alice:\n"
                                              "    hand: [{card: Firebolts, house: x}]\n"))
    assert "house" in err.message and "header" not in err.message
