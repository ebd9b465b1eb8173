"""Mutated card text never escapes as anything but a CardScriptError (no Python exception)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.grammar import parse_text
from cardscript.rulesets import get as get_ruleset

RULESETS = ["sorcery", "mage_noir", "grand_archive", "keyforge", "everrain"]
# Cards are fuzzed a few at a time, each with its own ruleset's language: short inputs keep
# each example fast.
CARDS = [(rs, "card " + c) for rs in RULESETS
         for c in (ROOT / "cards" / rs / "pool.cards").read_text(encoding="utf-8")
         .split("\ncard ")[1:]]
# CI runs the same 200 examples every time; CARDSCRIPT_FUZZ_EXAMPLES=5000
# CARDSCRIPT_FUZZ_RANDOM=1 explores further (fresh examples on each run).
EXAMPLES = int(os.environ.get("CARDSCRIPT_FUZZ_EXAMPLES", "200"))
RANDOM = bool(os.environ.get("CARDSCRIPT_FUZZ_RANDOM"))

# Characters and words that matter to the grammar, besides any character at all.
MARKS = list(',.:;"()#→-+\n\t ') + ["->", "\r\n", "é", "\x00"]
WORDS = ["then", "and", "if", "would", "instead", "while", "card", "whenever", "when", "after",
         "it", "that", "site", "that site", "this", "here", "target", "three times", "twice",
         "one at a time", "all at once", "choose one:", "Genesis →", "Tap →", '"Tawny"', '"',
         "each", "minion", "kill", "draw", "summon", "2", "+1", "you", "may", "or", "(x)", ".",
         # other rulesets' words
         "Play:", "Reap:", "Fight:", "Before Fight:", "Destroyed:", "Action:", "Omni:",
         "house", "aember", "armor", "ward", "+13+", "+", "story", "back", "crew", "treasure",
         "At any time:", "channeled", "mana", "HP", "level", "lineage", "Fast", "regalia",
         "memory", "glimpse", "your opponent may", "if you do", "if they don't"]


@st.composite
def mutated(draw):
    """Some cards of the pool with 1-4 random edits of characters or words."""
    start = draw(st.integers(0, len(CARDS) - 1))
    count = draw(st.integers(1, 3))
    ruleset = CARDS[start][0]
    text = "\n".join(c for rs, c in CARDS[start:start + count] if rs == ruleset)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["delete", "insert", "swap", "word_delete", "word_insert",
                                     "word_swap", "word_dup"]))
        if kind in ("delete", "insert", "swap"):
            # Mostly in a card's text, sometimes in its header line.
            low = draw(st.sampled_from([0, text.find("\n") + 1, text.find("\n") + 1]))
            i = draw(st.integers(low, max(low, len(text) - 1)))
            if kind == "delete":
                text = text[:i] + text[i + 1:]
            elif kind == "insert":
                ch = draw(st.one_of(st.sampled_from(MARKS), st.characters()))
                text = text[:i] + ch + text[i:]
            elif i + 1 < len(text):
                text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        else:
            words = text.split(" ")
            low = draw(st.sampled_from([0, 5, 5]))
            i = draw(st.integers(min(low, len(words) - 1), max(0, len(words) - 1)))
            if kind == "word_delete" and len(words) > 1:
                del words[i]
            elif kind == "word_insert":
                words.insert(i, draw(st.sampled_from(WORDS)))
            elif kind == "word_swap" and i + 1 < len(words):
                words[i], words[i + 1] = words[i + 1], words[i]
            elif kind == "word_dup":
                words.insert(i, words[i])
            text = " ".join(words)
    return ruleset, text


@pytest.fixture(scope="module")
def languages():
    return {rs: get_ruleset(rs).language for rs in RULESETS}


@settings(max_examples=EXAMPLES, deadline=None, derandomize=not RANDOM,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(case=mutated())
def test_mutated_cards_raise_only_cardscript_errors(languages, case):
    """Parse and compile of mutated card text (any ruleset's pool, with that ruleset's
    language) succeed or raise a CardScriptError that prints."""
    ruleset, text = case
    try:
        parsed = parse_text(text, "fuzz.cards")
        compile_files([parsed], languages[ruleset], collect=True)
    except CardScriptError as e:
        out = e.with_source(text).format()
        assert out.startswith("fuzz.cards:") or out.startswith("error[")
        assert "Traceback" not in out
