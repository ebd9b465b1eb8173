"""`cardscript import`: card data to .cards files, and the coverage report (docs/coverage.md)."""

from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT, load_script

FIXTURE = "tests/fixtures/import/cards.yaml"
GOLDEN = ROOT / "tests" / "fixtures" / "import" / "report.json"


@pytest.fixture
def imported(cli, tmp_path, monkeypatch):
    """The fixture's cards imported into a fresh folder: {identifier: text}."""
    monkeypatch.chdir(ROOT)
    status, out, err = cli("import", FIXTURE, "--out", str(tmp_path))
    assert status == 0, err
    assert out.strip() == f"wrote 8 card file(s) into {tmp_path}"
    return {p.stem: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.cards")}


def test_headers_are_built_from_the_fields(imported):
    """Kind, subtypes named by the type line, cost, power, the water flag and the rarity the
    type line opens with make the header."""
    headers = {k: next(ln for ln in v.splitlines() if ln.startswith("card "))
               for k, v in imported.items()}
    assert headers["lantern_moth"] == \
        'card "Lantern Moth": minion beast, cost 2, power 1, rarity ordinary'
    assert headers["kiln_spark"] == 'card "Kiln Spark": magic, cost 1, rarity ordinary'
    assert headers["tidewatch_novice"] == \
        'card "Tidewatch Novice": minion mortal, cost 3, power 2, rarity exceptional'
    assert headers["salt_marsh"] == 'card "Salt Marsh": site, water'
    assert headers["quiet_stone"] == 'card "Quiet Stone": relic, cost 2, rarity elite'
    assert headers["glass_golem"] == 'card "Glass Golem": minion golem, cost 4, rarity unique'
    assert headers["hill_ox"] == 'card "Hill Ox": minion beast, cost 2, power 3, rarity ordinary'


def test_a_rarity_later_in_the_type_line_is_not_the_cards():
    """Only the rarity word the type line opens with is read; one later in it is flavour."""
    from types import SimpleNamespace
    from cardscript.importer.data import rarity
    assert rarity(SimpleNamespace(type_line="Swift Magic to tease the Elite!")) is None
    assert rarity(SimpleNamespace(type_line="Unique Magic of a long night.")) == "unique"
    assert rarity(SimpleNamespace(type_line="Your Avatar of the lowlands.")) is None


def test_every_file_names_its_ruleset_first(imported):
    """Each written file starts with the Sorcery ruleset line."""
    assert all(text.startswith("# ruleset: sorcery\n") for text in imported.values())


def test_rules_text_is_kept_line_for_line(imported):
    """Printed lines stay as printed, save the listed normalisations (CR LF, curly quotes,
    trailing spaces, blank lines between paragraphs)."""
    assert imported["tidewatch_novice"].splitlines()[-2:] == [
        "  Genesis → Draw a spell.", "  Tap → Deal 1 damage to target enemy unit."]
    assert imported["kiln_spark"].endswith("  Deal 1 damage to target unit.\n")
    assert "  Carrier — This minion can't be moved.\n" in imported["quiet_stone"]
    assert "  (F)(F): Deal 2 damage to target minion.\n" in imported["ember_rite"]


def test_what_the_header_cannot_say_is_a_comment(imported):
    """A power of '*' becomes a comment, never a made-up header item."""
    assert "# power: * (no number is printed)\n" in imported["glass_golem"]


def test_thresholds_become_the_threshold_header_item(imported):
    """The data's thresholds, one letter an icon (FF), become `threshold fire fire`."""
    assert 'card "Ember Rite": magic, cost 2, threshold fire fire, rarity exceptional\n' in imported["ember_rite"]
    assert "# thresholds" not in imported["ember_rite"]


def test_threshold_words_read_letters_and_words_and_refuse_the_rest():
    """Letters and element words both read; anything else gives no header item."""
    from cardscript.importer.data import threshold_words
    assert threshold_words("WF x") == ()
    assert threshold_words("W F") == ("fire", "water")
    assert threshold_words("earth, air") == ("air", "earth")
    assert threshold_words(None) == ()


def test_a_card_with_no_rules_box_has_a_header_only(imported):
    """A card without a rules box is written as its header alone, and it compiles."""
    assert imported["hill_ox"].splitlines()[-1].startswith('card "Hill Ox"')


def test_the_cards_that_read_pass_check(imported, cli, tmp_path):
    """The imported files are card files `cardscript check` reads under Sorcery."""
    status, out, err = cli("check", str(tmp_path / "kiln_spark.cards"),
                           str(tmp_path / "tidewatch_novice.cards"))
    assert status == 0, err
    assert "from its ruleset line" in out and "ok: 2 cards" in out


def test_existing_files_are_not_overwritten(cli, tmp_path, monkeypatch):
    """With a file already in the folder nothing is written (E004) unless --force is given."""
    monkeypatch.chdir(ROOT)
    mine = tmp_path / "hill_ox.cards"
    mine.write_text("# mine\n", encoding="utf-8")
    status, out, err = cli("import", FIXTURE, "--out", str(tmp_path))
    assert status == 1 and "error[E004]" in err and "--force" in err
    assert "Traceback" not in err
    assert mine.read_text(encoding="utf-8") == "# mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hill_ox.cards"]
    status, _, err = cli("import", FIXTURE, "--out", str(tmp_path), "--force")
    assert status == 0, err
    assert mine.read_text(encoding="utf-8").startswith("# ruleset: sorcery")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_the_out_folder_must_exist(cli, tmp_path, monkeypatch):
    """An --out folder that is not there is an error, not a crash."""
    monkeypatch.chdir(ROOT)
    status, _, err = cli("import", FIXTURE, "--out", str(tmp_path / "nope"))
    assert status == 1 and "error[E004]: no such folder" in err


def test_import_needs_out_or_report(cli, monkeypatch):
    """`import FILE` alone says what it needs (E001)."""
    monkeypatch.chdir(ROOT)
    status, _, err = cli("import", FIXTURE)
    assert status == 1 and "error[E001]" in err and "--report" in err


def test_json_data_is_read_too(cli, tmp_path):
    """A JSON list of cards imports like YAML."""
    data = tmp_path / "cards.json"
    data.write_text(json.dumps([{"identifier": "pond_newt", "name": "Pond Newt",
                                 "card_type": "minion", "type_line": "An Ordinary Newt",
                                 "mana_cost": 1, "power": 1, "rules_box": "Submerge"}]),
                    encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    status, _, err = cli("import", str(data), "--out", str(out))
    assert status == 0, err
    assert (out / "pond_newt.cards").read_text(encoding="utf-8").splitlines()[-2:] == [
        'card "Pond Newt": minion, cost 1, power 1, rarity ordinary', "  Submerge"]


BAD = [
    ("a missing field", "- identifier: reed_cat\n  card_type: minion\n  type_line: A cat\n",
     "1:3", "card 1 has no 'name'"),
    ("a wrong type", "- identifier: reed_cat\n  name: Reed Cat\n  card_type: minion\n"
     "  type_line: A cat\n  mana_cost: [2]\n", "5:14", "'mana_cost' must be a number"),
    ("a rules box that is no text", "- identifier: reed_cat\n  name: Reed Cat\n"
     "  card_type: minion\n  type_line: A cat\n  rules_box: {a: 1}\n", "5:14",
     "'rules_box' must be text"),
    ("an unknown card type", "- identifier: reed_cat\n  name: Reed Cat\n  card_type: minon\n"
     "  type_line: A cat\n", "3:14", "unknown card_type 'minon'"),
    ("an identifier that is no file name", "- identifier: ../up\n  name: Up\n"
     "  card_type: minion\n  type_line: A cat\n", "1:15", "cannot name a file"),
    ("a rules line that would be a new card", "- identifier: reed_cat\n  name: Reed Cat\n"
     "  card_type: minion\n  type_line: A cat\n  rules_box: 'card \"Other\": minion'\n",
     "5:14", "would read as a new card"),
    ("not a list", "identifier: reed_cat\n", "1:1", "a card-data file is a list of cards"),
    ("broken YAML", "- identifier: [reed_cat\n", "1:15", "never closed"),
    ("an identifier used twice", "- {identifier: a, name: A, card_type: aura, type_line: x}\n"
     "- {identifier: a, name: B, card_type: aura, type_line: y}\n", "2:16", "used twice"),
]


@pytest.mark.parametrize("what,text,where,message", BAD, ids=[b[0] for b in BAD])
def test_bad_data_is_a_located_error(cli, tmp_path, what, text, where, message):
    """Bad card data is E020 at file:line:col with the line and a caret, never a traceback,
    and nothing is written."""
    data = tmp_path / "bad.yaml"
    data.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    status, _, err = cli("import", str(data), "--out", str(out))
    assert status == 1
    assert "Traceback" not in err
    assert re.search(rf"{re.escape(str(data))}:{where}: error\[E020\]: .*{re.escape(message)}",
                     err), err
    assert "^" in err and "hint:" in err
    assert list(out.iterdir()) == []


def _report(cli, *extra) -> tuple[int, str, str]:
    return cli("import", FIXTURE, "--report", *extra)


def test_report_json_matches_the_golden_file(cli, monkeypatch):
    """The fixture's coverage report, as JSON, is the golden file byte for byte."""
    monkeypatch.chdir(ROOT)
    status, out, err = _report(cli, "--format", "json")
    assert status == 0, err
    assert out == GOLDEN.read_text(encoding="utf-8")


def test_report_text_gives_the_same_figures(cli, monkeypatch):
    """The text report states the card and line figures of the JSON one."""
    monkeypatch.chdir(ROOT)
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    status, out, _ = _report(cli)
    assert status == 0
    c = data["cards"]
    assert out.startswith(f"cards with rules text: {c['with_text']} of {c['total']}; "
                          f"parse {c['parse']} ({c['parse_percent']}%), compile "
                          f"{c['compile']} ({c['compile_percent']}%)")
    for cause in data["causes"]:
        assert f"{cause['cards']:>5} {cause['lines']:>5}  {cause['cause']}" in out


def test_report_counts_what_compiles(cli, monkeypatch):
    """The fixture's keyword, Genesis, spell and trigger lines compile; the em-dash label and
    the threshold icons before a colon parse and are counted as failures with their cause;
    a card named in its own text is read as itself."""
    monkeypatch.chdir(ROOT)
    data = json.loads(_report(cli, "--format", "json")[1])
    kinds = data["by_line_kind"]
    assert kinds["keyword"] == {"lines": 1, "parse": 1, "compile": 1}
    assert kinds["Genesis →"]["compile"] == 1 and kinds["spell effect"]["compile"] == 1
    assert kinds["label —"] == {"lines": 1, "parse": 1, "compile": 0}
    assert kinds["threshold cost"] == {"lines": 1, "parse": 1, "compile": 0}
    causes = {c["cause"]: c for c in data["causes"]}
    assert causes["E207 an unknown label"]["cards"] == 1
    assert causes["E212 a threshold cost without rules"]["cards"] == 1
    assert "E201 self-reference by the card's own name" not in causes


def _key_paths(report: dict) -> set[str]:
    """Every field of the report as `a.b` (a row of a table is `*`, an item of a list `[]`)."""
    out = set()
    for key, value in report.items():
        out.add(key)
        if key in ("by_card_type", "by_line_kind"):
            for row in value.values():
                out |= {f"{key}.*.{k}" for k in row}
        elif key == "causes":
            out |= {f"causes[].{k}" for item in value for k in item}
        elif isinstance(value, dict):
            out |= {f"{key}.{k}" for k in value}
    return out


def test_every_report_field_is_documented():
    """docs/coverage.md's table of the JSON report names every field the report has."""
    doc = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    section = doc.split("## The JSON report", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([^`]+)` \|", section, re.M))
    report = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert _key_paths(report) <= documented, _key_paths(report) - documented
    assert documented <= _key_paths(report) | {"by_line_kind.*.lines"}


@pytest.mark.parametrize("line,card_type,kind", [
    ("Airborne, Lethal", "minion", "keyword"),
    ("Tap → Draw a spell.", "minion", "activated (Tap →)"),
    ("Genesis → Draw a spell.", "minion", "Genesis →"),
    ("Dusk → Draw a spell.", "minion", "other label →"),
    ("Wearer — Gain 1 life.", "relic", "label —"),
    ("(A)(A): Gain 1 life.", "magic", "threshold cost"),
    ("Whenever a minion dies, you gain 1 life.", "site", "trigger"),
    ("At the end of your turn, gain 1 life.", "site", "trigger"),
    ("If a minion here would die, instead gain 1 life.", "aura", "replacement"),
    ("When a minion here dies, gain 1 life instead.", "aura", "replacement"),
    ("Deal 1 damage to target unit.", "magic", "spell effect"),
    ("Units here have airborne.", "site", "ongoing"),
])
def test_line_kinds_come_from_the_form_of_the_line(line, card_type, kind):
    """A printed line's kind depends on its form alone, whether or not it reads."""
    from cardscript.importer.report import line_kind
    assert line_kind(line, card_type) == kind


@pytest.mark.parametrize("line,cause", [
    ("Tap → Deal 1 damage to this Egret.", "E205 self-reference 'this X' naming no subtype, "
                                           "kind or word of the card's name"),
    ("Tap → Whirl 2 times.", "E201 an unknown verb"),
    ("Tap → Fly a minion.", "E201 a game verb the vocabulary lacks (conjure, swap, pull, "
                             "give, ...)"),
    ("Armor +1", "E212 a keyword without rules"),
    ("Wearer — Gain 1 life.", "E207 an unknown label"),
    ("Bearer — Genesis → Draw a spell.", "E212 a label before '—' without rules (Bearer)"),
    ("(W)(W): Units here have Airborne.", "E212 a threshold cost without rules"),
    ("Draw a spell.", "E210 a one-off effect on a permanent with no trigger or label"),
])
def test_causes_are_classified_from_the_diagnostic(line, cause, tmp_path):
    """A failing line's cause is its diagnostic's code and the class of the word it names."""
    from cardscript.importer.data import load
    from cardscript.importer.report import coverage
    data = tmp_path / "one.yaml"
    data.write_text(json.dumps([{"identifier": "reed_heron", "name": "Reed Heron",
                                 "card_type": "minion", "type_line": "An Ordinary Heron",
                                 "mana_cost": 2, "power": 1, "rules_box": line}]),
                    encoding="utf-8")
    report = coverage(load(data))
    assert [c["cause"] for c in report["causes"]] == [cause]
    assert report["lines"]["compile"] == 0


def test_the_variants_benchmark_counts_one_word_changes():
    """benchmarks/variants.py on the fixture: every kind's variants are counted, and no more compile than were made."""
    variants = load_script("benchmarks/variants.py")
    fig = variants.measure(str(ROOT / FIXTURE))
    assert fig["lines"] > 0 and fig["variants"] > 0
    assert fig["variants"] == sum(k["variants"] for k in fig["kinds"].values())
    assert fig["compile"] == sum(k["compile"] for k in fig["kinds"].values())
    assert all(0 <= k["compile"] <= k["variants"] for k in fig["kinds"].values())
    assert "number" in fig["kinds"]           # the fixture's lines hold numbers


def test_the_variants_benchmark_counts_a_correct_refusal_apart_from_what_compiles():
    """benchmarks/variants.py: a variant refused with the rule (E216, E217) counts as
    refused, never as compiled; one that fails otherwise (E201) counts as neither."""
    variants = load_script("benchmarks/variants.py")
    assert variants.REFUSALS == {"E216", "E217"}

    class Err:
        def __init__(self, code):
            self.code = code
    assert variants._refused([Err("E217")]) and variants._refused([Err("E216")])
    assert not variants._refused([Err("E201")]) and not variants._refused([])
    assert not variants._refused([Err("E217"), Err("E201")])
    fig = variants.measure(str(ROOT / FIXTURE))
    assert fig["refused"] == sum(k["refused"] for k in fig["kinds"].values())
    assert all(0 <= k["refused"] <= k["variants"] - k["compile"] for k in fig["kinds"].values())


@pytest.mark.parametrize("script", ["coverage.py", "variants.py"])
def test_a_corpus_benchmark_skips_a_missing_corpus(tmp_path, script):
    """The corpus benchmarks, given a corpus path that is not there, say so and exit 0."""
    import subprocess
    import sys
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--corpus",
                        str(tmp_path / "absent.yaml")], capture_output=True, text=True,
                       cwd=ROOT, env={**__import__("os").environ,
                                      "PYTHONPATH": str(ROOT / "src")})
    assert r.returncode == 0 and "not found" in r.stdout