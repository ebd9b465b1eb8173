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


SETTLERS = '''
card "Field": site
card "Pond": site, water
card "Settler": minion, power 1
  This Settler may move into an adjacent void. When it does, place the top site from your atlas there. Once settled, it gains Immobile.
card "Walker": minion, power 1
'''


def test_a_unit_without_the_permission_cannot_step_into_the_void(tmp_path):
    """Only the units the permission names may step into an adjacent void: another is refused."""
    r = run_sorcery(tmp_path, SETTLERS, '''
alice:
  atlas: [Pond]
  realm: [{card: Field, at: 3}, {card: Walker, at: 3}]
''', "[{player: alice, move: Walker, to: 8}]")
    assert not r["ok"] and r["error"]["code"] == "S206"


def test_a_void_two_steps_away_is_not_adjacent(tmp_path):
    """The permission reaches a void sharing an edge with the unit's site, no farther."""
    r = run_sorcery(tmp_path, SETTLERS, '''
alice:
  atlas: [Pond]
  realm: [{card: Field, at: 3}, {card: Settler, at: 3}]
''', "[{player: alice, move: Settler, to: 13}]")
    assert not r["ok"] and r["error"]["code"] == "S206"


def test_with_an_empty_atlas_nothing_is_placed_and_no_one_settles(tmp_path):
    """No site in the atlas: the unit stays in the void, unsettled, without Immobile."""
    r = run_sorcery(tmp_path, SETTLERS, '''
alice:
  realm: [{card: Field, at: 3}, {card: Settler, at: 3}]
''', "[{player: alice, move: Settler, to: 8}]")
    card = next(c for c in r["state"]["cards"] if c["name"] == "Settler")
    assert r["ok"] and card["at"] == 8 and card["region"] == "void"
    assert "immobile" not in card.get("keywords", [])
    assert any("no site in the atlas to place" in d for e in r["trace"] for d in e["did"])


def test_once_with_a_participle_is_a_trigger_of_the_card_becoming_so():
    """'Once settled, Y.' compiles to the trigger 'when this is settled' (the settle happening)."""
    from conftest import sorcery_game
    g = sorcery_game(SETTLERS, "<settling test>")
    hooks = [ab.hook.happening for ab in g.templates["Settler"].abilities if ab.hook]
    assert hooks == ["enter_void", "settle"]
