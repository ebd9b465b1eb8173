"""L009: an ability that can never trigger, and a condition that can never hold.

Each check is one the rules decide without playing: it never reports an ability that could
trigger in some game of the cards linted (together with their ruleset's bundled pool, which
they are compiled against). The cards so linted are taken to be every card a game can hold.

- A trigger on a happening the ruleset never produces (`Ruleset.happenings`, the kinds its
  code makes: tests/test_happenings.py holds it to them).
- In a ruleset that says which kinds stay in play and hears triggers only from cards in
  play: a trigger on other cards' happenings on a card that is never in play (a Sorcery
  magic), and a trigger on its own entering or leaving play on such a card.
- A pattern that watches 'this NOUN' where the noun cannot name the card's own kind.
- A trigger whose pattern watches cards of kinds no card has ('whenever an avatar dies' in a
  pool with no avatar), and a condition that tests for such cards ('if you control an
  aura'), where the condition's phrase has no word that turns it round ('no', 'not',
  "n't", 'without', 'fewer', ...: 'if you control no aura' always holds instead). A
  reference ('it', 'that minion') is not judged: it names a card said before.
"""

from __future__ import annotations

from ..compiler.template import IfT
from ..compiler.visit import walk
from ..language.selectors import Selector
from .rules import Finding, PoolCard, _ability_nodes

# Happenings about a card's own arrival in or departure from play: a card of a kind that never
# enters play never has them.
PLAY_HAPPENINGS = frozenset({"enter_play", "leave_play"})
# Words that turn a condition round: with one of them, no matching card may make it hold.
NEGATING = frozenset({"no", "not", "none", "never", "nothing", "without", "fewer", "less",
                      "unless", "most", "except", "only"})


def never_triggers(cards: list[PoolCard], ruleset, present: frozenset | None = None
                   ) -> list[Finding]:
    """L009 on the cards of one ruleset; `present`: the kinds of every card there is (None:
    not known, the kind checks are skipped)."""
    lang, policy = ruleset.language, ruleset.policy
    out = []
    judged = bool(lang.permanent_kinds) and set(policy.trigger_zones) <= set(policy.play_zones)
    for c in cards:
        if c.template is None:
            continue
        for ab, node in zip(c.template.abilities, _ability_nodes(c)):
            if present is not None:
                out.extend(_conditions(c, ab, present))
            if node is None:
                continue
            if ab.kind != "triggered" or ab.hook is None:
                continue
            found = _trigger(c, ab, node, ruleset, judged, present)
            if found is not None:
                out.append(found)
                continue
            pattern = getattr(node, "pattern", None)
            if pattern is not None:
                out.extend(_this_noun(c, pattern, lang))
    return out


def _trigger(c: PoolCard, ab, node, ruleset, judged: bool, present) -> Finding | None:
    """The first reason a trigger can never trigger, else None."""
    lang = ruleset.language
    hook = ab.hook
    at = node.span
    declared = ruleset.happenings
    if declared and hook.happening not in declared:
        return Finding("L009", f"'{hook.happening}' never happens under {ruleset.name} (not "
                       "among the happenings it produces); this can never trigger", c.path,
                       at.line, at.column)
    watching_self = any(k == "self" or k.startswith("self_") for k in hook.filter)
    if judged and c.kind not in lang.permanent_kinds:
        if not watching_self:
            return Finding("L009", f"{_a(c.kind)} is never in play, where this trigger is "
                           "heard; it can never trigger", c.path, at.line, at.column)
        if hook.happening in PLAY_HAPPENINGS:
            return Finding("L009", f"{_a(c.kind)} never enters play, so '{hook.happening}' "
                           "never happens to it; it can never trigger", c.path, at.line,
                           at.column)
    if present is not None:
        for key, value in hook.filter.items():
            sel = _judged_selector(value)
            if sel is not None and not sel.kinds & present:
                line = c.lines[at.line - 1]
                col = _column(line, sel.text, at.column)
                return Finding("L009", f"no card of this pool is {_kinds(sel.kinds)}, so "
                               f"'{sel.text}' never matches; this can never trigger", c.path,
                               at.line, col, col + len(sel.text) if sel.text else 0)
    return None


def _conditions(c: PoolCard, ab, present: frozenset) -> list[Finding]:
    """Conditions of an ability that test for cards of kinds no card has, each reported on
    the card's first line that holds its text (a spell's lines are one ability)."""
    conds = list(ab.hook.condition) if ab.hook is not None else []
    for part in walk(ab.effect):
        if isinstance(part, IfT):
            conds.extend(part.conditions)
    out = []
    for cond in conds:
        if any(_negating(shape) for shape in cond.spec.shapes):
            continue
        for _, value in cond.args:
            sel = _judged_selector(value)
            if sel is None or sel.kinds & present:
                continue
            line_no, col = _find(c, cond.text)
            out.append(Finding("L009", f"no card of this pool is {_kinds(sel.kinds)}, so "
                               f"'{cond.text}' can never hold", c.path, line_no, col,
                               col + len(cond.text)))
            break
    return out


def _judged_selector(value) -> Selector | None:
    """A selector that names cards by their kinds afresh (not a reference), else None."""
    if not isinstance(value, Selector) or value.kinds is None:
        return None
    if value.quant == "ref" or value.pick in ("ref", "self", "named"):
        return None
    return value


def _negating(shape) -> bool:
    words = {a for part in shape.text.split() if not part.startswith("{")
             for a in part.rstrip("?").lower().split("|")}
    return bool(words & NEGATING) or any(w.endswith("n't") for w in words)


def _find(c: PoolCard, text: str) -> tuple[int, int]:
    """The line and column of a text in a card (its first line and column if not found)."""
    sp = c.node.span
    for n in range(sp.line, min(sp.end_line, len(c.lines)) + 1):
        at = c.lines[n - 1].lower().find(text.lower())
        if at >= 0:
            return n, at + 1
    return sp.line, sp.column


def _column(line: str, text: str, default: int) -> int:
    at = line.lower().find(text.lower()) if text else -1
    return at + 1 if at >= 0 else default


def _kinds(kinds) -> str:
    return " or ".join(_a(k) for k in sorted(kinds))


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _this_noun(c: PoolCard, pattern, lang) -> list[Finding]:
    words = pattern.words
    out = []
    for w, nxt in zip(words, words[1:]):
        if w.text.lower() != "this":
            continue
        noun = nxt.text.lower()
        if noun in lang.place_nouns:        # 'this site' on an aura: where the card stands
            continue
        kinds = lang.nouns.get(noun)
        if kinds is None and noun in lang.card_kinds:
            kinds = frozenset({lang.card_kinds[noun]})
        if kinds is not None and c.kind not in kinds:
            out.append(Finding("L009", f"'this {nxt.text}' watches the card itself, but it "
                               f"is {_a(c.kind)}: the trigger can never match", c.path,
                               w.span.line, w.span.column,
                               nxt.span.column + len(nxt.text)))
    return out
