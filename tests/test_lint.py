"""`cardscript lint`: golden output per rule (a bad file beside a good one), configuration,
inline ignores, fixes, output formats and exit status.

Layout of `tests/lint_cases/` (black's `tests/data/cases`): `CODE_bad.cards` breaks rule
CODE, `CODE_good.cards` is the same card written well; `NAME.expected` beside each holds the
exact output of `cardscript lint FILE`. A second line `# lint: ARGS` adds arguments.
Regenerate after a deliberate change of wording with
`CARDSCRIPT_REGEN=1 python -m pytest tests/test_lint.py`, then read the diff by eye.
"""

from __future__ import annotations

import json
import os
import shlex

import pytest

from conftest import ROOT, load_script, run_cli
from cardscript.lint.config import RULES

CASES_DIR = ROOT / "tests" / "lint_cases"
CASES = sorted(CASES_DIR.glob("*.cards"))
REGEN = bool(os.environ.get("CARDSCRIPT_REGEN"))


def _lint(monkeypatch, *argv):
    monkeypatch.chdir(ROOT)
    return run_cli("lint", *argv)


def _args(case) -> list[str]:
    second = case.read_text(encoding="utf-8").split("\n")[1]
    return shlex.split(second[len("# lint:"):]) if second.startswith("# lint:") else []


def test_every_rule_has_a_bad_and_a_good_case():
    """Each rule code has CODE_bad.cards and CODE_good.cards with their expected output."""
    for code in RULES:
        for side in ("bad", "good"):
            case = CASES_DIR / f"{code}_{side}.cards"
            assert case.exists(), case.name
            assert REGEN or case.with_suffix(".expected").exists(), case.name


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_lint_case(case, monkeypatch):
    """The output of `cardscript lint` on one case is its golden text; bad exits 1, good 0."""
    rel = case.relative_to(ROOT).as_posix()
    status, out, err = _lint(monkeypatch, rel, *_args(case))
    expected = case.with_suffix(".expected")
    if REGEN:
        expected.write_text(out, encoding="utf-8")
    assert out == expected.read_text(encoding="utf-8")
    assert err == ""
    code = case.stem.split("_")[0]
    if case.stem.endswith("_bad"):
        assert status == 1 and f"[{code}]" in out
    else:
        assert status == 0 and "no findings" in out


def test_a_trigger_on_a_happening_the_game_never_makes(tmp_path, monkeypatch):
    """L009 finds a trigger on a happening its game does not make. The built-in games leave
    such patterns out of their languages (check refuses the card: E201), so the game here
    is Mage Noir told it never makes 'draw'."""
    from cardscript.rulesets import get
    ruleset = get("mage_noir")
    monkeypatch.setattr(ruleset, "happenings", ruleset.happenings - {"draw"})
    card = tmp_path / "vigil.cards"
    card.write_text('# ruleset: mage_noir\n\ncard "Ember Vigil": equipment, cost 2\n'
                    "  Fire, Channeled\n  Whenever you draw a card, draw a card.\n",
                    encoding="utf-8")
    status, out, _ = _lint(monkeypatch, str(card))
    assert status == 1
    assert "[L009]: 'draw' never happens under mage_noir" in out


def test_bundled_pools_are_clean_and_formatted(monkeypatch):
    """CI: lint cards/ finds nothing (all rules too); fmt --check cards/ changes nothing."""
    status, out, err = _lint(monkeypatch, "cards/")
    assert status == 0, out + err
    assert out.startswith("ok: ") and "no findings" in out
    status, out, err = _lint(monkeypatch, "cards/", "--select", "L")     # L002 too
    assert status == 0, out + err
    status, out, err = run_cli("fmt", "--check", "cards/")
    assert status == 0, out + err
    assert "0 file(s) would be reformatted" in err


def test_usage_errors_exit_2(monkeypatch, tmp_path):
    """A missing path, an unknown rule code and a bad configuration are usage errors (2)."""
    status, _, err = _lint(monkeypatch, "no/such/folder")
    assert status == 2 and "no such file or folder" in err
    status, _, err = _lint(monkeypatch, "cards/", "--select", "L777")
    assert status == 2 and "unknown rule code 'L777'" in err
    bad = tmp_path / "pyproject.toml"
    bad.write_text('[tool.cardscript.lint]\nselct = ["L001"]\n', encoding="utf-8")
    status, _, err = _lint(monkeypatch, "cards/", "--config", str(bad))
    assert status == 2 and "unknown key 'selct'" in err
    bad.write_text('[tool.cardscript.lint.conventions]\namounts = "roman"\n', encoding="utf-8")
    status, _, err = _lint(monkeypatch, "cards/", "--config", str(bad))
    assert status == 2 and "amounts must be one of digits, words" in err


def _project(tmp_path, cards: str, config: str = "") -> str:
    (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8")
    folder = tmp_path / "sorcery"
    folder.mkdir()
    (folder / "set.cards").write_text(cards, encoding="utf-8")
    return str(folder / "set.cards")


BAD = ('card "Quiet Owl": minion, cost 2, power 1\n'
       "  Genesis: draw a spell.\n"
       "  When you cast a spell, deal one damage to each unit here.\n")


def test_config_select_ignore_per_file_and_conventions(tmp_path, monkeypatch):
    """select, ignore, per-file-ignores and a pool's conventions from pyproject.toml apply."""
    path = _project(tmp_path, BAD, '[tool.cardscript.lint]\nselect = ["L004"]\n')
    monkeypatch.chdir(tmp_path)
    status, out, _ = run_cli("lint", path)
    assert status == 1 and "[L004]" in out and "[L006]" not in out and "[L008]" not in out
    (tmp_path / "pyproject.toml").write_text(
        '[tool.cardscript.lint]\nignore = ["L004", "L006"]\n', encoding="utf-8")
    status, out, _ = run_cli("lint", path)
    assert "[L008]" in out and "[L004]" not in out and "[L006]" not in out
    (tmp_path / "pyproject.toml").write_text(
        '[tool.cardscript.lint]\nper-file-ignores = {"sorcery/*" = ["L0"]}\n', encoding="utf-8")
    status, out, _ = run_cli("lint", path)
    assert status == 0 and "no findings" in out
    (tmp_path / "pyproject.toml").write_text(
        '[tool.cardscript.lint.conventions.sorcery]\namounts = "words"\n'
        'label-separator = ":"\ncapitalise-after-label = false\nprefer = ["when"]\n',
        encoding="utf-8")
    status, out, _ = run_cli("lint", path)
    assert status == 0, out


def test_ignore_comment_on_the_header_covers_the_card(tmp_path, monkeypatch):
    """`# cardscript: ignore[CODE]` on a card's header line ignores CODE in the whole card."""
    text = BAD.replace("power 1\n", "power 1  # cardscript: ignore[L004, L006, L008]\n")
    path = _project(tmp_path, text)
    monkeypatch.chdir(tmp_path)
    status, out, _ = run_cli("lint", path)
    assert status == 0, out


def test_fix_makes_the_safe_fixes_and_keeps_the_templates(tmp_path, monkeypatch):
    """--fix writes the fixes (same templates, then clean); --diff only shows them."""
    path = _project(tmp_path, BAD)
    monkeypatch.chdir(tmp_path)
    status, out, _ = run_cli("lint", path, "--diff")
    assert status == 1
    assert "-  Genesis: draw a spell." in out and "+  Genesis → Draw a spell." in out
    assert open(path, encoding="utf-8").read() == BAD
    status, out, _ = run_cli("lint", path, "--fix")
    assert status == 0, out
    fixed = open(path, encoding="utf-8").read()
    assert fixed == ('card "Quiet Owl": minion, cost 2, power 1\n'
                     "  Genesis → Draw a spell.\n"
                     "  Whenever you cast a spell, deal 1 damage to each unit here.\n")
    assert run_cli("lint", path)[0] == 0


def test_json_and_sarif_output(tmp_path, monkeypatch):
    """--format json lists the findings with code, place and fixability; sarif is SARIF 2.1.0."""
    path = _project(tmp_path, BAD)
    monkeypatch.chdir(tmp_path)
    status, out, _ = run_cli("lint", path, "--format", "json")
    data = json.loads(out)
    assert status == 1 and data["ok"] is False and data["cards"] == 1
    codes = [f["code"] for f in data["findings"]]
    assert codes == ["L006", "L008", "L004"]
    assert data["findings"][0] == {"code": "L006", "file": path, "line": 2, "column": 3,
                                   "message": "this pool writes the label as 'Genesis →'",
                                   "fixable": True}
    status, out, _ = run_cli("lint", path, "--format", "sarif")
    sarif = json.loads(out)
    assert sarif["version"] == "2.1.0"
    assert [r["ruleId"] for r in sarif["runs"][0]["results"]] == codes


def test_a_card_that_does_not_compile_is_an_error_finding(tmp_path, monkeypatch):
    """A card that does not compile is an E finding; the other cards are still linted."""
    path = _project(tmp_path, 'card "A": minion, cost 1, power 1\n  Genesis → Dance.\n\n'
                              'card "B": minion, cost 1, power 1\n  airborne\n')
    monkeypatch.chdir(tmp_path)
    status, out, _ = run_cli("lint", path)
    assert status == 1
    assert "error[E201]" in out and "warning[L005]" in out


def test_a_keyword_line_may_end_in_reminder_text():
    """'Airborne (reminder)' reads as the keyword line 'Airborne' (what L007 checks)."""
    from cardscript.grammar import parse_text
    card = parse_text('card "A": minion, cost 1, power 1\n  Airborne (it flies)  # note\n').cards[0]
    assert [type(a).__name__ for a in card.abilities] == ["KeywordLine"]
    assert card.abilities[0].text == "Airborne"


def test_usage_error_in_json_is_json(monkeypatch):
    """With --format json a usage error is still a JSON object (and exit 2)."""
    status, out, _ = _lint(monkeypatch, "no/such/folder", "--format", "json")
    data = json.loads(out)
    assert status == 2 and data["ok"] is False
    assert data["diagnostics"][0]["code"] == "E001"


def test_corpus_script_reads_a_corpus_named_on_its_command_line(tmp_path, capsys):
    """corpus_lint.py reads a corpus named on its command line; prints figures only."""
    script = load_script("scripts/corpus_lint.py")
    corpus = tmp_path / "corpus.yaml"
    corpus.write_text(
        "- {identifier: gorse_imp, name: Gorse Imp, card_type: minion, type_line: An imp,\n"
        "   mana_cost: '2', power: '1', rules_box: 'Genesis → Draw one spell.'}\n"
        "- {identifier: slate_owl, name: Slate Owl, card_type: minion, type_line: An owl,\n"
        "   mana_cost: '3', power: '2', rules_box: 'When Slate Owl dies, draw a spell.'}\n",
        encoding="utf-8")
    assert script.main(["--corpus", str(corpus), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["cards"] == 2 and figures["imported"] == 2
    assert figures["compile"] == figures["round_trip"] >= 1
    assert figures["templates"] == figures["rendered_round_trip"] == figures["compile"]
    assert figures["findings"].get("L003") == 1          # 'Slate Owl' names itself
    assert script.main(["--corpus", str(tmp_path / "missing.yaml")]) == 2


TWO_PLAYER_WORDS = ('card "Brass Summons": action, cost 1\n'
                    "  Your opponent loses 2 life. Look at the opponent's hand.\n")


def _l012(text: str, player_count) -> list:
    from dataclasses import replace
    from cardscript import rulesets
    from cardscript.lint.opponents import two_player_words
    from cardscript.grammar import parse_text
    from cardscript.lint.rules import PoolCard
    ruleset = replace(rulesets.get("grand_archive"), player_count=player_count)
    node = parse_text(text, "t.cards").cards[0]
    return two_player_words([PoolCard(node, None, "t.cards", text.split("\n"))], ruleset)


def test_l012_says_whether_the_word_is_certainly_or_possibly_wrong():
    """Two players only: nothing; 2 to 4 or 2 or more: possibly wrong; 3 and up: always R104.
    'the opponent' and the possessive are found too, each with the words it covers."""
    assert _l012(TWO_PLAYER_WORDS, (2, 2)) == []
    maybe = _l012(TWO_PLAYER_WORDS, (2, 4))
    assert [(f.line, f.column, f.end_column) for f in maybe] == [(2, 3, 16), (2, 39, 53)]
    assert "grand_archive allows 2 to 4 players, and with more than two the run stops" \
        in maybe[0].message
    assert "allows 2 or more players" in _l012(TWO_PLAYER_WORDS, (2, None))[0].message
    always = _l012(TWO_PLAYER_WORDS, (3, 6))
    assert "every grand_archive game has 3 to 6 players: the run always stops here with " \
        "R104" in always[0].message
    assert maybe[0].suggest == ("Each opponent", "An opponent", "Target opponent")
    assert maybe[1].suggest == ("an opponent's",)
    assert not maybe[0].fix and "'each opponent'" in maybe[0].hint
    assert "an opponent's" in maybe[1].hint and "each opponent" not in maybe[1].hint


def test_l012_has_no_fix_and_its_hint_is_in_the_json(tmp_path, monkeypatch):
    """--fix leaves L012 as it is (a replacement changes what the card does) and makes the
    file's safe fixes anyway; JSON carries the finding's hint."""
    folder = tmp_path / "grand_archive"
    folder.mkdir()
    path = folder / "set.cards"
    path.write_text('card "Brass Summons": action, cost 1\n  Your opponent loses two life.\n',
                    encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, out, _ = run_cli("lint", str(path), "--format", "json")
    found = {f["code"]: f for f in json.loads(out)["findings"]}
    assert found["L012"]["fixable"] is False and "target opponent" in found["L012"]["hint"]
    assert found["L004"]["fixable"] is True
    status, out, _ = run_cli("lint", str(path), "--fix")
    assert status == 1 and "[L012]" in out and "E007" not in out
    assert path.read_text(encoding="utf-8").endswith("Your opponent loses 2 life.\n")


def test_the_card_itself_in_a_trigger_on_a_card_never_in_play_is_reported_once(tmp_path):
    """'Whenever it attacks' on a magic is check's E203, which lint reports as the card's
    error without an L009 beside it; a magic's trigger on other cards stays L009 alone."""
    card = tmp_path / "chants.cards"
    card.write_text('# ruleset: sorcery\ncard "Hollow Chant": magic, cost 1\n'
                    "  Whenever it attacks, draw a spell.\n"
                    'card "Grave Chant": magic, cost 2\n'
                    "  Whenever a minion dies, draw a spell.\n", encoding="utf-8")
    status, out, _ = run_cli("lint", str(card), "--format", "json")
    found = [(f["code"], f["line"]) for f in json.loads(out)["findings"]]
    assert status == 1
    assert found == [("E203", 3), ("L009", 5)]
    status, _, err = run_cli("check", str(card))
    assert status == 1 and err.count("error[E203]") == 1 and "L009" not in err
