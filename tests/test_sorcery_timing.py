"""Sorcery trigger forms and timing words: kills, surfacing to attack, permanent gains,
random discards, subjects that die (rulesets/sorcery/kills.py and its neighbours)."""

from __future__ import annotations

from conftest import play_sorcery

CARDS = """\
card "Test Lurker": minion beast, cost 3, power 1
  Submerge
  Whenever this Lurker surfaces to attack, it gets +2 power this turn.

card "Test Brute": minion beast, cost 4, power 3
  Whenever this Brute kills a minion, you gain 2 life.

card "Test Glutton": minion beast, cost 3, power 1
  Whenever an adjacent minion dies, this Glutton permanently gains +2 power.

card "Test Heckler": minion mortal, cost 2, power 1
  At the end of your turn, each opponent discards a random card.

card "Test Smite": magic, cost 1
  Deal 5 damage to target minion.

card "Test Pilferer": minion spirit, cost 3, power 3
  Return this and its borne relics to their owner's hand after it attacks.
"""


def play(tmp_path, setup: str, actions: str, choices: str = "[]") -> dict:
    """Run an inline scenario with this module's cards (conftest.play_sorcery)."""
    return play_sorcery(tmp_path, CARDS, setup, actions, choices)


def _did(result) -> list[str]:
    return [d for e in result["trace"] for d in e.get("did", ())]


def _card(result, name) -> dict:
    return next(c for c in result["state"]["cards"] if c["name"] == name)


def test_surfacing_without_an_attack_is_not_surfacing_to_attack(tmp_path):
    """A unit that comes up in a move that attacks nothing does not 'surface to attack'."""
    r = play(tmp_path, """
alice:
  realm: [{card: Summer River, at: 9}, {card: Test Lurker, at: 9, region: underwater}]
""", "[{player: alice, move: Test Lurker, to: 9, region: surface}]",
        "[{player: bob, kind: intercept, answer: none}]")
    assert not any("gets +2 power" in d for d in _did(r))
    assert _card(r, "Test Lurker")["region"] == "surface"


def test_a_spell_that_kills_is_no_kill_of_the_units_near(tmp_path):
    """A minion killed by a spell's damage is the spell's kill: no unit hears 'kills'."""
    r = play(tmp_path, """
alice:
  hand: [Test Smite]
  realm: [{card: Red Desert, at: 8}, {card: Test Brute, at: 8}]
bob:
  realm: [{card: Druid, at: 8}]
""", "[{player: alice, cast: Test Smite, target: Druid}]")
    assert "5 damage to Druid" in _did(r)
    assert not any("gains 2 life" in d for d in _did(r))


def test_a_unit_kills_what_its_strike_makes_die(tmp_path):
    """The attacker whose strike is lethal damage kills the defender ('kill' happening)."""
    r = play(tmp_path, """
alice:
  realm: [{card: Red Desert, at: 8}, {card: Test Brute, at: 8}]
bob:
  realm: [{card: Druid, at: 8}]
""", "[{player: alice, attack: Test Brute, target: Druid}]")
    assert "alice gains 2 life" in _did(r)


def test_a_permanent_gain_stays_past_the_turns_end(tmp_path):
    """'permanently gains +2 power' is still there after the turn ends, unlike 'this turn'."""
    r = play(tmp_path, """
alice:
  realm: [{card: Red Desert, at: 8}, {card: Test Glutton, at: 8}, {card: Test Brute, at: 8}]
  spellbook: [Thorn Dart]
bob:
  realm: [{card: Druid, at: 8}]
  spellbook: [Thorn Dart]
""", """
- {player: alice, start_turn: true, first_turn: true}
- {player: alice, attack: Test Brute, target: Druid}
- {player: alice, end_turn: true}
""", "[{player: alice, kind: order, answer: [Test Glutton, Test Brute]}]")
    assert "Test Glutton permanently gains +2 power" in _did(r)
    assert _card(r, "Test Glutton")["power"] == 3


def test_a_random_discard_from_an_empty_hand_discards_nothing(tmp_path):
    """A player with no card in hand has nothing to discard at random, and says so."""
    r = play(tmp_path, """
alice:
  realm: [{card: Red Desert, at: 8}, {card: Test Heckler, at: 8}]
  spellbook: [Thorn Dart]
bob:
  spellbook: [Thorn Dart]
""", """
- {player: alice, start_turn: true, first_turn: true}
- {player: alice, end_turn: true}
""")
    assert "bob has no card to discard" in _did(r)


def test_a_trailing_trigger_reads_a_step_joined_by_and(tmp_path):
    """'Return this and its borne relics ... after it attacks': the 'and' the grammar split at
    is joined back, and the trigger written last is read."""
    r = play(tmp_path, """
alice:
  realm: [{card: Red Desert, at: 8}, {card: Test Pilferer, id: p, at: 8},
          {card: Striding Boots, carried_by: p}]
bob:
  realm: [{card: Azuridge Caravan, at: 8}]
""", "[{player: alice, attack: p, target: Azuridge Caravan}]")
    assert r["state"]["players"]["alice"]["zones"]["hand"] == ["Test Pilferer", "Striding Boots"]
