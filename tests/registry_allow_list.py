"""The allow-list of tests/test_registry_coverage.py: the entries of the rulesets' languages
that no bundled scenario runs, each with a reason that the tests check (docs/testing.md,
"Registry coverage").

A reason is one of:

- `Shared(game)`: an entry of the shared library (library/), the same words and
  the same code in every game that has it; a scenario of `game` runs it. A trigger pattern
  must also listen to a happening this game makes, and the entry must be read here (not
  shadowed by an entry of the game's own).
- `Sibling(other, why)`: registered by the same code as `other`, which a scenario runs,
  for another word of a family (a duration, a side, an element, an area); an ongoing
  effect read by the same rule (its kind). `why` says what differs.
- `Shadowed(other)`: never read, since `other`, earlier in the table, reads all its shapes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from registry_recorder import Recording, code_of, entry, language_of, ruleset_of


@dataclass(frozen=True)
class Shared:
    """An entry of the shared library (library/), the same words and the same code
    in every game that has it: a scenario of `game` runs it. For a trigger pattern, this
    game must also make the happening it listens to (`Ruleset.happenings`)."""

    game: str

    def problem(self, rec: Recording, name: str, table: str, words: str) -> str | None:
        mine, theirs = entry(name, table, words), entry(self.game, table, words)
        if [s.text for s in mine.shapes] != [s.text for s in theirs.shapes]:
            return f"its words differ in {self.game}"
        if table == "patterns":
            if mine.happening != theirs.happening:
                return f"it listens to another happening in {self.game}"
            if mine.happening not in ruleset_of(name).happenings:
                return f"{name} never makes a '{mine.happening}' happening"
        elif table in ("verbs", "conditions"):
            if code_of(table, mine) is not code_of(table, theirs) or \
                    Path(code_of(table, mine).co_filename).parent.name != "library":
                return f"it is not the shared library's code in {self.game}"
        if (table, words) not in rec.ran.get(self.game, set()):
            return f"no scenario of {self.game} runs it either"
        if _shadowed(name, table, mine):
            return f"{name} never reads it: an earlier entry reads all its shapes"
        return None


def _shadowed(name: str, table: str, spec, by: str | None = None) -> bool:
    """Does an earlier entry of the table (named `by`, or any) read every shape of it?"""
    specs = getattr(language_of(name), table)
    first = next(i for i, s in enumerate(specs) if s is spec)
    earlier = {sh.text for s in specs[:first] if by is None or s.name == by
               for sh in s.shapes}
    return all(sh.text in earlier for sh in spec.shapes)


@dataclass(frozen=True)
class Sibling:
    """Registered by the same code as `other` (one function over a table of words: a
    duration, a side, an element), which a scenario runs; for an ongoing effect, read by the
    same rule (its kind) as `other`. `why` says what differs and where that is shown."""

    other: str
    why: str

    def problem(self, rec: Recording, name: str, table: str, words: str) -> str | None:
        mine, theirs = entry(name, table, words), entry(name, table, self.other)
        if table == "statics":
            if mine.kind != theirs.kind:
                return f"'{self.other}' is read by another rule ({theirs.kind})"
        elif table == "patterns":
            if mine.happening != theirs.happening:
                return f"'{self.other}' listens to another happening"
        elif code_of(table, mine) is not code_of(table, theirs):
            return f"'{self.other}' is other code"
        if (table, self.other) not in rec.ran.get(name, set()):
            return f"no scenario runs '{self.other}' either"
        return None


@dataclass(frozen=True)
class Shadowed:
    """Never read: every shape of it is a shape of `other`, earlier in the table, which the
    compiler tries first (compiler/matching.py: the first shape that reads a phrase)."""

    other: str

    def problem(self, rec: Recording, name: str, table: str, words: str) -> str | None:
        mine = next(s for s in reversed(getattr(language_of(name), table)) if s.name == words)
        if not _shadowed(name, table, mine, self.other):
            return f"'{self.other}' does not read all of its shapes first"
        return None


# Reasons shared by a family of entries (the `why` of a `Sibling`).
_LOST_POWER = ("another duration of the same loss (rulesets/sorcery/lost_power.py `_loser`); "
               "how each duration ends is durations.py's, run by the scenarios of "
               "'gain a keyword ...' and 'change power ...' with it")

_GRANTED = ("another duration of the same grant (rulesets/sorcery/granted_triggers.py "
            "`_giver`); how each duration ends is durations.py's, run by the scenarios of "
            "'gain a keyword ...' and 'change power ...' with it")
_THREE_GAINS = ("another duration of the same three gains (rulesets/sorcery/acts.py "
                "`_three_giver`); how each duration ends is durations.py's, run by the "
                "scenarios of 'gain a keyword ...' and 'change power ...' with it")

# (ruleset, table, entry name) -> why no bundled scenario runs it, a reason the tests check.
ALLOWED: dict = {
    ("sorcery", "verbs", "give a triggered ability until an opponent's next turn"):
        Sibling("give a triggered ability this turn", _GRANTED),
    ("sorcery", "verbs", "give a triggered ability until the end of your next turn"):
        Sibling("give a triggered ability this turn", _GRANTED),
    ("sorcery", "verbs", "give power, movement and a keyword until your next turn"):
        Sibling("give power, movement and a keyword this turn", _THREE_GAINS),
    ("sorcery", "verbs", "give power, movement and a keyword until an opponent's next turn"):
        Sibling("give power, movement and a keyword this turn", _THREE_GAINS),
    ("sorcery", "verbs", "give power, movement and a keyword until the end of your next turn"):
        Sibling("give power, movement and a keyword this turn", _THREE_GAINS),
    ("sorcery", "verbs", "lose power until your next turn"):
        Sibling("lose power this turn", _LOST_POWER),
    ("sorcery", "verbs", "lose power until the end of your next turn"):
        Sibling("lose power this turn", _LOST_POWER),
    ("sorcery", "verbs", "lose power until an opponent's next turn"):
        Sibling("lose power this turn", _LOST_POWER),
    ("keyforge", "conditions", "control"): Shared("sorcery"),
    ("keyforge", "conditions", "did"): Shared("sorcery"),
    ("keyforge", "conditions", "did not"): Shared("sorcery"),
    ("keyforge", "conditions", "is"): Shared("sorcery"),
    ("keyforge", "conditions", "not control"): Shared("sorcery"),
    ("keyforge", "conditions", "player controls"): Shared("sorcery"),
    ("keyforge", "conditions", "player does not control"): Shared("sorcery"),
    ("keyforge", "conditions", "played"): Shared("sorcery"),
    ("keyforge", "conditions", "they did"): Shared("sorcery"),
    ("keyforge", "conditions", "they did not"): Shared("sorcery"),
    ("keyforge", "verbs", "search"): Shared("sorcery"),
    ("keyforge", "verbs", "shuffle"): Shared("sorcery"),
    ("grand_archive", "conditions", "control"): Shared("sorcery"),
    ("grand_archive", "conditions", "could not"): Shared("sorcery"),
    ("grand_archive", "conditions", "not control"): Shared("sorcery"),
    ("grand_archive", "conditions", "player controls"): Shared("sorcery"),
    ("grand_archive", "conditions", "player does not control"): Shared("sorcery"),
    ("grand_archive", "conditions", "played"): Shared("sorcery"),
    ("grand_archive", "verbs", "heal"): Shared("sorcery"),
    ("grand_archive", "verbs", "kill"): Shared("sorcery"),
    ("grand_archive", "verbs", "search"): Shared("sorcery"),
    ("grand_archive", "verbs", "shuffle"): Shared("sorcery"),
    ("grand_archive", "verbs", "tap"): Shared("sorcery"),
    ("everrain", "conditions", "control"): Shared("sorcery"),
    ("everrain", "conditions", "could not"): Shared("sorcery"),
    ("everrain", "conditions", "did"): Shared("sorcery"),
    ("everrain", "conditions", "did not"): Shared("sorcery"),
    ("everrain", "conditions", "is"): Shared("sorcery"),
    ("everrain", "conditions", "not control"): Shared("sorcery"),
    ("everrain", "conditions", "player controls"): Shared("sorcery"),
    ("everrain", "conditions", "player does not control"): Shared("sorcery"),
    ("everrain", "conditions", "played"): Shared("sorcery"),
    ("everrain", "conditions", "they did"): Shared("sorcery"),
    ("everrain", "conditions", "they did not"): Shared("sorcery"),
    ("everrain", "patterns", "draw"): Shared("sorcery"),
    ("everrain", "verbs", "heal"): Shared("sorcery"),
    ("everrain", "verbs", "search"): Shared("sorcery"),
    ("everrain", "verbs", "shuffle"): Shared("sorcery"),
    ("everrain", "verbs", "tap"): Shared("sorcery"),
    ("everrain", "verbs", "untap"): Shared("sorcery"),
    ("mage_noir", "conditions", "control"): Shared("sorcery"),
    ("mage_noir", "conditions", "could not"): Shared("sorcery"),
    ("mage_noir", "conditions", "did not"): Shared("sorcery"),
    ("mage_noir", "conditions", "is"): Shared("sorcery"),
    ("mage_noir", "conditions", "not control"): Shared("sorcery"),
    ("mage_noir", "conditions", "player controls"): Shared("sorcery"),
    ("mage_noir", "conditions", "player does not control"): Shared("sorcery"),
    ("mage_noir", "patterns", "draw"): Shared("sorcery"),
    ("mage_noir", "verbs", "search"): Shared("sorcery"),
    ("mage_noir", "verbs", "shuffle"): Shared("sorcery"),
}
