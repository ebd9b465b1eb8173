"""Canonical wording: the round trip over every pool, and one canonical text per template
over generated cards."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_strategies import card_plans, wordings, write_card
from conftest import ROOT
from cardscript import rulesets
from cardscript.fmt import format_text
from cardscript.fmt.canonical import Conventions, canonical_text
from cardscript.fmt.sameness import compiles_alike
from cardscript.lint.config import find_pyproject, load_config
from cardscript.lint.fmt_command import in_pool
from cardscript.rulesets.detect import ruleset_of
from cardscript.scenario.runner import load_pool

FILES = sorted(ROOT.glob("cards/**/*.cards"))
PROJECT = load_config(find_pyproject(ROOT))
OTHER_WAY = Conventions(amounts="words", counts="digits", label_separator=":",
                        capitalise_after_label=False,
                        prefer=("when", "inflict", "destroyed", "kill", "dies"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
@pytest.mark.parametrize("conv", ["project", "default", "other way"])
def test_canonical_text_of_every_pool_compiles_to_the_same_templates(path, conv):
    """Canonical text of every card file compiles alike and is a fixed point."""
    name = ruleset_of(path, None).name
    ruleset = rulesets.get(name)
    c = {"project": PROJECT.conventions_for(name), "default": Conventions(),
         "other way": OTHER_WAY}[conv]
    text = path.read_text(encoding="utf-8")
    canon = canonical_text(text, ruleset.language, c, str(path))
    base = {} if in_pool(path, ruleset) else load_pool(ruleset)
    assert compiles_alike(text, canon, ruleset.language, base, str(path))
    assert canonical_text(canon, ruleset.language, c, str(path)) == canon
    if conv == "other way":
        assert canon != text or "Genesis" not in text


def test_the_pools_are_in_their_canonical_wording():
    """Under the project's conventions every pool line is canonical but ignored ones."""
    for path in FILES:
        name = ruleset_of(path, None).name
        text = path.read_text(encoding="utf-8")
        canon = canonical_text(text, rulesets.get(name).language,
                               PROJECT.conventions_for(name), str(path))
        for old, new in zip(text.split("\n"), canon.split("\n")):
            assert old == new or "cardscript: ignore[" in old or "/scenarios/" in str(path)


SORCERY = rulesets.get("sorcery")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card_plans(), st.lists(wordings(), min_size=2, max_size=4))
def test_one_canonical_text_per_template(plan, several):
    """All wordings of a generated card share one canonical text that compiles alike."""
    pool = load_pool(SORCERY)
    texts = [write_card(plan, w) for w in several]
    canon = {format_text(canonical_text(format_text(t), SORCERY.language)) for t in texts}
    assert len(canon) == 1
    for t in texts:
        assert compiles_alike(t, canon.copy().pop(), SORCERY.language, pool)
