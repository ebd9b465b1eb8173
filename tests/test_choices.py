"""Order answers name every waiting event once; a wrong one is a precise error at the answer."""

from __future__ import annotations

import pytest

from scenario_text import KEYFORGE_EXTRA, run, scenario_yaml, where


# --- order answers -------------------------------------------------------------------------------

ORDER = f"""\
cards: [{KEYFORGE_EXTRA}]
setup:
  alice:
    battleline: [Seed Reaper]
    artifacts: [Harvest Bell, Watchful Eye]
actions:
  - {{player: alice, choose_house: untamed}}
  - {{player: alice, reap: Seed Reaper}}
choices:
  - {{player: alice, kind: order, answer: %s}}
"""


@pytest.mark.parametrize("answer,needle,words", [
    ("[Watchful Eye]", "[Watchful Eye]",
     "alice's order answer names 1 of the 3 items; it leaves out Seed Reaper, Harvest Bell"),
    ("[]", "[]", "alice's order answer names none of the 3 items"),
    ("Watchful Eye", "Watchful Eye}",
     "an order answer is a list naming each of the 3 items, got 'Watchful Eye'"),
    ("[Watchful Eye, Watchful Eye, Seed Reaper]", "Watchful Eye, Seed",
     "'Watchful Eye' is named 2 times in alice's order answer, but 1 of the items is"),
    ("[Watchful Eye, Seed Reaper, Harvest Bell, Seed Reaper]", "[Watchful",
     "alice's order answer names 4 items, but there are only 3 to order"),
    ("[Watchful Eye, Seed Reaper, Harvest Bel]", "Harvest Bel]",
     "'Harvest Bel' is not a legal answer to alice's order question"),
])
def test_an_order_answer_names_every_item_once(answer, needle, words):
    """Some, none, a bare name, a duplicate, too many, a typo: each a precise S302 error at
    the answer (or its item) listing every legal answer."""
    text = scenario_yaml("keyforge", ORDER % answer)
    result = run(text)
    assert not result["ok"]
    e = result["error"]
    assert e["code"] == "S302" and words in e["message"]
    assert "legal answers: Seed Reaper, Harvest Bell, Watchful Eye" in e["hint"]
    got, want = where(e, text, needle)
    assert got == want


def test_a_typo_in_an_order_answer_gets_a_suggestion():
    """A near miss of a legal answer gets a did-you-mean."""
    result = run(scenario_yaml("keyforge", ORDER % "[Watchful Eye, Seed Reaper, Harvest Bel]"))
    assert result["error"]["hint"].startswith("did you mean 'Harvest Bell'?")


def test_a_full_order_answer_is_followed():
    """Every item named once: the effects resolve in that order."""
    result = run(scenario_yaml("keyforge", ORDER % "[Harvest Bell, Seed Reaper, Watchful Eye]"))
    assert result["ok"], result["error"]
    sources = [e["source"] for e in result["trace"] if e["kind"] in ("triggered", "reap_effect")]
    assert sources == ["Harvest Bell", "Seed Reaper", "Watchful Eye"]


