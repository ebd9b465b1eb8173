"""Sentence forms of printed card text: how a phrase that fits no shape as written is read.

Printed cards name themselves in two ways besides a plain `this`: by `this` (or `these`) and a
word the card is ("this Dragon" on a Dragon, "these Hounds" on "Ash Hounds"), and by their
own name without quotes ("Reed Stalker kills ..." on "Reed Stalker"). `SelfReference` rewrites
each into the one word `this`, spanning the words it replaces, so that the readers and the
diagnostics see the same phrase. Sentences with the card as their subject ("This deals 2
damage to ...") or with no subject at all ("Deals 2 damage to ...") are read as the card
doing what the verb says (`as_card_doing`): the card is the event's source, so damage it
deals is its own (a keyword such as lethal reads that). Two verbs joined by 'or' that share
what follows ('Draw or discard a card') are a choice between them (`verb_choice`).

The lowering pass asks for each of these only when a phrase as written fits nothing, so a
card written plainly pays nothing for them.
"""

from __future__ import annotations

import re
from operator import attrgetter

from .. import syntax as ast
from ..errors import SemanticError, Span, did_you_mean
from ..language.reader import SIDE_ADJECTIVES
from .diagnose import vocabulary

SELF_WORDS = ("this", "these")
_TEXT = attrgetter("text")
# Words before a place that goes to the card's own square ('to these Harpies' site').
_TO_PLACE = frozenset({"to", "at", "into", "onto", "toward"})
_SMALL_WORDS = frozenset({"the", "and", "for", "with"})    # in a name, never what a card is
_SELF_CASED = frozenset({"this", "This", "THIS", "these", "These", "THESE"})
# Words before a name that make it some card so named, not this one: 'summon an X', 'for
# each enemy X nearby' (a side adjective: this card is on its own side only).
QUANTITY_WORDS = frozenset({"a", "an", "another", "each", "every", "all", "other", "target",
                            "two", "three", "four", "five", "six", "seven", "eight", "nine",
                            "ten", "any", "no"}) | frozenset(SIDE_ADJECTIVES)
_POSSESSIVE = re.compile(r"(?:'s|')$")


def _plurals(word: str) -> set[str]:
    """A word and the plural forms printed text gives it ('wolf' is not derived: only the
    regular endings; an irregular plural is itself a name word, as in "Marsh Wolves")."""
    out = {word, word + "s", word + "es"}
    if word.endswith("y"):
        out.add(word[:-1] + "ies")
    return out


class SelfReference:
    """Reads one card's references to itself: 'this X' / 'these X' and its unquoted name."""

    __slots__ = ("name", "kind", "subtypes", "lang", "_vocab", "_quick", "_name_words",
                 "_words", "_nouns", "originals")

    def __init__(self, name: str, kind: str | None, subtypes: tuple, lang):
        self.name, self.kind, self.subtypes, self.lang = name, kind, subtypes, lang
        # Made on first need: most cards and phrases need none of them.
        self._quick = self._vocab = self._name_words = self._words = self._nouns = None
        self.originals: dict = {}               # id of a rewritten phrase -> (it, as written)

    @property
    def name_words(self) -> tuple:
        if self._name_words is None:
            self._name_words = tuple(self.name.split())
        return self._name_words

    @property
    def vocab(self) -> frozenset:
        if self._vocab is None:
            self._vocab = vocabulary(self.lang)
        return self._vocab

    @property
    def words(self) -> frozenset:
        """The words 'this' may stand before to mean this card: its subtypes, the words of its
        kind ('relic' for an artifact), the game's class words, and the capitalised words of
        its own name."""
        if self._words is None:
            own: set[str] = set()
            for w in self.subtypes:
                own |= _plurals(w.lower())
            own |= {w for w, k in self.lang.card_kinds.items() if k == self.kind}
            for w in self.lang.class_words:     # 'this Frontline', declared or not
                own |= _plurals(w)
            for w in self.name_words:
                w = w.strip(",.!?")
                if w[:1].isupper() and len(w) > 2:
                    own |= _plurals(w.lower())
                if "-" in w:                    # 'Marsh-light Sprite': 'this Sprite'
                    own |= {p for part in w.lower().split("-") if part.isalpha() and
                            len(part) > 2 and part not in _SMALL_WORDS for p in _plurals(part)}
            self._words = frozenset(own)
        return self._words

    @property
    def nouns(self) -> frozenset:
        if self._nouns is None:
            self._nouns = frozenset(self.lang.nouns) | frozenset(self.lang.place_nouns)
        return self._nouns

    def rewrite(self, phrase: ast.Phrase) -> ast.Phrase:
        """The phrase with each reference to this card made the word `this` (or `its`)."""
        words = phrase.words
        quick = self._quick
        if quick is None:
            # What a word may be for a closer look to be needed: 'this', 'these', the
            # name's first word (also with a small letter, as a label's effect may start).
            first = self.name.split(" ", 1)[0]
            quick = self._quick = _SELF_CASED | {first, first[:1].lower() + first[1:]}
        if quick.isdisjoint(map(_TEXT, words)):
            return phrase                       # the common case: nothing to do
        out: list = []
        changed = False
        i = 0
        n = len(words)
        while i < n:
            w = words[i]
            low = w.text.lower() if w.kind == "word" else ""
            if low in SELF_WORDS and i + 1 < n and words[i + 1].kind == "word":
                nxt = words[i + 1]
                bare = _POSSESSIVE.sub("", nxt.text)
                key = bare.lower()
                if key in self.words and not self._noun(key):
                    text = "its" if bare != nxt.text else "this"
                    if text == "its" and i + 2 < n and out and _TEXT(out[-1]).lower() in \
                            _TO_PLACE and _TEXT(words[i + 2]).lower() in self.lang.place_nouns:
                        # 'to these Harpies' site': the square of this card, which a later
                        # 'they' may name (a place of 'this', compiler/references.py)
                        out.append(ast.Word("this", "word", _join(w.span, words[i + 2].span)))
                        changed = True
                        i += 3
                        continue
                    out.append(ast.Word(text, "word", _join(w.span, nxt.span)))
                    changed = True
                    i += 2
                    continue
                if nxt.text[:1].isupper() and not self._noun(key) and key not in self.vocab:
                    raise self._not_this(w, nxt, bare)
            if w.text in quick and w.kind == "word" and low not in SELF_WORDS:
                k = self._name_at(words, i)
                if k:
                    last = words[i + k - 1]
                    span = _join(w.span, last.span)
                    before = out[-1].text.lower() if out and out[-1].kind == "word" else ""
                    if before in QUANTITY_WORDS or before.isdecimal():
                        out.append(ast.Word(self.name, "name", span))   # a card so named
                    else:
                        poss = _POSSESSIVE.search(last.text)
                        out.append(ast.Word("its" if poss else "this", "word", span))
                    changed = True
                    i += k
                    continue
            out.append(w)
            i += 1
        if not changed:
            return phrase
        new = ast.Phrase(tuple(out), phrase.span)
        self.originals[id(new)] = (new, phrase)     # the new phrase kept: its id stays its own
        return new

    def as_written(self, err, phrase: ast.Phrase):
        """The error about a rewritten phrase, quoting the phrase as it was written."""
        old = self.originals.get(id(phrase), (None, None))[1]
        if old is not None and err.message:
            err.message = err.message.replace(f"'{phrase.text}'", f"'{old.text}'", 1)
            err.args = (err.message,)
        return err

    def _noun(self, key: str) -> bool:
        nouns = self.nouns
        return key in nouns or (key.endswith("s") and key[:-1] in nouns) or \
            (key.endswith("ies") and key[:-3] + "y" in nouns)

    def _name_at(self, words, i: int) -> int:
        """How many words from i spell this card's name as printed (0: they do not)."""
        want = self.name_words
        k = len(want)
        if i + k > len(words) or (k == 1 and not words[i].text[:1].isupper()):
            return 0        # a one-word name in small letters is a word, not the card
        for j, name_word in enumerate(want):
            got = words[i + j]
            text = got.text
            if j == k - 1:
                text = _POSSESSIVE.sub("", text)
            if got.kind != "word" or text.lower() != name_word.lower():
                return 0
        if k == 1 and i == 0 and want[0].lower() in self.vocab:
            return 0        # a one-word name that is also a word of the game, starting a line
        return k

    def _not_this(self, this: ast.Word, word: ast.Word, bare: str) -> SemanticError:
        at = _join(this.span, word.span)
        said = f"{this.text} {word.text}"
        mean = did_you_mean(said, [f"{this.text} {w.capitalize()}" for w in self.words])
        own = sorted(w for w in self.words if w.isalpha() and not w.endswith("s") and
                     w not in self.lang.class_words)    # those every card has: no hint
        return SemanticError(f"'{said}': \"{self.name}\" is no {bare}", at, code="E205",
                             words=said,
                             hint=(f"{mean} " if mean else "") + "'this' names this card by its "
                                  "kind, a subtype in its header or a word of its name (" +
                                  ", ".join(own) + ")")


TOKEN_WORDS = frozenset({"token", "tokens"})
_LONGEST_NAME = 4                  # words of a token's name looked back for before 'token'


def token_names(phrase: ast.Phrase, cards: dict, words: frozenset = frozenset()) -> ast.Phrase:
    """The phrase with each unquoted token name before 'token(s)' made a card name: 'summon
    eight Foot Soldier tokens' reads as 'summon eight "Foot Soldier" tokens' when a card of
    that name is declared (the pool's token, or the file's own). A card declared without
    the token flag is not read so: its name stays words, and the phrase fits nothing."""
    words = phrase.words
    if not any(w.kind == "word" and w.text.lower() in TOKEN_WORDS for w in words):
        return _bare_token_names(phrase, cards, words)
    out: list = []
    changed = False
    for w in words:
        if w.kind == "word" and w.text.lower() in TOKEN_WORDS:
            for k in range(min(_LONGEST_NAME, len(out)), 0, -1):
                run = out[-k:]
                if not all(r.kind == "word" and r.text[:1].isupper() for r in run):
                    continue
                name = " ".join(r.text for r in run)
                known = cards.get(name)
                if known is not None and getattr(known, "token", True):
                    del out[-k:]
                    out.append(ast.Word(name, "name", _join(run[0].span, run[-1].span)))
                    changed = True
                    break
        out.append(w)
    return ast.Phrase(tuple(out), phrase.span) if changed else phrase


def _bare_token_names(phrase: ast.Phrase, cards: dict, reserved: frozenset) -> ast.Phrase:
    """'transform a nearby Frog into ...': a declared card's one-word name, unquoted, after
    a lower-case word and before none capitalised, names that card (as `"Frog"` would),
    unless it is a word of the language (`reserved`: a subtype, a noun, a keyword) or a
    card declared without the token flag in the file being read."""
    words = phrase.words
    out, changed = list(words), False
    for i in range(1, len(words)):
        w = words[i]
        if w.kind != "word" or not w.text[:1].isupper() or words[i - 1].kind != "word" or \
                not words[i - 1].text[:1].islower() or \
                (i + 1 < len(words) and words[i + 1].text[:1].isupper()):
            continue
        known = cards.get(w.text)
        if known is not None and getattr(known, "token", True) and \
                w.text.lower() not in reserved:
            out[i] = ast.Word(w.text, "name", w.span)
            changed = True
    return ast.Phrase(tuple(out), phrase.span) if changed else phrase


def _join(a: Span, b: Span) -> Span:
    return Span(a.file, a.line, a.column, b.end_line, b.end_column)


def verb_forms(word: str) -> tuple[str, ...]:
    """The plain forms a third-person verb may have: 'deals' -> 'deal', 'carries' -> 'carry'."""
    w = word.lower()
    out = []
    if w.endswith("ies") and len(w) > 4:
        out.append(w[:-3] + "y")
    if w.endswith("es") and len(w) > 3:
        out.append(w[:-2])
    if w.endswith("s") and not w.endswith("ss") and len(w) > 2:
        out.append(w[:-1])
    return tuple(out)


def starts_sentence(phrase: ast.Phrase, lines: tuple) -> bool:
    """Does the phrase start a sentence: nothing before it on its line but a label, icons or
    an earlier sentence? Without the source at hand: does it start with a capital?"""
    sp = phrase.span
    if lines and 0 < sp.line <= len(lines):
        before = lines[sp.line - 1][:sp.column - 1].rstrip()
        return not before or before.endswith((".", "\u2192", "->", ":", "\u2014"))
    return phrase.words[0].text[:1].isupper()


def as_card_doing(phrase: ast.Phrase, lines: tuple = (), nouns=frozenset()) -> list[ast.Phrase]:
    """The phrase read as an order the card carries out, for a sentence with this card as its
    subject ('this deals 2 damage to ...', 'this card deals ...': `nouns` are the language's
    card nouns) or with none ('Deals 2 damage to ...'): the verb in its plain form, the
    subject dropped. Each candidate in turn; none if neither form.

    A sentence with no subject starts with its verb: a verb later in a sentence ('your
    opponent gains 1 life and draws a spell') has the subject said before it."""
    words = phrase.words
    start = 1 if words and words[0].kind == "word" and words[0].text.lower() == "this" else 0
    if start and len(words) > 2 and words[1].kind == "word" and words[1].text.lower() in nouns:
        start = 2                       # 'this card deals ...': the noun is the card too
    if len(words) < start + 2 or words[start].kind != "word":
        return []
    verb = words[start]
    if start == 0 and not starts_sentence(phrase, lines):
        return []
    out = []
    # 'these Hounds deal ...': a plural subject takes the plain form already.
    forms = verb_forms(verb.text) + ((verb.text.lower(),) if start else ())
    for form in forms:
        new = (ast.Word(form, "word", verb.span),) + words[start + 1:]
        out.append(ast.Phrase(new, phrase.span))
    return out


def verb_starts(lang) -> frozenset:
    """The words that start a verb's phrase shape ('deal', 'draw'), once a language."""
    got = lang._memo.get(("__verb_starts__",))
    if got is None:
        words = set()
        for v in lang.verbs:
            for sh in v.shapes:
                for t in sh.tokens:          # past optional slots: '{who:player?} discard'
                    if t.slot is None:
                        words |= t.alts
                        break
                    if not t.optional:
                        break
        got = lang._memo[("__verb_starts__",)] = frozenset(words)
    return got


def verb_choice(phrase: ast.Phrase, lang) -> tuple[ast.Phrase, ast.Phrase] | None:
    """'Play or draw a site': two verbs sharing what follows them, a choice between 'play a
    site' and 'draw a site'. The two phrases, or None if the phrase is not of that form."""
    words = phrase.words
    if len(words) < 4 or words[1].kind != "word" or words[1].text.lower() != "or":
        return None
    first, second = words[0], words[2]
    starts = verb_starts(lang)
    if first.kind != "word" or second.kind != "word" or first.text.lower() not in starts or \
            second.text.lower() not in starts:
        return None
    rest = words[3:]
    return (ast.Phrase((first,) + rest, phrase.span),
            ast.Phrase((ast.Word(second.text.lower(), "word", second.span),) + rest,
                       phrase.span))


def keyword_parts(text: str) -> list[str]:
    """The keywords of a keyword line: separated by commas and by 'and' ('Airborne and
    Lethal', 'Burrowing, Submerge, and Voidwalk')."""
    parts = []
    for part in text.split(","):
        words = part.split()
        if words and words[0].lower() == "and":
            words = words[1:]
        run: list[str] = []
        for w in words:
            if w.lower() == "and" and run:
                parts.append(" ".join(run))
                run = []
            else:
                run.append(w)
        parts.append(" ".join(run))
    return parts


_REMINDER = re.compile(r"\([^)\n]*\)")
_ICONS = re.compile(r"(?:\([A-Za-z]\)[ \t]*)+(?=:)")


def reminders(card: ast.Card, lines: tuple) -> tuple:
    """The reminder text of a card's ability lines, in order: ((line, text), ...).

    Reminder text is kept for people (explain shows it, fmt leaves it as written) and never
    read as rules: the grammar steps over it.
    """
    out: list = []
    last = 0
    count = len(lines)
    for ab in card.abilities:
        sp = ab.span
        for n in range(max(sp.line, last + 1), sp.end_line + 1):
            if n <= count and "(" in lines[n - 1]:
                _line_reminders(n, lines[n - 1], out)
        last = max(last, sp.end_line)
    return tuple(out)


def _line_reminders(n: int, line: str, out: list) -> None:
    # Threshold icons, a comment and text in quotes outside a reminder are no reminders:
    # skipped (columns kept), then each reminder is taken as written.
    bare = _ICONS.sub(lambda m: " " * len(m.group()), line)
    i = 0
    while i < len(bare):
        ch = bare[i]
        if ch == '"':
            close = bare.find('"', i + 1)
            i = len(bare) if close < 0 else close + 1
        elif ch == "#":
            break
        elif ch == "(" and ")" in bare[i:]:
            close = bare.index(")", i)
            out.append((n, line[i:close + 1]))
            i = close + 1
        else:
            i += 1


def unread_form(ab, lang) -> SemanticError:
    """A label before '—' or a threshold cost: forms the grammar reads whose rules the engine
    does not have yet (E212), or whose words the ruleset does not know (E207)."""
    sp = ab.span
    if isinstance(ab, ast.DashLabelled):
        at = Span(sp.file, sp.line, sp.column, sp.line, sp.column + len(ab.label))
        key = ab.label.lower()
        if key in lang.dash_labels:
            inner = ab.ability
            said = f"{ab.label} — {inner.label} →" if isinstance(inner, ast.LabelledAbility) \
                else f"{ab.label} —"
            hint = f"what '{said}' gives ({lang.dash_labels[key]}) is not modelled"
            if key in lang.holder_words:
                hint = (f"after '{ab.label} —' the {key} gains keywords, an ongoing sentence "
                        "with it as the subject, or an ability it pays for (" + ", ".join(
                            f"{word.capitalize()} →" for word in lang.holder_costs) + ")")
            return SemanticError(f"'{said}' abilities have no rules in ruleset "
                                 f"'{lang.name}' yet", at, code="E212",
                                 hint=hint + "; docs/language.md lists what is")
        if key in lang.labels:
            return SemanticError(f"'{ab.label}' is a label written before '→', not '—'", at,
                                 code="E207", hint=f"write '{lang.labels[key].name} → ...'")
        known = sorted(lang.dash_labels)
        return SemanticError(f"unknown label '{ab.label} —'", at, code="E207",
                             hint=did_you_mean(f"{key} —", [f"{w.capitalize()} —"
                                                            for w in known]) or
                             "labels before '—' here: " + (", ".join(
                                 w.capitalize() for w in known) or "none"))
    end = ab.ability.span
    at = Span(sp.file, sp.line, sp.column, sp.line,
              end.column if end.line == sp.line else sp.column + 3 * len(ab.icons))
    icons = lang.threshold_icons
    for letter in ab.icons:
        if letter not in icons:
            return SemanticError(f"unknown threshold icon '({letter})'", at, code="E207",
                                 hint="threshold icons here: " + (", ".join(
                                     f"({k}) {v}" for k, v in sorted(icons.items())) or
                                     "none (this game has no threshold)"))
    said = "".join(f"({letter})" for letter in ab.icons)
    return SemanticError(f"the threshold cost '{said}:' has no rules in ruleset "
                         f"'{lang.name}' yet", at, code="E212",
                         hint="what icons before an ability ask of the player is not "
                              "modelled (a spell's threshold is its header item 'threshold'); "
                              "docs/language.md says why")
