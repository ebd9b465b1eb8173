"""Every registered verb, trigger pattern, condition and ongoing effect of every ruleset is
run by at least one bundled scenario, or is on the allow-list (registry_allow_list.py) with a
reason the tests check (docs/testing.md, "Registry coverage").

One pass over every scenario, recorded (registry_recorder.py: a verb's step performed, a
condition tested, a trigger pattern fired, an ongoing effect read by a rule), is shared by
the tests of this module.
"""

from __future__ import annotations

import pytest

from cardscript.rulesets import BUILTIN
from registry_allow_list import ALLOWED
from registry_recorder import (SCENARIOS, TABLES, Recording, language_of, missing,
                               record_pass, registered, ruleset_of)


@pytest.fixture(scope="module")
def recording() -> Recording:
    """One pass over every bundled scenario, recorded."""
    return record_pass()


def test_the_recorded_pass_plays_every_scenario(recording):
    """The pass the coverage is read from meets every scenario's expectations (else what
    ran would not show what the words do)."""
    assert len(SCENARIOS) >= 5
    assert recording.failures == []


def test_every_entry_runs_in_a_scenario(recording):
    """Every verb, trigger pattern, condition and ongoing effect of every ruleset is run by
    a bundled scenario, or is on the allow-list."""
    gaps = [f"{name} {table}: {words!r}" for name, found in missing(recording).items()
            for table, words in found if (name, table, words) not in ALLOWED]
    assert gaps == [], ("no scenario runs these (write one, or allow-list it with a "
                        "reason: docs/testing.md):\n" + "\n".join(gaps))


def test_allowed_entries_are_real_and_their_reasons_hold(recording):
    """Each allow-listed entry exists, no scenario runs it (else it comes off the list), and
    its reason is checked: the sibling or the other game really runs the same thing."""
    problems = []
    for (name, table, words), reason in ALLOWED.items():
        if (table, words) not in registered(name):
            problems.append(f"{name} {table} {words!r}: no such entry")
            continue
        if (table, words) in recording.ran.get(name, set()):
            problems.append(f"{name} {table} {words!r}: a scenario runs it now; take it off")
            continue
        found = reason.problem(recording, name, table, words)
        if found:
            problems.append(f"{name} {table} {words!r}: {found}")
    assert problems == []


def test_the_recorder_sees_each_kind_of_entry(recording):
    """The recorder is wired: it saw verbs, patterns, conditions and ongoing effects run
    (a wrapper that no longer sits where the interpreter calls would see nothing)."""
    seen = {table for found in recording.ran.values() for table, _ in found}
    assert seen == set(TABLES)
    assert ("verbs", "deal damage") in recording.ran["sorcery"]


def test_every_trigger_pattern_listens_to_a_happening_its_game_makes():
    """A trigger pattern on a happening its game never makes would be a word that never
    triggers: a built-in language leaves such shared patterns out (check then refuses the
    card), so every pattern's happening is one the ruleset declares it makes."""
    never = [f"{name}: {p.name!r} listens to '{p.happening}'" for name in BUILTIN
             for p in language_of(name).patterns
             if p.happening not in ruleset_of(name).happenings]
    assert never == []


if __name__ == "__main__":          # a listing of what no scenario runs, for a person
    found = record_pass()
    for path, problems in found.failures:
        print("FAILED", path, problems[:1])
    for name, gaps in missing(found).items():
        print(f"{name}: {len(gaps)} of {len(registered(name))} not run")
        for table, words in gaps:
            print(f"  {table}: {words}" + ("  (allowed)" if (name, table, words) in ALLOWED
                                           else ""))
