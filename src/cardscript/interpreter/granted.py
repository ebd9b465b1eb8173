"""Triggered abilities given to a card for a while: the card hears each one's happening as
it hears its printed triggers, until the grant is taken back or the card leaves the
trigger zones.

The grants are kept on the game (`Game._granted`, in the order they were made) and their
rows sit in the hooks index after every printed one (triggers.hooks_index): a grant made or
taken back changes the index in place of a rebuild; a card with a grant moving makes the
index be rebuilt (grants are few and short-lived), and one that left the trigger zones
loses its grants.
"""

from __future__ import annotations

from . import select as sel_eval


def granted_rows(game) -> list:
    """(happening kind, (card, ability, test)) of each grant whose card is in the trigger
    zones in the stay it was granted in, in the order of the grants."""
    zones = game.policy.trigger_zones
    return [(ab.hook.happening, (card, ab, sel_eval.hook_test(ab.hook)))
            for card, inc, ab in game._granted
            if card.zone in zones and card.incarnation == inc]


def grant(game, card, ab) -> None:
    """Give `card` the triggered ability `ab` (an AbilityT of kind "triggered")."""
    game._granted.append((card, card.incarnation, ab))
    # A card that hears a grant moves as a card that reacts: its moves reach `moved`.
    card.reacts = True
    index = game._hooks_index
    if index is None or index[0] != game.state.rules_version:
        return
    table = dict(index[1])
    kind = ab.hook.happening
    table[kind] = [*table.get(kind, ()), (card, ab, sel_eval.hook_test(ab.hook))]
    game._hooks_index = (index[0], table)


def take_back(game, card, text: str) -> bool:
    """Take back the first grant to `card` of an ability written `text`: whether there was
    one."""
    for i, (c, inc, ab) in enumerate(game._granted):
        if c is card and ab.text == text:
            del game._granted[i]
            break
    else:
        return False
    index = game._hooks_index
    if index is not None and index[0] == game.state.rules_version:
        table = dict(index[1])
        kind = ab.hook.happening
        rows = table.get(kind, ())
        # the row of this grant: the first of its card and ability (rows follow the grants)
        at = next((j for j, row in enumerate(rows) if row[1] is ab and row[0] is card), None)
        kept = list(rows) if at is None else [*rows[:at], *rows[at + 1:]]
        if kept:
            table[kind] = kept
        else:
            table.pop(kind, None)
        game._hooks_index = (index[0], table)
    return True


def moved(game, card) -> None:
    """A card moved while grants are kept: a card out of the trigger zones loses its grants,
    and the hooks index is rebuilt on its next read."""
    if card.zone not in game.policy.trigger_zones:
        game._granted[:] = [g for g in game._granted if g[0] is not card]
    game._hooks_index = None
