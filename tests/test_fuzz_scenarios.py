"""Mutated scenario files never escape as anything but a CardScriptError (no Python exception)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from cardscript.errors import CardScriptError
from cardscript.scenario.loader import parse_scenario
from cardscript.scenario.runner import run_scenario

FILES = sorted((ROOT / "cards").glob("*/scenarios/**/*.yaml"))      # every ruleset's
TEXTS = [(str(f), f.read_text(encoding="utf-8")) for f in FILES]
EXAMPLES = int(os.environ.get("CARDSCRIPT_FUZZ_EXAMPLES", "150"))
RANDOM = bool(os.environ.get("CARDSCRIPT_FUZZ_RANDOM"))

# Values and marks that matter to scenarios and to YAML, besides any character at all.
PIECES = ["alice", "bob", "shared", "hand", "realm", "8", "25", "-1", "true", "null", "[]",
          "{}", "[a, b]", "{card: X}", "Firebolts", "target: 3", "at: 99", "to: x", "cast: ",
          "move: ", "attack: ", "kind: order", "answer: ", "~", "'", '"', ":", "- ", "  ", "\n",
          "\t", "max_steps: 1", "seed: x", "id: peg", "&a ", "*a", "!!str ",
          # other rulesets' verbs, keys and answers
          "choose_house: ", "reap: ", "fight: ", "use: ", "discard: ", "flank: left",
          "prepare: ", "channel: ", "activate: ", "materialize: ", "bestow: ", "draw: ",
          "end_act: true", "end_turn: true", "kind: respond", "kind: pay", "answer: pass",
          "ether: 3", "aember: 9", "keys: 2", "crew: -4", "house: x", "story: [13]"]


@st.composite
def mutated(draw):
    """A bundled scenario with 1-3 edits: characters, pieces, lines dropped or doubled."""
    path, text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 3))):
        pos = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["delete", "insert", "piece", "dup_line", "drop_line"]))
        if kind == "delete":
            text = text[:pos] + text[pos + draw(st.integers(1, 8)):]
        elif kind == "insert":
            text = text[:pos] + draw(st.characters()) + text[pos:]
        elif kind == "piece":
            text = text[:pos] + draw(st.sampled_from(PIECES)) + text[pos:]
        else:
            lines = text.split("\n")
            j = draw(st.integers(0, len(lines) - 1))
            if kind == "dup_line":
                lines.insert(j, lines[j])
            else:
                del lines[j]
            text = "\n".join(lines)
    return path, text


@settings(max_examples=EXAMPLES, deadline=None, derandomize=not RANDOM,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=mutated())
def test_mutated_scenarios_raise_only_cardscript_errors(case):
    """Loading and playing a mutated scenario succeeds, or fails with a CardScriptError that
    prints, or reports ok: false with an error object; nothing else escapes."""
    path, text = case
    try:
        result = run_scenario(parse_scenario(text, path))
    except CardScriptError as e:
        assert "Traceback" not in e.format()
        return
    if not result["ok"]:
        assert {"kind", "code", "message", "hint", "file", "line", "column"} <= \
            set(result["error"])
