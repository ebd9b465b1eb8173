"""'if you do' / 'if they do' read the latest 'may' answer of the person they name: the
controller's own, or the player(s) of the latest 'may' another player decided."""

from __future__ import annotations

import pytest

from conftest import run_cli
from scenario_text import run


def _check(tmp_path, line: str, ruleset: str = "sorcery", header: str = "magic, cost 2"):
    """`cardscript check` of one card of `line`: (status, out, err)."""
    path = tmp_path / "answers.cards"
    path.write_text(f'# ruleset: {ruleset}\n\ncard "Pale Ledger": {header}\n  {line}\n',
                    encoding="utf-8")
    return run_cli("check", str(path))


def test_if_you_do_after_another_players_may_only_is_e205(tmp_path):
    """'If you do' after no 'may' of yours is refused by check: file:line:col, caret, hint."""
    status, out, err = _check(tmp_path, "Your opponent may discard a spell. If you do, "
                                        "draw a spell.")
    assert status == 1
    text = out + err
    assert "answers.cards:4:" in text and "error[E205]" in text
    assert "'if you do' reads your answer to a 'may'" in text
    assert "^" in text and "hint:" in text and "if they do" in text
    assert "Traceback" not in text


def test_if_they_dont_after_your_may_only_is_e205(tmp_path):
    """'If they don't' after only the controller's own 'may' is refused by check."""
    status, out, err = _check(tmp_path, "You may draw a spell. If they don't, you gain 2 life.")
    assert status == 1
    assert "error[E205]" in out + err and "another player's answer" in out + err


@pytest.mark.parametrize("line", [
    "You may draw a spell. If you do, an opponent may discard a spell. If you don't, you "
    "lose 2 life.",
    "An opponent may discard a spell. You may draw a spell. If they do, you gain 3 life.",
    "Each player may draw a spell. If you do, you gain 1 life.",
])
def test_if_person_do_after_a_may_of_that_person_is_accepted(tmp_path, line):
    """An 'if' after a 'may' of the person it names passes check, whatever came between."""
    status, out, err = _check(tmp_path, line)
    assert status == 0, out + err


LEDGER = """\
# ruleset: sorcery
card "Pale Ledger": magic, cost 2
  {}
"""


def _play(tmp_path, line: str, choices: str, realm_at=(3, 9)) -> dict:
    """The result of alice casting a card of `line` (a scenario in `tmp_path`)."""
    (tmp_path / "ledger.cards").write_text(LEDGER.format(line), encoding="utf-8")
    realm = "".join(f"      - {{card: Summer River, at: {n}}}\n" for n in realm_at)
    return run(f"name: case\nruleset: sorcery\ncards: [ledger.cards]\n"
            f"players: [alice, bob]\nsetup:\n  alice:\n    hand: [Pale Ledger]\n"
            f"    spellbook: [Sparkburst, Sparkburst]\n    realm:\n{realm}"
            f"  bob:\n    hand: [Sparkburst]\n"
            f"actions:\n  - {{player: alice, cast: Pale Ledger}}\nchoices:\n{choices}",
               (tmp_path / "case.yaml").as_posix())


def test_the_latest_of_two_answers_of_the_same_player_counts(tmp_path):
    """Two 'may's of yours: 'If you don't' reads the later answer (no), not the first (yes)."""
    result = _play(tmp_path, "You may draw a spell. You may draw a spell. If you don't, you "
                             "gain 2 life.",
                   "  - {player: alice, kind: may, answer: true}\n"
                   "  - {player: alice, kind: may, answer: false}\n")
    assert result["ok"], result.get("error")
    assert result["state"]["players"]["alice"]["counters"]["life"] == 22


@pytest.mark.parametrize("follow", ["If you do, you lose 1 life.",
                                    "If you don't, you lose 1 life."])
def test_an_if_after_a_may_never_offered_holds_neither_way(tmp_path, follow):
    """A 'may' under a condition that failed was never offered: neither its 'If you do' nor its
    'If you don't' runs, and the game goes on (no error, life unchanged)."""
    result = _play(tmp_path, f"If you control a weapon, you may draw a spell. {follow}", "  []\n")
    assert result["ok"], result.get("error")
    assert result["state"]["players"]["alice"]["counters"]["life"] == 20
