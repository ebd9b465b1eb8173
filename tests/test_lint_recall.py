"""Recall of each lint rule, measured on mutated copies of the bundled pools.

Each mutation puts one known inconsistency into one pool file (a number in the other form,
a synonym, a label's separator, a keyword's case, a card naming itself, a reworded copy of
an ability, a twin card, a cost off the curve, a two-player word where more may play, a
phrasing the game reads but prints another way, an ignore comment that ignores nothing);
the rule must find at least 95% of them, on the mutated line. The clean pools give no
finding at all (test_lint.py: test_bundled_pools_are_clean_and_formatted).
"""

from __future__ import annotations

import re
import statistics
from itertools import chain
from dataclasses import replace

import pytest

from conftest import ROOT
from cardscript import rulesets
from cardscript.fmt.canonical import PLAIN_TRIGGERS, Wording, _alternatives, _synonyms
from cardscript.fmt.canonical import apply_edits
from cardscript.grammar import parse_text
from cardscript.lint import Source, lint_sources
from cardscript.lint.config import find_pyproject, load_config

POOLS = sorted(ROOT.glob("cards/*/pool.cards"))
CONFIG = load_config(find_pyproject(ROOT))
ALL = replace(CONFIG, select=("L",))


def _lint(path, text, name, config=CONFIG, later=()):
    return lint_sources([Source(path, text, name, True)] +
                        [Source(p, t, name, True) for p, t in later], config, [])


def _pools():
    for path in POOLS:
        name = path.parent.name
        yield path, name, path.read_text(encoding="utf-8"), rulesets.get(name).language


def _wording_mutations(rule: str):
    """Single wording edits that break the project's conventions for `rule`."""
    for path, name, text, lang in _pools():
        conv = CONFIG.conventions_for(name)
        tree = parse_text(text, str(path))
        lines = text.split("\n")
        words = set(PLAIN_TRIGGERS)
        for table in ("verbs", "patterns", "conditions", "statics"):
            for spec in getattr(lang, table):
                for shape in spec.shapes:
                    for alts in _alternatives(shape):
                        if _synonyms(alts):
                            words |= set(alts)
        others = [replace(conv, amounts="words" if conv.amounts == "digits" else "digits",
                          counts="words" if conv.counts == "digits" else "digits",
                          label_separator=":" if conv.label_separator == "→" else "→")]
        others += [replace(conv, prefer=(w,)) for w in sorted(words)]
        seen = set()
        for other in others:
            w = Wording(lang, other)
            for card in tree.cards:
                for e in w.card_edits(card, lines):
                    if e.rule == rule and (e.line, e.start, e.new) not in seen:
                        seen.add((e.line, e.start, e.new))
                        yield path, name, apply_edits(text, [e]), e.line


def _keyword_mutations():
    for path, name, text, lang in _pools():
        lines = text.split("\n")
        for card in parse_text(text, str(path)).cards:
            for ab in card.abilities:
                if ab.__class__.__name__ == "KeywordLine":
                    i = ab.span.line - 1
                    mutated = lines[:i] + [lines[i].lower()] + lines[i + 1:]
                    yield path, name, "\n".join(mutated), i + 1


def _label_mutations():
    for path, name, text, lang in _pools():
        lines = text.split("\n")
        for i, line in enumerate(lines):
            m = re.match(r"(\s+)([A-Z][\w ]*?)( → |: )(.*)", line)
            if m and m.group(2).lower() in lang.labels:
                sep = ": " if m.group(3) == " → " else " → "
                for new in (m.group(1) + m.group(2) + sep + m.group(4),
                            m.group(1) + m.group(2).lower() + m.group(3) + m.group(4)):
                    yield path, name, "\n".join(lines[:i] + [new] + lines[i + 1:]), i + 1


def _self_mutations():
    for path, name, text, lang in _pools():
        tree = parse_text(text, str(path))
        lines = text.split("\n")
        for card in tree.cards:
            for ab in card.abilities:
                i = ab.span.line - 1
                code, hash_, comment = lines[i].partition("#")
                new = re.sub(r"\b[Tt]his( (?:site|minion|creature|card|aura|artifact|spell))?\b",
                             f'"{card.name}"', code, count=1) + hash_ + comment
                if new != lines[i]:
                    yield path, name, "\n".join(lines[:i] + [new] + lines[i + 1:]), i + 1


def _reworded_copies():
    """A new card holding a copy of one ability, worded another way (one wording edit)."""
    for path, name, text, lang in _pools():
        tree = parse_text(text, str(path))
        lines = text.split("\n")
        for _, _, mutated, line in _all_wording_edits(path, name, text, lang):
            card = next(c for c in tree.cards if c.span.line <= line <= c.span.end_line)
            if len(card.abilities) and any(a.span.line == line for a in card.abilities
                                           if a.__class__.__name__ != "KeywordLine") \
                    and card.abilities[0].__class__.__name__ != "EffectLine":
                header = lines[card.span.line - 1].replace(f'"{card.name}"', '"Mutant Copy"')
                extra = f"\n{header}\n{mutated.split(chr(10))[line - 1]}\n"
                yield path, name, text.rstrip("\n") + "\n" + extra, len(lines) + 2


def _all_wording_edits(path, name, text, lang):
    for rule in ("L004", "L008", "L006"):
        for m in _wording_mutations(rule):
            if m[0] == path:
                yield m


def _twins():
    for path, name, text, lang in _pools():
        tree = parse_text(text, str(path))
        lines = text.split("\n")
        for card in tree.cards:
            body = lines[card.span.line - 1:card.span.end_line]
            body[0] = body[0].replace(f'"{card.name}"', f'"Twin of {card.name}"', 1)
            yield path, name, text.rstrip("\n") + "\n\n" + "\n".join(body) + "\n", \
                text.rstrip("\n").count("\n") + 3


def _cost_mutations():
    for path, name, text, lang in _pools():
        lines = text.split("\n")
        rows = [(i, int(m.group(1)), int(m.group(2))) for i, line in enumerate(lines)
                for m in [re.search(r"minion, cost (\d+), power (\d+)", line)] if m]
        if len(rows) < 5:
            continue
        gap = statistics.median(c - p for _, c, p in rows)
        for i, cost, power in rows:
            new_cost = int(power + gap + CONFIG.cost_tolerance + 2)
            new = lines[i].replace(f"cost {cost},", f"cost {new_cost},")
            yield path, name, "\n".join(lines[:i] + [new] + lines[i + 1:]), i + 1


def _unused_ignores():
    for path, name, text, lang in _pools():
        lines = text.split("\n")
        for i, line in enumerate(lines):
            if line.startswith("  ") and "#" not in line:
                new = line + "  # cardscript: ignore[L011]"
                yield path, name, "\n".join(lines[:i] + [new] + lines[i + 1:]), i + 1


def _triggers_on_spells():
    """A pool's trigger (one that watches other cards) copied onto a card that never stays in
    play, in the rulesets that say which kinds do."""
    for path, name, text, lang in _pools():
        ruleset = rulesets.get(name)
        if not lang.permanent_kinds:
            continue
        tree = parse_text(text, str(path))
        lines = text.split("\n")
        triggers = [lines[a.span.line - 1] for c in tree.cards for a in c.abilities
                    if a.__class__.__name__ == "TriggeredAbility"
                    and "this" not in lines[a.span.line - 1].lower()]
        spells = [c for c in tree.cards       # the header's kind word, among its subtypes
                  if next((lang.card_kinds[w] for w in lines[c.span.line - 1].split(":")[1]
                           .split(",")[0].lower().split() if w in lang.card_kinds), None)
                  not in lang.permanent_kinds]
        for card in spells:
            for line in triggers:
                at = card.span.line
                mutated = lines[:at] + [line] + lines[at:]
                yield path, name, "\n".join(mutated), at + 1
        assert ruleset.policy.trigger_zones


def _sample_words(lang) -> dict:
    """Words of one value of each slot type, read by the language's own readers."""
    noun = next(iter(lang.nouns))
    out = {"cards": ["a", noun], "player": ["you"], "number": ["2"], "count": ["two"],
           "text": ["the", "light"], "signed": ["+2"], "pluses": ["+13+"],
           "place": ["target", next(iter(lang.place_nouns or lang.nouns))]}
    if lang.zones:
        out["zone"] = ["your", next(iter(lang.zones))]
    if lang.draw_zones:
        out["cardtype"] = [next(iter(lang.draw_zones))]
    return out


def _phrase(lang, shape) -> str:
    samples = _sample_words(lang)
    words = []
    for tok, part in zip(shape.tokens, shape.text.split()):
        if tok.slot is None:
            if not tok.optional:
                words.append(part.rstrip("?").split("|")[0])
        elif not tok.optional:
            words += samples[tok.type]
    return " ".join(words)


def _an_effect(name, lang) -> str:
    """A step that compiles in the ruleset: its first verb that reads with sample values."""
    from cardscript.compiler import compile_files
    from cardscript.scenario.runner import load_pool
    pool = load_pool(rulesets.get(name))
    kind = next(w for w, k in lang.card_kinds.items() if k not in lang.permanent_kinds) \
        if set(lang.card_kinds.values()) - lang.permanent_kinds else next(iter(lang.card_kinds))
    for verb in lang.verbs:
        step = _phrase(lang, verb.shapes[0])
        try:
            compile_files([parse_text(f'card "T": {kind}\n  {step}.\n')], lang, base=pool)
        except Exception:
            continue
        return step
    raise AssertionError(f"no verb of {name} compiles with sample values")


def _insert(text: str, lines: list, card, line: str):
    at = card.span.line
    return "\n".join(lines[:at] + ["  " + line] + lines[at:]), at + 1


# The built-in languages have no pattern on a happening their game never makes (they leave
# such shared patterns out: tests/test_registry_coverage.py), so the mutations are triggers
# on drawing, under games told they never make it (test_recall_of_each_l009_check).
NEVER = "draw"


def _never_happening():
    """A trigger on a happening the ruleset never produces (NEVER, once the test has taken
    it out of the game's happenings), added to each card that stays in play (every card,
    where the ruleset names no such kinds)."""
    for path, name, text, lang in _pools():
        never = [p for p in lang.patterns if p.happening == NEVER]
        if not never:
            continue
        effect = _an_effect(name, lang)
        tree = parse_text(text, str(path))
        lines = text.split("\n")
        for card in tree.cards:
            kind = lang.card_kinds.get(card.header[0].words[0])
            if lang.permanent_kinds and kind not in lang.permanent_kinds:
                continue
            for pattern in never:
                yield (path, name) + _insert(
                    text, lines, card, f"Whenever {_phrase(lang, pattern.shapes[0])}, {effect}.")


def _absent_kinds():
    """A trigger, or a condition, that names a kind no card of the pool has."""
    for path, name, text, lang in _pools():
        tree = parse_text(text, str(path))
        present = {lang.card_kinds.get(w) for c in tree.cards for w in c.header[0].words}
        absent = [noun for noun, kinds in lang.nouns.items() if not kinds & present]
        if not absent:
            continue
        effect = _an_effect(name, lang)
        lines = text.split("\n")
        for card in tree.cards:
            kind = lang.card_kinds.get(card.header[0].words[0])
            for noun in absent:
                if kind in lang.permanent_kinds:
                    line = f"Whenever a {noun} enters play, {effect}."
                else:
                    line = f"{effect[0].upper()}{effect[1:]}. If you control a {noun}, {effect}."
                yield (path, name) + _insert(text, lines, card, line)


def _with_reminders(path, text):
    """The pool with a reminder after every line of one keyword, and those lines' numbers."""
    lines = text.split("\n")
    at = []
    for card in parse_text(text, str(path)).cards:
        for ab in card.abilities:
            if ab.__class__.__name__ == "KeywordLine" and "," not in ab.text:
                i = ab.span.line - 1
                lines[i] = lines[i] + f" (what {ab.text.split()[0].lower()} means)"
                at.append(i)
    return "\n".join(lines), at


def _reminder_mutations():
    """A reminder dropped, or worded another way, in a pool that writes them everywhere."""
    for path, name, text, lang in _pools():
        full, at = _with_reminders(path, text)
        assert not [f for f in _lint(path, full, name) if f.code == "L007"]
        lines = full.split("\n")
        for i in at:
            for new in (lines[i][:lines[i].index(" (")], lines[i].replace(" means)", " does)")):
                yield path, name, "\n".join(lines[:i] + [new] + lines[i + 1:]), i + 1


def _two_player_words():
    """'an opponent', 'each opponent' or 'target opponent' written 'your opponent', in the card
    files of the rulesets whose games may have more than two players (their pools say 'your
    opponent' only where it is meant, so the cards beside the scenarios are mutated)."""
    for name in rulesets.available():
        if rulesets.get(name).player_count[1] == 2:
            continue
        for path in sorted(ROOT.glob(f"cards/{name}/**/*.cards")):
            text = path.read_text(encoding="utf-8")
            lines = text.split("\n")
            for i, line in enumerate(lines):
                new = re.sub(r"\b(an|each|target) opponent\b", "your opponent", line)
                new = re.sub(r"\b(An|Each|Target) opponent\b", "Your opponent", new)
                if line.startswith("  ") and not line.lstrip().startswith("#") and new != line:
                    yield path, name, "\n".join(lines[:i] + [new] + lines[i + 1:]), i + 1


def _replaced_cards():
    """Each card of a pool declared again, as written, in a later file of the same pool: the
    finding stands on the first, which the later one replaces. (The fifth item is the later
    files to lint with the mutated one.)"""
    for path, name, text, lang in _pools():
        lines = text.split("\n")
        for card in parse_text(text, str(path)).cards:
            body = "\n".join(lines[card.span.line - 1:card.span.end_line])
            yield path, name, text, card.span.line, [(path.with_name("zz_later.cards"),
                                                      f"# ruleset: {name}\n\n{body}\n")]


def _printed_mutations():
    """A phrase written as the game prints it, rewritten into a phrasing the ruleset reads
    alike but declares unprinted (`Language.printed_shapes`): each run of words between the
    slots of the printed shape put back as the accepted shape has it ('fully heal' -> 'heal',
    'at the start of' -> 'at the beginning of'), in every card file of the ruleset."""
    from cardscript.fmt.printed_shapes import printed_pairs
    for name in rulesets.available():
        pairs = printed_pairs(rulesets.get(name).language).values()
        if not pairs:
            continue
        for path in sorted(ROOT.glob(f"cards/{name}/**/*.cards")):
            text = path.read_text(encoding="utf-8")
            lines = text.split("\n")
            for i, line in enumerate(lines):
                if not line.startswith("  ") or line.lstrip().startswith("#"):
                    continue
                for accepted, printed in pairs:
                    new = line
                    for mine, theirs in zip(_literal_runs(accepted), _literal_runs(printed)):
                        if theirs and mine != theirs:
                            new = re.sub(rf"(?i)\b{re.escape(theirs)}\b", mine, new)
                    if new != line:
                        yield path, name, "\n".join(lines[:i] + [new] + lines[i + 1:]), i + 1
    # and a line in each accepted phrasing, sample values in its slots, added to each card
    for path, name, text, lang in _pools():
        pairs = printed_pairs(lang).values()
        if not pairs:
            continue
        verbs = {shape.text for v in lang.verbs for shape in v.shapes}
        effect = _an_effect(name, lang)
        lines = text.split("\n")
        for card in parse_text(text, str(path)).cards:
            for accepted, _ in pairs:
                said = _phrase(lang, accepted)
                line = f"{said}." if accepted.text in verbs else f"{said}, {effect}."
                yield (path, name) + _insert(text, lines, card, line[0].upper() + line[1:])


def _literal_runs(shape) -> list:
    """The words between a shape's slots, each in its first form."""
    runs = [[]]
    for tok, part in zip(shape.tokens, shape.text.split()):
        if tok.slot is None:
            runs[-1].append(part.rstrip("?").split("|")[0])
        else:
            runs.append([])
    return [" ".join(r) for r in runs]


MUTATIONS = {
    "L001": _reworded_copies, "L002": lambda: _wording_mutations("L004"),
    "L003": _self_mutations, "L004": lambda: _wording_mutations("L004"),
    "L005": _keyword_mutations, "L006": _label_mutations, "L007": _reminder_mutations,
    "L008": lambda: _wording_mutations("L008"), "L009": lambda: chain(_triggers_on_spells(), _absent_kinds()), "L010": _twins, "L011": _cost_mutations,
    "L012": _two_player_words, "L013": _replaced_cards, "L014": _printed_mutations,
    "L900": _unused_ignores,
}


@pytest.mark.parametrize("rule", sorted(MUTATIONS))
def test_recall_on_mutated_pools(rule):
    """The rule finds at least 95% of the mutations made for it, on the mutated line."""
    made = found = 0
    missed = []
    config = ALL
    if rule == "L007":        # each keyword's canonical reminder, as a pool would configure
        config = replace(ALL, reminders={"": {
            k: f"what {k} means" for n in rulesets.available() for k in
            rulesets.get(n).language.keywords.values()}})
    for path, name, text, line, *later in MUTATIONS[rule]():
        made += 1
        hits = [f for f in _lint(path, text, name, config, *later)
                if f.code == rule and f.line == line and f.file == str(path)]
        if hits:
            found += 1
        else:
            missed.append((path.parent.name, line, text.split("\n")[line - 1]))
    assert made >= 5, f"only {made} mutations for {rule}"
    assert found / made >= 0.95, f"{rule}: {found}/{made}; missed {missed[:5]}"


@pytest.mark.parametrize("made", [_triggers_on_spells, _never_happening, _absent_kinds],
                         ids=lambda f: f.__name__.strip("_"))
def test_recall_of_each_l009_check(made, monkeypatch):
    """Each of L009's checks finds at least 95% of the mutations made for it."""
    if made is _never_happening:
        for name in rulesets.available():
            ruleset = rulesets.get(name)
            monkeypatch.setattr(ruleset, "happenings", ruleset.happenings - {NEVER})
    mutations = list(made())
    found = sum(1 for path, name, text, line in mutations
                if any(f.code == "L009" and f.line == line for f in _lint(path, text, name, ALL)))
    assert len(mutations) >= 5
    assert found / len(mutations) >= 0.95, f"{made.__name__}: {found}/{len(mutations)}"
