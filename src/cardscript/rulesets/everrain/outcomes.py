"""The Everrain's tests, choices and counters: the outcomes a card's text leads to.

A test's outcome and a choice's option are the `option` answers of the player the card
resolves for; crew and treasure are counters that never go below 0.
"""

from __future__ import annotations

from ...interpreter.rules import Do, walk

MAKE_A_TEST = "make a test"        # the verb (language.py) whose outcome the conditions read

def make_test(game, ev, skill=None) -> str:
    """A test: its outcome is the controller's `option` answer, success or failure."""
    what = f"{skill} test" if skill else "test"
    i = game.ask_option(ev.controller, [o for o, _ in _OUTCOMES])
    outcome = _OUTCOMES[i][0]
    ev.named["test"] = [outcome]
    ev.did.append(f"{what}: {outcome}")
    return outcome


_OUTCOMES = (("success", True), ("failure", False))


def test_outcome(game, ev) -> str | None:
    """The outcome of the test made on this event's path, None when its path made none.

    A condition reads the test its own path made: a card whose text makes a test in one
    branch (one option of a choice) and took another has no test to read, so neither 'the
    test succeeds' nor 'the test fails' holds, and nobody is asked. Only a card whose text
    never says 'make a test' makes its test as the condition is first read.
    """
    done = ev.named.get("test")
    if done:
        return done[0]
    if _makes_a_test(ev.ability):
        return None
    return make_test(game, ev)


def _makes_a_test(ability) -> bool:
    """Does the text of this ability say 'make a test' anywhere (on any path)?"""
    return ability is not None and any(
        type(node) is Do and node.verb.name == MAKE_A_TEST for node in walk(ability.effect))


def split_options(text: str, separators) -> list:
    """The options of a choice: `text` cut at each separator word run ('or to', 'and to')."""
    words, options, cur = text.split(), [], []
    seps = [s.split() for s in separators]
    i = 0
    while i < len(words):
        sep = next((s for s in seps if [w.lower() for w in words[i:i + len(s)]] == s and
                    cur), None)
        if sep:
            options.append(" ".join(cur))
            cur, i = [], i + len(sep)
            continue
        cur.append(words[i])
        i += 1
    return options + [" ".join(cur)] if cur else options


def choose(game, ev, options: list) -> None:
    """A choice among the card's outcomes, answered with an `option` choice (its words)."""
    i = game.ask_option(ev.controller, options) if len(options) > 1 else 0   # one: not asked
    ev.named["chose"] = [options[i]]
    ev.did.append(f"chose: {options[i]}")


def chose(ev, words: str) -> bool:
    """Did the player choose the option that is, or starts with, these words?"""
    picked = ev.named.get("chose")
    return bool(picked) and (picked[0] == words or picked[0].startswith(words + " "))


def change_counter(game, ev, who, counter: str, delta: int, text=None) -> None:
    """Gain or lose crew / treasure, for each player the words name ('each opponent': every
    other player)."""
    for player in game.players_named(ev, who, text):
        _change_one(game, ev, player, counter, delta)


def _change_one(game, ev, player, counter: str, delta: int) -> None:
    """One player's change; a player cannot lose more than they have (no count of crew
    members or treasure goes below 0)."""
    gain = delta >= 0
    have = counter_of(game, player, counter)
    if delta < 0 and -delta > have:
        ev.did.append(f"{player} has only {have} {counter} to lose")
        delta = -have
    game.counter_add(player, counter, delta)
    ev.did.append(f"{player} {'gains' if delta > 0 or (delta == 0 and gain) else 'loses'} "
                  f"{abs(delta)} {counter}")


def counter_of(game, player, counter: str) -> int:
    """A player's crew or treasure."""
    return game.state.players[player].counters.get(counter, 0)
