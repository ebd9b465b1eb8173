"""`check` across the paths it is given: one card name declared in two of them is E209.

`check` compiles the files of each path apart (commands._group_by_ruleset), so a name two
paths share never met itself in one compile. The names each group declared are compared here,
the groups of one ruleset (its bundled pool apart from the others, as a scenario's cards stand
in for a pool card on purpose). The files are parsed again only when a name repeats, to say
where: `check` of cached files parses nothing otherwise.
"""

from __future__ import annotations

from pathlib import Path


def declared_across(done: list) -> list:
    """E209 errors of `done`: (group key (ruleset, in its pool), files, names declared), one
    entry a group in the order checked; each error stands on the later declaration."""
    first: dict = {}                     # (group key, name) -> the files that declared it
    clashes: list = []
    for key, files, names in done:
        for name in names:
            if (key, name) in first:
                clashes.append((name, first[(key, name)], files))
            else:
                first[(key, name)] = files
    out = []
    for name, earlier, later in clashes:
        first, second = _where(name, earlier), _where(name, later)
        if first[0] != second[0]:        # one file given twice is not two declarations
            from .compiler.declared_twice import declared_twice
            out.append(declared_twice(name, second[1], first[1]))
    return out


def _where(name: str, files: list[Path]):
    """(the resolved file, the span) of the declaration of `name` among `files`, which
    compiled: each parses."""
    from .grammar import parse_file
    for f in files:
        for card in parse_file(f).cards:
            if card.name == name:
                return f.resolve(), card.name_span
    raise LookupError(name)              # a bug: the group declared it
