"""The mutant list of scripts/mutants.py (its data, scripts/mutants.yaml) still fits the source it
mutates, and a malformed list is an error naming the entry (the run itself is a release check:
docs/testing.md)."""

from __future__ import annotations

import functools

import pytest

from conftest import ROOT, load_script

GAME = "src/cardscript/interpreter/game.py"


@functools.cache
def _script():
    """The script as a module (registered first: its dataclass needs its module to exist)."""
    return load_script("scripts/mutants.py", "cardscript_scripts_mutants")


def test_the_data_file_loads_and_every_name_is_unique():
    """scripts/mutants.yaml loads with the safe loader into mutants whose names are unique."""
    mutants = _script().load_mutants()
    names = [m.name for m in mutants]
    assert len(names) == len(set(names))
    assert all(m.where.startswith("scripts/mutants.yaml:") for m in mutants)


def test_every_mutant_still_applies():
    """Each original snippet occurs exactly once in its file, and each mutated file compiles."""
    assert _script().check_applies(ROOT) == []


def test_the_list_targets_resolution_rules():
    """At least 30 mutants, each in the engine, a ruleset, or a rule the shared library or the
    compiler holds for every game, each naming the rule it breaks."""
    mutants = _script().load_mutants()
    assert len(mutants) >= 30
    for m in mutants:
        assert m.file.startswith(("src/cardscript/interpreter/", "src/cardscript/rulesets/",
                                  "src/cardscript/library/", "src/cardscript/compiler/")), m.name
        assert m.rule, m.name


def test_what_a_run_copies_is_in_the_repository():
    """Each folder or file the runner copies for a suite exists, and the full suite leaves out
    the check of the list, which every mutant would fail."""
    script = _script()
    assert set(script.COPIED) <= set(script.COPIED_FULL)
    assert [n for n in script.COPIED_FULL if not (ROOT / n).exists()] == []
    assert "--ignore=tests/test_mutants.py" in script.SUITES["full"]


def test_every_mutant_is_accounted_for_in_the_docs():
    """docs/testing.md names every mutant, with its outcome in the latest run."""
    text = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    missing = [m.name for m in _script().load_mutants() if f"`{m.name}`" not in text]
    assert missing == []


def test_a_multi_line_snippet_keeps_its_indentation_and_last_newline():
    """A literal block with an indentation indicator keeps the snippet's leading spaces, and its
    chomping says whether the last newline belongs to it."""
    path = ROOT / "scripts" / "mutants.yaml"
    mutants = {m.name: m for m in _script().load_mutants(path)}
    assert mutants["split-inserts-root"].original == \
        "        for s in sig.inserts:\n            s.root_id = root_id\n"
    assert mutants["fizzle-off"].original == \
        '                self._put_away(ev)\n                return "fizzled"'
    assert mutants["er-test-path"].mutated == ""


GOOD = f"""{GAME}:
  - name: split-order
    rule: at a split, the triggers go first
    original: self._put_on(0, front + sig.inserts + [rest])
    mutated: self._put_on(0, sig.inserts + front + [rest])
"""

MALFORMED = {
    "a field missing": (GOOD.replace("    rule: at a split, the triggers go first\n", ""),
                        "2:5: error: mutant 'split-order' lacks 'rule'"),
    "an unknown field": (GOOD.replace("    original:", "    orignal:"),
                         "4:5: error: entry 1 of src/cardscript/interpreter/game.py: unknown "
                         "field 'orignal'", "did you mean 'original'?"),
    "a field given twice": (GOOD + "    rule: again\n", "6:5: error: entry 1 of "
                            "src/cardscript/interpreter/game.py: 'rule' given twice"),
    "an unknown file": (GOOD.replace("game.py", "gmae.py"),
                        "1:1: error: unknown file src/cardscript/interpreter/gmae.py"),
    "a file outside the source": (GOOD.replace(GAME, "src/cardscript/../../setup.py"),
                                  "1:1: error: 'src/cardscript/../../setup.py' is not a Python "
                                  "file under src/cardscript/"),
    "a file listed twice": (GOOD + GOOD.replace("split-order", "split-order-2"),
                            "6:1: error: src/cardscript/interpreter/game.py is listed twice",
                            "on line 1"),
    "a name used twice": (GOOD + GOOD.split(":\n", 1)[1],
                          "6:5: error: mutant 'split-order': the name is used twice",
                          "the first is on line 2"),
    "a value that is not text": (GOOD.replace("mutated: self._put_on(0, sig.inserts + front + "
                                              "[rest])", "mutated: false"),
                                 "5:14: error: 'mutated' of entry 1 of "
                                 "src/cardscript/interpreter/game.py must be text"),
    "no change": (GOOD.replace("sig.inserts + front", "front + sig.inserts"),
                  "2:5: error: mutant 'split-order': the mutated snippet is the original"),
    "no list under a file": (f"{GAME}: split-order\n",
                             "1:37: error: src/cardscript/interpreter/game.py holds no list"),
    "no mapping at the top": ("- split-order\n", "1:1: error: the mutant list is no mapping"),
    "broken YAML": (GOOD.replace("    rule:", "   rule:"), "error: not valid YAML"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_list_is_an_error_naming_the_entry(tmp_path, case):
    """Each malformed list raises one MutantListError, located, with the line and a caret."""
    text, *expected = MALFORMED[case]
    path = tmp_path / "mutants.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(_script().MutantListError) as caught:
        _script().load_mutants(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:"), message
    for part in expected:
        assert part in message, message
    assert "^" in message.splitlines()[2], message


def test_the_good_list_loads(tmp_path):
    """The list the malformed cases start from is itself well formed."""
    path = tmp_path / "mutants.yaml"
    path.write_text(GOOD, encoding="utf-8")
    [m] = _script().load_mutants(path)
    assert (m.name, m.file, m.where) == ("split-order", GAME, f"{path}:2")


def test_a_snippet_not_found_once_names_the_mutant(tmp_path):
    """--check's problems name the mutant and its entry's line when a snippet is gone."""
    path = tmp_path / "mutants.yaml"
    path.write_text(GOOD.replace("front + sig.inserts", "front + sig.nowhere"), encoding="utf-8")
    problems = _script().check_applies(ROOT, _script().load_mutants(path))
    assert problems == [f"split-order ({path}:2): its original snippet occurs 0 times in {GAME}"]


def test_the_command_reports_a_malformed_list_without_a_traceback(tmp_path, monkeypatch, capsys):
    """`mutants.py --check` on a malformed list prints the located error and exits 1."""
    path = tmp_path / "mutants.yaml"
    path.write_text(MALFORMED["a field missing"][0], encoding="utf-8")
    monkeypatch.setattr(_script(), "DATA", path)
    assert _script().main(["--check"]) == 1
    err = capsys.readouterr().err
    assert f"{path}:2:5: error: mutant 'split-order' lacks 'rule'" in err
    assert "Traceback" not in err


def test_the_example_entry_in_the_docs_is_the_one_in_the_list(tmp_path):
    """docs/testing.md's example of how to add a mutant is a real entry of the list, as written."""
    text = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    section = text[text.index("To add a mutant"):]
    start = section.index("```yaml\n") + len("```yaml\n")
    block = section[start:section.index("```\n", start)]
    path = tmp_path / "example.yaml"
    path.write_text(block, encoding="utf-8")
    [example] = _script().load_mutants(path)
    assert example in _script().load_mutants()
