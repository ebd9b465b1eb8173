"""Phrasings a game reads but prints another way (fmt/printed_shapes.py, lint L014): the
declared pairs of every ruleset, the rewrite of each run of words between slots, a pair a
modder declares, and a pair that does not hold together."""

from __future__ import annotations

import pytest

from conftest import ROOT, run_cli
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import SemanticError
from cardscript.fmt.canonical import Conventions, canonical_text
from cardscript.fmt.printed_shapes import printed_pairs
from cardscript.fmt.sameness import compiles_alike
from cardscript.grammar import parse_text
from cardscript.language.registry import Language
from cardscript.lint.config import find_pyproject, load_config
from cardscript.scenario.runner import load_pool

KEYFORGE = load_config(find_pyproject(ROOT)).conventions_for("keyforge")


@pytest.mark.parametrize("name", sorted(rulesets.available()))
def test_every_declared_pair_is_two_shapes_of_one_entry(name):
    """Each ruleset's printed_shapes name shapes of one entry with the same slots (a pair
    that does not would stop the lint with a ValueError)."""
    lang = rulesets.get(name).language
    pairs = printed_pairs(lang)
    assert set(pairs) == set(lang.printed_shapes)
    for accepted, printed in pairs.values():
        assert accepted.text != printed.text


def test_keyforge_declares_fully_heal_and_the_start_of_a_turn():
    """KeyForge prints 'fully heal' for the bare 'heal' it reads, and 'at the start of'."""
    lang = rulesets.get("keyforge").language
    assert lang.printed_shapes["heal|heals {what:cards}"] == "fully heal|heals {what:cards}"
    assert lang.printed_shapes["at the beginning of your turn"] == "at the start of your turn"
    assert not rulesets.get("sorcery").language.printed_shapes


def _canonical(lang, text: str, conv=KEYFORGE) -> str:
    ruleset = rulesets.get("keyforge")
    canon = canonical_text(text, lang, conv)
    assert compiles_alike(text, canon, lang, load_pool(ruleset))
    assert canonical_text(canon, lang, conv) == canon
    return canon


@pytest.mark.parametrize("written,printed", [
    ("Play: heal a creature.", "Play: fully heal a creature."),
    ("Play: Heal a creature.", "Play: fully heal a creature."),
    ("Reap: you may heal each friendly creature.",
     "Reap: you may fully heal each friendly creature."),
    ("Fight: draw 1 card, then heal a friendly creature.",
     "Fight: draw 1 card, then fully heal a friendly creature."),
    ("At the beginning of your turn, heal a creature.",
     "At the start of your turn, fully heal a creature."),
    ("at the beginning of each turn, gain 1 aember.", "At the start of each turn, gain 1 aember."),
])
def test_keyforge_text_is_written_as_printed(written, printed):
    """A phrase read with an accepted shape is written in the printed one, with the label's
    and the sentence's capitals made in the same pass, and compiles alike."""
    text = f'# ruleset: keyforge\ncard "X": creature, house untamed, power 2\n  {written}\n'
    assert _canonical(rulesets.get("keyforge").language, text).split("\n")[2] == "  " + printed


def test_a_modders_pair_rewrites_the_words_between_slots_in_number():
    """A pair a modder declares on a copy of a language needs no code: the words between
    the slots are the printed shape's, a word of two forms agreeing with the one written
    ('is killed' -> 'dies', 'are killed' -> 'die'), each slot's words as written."""
    lang = Language("mod").extend(rulesets.get("keyforge").language)
    lang.name = "mod"
    lang.printed_shapes = {**lang.printed_shapes,
                           "{card:cards} is|are killed|destroyed": "{card:cards} die|dies"}
    text = ('# ruleset: keyforge\ncard "X": creature, house untamed, power 2\n'
            "  After an enemy creature is destroyed, gain 1 aember.\n"
            "  After two friendly creatures are killed, gain 1 aember.\n")
    lines = _canonical(lang, text, Conventions(label_separator=":", prefer=("after",),
                                               capitalise_after_label=False)).split("\n")
    assert lines[2:4] == ["  After an enemy creature dies, gain 1 aember.",
                          "  After two friendly creatures die, gain 1 aember."]


def test_a_pair_of_two_entries_or_other_slots_is_refused():
    """A pair whose shapes belong to two entries, or do not exist, is a ValueError naming it."""
    lang = Language("mod").extend(rulesets.get("keyforge").language)
    lang.printed_shapes = {"heal|heals {what:cards}": "destroy|destroys {what:cards}"}
    with pytest.raises(ValueError, match="two entries"):
        printed_pairs(lang)
    lang = Language("mod").extend(rulesets.get("keyforge").language)
    lang.printed_shapes = {"mend {what:cards}": "fully heal|heals {what:cards}"}
    with pytest.raises(ValueError, match="no entry has"):
        printed_pairs(lang)


def test_lint_fix_writes_the_printed_phrasing(tmp_path, monkeypatch):
    """`lint --fix` rewrites L014's findings, and the file is then clean."""
    path = tmp_path / "medic.cards"
    path.write_text('# ruleset: keyforge\n\ncard "Brook Tender": creature, house untamed, '
                    'power 2\n  Reap: heal a friendly creature.\n', encoding="utf-8")
    monkeypatch.chdir(ROOT)
    status, out, _ = run_cli("lint", "--fix", str(path))
    assert status == 0, out
    assert "  Reap: fully heal a friendly creature." in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("text", [
    "Play: heal 2 damage from each friendly creature.",
    "Reap: heal 3 damage from a creature.",
    "Reap: heal damage equal to its power from a creature.",
])
def test_keyforge_heals_an_amount_as_printed(text):
    """'heal N damage from CARDS' is a shape of the shared heal that KeyForge prints: it
    compiles to the heal verb with its number, and canonical text writes it as it is."""
    lang = rulesets.get("keyforge").language
    card = f'# ruleset: keyforge\ncard "X": creature, house untamed, power 2\n  {text}\n'
    assert _canonical(lang, card).split("\n")[2] == "  " + text
    step = compile_files([parse_text(card, "t.cards")], lang)["X"].abilities[0].effect
    assert step.verb.name == "heal" and dict(step.args)["n"] is not None


@pytest.mark.parametrize("name", ["sorcery", "grand_archive"])
def test_keyforge_heals_an_amount_other_games_do_not_read_it(name):
    """Sorcery ('heal': all damage; 'you heal N') and Grand Archive ('recover N') print no
    'heal N damage from': an unknown phrase (E201) that names what follows 'heal'."""
    kind = {"sorcery": "magic", "grand_archive": "action"}[name]
    card = f'card "X": {kind}\n  Heal 2 damage from target ally.\n'
    with pytest.raises(SemanticError) as info:
        compile_files([parse_text(card, "t.cards")], rulesets.get(name).language)
    assert info.value.code == "E201"
    assert "heal <cards>" in (info.value.hint or "")
