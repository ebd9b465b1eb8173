"""The small checks every part of a scenario file shares: what a value is, who a player is.

YAML reads more than a scenario uses: `2024-01-01` is a date, `!!binary` gives bytes. A
scenario holds text, whole numbers, decimals, true/false and null only; anything else is an
error at the value, so no later stage (the run, its JSON) meets a value it cannot handle.
"""

from __future__ import annotations

import datetime

from ..errors import ScenarioError, did_you_mean

_PLAIN = (str, int, float, bool, type(None))
_WHAT = {datetime.datetime: "a date and time", datetime.date: "a date", bytes: "binary data"}


def is_scalar(v) -> bool:
    """A single value (not a list or mapping)."""
    return not isinstance(v, (dict, list))


def is_int(v) -> bool:
    """A whole number: true and false are not numbers here, nor is 8.0."""
    return isinstance(v, int) and not isinstance(v, bool)


def is_name(v) -> bool:
    """A name: text, or a whole number used as one (`id: 7`)."""
    return isinstance(v, str) or is_int(v)


def describe(v) -> str:
    """A value in words, for an error ('true', '8.5', 'a list')."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "nothing"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "a mapping"
    return repr(v)


def check_plain_values(sc, value=None, key=()) -> None:
    """Every key and value of the file is text, a number, true/false or null."""
    if not key:
        value = sc.data
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, _PLAIN):
                raise _not_plain(sc, k, sc.key_span(*key, k))
            check_plain_values(sc, v, key + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            check_plain_values(sc, v, key + (i,))
    elif not isinstance(value, _PLAIN):
        raise _not_plain(sc, value, sc.span(*key))


def _not_plain(sc, value, span):
    what = next((w for t, w in _WHAT.items() if isinstance(value, t)),
                f"a YAML {type(value).__name__} value")
    return ScenarioError(f"{what} ({value!s:.40}) is not a value a scenario uses", span,
                         code="S005", hint="a scenario holds text, numbers and true/false; "
                                           "quote the value (\"...\") if it is meant as text"
                         ).with_source(sc.text)


def unknown_key(sc, k, allowed, what, *key, code):
    """Raise the error for an unknown key `k` of a mapping, naming the keys allowed there."""
    raise sc.key_error(f"unknown {what} key {k!r}", *key, k, code=code,
                       hint=" ".join(filter(None, [
                           did_you_mean(str(k), allowed),
                           f"keys of {'an' if what[0] in 'aeiou' else 'a'} {what}"
                           f"{' besides its verb' if what == 'action' else ''}: " +
                           ", ".join(sorted(allowed))])))


def check_player(sc, who, *key, what="player", shared_ok=False) -> None:
    """`who` is one of the scenario's players (or `shared`, where that is allowed)."""
    if shared_ok and who == "shared":
        return
    if not is_scalar(who) or str(who) not in sc.players:
        raise sc.error(f"unknown {what} {who!r}", *key, code="S006",
                       hint=did_you_mean(str(who), sc.players) or
                       "players: " + ", ".join(sc.players))


def ruleset_of(sc):
    """The scenario's ruleset, or None when its name is unknown (the run reports that)."""
    from .. import rulesets
    try:
        return rulesets.get(sc.ruleset)
    except ScenarioError:
        return None
