"""The one token table of card text: what the Pygments lexer, the TextMate grammar and the
language server's semantic tokens all colour, and how.

A rule is a regular expression in the subset that Python's `re` and Oniguruma (TextMate's
engine) read alike, with the kind of each of its groups. Kinds name what a piece of text is
in the language (a trigger word, a card name); `KINDS` says how each tool calls that kind.
The word lists come from the rulesets' vocabulary (their `Language`), so a keyword, a label
or a verb a ruleset registers is coloured with no change here.

Three states: `root` (ability lines), `header` (the rest of a `card "Name": ...` line,
entered by the `card` word and left at the end of the line) and `labels` (the labels stacked
after a line's first label, `Class Bonus: Level 2+: On Enter: ...`: entered by that label,
left where no label follows, by a rule that matches nothing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Kind -> (Pygments token name, TextMate scope, LSP semantic token type). None: not coloured
# by that tool (plain words, blanks and punctuation carry no scope and no semantic token).
KINDS: dict[str, tuple[str, str | None, str | None]] = {
    "comment": ("Comment.Single", "comment.line.number-sign.cardscript", "comment"),
    "reminder": ("Comment.Special", "comment.block.reminder.cardscript", "comment"),
    "declaration": ("Keyword.Declaration", "storage.type.card.cardscript", "keyword"),
    "card_name_def": ("Name.Class", "entity.name.type.card.cardscript", "class"),
    "card_name": ("String.Double", "string.quoted.double.card-name.cardscript", "string"),
    "kind": ("Keyword.Type", "support.type.kind.cardscript", "type"),
    "flag": ("Name.Decorator", "storage.modifier.flag.cardscript", "modifier"),
    "stat": ("Name.Attribute", "variable.other.stat.cardscript", "property"),
    "label": ("Name.Label", "entity.name.function.label.cardscript", "decorator"),
    "arrow": ("Operator", "keyword.operator.arrow.cardscript", "operator"),
    "threshold": ("Name.Constant", "constant.other.threshold.cardscript", "enumMember"),
    "trigger": ("Keyword.Reserved", "keyword.control.trigger.cardscript", "event"),
    "control": ("Keyword", "keyword.control.cardscript", "keyword"),
    "modifier": ("Keyword.Pseudo", "keyword.other.modifier.cardscript", "keyword"),
    "keyword": ("Name.Builtin", "support.constant.keyword.cardscript", "enumMember"),
    "verb": ("Name.Function", "support.function.verb.cardscript", "function"),
    "number": ("Number.Integer", "constant.numeric.integer.cardscript", "number"),
    "signed": ("Number", "constant.numeric.signed.cardscript", "number"),
    "punctuation": ("Punctuation", None, None),
    "word": ("Text", None, None),
    "whitespace": ("Whitespace", None, None),
}

SCOPE_NAME = "source.cardscript"
# The TextMate scope of the whole header line (a meta scope: no colour of its own).
HEADER_SCOPE = "meta.header.cardscript"

# The grammar's own words (grammar/cardscript.lark): trigger starts, structure, modifiers.
TRIGGERS = ("whenever", "when", "after", "each time", "at the start of", "at the end of",
            "at the beginning of")
CONTROL = ("choose one", "choose two", "choose three", "if", "then", "and", "while", "as long as",
           "whether",
           "would", "instead")
COUNTS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
MODIFIERS = ("one at a time", "all at once", "once", "twice", "thrice")
# Words that start a line and are never a label (the grammar's LABEL excludes them).
NOT_LABELS = ("whenever", "when", "after", "if", "at", "choose", "each time", "once", "twice",
              "thrice", "one at a time", "all at once")
# First words of verb shapes that are not the verb ('the', 'choose' are other kinds' words).
NOT_VERBS = frozenset({"a", "an", "the", "you", "your", "each", "choose", "it", "its", "that",
                       "this", "target"})

# The typographic characters the parser reads as plain ones (grammar/typography.py) are
# coloured as those: a blank, an apostrophe, a hyphen or minus, a quote, a spaced en dash
# as the label's dash. Written as the characters themselves (not escapes), which Python's
# `re` and Oniguruma read alike.
BLANK = "[ \\t\u00a0\u2007\u202f]"
HYPHEN = "[\\-\u2010\u2011\u2212\u2013]"
WORD_CHAR = "[\\w'\u2018\u2019\\-\u2010\u2011\u2212\u2013]"
QUOTE = '["\u201c\u201d]'
NAME = QUOTE + '[^"\u201c\u201d\\n]*' + QUOTE
DASH = "(?:\u2014|(?<=" + BLANK + ")\u2013(?=" + BLANK + "))"
ARROW = "\u2192|" + HYPHEN + ">"
WORD = "[^\\W\\d_]" + WORD_CHAR + "*(?:/or(?!" + WORD_CHAR + "))?"
AFTER_WORD = "(?!" + WORD_CHAR + ")"      # a whole word: no word character follows
# A character of a label's word (a hyphen unless it starts '->').
LABEL_CHAR = "(?:[\\w'\u2018\u2019]|" + HYPHEN + "(?!>))"


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of a state: a pattern, the kind of each group (or of the whole match when it
    has no group), and what it does to the state (`push` a state, `pop` back)."""

    name: str
    pattern: str
    kinds: tuple[str, ...]
    push: str | None = None
    pop: bool = False

    @property
    def leaves_when_nothing_else_matches(self) -> bool:
        """A rule of an empty pattern that pops: the state ends where none of its other
        rules match (Pygments' `default('#pop')`; TextMate's `end` as their negation)."""
        return self.pop and self.pattern == ""


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words the rulesets register, by kind, each list sorted (longest first where one
    word may start another)."""

    keywords: tuple[str, ...]
    labels: tuple[str, ...]
    verbs: tuple[str, ...]
    kinds: tuple[str, ...]
    flags: tuple[str, ...]


@lru_cache(maxsize=None)
def vocabulary() -> Vocabulary:
    """The built-in rulesets' words (the same in every process: the TextMate grammar is
    generated from them and committed)."""
    from .. import rulesets
    keywords, labels, verbs, kinds, flags = set(), set(), set(), set(), set()
    for name in sorted(rulesets.BUILTIN):
        lang = rulesets.get(name).language
        keywords |= set(lang.keywords)
        labels |= {spec.name.lower() for spec in lang.labels.values()}
        kinds |= set(lang.card_kinds)
        flags |= set(lang.header_flags)
        for verb in lang.verbs:
            for shape in verb.shapes:
                first = next((t for t in shape.tokens if t.slot is None), None)
                if first is not None and first is shape.tokens[0]:
                    verbs |= set(first.alts) - NOT_VERBS
    flags -= kinds
    return Vocabulary(*(tuple(sorted(s, key=lambda w: (-len(w), w)))
                        for s in (keywords, labels, verbs, kinds, flags)))


def words(items) -> str:
    """An alternation of whole words, case-insensitive ('each time' matches 'Each  time')."""
    alts = "|".join(f"{BLANK}+".join(re.escape(p) for p in w.split()) for w in
                    sorted(items, key=lambda w: (-len(w), w)))
    # A look at the first letter first: most words start with none of the list's letters,
    # and a class test is far cheaper than trying each alternative.
    first = "".join(sorted({c for w in items for c in (w[0].lower(), w[0].upper())}))
    return rf"(?=[{first}])(?i:(?:{alts})){AFTER_WORD}"


@lru_cache(maxsize=None)
def states() -> dict[str, tuple[Rule, ...]]:
    """The token table: each state's rules, tried in order at each position."""
    v = vocabulary()
    not_label = "|".join(f"{BLANK}+".join(p.split()) for p in NOT_LABELS)
    counted = "|".join(COUNTS)
    # Pieces of rules: a label (4 groups: blanks, its words, blanks, its arrow or colon; a
    # word after the first may end in '+', as the grammar's LABEL: 'Rank 2+:'),
    label = (rf"({BLANK}*)(?!(?i:(?:{not_label}){AFTER_WORD}|\w+{BLANK}+times{AFTER_WORD}))"
             rf"([^\W\d_](?>{LABEL_CHAR}*)(?>{BLANK}+(?>{LABEL_CHAR}+)\+?)*)({BLANK}*)({ARROW}|:)")
    # a label before an em dash (blanks, one to three words, blanks, the dash),
    dash_label = (rf"({BLANK}*)([^\W\d_]{WORD_CHAR}*(?:{BLANK}+{WORD_CHAR}+){{0,2}})"
                  rf"({BLANK}*)({DASH})")
    once = rf"(?i:once{BLANK}+on{BLANK}+your{BLANK}+turn)"
    # threshold icons (the icons, the colon).
    icons = rf"((?:\([A-Za-z]\){BLANK}*)+)(:)"
    common_tail = (
        Rule("card name", NAME, ("card_name",)),
        Rule("reminder", r"\([^)\n]*\)", ("reminder",)),
        Rule("signed number", rf"(?:\+|{HYPHEN})\d+\+?", ("signed",)),
        Rule("number", r"\d+", ("number",)),
    )
    root = (
        Rule("comment", r"#.*", ("comment",)),
        Rule("card header", rf"^({BLANK}*)((?i:card))" + AFTER_WORD, ("whitespace", "declaration"),
             push="header"),
        # Threshold icons before the colon of their ability, `(W)(F):`, perhaps then a
        # label (`(W): Genesis →`): the grammar's THRESHOLD, before a reminder is tried.
        Rule("threshold and label", rf"^({BLANK}*){icons}{label}",
             ("whitespace", "threshold", "arrow", "whitespace", "label", "whitespace",
              "arrow"), push="labels"),
        Rule("threshold", rf"^({BLANK}*){icons}", ("whitespace", "threshold", "arrow")),
        # Words and the blanks between them, each run taken whole (atomic groups): a long
        # line that ends in no arrow is given up in linear time, not tried at every split.
        # 'Once on your turn' as a label (the grammar's ONCE_LABEL), after an arrow or a
        # comma; before 'when' / 'whenever' it opens a trigger and is left to later rules.
        Rule("once label", rf"^({BLANK}*)({once})({BLANK}*)({ARROW}|:)", ("whitespace", "label",
                                                                   "whitespace", "arrow"),
             push="labels"),
        Rule("once label, comma",
             rf"^({BLANK}*)({once})(,)(?!{BLANK}*(?i:whenever|when){AFTER_WORD})",
             ("whitespace", "label", "punctuation")),
        # A label where the line starts; the labels stacked after it are the `labels`
        # state's ('Class Bonus: Level 2+: ...': the grammar reads them as the words of
        # the effect, and compiler/condition_labels.py as labels).
        Rule("label", rf"^{label}", ("whitespace", "label", "whitespace", "arrow"),
             push="labels"),
        # A label before an em dash (`Bearer —`, the grammar's DASH_LABEL), perhaps then a
        # label of the ability it gives (`Bearer — Tap →`).
        Rule("dash label and label", rf"^{dash_label}{label}",
             ("whitespace", "label", "whitespace", "arrow", "whitespace", "label",
              "whitespace", "arrow"), push="labels"),
        Rule("dash label", rf"^{dash_label}", ("whitespace", "label", "whitespace", "arrow")),
        # Blanks and marks next: they are half the tokens, and no later rule starts with one.
        Rule("newline", r"\n", ("whitespace",)),
        Rule("blank", r"[^\S\n]+", ("whitespace",)),
        Rule("punctuation", r"[.,;:]", ("punctuation",)),
        Rule("trigger", words(TRIGGERS), ("trigger",)),
        Rule("modifier", rf"(?=[oOaAtT0-9fFsSeEnN])(?i:(?:one{BLANK}+at{BLANK}+a{BLANK}+time|"
                         rf"all{BLANK}+at{BLANK}+once|once|twice|thrice|"
                         rf"(?:\d+|{counted}){BLANK}+times)){AFTER_WORD}"
                         rf"(?!{BLANK}+as{AFTER_WORD})",      # 'twice as much': no repetition
             ("modifier",)),
        Rule("control", words(CONTROL), ("control",)),
        Rule("keyword", words(v.keywords), ("keyword",)),
        Rule("verb", words(v.verbs), ("verb",)),
        Rule("kind", words(v.kinds), ("kind",)),
        # A number and a stat joined by a dash ('1-power'): one word, as the grammar's WORD.
        Rule("stat word", rf"\d+{HYPHEN}{WORD}", ("word",)),
        *common_tail,
        Rule("arrow", ARROW, ("arrow",)),
        Rule("word", WORD, ("word",)),
        Rule("other", r".", ("word",)),
    )
    header = (
        Rule("end of header", r"\n", ("whitespace",), pop=True),
        Rule("comment", r"#.*", ("comment",)),
        Rule("card name", NAME, ("card_name_def",)),
        Rule("kind", words(v.kinds), ("kind",)),
        Rule("flag", words(set(v.flags) | {"token"}), ("flag",)),
        Rule("stat", WORD, ("stat",)),
        *common_tail[1:],
        Rule("punctuation", r"[.,;:]", ("punctuation",)),
        Rule("blank", "[ \t\r\u00a0\u2007\u202f]+", ("whitespace",)),
        Rule("other", r".", ("word",)),
    )
    labels = (
        Rule("stacked label", label, ("whitespace", "label", "whitespace", "arrow")),
        Rule("end of labels", "", (), pop=True),
    )
    return {"root": root, "header": header, "labels": labels}


def has_groups(rule: Rule) -> bool:
    """Whether a rule's pattern captures groups (each with its kind) or is one token."""
    return re.compile(rule.pattern).groups > 0


def scope_of(kind: str) -> str | None:
    """The TextMate scope of a kind (None for plain text)."""
    return KINDS[kind][1]


def pygments_token_of(kind: str):
    """The Pygments token type of a kind."""
    from pygments import token
    out = token.Token
    for part in KINDS[kind][0].split("."):
        out = getattr(out, part)
    return out
