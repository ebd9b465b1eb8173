"""Time and memory bounds on hostile input (docs/security.md, "Time and memory bounds").

Scaling tests compare the time of an input with that of one N times longer (best of several
runs each) and fail when the ratio shows super-linear growth; they never compare with a fixed
number of seconds. A guard stops a run that hangs (an exponential regex) and fails it.
"""

from __future__ import annotations

import random
import re
import signal
import time
from contextlib import contextmanager

import pytest

from cardscript.errors import CardSyntaxError
from cardscript.gcpause import gc_paused
from cardscript.grammar import get_parser, parse_text

# --- measuring growth ----------------------------------------------------------------------


@contextmanager
def _guard(seconds: float):
    """Fail (instead of hanging) when the block runs longer than `seconds`."""
    def stop(*_):
        raise TimeoutError(f"still running after {seconds} s: growth is super-linear")
    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _timed(fn, arg, loops: int) -> float:
    t = time.perf_counter()
    for _ in range(loops):
        fn(arg)
    return time.perf_counter() - t


def growth(fn, make, n: int, factor: int = 10, *, floor: float = 0.002, repeat: int = 9) -> float:
    """How much longer `fn(make(factor * n))` takes than `fn(make(n))`.

    The small input is run enough times in a row to take `floor` seconds, the big one
    `factor` times fewer, so both runs are short (a burst of load on the shared machine
    rarely hits the best of several) and timer noise does not decide the ratio; the inputs
    stay small enough that memory caches do not either, and the garbage collector is paused
    (its passes grow with everything the test process holds). Linear work gives about
    `factor`, quadratic about `factor` squared.
    """
    with _guard(60), gc_paused():
        small_arg, big_arg = make(n), make(factor * n)
        loops = factor
        while _timed(fn, small_arg, loops) < floor and loops < 1 << 20:
            loops *= 2
        big_loops = loops // factor
        small = big = float("inf")
        for _ in range(repeat):
            small = min(small, _timed(fn, small_arg, loops) / loops)
            big = min(big, _timed(fn, big_arg, big_loops) / big_loops)
    return big / max(small, 1e-12)


def assert_linear(fn, make, n: int, factor: int = 10, limit: float = 35.0, **kw) -> None:
    """Growth of `fn` over `make(n)` stays well below the square of `factor`.

    Measured up to three times: a linear function passes at once unless the machine was
    busy; a quadratic one (about factor squared) fails every time.
    """
    ratios = []
    for _ in range(3):
        ratios.append(growth(fn, make, n, factor, **kw))
        if ratios[-1] < limit:
            return
        print(f"growth {ratios[-1]:.1f} (limit {limit}); measuring again")
    raise AssertionError(f"{factor}x the input took {min(ratios):.0f}x the time")


# --- 4: every terminal regex runs in linear time --------------------------------------------

# For each terminal whose regex repeats something: inputs of size n that make a backtracking
# regex work hardest (long runs, items that could split more than one way, a failing end).
PUMPS = {
    "KEYWORD_LINE": [lambda n: "Lethal 2, " * n + ".", lambda n: "Lethal 2, " * n + "Lethal 2",
                     lambda n: "a" + " " * n + "b.", lambda n: "a b " * n + "c\t2 3",
                     lambda n: "Hazardous 2 " * n + ", ."],
    "LABEL": [lambda n: "a" + " " * n + "b.", lambda n: "Tap " * n + ".", lambda n: " " * n,
              lambda n: "a" + " " * n + "b:", lambda n: "a" + " \t" * n,
              lambda n: "a-" * n + ">", lambda n: "x" * n + " time"],
    "AMOUNT": [lambda n: "1" * n + " mana", lambda n: "1" + " " * n + "x", lambda n: "1 " +
               "a" * n + " -", lambda n: "1\t" * n + "a"],
    "TRIGGER": [lambda n: "at the " + " " * n,
                lambda n: "once on an opponent's turn," + " " * n + "whe"],
    "ONCE_LABEL": [lambda n: "once on your turn" + " \t" * n + "x", lambda n: "once on your turn,"
                   + " " * n + "whe"],
    "DASH_LABEL": [lambda n: "a" * n + " b", lambda n: "a " + " " * n + "x", lambda n: "a b c" +
                   " " * n + "-", lambda n: "a" + "'" * n],
    "THRESHOLD": [lambda n: "(W)" * n + ".", lambda n: "(W)" + " " * n + "(", lambda n: "(W) " * n],
    "COUNT_TIMES": [lambda n: "1" * n + " time", lambda n: "twice" + "s" * n,
                    lambda n: "once " + "e" * n + "d", lambda n: "once " + "ed" * n + " ,"],
    "NAME": [lambda n: '"' + "a" * n],
    "SIGNED": [lambda n: "+" + "1" * n + "x"],
    "NUMBER": [lambda n: "1" * n],
    "WORD": [lambda n: "a'" * n, lambda n: "1" * n + "-", lambda n: "1" * n + "-" + "a" * n,
             lambda n: "a" * n + "/o", lambda n: "a/" * n],
    "_NL": [lambda n: "\n # c" * n, lambda n: "\n" + " " * n + "#" + "c" * n],
    "COMMENT": [lambda n: "#" + "c" * n],
    "REMINDER": [lambda n: "(" + "a" * n],
    "__IGNORE_0": [lambda n: " \t" * n + "x"],
}


def _repeats(regexp: str) -> bool:
    """Does the regex repeat anything (the only way a regex's time can grow with its input)?"""
    from re import _parser
    return any(tok in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
               for tok in re.findall(r"[A-Z_]+", str(_parser.parse(regexp))))


def _terminals():
    parser, _ = get_parser()
    return {t.name: t for t in parser.terminals}


def test_every_repeating_terminal_has_adversarial_inputs():
    """Each terminal regex that repeats something is covered by the linear-time test below."""
    repeating = {name for name, t in _terminals().items() if _repeats(t.pattern.to_regexp())}
    assert repeating <= set(PUMPS), f"add inputs for {sorted(repeating - set(PUMPS))} to PUMPS"


@pytest.mark.parametrize("name", sorted(PUMPS))
def test_terminal_regex_time_grows_linearly(name):
    """A terminal regex matched at the start of 10x longer hostile input takes about 10x as long."""
    term = _terminals()[name]
    flags = re.IGNORECASE if "i" in term.pattern.flags else 0
    match = re.compile(term.pattern.to_regexp(), flags).match
    for make in PUMPS[name]:
        assert_linear(match, make, 300)


def test_lethal_keyword_list_reproduction_parses_in_linear_time():
    """`Lethal 2, Lethal 2, ...` ending in '.' (once exponential) errors in linear time."""
    def parse(line):
        try:
            parse_text(f'card "X": minion\n  {line}\n', "k.cards")
        except CardSyntaxError:
            pass
    assert_linear(parse, lambda n: "Lethal 2, " * n + ".", 20)
    assert_linear(parse, lambda n: "Lethal 2, " * n + "Lethal 2", 20)
    with _guard(5):
        with pytest.raises(CardSyntaxError):
            parse_text('card "X": minion\n  ' + "Lethal 2, " * 22 + ".\n", "k.cards")


@pytest.mark.parametrize("make", [lambda n: " " * n, lambda n: " " * n + "x",
                                  lambda n: "a" + " " * n + "b → Draw a spell."],
                         ids=["blank-line", "blanks-then-word", "blanks-inside-a-label"])
def test_a_card_line_of_blanks_parses_in_linear_time(make):
    """A card line of 16,000 blanks (once 29 s in LABEL), alone or inside a label, parses in
    linear time."""
    def parse(line):
        try:
            parse_text(f'card "X": minion\n  {line}\n', "k.cards")
        except CardSyntaxError:
            pass
    assert_linear(parse, make, 1600)
    with _guard(5):
        parse(make(16_000))


# The old regexes with '’' taken out, as from the grammar's (the parser reads it as "'":
# grammar/typography.py).
_OLD_KEYWORD_LINE = (r"(?!card\b)[^\W\d_][\w' -]*?(?:[ \t]+\d+)?(?:,[ \t]*[^\W\d_][\w' -]*?"
                     r"(?:[ \t]+\d+)?)*(?=[ \t]*(?:#[^\n]*)?(?:\r?\n|$))")
_OLD_LABEL = (r"(?!(?:whenever|when|after|if|at|choose|each time|once|twice|thrice|one at a time|"
              r"all at once)\b)(?!\w+ times\b)[^\W\d_][\w' -]*?(?=[ \t]*(?:→|->|:))")


@pytest.mark.parametrize("name,old", [("KEYWORD_LINE", _OLD_KEYWORD_LINE), ("LABEL", _OLD_LABEL)])
def test_linear_rewrite_matches_what_the_backtracking_regex_matched(name, old):
    """The linear KEYWORD_LINE and LABEL regexes match exactly the text the old ones did."""
    new = re.compile(_terminals()[name].pattern.to_regexp(), re.IGNORECASE).match
    old_match = re.compile(old, re.IGNORECASE).match
    pieces = ["a", "b", "card", " times", "2", " ", "  ", "\t", ",", ".", "#", "\n", "\r\n",
              "-", "'", "->", ">", ":", "→", "_", "é", "x1", "at"]
    rnd = random.Random(4)
    for _ in range(20000):
        s = "".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 9)))
        a, b = old_match(s), new(s)
        assert (a and a.group()) == (b and b.group()), repr(s)


# --- 9 (card text): long numbers, deep nesting; 6: repetition counts at compile time ---------

BIG = "9" * 5000


def _check(cli, tmp_path, text: str) -> tuple[int, str]:
    f = tmp_path / "hostile.cards"
    f.write_text(text, encoding="utf-8")
    status, out, err = cli("check", str(f))
    assert "Traceback" not in out + err
    return status, err


@pytest.mark.parametrize("text,col", [
    (f'card "A": minion, power {BIG}\n', 25),
    (f'card "A": minion, cost +{BIG}\n', 25),
    (f'card "A": magic, cost 1\n  Deal {BIG} damage to target unit.\n', 8),
    (f'card "A": magic, cost 1\n  Gain 1 life, {BIG} times.\n', 16),
    ('card "A": magic, cost 1\n  Gain 1 life, 99999999999999999999 times.\n', 16),
    (f'card "A": minion, cost 1\n  Hazardous {BIG}\n', 13),
    (f'card "A": minion, cost 1\n  Tap {BIG} → draw a spell.\n', 7),
], ids=["header", "signed", "phrase", "times", "times20", "keyword", "label"])
def test_a_number_of_thousands_of_digits_is_a_located_error(cli, tmp_path, text, col):
    """A 5,000-digit (or 20-digit) number anywhere in card text is E112 at the number."""
    status, err = _check(cli, tmp_path, text)
    assert status == 1
    assert f"hostile.cards:{text.count(chr(10)) }:{col}: error[E112]" in err, err[:300]


def test_a_nine_digit_number_still_reads():
    """Numbers up to the cap parse as before."""
    f = parse_text('card "A": minion, power 999999999\n  Deal 123456789 damage to each unit.\n')
    assert f.cards[0].header[1].value == 999999999


def test_a_repetition_count_above_the_cap_is_a_compile_error(cli, tmp_path):
    """'Gain 1 life, 5000 times.' is E113 (at most 1,000 repetitions), found before any run."""
    status, err = _check(cli, tmp_path, 'card "A": magic, cost 1\n  Gain 1 life, 5000 times.\n')
    assert status == 1 and "error[E113]" in err and "at most 1,000" in err


@pytest.mark.parametrize("body", [
    "If you have a spell, " * 1000 + "draw a spell.",
    "Twice: " * 1000 + "draw a spell.",
    "Draw a spell" + ", twice" * 1000 + ".",
], ids=["if", "prefix", "suffix"])
def test_a_thousand_nested_effects_are_a_located_error(cli, tmp_path, body):
    """1,000 nested 'If ...,' (or repetitions) is E114, not a RecursionError."""
    status, err = _check(cli, tmp_path, 'card "N": magic, cost 1\n  ' + body + "\n")
    assert status == 1 and "error[E114]" in err and "more than 40 levels" in err


def test_nesting_up_to_the_cap_still_compiles(cli, tmp_path):
    """An effect nested 30 deep is accepted."""
    status, err = _check(cli, tmp_path, 'card "N": magic, cost 1\n  ' +
                         "If you control a minion, " * 30 + "draw a spell.\n")
    assert status == 0, err


def _scenario(tmp_path, rest: str, name: str = "s.yaml"):
    f = tmp_path / name
    f.write_text("name: hostile\nruleset: sorcery\nplayers: [alice, bob]\n" + rest,
                 encoding="utf-8")
    return f


def test_a_cards_name_of_5000_characters_is_a_scenario_error(cli, tmp_path):
    """`cards: [aaaa...]` (5,000 characters) is S011 at the entry, with the name shortened."""
    f = _scenario(tmp_path, "cards: [" + "a" * 5000 + ".cards]\n")
    status, out, err = cli("run", str(f))
    assert status == 1 and "Traceback" not in out + err
    assert "s.yaml:4:9: error[S011]" in err and "file name too long" in err
    assert len(err.splitlines()[0]) < len(str(f)) + 200    # the name is shortened


# --- 5 and 9 (YAML): alias bombs, depth, long numbers ------------------------------------------

def _run(cli, f):
    status, out, err = cli("run", str(f), "--json")
    assert "Traceback" not in out + err
    import json
    return status, json.loads(out)


def test_a_yaml_alias_bomb_stops_at_the_value_bound(cli, tmp_path):
    """A "billion laughs" of nested aliases is S001 after 100,000 values, not gigabytes."""
    lines = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
        f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n"
        for p, c in zip("abcdefgh", "bcdefghi"))
    with _guard(20):
        status, res = _run(cli, _scenario(tmp_path, lines))
    assert status == 1 and res["error"]["code"] == "S001"
    assert "more than 100,000 values" in res["error"]["message"]


@pytest.mark.parametrize("rest", [
    "setup: " + "[" * 500 + "]" * 500 + "\n",
    "setup:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 500)) + "  " * 500 + "v: 1\n",
    "x0: &x0 [1]\n" + "".join(f"x{i}: &x{i} [*x{i - 1}]\n" for i in range(1, 300)),
], ids=["flow", "block", "aliases"])
def test_yaml_nested_500_deep_is_a_located_error(cli, tmp_path, rest):
    """Lists or mappings 500 deep (written, or through aliases) are S001, not RecursionError."""
    status, res = _run(cli, _scenario(tmp_path, rest))
    assert status == 1 and res["error"]["code"] == "S001"
    assert "nests more than 50" in res["error"]["message"] and res["error"]["line"] >= 4


def test_a_yaml_number_of_5000_digits_is_a_located_error(cli, tmp_path):
    """`seed: 999...` (5,000 digits) is S001 at the value, not a ValueError."""
    status, res = _run(cli, _scenario(tmp_path, "seed: " + BIG + "\n"))
    assert status == 1 and res["error"]["code"] == "S001"
    assert (res["error"]["line"], res["error"]["column"]) == (4, 7)


def test_a_yaml_number_python_could_not_print_after_a_gain_is_refused(cli, tmp_path):
    """`life:` of 4,300 nines (which 'gain 1 life' would push past what str() prints) is S001."""
    status, res = _run(cli, _scenario(tmp_path, "setup:\n  alice:\n    life: " + "9" * 4300 +
                                      "\n"))
    assert status == 1 and res["error"]["code"] == "S001"
    assert "at most 18 digits" in res["error"]["message"] and res["error"]["line"] == 6


def test_a_huge_yaml_document_is_refused_before_it_is_parsed(cli, tmp_path):
    """A scenario text over the size cap is S001 at 1:1."""
    status, res = _run(cli, _scenario(tmp_path, "description: " + "x" * 4_100_000 + "\n"))
    assert status == 1 and res["error"]["code"] == "S001"
    assert "characters long" in res["error"]["message"]


# --- 6: every repetition counts; 13: the bound that was hit, a loop only when there is one -----

HOSTILE_CARDS = '''card "Greedy": magic, cost 1
  Gain 1 life, 1000 times, 1000 times, 1000 times.

card "Fifty": magic, cost 1
  Gain 1 life, 50 times.

card "Parts": magic, cost 1
  Gain 1 life, 1000 times, one at a time.
'''


def _play(cli, tmp_path, hand: str, options: str = "", realm: str = "", bob: str = ""):
    (tmp_path / "hostile.cards").write_text(HOSTILE_CARDS, encoding="utf-8")
    f = _scenario(tmp_path, "cards: [hostile.cards]\n" + options +
                  f"setup:\n  alice:\n    hand: [{hand}]\n" + realm + bob +
                  f"actions:\n  - {{player: alice, cast: {hand}}}\n")
    with _guard(20):
        return _run(cli, f)


def test_a_billion_repetitions_stop_at_the_repetition_bound(cli, tmp_path):
    """'1000 times' nested three deep is R103 at 5 x max_steps repetitions, not MemoryError."""
    status, res = _play(cli, tmp_path, "Greedy")
    assert status == 1 and res["error"]["code"] == "R103"
    assert "Greedy (cast) repeated its effect past the bound of 50,000" in res["error"]["message"]
    assert "raise options.max_steps (now 10,000)" in res["error"]["hint"]


def test_every_repetition_counts_against_the_bound(cli, tmp_path):
    """'Gain 1 life, 50 times.' needs max_steps 10 (50 repetitions); max_steps 9 stops it."""
    status, res = _play(cli, tmp_path, "Fifty", "options: {max_steps: 10}\n")
    assert status == 0 and res["state"]["players"]["alice"]["counters"]["life"] == 70
    status, res = _play(cli, tmp_path, "Fifty", "options: {max_steps: 9}\n")
    assert status == 1 and res["error"]["code"] == "R103" and "45" in res["error"]["message"]


def test_max_steps_1_names_the_bound_and_no_loop(cli, tmp_path):
    """`max_steps: 1` with a second event waiting says the step bound was hit, not a loop."""
    status, res = _play(cli, tmp_path, "Apprentice Wizard", "options: {max_steps: 1}\n",
                        "    realm:\n      - {card: Summer River, at: 17}\n")
    err = res["error"]
    assert status == 1 and err["code"] == "R102" and "trigger loop:" not in err["message"]
    assert "after 1 event: the step bound options.max_steps (1) was reached" in err["message"]
    assert "Apprentice Wizard (genesis) was next" in err["message"]
    assert "raise options.max_steps (now 1)" in err["hint"]


def test_one_at_a_time_past_the_bound_is_no_loop(cli, tmp_path):
    """'1000 times, one at a time' past max_steps names the event in parts, not 'X -> X'."""
    status, res = _play(cli, tmp_path, "Parts", "options: {max_steps: 100}\n")
    err = res["error"]
    assert status == 1 and "trigger loop:" not in err["message"]
    assert "while Parts (cast) was resolving in parts" in err["message"]


def test_many_copies_triggering_once_are_no_loop(cli, tmp_path):
    """Thirty Fenvale Muses each gaining life once are no loop, though their labels repeat."""
    muses = "".join("      - {card: Fenvale Muse, at: 9}\n" for _ in range(30))
    status, res = _play(cli, tmp_path, "Fifty",
                        "options: {max_steps: 12, on_missing_choice: first}\n",
                        bob="  bob:\n    realm:\n      - {card: Red Desert, at: 9}\n" + muses)
    err = res["error"]
    assert status == 1 and err["code"] == "R102" and "trigger loop:" not in err["message"]
    assert "step bound options.max_steps (12)" in err["message"]


# --- 8: 'Kill each minion' over N minions, and N errors in one file, in linear time ------------

def _kill_scenario(tmp_path, n: int, effect: str):
    """Alice casts `effect` over n of her minions (the realm list is made in Python: YAML
    of thousands of entries would take longer to read than the run to play)."""
    from cardscript.scenario.loader import parse_scenario
    (tmp_path / "doom.cards").write_text(f'card "Doom": magic, cost 1\n  {effect}\n',
                                         encoding="utf-8")
    text = ("name: doom\nruleset: sorcery\ncards: [doom.cards]\nplayers: [alice, bob]\n"
            "setup:\n  alice:\n    hand: [Doom]\n    realm:\n      - {card: Lady Iseult, at: 1}\n"
            "actions:\n  - {player: alice, cast: Doom}\n")
    sc = parse_scenario(text, str(tmp_path / "doom.yaml"))
    sc.data["setup"]["alice"]["realm"] = [{"card": "Lady Iseult", "at": 1 + i % 20}
                                          for i in range(n)]
    return sc


@pytest.mark.parametrize("effect", ["Kill each minion.", "Deal 5 damage to each minion."])
def test_an_effect_on_each_of_n_minions_takes_linear_time(tmp_path, effect):
    """Killing (or damaging to death) each of 4N minions takes about 4x the time of N."""
    from cardscript.scenario.runner import run_scenario
    small, big = _kill_scenario(tmp_path, 1500, effect), _kill_scenario(tmp_path, 6000, effect)
    result = run_scenario(big)
    assert result["ok"] and len(result["state"]["players"]["alice"]["zones"]["cemetery"]) == 6001
    scenarios = {1500: small, 6000: big}
    assert_linear(run_scenario, lambda n: scenarios[n], 1500, factor=4, limit=9.0, repeat=2)


def _errors_in_one_file(tmp_path, n: int):
    from cardscript.errors import ErrorList, SemanticError, Span
    f = tmp_path / f"errors{n}.cards"
    f.write_text("".join(f'card "C{i}": minion\n  Frobnicate.\n' for i in range(n)),
                 encoding="utf-8")
    return lambda: ErrorList([SemanticError("unknown phrase",
                                            Span(str(f), 2 * i + 2, 3, 2 * i + 2, 13))
                              for i in range(n)])


def test_an_error_report_reads_its_file_once(tmp_path, monkeypatch):
    """1,000 errors in one card file open it once to quote their lines."""
    import builtins
    opened = []
    real_open = builtins.open
    monkeypatch.setattr(builtins, "open", lambda p, *a, **k: opened.append(p) or
                        real_open(p, *a, **k))
    report = _errors_in_one_file(tmp_path, 1000)().with_source_file()
    assert len(opened) == 1
    assert report.errors[999].source_line == "  Frobnicate."


def test_quoting_n_errors_takes_linear_time(tmp_path):
    """Quoting the lines of 4N errors in one file takes about 4x the time of N."""
    made = {n: _errors_in_one_file(tmp_path, n) for n in (2000, 8000)}
    assert_linear(lambda n: made[n]().with_source_file().format(), lambda n: n, 2000,
                  factor=4, limit=9.0, repeat=3)


# --- 7: the trace does not grow with the square of the game --------------------------------------

def _muses_scenario(tmp_path, n: int):
    """Alice gains 1 life; each of bob's n Fenvale Muses triggers (n events wait at once)."""
    from cardscript.scenario.loader import parse_scenario
    (tmp_path / "spark.cards").write_text('card "Spark": magic, cost 1\n  Gain 1 life.\n',
                                          encoding="utf-8")
    text = ("name: muses\nruleset: sorcery\ncards: [spark.cards]\nplayers: [alice, bob]\n"
            "options: {max_steps: 1000000, on_missing_choice: first}\n"
            "setup:\n  alice:\n    hand: [Spark]\n  bob:\n    realm:\n"
            "      - {card: Fenvale Muse, at: 9}\nactions:\n  - {player: alice, cast: Spark}\n")
    sc = parse_scenario(text, str(tmp_path / "muses.yaml"))
    sc.data["setup"]["bob"]["realm"] = [{"card": "Fenvale Muse", "at": 9} for _ in range(n)]
    return sc


def _bytes_per_event(sc) -> float:
    import tracemalloc
    from cardscript.scenario.runner import run_scenario
    tracemalloc.start()
    try:
        result = run_scenario(sc)
        held, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result["ok"]
    return held / len(result["trace"])


def test_trace_memory_per_event_does_not_grow_with_the_game(tmp_path):
    """4x as many waiting triggers keep the bytes per trace event the same (they were 3x)."""
    from cardscript.scenario.runner import run_scenario
    run_scenario(_muses_scenario(tmp_path, 10))          # the pool, loaded once
    small = _bytes_per_event(_muses_scenario(tmp_path, 1000))
    big = _bytes_per_event(_muses_scenario(tmp_path, 4000))
    assert big / small < 1.5, (small, big)


def test_a_trace_entry_storyline_still_reads_as_the_tuple_of_labels(tmp_path):
    """Each entry's shared `storyline` equals, prints and serialises as the plain tuple."""
    import copy
    import json
    import pickle
    from cardscript.interpreter.waiting import json_default
    from cardscript.scenario.runner import run_scenario
    trace = run_scenario(_muses_scenario(tmp_path, 3))["trace"]
    first, last = trace[0]["storyline"], trace[-1]["storyline"]
    plain = ("Fenvale Muse (triggered)", "Fenvale Muse (triggered)", "Spark (cast)")
    assert first == plain and list(first) == list(plain) and first[1:] == plain[1:]
    assert len(first) == 3 and first and not last and last == () and first != plain[:2]
    assert repr(first) == repr(plain) and hash(first) == hash(plain)
    assert first.index("Spark (cast)") == 2 and first.count("Fenvale Muse (triggered)") == 2
    for indent in (None, 2):
        assert json.dumps(trace[0], indent=indent, default=json_default) == json.dumps(
            {**trace[0], "storyline": plain}, indent=indent)
    assert copy.deepcopy(first) == plain
    assert pickle.loads(pickle.dumps(first)) == plain
    assert [e["storyline"] for e in trace] == [plain, plain[1:], plain[2:], ()]


def test_back_of_the_storyline_labels_keep_their_order():
    """Labels put at the back and the front read in storyline order, before and after pops."""
    from cardscript.interpreter.waiting import Labels
    labels = Labels()
    labels.put_back(["a", "b"])
    labels.put_front(["x"])
    labels.put_back(["c"])
    before = labels.view()
    labels.pop()
    labels.pop()
    assert before == ("x", "a", "b", "c") and labels.view() == ("b", "c")
    labels.put_front(["y", "z"])
    assert labels.view() == ("y", "z", "b", "c") and before == ("x", "a", "b", "c")


@pytest.mark.parametrize("line", [
    "Lethal 2, Airborne", "Hazardous\t3, Foo - Bar  # note", "Tap -> draw a spell.",
    "Foo- -> draw a spell.", "Genesis  →  draw a spell.", "Lethal 2 , Stealth",
    "Ward 1, Lethal 2, Airborne, Burrowing",
    "Levitate a relic or 4-power minion one step.", "Kill each 12-power unit, then 3-2 x.",
    "Destroy each artifact and/or minion.", "Kill a relic and/or 2-power unit, then draw.",
    "Once on an opponent's turn, when you summon a minion, draw a spell.",
    "Once on an opponent\u2019s turn, whenever an opponent summons a minion, draw a spell.",
    "Banish all minions in each opponent's cemetery.",
    "Each player shuffles their hand into their spellbook, then draws that many spells.",
    "Genesis → Discard your hand. Draw that many sites.",
    "Return target site an opponent controls to the bottom of its owner's atlas.",
    "Genesis → Banish an opponent's next two spells.",
    # typographic characters, read as their plain forms where text enters (typography.py)
    "Once on an opponent\u2018s turn, when you summon a minion, draw a spell.",
    "Ward\u00a01, Lethal\u202f2, Airborne", "Tap \u2013> draw a spell.",
    "Bearer \u2013 Lethal.", "Kill each 12\u2011power unit, then 3\u20132 x.",
    "Summon a \u201cBrood Whelp\u201d token here.", "Target minion gets \u22121 power.",
])
def test_fast_parser_agrees_with_lark_on_keyword_and_label_lines(line):
    """The fast driver builds what Lark builds for the rewritten regexes' edge cases."""
    from cardscript import grammar
    from cardscript.grammar.typography import plain_file
    parser, builder = get_parser()
    source = plain_file(f'card "X": minion, cost 1\n  {line}\n')
    builder.file, builder.long_numbers = "<string>", False
    fast = grammar._fast.parse(source)
    assert fast is not None and fast == parser.parse(source)


def test_a_long_storyline_copies_and_pickles_without_recursion():
    """20,000 waiting labels copy, deep-copy and pickle (the shared pairs nest that deep)."""
    import copy
    import pickle
    from cardscript.interpreter.waiting import Labels
    labels = Labels()
    labels.put_front([f"e{i}" for i in range(20_000)])
    view = labels.view()
    for other in (copy.copy(labels), copy.deepcopy(labels), pickle.loads(pickle.dumps(labels))):
        assert other.view() == view and len(other.view()) == 20_000
    assert pickle.loads(pickle.dumps(view)) == view and copy.deepcopy(view) == view
