"""The selector reader's shortcuts (language/card_reader.py, selector_tail.py, reader.py) read
exactly what the long way reads: a noun that ends the adjectives at once, area and region
words looked for only after one of their first words, a lone card name made at once, and one
reader a language."""

from __future__ import annotations

import pytest

from conftest import load_script
from cardscript.compiler import compile_files
from cardscript.grammar import parse_many
from cardscript.language import card_reader, selector_tail
from cardscript.language.reader import Reader
from cardscript.language.selectors import Selector
from cardscript.rulesets import get
from cardscript.rulesets.sorcery.language import build_language

cardgen = load_script("benchmarks/cardgen.py", "cardgen")


@pytest.fixture(scope="module")
def read_words():
    """Every run of words the compile of 1,000 generated cards read as cards, with the
    language that read them."""
    lang = build_language()
    files = cardgen.generate_files(1000)
    compile_files(parse_many([(text, path) for path, text in files]), lang)
    return lang, list(lang._memo[("__cards__",)])


def _long_way(monkeypatch):
    """The reader with its shortcuts off."""
    monkeypatch.setattr(card_reader.CardReader, "_noun_stops", lambda self: frozenset())
    monkeypatch.setattr(card_reader.CardReader, "_lone_name_plain", lambda self: False)
    monkeypatch.setattr(selector_tail.TailReader, "_tail_openers",
                        lambda self: selector_tail._ANY_WORD)


def test_shortcuts_read_what_the_long_way_reads(read_words, monkeypatch):
    """Each selector read with the shortcuts equals the one read without them, its text too."""
    lang, runs = read_words
    quick = [Reader(lang)._read_cards(words) for words in runs]
    _long_way(monkeypatch)
    slow = [Reader(build_language())._read_cards(words) for words in runs]
    assert len(runs) > 300 and any(len(w) == 1 and isinstance(w[0], tuple) for w in runs)
    assert quick == slow
    assert [s.text if s else None for s in quick] == [s.text if s else None for s in slow]


def test_a_lone_name_is_a_card_of_that_name():
    """A lone quoted name reads as the plain selector of a card of that name, at once."""
    reader = Reader(build_language())
    sel = reader._read_cards((("name", "Ember Imp"),))
    assert sel == Selector(pick="name", name="Ember Imp") and sel.text == '"Ember Imp"'
    assert reader._lone_name_plain() is True


def test_noun_stops_are_nouns_no_adjective_takes():
    """The nouns that end the adjectives are nouns, none of them a side noun or a trait."""
    lang = get("sorcery").language
    stops = Reader(lang)._noun_stops()
    assert "minion" in stops and "minions" in stops
    assert all(Reader(lang)._noun(w)[0] is not None for w in stops)
    assert not stops & (set(lang.side_nouns) | set(lang.place_traits) | set(lang.kind_traits))


def test_one_reader_a_language():
    """A language keeps one reader; another language has its own."""
    a, b = build_language(), build_language()
    assert Reader.of(a) is Reader.of(a)
    assert Reader.of(a) is not Reader.of(b) and Reader.of(b).lang is b


def test_an_unknown_slot_type_is_a_key_error():
    """A shape whose slot type has no reader is a bug of its ruleset: KeyError, named."""
    with pytest.raises(KeyError, match="no reader for slot type 'nothing'"):
        Reader(build_language()).read("nothing", ("x",))
