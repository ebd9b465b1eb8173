"""The language server's per-card analysis (cardscript.lsp.analysis): the same diagnostics as
`cardscript check`, and an edit re-doing only the cards it touched, never giving an answer
that a fresh analysis of the same text would not."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.lsp import analysis
from cardscript.lsp.analysis import CardFileAnalysis, check_problems, split

ROOT = Path(__file__).resolve().parents[1]
# A file the editor cannot hand over as text: `check` reads bytes, the server gets text.
NOT_TEXT = {"card_file_not_utf8.cards"}

CARDS = '''# a file of three cards
card "Gull Scout": minion, cost 2, power 1
  Airborne
  Genesis → Draw a spell.

card "Tide Caller": magic, cost 1
  Summon "Gull Scout" here.

card "Reef Warden": minion, cost 3, power 3
  Whenever you cast a spell, draw a site.
'''


def _key(problems):
    return sorted((p.line, p.column, p.code, p.message, p.hint) for p in problems)


def test_split_cuts_before_each_card_line():
    """The text is cut before each `card` line; the text before the first card is a piece."""
    pieces = split(CARDS)
    assert [p.line for p in pieces] == [0, 1, 5, 8]
    assert "".join(p.text for p in pieces) == CARDS
    assert split("") == [analysis.Piece(0, "")]


def test_diagnostics_equal_checks_over_pools_docs_and_golden_cases():
    """Over every card file of the repository (the bad golden cases included), the analysis
    reports exactly what `cardscript check FILE` reports: codes, places, messages, hints."""
    files = sorted(ROOT.glob("cards/**/*.cards")) + sorted(ROOT.glob("docs/**/*.cards")) + \
        sorted(p for p in (ROOT / "tests" / "golden").glob("*.cards") if p.name not in NOT_TEXT)
    assert len(files) >= 25
    bad = 0
    for f in files:
        rel = str(f.relative_to(ROOT))
        got = CardFileAnalysis.for_path(rel).analyse(f.read_text(encoding="utf-8")).problems
        want = check_problems(rel)
        assert _key(got) == _key(want), rel
        bad += bool(want)
    assert bad >= 10


def test_an_ability_edit_lowers_one_card(monkeypatch):
    """Editing inside one card's ability lowers that card only; editing a header lowers the
    cards that name it (and none that do not)."""
    a = CardFileAnalysis.for_path("mine.cards")
    a.analyse(CARDS)
    calls = []
    real = a._lower
    monkeypatch.setattr(a, "_lower", lambda pr, known: calls.append(pr.card.name) or
                        real(pr, known))
    a.analyse(CARDS.replace("draw a site", "draw a spell"))
    assert calls == ["Reef Warden"]
    calls.clear()
    a.analyse(CARDS.replace("draw a site", "draw a spell").replace("cost 2, power 1",
                                                                    "cost 2, power 2"))
    assert calls == ["Gull Scout", "Tide Caller"]


EDITS = st.lists(st.tuples(st.integers(0, 400), st.integers(0, 6),
                           st.sampled_from(["", "x", "\n", '"', "card ", "Gull Scout",
                                            "2", "draw a spell. ", ":", "\n  Airborne\n",
                                            'card "Gull Scout": minion\n'])),
                 min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(EDITS)
def test_edits_give_what_a_fresh_analysis_gives(edits):
    """After any sequence of edits, the kept analysis reports what a fresh one of the final
    text reports (no stale card survives in the caches)."""
    kept = CardFileAnalysis.for_path("mine.cards")
    text = CARDS
    kept.analyse(text)
    for at, cut, insert in edits:
        at = min(at, len(text))
        text = text[:at] + insert + text[at + cut:]
        kept.analyse(text)
    fresh = CardFileAnalysis.for_path("mine.cards").analyse(text)
    assert _key(kept.last.problems) == _key(fresh.problems)
    assert [r.template for r in kept.last.cards] == [r.template for r in fresh.cards]
