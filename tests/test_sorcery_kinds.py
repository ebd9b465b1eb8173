"""Sorcery's card kinds (rulesets/sorcery/kinds.py) and the selector words they bring."""

from __future__ import annotations

import pytest

from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import SemanticError
from cardscript.grammar import parse_text
from cardscript.language.reader import Reader
from cardscript.language.shapes import FAIL
from conftest import run_cli


@pytest.fixture(scope="module")
def lang():
    return rulesets.get("sorcery").language


def read(lang, text):
    return Reader(lang).read("cards", tuple(text.split()))


def test_a_subtype_reads_as_a_noun_singular_or_plural(lang):
    """'each Beast' and 'Beasts' name cards with the subtype, of any kind."""
    for text in ("each beast", "beasts"):
        sel = read(lang, text)
        assert sel.subtypes == ("beast",) and sel.kinds is None


def test_a_subtype_reads_as_an_adjective_before_a_noun(lang):
    """'a Mortal minion' is a minion with the subtype Mortal."""
    sel = read(lang, "a mortal minion")
    assert sel.subtypes == ("mortal",) and sel.kinds == frozenset({"minion"})


def test_a_kind_before_a_wider_noun_names_that_kind(lang):
    """'a magic spell', 'magic spells', 'each minion card': the kind's noun before a noun
    naming it and more is one noun of that kind, in the number of the last word."""
    one, each = read(lang, "a magic spell"), read(lang, "magic spells")
    assert one.kinds == each.kinds == frozenset({"magic"})
    assert (one.quant, each.quant) == ("one", "each")
    assert read(lang, "each minion card").kinds == frozenset({"minion"})
    assert read(lang, "a site or magic spell").kinds == frozenset({"site", "magic"})
    # only a wider noun: 'a spell magic' and 'a unit minion' name nothing
    assert read(lang, "a spell magic") is FAIL and read(lang, "a unit minion") is FAIL


def test_random_is_a_way_of_picking(lang):
    """'a random enemy minion' is picked by the game, not chosen."""
    sel = read(lang, "a random enemy minion")
    assert sel.pick == "random" and sel.controller == "opponent"


def test_its_bearer_names_the_holder(lang):
    """'its bearer' is the card that holds the source."""
    assert read(lang, "its bearer").holder


def test_a_header_subtype_the_game_does_not_have_is_an_error(lang):
    """A subtype no selector could read is E208, with a did-you-mean."""
    tree = parse_text('card "Odd": minion Beest, power 1\n', "<kinds test>")
    with pytest.raises(SemanticError) as err:
        compile_files([tree], lang)
    assert err.value.code == "E208" and "'beest'" in str(err.value)
    assert "beast" in str(err.value.hint)


def test_a_game_that_reads_no_subtypes_keeps_accepting_them():
    """A ruleset without a subtype list keeps any header subtype, as before."""
    lang = rulesets.get("grand_archive").language
    assert not lang.subtypes
    tree = parse_text('card "Odd": champion beest, cost 1\n', "<kinds test>")
    assert compile_files([tree], lang)["Odd"].subtypes == ("beest",)


def test_spellcaster_has_rules_now(lang):
    """Spellcaster is no longer a keyword without rules (E212)."""
    assert "spellcaster" in lang.keyword_rules


def test_a_bearer_line_of_keywords_is_one_grant_a_keyword_to_the_holder(lang):
    """'Bearer — Airborne and Lethal' compiles to two ongoing grants to 'its bearer'."""
    tree = parse_text('card "Cloak": artifact, cost 2\n  Bearer — Airborne and Lethal\n',
                      "<kinds test>")
    abilities = compile_files([tree], lang)["Cloak"].abilities
    assert [(a.kind, a.static[0].kind, dict(a.static[1])["keyword"]) for a in abilities] == [
        ("static", "grant", "airborne"), ("static", "grant", "lethal")]
    assert all(dict(a.static[1])["what"].holder for a in abilities)


def test_an_unknown_caster_is_an_error_at_the_caster_key(tmp_path):
    """`caster: Nobody` is S201 with the caret under that key's value, not under the spell."""
    path = tmp_path / "s.yaml"
    path.write_text("name: unknown caster\nruleset: sorcery\nplayers: [alice, bob]\n"
                    "setup:\n  alice:\n    hand: [Firebolts]\n"
                    "    realm:\n      - {card: Red Desert, id: d, at: 1}\n"
                    "actions:\n  - {player: alice, cast: Firebolts, caster: Nobody}\n",
                    encoding="utf-8")
    status, _, err = run_cli("run", str(path))
    assert status == 1
    assert f"{path}:10:46: error[S201]: illegal action: alice has no 'Nobody'" in err
    assert "caster: Nobody}\n" + " " * 47 + "^^^^^^" in err


def test_a_disabled_bearer_cannot_tap_for_its_artifact(tmp_path):
    """A disabled unit uses no abilities, so it pays no 'Bearer — Tap →' cost (S205)."""
    path = tmp_path / "s.yaml"
    path.write_text("name: disabled bearer\nruleset: sorcery\nplayers: [alice, bob]\n"
                    "setup:\n  alice:\n    spellbook: [Firebolts]\n    realm:\n"
                    "      - {card: Red Desert, at: 1}\n"
                    "      - {card: Azuridge Caravan, id: c, at: 1, disabled: true}\n"
                    "      - {card: Quillstone Satchel, id: q, carried_by: c}\n"
                    "actions:\n  - {player: alice, activate: q}\n", encoding="utf-8")
    status, _, err = run_cli("run", str(path))
    assert status == 1
    assert "error[S205]: illegal action: Quillstone Satchel's bearer Azuridge Caravan is " \
           "disabled" in err
