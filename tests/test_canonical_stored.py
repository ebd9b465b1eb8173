"""The canonical texts keep the cards: over every card file of the repository, what `explain
--text` writes and what `fmt --canonical` writes compile to the same templates as the file,
compared through the cache codec's JSON with the wording left out (`sameness.stored_meaning`),
and each is its own canonical text."""

from __future__ import annotations

import pytest

from conftest import ROOT
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.fmt.canonical import canonical_text
from cardscript.fmt.render import Renderer
from cardscript.fmt.sameness import meaning, stored_meaning
from cardscript.grammar import parse_text
from cardscript.lint.config import find_pyproject, load_config
from cardscript.lint.fmt_command import in_pool
from cardscript.rulesets.detect import ruleset_of
from cardscript.scenario.runner import load_pool

FILES = sorted(ROOT.glob("cards/**/*.cards")) + [ROOT / "docs/examples/tour/ember_imp.cards"]
PROJECT = load_config(find_pyproject(ROOT))


def _setting(path):
    ruleset = rulesets.get(ruleset_of(path, None).name)
    base = {} if in_pool(path, ruleset) else load_pool(ruleset)
    return ruleset, base, PROJECT.conventions_for(ruleset.name)


def _compile(text: str, ruleset, base: dict, path) -> dict:
    return compile_files([parse_text(text, str(path))], ruleset.language, base=base)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_rendered_text_of_every_card_stores_as_the_card(path):
    """Each card's canonical text (`explain --text`) compiles to the templates the card
    compiles to, stored alike, and renders to itself."""
    ruleset, base, conv = _setting(path)
    cards = _compile(path.read_text(encoding="utf-8"), ruleset, base, path)
    known = {**base, **cards}
    for name, tpl in cards.items():
        text = Renderer(ruleset.language, conv).card(tpl, known)
        back = _compile(text + "\n", ruleset, {**base, **{n: t for n, t in cards.items()
                                                          if n != name}}, path)
        assert stored_meaning(back, ruleset.language) == \
            stored_meaning({name: tpl}, ruleset.language), text
        assert Renderer(ruleset.language, conv).card(back[name], known) == text


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_fmt_canonical_of_every_file_stores_as_the_file_and_is_idempotent(path):
    """`fmt --canonical`'s wording of each file compiles to the same stored templates, and
    is its own canonical wording."""
    ruleset, base, conv = _setting(path)
    text = path.read_text(encoding="utf-8")
    canon = canonical_text(text, ruleset.language, conv, str(path))
    assert stored_meaning(_compile(canon, ruleset, base, path), ruleset.language) == \
        stored_meaning(_compile(text, ruleset, base, path), ruleset.language)
    assert canonical_text(canon, ruleset.language, conv, str(path)) == canon


def test_the_stored_view_tells_cards_apart_as_meaning_does():
    """Two wordings of one card store alike; a card that does otherwise does not."""
    sorcery = rulesets.get("sorcery")
    one = 'card "A": magic, cost 1\n  {}\n'
    same = [_compile(one.format(t), sorcery, {}, "<t>") for t in
            ("Deal 2 damage to each enemy minion here.", "Each enemy minion here takes 2 damage.")]
    other = _compile(one.format("Deal 3 damage to each enemy minion here."), sorcery, {}, "<t>")
    assert stored_meaning(same[0], sorcery.language) == stored_meaning(same[1], sorcery.language)
    assert stored_meaning(other, sorcery.language) != stored_meaning(same[0], sorcery.language)
    assert meaning(same[0]["A"]) == meaning(same[1]["A"]) != meaning(other["A"])
