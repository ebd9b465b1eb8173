"""Permissions that last (rulesets/sorcery/lasting_permissions.py): the words read, their
canonical text, how long a permission lasts, and that it ends when its card leaves its pile."""

from __future__ import annotations

import pytest

from conftest import run_sorcery, sorcery_game
from cardscript import rulesets
from cardscript.fmt.canonical import Conventions, canonical_text
from cardscript.rulesets.sorcery import lasting_permissions as lp

SORCERY = rulesets.get("sorcery")

CARDS = '''# ruleset: sorcery
card "Mill Leave": magic, cost 1
  Put the top card of your spellbook into your cemetery. You may cast that card this turn.

card "Site Leave": magic, cost 1
  Put the top card of your atlas into your cemetery. You may cast it this turn.

card "Grunt": minion, cost 2, power 1
'''


@pytest.mark.parametrize("line", [
    "You may cast that card this turn.",
    "You may play it until the end of your turn.",
    "You may cast it this turn for free.",
    "You may cast it for free this turn.",
    "You may play those cards this turn ignoring threshold.",
    "You may play it until the end of your turn ignoring threshold.",
    "You may cast that card until your next turn.",
    "You may play it until the end of your next turn for free.",
])
def test_each_form_keeps_its_words(line):
    """Each deed, duration and waiver is read, and `explain --text` writes it back."""
    text = ('# ruleset: sorcery\ncard "X": magic, cost 1\n'
            f"  Put the top card of your spellbook into your cemetery. {line}\n")
    canon = canonical_text(text, SORCERY.language, Conventions(), "t.cards")
    assert canonical_text(canon, SORCERY.language, Conventions(), "t.cards") == canon
    for word in ("this turn", "until the end of your turn", "until your next turn",
                 "until the end of your next turn", "for free", "ignoring threshold"):
        assert (word in canon.lower()) is (word in line.lower())


def _permit(game, name, until, player="alice"):
    card = game.state.new_card(game.templates[name], "alice")
    game.state.put(card, "cemetery", "alice")
    permit = lp.Permit(card, "cemetery", "alice", player, "cast", until, False, False, "X")
    game.slot(lp.PERMITS, list).append(permit)
    return card


def test_until_the_end_of_your_turn_outlasts_an_opponents_turn():
    """Given on bob's turn, 'until the end of your turn' ends with alice's turn, not bob's;
    'this turn' ends with the turn it was given in."""
    game = sorcery_game(CARDS, "t.cards")
    yours = _permit(game, "Grunt", lp.YOUR_TURN)
    this = _permit(game, "Mill Leave", lp.THIS_TURN)
    assert lp.expire(game, "bob") == ["alice may cast Mill Leave from cemetery this turn"]
    assert [p.card for p in lp.permits_of(game, "alice")] == [yours]
    assert lp.expire(game, "alice") == [
        "alice may cast Grunt from cemetery until the end of alice's turn"]
    assert lp.permits_of(game, "alice") == [] and this is not None


def test_a_card_that_leaves_its_pile_loses_its_permission():
    """Once the card is in another pile (or the same pile of another player) it is another
    card: the permission is dropped, and the card is not found by it."""
    game = sorcery_game(CARDS, "t.cards")
    card = _permit(game, "Grunt", lp.THIS_TURN)
    assert lp.permits_of(game, "alice")[0].card is card
    game.state.put(card, "cemetery", "bob")
    assert lp.permits_of(game, "alice") == []
    assert game.slot(lp.PERMITS, list) == []


def test_a_permission_is_its_players_alone():
    """Bob holds no permission alice was given: his cast of the card is refused (S201)."""
    game = sorcery_game(CARDS, "t.cards")
    _permit(game, "Grunt", lp.THIS_TURN)
    assert lp.permits_of(game, "bob") == []
    with pytest.raises(Exception) as err:
        lp.find_castable(game, "bob", "Grunt")
    assert err.value.code == "S201"
    assert lp.find_castable(game, "alice", "Grunt").name == "Grunt"


def test_cast_permits_no_site(tmp_path):
    """'You may cast it' of a site permits nothing: a site is played, and the step says so."""
    setup = '''
alice:
  hand: [Site Leave]
  atlas: [Cinder Flats]
  realm:
    - {card: Hedgerow Magus, at: 3}
    - {card: Summer River, at: 3}
'''
    result = run_sorcery(tmp_path, CARDS, setup, "[{player: alice, cast: Site Leave}, "
                         "{player: alice, play_site: Cinder Flats, at: 4}]")
    assert "Cinder Flats is not cast: a site is played" in result["trace"][0]["did"]
    assert result["error"]["code"] == "S201"


def test_until_your_next_turn_ends_as_that_turn_starts():
    """'until your next turn' outlasts the end of every turn and ends as a turn of its holder
    starts; another player's turn starting leaves it."""
    game = sorcery_game(CARDS, "t.cards")
    _permit(game, "Grunt", lp.NEXT_TURN)
    assert lp.expire(game, "alice") == [] and lp.expire(game, "bob") == []
    assert lp.start(game, "bob") == []
    assert lp.start(game, "alice") == ["alice may cast Grunt from cemetery until alice's next turn"]
    assert lp.permits_of(game, "alice") == []


def test_until_the_end_of_your_next_turn_ends_with_the_turn_after_it_was_given():
    """Given on alice's turn, 'until the end of your next turn' outlasts that turn's end and
    ends as her next turn ends (armed as that turn starts)."""
    game = sorcery_game(CARDS, "t.cards")
    _permit(game, "Grunt", lp.END_NEXT_TURN)
    assert lp.expire(game, "alice") == []                # the turn it was given in
    assert lp.start(game, "bob") == [] and lp.expire(game, "bob") == []
    assert lp.start(game, "alice") == []                 # her next turn: armed
    assert lp.expire(game, "alice") == [
        "alice may cast Grunt from cemetery until the end of alice's next turn"]
