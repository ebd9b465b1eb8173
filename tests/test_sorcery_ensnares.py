"""Sorcery holds: a minion disabled while another card stays tapped, and leave to stay tapped
(rulesets/sorcery/ensnares.py; the lasting reading of 'as long as' in compiler/conditions.py)."""

from __future__ import annotations

from pathlib import Path

from conftest import run_cli, run_sorcery

CARDS = """\
card "Test Coil": minion beast, cost 3, power 2
  Tap → This Coil ensnares an enemy minion here or nearby. That minion is disabled as long as this Coil stays tapped.

card "Test Waker": magic, cost 0
  Untap target minion.

card "Test Lucky": magic, cost 0
  Draw a spell as long as you control a site.
"""

SETUP = """
alice:
  hand: [Test Waker]
  spellbook: [Thorn Dart]
  realm: [{card: Red Desert, at: 8}, {card: Test Coil, at: 8}]
bob:
  realm: [{card: Red Desert, at: 9}, {card: Lady Iseult, id: iseult, at: 8}]
"""


def _did(result) -> list[str]:
    return [d for e in result["trace"] for d in e.get("did", ())]


def test_the_held_minion_cannot_move(tmp_path):
    """While the holder stays tapped, moving the minion it holds is an illegal action (S206)."""
    r = run_sorcery(tmp_path, CARDS, SETUP, """[
  {player: alice, activate: Test Coil},
  {player: bob, move: iseult, to: 9}]""")
    assert not r["ok"] and r["error"]["code"] == "S206"
    assert "Lady Iseult is disabled while Test Coil stays tapped" in _did(r)


def test_untapping_the_holder_by_an_effect_ends_the_hold(tmp_path):
    """An effect that untaps the holder frees the minion it held at once."""
    r = run_sorcery(tmp_path, CARDS, SETUP, """[
  {player: alice, activate: Test Coil},
  {player: alice, cast: Test Waker, target: Test Coil},
  {player: bob, move: iseult, to: 9}]""", "[{player: alice, kind: intercept, answer: none}]")
    assert r["ok"], r["error"]
    iseult = next(c for c in r["state"]["cards"] if c["name"] == "Lady Iseult")
    assert iseult["at"] == 9


def test_as_long_as_with_no_lasting_verb_is_tested_once(tmp_path):
    """A one-off 'X as long as Y' that no verb reads whole stays a test as it resolves."""
    r = run_sorcery(tmp_path, CARDS, """
alice:
  hand: [Test Lucky]
  spellbook: [Thorn Dart]
  realm: [{card: Red Desert, at: 8}]
""", "[{player: alice, cast: Test Lucky}]")
    assert r["ok"], r["error"]
    assert any("draws Thorn Dart" in d for d in _did(r))


def test_an_untap_answer_that_is_no_yes_or_no_is_a_clear_error(tmp_path):
    """An `untap` answer other than true/false is S302 with its line, a caret and the legal answers."""
    scenario = (Path(__file__).parent.parent / "cards" / "sorcery" / "scenarios"
                / "an_ensnared_minion_goes_free_when_the_holder_untaps.yaml")
    text = scenario.read_text(encoding="utf-8")
    assert "kind: untap, answer: true" in text
    bad = tmp_path / "bad_untap.yaml"
    bad.write_text(text.replace("kind: untap, answer: true", "kind: untap, answer: maybe"),
                   encoding="utf-8")
    code, out, err = run_cli("run", str(bad))
    said = out + err
    assert code == 1
    assert "bad_untap.yaml:28:" in said and "error[S302]" in said
    assert "^^^^^" in said and "legal answers: true, false" in said
    assert "Traceback" not in said
