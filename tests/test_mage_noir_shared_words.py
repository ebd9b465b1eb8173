"""Mage Noir's share of the common vocabulary: each shared word kept means what it says
here, each left out is refused with the word the game prints; and the printed forms of
Permanents that name no subject or ask for HP."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.fmt.render import Renderer
from cardscript.grammar import parse_text
from cardscript.library import common_language
from cardscript.rulesets.mage_noir import shared_words
from cardscript.scenario.runner import load_pool

TABLES = {"verbs": shared_words.UNUSED_VERBS, "patterns": shared_words.UNUSED_PATTERNS,
          "conditions": shared_words.UNUSED_CONDITIONS}


def _lang():
    return rulesets.get("mage_noir").language


def _compile(text: str) -> dict:
    ruleset = rulesets.get("mage_noir")
    return compile_files([parse_text(text, "inline.cards")], ruleset.language,
                         base=load_pool(ruleset))


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_shared_entry_is_kept_or_left_out(table):
    """Each shared verb, pattern and condition is decided: in the language, or left out;
    the left-out lists name only shared entries, none of which is still read."""
    shared = {e.name for e in getattr(common_language(), table)}
    kept = {e.name for e in getattr(_lang(), table)}
    assert TABLES[table] <= shared
    assert not TABLES[table] & kept
    assert shared - TABLES[table] <= kept


@pytest.mark.parametrize("line, word, prints", [
    ("Kill target permanent.", "Kill", "destroy"),
    ("Heal target permanent.", "Heal", "gains 2 HP"),
    ("You lose 2 life.", "life", "HP"),
    ("Untap target permanent.", "Untap", "activating"),
    ("When this permanent dies, draw a card.", "dies", "destroyed"),
    ("When this permanent is killed, draw a card.", "killed", "destroyed"),
    ("Whenever you gain life, draw a card.", "life", "HP"),
    ("Whenever an opponent casts a spell, draw a card.", "casts", "prepared"),
])
def test_left_out_words_are_refused_naming_what_the_game_prints(line, word, prints):
    """A shared word the game has no use for is E201 at the word, and the hint names the
    game's own word."""
    with pytest.raises(CardScriptError) as info:
        _compile(f'card "X": spell, cost 1\n  Fire\n  {line}\n')
    assert info.value.code == "E201"
    assert f"'{word}' is no word of this game" in str(info.value)
    assert prints in info.value.hint


def test_destroy_is_read_by_the_games_own_verb():
    """'destroy' is Mage Noir's verb (Indestructible and a Permanent's own destruction),
    never the shared one."""
    out = _compile('card "X": spell, cost 1\n  Fire\n  Destroy target permanent.\n')
    step = out["X"].abilities[0].effect
    assert "destroy unless indestructible" in repr(step)


def _canonical(text: str) -> tuple[str, list]:
    lang = _lang()
    cards = _compile(text)
    renderer = Renderer(lang)
    tpl = next(iter(cards.values()))
    return renderer.card(tpl, known=cards), renderer.as_written


def test_lines_with_no_subject_are_about_the_card_itself():
    """'When put into play' and 'When destroyed' watch the card itself, and canonical text
    writes them with their trigger word, reading back as the same card."""
    text = ('card "X": permanent, cost 2, hp 2\n  Earth\n  When put into play, draw a card.\n'
            '  When destroyed, you gain 1 HP.\n')
    tpl = _compile(text)["X"]
    assert [ab.hook.happening for ab in tpl.abilities] == ["enter_play", "die"]
    assert all(ab.hook.filter == {"self_card": True} for ab in tpl.abilities)
    written, as_written = _canonical(text)
    assert as_written == []
    assert "put into play, draw a card." in written and "destroyed, you gain 1 HP." in written


def test_with_hp_asks_whether_the_card_prints_hp():
    """'with HP' / 'without HP' after the noun: a bound on the printed stat, written 'HP'."""
    text = ('card "X": spell, cost 1\n  Fire\n  Inflict 1 damage to each permanent with HP.\n'
            '  Destroy each permanent without HP.\n')
    tpl = _compile(text)["X"]
    assert "('hp', 'printed', True)" in repr(tpl.abilities[0])
    assert "('hp', 'printed', False)" in repr(tpl.abilities[0])
    written, as_written = _canonical(text)
    assert as_written == []
    assert "each permanent with HP." in written and "each permanent without HP." in written


def test_hp_is_written_in_capitals():
    """'lose 1 hp' as a player writes it reads, and canonical text writes 'HP'."""
    text = ('card "X": permanent, cost 1, hp 3\n  Earth\n'
            '  At the start of your turn, this permanent loses 1 hp, then you gain 1 hp.\n')
    written, _ = _canonical(text)
    assert "loses 1 HP" in written and "gain 1 HP" in written
    assert " hp." not in written and "1 hp" not in written
