"""`cardscript fmt`: golden layouts, the properties of the layout function, and the
command's --check, --diff and writes.

`tests/fmt_cases/NAME.cards` is an untidy file, `NAME.expected` its canonical layout
(regenerate with CARDSCRIPT_REGEN=1, then read the diff by eye).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, example, given, settings

from card_strategies import card_files
from conftest import ROOT, run_cli
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.fmt import format_text
from cardscript.fmt.sameness import same_cards, syntax
from cardscript.grammar import parse_text
from cardscript.scenario.runner import load_pool

CASES = sorted((ROOT / "tests" / "fmt_cases").glob("*.cards"))
REGEN = bool(os.environ.get("CARDSCRIPT_REGEN"))
SORCERY = rulesets.get("sorcery")


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_fmt_case(case):
    """The layout of each case is its golden text, and formatting that changes nothing."""
    text = case.read_bytes().decode("utf-8")
    out = format_text(text)
    expected = case.with_suffix(".expected")
    if REGEN:
        expected.write_bytes(out.encode("utf-8"))
    assert out == expected.read_bytes().decode("utf-8")
    assert format_text(out) == out


def test_pools_and_examples_are_in_canonical_layout():
    """Every card file of the repository is already laid out canonically."""
    for path in sorted(ROOT.glob("cards/**/*.cards")) + sorted(ROOT.glob("docs/**/*.cards")):
        text = path.read_text(encoding="utf-8")
        assert format_text(text) == text, path


def _compile(text):
    return compile_files([parse_text(text)], SORCERY.language, base=load_pool(SORCERY))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card_files())
@example(
    text='card "Ember Imp": minion, cost 1, power 0\n\n\ncard "Reed Sprite": minion, cost 1, power 0\nEach  time you cast a spell, deal 1 damage to each unit here.\n\n',
).via('discovered failure')
def test_fmt_is_idempotent_and_keeps_the_templates(text):
    """fmt is idempotent; on text that compiles it keeps the syntax and the templates."""
    out = format_text(text)
    assert format_text(out) == out
    try:
        before = _compile(text)
    except CardScriptError:
        return
    assert syntax(parse_text(out)) == syntax(parse_text(text))
    assert same_cards(_compile(out), before)


def test_layout_function_never_raises_on_broken_text():
    """Unclosed quotes and parentheses, lone arrows and stray marks are left readable."""
    for text in ['card "A\n', "  ( open\n", "->\n", 'card "A": minion\n  "\n', "\r", ""]:
        out = format_text(text)
        assert format_text(out) == out


UNTIDY = 'card  "Ember Imp" :minion,cost 2 ,power 1\n      Genesis->Draw a spell .\n'
TIDY = 'card "Ember Imp": minion, cost 2, power 1\n  Genesis → Draw a spell.\n'


def test_fmt_check_diff_and_write(tmp_path, monkeypatch):
    """--check/--diff write nothing (exit 1 on a change); fmt writes only on a change."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "sorcery" / "set.cards"
    path.parent.mkdir()
    path.write_text(UNTIDY, encoding="utf-8")
    status, out, err = run_cli("fmt", "--check", str(path))
    assert status == 1 and out == f"would reformat {path}\n"
    status, out, _ = run_cli("fmt", "--diff", str(path))
    assert status == 0 and "+  Genesis → Draw a spell." in out
    assert path.read_text(encoding="utf-8") == UNTIDY
    status, out, _ = run_cli("fmt", str(path))
    assert status == 0 and path.read_text(encoding="utf-8") == TIDY
    assert [p.name for p in path.parent.iterdir()] == ["set.cards"]     # no temporary left
    before = path.stat().st_mtime_ns
    os.utime(path, ns=(before - 10**9, before - 10**9))
    status, out, err = run_cli("fmt", str(path))
    assert status == 0 and path.stat().st_mtime_ns == before - 10**9  # not rewritten
    assert "0 file(s) reformatted, 1 left unchanged" in err


def test_fmt_leaves_a_file_that_does_not_parse(tmp_path):
    """A file that does not parse is reported (1) and untouched; a missing path exits 2."""
    path = tmp_path / "bad.cards"
    path.write_text('card "A": minion\n  Genesis → Draw a spell\n', encoding="utf-8")
    status, _, err = run_cli("fmt", str(path))
    assert status == 1 and "error[E103]" in err
    assert path.read_text(encoding="utf-8") == 'card "A": minion\n  Genesis → Draw a spell\n'
    assert run_cli("fmt", str(tmp_path / "missing"))[0] == 2


def test_fmt_json(tmp_path):
    """--format json says which files change, with their diff."""
    import json
    path = tmp_path / "set.cards"
    path.write_text(UNTIDY, encoding="utf-8")
    status, out, _ = run_cli("fmt", "--check", "--format", "json", str(path))
    data = json.loads(out)
    assert status == 1 and data["ok"] is False and data["checked"] == 1
    assert data["changed"][0]["file"] == str(path) and "+  Genesis" in data["changed"][0]["diff"]


def test_fmt_refuses_a_change_of_reading(tmp_path):
    """A layout that would read differently ('Each  time') is refused with E007."""
    path = tmp_path / "set.cards"
    text = 'card "A": magic, cost 1\n  Each  time you cast a spell, draw a spell.\n'
    path.write_text(text, encoding="utf-8")
    status, _, err = run_cli("fmt", "--ruleset", "sorcery", str(path))
    assert status == 1 and "error[E007]" in err and "would read differently" in err
    assert path.read_text(encoding="utf-8") == text


def test_fmt_canonical_writes_the_wording_and_honours_ignores(tmp_path, monkeypatch):
    """fmt --canonical writes the wording but what ignores keep; cards/ is canonical."""
    monkeypatch.chdir(ROOT)
    status, _, err = run_cli("fmt", "--canonical", "--check", "cards/")
    assert status == 0, err
    path = tmp_path / "sorcery" / "set.cards"
    path.parent.mkdir()
    path.write_text('card "A": minion, cost 1, power 1\n  Genesis: draw one spell.\n'
                    "  When you cast a spell, deal one damage to each unit here.  "
                    "# cardscript: ignore[L004]\n", encoding="utf-8")
    status, _, err = run_cli("fmt", "--canonical", str(path))
    assert status == 0, err
    assert path.read_text(encoding="utf-8") == (
        'card "A": minion, cost 1, power 1\n  Genesis → Draw one spell.\n'
        "  Whenever you cast a spell, deal one damage to each unit here.  "
        "# cardscript: ignore[L004]\n")
