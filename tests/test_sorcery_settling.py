"""Sorcery's leftover realm forms: a run after a ranged attack (rulesets/sorcery/ranged_runs.py),
moving into the void and settling it (rulesets/sorcery/settling.py)."""

from __future__ import annotations

from conftest import run_sorcery

SLINGERS = '''
card "Field": site
card "Slingers": minion, power 3
  Ranged
  These Slingers may run to a nearby site when they carry out a ranged attack.
card "Hound": minion, power 1
'''


def _at(result, name):
    return next(c["at"] for c in result["state"]["cards"] if c["name"] == name)


def test_an_attack_from_where_the_unit_stands_is_no_ranged_attack(tmp_path):
    """A Ranged unit attacking a unit on its own location carries out no ranged attack: no run."""
    r = run_sorcery(tmp_path, SLINGERS, '''
alice:
  realm: [{card: Field, id: f7, at: 7}, {card: Field, id: f2, at: 2}, {card: Slingers, at: 7}]
bob:
  realm: [{card: Hound, at: 7}]
''', "[{player: alice, attack: Slingers, target: Hound}]",
        "[{player: alice, kind: may, answer: yes}, {player: alice, kind: target, answer: 2}]")
    assert r["ok"] and _at(r, "Slingers") == 7
    assert not any(e["kind"] == "triggered" for e in r["trace"])


def test_a_ranged_attack_offers_the_run(tmp_path):
    """An attack a step away is a ranged attack: the unit runs to the site its player picks."""
    r = run_sorcery(tmp_path, SLINGERS, '''
alice:
  realm: [{card: Field, id: f7, at: 7}, {card: Field, id: f8, at: 8},
          {card: Field, id: f2, at: 2}, {card: Slingers, at: 7}]
bob:
  realm: [{card: Hound, at: 8}]
''', "[{player: alice, attack: Slingers, target: Hound}]",
        "[{player: alice, kind: may, answer: yes}, {player: alice, kind: target, answer: 2}]")
    assert r["ok"] and _at(r, "Slingers") == 2
