"""Hostile inputs through the real command line: each in its own bounded process (fuzzcli.py)
ends with exit 0 or 1, no traceback, and valid JSON when JSON was asked for.

The default run plays CASES (a few dozen, well under a minute). `pytest --fuzz-long` adds
`--fuzz-count` generated inputs (seed `--fuzz-seed`); docs/security.md says when to run it.
"""

from __future__ import annotations

import pytest

from fuzzcli import CARD, FIFO, KINDS, Case, card_check, generated, run_case, scenario

SPELL = 'card "Fuzz Spell": magic, cost 1\n  {effect}\n'
CAST = ("cards: [c.cards]\nsetup:\n  alice:\n    hand: [Fuzz Spell]\n"
        "actions:\n  - {player: alice, cast: Fuzz Spell}\n")


def spell_case(cid: str, effect: str) -> Case:
    """Alice casts a spell whose one line is `effect`."""
    return scenario(CAST, cid=cid, files={"c.cards": SPELL.format(effect=effect)})


CASES = [
    # hostile paths in a scenario's cards: (refused by name, never read)
    scenario("cards: [/proc/self/environ]\n", cid="cards-proc-environ"),
    scenario("cards: [../../../../../../etc/passwd]\n", cid="cards-dotdot-passwd"),
    scenario("cards: [/dev/zero]\n", cid="cards-dev-zero", argv=("--json", "--allow-path", "/dev")),
    scenario("cards: [/dev/stdin]\n", cid="cards-dev-stdin",
             argv=("--json", "--allow-path", "/dev")),
    scenario("cards: [pipe.cards]\n", cid="cards-fifo", files={"pipe.cards": FIFO}),
    scenario("cards: [loop.cards]\n", cid="cards-symlink-loop",
             files={"loop.cards": ("symlink", "{dir}/loop.cards")}),
    scenario("cards: [sub/]\n", cid="cards-folder-with-fifo",
             files={"sub/a.cards": CARD, "sub/b.cards": FIFO}),
    scenario("cards: [out/]\n", cid="cards-symlink-out",
             files={"out": ("symlink", "/etc")}),
    scenario('cards: ["a\\0b.cards"]\n', cid="cards-nul-in-path"),
    scenario('cards: [""]\n', cid="cards-empty-path"),
    scenario("cards: [" + "x" * 5000 + "]\n", cid="cards-5000-char-name"),
    scenario("cards: [big.cards]\n", cid="cards-over-the-size-cap",
             files={"big.cards": b"#" * (8 * 1024 * 1024 + 1)}),
    # special files given to the commands themselves
    Case("check-dev-zero", ["check", "/dev/zero", "--format", "json"]),
    Case("check-dev-stdin", ["check", "/dev/stdin", "--format", "json"]),
    Case("check-proc-environ", ["check", "/proc/self/environ", "--format", "json"]),
    Case("check-fifo", ["check", "{dir}/pipe.cards", "--format", "json"], {"pipe.cards": FIFO}),
    Case("check-symlink-loop", ["check", "{dir}/loop.cards", "--format", "json"],
         {"loop.cards": ("symlink", "{dir}/loop.cards")}),
    Case("check-folder-with-fifo", ["check", "{dir}/sub", "--ruleset", "sorcery", "--format",
                                    "json"], {"sub/a.cards": CARD, "sub/b.cards": FIFO}),
    Case("run-dev-zero", ["run", "/dev/zero", "--json"]),
    Case("check-5000-char-path", ["check", "x" * 5000, "--format", "json"]),
    Case("test-5000-char-path", ["test", "x" * 5000, "--format", "json"]),
    Case("explain-5000-char-cards", ["explain", "X", "--cards", "x" * 5000]),
    Case("check-1200-nested-folders", ["check", "{dir}/deep", "--ruleset", "sorcery", "--format",
                                       "json"], {"deep/" + "a/" * 1200 + "x.cards": CARD}),
    scenario("cards: [deep/]\n", cid="cards-1200-nested-folders",
             files={"deep/" + "a/" * 1200 + "x.cards": CARD}),
    Case("check-proc-folder", ["check", "/proc/self/fd", "--format", "json"]),
    Case("test-dev-zero", ["test", "/dev/zero", "--format", "json"]),
    Case("explain-dev-zero", ["explain", "/dev/zero"]),
    Case("run-fifo", ["run", "{dir}/pipe.yaml", "--json"], {"pipe.yaml": FIFO}),
    Case("run-folder", ["run", "{dir}", "--json"]),
    # outputs
    scenario("", cid="html-over-the-scenario", argv=("--json", "--html", "{dir}/s.yaml")),
    scenario("", cid="html-missing-folder", argv=("--html", "{dir}/no/such/out.html")),
    scenario("", cid="html-onto-a-folder", argv=("--json", "--html", "{dir}")),
    scenario("", cid="html-onto-dev-null", argv=("--json", "--html", "/dev/null")),
    # odd bytes in card files and scenarios
    card_check(b"\xef\xbb\xbf" + CARD.encode(), cid="card-bom"),
    card_check("# a\u2028b\u2029c\x85d\n" + CARD + "  Zap zap.\n", cid="card-line-separators"),
    card_check('card "Fu\x00zz": minion, cost 2, power 1\n', cid="card-nul-in-name"),
    card_check(CARD + "  Deal " + "x" * 1_000_000 + " damage.\n", cid="card-megabyte-word",
               fmt="text"),
    card_check(b"card \xff\xfe\n", cid="card-not-utf8"),
    scenario("setup: !!python/object/apply:os.system\n  a: {}\n", cid="yaml-python-tag"),
    scenario("options: !!python/object/new:dict [[]]\n", cid="yaml-python-new"),
    scenario("seed: !!python/name:os.system x\n", cid="yaml-python-name"),
    scenario("setup:\n  alice:\n    realm:\n      - {card: Azuridge Caravan, at: .inf}\n",
             cid="yaml-at-inf"),
    scenario("setup:\n  alice:\n    realm:\n      - {card: Azuridge Caravan, at: 2026-01-01}\n",
             cid="yaml-at-date"),
    scenario("setup:\n  alice:\n    realm:\n      - {card: Azuridge Caravan, id: !!binary aGk=}\n",
             cid="yaml-id-binary"),
    # numbers of thousands of digits, deep nesting, huge repetition counts, the keyword
    # line's backtracking, a YAML alias bomb
    spell_case("card-number-5000-digits", "You gain " + "9" * 5000 + " life."),
    spell_case("card-huge-repetition", "You gain 1 life, 99999999999999999999 times."),
    spell_case("card-nested-ifs", "If you have 1 life, " * 1000 + "you gain 1 life."),
    card_check('card "L": minion, cost 2, power 1\n  ' + "Lethal 2, " * 22 + "Lethal 2.\n",
               cid="card-keyword-backtracking"),
    scenario("seed: " + "9" * 5000 + "\n", cid="yaml-seed-5000-digits"),
    scenario("description: " + "[" * 500 + "]" * 500 + "\n", cid="yaml-nested-500"),
    scenario("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 9)),
        cid="yaml-alias-bomb"),
]

# The kinds of generated input in a default run: all of them.
SAMPLE_KINDS = KINDS


def _check(case: Case, tmp_path) -> None:
    outcome = run_case(case, tmp_path)
    assert not outcome.problems, f"{case.id}: {outcome.problems}\n{outcome.stderr[-2000:]}"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hostile_input_ends_cleanly(case, tmp_path):
    """A hostile path, special file, odd byte or tag ends in exit 0/1, no traceback, JSON
    when asked, within the time and memory bound."""
    _check(case, tmp_path)


def test_cases_have_unique_ids():
    """Every fixed input is named once (a failure names the input)."""
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))


def test_generated_inputs_are_deterministic():
    """The mutation fuzzer makes the same inputs from the same seed."""
    a, b = generated(7, 20), generated(7, 20)
    assert [(c.id, c.argv, c.files.get("s.yaml"), c.files.get("c.cards")) for c in a] == \
           [(c.id, c.argv, c.files.get("s.yaml"), c.files.get("c.cards")) for c in b]


def test_generated_inputs_end_cleanly(fuzz_long, tmp_path_factory):
    """Generated inputs (a short sample; many with --fuzz-long) end cleanly; all failures are
    listed together."""
    count, seed, long = fuzz_long
    failures = []
    for case in generated(seed, count, KINDS if long else SAMPLE_KINDS):
        outcome = run_case(case, tmp_path_factory.mktemp("fuzz"))
        if outcome.problems:
            failures.append(f"{case.id}: {'; '.join(outcome.problems)}")
    assert not failures, "\n".join(failures)


def test_a_case_leaves_no_folders_behind(tmp_path):
    """A case whose folders nest deeper than Python's stack is removed after its run, so
    pytest's own clean-up of its temp folder (which recurses) never meets it."""
    deep = next(c for c in CASES if c.id == "check-1200-nested-folders")
    assert not run_case(deep, tmp_path).problems
    assert list(tmp_path.iterdir()) == []
