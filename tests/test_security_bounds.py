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


def _best(fn, arg, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn(arg)
        best = min(best, time.perf_counter() - t)
    return best


def growth(fn, make, n: int, factor: int = 10, *, floor: float = 0.0005, repeat: int = 7) -> float:
    """How much longer `fn(make(factor * n))` takes than `fn(make(n))`.

    n is first doubled until the small input takes `floor` seconds, so timer noise does not
    decide the ratio. Linear work gives about `factor`, quadratic about `factor` squared.
    """
    with _guard(60):
        small = _best(fn, make(n), repeat)
        while small < floor and n < 1 << 22:
            n *= 2
            small = _best(fn, make(n), repeat)
        big = _best(fn, make(factor * n), repeat)
    return big / max(small, 1e-9)


def assert_linear(fn, make, n: int, factor: int = 10, limit: float = 35.0, **kw) -> None:
    """Growth of `fn` over `make(n)` stays well below the square of `factor`."""
    ratio = growth(fn, make, n, factor, **kw)
    assert ratio < limit, f"{factor}x the input took {ratio:.0f}x the time"


# --- 4: every terminal regex runs in linear time --------------------------------------------

# For each terminal whose regex repeats something: inputs of size n that make a backtracking
# regex work hardest (long runs, items that could split more than one way, a failing end).
PUMPS = {
    "KEYWORD_LINE": [lambda n: "Lethal 2, " * n + ".", lambda n: "Lethal 2, " * n + "Lethal 2",
                     lambda n: "a" + " " * n + "b.", lambda n: "a b " * n + "c\t2 3",
                     lambda n: "Hazardous 2 " * n + ", ."],
    "LABEL": [lambda n: "a" + " " * n + "b.", lambda n: "Tap " * n + ".",
              lambda n: "a-" * n + ">", lambda n: "x" * n + " time"],
    "TRIGGER": [lambda n: "at the " + " " * n],
    "COUNT_TIMES": [lambda n: "1" * n + " time", lambda n: "twice" + "s" * n],
    "NAME": [lambda n: '"' + "a" * n],
    "SIGNED": [lambda n: "+" + "1" * n + "x"],
    "NUMBER": [lambda n: "1" * n],
    "WORD": [lambda n: "a'" * n],
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
        assert_linear(match, make, 50)


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


_OLD_KEYWORD_LINE = (r"(?!card\b)[^\W\d_][\w'’ -]*?(?:[ \t]+\d+)?(?:,[ \t]*[^\W\d_][\w'’ -]*?"
                     r"(?:[ \t]+\d+)?)*(?=[ \t]*(?:#[^\n]*)?(?:\r?\n|$))")
_OLD_LABEL = (r"(?!(?:whenever|when|after|if|at|choose|each time|once|twice|thrice|one at a time|"
              r"all at once)\b)(?!\w+ times\b)[^\W\d_][\w'’ -]*?(?=[ \t]*(?:→|->|:))")


@pytest.mark.parametrize("name,old", [("KEYWORD_LINE", _OLD_KEYWORD_LINE), ("LABEL", _OLD_LABEL)])
def test_linear_rewrite_matches_what_the_backtracking_regex_matched(name, old):
    """The linear KEYWORD_LINE and LABEL regexes match exactly the text the old ones did."""
    new = re.compile(_terminals()[name].pattern.to_regexp(), re.IGNORECASE).match
    old_match = re.compile(old, re.IGNORECASE).match
    pieces = ["a", "b", "card", " times", "2", " ", "  ", "\t", ",", ".", "#", "\n", "\r\n",
              "-", "'", "’", "->", ">", ":", "→", "_", "é", "x1", "at"]
    rnd = random.Random(4)
    for _ in range(20000):
        s = "".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 9)))
        a, b = old_match(s), new(s)
        assert (a and a.group()) == (b and b.group()), repr(s)
