"""Lance (rulesets/sorcery/lance.py): the lance a minion enters with, and its bearer's first
strike at a unit: 1 more damage, first in a fight, then the lance breaks."""

from __future__ import annotations

from conftest import put, sorcery_game
from cardscript.library.moves import in_play

CARDS = '''
card "Field": site
card "Lance": token artifact
  Lance
card "Old Lance": artifact, cost 1
  Lance
card "Rider": minion mortal, cost 2, power 2
  Lance
card "Footman": minion mortal, cost 1, power 2
card "Seer": avatar, power 1
'''


def _game():
    game = sorcery_game(CARDS, "lance.cards")
    put(game, "Field", "alice", 8)
    return game


def _carry(game, lance, unit):
    game.state.link(lance, "carried_by", unit)


def test_the_pool_lance_is_the_token_artifact_with_the_keyword():
    """Of the cards with Lance, the token artifact is the lance (not a printed artifact)."""
    from cardscript.rulesets.sorcery.lance import lance_template
    assert lance_template(_game()).name == "Lance"


def test_no_lance_is_made_when_no_card_declares_one():
    """With no token artifact with Lance in the templates, a lancer enters carrying nothing."""
    game = sorcery_game('card "Field": site\ncard "Rider": minion, cost 2, power 2\n  Lance\n',
                        "lance.cards")
    put(game, "Field", "alice", 8)
    rider = put(game, "Rider", "alice", 8)
    game.commit()
    assert [c.name for c in game.state.in_zones(["realm"])] == ["Field", "Rider"]
    assert rider.damage == 0


def test_a_lancer_entering_the_realm_carries_a_new_lance():
    """The state check gives the entering minion a lance of its own, its controller's."""
    game = _game()
    rider = put(game, "Rider", "bob", 8)
    game.commit()
    lances = [c for c in game.state.in_zones(["realm"]) if c.name == "Lance"]
    assert len(lances) == 1 and lances[0].ext["carried_by"] is rider
    assert lances[0].controller == "bob" and lances[0].at == 8 and lances[0].token


def test_two_lance_bearers_in_a_fight_strike_at_once_and_both_lances_break():
    """Both carry a lance: neither strikes first, each deals 1 more, both lances break."""
    from cardscript.rulesets.sorcery.strikes import fight
    game = _game()
    a, b = put(game, "Footman", "alice", 8), put(game, "Footman", "bob", 8)
    la, lb = put(game, "Old Lance", "alice", 8), put(game, "Old Lance", "bob", 8)
    _carry(game, la, a)
    _carry(game, lb, b)
    said = fight(game, a, b)
    assert said == "Footman and Footman strike: 3 and 3 damage"
    assert not in_play(game, la) and not in_play(game, lb)
    assert game.state.players["alice"].zones["cemetery"] == [la]


def test_the_lance_is_used_once_and_its_second_strike_is_plain():
    """After the lance broke, the bearer's next strike deals its power and strikes at once."""
    from cardscript.rulesets.sorcery.strikes import strike
    game = _game()
    a, b = put(game, "Footman", "alice", 8), put(game, "Footman", "bob", 8)
    lance = put(game, "Old Lance", "alice", 8)
    _carry(game, lance, a)
    assert strike(game, a, b) == 3
    assert strike(game, a, b) == 2


def test_a_unit_carrying_two_lances_uses_one_a_strike():
    """Two lances: the first strike uses and breaks one, the next strike the other."""
    from cardscript.rulesets.sorcery.strikes import strike
    game = _game()
    a, b = put(game, "Footman", "alice", 8), put(game, "Footman", "bob", 8)
    one, two = put(game, "Old Lance", "alice", 8), put(game, "Old Lance", "alice", 8)
    _carry(game, one, a)
    _carry(game, two, a)
    assert strike(game, a, b) == 3 and not in_play(game, one) and in_play(game, two)
    assert strike(game, a, b) == 3 and not in_play(game, two)


def test_a_part_of_zero_in_a_divided_strike_gets_no_lance_damage():
    """A strike reaching several: 1 more to each unit it damages, none to a part of 0."""
    from cardscript.rulesets.sorcery.strikes import strike_several
    game = _game()
    a = put(game, "Footman", "alice", 8)
    b, c = put(game, "Footman", "bob", 8), put(game, "Footman", "bob", 8)
    lance = put(game, "Old Lance", "alice", 8)
    _carry(game, lance, a)
    assert strike_several(game, a, [(b, 2), (c, 0)]) == [3, 0]
    assert not in_play(game, lance)


def test_a_lance_lying_on_its_own_gives_nothing():
    """Only a carried lance counts: one lying at the square leaves the strike as it is."""
    from cardscript.rulesets.sorcery.strikes import strike
    game = _game()
    a, b = put(game, "Footman", "alice", 8), put(game, "Footman", "bob", 8)
    lance = put(game, "Old Lance", "alice", 8)
    assert strike(game, a, b) == 2 and in_play(game, lance)


def test_an_attack_on_a_site_keeps_the_lance():
    """Damage through a site is no strike at a unit: the lance stays for the next one."""
    from cardscript.rulesets.sorcery.strikes import damage_player
    game = _game()
    a = put(game, "Footman", "alice", 8)
    lance = put(game, "Old Lance", "alice", 8)
    _carry(game, lance, a)
    damage_player(game, "bob", 2, a)
    assert in_play(game, lance)


def test_lance_on_a_card_of_another_kind_is_refused():
    """A site or a spell with Lance would do nothing: E212, at the card, with a hint."""
    import pytest
    from cardscript import rulesets
    from cardscript.compiler import compile_files
    from cardscript.errors import SemanticError
    from cardscript.grammar import parse_text
    for kind in ("site", "magic, cost 1", "aura, cost 1"):
        with pytest.raises(SemanticError) as info:
            compile_files([parse_text(f'card "Yard": {kind}\n  Lance\n', "y.cards")],
                          rulesets.get("sorcery").language)
        assert info.value.code == "E212" and "minion" in info.value.hint
