"""Lance: a minion that enters the realm carrying a lance, and what a lance does to its
bearer's next strike (docs/rulesets/sorcery.md, "Lance"; the codex's entry "Lance").

The one keyword says two things, as the codex's entry does:

- **On a minion**: as it enters the realm it carries a new lance. The lance is a token
  artifact the pool declares (a `token artifact` with the keyword Lance: the bundled pool's
  `cards/sorcery/lances.cards`); no card name is written here. It enters at the minion's
  location, is the minion's controller's, and is carried by it. A minion that gains Lance
  from an effect while it stands in the realm takes up a new lance then (`gained`); one
  that had it already takes up none. A unit may give its lance to another (lance_giving.py).
- **On an artifact** (the lance): the first strike its bearer makes at one or more units
  while carrying it deals 1 more damage to each unit it damages, and in a fight it strikes
  first; then the lance breaks (it is destroyed, so a token lance ceases to exist). Units
  carrying lances in the same fight strike together, then those without one that still can
  (strikes.py `fight`, melee.py `fight_all`). A unit carrying two lances uses one a strike.
  A lance is carried, dropped when its bearer leaves the realm, and picked up as any
  artifact (pick_ups.py).

An attack on a site is no strike at a unit here (strikes.py `damage_player`): the lance is
kept for the next strike at a unit, as the codex table's reading of the entry says.
"""

from __future__ import annotations

from ...errors import SemanticError
from ...interpreter.rules import after
from ...library.moves import enter_play, in_play, leave_play
from .borne_artifacts import borne_by
from .units import UNITS

KEYWORD = "lance"
LANCE_KINDS = frozenset({"minion", "artifact"})
RULE = ("a minion with it enters the realm carrying a lance (a token artifact of the pool "
        "with the keyword), or takes one up as it gains it; the first strike of a lance's bearer at a unit deals 1 more "
        "damage and strikes first, then the lance breaks (rulesets/sorcery/lance.py)")


def register(lang) -> None:
    """The keyword Lance and its rule."""
    lang.keywords[KEYWORD] = KEYWORD
    lang.keyword_rules[KEYWORD] = RULE
    lang.card_checks.append(check_lance_kind)


def check_lance_kind(tpl) -> None:
    """Lance is read on a minion (it enters carrying a lance) and on an artifact (a lance):
    printed on a card of another kind it would do nothing, so it is refused."""
    if KEYWORD in tpl.keywords and tpl.kind not in LANCE_KINDS:
        raise SemanticError(f"Lance on {tpl.name!r}, a{'n' * (tpl.kind[0] in 'aeiou')} "
                            f"{tpl.kind}: the ruleset has no rules for it there", tpl.span,
                            code="E212", hint="Lance is read on a minion (it enters carrying "
                                              "a lance) and on an artifact (a lance)")


def is_lance(game, card) -> bool:
    """Is the card a lance: an artifact with the keyword Lance?"""
    return card.kind == "artifact" and game.has_keyword(card, KEYWORD)


def lance_of(game, unit):
    """The first lance `unit` carries now (board order), or None."""
    return next((c for c in borne_by(game, unit) if is_lance(game, c)), None)


def lance_template(game):
    """The pool's lance: a token artifact with the keyword Lance (the first by name, so the
    same pool gives the same lance), or None when no card file declares one."""
    found = sorted((t for t in game.templates.values()
                    if t.token and t.kind == "artifact" and KEYWORD in t.keywords),
                   key=lambda t: t.name)
    return found[0] if found else None


@after("enter_play")
def arms_lancers(game):
    """Each minion with Lance that entered the realm takes up a new lance where it stands."""
    entered = [h.card for h in game.batch
               if h.kind == "enter_play" and h.card is not None and h.card.kind == "minion"]
    for unit in entered:
        if not in_play(game, unit) or not game.has_keyword(unit, KEYWORD):
            continue
        take_up(game, unit, "enters carrying")


def has_lance(game, card) -> bool:
    """Has the card the keyword Lance now (asked before an effect gives it, `gained`)?"""
    return game.has_keyword(card, KEYWORD)


def gained(game, card, kw: str, had: bool) -> None:
    """An effect has just given `card` the keyword `kw` while it stands in the realm. Lance,
    on a minion that did not have it (`had`), makes it take up a new lance now, as a minion
    entering with it does (our reading: the keyword gives its bearer a lance; one it already
    had gives no second)."""
    if kw == KEYWORD and not had and card.kind == "minion" and in_play(game, card):
        take_up(game, card, "gains Lance and takes up")


def take_up(game, unit, how: str) -> None:
    """A new lance, `unit`'s controller's, enters at its location carried by it."""
    tpl = lance_template(game)
    if tpl is None:
        game.note(f"{unit.name} has Lance, but no card file declares a lance (a token "
                  "artifact with the keyword Lance)")
        return
    lance = game.state.new_card(tpl, unit.controller)
    enter_play(game, lance, unit.at, unit.controller)
    game.state.stand_with(lance, unit)
    game.state.link(lance, "carried_by", unit)
    game.note(f"{unit.name} {how} {lance.name}")


def first_by_lance(game, unit) -> bool:
    """Does `unit` strike first in a fight by its lance?"""
    return unit.kind in UNITS and lance_of(game, unit) is not None


def lance_bonus(game, striker, target) -> int:
    """The damage a lance adds to a strike at a unit (1 while the striker carries one)."""
    if target.kind not in UNITS or striker.kind not in UNITS:
        return 0
    return 1 if lance_of(game, striker) is not None else 0


def break_lance(game, striker) -> str | None:
    """The striker has struck with its lance: the lance breaks (it is destroyed). What the
    trace says, or None when it carried none."""
    lance = lance_of(game, striker)
    if lance is None:
        return None
    leave_play(game, lance, game.ruleset.graveyard, why="destroy")
    game.note(f"{striker.name}'s {lance.name} breaks")
    return lance.name
