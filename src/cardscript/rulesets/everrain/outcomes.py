"""The Everrain's tests, choices and counters: the outcomes a card's text leads to.

A test's outcome and a choice's option are the `option` answers of the player the card
resolves for; crew and treasure are counters that never go below 0.
"""

from __future__ import annotations


def make_test(game, ev, skill=None) -> str:
    """A test: its outcome is the controller's `option` answer, success or failure."""
    what = f"{skill} test" if skill else "test"
    i = game.ask_option(ev.controller, [o for o, _ in _OUTCOMES])
    outcome = _OUTCOMES[i][0]
    ev.named["test"] = [outcome]
    ev.did.append(f"{what}: {outcome}")
    return outcome


_OUTCOMES = (("success", True), ("failure", False))


def test_outcome(game, ev) -> str:
    """The outcome of the card's test (made now if the text tests before saying 'make a test')."""
    done = ev.named.get("test")
    return done[0] if done else make_test(game, ev)


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


def change_counter(game, ev, who, counter: str, delta: int) -> None:
    """Gain or lose crew / treasure; a player cannot lose more than they have (no count
    of crew members or treasure goes below 0)."""
    gain = delta >= 0
    player = game.opponent_of(ev.controller) if who == "opponent" else ev.controller
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
