"""The language server's modules without a client: quick fixes (fixes.py), completion
(complete.py), card names in files (names.py), hover (hover.py) and the ruleset a file is
read with (analysis.py)."""

from __future__ import annotations

from cardscript.lsp import complete, fixes, names
from cardscript.lsp.analysis import CardFileAnalysis, ruleset_for
from cardscript.lsp.hover import hover

SCENARIO = '''name: Tawny arrives, as "Tawny" should
description: Tawny is summoned
ruleset: sorcery
players: [alice, bob]
setup:
  alice:
    hand: [Tawny, "Red Desert"]
actions:
  - {player: alice, cast: Tawny, at: 8}
expect:
  trace:
    - {source: Tawny, did: [summon Tawny to 9], storyline: [Tawny (genesis)]}
  state:
    card.Tawny.at: 8
'''


def test_did_you_mean_fix_keeps_the_written_form():
    """A 'did you mean' hint becomes a fix written as the wrong text was: capitalised,
    quoted; a diagnostic with no suggestion has no fix."""
    assert fixes.fixes("E201", "unknown word 'Dela'", "did you mean 'deal'? (deal ...)",
                       "Dela") == [("Change to Deal", "Deal")]
    assert fixes.fixes("E202", 'unknown card "Skeletn"', "did you mean 'Skeleton'?",
                       '"Skeletn"') == [('Change to "Skeleton"', '"Skeleton"')]
    assert fixes.fixes("E103", "missing '.'", "end the sentence with '.'", "x") == []


def test_ruleset_is_chosen_as_check_chooses_it():
    """A file's `# ruleset:` line (in the editor's text) picks its ruleset, else a
    cards/<ruleset>/ folder, else sorcery; the pool's own file is checked alone."""
    assert ruleset_for("somewhere/cards/keyforge/mine.cards").name == "keyforge"
    assert ruleset_for("elsewhere/mine.cards").name == "sorcery"
    assert ruleset_for("cards/keyforge/x.cards", "# ruleset: mage_noir\n").name == "mage_noir"
    a = CardFileAnalysis.for_path("cards/mage_noir/pool.cards")
    assert a.ruleset.name == "mage_noir" and a.base == {}


def test_grammar_accepts_what_may_come_next():
    """Lark's interactive parser tells what may follow: a separator or a stop mid-sentence,
    a trigger or a label at the start of a line, and a keyword line's words are not taken
    for the end of a line."""
    mid = complete.grammar_accepts('card "X": minion\n  Deal 1 damage to a unit ')
    assert {"DOT", "COMMA", "THEN"} <= mid
    start = complete.grammar_accepts('card "X": minion\n  ')
    assert {"TRIGGER", "LABEL", "KEYWORD_LINE", "CARD"} <= start
    assert "WORD" in complete.grammar_accepts('card "X": minion\n  Whenever you cast ')


def test_completion_by_place():
    """The header offers kinds, header items and flags; a quote offers names (capped, then marked
    incomplete); a typed word filters every list."""
    header = complete.complete("sorcery", 'card "X": mi', 'card "X": mi', set())
    assert [i.label for i in header.items] == ["minion"]
    stats = complete.complete("sorcery", 'card "X": minion, po', 'card "X": minion, po', set())
    assert [i.insert for i in stats.items] == ["power "]
    many = {f"Card {i:04d}" for i in range(500)}
    quoted = complete.complete("sorcery", 'card "X": minion\n  Summon "Ca',
                               '  Summon "Ca', many)
    assert len(quoted.items) == complete.MAX_NAMES and quoted.incomplete
    assert quoted.items[0].insert == 'Card 0000"'
    typed = complete.complete("sorcery", 'card "X": minion\n  Airb', "  Airb", many)
    assert [i.label for i in typed.items] == ["airborne"] and not typed.incomplete
    typed = complete.complete("sorcery", 'card "X": minion\n  Air', "  Air", many)
    assert [i.label for i in typed.items] == ["air spellcaster", "airborne"]


def test_yaml_names_skip_prose_and_find_paths_and_entries():
    """In a scenario, a name is found as a list item, an action's value, a storyline entry
    and a state path, never in the name or description prose or a 'did' line."""
    found = [(o.line, o.start, o.name) for o in names.in_yaml("s.yaml", SCENARIO)
             if o.name in ("Tawny", "Red Desert")]
    assert found == [(6, 11, "Tawny"), (6, 19, "Red Desert"), (8, 26, "Tawny"),
                     (11, 15, "Tawny"), (11, 60, "Tawny"), (13, 9, "Tawny")]
    lines = SCENARIO.splitlines()
    assert all(lines[o.line][o.start:o.end] == o.name for o in names.in_yaml("s.yaml", SCENARIO))
    assert names.in_yaml("bad.yaml", "ruleset: x\na: [unclosed") == []
    assert names.in_yaml("ci.yaml", "jobs: [Tawny]\n") == []          # no scenario


def test_yaml_aliases_are_read_once():
    """A scenario whose aliases repeat aliases (a 'billion laughs') is read in the time of
    its text: each node once, each name at its one place."""
    lines = ["ruleset: sorcery", "a: &a [Tawny, Tawny]"]
    for i in range(1, 40):
        prev = "a" if i == 1 else f"l{i - 1}"
        lines.append(f"l{i}: &l{i} [*{prev}, *{prev}, *{prev}]")
    found = names.in_yaml("bomb.yaml", "\n".join(lines) + "\n")
    assert [(o.line, o.name) for o in found] == [(0, "sorcery"), (1, "Tawny"), (1, "Tawny")]


def test_card_file_names_skip_comments_and_reminders():
    """In a card file, quoted names in comments and reminder text are not references."""
    text = 'card "A": minion  # like "B"\n  Summon "B" here. (not "C")\n'
    found = [(o.name, o.declaration) for o in names.in_cards("x.cards", text)]
    assert found == [("A", True), ("B", False)]


def test_hover_on_a_keyword_shows_its_rule_or_says_it_has_none(monkeypatch):
    """Hovering a keyword shows the rule its ruleset registers for it (keyword_rules); one
    the ruleset does not model is said to be error E212."""
    a = CardFileAnalysis.for_path("x.cards")
    report = a.analyse('card "A": minion, cost 1, power 1\n  Airborne\n')
    rules = a.ruleset.language.keyword_rules
    shown = hover(report, a.ruleset, 1, 4, "  Airborne\n")
    assert "airborne" in shown and "sorcery keyword" in shown and rules["airborne"] in shown
    monkeypatch.delitem(rules, "airborne")
    assert "E212" in hover(report, a.ruleset, 1, 4, "  Airborne\n")


def test_workspace_files_are_regular_bounded_and_not_links(tmp_path, monkeypatch):
    """The name index reads card files and scenarios under the workspace, never a link,
    never past MAX_DEPTH folders, never a file past MAX_BYTES."""
    (tmp_path / "a.cards").write_text('card "A": minion\n', encoding="utf-8")
    (tmp_path / "link.cards").symlink_to(tmp_path / "a.cards")
    deep = tmp_path.joinpath(*["d"] * (names.MAX_DEPTH + 2))
    deep.mkdir(parents=True)
    (deep / "deep.cards").write_text('card "Deep": minion\n', encoding="utf-8")
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    found = names.workspace_files([str(tmp_path)])
    assert found == [str(tmp_path / "a.cards")]
    monkeypatch.setattr(names, "MAX_BYTES", 5)
    assert names.NameIndex([str(tmp_path)]).all({}) == []
