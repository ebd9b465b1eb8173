"""Phrasings a game reads but does not print, rewritten as it prints them (lint L014).

A ruleset may give one vocabulary entry a shape its cards never print beside the one they
do (`Language.printed_shapes`: KeyForge reads a bare `heal a creature` as it reads `fully
heal a creature`). Both compile to the same template; the printed one is canonical. A phrase
the compiler reads with an accepted shape is rewritten into the printed shape: the words
between the slots (and before and after them) are replaced by the printed shape's own, each
slot's words kept as written. The two shapes must name the same slots in the same order;
`printed_pairs` checks that of a language's declarations once, so a ruleset whose pairs do
not hold together fails at its first lint, not on some card.
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import Span
from .edits import Edit

__all__ = ["lead_words", "printed_pairs", "printed_edits", "touchable_words"]

_PAIRS = ("__printed_pairs__",)        # the language memo's key


def printed_pairs(lang) -> dict:
    """{accepted shape text: (accepted Shape, printed Shape)}, made once a language. A pair
    whose shapes are not of one entry, or do not name the same slots in the same order, is
    a mistake of the ruleset's code (ValueError naming it)."""
    made = lang._memo.get(_PAIRS)
    if made is not None:
        return made
    shapes: dict = {}                        # shape text -> (table, entry name, Shape)
    for table in ("verbs", "patterns", "conditions", "statics"):
        for spec in getattr(lang, table):
            for shape in spec.shapes:
                shapes.setdefault(shape.text, (table, spec.name, shape))
    made = {}
    for accepted, printed in lang.printed_shapes.items():
        a, p = shapes.get(accepted), shapes.get(printed)
        if a is None or p is None:
            raise ValueError(f"{lang.name}: printed_shapes names a shape no entry has: "
                             f"{accepted if a is None else printed!r}")
        if a[:2] != p[:2]:
            raise ValueError(f"{lang.name}: printed_shapes pairs shapes of two entries "
                             f"({a[1]!r}, {p[1]!r}); both must be shapes of one")
        if _slots(a[2]) != _slots(p[2]):
            raise ValueError(f"{lang.name}: {accepted!r} and {printed!r} must name the same "
                             "slots in the same order")
        made[accepted] = (a[2], p[2])
    lang._memo[_PAIRS] = made
    return made


def touchable_words(lang) -> set:
    """Words whose presence makes a phrase worth fitting for L014: of each accepted shape,
    its literal words the printed shape lacks, else its first literal's forms."""
    out: set = set()
    for accepted, printed in printed_pairs(lang).values():
        mine = {a for t in accepted.tokens if t.slot is None for a in t.alts}
        theirs = {a for t in printed.tokens if t.slot is None for a in t.alts}
        first = next((t.alts for t in accepted.tokens if t.slot is None), frozenset())
        out |= (mine - theirs) or set(first)
    return out


def _slots(shape) -> tuple:
    return tuple(t.slot for t in shape.tokens if t.slot is not None)


SINGULAR = frozenset({"is", "has", "was", "does", "doesn't"})
PLURAL = frozenset({"are", "have", "were", "do", "don't"})


def _number(alts: list, said: str) -> str | None:
    """'one' or 'many': the number of a written form of one word ('is', 'dies' are one;
    'are', 'die' many); None for a word with one form, or alternatives that are synonyms."""
    if len(alts) != 2 or said not in alts:
        return None
    if said in SINGULAR or said in PLURAL:
        return "one" if said in SINGULAR else "many"
    a, b = sorted(alts, key=len)
    if b in (a + "s", a + "es") or (a.endswith("y") and b == a[:-1] + "ies"):
        return "one" if said == b else "many"
    return None


def _form(alts: list, number: str | None) -> str | None:
    """The form of a word of two forms in that number, where the phrase said one."""
    if number is None or len(alts) != 2:
        return None
    for alt in alts:
        if _number(alts, alt) == number:
            return alt
    return None


def _runs(shape) -> list[list[int]]:
    """The shape's literal tokens in runs, one before each slot and one after the last."""
    runs: list = [[]]
    for i, t in enumerate(shape.tokens):
        if t.slot is None:
            runs[-1].append(i)
        else:
            runs.append([])
    return runs


def _parts(shape) -> list[list[str]]:
    """Each token's alternatives in the order the shape's text gives them."""
    return [part.rstrip("?").lower().split("|") for part in shape.text.split()]


def printed_edits(lang, conv, words: tuple, found, lines: list) -> list[Edit]:
    """L014 edits of a phrase the compiler fitted (`found`: spec, shape, {token: word
    span}), when its shape is one the game does not print; [] otherwise. `words` are the
    phrase's words (with their places in `lines`, the file's lines)."""
    if found is None:
        return []
    _, shape, where = found
    pair = printed_pairs(lang).get(shape.text)
    if pair is None:
        return []
    accepted, printed = pair
    row = words[0].span.line if words else 0
    if not 0 < row <= len(lines) or any(w.span.line != row or w.span.end_line != row
                                         for w in words):
        return []
    line = lines[row - 1]
    mine, theirs = _runs(accepted), _runs(printed)
    alts_mine, alts_theirs = _parts(accepted), _parts(printed)
    slot_at = [where.get(i) for i, t in enumerate(accepted.tokens) if t.slot is not None]
    number = next((n for i, (a, _) in sorted(where.items()) if accepted.tokens[i].slot is None
                   for n in [_number(alts_mine[i], words[a].text.lower())] if n), None)
    out = []
    for k, (run, want) in enumerate(zip(mine, theirs)):
        written = {}                      # alternatives -> the index of the one written
        taken = [where[i] for i in run if i in where]
        for i in run:
            if i in where:
                said = words[where[i][0]].text.lower()
                alts = alts_mine[i]
                if said in alts:
                    written[tuple(alts)] = alts.index(said)
        new_words = []
        for j in want:
            alts = alts_theirs[j]
            if printed.tokens[j].optional and tuple(alts) not in written:
                continue
            pick = written.get(tuple(alts))
            if pick is not None:
                new_words.append(alts[pick])
            else:
                new_words.append(_form(alts, number) or conv.synonym(alts))
        edit = _run_edit(words, line, taken, new_words, slot_at, k)
        if edit is not None and line[edit[0] - 1:edit[1] - 1] == edit[2]:
            start, end, old, new = edit
            said = " ".join(w.text for w in words[taken[0][0]:taken[-1][1]]) if taken else ""
            printed_words = new.strip() if taken else " ".join(new_words)
            out.append(Edit(row, start, end, old, new, "L014",
                            f"'{said}' reads alike, but {lang.name}'s cards print "
                            f"'{printed_words}'" if said else f"{lang.name}'s cards print "
                            f"'{printed_words}' here (it reads alike without)"))
    return out


def _run_edit(words, line: str, taken, new_words, slot_at, k):
    """(start, end, old, new) replacing one run's written words by `new_words` on the
    line, or None where they are the same."""
    if taken:
        first, last = words[taken[0][0]], words[taken[-1][1] - 1]
        start, end = first.span.column, last.span.end_column
        old = line[start - 1:end - 1]
        new = " ".join(new_words)
        if first.text[:1].isupper() and taken[0][0] == 0:
            new = new[:1].upper() + new[1:]
        if new == " ".join(old.split()):
            return None
        if not new:
            end += 1                      # the space after the words taken out
            old = line[start - 1:end - 1]
        return start, end, old, new
    if not new_words:
        return None
    new = " ".join(new_words)
    after = slot_at[k] if k < len(slot_at) else None
    if after is not None:                 # before the slot's first word
        w = words[after[0]]
        at = w.span.column
        if after[0] == 0 and w.text[:1].isupper():
            # the phrase starts here: the printed words take its capital
            return at, at + 1, line[at - 1], f"{new[:1].upper()}{new[1:]} {line[at - 1].lower()}"
        return at, at, "", new + " "
    w = words[slot_at[k - 1][1] - 1]      # after the slot before it
    return w.span.end_column, w.span.end_column, "", " " + new


def lead_words(ab: ast.TriggeredAbility, lines: list) -> tuple:
    """The words of a trigger's lead ('at the beginning of', which the grammar reads before
    the pattern) with their places on the line, so that L014 may rewrite them; where the
    line does not hold them as read, they have no place (and L014 makes no edit there)."""
    sp = ab.span
    words = ab.word.split()
    line = lines[sp.line - 1] if 0 < sp.line <= len(lines) else ""
    at, out = sp.column - 1, []
    for w in words:
        while at < len(line) and line[at] in " \t":
            at += 1
        if line[at:at + len(w)].lower() != w:
            return tuple(ast.Word(x, "word") for x in words)
        out.append(ast.Word(line[at:at + len(w)], "word", Span(
            sp.file, sp.line, at + 1, sp.line, at + 1 + len(w))))
        at += len(w)
    return tuple(out)


def fold_first_letters(edits: list[Edit]) -> list[Edit]:
    """An L014 edit that starts a sentence or follows a label, beside the edit that sets the
    case of that first letter (a label's, a sentence's capital): the L014 edit takes that
    case and the other stops short of the letter, so that both are made in one pass (two
    edits of one letter would overlap, and one would be left out)."""
    out = list(edits)
    for e in [x for x in edits if x.rule == "L014"]:
        for o in out:
            if o.rule == "L014" or o.line != e.line or not o.start <= e.start < o.end or \
                    o.end != e.start + 1 or not o.new[-1:].isalpha():
                continue
            upper = o.new[-1].isupper()
            first = e.new[:1].upper() if upper else e.new[:1].lower()
            out[out.index(e)] = Edit(e.line, e.start, e.end, e.old, first + e.new[1:], e.rule,
                                     e.why)
            if o.old[:-1] == o.new[:-1]:
                out.remove(o)
            else:
                out[out.index(o)] = Edit(o.line, o.start, o.end - 1, o.old[:-1], o.new[:-1],
                                         o.rule, o.why)
            break
    return out
