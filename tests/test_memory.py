"""What a parsed and compiled card holds in memory, and what a compile leaves behind.

Byte counts, not timings: allocation is the same from run to run, so a budget can be
asserted here (benchmarks/run.py measures the same over 10,000 cards).
"""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

from conftest import load_script
from cardscript import syntax as ast
from cardscript.compiler import compile_files
from cardscript.errors import Span
from cardscript.grammar import get_parser, parse_many, parse_text
from cardscript.rulesets.sorcery.language import build_language

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def pool_files():
    mod = load_script("benchmarks/cardgen.py")
    return [(text, p) for p, text in mod.generate_files(1000)]


def test_a_word_holds_its_position_without_a_span_object():
    """A parsed word keeps file, line and columns in its own fields; `span` rebuilds the Span."""
    f = parse_text('card "A": minion, power 2\n  Deal 1 damage to "A".\n', "w.cards")
    deal = f.cards[0].abilities[0].effect.phrase.words[0]
    assert (deal.file, deal.line, deal.column, deal.end_line, deal.end_column) == \
        ("w.cards", 2, 3, 2, 7)
    assert deal.span == Span("w.cards", 2, 3, 2, 7)
    assert not any(isinstance(getattr(deal, n), Span) for n in ast.Word.__slots__)
    power = f.cards[0].header[1]
    assert power.span == Span("w.cards", 1, 19, 1, 26)
    assert not any(isinstance(getattr(power, n), Span) for n in ast.HeaderItem.__slots__)


def test_a_word_made_from_a_span_equals_one_made_from_its_parts():
    """Word and HeaderItem take a span or its five parts, and compare equal either way."""
    sp = Span("a.cards", 3, 4, 3, 9)
    assert ast.Word("x", "word", sp) == ast.Word("x", "word", None, "a.cards", 3, 4, 3, 9)
    assert ast.HeaderItem(("power",), 2, sp) == \
        ast.HeaderItem(words=("power",), value=2, file="a.cards", line=3, column=4, end_line=3,
                       end_column=9)


def test_cards_share_their_header_words_subtypes_and_flags():
    """Equal header word tuples, subtypes and flag sets of different cards are one object."""
    text = 'card "A": minion beast, power 1\ncard "B": minion beast, power 2\n'
    a, b = parse_text(text, "s.cards").cards
    assert a.header[1].words is b.header[1].words
    out = compile_files([parse_text(text, "s.cards")], build_language())
    assert out["A"].subtypes is out["B"].subtypes
    assert out["A"].flags is out["B"].flags


def test_a_signed_header_value_is_plain_text():
    """A signed value in a header is a str, not the lexer's token object."""
    f = parse_text('card "A": minion, power +2\n', "s.cards")
    assert f.cards[0].header[1].value.__class__ is str


def test_a_compile_leaves_no_cycles_behind(pool_files):
    """Lowering frees what it made as it goes: nothing is left for the cyclic collector."""
    parsed = parse_many(pool_files)
    compile_files(parsed, build_language())       # module-level first-use caches filled
    lang = build_language()
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        out = compile_files(parsed, lang)         # a fresh language: every phrase matched
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
    assert len(out) == 1000


def test_a_parsed_and_compiled_card_holds_at_most_4_kb(pool_files):
    """The benchmark's memory row in small: the ASTs and templates of 1,000 cards, < 4 KB a card."""
    get_parser()
    # What a first compile builds once a process (compiled patterns, module tables) is made
    # here, with a language of its own, so the figure does not depend on which test ran first;
    # the language measured is fresh, its memo filled inside the measure as the benchmark's is.
    compile_files(parse_many(pool_files[:50]), build_language())
    lang = build_language()
    gc.collect()
    tracemalloc.start()
    try:
        parsed = parse_many(pool_files)
        out = compile_files(parsed, lang)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(out) == 1000
    assert held / len(out) <= 4096, held / len(out)
