"""A stable classification of a compile diagnostic: why a printed line does not read yet.

A cause is the diagnostic's code and a category in words. For a phrase that reads as nothing
(E201) the category comes from the word the diagnostic points at: its class in the game's
vocabulary (a grid word, a place word, a turn word, ...) and where it stands (first in the
phrase: no verb or subject starts that way). The word lists are general words of the game,
never taken from any card.
"""

from __future__ import annotations

import re

from ..compiler.diagnose import vocabulary

SYNTAX = {
    "E101": "the grammar cannot read a word there",
    "E102": "a misplaced 'then'",
    "E103": "a sentence without its period",
    "E104": "a malformed header",
    "E105": "a name with no closing quote",
    "E106": "a character the grammar cannot place",
    "E107": "an arrow with no label",
    "E108": "a choice with one option",
    "E109": "a trigger or condition with no comma",
    "E110": "nothing where an effect should be",
    "E111": "a modifier with no effect",
}
OTHER = {
    "E202": "an unknown card name",
    "E203": "a verb given a kind of card it cannot act on",
    "E205": "a reference to nothing said before",
    "E206": "'one at a time' where it cannot stand",
    "E207": "an unknown label",
    "E208": "a header item the ruleset does not read",
    "E209": "a card declared twice",
    "E211": "a choice with too few options",
    "E212": "a keyword without rules",
    "E218": "a condition label given twice before one line",
    "E219": "an ongoing line that holds always, given a condition",
}
LACKING_VERB = "a game verb the vocabulary lacks (conjure, swap, pull, give, ...)"
TURN_WORDS = frozenset({"turn", "turns", "until", "during", "start", "end", "beginning", "next",
                        "round", "again", "later", "now"})
WORD_CLASSES = (
    ("self-reference 'this X'", {"this", "these"}),
    ("grid word (direction, step, void, water)",
     {"north", "south", "east", "west", "cardinal", "direction", "directions", "diagonal",
      "diagonally", "void", "row", "column", "edge", "corner", "orthogonal", "orthogonally",
      "body", "water"}),
    ("place word (on, under, near, within, realm)",
     {"on", "under", "atop", "beneath", "above", "below", "near", "within", "realm",
      "location", "locations", "intersection", "beside", "around", "affected", "occupied",
      "onto", "into", "across", "elsewhere", "anywhere", "top", "bottom", "here", "there",
      "nearby", "adjacent", "away"}),
    ("ally or enemy as a noun", {"ally", "allies", "enemy", "enemies"}),
    ("turn or duration word", TURN_WORDS),
    ("restriction or permission (can't, must, may)",
     {"can't", "cannot", "can", "must", "may", "only", "unless", "instead", "not", "never",
      "both", "neither", "either"}),
    ("combat word (strike, fight, attack, defend)",
     {"strike", "strikes", "struck", "fight", "fights", "attack", "attacks", "attacking",
      "attacked", "defend", "defends", "defending", "intercept", "intercepts", "combat",
      "blocks", "block"}),
    ("cost or mana word", {"mana", "pay", "pays", "paid", "cost", "costs", "threshold",
                           "spend", "spends", "less", "more", "extra"}),
    ("stat word (power, life, damage taken)",
     {"power", "life", "lives", "movement", "armor", "health", "toughness"}),
    ("element, rarity or subtype word",
     {"fire", "earth", "air", "wind", "ordinary", "exceptional", "elite", "unique",
      "mortal", "mortals", "beast", "beasts", "spirit", "spirits", "dragon", "dragons",
      "undead", "demon", "demons", "monster", "monsters", "automaton", "automatons",
      "mythic", "mythics", "river", "rivers", "tower", "towers", "village", "villages",
      "desert", "deserts", "monument", "monuments", "vehicle", "vehicles"}),
    (LACKING_VERB,
     {"summoned", "conjure", "conjures", "conjured", "burrow", "burrows",
      "burrowed", "unburrow", "unburrows", "swap", "swaps", "pick", "picks", "teleport",
      "teleports", "untap", "untaps", "heal", "heals", "give", "gives", "pull", "pulls",
      "push", "pushes", "look", "looks", "reveal", "reveals", "sacrifice", "sacrifices",
      "flood", "floods", "flooded", "transform", "transforms", "carry", "carries",
      "occupy", "occupies", "submerge", "submerges", "surface", "surfaces", "fly", "flies",
      "return", "returns", "banish", "banishes", "copy", "copies", "discard", "discards"}),
    ("a role noun (bearer, caster, carrier, controller)",
     {"bearer", "bearers", "caster", "casters", "carrier", "carriers", "controller",
      "controllers", "owner", "owners", "wielder"}),
    ("a relative clause or quantifier (which, whose, no, fewer)",
     {"which", "whose", "who", "whom", "no", "fewer", "least", "most", "any", "none"}),
    ("counting or variable (X, for each, equal)",
     {"x", "each", "equal", "half", "twice", "number", "amount", "times", "as", "much",
      "many", "for"}),
)
STATE_WORDS = {"is", "are", "has", "have", "was", "were", "be", "been", "becomes", "become"}
STRUCTURAL = {"while", "would", "instead", "if", "then", "and", "or", ":", "\u2192", "->",
              ",", ";", "when", "whenever", "after", "unless"}
STAT_CHANGE = re.compile(r"[+\-\u2212]\d+|[+\-\u2212]x", re.I)
TABLES = (("the ongoing effect", "ongoing effect"), ("the effect", "effect"),
          ("the trigger", "trigger"), ("the condition", "condition"))


def phrase_class(message: str) -> str | None:
    """What the compiler was reading when it failed: effect, trigger, condition, ongoing."""
    for said, name in TABLES:
        if f"cannot read {said}" in message:
            return name
    return None


def pointed_word(err, lines: list[str]) -> str:
    """The text the diagnostic points at (its span on its line), or ''."""
    s = err.span
    if s is None or not 1 <= s.line <= len(lines):
        return ""
    line = lines[s.line - 1]
    end = s.end_column if s.end_line == s.line and s.end_column > s.column else s.column + 1
    text = line[s.column - 1:end - 1].strip()
    if s.end_column <= s.column + 1 or s.end_line != s.line:
        # A one-character span: widen it to the word it stands in.
        m = re.match(r"[^\s,.;:]+", line[s.column - 1:])
        text = m.group(0) if m else text
    return text


def classify(err, lines: list[str], name: str, lang) -> str:
    """The category of one diagnostic: a short stable phrase in words."""
    code = err.code
    if code in ("E101", "E106"):
        word = pointed_word(err, lines)
        if code == "E106" and word:
            return f"the grammar cannot place the character '{word[0]}'"
        if word.lower() in STRUCTURAL:
            return f"the grammar cannot read '{word.lower()}' there"
    if code in SYNTAX:
        return SYNTAX[code]
    if code == "E212" and "abilities have no rules" in err.message:
        return "a label before '\u2014' without rules (Bearer)"
    if code == "E212" and ("threshold cost" in err.message or
                           "threshold icons" in err.message):
        return "a threshold cost without rules"
    if code == "E205" and " is no " in err.message:
        return "self-reference 'this X' naming no subtype, kind or word of the card's name"
    if code in OTHER:
        return OTHER[code]
    if code == "E204":
        return "a valued keyword (keyword and number)" \
            if re.search(r"\d|\bx\b", err.message, re.I) else "an unknown keyword"
    if code == "E210":
        return "a one-off effect on a permanent with no trigger or label" \
            if "happens once" in err.message else "a permanent's line that is no ongoing effect"
    if code != "E201":
        return "other"
    word = pointed_word(err, lines)
    low = word.lower().strip("\"'\u2019")
    if word and word.strip('"') in name.split() and word[:1].isupper() and \
            low not in vocabulary(lang):
        return "self-reference by the card's own name"
    if STAT_CHANGE.fullmatch(low):
        return "stat change (+N, -N)"
    for category, words in WORD_CLASSES:
        if low in words and not (category == LACKING_VERB and low in vocabulary(lang)):
            return category
    if low in STATE_WORDS:
        return "a state sentence (is, are, has)"
    if " " in word:
        return "a phrase that starts a shape but finishes none"
    first = "starts with" in err.message
    known = low in vocabulary(lang) or low.rstrip("s") in vocabulary(lang)
    if first:
        return "a sentence form no shape starts with (subject first, known word)" if known \
            else "an unknown verb"
    if low in verb_starts(lang):
        return "a verb where the shapes take another word (a second clause, a subject)"
    if not known:
        return "an unknown capitalised word (a subtype or another card)" \
            if word[:1].isupper() else "an unknown word"
    return "a known word where the shapes take another"


def verb_starts(lang) -> frozenset:
    """The words that start an effect shape ('deal', 'draw', 'move')."""
    return frozenset(part.lower() for spec in lang.verbs for s in spec.shapes
                     for part in s.text.split()[0].rstrip("?").split("|")
                     if not part.startswith("{"))
