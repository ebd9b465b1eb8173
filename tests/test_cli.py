"""The command line: help with examples, run (text, JSON, HTML), test, explain, check."""

from __future__ import annotations

import json

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
    """`run --json` prints the scenarios.md object with every required field."""
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
