"""cards/sorcery/README.md names every card file of the Sorcery pool and of its scenarios."""

from __future__ import annotations

from conftest import ROOT

SORCERY = ROOT / "cards" / "sorcery"
README = SORCERY / "README.md"


def test_every_pool_card_file_is_named_in_the_readme():
    """Each .cards file in cards/sorcery/ appears in the README as `name.cards`."""
    text = README.read_text(encoding="utf-8")
    files = sorted(p.name for p in SORCERY.glob("*.cards"))
    assert files and [f for f in files if f"`{f}`" not in text] == []


def test_every_scenario_card_file_is_named_in_the_readme():
    """Each .cards file in cards/sorcery/scenarios/cards/ appears as `scenarios/cards/name`."""
    text = README.read_text(encoding="utf-8")
    files = sorted(p.name for p in (SORCERY / "scenarios" / "cards").glob("*.cards"))
    assert files and [f for f in files if f"`scenarios/cards/{f}`" not in text] == []
