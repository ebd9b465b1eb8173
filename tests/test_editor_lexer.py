"""The Pygments lexer (cardscript.editor.lexer): golden token files, no Error token over the
pools, the docs' card blocks and (when given) the corpus, and tokens that join back to the text.

Golden files follow Pygments' own convention (its `tests/snippets`): `tests/golden/lexer/NAME.txt`
holds `---input---`, the text, `---tokens---`, then one token a line as Pygments writes them.
To regenerate after a deliberate change (then read the diff by eye):

    CARDSCRIPT_REGEN=1 python -m pytest tests/test_editor_lexer.py

The dev corpus is never in the repository: give its path in CARDSCRIPT_CORPUS to lex it too.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pygments.token import Error, Token

from cardscript.editor.lexer import CardScriptLexer
from cardscript.editor.tokens import pygments_token_of, vocabulary

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "lexer"
CASES = sorted(GOLDEN.glob("*.txt"))
REGEN = bool(os.environ.get("CARDSCRIPT_REGEN"))
FENCE = re.compile(r"^```cardscript[^\n`]*\n(.*?)^```[ \t]*$", re.M | re.S)


def _dump(tokens) -> str:
    """Tokens as Pygments' snippet files write them: the value's repr, then the token type."""
    return "".join(f"{value!r:<13} {str(ttype)[len('Token.'):]}\n" for ttype, value in tokens)


def _texts() -> list[tuple[str, str]]:
    """(where, text) of every pool and scenario card file, every card block of the README and
    docs, and every card of the corpus when CARDSCRIPT_CORPUS names a file."""
    out = [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
           for p in sorted(ROOT.glob("cards/**/*.cards")) + sorted(ROOT.glob("docs/**/*.cards"))]
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for i, m in enumerate(FENCE.finditer(doc.read_text(encoding="utf-8"))):
            out.append((f"{doc.relative_to(ROOT)} block {i + 1}", m.group(1)))
    corpus = os.environ.get("CARDSCRIPT_CORPUS")
    if corpus and Path(corpus).is_file():
        for entry in yaml.safe_load(Path(corpus).read_text(encoding="utf-8")) or []:
            body = "".join(f"  {line}\n" for line in str(entry.get("rules_box") or "").splitlines())
            out.append((f"corpus {entry.get('name')}",
                        f'card "{entry.get("name")}": {entry.get("card_type")}\n{body}'))
    return out


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_golden_tokens(case):
    """Each golden input lexes to exactly the token list written beside it."""
    text = case.read_text(encoding="utf-8")
    source = text.split("---input---\n", 1)[1].split("\n---tokens---\n", 1)[0]
    got = _dump(CardScriptLexer().get_tokens(source))
    if REGEN:
        case.write_text(f"---input---\n{source}\n---tokens---\n{got}", encoding="utf-8")
    assert got == text.split("\n---tokens---\n", 1)[1]


def test_there_are_golden_cases():
    """The golden folder covers headers, labels, triggers, modifiers, keywords and names."""
    assert len(CASES) >= 4
    joined = "".join(c.read_text(encoding="utf-8") for c in CASES)
    for ttype in ("Keyword.Declaration", "Name.Class", "Name.Label", "Operator",
                  "Keyword.Reserved", "Keyword.Pseudo", "Name.Builtin", "Number.Integer",
                  "Literal.Number\n", "String.Double", "Comment.Special", "Comment.Single",
                  "Name.Attribute", "Keyword.Type", "Name.Function"):
        assert ttype in joined, ttype


def test_no_error_token_and_lossless_over_pools_docs_and_corpus():
    """No text of the project (pools, docs' card blocks, the corpus if given) yields an Error
    token, and each text's tokens join back to it exactly."""
    texts = _texts()
    assert len(texts) >= 40
    lexer = CardScriptLexer()
    for where, text in texts:
        tokens = list(lexer.get_tokens(text))
        assert "".join(v for _, v in tokens) == text, where
        assert [v for t, v in tokens if t in Error] == [], where


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('card "Xy": ,.;:→->#()+-12\n\t whenever Tap'))
               | st.characters(), max_size=200))
@example("\ufeff")
@example("\ufeffcard \"X\": minion\r\n")
def test_any_text_lexes_without_error_and_joins_back(text):
    """Any text at all, however broken, lexes with no Error token and joins back to itself
    (Pygments drops a leading byte-order mark and reads '\\r\\n' and '\\r' as '\\n' before any
    lexer sees the text, as for every lexer it has)."""
    tokens = list(CardScriptLexer().get_tokens(text))
    seen = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    assert "".join(v for _, v in tokens) == seen
    assert not any(t in Error for t, _ in tokens)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('card "Xy": ,.;:→->#()+-12\n\t Whenever Tap once'))
               | st.characters(), max_size=200))
def test_fast_path_gives_regexlexers_tokens(text):
    """The lexer's one-regex-a-token path yields exactly what Pygments' RegexLexer makes from
    the same `tokens` table."""
    from pygments.lexer import RegexLexer
    lexer = CardScriptLexer()
    assert list(lexer.get_tokens_unprocessed(text)) == \
        list(RegexLexer.get_tokens_unprocessed(lexer, text))


def test_fast_path_gives_regexlexers_tokens_over_the_pools():
    """On every pool and docs block, the fast path and RegexLexer agree token for token."""
    from pygments.lexer import RegexLexer
    lexer = CardScriptLexer()
    for where, text in _texts():
        assert list(lexer.get_tokens_unprocessed(text)) == \
            list(RegexLexer.get_tokens_unprocessed(lexer, text)), where


def test_registered_words_are_coloured():
    """Every keyword, label and verb the rulesets register is coloured as that kind of word."""
    lexer = CardScriptLexer()
    v = vocabulary()
    assert {"airborne", "hazardous", "fast", "channeled"} <= set(v.keywords)
    for word in v.keywords:
        assert list(lexer.get_tokens(f"  {word}\n"))[1] == (pygments_token_of("keyword"), word)
    for word in v.labels:
        assert (pygments_token_of("label"), word) in list(lexer.get_tokens(f"  {word} → x.\n"))
    for word in set(v.verbs) - set(v.keywords):      # 'submerge' is both: a keyword first
        assert (pygments_token_of("verb"), word) in list(lexer.get_tokens(f"  x, {word} it.\n"))


def test_entry_point_names_the_lexer(tmp_path):
    """pyproject registers the lexer under `pygments.lexers` as `cardscript`, and Pygments
    finds it by that name through the entry point (as an install would write it)."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    target = meta["project"]["entry-points"]["pygments.lexers"]["cardscript"]
    assert target == "cardscript.editor.lexer:CardScriptLexer"
    dist = tmp_path / "cardscript_entry_probe-0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: cardscript-entry-probe\n"
                                   "Version: 0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text(f"[pygments.lexers]\ncardscript = {target}\n",
                                           encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT / "src")]))
    code = ("from pygments.lexers import get_lexer_by_name, get_lexer_for_filename;"
            "print(type(get_lexer_by_name('cardscript')).__name__,"
            " type(get_lexer_for_filename('pool.cards')).__name__)")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.stdout.split() == ["CardScriptLexer", "CardScriptLexer"], out.stderr


def test_no_token_is_left_untyped():
    """Every kind of the table maps to a real Pygments token type."""
    from cardscript.editor.tokens import KINDS
    for kind in KINDS:
        assert pygments_token_of(kind) in Token


def test_long_lines_lex_in_linear_time():
    """A long line that looks like the start of a label but has no arrow (blanks, words) is
    given up at once, not tried at every split: 200,000 characters lex in well under the
    minutes a quadratic rule would take."""
    import time
    lexer = CardScriptLexer()
    for text in ("  a" + " " * 200_000 + "b\n", "  a" + " b" * 100_000 + "\n"):
        started = time.perf_counter()
        tokens = list(lexer.get_tokens_unprocessed(text))
        assert time.perf_counter() - started < 5
        assert "".join(v for _, _, v in tokens) == text
