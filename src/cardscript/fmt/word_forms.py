"""The plain forms of words in canonical text: a number in words, the article before a
word, a noun's plural, a subtype as cards print it, and the error of a value no wording
reads back (`Unrenderable`).
"""

from __future__ import annotations

from ..language.selectors import NUMBERS

WORD_OF = {v: k for k, v in NUMBERS.items() if k not in ("a", "an")}


def article(word) -> str:
    """'a' or 'an' before a word (a card name is read as starting with a consonant)."""
    if not isinstance(word, str) or not word:
        return "a"
    word = word.lower()                             # 'an Airborne minion', 'an Undead'
    if word[0] == "u":
        return "a" if word.startswith(("uni", "use", "usu")) else "an"
    return "an" if word[0] in "aeio" else "a"


def count_words(n: int, words: bool = True) -> list:
    """A count of cards: a number word up to ten (digits with `words` off or beyond ten)."""
    return [WORD_OF[n]] if words and n in WORD_OF else [str(n)]


def plural(noun: str) -> str:
    """The plural the reader takes back: 'unit' -> 'units', 'ally' -> 'allies'."""
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def capitalised(subtype: str) -> str:
    """A subtype as cards print it: 'Beast'; 'non-Beast' keeps its prefix in lower case."""
    if subtype.startswith("non-"):
        return "non-" + subtype[4:].title()
    return subtype.title()


class Unrenderable(ValueError):
    """A compiled value no wording of the language reads back (the renderer says which)."""
