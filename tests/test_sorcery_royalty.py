"""Royalty (rulesets/sorcery/royalty.py): a card is a Royal by a royal word of its name, a
whole word (language/selectors.py `name_holds`), or by its header."""

from __future__ import annotations

import pytest

from conftest import put, sorcery_game
from cardscript import rulesets
from cardscript.language.selectors import name_holds
from cardscript.language.registry import Language

CARDS = '''
card "Field": site
card "Old King Harrow": minion mortal, cost 3, power 2
card "Princess of Salt": minion mortal, cost 2, power 1
card "Kingfisher": minion beast, cost 1, power 1
card "Queen's Guard": minion mortal, cost 2, power 2
card "Heir": minion mortal royal, cost 2, power 1
'''


@pytest.mark.parametrize("name,holds", [
    ("Old King Harrow", True), ("Princess of Salt", True), ("the queen", True),
    ("Kingfisher", False), ("Queen's Guard", False), ("Princeling", False), ("King-Slayer", True),
])
def test_a_name_holds_a_word_only_as_a_whole_word(name, holds):
    """A word of a name is a run of letters (an inner apostrophe kept), case aside."""
    assert name_holds(name, frozenset({"king", "queen", "princess"})) is holds


def test_a_royal_is_one_by_its_name_or_by_its_header():
    """has_subtype 'royal': by a royal word of the name, or the subtype declared."""
    game = sorcery_game(CARDS, "royals.cards")
    put(game, "Field", "alice", 3)
    names = ["Old King Harrow", "Princess of Salt", "Kingfisher", "Queen's Guard", "Heir"]
    royal = {n for n in names if game.has_subtype(put(game, n, "alice", 3), "royal")}
    assert royal == {"Old King Harrow", "Princess of Salt", "Heir"}


def test_the_ruleset_declares_the_royal_words_and_the_core_none():
    """The words are Sorcery's data; a bare language reads no subtype in names."""
    assert rulesets.get("sorcery").language.name_subtypes["royal"] == \
        frozenset({"king", "queen", "prince", "princess"})
    assert Language("bare").name_subtypes == {}


def test_a_royal_by_name_is_chosen_by_a_selector_and_non_royal_leaves_it():
    """'each Royal' and 'non-Royal minions' read the name test too."""
    from cardscript.compiler import compile_files
    from cardscript.grammar import parse_text
    game = sorcery_game(CARDS, "royals.cards")
    lang = rulesets.get("sorcery").language
    spells = compile_files([parse_text('card "Purge": magic, cost 1\n'
                                       '  Deal 1 damage to each non-Royal minion.\n', "p.cards")],
                           lang, base=game.templates)
    sel = dict(spells["Purge"].abilities[0].effect.args)["what"]
    put(game, "Field", "alice", 3)
    king, bird = put(game, "Old King Harrow", "bob", 3), put(game, "Kingfisher", "bob", 3)
    assert not game.matches(sel, king, None) and game.matches(sel, bird, None)
