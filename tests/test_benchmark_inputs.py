"""The benchmark's inputs stay valid, and the fast parse path builds exactly what Lark builds.

No timings here: speed is measured by benchmarks/run.py, not asserted by tests.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from lark.exceptions import UnexpectedInput

from conftest import load_script
from cardscript.compiler import compile_files
from cardscript.errors import CardSyntaxError
from cardscript.grammar import get_parser, parse_many, parse_text
from cardscript.grammar.fastparse import FastParser, _may_start

ROOT = Path(__file__).resolve().parents[1]


def _bench_module(name: str):
    return load_script(f"benchmarks/{name}.py")


@pytest.fixture(scope="module")
def cardgen():
    return _bench_module("cardgen")


def test_generated_cards_parse_and_compile(cardgen):
    """The generator's cards (every construct it mixes) parse and compile, names all distinct."""
    from cardscript.rulesets.sorcery.language import build_language
    # The generator draws from the bundled pools' shape, so a card added to a pool changes
    # which constructs a short run happens to draw: 1,000 cards hold every one with room.
    n = 1000
    files = cardgen.generate_files(n, per_file=25)
    parsed = parse_many([(text, path) for path, text in files])
    assert sum(len(f.cards) for f in parsed) == n
    out = compile_files(parsed, build_language())
    assert len(out) == n
    text = "".join(t for _, t in files)
    for construct in ("Genesis →", "Tap →", "Whenever", " while ", "If you control", ", then ",
                      "one at a time", "three times", "Choose one:", "; or ", "If an allied",
                      '"', "# generated"):
        assert construct in text, construct


def test_fast_parse_builds_what_lark_builds(cardgen):
    """The driver over Lark's tables gives the same AST (spans included) as Lark's own parse."""
    from cardscript import grammar
    parser, builder = get_parser()
    assert grammar._fast is not None
    sources = [(t, p) for p, t in cardgen.generate_files(300, per_file=20)]
    sources += [(p.read_text(encoding="utf-8"), str(p)) for p in ROOT.glob("cards/**/*.cards")]
    sources += [(t, "x.cards") for t in (
        'card "A": minion, power 2 # c\n\n  Airborne # flies\n  Tap → Draw a spell (one).'
        '  \r\n\t\ncard "B": magic\n  Deal 1 damage to "A", twice.',
        '  card "A": site\n\tIF it hits a unit, then draw a spell.\n',
        'card "A": minion\n  Deal 1 damage to "A"\n',          # no period
        'card "A": minion\n  Airborne, Stealth\n',             # not a keyword line
        'card "A" minion\n', 'card "A": minion\n  Draw a spell. @\n', '"A"\n')]
    cut = FastParser.build(parser, builder)
    cut._cut = True                         # lexers cut by first character (big batches)
    for text, path in sources:
        source = text if text.endswith("\n") else text + "\n"
        builder.file = path
        try:
            expected = parser.parse(source)
        except UnexpectedInput:
            assert grammar._fast.parse(source) is None, (path, text)
            assert cut.parse(source) is None, (path, text)
        else:
            assert grammar._fast.parse(source) == expected, path
            assert cut.parse(source) == expected, path
    assert cut._regexes, "the cut lexers were used"


def test_bad_text_still_reports_lark_errors():
    """Text the fast path rejects is parsed by Lark, which raises the located syntax error."""
    with pytest.raises(CardSyntaxError) as err:
        parse_text('card "X": minion, power 1\n  Deal 1 damage to "X"\n', "bad.cards")
    assert err.value.span.file == "bad.cards" and err.value.span.line == 2


def test_parse_many_restores_the_garbage_collector():
    """The batch API pauses the collector and puts it back as it was, even on an error."""
    assert gc.isenabled()
    parse_many(['card "X": minion, power 1\n'])
    assert gc.isenabled()
    with pytest.raises(CardSyntaxError):
        parse_many(['card "X" minion\n'])
    assert gc.isenabled()
    gc.disable()
    try:
        parse_many(['card "X": minion, power 1\n'])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_storyline_workload_runs():
    """The storyline benchmark's game plays a few rounds and cascades triggers."""
    from cardscript.rulesets.sorcery import RULESET
    storyline = _bench_module("storyline")
    game = storyline.play(RULESET, 3)
    kinds = {e["kind"] for e in game.trace}
    assert {"cast", "genesis", "triggered"} <= kinds
    assert len(game.trace) > 50
    assert len(storyline.pop_and_record(100, 7)) == 100


def test_played_game_ends_with_splits_triggers_and_deaths():
    """The played-game benchmark's games end (game_over), with triggers, splits and deaths."""
    from cardscript.rulesets.sorcery import RULESET
    playgame = _bench_module("playgame")
    games = playgame.play_games(RULESET, 3)
    entries = [e for g in games for e in g.trace]
    assert all(g.trace[-1]["kind"] == "game_over" for g in games)
    assert {"cast", "genesis", "triggered"} <= {e["kind"] for e in entries}
    assert any("split" in e for e in entries)
    assert any(" dies" in d for e in entries for d in e["did"])


def test_generated_pool_follows_its_shape(cardgen):
    """The generated pool's abilities a card and ability lengths follow the figures it is given
    (the bundled pools' by default), within 15%."""
    stats = _bench_module("poolstats")
    shape = cardgen.bundled_shape()
    got = stats.card_text_stats([t for _, t in cardgen.generate_files(2000)], "generated")
    assert abs(got.mean_abilities - shape.mean_abilities) <= 0.15 * shape.mean_abilities
    assert abs(got.mean_text - shape.mean_text) <= 0.15 * shape.mean_text


def test_corpus_figures_shape_the_pool(cardgen, tmp_path):
    """A corpus gives only figures (cards, abilities, lengths, vocabulary size), and a pool
    generated from them follows them."""
    stats = _bench_module("poolstats")
    corpus = tmp_path / "corpus.yaml"
    corpus.write_text("- name: Invented One\n  rules_box: 'Draw a spell.'\n"
                      "- name: Invented Two\n  rules_box: \"Airborne\\n\\nDeal 3 damage to "
                      "each enemy minion here.\"\n", encoding="utf-8")
    shape = stats.corpus_stats(corpus)
    assert (shape.cards, shape.abilities_per_card) == (2, [1, 2])
    assert shape.ability_lengths == [13, 8, 40] and shape.vocabulary == 11
    got = stats.card_text_stats([t for _, t in cardgen.generate_files(1000, shape=shape)], "g")
    assert abs(got.mean_abilities - shape.mean_abilities) <= 0.15 * shape.mean_abilities


def test_first_character_analysis_is_safe():
    """What a terminal's match may start with: never 'no' when a match can start there."""
    import re
    cases = [r"[ \t]+", r"(?i:card)", r"[^\W\d_][\w'’-]*", r"(?i:(?:once|\d+ times)\b)",
             r'"[^"\n]*"', r"[+-]\d+\+?", r"(?:\->|→)", r"(?i:[a-c]x)", r"\(?\d", r"[^a]",
             r"(?!x)\w", r"(?i:ſ)", r"(?i:k)"]
    samples = "  aAcCdDkKſ1_+-→\"(x#\u212a"
    for pattern in cases:
        for c in samples:
            if re.match(pattern, c + "x1 times") and not _may_start(pattern, ord(c)):
                raise AssertionError(f"{pattern!r} can start with {c!r}")


# The 40 played benchmark games' traces as compact JSON, one game a line, hashed: taken on
# the code before the engine's speed work, so that no speed change can change what happens.
# A change that means to change the trace (a new field, a rule that was wrong) takes the new
# digest and says why in its commit; a change for speed never does.
PLAYED_TRACE_EVENTS = 9490
PLAYED_TRACE_SHA256 = "4c966a397592631b6b575b538e435212c8e6636dd1569a91bf3032823974d870"


def test_played_benchmark_games_trace_is_pinned():
    """The 40 played benchmark games give the same trace, byte for byte, as before any speed work."""
    import hashlib
    import json

    from cardscript.interpreter.waiting import json_default
    from cardscript.rulesets.sorcery import RULESET
    playgame = _bench_module("playgame")
    games = playgame.play_games(RULESET, 40)
    digest = hashlib.sha256()
    for g in games:
        digest.update(json.dumps(g.trace, default=json_default, separators=(",", ":"),
                                 ensure_ascii=False).encode("utf-8"))
        digest.update(b"\n")
    assert sum(len(g.trace) for g in games) == PLAYED_TRACE_EVENTS
    assert digest.hexdigest() == PLAYED_TRACE_SHA256
