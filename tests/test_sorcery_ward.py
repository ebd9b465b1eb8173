"""Ward (rulesets/sorcery/ward.py): the mark, what breaks it, and who has none."""

from __future__ import annotations

import pytest

from conftest import put, sorcery_game
from cardscript import rulesets
from cardscript.grammar import get_parser
from cardscript.library.common import damage

CARDS = '''
card "Field": site
card "Keep": site
  Ward
card "Acolyte": minion mortal, cost 1, power 1
  Ward
card "Ghoul": minion undead, cost 1, power 2
  Ward
card "Relic": artifact, cost 1
  Ward
'''


def _game():
    return sorcery_game(CARDS, "ward.cards")


def test_a_warded_unit_and_site_have_a_mark_an_evil_minion_and_a_relic_none():
    """Units and sites with Ward are warded; an Evil minion and a non-unit, non-site are not."""
    from cardscript.rulesets.sorcery.ward import warded
    game = _game()
    keep = put(game, "Keep", "alice", 3)
    cards = [put(game, n, "alice", 3) for n in ("Acolyte", "Ghoul", "Relic")]
    assert warded(game, keep)
    assert [warded(game, c) for c in cards] == [True, False, False]


def test_the_ward_breaks_once_and_a_second_damage_lands():
    """The first damage is prevented and breaks the mark; the next is dealt."""
    game = _game()
    put(game, "Field", "alice", 3)
    acolyte = put(game, "Acolyte", "alice", 3)
    assert damage(game, acolyte, 1, "bob") is False and acolyte.damage == 0
    assert damage(game, acolyte, 1, "bob") is True and acolyte.damage == 1


def test_zero_damage_breaks_no_ward():
    """Only damage of 1 or more breaks a ward (a 0-power strike leaves it)."""
    from cardscript.rulesets.sorcery.ward import spares, warded
    game = _game()
    put(game, "Field", "alice", 3)
    acolyte = put(game, "Acolyte", "alice", 3)
    assert spares(game, "damage", acolyte, {"amount": 0}) is None and warded(game, acolyte)


def test_damage_at_the_same_moment_is_prevented_after_the_break():
    """Inside `at_once`, every damage after the one that broke the ward is prevented too."""
    from cardscript.rulesets.sorcery.ward import at_once
    game = _game()
    put(game, "Field", "alice", 3)
    acolyte = put(game, "Acolyte", "alice", 3)
    with at_once(game):
        dealt = [damage(game, acolyte, 1, "bob") for _ in range(3)]
    assert dealt == [False, False, False] and acolyte.damage == 0
    assert damage(game, acolyte, 1, "bob") is True


def test_a_card_back_in_the_realm_has_a_new_mark():
    """The broken mark belongs to one incarnation: a card that comes back is warded again."""
    from cardscript.rulesets.sorcery.ward import remove_mark, warded
    game = _game()
    put(game, "Field", "alice", 3)
    acolyte = put(game, "Acolyte", "alice", 3)
    remove_mark(acolyte)
    assert not warded(game, acolyte)
    acolyte.incarnation += 1
    assert warded(game, acolyte)


def test_only_sorcery_checks_targets_as_they_resolve():
    """`resolve_targets` is Sorcery's; the other games keep every target (no Ward there)."""
    assert rulesets.get("sorcery").resolve_targets is not None
    assert rulesets.get("keyforge").resolve_targets is None


@pytest.mark.parametrize("line", ["Ward", "Ranged, Ward",
                                  "Whenever a minion with Ward fights, you gain 1 life."])
def test_fast_parser_agrees_with_lark_on_ward(line):
    """The fast driver builds what Lark builds for Ward's lines."""
    from cardscript import grammar
    parser, builder = get_parser()
    source = f'card "X": minion, cost 1, power 1\n  {line}\n'
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)
