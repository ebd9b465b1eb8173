"""'Once on your turn, you may ...': an activated ability limited to once in each of its
controller's turns (the label of rulesets/sorcery/once_on_your_turn.py)."""

from __future__ import annotations

import pytest
from conftest import put, run_sorcery, sorcery_game

from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text

CARDS = """\
card "Test Warden": minion mortal, cost 2, power 2
  Once on your turn, you may gain 2 life.
"""

SETUP = """
alice:
  life: 10
  spellbook: [Firebolts, Firebolts]
  realm: [{card: Red Desert, at: 8}, {card: Test Warden, at: 8}]
bob:
  spellbook: [Firebolts, Firebolts]
"""


def _gains(result) -> int:
    return sum(d == "alice gains 2 life" for e in result["trace"] for d in e.get("did", ()))


def test_the_label_reads_before_an_ability_and_a_trigger_keeps_its_opener():
    """'Once on your turn, you may' is a labelled ability; before 'when' it opens a trigger."""
    card = parse_text(CARDS + """
card "Test Herald": minion, cost 2, power 1
  Once on your turn, whenever you summon a minion nearby, draw a spell.
""", "t.cards").cards
    assert type(card[0].abilities[0]).__name__ == "LabelledAbility"
    assert card[0].abilities[0].label == "Once on your turn"
    assert type(card[1].abilities[0]).__name__ == "TriggeredAbility"


def test_the_ability_is_usable_again_in_a_later_turn(tmp_path):
    """Used in one of alice's turns, it may be used once more in her next one."""
    r = run_sorcery(tmp_path, CARDS, SETUP, """[
  {player: alice, start_turn: true, first_turn: true},
  {player: alice, activate: Test Warden},
  {player: alice, end_turn: true}, {player: bob, end_turn: true},
  {player: alice, activate: Test Warden}]""",
        "[{player: alice, kind: may, answer: yes}, {player: alice, kind: may, answer: yes}]")
    assert r["ok"], r["error"]
    assert _gains(r) == 2


def test_the_limit_refuses_a_use_on_an_opponents_turn():
    """The label's cost is refused while another player is the active one."""
    from cardscript.rulesets.sorcery.once_on_your_turn import _pay_once
    game = sorcery_game(CARDS, "t.cards")
    warden = put(game, "Test Warden", "alice", 8)
    game.state.active = "bob"
    assert _pay_once(game, warden, None) == "Test Warden: only on its controller's turn"


def test_an_opponents_turn_opens_a_trigger_but_is_no_label():
    """'Once on an opponent's turn, when ...' opens a trigger; as a label it is a syntax error."""
    card = parse_text("""\
card "Test Sentry": minion, cost 2, power 1
  Once on an opponent\u2019s turn, when you summon a minion nearby, draw a spell.
""", "t.cards").cards
    ability = card[0].abilities[0]
    assert type(ability).__name__ == "TriggeredAbility"
    assert ability.word == "once on an opponent's turn, when"      # ’ is read as '
    with pytest.raises(CardScriptError):
        parse_text('card "Test Sentry": minion, cost 2, power 1\n'
                   "  Once on an opponent's turn → Draw a spell.\n", "t.cards")
