"""The questions a game asks its players (the rules interface's `ask_*`), as functions of the
game: each is bound as a method of `Game`. A question with one legal answer is not asked."""

from __future__ import annotations

from ..errors import ScenarioError
from .choices import Question


def ask(game, q: Question):
    """Ask a question of any kind; the answer is the value of a legal (label, value)."""
    return game.answers.answer(q)


def ask_target(game, player, prompt, options):
    """One target among `options` (error S303 when there is none)."""
    if not options:
        raise ScenarioError(f"nothing legal to choose for {prompt!r}", None, code="S303",
                            hint="check the board in setup")
    if len(options) == 1:
        return options[0]
    legal = [(getattr(o, "id", o), o) for o in options]
    return game.ask(Question(player, "target", prompt, legal))


def ask_cards(game, player, prompt, options, n, *, kind="cards", exact=False):
    """Up to `n` (or, `exact`, exactly `n`) cards among `options`."""
    if not options:
        return []
    if len(options) == 1 and kind != "target":
        return list(options)                    # a single legal answer is not asked
    if kind == "cards" and len({o.name for o in options}) == 1:
        return list(options[:n])                # copies of one card: no answer tells them apart
    if exact and len(options) <= n:
        return list(options)
    legal = [(getattr(o, "id", o), o) for o in options]
    ans = game.ask(Question(player, kind, prompt, legal, multi=True, count=n, exact=exact))
    if n is not None and len(ans) > n:
        raise ScenarioError(f"{player} chose {len(ans)} cards for {prompt!r}; at most {n}",
                            None, code="S302")
    return ans


def ask_may(game, player, prompt, kind="may") -> bool:
    """Yes or no (a `may` question, or another kind with the same answers)."""
    return bool(game.ask(Question(player, kind, prompt, [("true", True), ("false", False)])))


def ask_option(game, player, texts) -> int:
    """The index of one of several texts (`choose one`)."""
    if len(texts) == 1:
        return 0                     # a question with one legal answer is not asked
    legal = [(t, i) for i, t in enumerate(texts)]
    return game.ask(Question(player, "option", "choose one: " + "; ".join(texts), legal))


def ask_order(game, player, events):
    """The order `player` gives simultaneous events (those not named keep theirs, after)."""
    if len(events) < 2:
        return list(events)
    legal = [(e.source.id if e.source else e.kind, e) for e in events]
    if len({lbl for lbl, _ in legal}) < 2:
        return list(events)          # one source's triggers: no answer could tell them apart
    ans = game.ask(Question(player, "order", "order your simultaneous triggers", legal,
                             multi=True))
    rest = [e for e in events if e not in ans]
    ordered = (game.why.ordered(player),)
    for e in events:
        e.rules = e.rules + ordered
    return list(ans) + rest
