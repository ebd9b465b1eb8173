"""Reading a card-data file (YAML or JSON: a list of cards) and writing each card as card text.

A card of the data is a mapping with the fields `identifier`, `name`, `card_type`, `type_line`
(text, required), `rules_box` (text; absent or null for a card with no rules), `keywords` (a
list of words), `mana_cost` and `power` (a number, or text holding one), and `thresholds` or
`elements` where the data has them. The card text keeps the printed rules box line for line;
the only changes are the mechanical ones in NORMALISATIONS (docs/coverage.md lists them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .. import userfiles
from ..errors import CardScriptError, ScenarioError, Span
from ..scenario.yamlpos import load_located

# The import's own error codes (docs/language.md, "Errors").
BAD_DATA = "E020"         # a data file that does not read, or a card of the wrong shape
NOT_WRITTEN = "E004"      # an output that cannot be written

REQUIRED = ("identifier", "name", "card_type", "type_line")
OPTIONAL = ("rules_box", "keywords", "mana_cost", "power", "thresholds", "elements")
KINDS = {"minion": "minion", "magic": "magic", "aura": "aura", "artifact": "artifact",
         "relic": "relic", "site": "site", "avatar": "avatar"}
IDENTIFIER = re.compile(r"[a-z0-9][a-z0-9_-]{0,99}")

# Mechanical normalisation of printed text, each (what, pattern, replacement).
NORMALISATIONS = (
    ("line endings CR LF and CR become LF", re.compile(r"\r\n?"), "\n"),
    ("curly single quotes become '", re.compile("[\u2018\u2019]"), "'"),
    ('curly double quotes become "', re.compile("[\u201c\u201d]"), '"'),
    ("no-break and other spaces, and tabs, become a plain space",
     re.compile("[\t\u00a0\u2007\u202f]"), " "),
    ("spaces at the start and end of a line are dropped", re.compile(r"[ ]+$|^[ ]+", re.M), ""),
    ("the blank lines between paragraphs are dropped", re.compile(r"\n{2,}"), "\n"),
)


@dataclass(frozen=True, slots=True)
class DataCard:
    """One card of a data file, its fields checked, and where it stands in the file."""

    identifier: str
    name: str
    card_type: str
    type_line: str
    lines: tuple[str, ...]
    keywords: tuple[str, ...]
    cost: int | None
    power: int | None
    power_text: str | None       # a printed power that is no number ('*')
    thresholds: str | None
    elements: tuple[str, ...]
    span: Span


def normalise(text: str) -> tuple[str, ...]:
    """The printed rules box as card lines: NORMALISATIONS applied, one printed line a line."""
    for _, pattern, repl in NORMALISATIONS:
        text = pattern.sub(repl, text)
    return tuple(line for line in text.split("\n") if line)


def load(path: str | Path) -> list[DataCard]:
    """Read and check a card-data file; bad input is a CardScriptError at its line and column."""
    path = str(path)
    try:
        raw = userfiles.read_bytes(path)
    except userfiles.Refused as e:
        raise CardScriptError(f"cannot read {e.path}: {e.reason}", None, code="E001",
                              hint="give a card-data file (.yaml or .json)") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise CardScriptError(f"{path} is not UTF-8 text (byte {e.start})", None,
                              code=BAD_DATA, hint="save the file as UTF-8") from None
    try:
        data, marks = load_located(text, path)
    except ScenarioError as e:
        message = e.message.replace("in a scenario", "in card data")
        raise CardScriptError(message, e.span, code=BAD_DATA, hint=e.hint,
                              source_line=e.source_line) from None
    where = _Where(marks, path, text)
    if not isinstance(data, list):
        raise where.error((), "a card-data file is a list of cards",
                          "write each card as a '- identifier: ...' item (YAML) or an object "
                          "in a JSON list")
    cards, seen = [], {}
    for i, item in enumerate(data):
        card = _card(item, (i,), where)
        if card.identifier in seen:
            raise where.error((i, "identifier"), f"the identifier {card.identifier!r} is used "
                              "twice", f"the first is on line {seen[card.identifier]}; give "
                              "each card its own")
        seen[card.identifier] = card.span.line
        cards.append(card)
    return cards


class _Where:
    """Errors at the place of a key path in the data file."""

    def __init__(self, marks, path, text):
        self.marks, self.path, self.text = marks, path, text

    def span(self, key) -> Span:
        while key not in self.marks and key:
            key = key[:-1]
        return self.marks.get(key) or Span(self.path, 1, 1)

    def error(self, key, message, hint) -> CardScriptError:
        return CardScriptError(message, self.span(key), code=BAD_DATA,
                               hint=hint).with_source(self.text)


def _card(item, key, where: _Where) -> DataCard:
    if not isinstance(item, dict):
        raise where.error(key, "a card must be a mapping of fields",
                          "fields: " + ", ".join(REQUIRED + OPTIONAL))
    for field in REQUIRED:
        if item.get(field) is None:
            raise where.error(key, f"card {key[0] + 1} has no {field!r}",
                              "every card needs: " + ", ".join(REQUIRED))
    for field in REQUIRED:
        if not isinstance(item[field], str) or not item[field].strip():
            raise where.error(key + (field,), f"{field!r} must be text",
                              f"write {field}: as a word or words")
    ident = item["identifier"]
    if not IDENTIFIER.fullmatch(ident):
        raise where.error(key + ("identifier",), f"the identifier {ident!r} cannot name a file",
                          "an identifier is lower-case letters, digits, '_' and '-'")
    name = " ".join(item["name"].split())
    if '"' in name or "\u201c" in name or "\u201d" in name:
        raise where.error(key + ("name",), "a card name cannot hold a double quote",
                          "card text quotes names with double quotes")
    kind = item["card_type"].strip().lower()
    if kind not in KINDS:
        from ..errors import did_you_mean
        raise where.error(key + ("card_type",), f"unknown card_type {item['card_type']!r}",
                          did_you_mean(kind, KINDS) or "card types: " + ", ".join(KINDS))
    rules = item.get("rules_box")
    if rules is not None and not isinstance(rules, str):
        raise where.error(key + ("rules_box",), "'rules_box' must be text",
                          "write the printed rules as text (a '|' block in YAML)")
    lines = normalise(rules) if rules else ()
    for line in lines:
        if line.startswith("#") or re.match(r'card\s*"', line):
            raise where.error(key + ("rules_box",), "a printed line that card text would read "
                              "as " + ("a comment" if line.startswith("#") else "a new card"),
                              "a rules box holds rules: a line cannot start with '#' or "
                              "'card \"'")
    return DataCard(
        identifier=ident, name=name, card_type=KINDS[kind],
        type_line=" ".join(item["type_line"].split()),
        lines=lines,
        keywords=_words(item, key, "keywords", where),
        cost=_number(item, key, "mana_cost", where),
        power=_number(item, key, "power", where, allow_star=True),
        power_text="*" if str(item.get("power")).strip() == "*" else None,
        thresholds=_text(item, key, "thresholds", where),
        elements=_words(item, key, "elements", where),
        span=where.span(key))


def _words(item, key, field, where) -> tuple[str, ...]:
    value = item.get(field)
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise where.error(key + (field,), f"{field!r} must be a list of words",
                          f"write {field}: [word, word]")
    return tuple(v.strip().lower() for v in value if v.strip())


def _number(item, key, field, where, allow_star=False) -> int | None:
    value = item.get(field)
    if value is None or (allow_star and str(value).strip() == "*"):
        return None
    if isinstance(value, bool) or not (isinstance(value, int) or
                                       (isinstance(value, str) and value.strip().isdigit())):
        raise where.error(key + (field,), f"{field!r} must be a number, not {value!r}"[:200],
                          f"write {field}: 3" + (" (or '*')" if allow_star else ""))
    number = int(value)
    if number > 999:
        raise where.error(key + (field,), f"{field!r} is {number}, more than 999",
                          "a printed number has at most three digits")
    return number


def _text(item, key, field, where) -> str | None:
    value = item.get(field)
    if value is None:
        return None
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise where.error(key + (field,), f"{field!r} must be text",
                          f"write {field}: as a word or a list of words")
    return " ".join(value.split())


def subtypes(card: DataCard) -> tuple[str, ...]:
    """The card's keywords that its type line names as what it is ('an Elite Mortal'): its
    subtypes. A word of a keyword line of the rules box is a keyword, not a subtype."""
    printed = {w.lower().strip(".,;:!?\u2019'") for w in card.type_line.split()}
    printed |= {w[:-1] for w in printed if w.endswith("s")}
    in_rules = {w.lower().strip(",") for line in card.lines if "." not in line
                for w in line.split()}
    return tuple(k for k in card.keywords
                 if k in printed and k not in in_rules and re.fullmatch(r"[a-z]+", k))


RARITIES = ("ordinary", "exceptional", "elite", "unique")


def rarity(card: DataCard) -> str | None:
    """The rarity the type line opens with ('An Elite Mortal ...', 'Unique Magic ...'), or
    None: a rarity word later in the line ('... to snub the Elite!') is not the card's."""
    words = [w.lower().strip(".,;:!?") for w in card.type_line.split()[:2]]
    if words and words[0] in ("a", "an"):
        words = words[1:]
    return words[0] if words and words[0] in RARITIES else None


def header(card: DataCard) -> str:
    """The card's header line in the header syntax of docs/language.md."""
    first = " ".join((card.card_type, *subtypes(card)))
    items = [first]
    if card.cost is not None:
        items.append(f"cost {card.cost}")
    if card.power is not None:
        items.append(f"power {card.power}")
    threshold = threshold_words(card.thresholds)
    if threshold:
        items.append("threshold " + " ".join(threshold))
    if card.card_type == "site":
        items.extend(e for e in ELEMENTS if e in card.elements)
    if rarity(card) is not None:
        items.append(f"rarity {rarity(card)}")
    return f'card "{card.name}": ' + ", ".join(items)


# The four elements, and the letter of each icon in the data's `thresholds` text ("FF").
ELEMENTS = ("air", "earth", "fire", "water")
ICONS = {e[0]: e for e in ELEMENTS}


def threshold_words(text: str | None) -> tuple[str, ...]:
    """The header's threshold words for the data's `thresholds`: one letter an icon ("FFW",
    "F F W") or element words ("fire fire water"); () when any part is neither (the
    thresholds are then kept as a comment, never guessed)."""
    words: list[str] = []
    for token in (text or "").lower().replace(",", " ").split():
        if token in ELEMENTS:
            words.append(token)
        elif all(ch in ICONS for ch in token):
            words.extend(ICONS[ch] for ch in token)
        else:
            return ()
    return tuple(sorted(words, key=ELEMENTS.index))


def card_text(card: DataCard) -> str:
    """The whole `.cards` text of one card: the ruleset line, what the header cannot say as
    comments, the header and the rules box."""
    out = ["# ruleset: sorcery", f"# {card.type_line}"]
    if card.power_text:
        out.append(f"# power: {card.power_text} (no number is printed)")
    if card.thresholds and not threshold_words(card.thresholds):
        out.append(f"# thresholds: {card.thresholds}")
    out.append(header(card))
    out.extend("  " + line for line in card.lines)
    return "\n".join(out) + "\n"


def write_all(cards: list[DataCard], out_dir: str | Path, source: str | Path,
              force: bool) -> list[Path]:
    """Write one `IDENTIFIER.cards` a card into `out_dir`; nothing is written if a file is
    there already (unless `force`) or a path cannot be written."""
    out = Path(out_dir)
    if not out.is_dir():
        raise CardScriptError(f"no such folder: {out}", None, code=NOT_WRITTEN,
                              hint="create the folder first, or give --out an existing one")
    targets = [(out / f"{c.identifier}.cards", c) for c in cards]
    if not force:
        there = [p for p, _ in targets if p.exists() or p.is_symlink()]
        if there:
            said = f"{there[0]} already exists" if len(there) == 1 else \
                f"{there[0]} and {len(there) - 1} more already exist"
            raise CardScriptError(f"{said}; nothing was written",
                                  None, code=NOT_WRITTEN,
                                  hint="give --force to replace them, or another --out folder")
    written = []
    for path, card in targets:
        try:
            userfiles.write_text_atomic(path, card_text(card), inputs=[source])
        except userfiles.Refused as e:
            raise CardScriptError(f"cannot write {e.path}: {e.reason}", None, code=NOT_WRITTEN,
                                  hint="give --out a folder you can write") from None
        written.append(path)
    return written
