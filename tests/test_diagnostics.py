"""Golden diagnostics: every bad input prints a clear error, never a traceback.

Layout of `tests/golden/` (black's `tests/data/cases`, one file a side):

- `NAME.cards` or `NAME.yaml` is a bad input; `NAME.expected` beside it holds the exact
  stderr the CLI must print for it. A card file is run as `cardscript check FILE`, a
  scenario as `cardscript run FILE`.
- A first line `# cardscript: ARGS...` runs other arguments instead (shell-quoted; `{file}`
  stands for the case file), for the CLI's own errors (a missing path, `explain` of an
  unknown card). The line is a comment in both card text and YAML.
- `tests/golden/support/` holds files the cases refer to (a scenario's `cards:`); those are
  not cases.

The CLI runs in-process from the repository root with paths relative to it, so the
expected text is stable. Each case must exit 1 and print no "Traceback".

To regenerate the expectations after a deliberate change of wording:

    CARDSCRIPT_REGEN=1 python -m pytest tests/test_diagnostics.py

then read every changed `.expected` by eye (git diff): it must be *good*, not just current.
"""

from __future__ import annotations

import json
import os
import shlex

import pytest

from conftest import ROOT, run_cli

GOLDEN = ROOT / "tests" / "golden"
CASES = sorted(p for p in GOLDEN.iterdir() if p.suffix in (".cards", ".yaml"))
REGEN = bool(os.environ.get("CARDSCRIPT_REGEN"))
DIRECTIVE = "# cardscript:"


def _argv(case) -> list[str]:
    rel = case.relative_to(ROOT).as_posix()
    first = case.read_bytes().decode("utf-8", "replace").partition("\n")[0]
    if first.startswith(DIRECTIVE):
        return [a.replace("{file}", rel) for a in shlex.split(first[len(DIRECTIVE):])]
    return ["check", rel] if case.suffix == ".cards" else ["run", rel]


def _run_from_root(monkeypatch, argv) -> tuple[int, str, str]:
    monkeypatch.chdir(ROOT)
    status, out, err = run_cli(*argv)
    return status, out, err.replace(str(ROOT) + os.sep, "")


def test_there_are_enough_cases():
    """The golden folder holds at least 30 bad inputs, each with its expectation."""
    assert len(CASES) >= 30
    if not REGEN:
        missing = [c.name for c in CASES if not c.with_suffix(".expected").exists()]
        assert missing == [], f"cases without .expected: {missing}"


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_diagnostic(case, monkeypatch):
    """The bad input prints exactly its expected diagnostic on stderr and exits 1."""
    status, _, err = _run_from_root(monkeypatch, _argv(case))
    assert "Traceback" not in err
    expected = case.with_suffix(".expected")
    if REGEN:
        expected.write_text(err, encoding="utf-8")
    assert err == expected.read_text(encoding="utf-8")
    assert status == 1


def test_run_json_reports_the_error(monkeypatch):
    """`run --json` on a bad scenario prints ok: false and an error object, and exits 1."""
    status, out, err = _run_from_root(
        monkeypatch, ["run", "tests/golden/scenario_unknown_card.yaml", "--json"])
    assert status == 1 and "Traceback" not in err
    data = json.loads(out)
    assert data["ok"] is False
    e = data["error"]
    assert e["kind"] == "scenario" and e["code"] == "S013"
    assert e["message"] == "unknown card 'Firebolt'"
    assert e["hint"] == "did you mean 'Firebolts'?"
    assert (e["file"], e["line"], e["column"]) == (
        "tests/golden/scenario_unknown_card.yaml", 6, 12)


def test_run_json_reports_an_error_found_while_loading(monkeypatch):
    """A scenario that does not even load still prints the JSON contract with ok: false."""
    status, out, _ = _run_from_root(
        monkeypatch, ["run", "tests/golden/scenario_bad_yaml_indentation.yaml", "--json"])
    assert status == 1
    data = json.loads(out)
    assert data["ok"] is False and data["trace"] == []
    assert data["error"]["kind"] == "scenario" and data["error"]["line"] == 7


def test_run_json_reports_a_choice_error_at_its_line(monkeypatch):
    """An illegal answer found during the run points at the choice's line in the JSON."""
    status, out, _ = _run_from_root(
        monkeypatch, ["run", "tests/golden/choice_answer_not_legal.yaml", "--json"])
    assert status == 1
    e = json.loads(out)["error"]
    assert e["kind"] == "choice" and e["line"] == 14


def test_check_json_lists_diagnostics(monkeypatch):
    """`check --format json` prints every diagnostic with file, line, column, code and hint."""
    status, out, _ = _run_from_root(monkeypatch, [
        "check", "tests/golden/two_errors_in_one_file.cards",
        "tests/golden/verb_typo.cards", "--format", "json"])
    assert status == 1
    data = json.loads(out)
    assert data["ok"] is False
    diags = data["diagnostics"]
    assert len(diags) == 3
    for d in diags:
        assert {"file", "line", "column", "code", "message", "hint"} <= set(d)
    assert [(d["file"], d["line"], d["column"], d["code"]) for d in diags] == [
        ("tests/golden/two_errors_in_one_file.cards", 3, 37, "E103"),
        ("tests/golden/two_errors_in_one_file.cards", 5, 3, "E201"),
        ("tests/golden/verb_typo.cards", 2, 3, "E201"),
    ]
    assert diags[2]["hint"].startswith("did you mean 'deal'?")
    assert diags[2]["message"] == ("cannot read the effect 'Dela 1 damage to a unit you choose': "
                                   "unknown word 'Dela'")


def test_check_json_on_good_cards_is_ok(monkeypatch):
    """`check --format json` on the bundled pool reports no diagnostics."""
    status, out, _ = _run_from_root(monkeypatch, ["check", "cards/sorcery", "--format", "json"])
    assert status == 0
    data = json.loads(out)
    assert data["ok"] is True and data["diagnostics"] == [] and data["cards"] > 0


@pytest.mark.parametrize("word,candidates,expected", [
    ("damgae", ["damage", "draw"], "did you mean 'damage'?"),
    ("Airbone", ["airborne"], "did you mean 'airborne'?"),
    ("flooding", ["flooded", "tapped"], "did you mean 'flooded'?"),
    ("atr", ["at", "to"], "did you mean 'at'?"),
    ("power", ["owner", "return"], None),
    ("health", ["stealth", "return"], None),
    ("fire", ["five", "fight"], None),
])
def test_did_you_mean_only_when_close(word, candidates, expected):
    """A did-you-mean is offered for a slip of the keyboard, never for another word."""
    from cardscript.errors import did_you_mean
    assert did_you_mean(word, candidates) == expected
