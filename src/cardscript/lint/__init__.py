"""`cardscript lint`: rules-text consistency of card files, rule codes L001...

Files are grouped by the ruleset their `# ruleset:` line or folder names, a bundled pool's
files apart (unlike `check`, the files of several paths make one group); each group is
compiled card by card (a card that does not compile is an
error finding, the others are still linted); then the wording rules run card by card and
the pool rules across the group. docs/lint.md lists the rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .. import rulesets
from ..compiler import check_kinds, declare, resolve_names
from ..compiler.abilities import lower_card
from ..errors import CardScriptError
from ..gcpause import gc_paused
from ..fmt.canonical import Wording, apply_edits
from ..grammar import parse_text
from ..grammar.syntax_errors import read_card_file
from ..rulesets.detect import ruleset_of
from ..scenario.runner import card_files, load_pool
from .config import LintConfig
from .fmt_command import in_pool as _in_pool
from .never import never_triggers
from .opponents import two_player_words
from .replaced import replaced_cards
from .rules import (Finding, PoolCard, cost_curve, duplicates, reminders, same_effect_two_ways,
                    self_by_name)

IGNORE = re.compile(r"#\s*cardscript:\s*ignore\[([A-Za-z0-9, ]+)\]")
HEADER = re.compile(r'card\s*"', re.IGNORECASE)


@dataclass
class Source:
    """One card file being linted."""

    path: Path
    text: str
    ruleset: str
    in_pool: bool
    tree: object = None
    cards: list = field(default_factory=list)      # PoolCard
    lines: list | None = None                      # the text's lines, once split


def read_sources(paths, given: str | None, errors: list) -> list[Source]:
    """Every card file under the paths, with its ruleset; unreadable ones are errors."""
    out = []
    for raw in paths:
        for f in card_files(Path(raw)):
            try:
                choice = ruleset_of(f, given)
                ruleset = rulesets.get(choice.name)
                text = read_card_file(f)
            except CardScriptError as e:
                errors.append(_error_finding(e, str(f)))
                continue
            out.append(Source(f, text, choice.name, _in_pool(f, ruleset)))
    return out


def _error_finding(e: CardScriptError, path: str) -> Finding:
    sp = e.span
    return Finding(e.code or "E000", e.message, sp.file if sp else path,
                   sp.line if sp else 1, sp.column if sp else 1)


def compile_group(sources: list[Source], lang, base: dict, errors: list, step=None,
                  replaced: list | None = None) -> None:
    """Parse and compile a group's files card by card, as compile_files does; each card
    that compiles becomes a PoolCard of its source. `step(path)` is told of each file; a
    card a later file replaces goes in `replaced` (L013: replaced.py)."""
    declared = {}
    for s in sources:
        if step is not None:
            step(s.path.as_posix())
        try:
            s.tree = parse_text(s.text, str(s.path))
        except CardScriptError as e:
            errors.append(_error_finding(e, str(s.path)))
            continue
        lines = tuple(s.text.splitlines())
        names = set()
        for card in s.tree.cards:
            if card.name in names:
                continue                       # E209: reported by check, not linted twice
            names.add(card.name)
            if replaced is not None and card.name in declared:
                early = declared[card.name]
                replaced.append((early[0].node, str(early[1].path), card, str(s.path)))
            try:
                declared[card.name] = (declare(card, lang, lines), s)
            except CardScriptError as e:
                errors.append(_error_finding(e, str(s.path)))
    known = dict(base)
    known.update({name: d for name, (d, _) in declared.items()})
    for name, (d, s) in declared.items():
        try:
            resolve_names(d.node, known)
            tpl = lower_card(d, lang, known)
            check_kinds(tpl, known)
            for check in lang.card_checks:
                check(tpl)
        except CardScriptError as e:
            errors.append(_error_finding(e, str(s.path)))
            tpl = None
        if s.lines is None:
            s.lines = s.text.split("\n")
        s.cards.append(PoolCard(d.node, tpl, str(s.path), s.lines, d.kind))


def wording_findings(s: Source, wording: Wording) -> list[Finding]:
    """L004-L008 and L014 of one file, each a finding with its edit, and (as findings coded "L002*")
    the edits only the canonical text makes (a sentence's capital, ', then'), which the
    line's L002 finding reports with the others that survive the configuration."""
    out = []
    lines = s.text.split("\n")
    for c in s.cards:
        for e in wording.card_edits(c.node, lines):
            if e.rule == "L002":
                out.append(Finding("L002*", e.why, str(s.path), e.line, e.start, e.end, (e,)))
                continue
            message = e.why if e.rule in ("L006", "L014") else f"{e.why}: write '{e.new}'"
            out.append(Finding(e.rule, message, str(s.path), e.line, e.start, e.end, (e,)))
    return out


def canonical_lines(found: list[Finding], texts: dict) -> list[Finding]:
    """L002: one finding a line whose canonical text differs, with that text: the edits of
    the wording findings that are reported there, and those only L002 makes."""
    by_line: dict = {}
    for f in found:
        if f.fix and (f.code == "L002*" or f.code in WORDING):
            by_line.setdefault((f.file, f.line), []).extend(f.fix)
    out = []
    for (file, line), edits in sorted(by_line.items()):
        text = texts[file].split("\n")[line - 1]
        canon = apply_edits(text, [replace(e, line=1) for e in edits])
        out.append(Finding("L002", f"the canonical text of this line is: {canon.strip()}",
                           file, line, min(e.start for e in edits), 0, tuple(edits)))
    return out


WORDING = frozenset({"L004", "L005", "L006", "L007", "L008", "L014"})


def lint_sources(sources: list[Source], config: LintConfig, errors: list,
                 step=None) -> list[Finding]:
    """Every finding of the sources, filtered by the configuration and inline ignores.

    The garbage collector is paused meanwhile, as compile_files pauses it (the syntax trees
    and templates hold no cycles; a collection would walk them all many times over)."""
    with gc_paused():
        return _lint_sources(sources, config, errors, step)


def _lint_sources(sources, config, errors, step=None) -> list[Finding]:
    groups: dict = {}
    for s in sources:
        groups.setdefault((s.ruleset, s.in_pool), []).append(s)
    found: list[Finding] = []
    present: dict = {}           # ruleset -> the kinds of every card there is (L009)
    replaced: list = []          # cards a later file of their group replaces (L013)
    for (name, in_pool), group in sorted(groups.items()):
        ruleset = rulesets.get(name)
        try:
            base = {} if in_pool else load_pool(ruleset)
        except CardScriptError as e:
            errors.append(_error_finding(e, str(group[0].path)))
            base = {}
        compile_group(group, ruleset.language, base, errors, step, replaced)
        present.setdefault(name, set()).update(
            [t.kind for t in base.values()] + [c.kind for s in group for c in s.cards])
    for (name, in_pool), group in sorted(groups.items()):
        ruleset = rulesets.get(name)
        conv = config.conventions_for(name)
        wording = Wording(ruleset.language, conv)
        cards = [c for s in group for c in s.cards]
        for s in group:
            found.extend(wording_findings(s, wording))
        memo: dict = {}                  # each ability's meaning, computed once
        found.extend(same_effect_two_ways(cards, memo))
        found.extend(self_by_name(cards, conv.self_reference))
        found.extend(duplicates(cards, memo))
        found.extend(cost_curve(cards, config.cost_tolerance))
        found.extend(never_triggers(cards, ruleset, frozenset(present[name])))
        found.extend(reminders(cards, ruleset.language, config.reminders_for(name),
                               conv.reminder_text))
        found.extend(two_player_words(cards, ruleset))
    found.extend(replaced_cards(replaced))
    comments = {str(s.path): _ignore_comments(s) for s in sources}
    used: set = set()                 # (file, line, code) of the ignores that dropped one
    own_l002 = [f for f in found if f.code == "L002*"]
    wording = [f for f in found if f.code in WORDING]
    found = _ignoring(_enabled([f for f in found if f.code != "L002*"], config), comments,
                      used)
    if config.enabled("L002"):
        # The canonical line holds every wording edit that is not ignored, selected or not.
        texts = {str(s.path): s.text for s in sources}
        kept = _ignoring(_enabled(wording, replace(config, select=())), comments, used)
        found += _ignoring(_enabled(canonical_lines(kept + own_l002, texts), config),
                           comments, used)
    found += _unused_ignores(sources, comments, used, config)
    return sorted(set(found), key=lambda f: (f.file, f.line, f.column, f.code))


def _enabled(found: list[Finding], config) -> list[Finding]:
    """The findings of rules the configuration runs on their file."""
    enabled: dict = {}
    for f in found:
        if (f.code, f.file) not in enabled:
            enabled[f.code, f.file] = config.enabled(f.code, Path(f.file))
    return [f for f in found if enabled[f.code, f.file]]


def _ignore_comments(s: Source) -> tuple[dict, dict]:
    """({line: codes its ignore comment names}, {line: the line of its card's header})."""
    ignores, owner = {}, {}
    header = 0
    for i, line in enumerate(s.text.split("\n"), 1):
        if line.lstrip()[:1] in "cC" and HEADER.match(line.lstrip()):
            header = i
        owner[i] = header
        m = IGNORE.search(line) if "cardscript:" in line else None
        if m:
            ignores[i] = {c.strip().upper() for c in m.group(1).split(",") if c.strip()}
    return ignores, owner


def _ignoring(found: list[Finding], comments: dict, used: set) -> list[Finding]:
    """The findings no `# cardscript: ignore[CODE]` comment names (on the finding's line, or
    on its card's header line); each ignore that drops one goes in `used`."""
    out = []
    for f in found:
        ignores, owner = comments.get(f.file, ({}, {}))
        for at in (f.line, owner.get(f.line, 0)):
            if f.code in ignores.get(at, ()):
                used.add((f.file, at, f.code))
                break
        else:
            out.append(f)
    return out


def _unused_ignores(sources: list[Source], comments: dict, used: set,
                    config) -> list[Finding]:
    """L900: an ignore comment's code that dropped no finding."""
    out = []
    for s in sources:
        if not config.enabled("L900", s.path):
            continue
        ignores, _ = comments[str(s.path)]
        lines = s.text.split("\n")
        for at, codes in sorted(ignores.items()):
            for code in sorted(codes):
                if (str(s.path), at, code) not in used:
                    out.append(Finding("L900", f"ignore[{code}] ignores nothing here; remove "
                                       "it", str(s.path), at, lines[at - 1].index("#") + 1))
    return out


def fixed_text(s: Source, findings: list[Finding]) -> str:
    """The file's text with every fixable finding of it fixed."""
    edits = [e for f in findings if f.file == str(s.path) for e in f.fix]
    return apply_edits(s.text, edits)
