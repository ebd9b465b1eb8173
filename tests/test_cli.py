"""The command line: help with examples, run (text, JSON, HTML), test, explain, check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import ROOT

MARINER = str(ROOT / "cards/sorcery/scenarios/mariners_curse_sinks_the_apprentice_wizard.yaml")


@pytest.mark.parametrize("argv", [["--help"], ["check", "--help"], ["run", "--help"],
                                  ["test", "--help"], ["explain", "--help"]])
def test_help_explains_with_an_example(cli, argv):
    """`cardscript --help` and each command's --help show an example."""
    status, out, _ = cli(*argv)
    assert status == 0
    assert "example" in out


def test_no_command_prints_help_and_fails(cli):
    """Bare `cardscript` prints usage and exits 1."""
    status, out, _ = cli()
    assert status == 1 and "usage" in out


def test_run_prints_the_storyline(cli):
    """`run` prints DONE/IGNORED lines, split parts indented."""
    status, out, _ = cli("run", MARINER)
    assert status == 0
    lines = out.splitlines()
    assert any(l.startswith("IGNORED: Apprentice Wizard (genesis)") for l in lines)
    assert any(l.startswith("    DONE: Mariner's Curse") for l in lines)


def test_run_json_has_the_contract_fields(cli):
    """`run --json` prints the docs/scenarios.md object with every required field."""
    status, out, _ = cli("run", MARINER, "--json")
    assert status == 0
    data = json.loads(out)
    assert {"scenario", "ruleset", "ok", "error", "trace", "state"} <= set(data)
    entry = data["trace"][0]
    assert {"id", "status", "kind", "source", "source_id", "controller", "text", "parent",
            "subject", "from", "to"} <= set(entry)
    assert {"active", "players", "shared", "cards"} <= set(data["state"])
    card = data["state"]["cards"][0]
    assert {"id", "name", "owner", "controller", "zone", "at", "region", "damage"} <= set(card)


def test_run_is_byte_for_byte_deterministic(cli):
    """The same scenario gives the same JSON twice."""
    assert cli("run", MARINER, "--json")[1] == cli("run", MARINER, "--json")[1]


def test_run_html(cli, tmp_path):
    """`run --html FILE` writes a page of the storyline."""
    page = tmp_path / "trace.html"
    status, _, _ = cli("run", MARINER, "--html", str(page))
    assert status == 0
    assert "IGNORED" in page.read_text(encoding="utf-8")


def test_test_command_closes_with_counts(cli):
    """`test` ends with 'N passed, N failed' and exits 0 when all pass."""
    status, out, _ = cli("test", MARINER)
    assert status == 0
    assert out.strip().splitlines()[-1] == "1 passed, 0 failed"


def test_test_command_reports_what_differed(cli, tmp_path):
    """A failing expectation is named with the nearest actual entries; exit 1."""
    text = (
        "name: a wrong expectation\n"
        "ruleset: sorcery\n"
        "players: [alice, bob]\n"
        "setup:\n"
        "  alice:\n"
        "    hand: [Apprentice Wizard]\n"
        "    spellbook: [Firebolts]\n"
        "    realm: [{card: Summer River, at: 8}]\n"
        "actions:\n"
        "  - {player: alice, cast: Apprentice Wizard, at: 8}\n"
        "expect:\n"
        "  trace:\n"
        "    - {source: Apprentice Wizard, kind: genesis, status: ignored}\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    status, out, _ = cli("test", str(bad))
    assert status == 1
    assert "not found" in out and "nearest" in out
    assert out.strip().splitlines()[-1] == "0 passed, 1 failed"


def test_explain_shows_hooks_and_splits(cli):
    """`explain` prints what a hook listens to and where an event splits."""
    status, out, _ = cli("explain", "Bottomless Pit", "--ruleset", "sorcery")
    assert status == 0
    assert "listens to: 'enter'" in out
    status, out, _ = cli("explain", "Firebolts")
    assert "splits between repetitions" in out
    status, out, _ = cli("explain", "Brother Knight")
    assert "no split until the search and its shuffle complete" in out


def test_explain_a_when_this_dies_trigger_watches_itself(cli, tmp_path):
    """A hook on the card's own happening (`self_card`: "whenever this dies") watches itself."""
    card = tmp_path / "moth.cards"
    card.write_text('# ruleset: sorcery\ncard "Grave Moth": minion, cost 1, power 1\n'
                    '  Whenever this dies, you gain 2 life.\n', encoding="utf-8")
    status, out, _ = cli("explain", str(card))
    assert status == 0
    assert "watching itself (as the happening's card)" in out
    assert "any matching card" not in out


def test_check_the_pool(cli):
    """`check` compiles the whole bundled pool without a diagnostic."""
    status, out, err = cli("check", str(ROOT / "cards/sorcery"))
    assert status == 0, err
    assert out.splitlines()[-1].startswith("ok:")
    assert "pool.cards: sorcery (from its folder)" in out


def test_only_the_active_player_ends_the_turn(tmp_path, cli):
    """A player who is not active cannot end the turn (S206, located); end_turn: false is no
    action either. The rule is the engine's, so every ruleset has it."""
    base = ("name: t\nruleset: sorcery\nplayers: [alice, bob]\nactions:\n")
    for act, words in (("  - {player: bob, end_turn: true}\n", "only alice can end it"),
                       ("  - {player: alice, end_turn: false}\n", "end_turn: false is no action")):
        path = tmp_path / "t.yaml"
        path.write_text(base + act, encoding="utf-8")
        code, out, err = cli("run", str(path))
        assert code == 1
        assert "error[S206]" in err and words in err
        assert f"{path}:5:" in err


SCENARIOS = ROOT / "cards/sorcery/scenarios"
KEYFORGE_CARD = ('card "Toll Taker": creature, house brobnar, power 3\n'
                 "  Play: your opponent loses 1 aember.\n")
SORCERY_CARD = 'card "Hearth Mote": minion, cost 1, power 1\n  Genesis → Draw a spell.\n'
CI_YAML = "name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n"


def _scenario_text(name="a scenario of my own") -> str:
    return (f"name: {name}\nruleset: sorcery\nplayers: [alice, bob]\n"
            "setup:\n  alice:\n    hand: [Apprentice Wizard]\n"
            "    realm: [{card: Summer River, at: 8}]\n"
            "actions:\n  - {player: alice, cast: Apprentice Wizard, at: 8}\n"
            "expect:\n  state:\n    alice.hand: []\n")


def test_test_collects_from_inside_a_scenarios_folder(cli, monkeypatch):
    """`cd cards/sorcery/scenarios && cardscript test .` runs every scenario there."""
    monkeypatch.chdir(SCENARIOS)
    status, out, err = cli("test", ".")
    assert status == 0, out + err
    total = len([p for p in SCENARIOS.rglob("*.yaml")])
    assert out.strip().splitlines()[-1] == f"{total} passed, 0 failed"


def test_test_collects_under_any_folder_and_counts_skipped_yaml(cli, tmp_path):
    """Scenarios under a folder of any name are found; other YAML is skipped and counted."""
    (tmp_path / "mine" / "deep").mkdir(parents=True)
    (tmp_path / "mine" / "deep" / "one.yml").write_text(_scenario_text(), encoding="utf-8")
    (tmp_path / "ci.yml").write_text(CI_YAML, encoding="utf-8")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "x.yaml").write_text(_scenario_text("hidden"), encoding="utf-8")
    status, out, _ = cli("test", str(tmp_path))
    assert status == 0
    lines = out.strip().splitlines()
    assert lines[-1] == "1 passed, 0 failed"
    assert lines[-2].startswith("skipped 1 YAML file(s) that are not scenarios") and \
        "ci.yml" in lines[-2]


def test_test_without_scenarios_says_so_and_fails(cli, tmp_path):
    """A folder with no scenario file is an error (exit 1), not '0 passed, 0 failed'."""
    (tmp_path / "ci.yml").write_text(CI_YAML, encoding="utf-8")
    status, out, err = cli("test", str(tmp_path))
    assert status == 1 and out == ""
    assert "error[E003]: no scenario files found" in err
    assert "1 YAML file(s) there are not scenarios" in err


def test_test_a_missing_path_fails(cli):
    """A path that does not exist is an error naming it, even beside good scenarios."""
    status, out, err = cli("test", MARINER, "no/such/folder")
    assert status == 1
    assert "error[E001]: no such file or folder: no/such/folder" in err
    assert out.strip().splitlines()[-1] == "1 passed, 0 failed"


def test_test_format_json(cli):
    """`test --format json` prints counts and one object a scenario."""
    status, out, _ = cli("test", MARINER, "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["ok"] is True and (data["passed"], data["failed"]) == (1, 0)
    assert data["scenarios"][0]["file"] == MARINER and data["scenarios"][0]["ok"] is True
    assert data["scenarios"][0]["ruleset"] == "sorcery" and data["skipped"] == []


def test_check_the_whole_cards_folder_is_clean(cli):
    """`check cards/` reads each file under its own ruleset and says which: no diagnostic."""
    status, out, err = cli("check", str(ROOT / "cards"))
    assert status == 0, err
    for game in ("sorcery", "keyforge", "grand_archive", "mage_noir", "everrain"):
        assert f"cards/{game}/pool.cards: {game} (from its folder)" in out
        assert f"cards/{game}/scenarios/cards/extra.cards: {game} (from its folder)" in out


def test_check_a_mixed_folder_by_ruleset_line(cli, tmp_path):
    """A folder mixing games checks clean when each file names its ruleset; JSON says so."""
    (tmp_path / "tolls.cards").write_text("# ruleset: keyforge\n" + KEYFORGE_CARD,
                                          encoding="utf-8")
    (tmp_path / "motes.cards").write_text(SORCERY_CARD, encoding="utf-8")
    status, out, err = cli("check", str(tmp_path), "--format", "json")
    assert status == 0, out + err
    files = {Path(f["file"]).name: (f["ruleset"], f["ruleset_from"])
             for f in json.loads(out)["files"]}
    assert files == {"tolls.cards": ("keyforge", "header"),
                     "motes.cards": ("sorcery", "default")}
    status, out, _ = cli("check", str(tmp_path))
    assert "motes.cards: sorcery (assumed: nothing names a ruleset)" in out
    assert "tolls.cards: keyforge (from its ruleset line)" in out


def test_check_uses_the_option_when_the_file_names_no_ruleset(cli, tmp_path):
    """--ruleset reads a file that names none; without it the file is read as Sorcery."""
    card = tmp_path / "tolls.cards"
    card.write_text(KEYFORGE_CARD, encoding="utf-8")
    assert cli("check", str(card))[0] == 1
    status, out, err = cli("check", str(card), "--ruleset", "keyforge")
    assert status == 0, err
    assert "tolls.cards: keyforge (from --ruleset)" in out


def test_check_the_folder_comes_before_the_option(cli, tmp_path):
    """A folder named after a ruleset decides before --ruleset does."""
    folder = tmp_path / "keyforge"
    folder.mkdir()
    (folder / "tolls.cards").write_text(KEYFORGE_CARD, encoding="utf-8")
    status, out, err = cli("check", str(folder), "--ruleset", "sorcery")
    assert status == 0, err
    assert "tolls.cards: keyforge (from its folder)" in out


def test_an_unknown_ruleset_line_is_a_located_error(cli, tmp_path):
    """`# ruleset: keyforj` is E002 at the name, with the line, a caret and a did-you-mean."""
    card = tmp_path / "tolls.cards"
    card.write_text("# ruleset: keyforj\n" + KEYFORGE_CARD, encoding="utf-8")
    status, _, err = cli("check", str(card))
    assert status == 1
    assert f"{card}:1:12: error[E002]: unknown ruleset 'keyforj'" in err
    assert "  # ruleset: keyforj\n             ^^^^^^^\n" in err
    assert "did you mean 'keyforge'?" in err


def test_scenario_cards_written_for_another_ruleset_are_an_error(cli, tmp_path):
    """A scenario's `cards:` file whose ruleset line names another game is E002, located."""
    (tmp_path / "tolls.cards").write_text("# ruleset: keyforge\n" + KEYFORGE_CARD,
                                          encoding="utf-8")
    sc = tmp_path / "s.yaml"
    sc.write_text(_scenario_text().replace("players:", "cards: [tolls.cards]\nplayers:"),
                  encoding="utf-8")
    status, _, err = cli("run", str(sc))
    assert status == 1
    assert "tolls.cards:1:12: error[E002]: tolls.cards is written for 'keyforge'" in err


def test_version(cli):
    """`cardscript --version` prints the package's version."""
    from cardscript.version import __version__
    status, out, _ = cli("--version")
    assert status == 0 and out.strip() == f"cardscript {__version__}"


@pytest.mark.parametrize("argv", [
    ["check", "docs/examples/tour/ember_imp.cards"],
    ["run", "docs/examples/tour/ember_imp.yaml"],
    ["test", "docs/examples/tour/ember_imp.yaml"],
    ["explain", "docs/examples/tour/ember_imp.cards"],
    ["explain", "Firebolts"]])
def test_every_command_takes_format_json(cli, monkeypatch, argv):
    """Each command prints one JSON object with `ok` under --format json."""
    monkeypatch.chdir(ROOT)
    status, out, _ = cli(*argv, "--format", "json")
    assert status == 0
    assert json.loads(out)["ok"] is True


def test_run_json_is_format_json(cli):
    """`run --json` (the public short form) prints exactly what `--format json` prints."""
    assert cli("run", MARINER, "--json")[1] == cli("run", MARINER, "--format", "json")[1]


def test_json_output_when_a_command_cannot_start(cli):
    """Under --format json an error before any work is still one JSON object (and exit 1)."""
    status, out, err = cli("explain", "Firebolt", "--format", "json")
    assert status == 1
    data = json.loads(out)
    assert data["ok"] is False and data["error"]["code"] == "E202"
    assert "did you mean 'Firebolts'?" in err


def test_explain_a_whole_file(cli, tmp_path):
    """`explain FILE.cards` explains every card of the file, under the file's ruleset."""
    card = tmp_path / "cards.cards"
    card.write_text("# ruleset: keyforge\n" + KEYFORGE_CARD +
                    '\ncard "Toll Keeper": creature, house brobnar, power 2\n', encoding="utf-8")
    status, out, _ = cli("explain", str(card))
    assert status == 0
    assert out.startswith('"Toll Taker": creature, power 3')
    assert '\n\n"Toll Keeper": creature, power 2' in out
    data = json.loads(cli("explain", str(card), "--format", "json")[1])
    assert data["ruleset"] == "keyforge"
    assert [c["name"] for c in data["cards"]] == ["Toll Taker", "Toll Keeper"]
    ability = data["cards"][0]["abilities"][0]
    assert ability["happening"] == "play" and \
        "your opponent loses 1 aember  (lose aember)" in ability["explanation"][-1]


def test_explain_a_missing_file(cli):
    """`explain nothing.cards` is E001, not an unknown card."""
    status, _, err = cli("explain", "no/such.cards")
    assert status == 1 and "error[E001]: no such file or folder: no/such.cards" in err


def test_explain_a_mixed_folder_reads_each_file_under_its_ruleset(cli, tmp_path):
    """`explain FOLDER` explains each file's cards under that file's own ruleset."""
    (tmp_path / "a.cards").write_text("# ruleset: keyforge\n" + KEYFORGE_CARD, encoding="utf-8")
    (tmp_path / "b.cards").write_text(SORCERY_CARD, encoding="utf-8")
    status, out, _ = cli("explain", str(tmp_path), "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["ruleset"] is None
    assert [(c["name"], c["ruleset"]) for c in data["cards"]] == [
        ("Toll Taker", "keyforge"), ("Hearth Mote", "sorcery")]
    empty = tmp_path / "empty"
    empty.mkdir()
    status, _, err = cli("explain", str(empty))
    assert status == 1 and "error[E001]: no card files (.cards) under" in err


def test_python_dash_m_cardscript_is_the_command():
    """`python -m cardscript` runs the same command line as `cardscript` (its exit status too)."""
    import subprocess
    import sys
    ok = subprocess.run([sys.executable, "-m", "cardscript", "check",
                         str(ROOT / "docs/examples/tour/ember_imp.cards")],
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and "ok: 1 card\n" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "cardscript", "check", "no-such-file.cards"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
