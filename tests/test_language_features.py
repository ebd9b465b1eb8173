"""Language features end to end: several targets, each player, multi-line spells, self anchors."""

from __future__ import annotations

import textwrap

import yaml

from cardscript.scenario.loader import parse_scenario
from cardscript.scenario.runner import run_scenario

CARDS = textwrap.dedent('''\
    card "Scatter": magic, cost 1
      Deal 1 damage to up to two target minions.
    card "Feast": magic, cost 1
      Each player draws a spell.
    card "Double": magic, cost 1
      Deal 1 damage to target minion.
      Draw a spell.
    card "Archer": minion, cost 1, power 1
      Airborne, Submerge
      Tap → This shoots a projectile toward target adjacent square. If it hits a unit, deal 1 damage to the hit unit.
    card "Watcher": site
      Whenever an enemy minion enters a site adjacent to this, deal 1 damage to that minion.
    card "Tok": minion, power 1, token
    card "Dier": minion, cost 1, power 1
      Whenever this dies, draw a spell.
    ''')


def play(tmp_path, setup: str, actions: str, choices: str = "[]"):
    (tmp_path / "extra.cards").write_text(CARDS, encoding="utf-8")
    data = {"name": "language features", "ruleset": "sorcery", "cards": ["extra.cards"],
            "players": ["alice", "bob"], "setup": yaml.safe_load(setup),
            "actions": yaml.safe_load(actions), "choices": yaml.safe_load(choices)}
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_scenario(parse_scenario(text, str(path)))
    assert result["ok"], result["error"]
    return result


BOARD = """
alice:
  hand: [Scatter, Feast, Double]
  spellbook: [Firebolts, Windblast]
  realm: [{card: Summer River, at: 8}, {card: Red Desert, at: 9}, {card: Lady Iseult, at: 8}]
bob:
  spellbook: [Maelström]
  realm: [{card: Plumed Pegasus, at: 8}]
"""


def test_up_to_two_targets_take_both_answers(tmp_path):
    """'up to two target minions' uses every target the action gives, up to two."""
    r = play(tmp_path, BOARD, "[{player: alice, cast: Scatter, targets: [Lady Iseult, Plumed Pegasus]}]")
    assert list(r["trace"][0]["did"]) == ["1 damage to Lady Iseult", "1 damage to Plumed Pegasus"]


def test_each_player_draws(tmp_path):
    """'Each player draws a spell' draws for every player, in turn order."""
    r = play(tmp_path, BOARD, "[{player: alice, cast: Feast}]")
    assert r["state"]["players"]["bob"]["zones"]["hand"] == ["Maelström"]
    assert r["state"]["players"]["alice"]["zones"]["hand"][-1] == "Firebolts"


def test_a_spell_with_two_lines_is_one_event(tmp_path):
    """A magic card's lines resolve in order, as one cast event."""
    r = play(tmp_path, BOARD, "[{player: alice, cast: Double, targets: [Lady Iseult]}]")
    (entry,) = [e for e in r["trace"] if e["source"] == "Double"]
    assert list(entry["did"]) == ["1 damage to Lady Iseult", "alice draws Firebolts"]


def test_this_anchors_a_target_square(tmp_path):
    """'This shoots ... toward target adjacent square' measures from the shooter."""
    setup = """
alice:
  realm: [{card: Summer River, at: 8}, {card: Red Desert, at: 9}, {card: Archer, at: 8}]
bob:
  realm: [{card: Lady Iseult, at: 9}]
"""
    r = play(tmp_path, setup, "[{player: alice, activate: Archer, to: 9}]")
    assert "1 damage to Lady Iseult" in r["trace"][0]["did"]


def test_adjacent_to_this_in_a_trigger(tmp_path):
    """A trigger place 'a site adjacent to this' is measured from the card with the hook."""
    setup = """
alice:
  realm: [{card: Watcher, at: 8}]
bob:
  hand: [Lady Iseult]
  realm: [{card: Red Desert, at: 9}]
"""
    r = play(tmp_path, setup, "[{player: bob, cast: Lady Iseult, at: 9}]")
    assert any(e["source"] == "Watcher" and "1 damage to Lady Iseult" in e["did"]
               for e in r["trace"])


def test_token_header_item_and_keyword_list(tmp_path):
    """'token' works as a later header item; 'Airborne, Submerge' is one keyword line."""
    from cardscript.compiler import compile_files
    from cardscript.grammar import parse_text
    from cardscript.rulesets import get
    from cardscript.scenario.runner import load_pool
    pool = load_pool(get("sorcery"))
    out = compile_files([parse_text(CARDS, "extra.cards")], get("sorcery").language, base=pool)
    assert out["Tok"].token
    assert set(out["Archer"].keywords) == {"airborne", "submerge"}


def test_this_dies_triggers(tmp_path):
    """'Whenever this dies' triggers after the card has left the realm."""
    setup = """
alice:
  hand: [Firebolts]
  spellbook: [Windblast]
  realm: [{card: Summer River, at: 8}, {card: Dier, at: 8}]
bob: {}
"""
    r = play(tmp_path, setup, "[{player: alice, cast: Firebolts}]",
             "[{player: alice, kind: target, answer: Dier}]")
    assert any(e["source"] == "Dier" and e["status"] == "done" for e in r["trace"])
    assert r["state"]["players"]["alice"]["zones"]["hand"] == ["Windblast"]
