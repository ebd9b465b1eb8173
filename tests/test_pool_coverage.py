"""Every card of every bundled pool is shown by at least one scenario with an expect block."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardscript.grammar import parse_file

ROOT = Path(__file__).resolve().parents[1]
POOLS = sorted(p for p in (ROOT / "cards").iterdir() if p.is_dir())


def _pool_names(pool: Path) -> list[str]:
    names = []
    for f in sorted(pool.glob("*.cards")):
        names.extend(c.name for c in parse_file(f).cards)
    return names


def _mentioned(node, out: set):
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("card", "cast", "play", "activate", "move", "attack", "target", "answer",
                     "materialize"):
                if isinstance(v, str):
                    out.add(v.split("#")[0])
            _mentioned(v, out)
    elif isinstance(node, list):
        for v in node:
            _mentioned(v, out)
    elif isinstance(node, str):
        out.add(node.split("#")[0])


def _shown(pool: Path) -> set:
    shown: set = set()
    for sc in pool.glob("scenarios/**/*.yaml"):
        data = yaml.safe_load(sc.read_text(encoding="utf-8"))
        if not data.get("expect"):
            continue
        _mentioned({"setup": data.get("setup"), "actions": data.get("actions"),
                    "expect": data.get("expect")}, shown)
    return shown


@pytest.mark.parametrize("pool", POOLS, ids=lambda p: p.name)
def test_every_pool_card_is_shown_by_a_scenario(pool):
    """No card of a pool goes untested."""
    names = _pool_names(pool)
    assert names, f"{pool} has no cards"
    shown = _shown(pool)
    missing = [n for n in names if n not in shown]
    assert missing == [], f"cards with no scenario: {missing}"


@pytest.mark.parametrize("pool", POOLS, ids=lambda p: p.name)
def test_no_card_name_is_declared_in_two_pool_files(pool):
    """A later file replaces an earlier card of the same name (a modder's override); inside one
    bundled pool that is a mistake: one of the two cards would never be played, and the pool
    could not be read from the cache (cardcache.py compiles it the slow way then)."""
    where: dict = {}
    twice = []
    for f in sorted(pool.rglob("*.cards")):
        if "scenarios" in f.relative_to(pool).parts:      # a scenario's own cards are not the pool
            continue
        for card in parse_file(f).cards:
            if card.name in where and where[card.name] != f.name:
                twice.append(f"{card.name}: {where[card.name]} and {f.name}")
            where.setdefault(card.name, f.name)
    assert twice == []


def test_sorcery_pool_matches_the_spec_table():
    """The Sorcery pool holds every card the pools spec lists for it."""
    spec = ROOT.parent / "shared" / "spec" / "pools.md"
    names = set(_pool_names(ROOT / "cards" / "sorcery"))
    required = {"Plumed Pegasus", "Ring of Morrigan", "Enchantress", "Fenvale Muse", "Grapple Shot",
                "Azuridge Caravan", "Lady Iseult", "Summer River", "Druid", "Tawny", "Red Desert",
                "Brother Knight", "Giant Shark", "Iceberg", "Bottomless Pit", "Apprentice Wizard",
                "Mariner's Curse", "Firebolts", "Tactical Move", "Windblast", "Peasant Revolt",
                "Maelström", "Boneyard", "Skeleton"}
    assert required <= names, sorted(required - names)
    if spec.exists():
        text = spec.read_text(encoding="utf-8")
        section = text.split("## sorcery", 1)[1].split("\n## ", 1)[0]
        listed = {line.split("|")[1].strip() for line in section.splitlines()
                  if line.startswith("| ") and not line.startswith("| card") and "---" not in line}
        assert listed <= names, sorted(listed - names)
