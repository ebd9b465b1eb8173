"""Sorcery's current stats (rulesets/sorcery/stats.py) and ongoing effects (ongoing.py)."""

from __future__ import annotations

import pytest

from conftest import put, sorcery_game
from cardscript.errors import ScenarioError
from cardscript.rulesets.sorcery.ongoing import check_allowed, forbidden, permitted
from cardscript.rulesets.sorcery.durations import THIS_TURN, Lasting, expire, lasting
from cardscript.rulesets.sorcery.stats import stat

CARDS = '''
card "Field": site
card "Pond": site, water
card "Grunt": minion Mortal, power 2
card "Captain": minion Mortal, power 1
  Other Mortals you control have +1 power.
card "Drain": aura
  Minions here have power 0.
card "Chill": aura
  Minions here have power 1.
card "Wader": minion Beast, power 1
  If this site is a water site, this has +2 power.
card "Statue": minion, power 3
  This can't attack.
card "Roamer": minion, power 1
  This may be summoned anywhere.
card "Wings": artifact
  Its bearer has airborne.
card "Club": artifact
  Its bearer has +2 power.
'''


@pytest.fixture
def game():
    return sorcery_game(CARDS, "<stats test>")


def test_printed_power_when_nothing_changes_it(game):
    """With no ongoing effect or modifier, a card's power is its header's."""
    assert stat(game, put(game, "Grunt", "alice", 8), "power") == 2


def test_a_static_adds_to_the_cards_it_names_only(game):
    """'Other Mortals you control have +1 power' adds to allied Mortals, not itself or enemies."""
    grunt, captain = put(game, "Grunt", "alice", 8), put(game, "Captain", "alice", 8)
    enemy = put(game, "Grunt", "bob", 9)
    assert (stat(game, grunt, "power"), stat(game, captain, "power"),
            stat(game, enemy, "power")) == (3, 1, 2)


def test_set_comes_before_add_and_the_lowest_set_wins(game):
    """Several set effects: the lowest value; then every +N is added to it."""
    grunt = put(game, "Grunt", "alice", 8)
    put(game, "Captain", "alice", 9)
    put(game, "Chill", "bob", 8)
    assert stat(game, grunt, "power") == 2          # set to 1, then +1
    put(game, "Drain", "bob", 8)
    assert stat(game, grunt, "power") == 1          # set to min(1, 0) = 0, then +1


def lasts(game, card, amount):
    """A power change to `card` that lasts this turn (as 'gets +N power this turn' makes)."""
    lasting(game).append(Lasting(card, card.incarnation, "stat", "power", amount, THIS_TURN,
                                 card.controller))


def test_power_never_falls_below_zero(game):
    """A change taking more than the card has leaves it at 0."""
    grunt = put(game, "Grunt", "alice", 8)
    lasts(game, grunt, -5)
    assert stat(game, grunt, "power") == 0


def test_a_change_that_lasts_is_added_after_what_sets(game):
    """A lasting '+2 power this turn' adds to a set value, and is gone once it expires."""
    grunt = put(game, "Grunt", "alice", 8)
    put(game, "Drain", "bob", 8)
    lasts(game, grunt, 2)
    assert stat(game, grunt, "power") == 2          # set to 0, then +2
    expire(game, THIS_TURN)
    assert stat(game, grunt, "power") == 0


def test_a_conditional_static_follows_its_condition(game):
    """'If this site is a water site, this has +2 power' holds at a water site only."""
    put(game, "Pond", "alice", 8)
    put(game, "Field", "alice", 9)
    wet, dry = put(game, "Wader", "alice", 8), put(game, "Wader", "alice", 9)
    assert (stat(game, wet, "power"), stat(game, dry, "power")) == (3, 1)


def test_a_restriction_names_its_card_and_refuses_the_action(game):
    """'This can't attack' forbids its own card's attack (S206), and nothing else's."""
    statue, grunt = put(game, "Statue", "alice", 8), put(game, "Grunt", "alice", 8)
    assert forbidden(game, statue, "attack") is statue
    assert forbidden(game, grunt, "attack") is None
    with pytest.raises(ScenarioError) as err:
        check_allowed(game, statue, "attack", "attack")
    assert err.value.code == "S206" and "its own text" in str(err.value)


def test_a_permission_in_a_cards_own_text_counts_from_the_hand(game):
    """'This may be summoned anywhere' is read while the card is still in hand."""
    roamer = game.state.new_card(game.templates["Roamer"], "alice")
    game.state.put(roamer, "hand", "alice")
    grunt = game.state.new_card(game.templates["Grunt"], "alice")
    assert permitted(game, roamer, "summon anywhere")
    assert not permitted(game, grunt, "summon anywhere")


def test_its_bearer_is_the_unit_carrying_the_artifact_now(game):
    """'Its bearer has ...' reaches the carrying unit only, and no one once it is dropped."""
    grunt, other = put(game, "Grunt", "alice", 8), put(game, "Grunt", "alice", 8)
    wings, club = put(game, "Wings", "alice", 8), put(game, "Club", "alice", 8)
    game.state.link(wings, "carried_by", grunt)
    game.state.link(club, "carried_by", grunt)
    assert game.has_keyword(grunt, "airborne") and not game.has_keyword(other, "airborne")
    assert (stat(game, grunt, "power"), stat(game, other, "power")) == (4, 2)
    game.state.link(club, "carried_by", None)
    assert stat(game, grunt, "power") == 2
