"""One phrase shape with its slots filled: the words of a vocabulary entry in canonical text.

`phrase_words` writes a shape's literals (each alternative chosen: a form of one word agreeing
with the slot before it, a synonym as the conventions prefer) and its slot values in the
words of `fmt/words.py`. `render.py` picks the shape; this module only fills it.
"""

from __future__ import annotations

from ..language.amounts import Counted
from ..language.selectors import Selector
from .canonical import _synonyms
from .words import WORD_OF, Unrenderable, Words


def phrase_words(shape, args: dict, words: Words, prefer=(), modal: bool = False) -> list | None:
    """The words of one shape with its slots filled, or None if the shape does not fit.

    `modal`: the phrase follows 'may' or 'would', so its verb takes its plain form."""
    slots = {t.slot for t in shape.tokens if t.slot is not None}
    given = {k for k, v in args.items() if v is not None}
    if not given <= slots or any(t.slot is not None and not t.optional and t.slot not in given
                                 for t in shape.tokens):
        return None
    parts = shape.text.split()
    out: list = []
    prev = None                  # (slot type, value) of the slot just before, else None
    # The subject a verb further on agrees with, past a relative clause ('each spell you cast
    # costs', 'each spell an ally casts costs'): the slot the shape starts with.
    first = shape.tokens[0] if shape.tokens else None
    subject = (first.type, args.get(first.slot)) if first is not None and \
        first.slot is not None and args.get(first.slot) is not None else None
    noun = None                  # a word just written from a literal's forms after no slot
    for i, tok in enumerate(shape.tokens):
        if tok.slot is None:
            if not tok.optional:
                alts = parts[i].rstrip("?").split("|")
                if modal and set(alts) <= _BE:
                    word = "be"
                elif prev is not None:
                    word = _literal(alts, None if modal and prev[0] != "count" else prev,
                                    prefer, words)
                elif noun is not None:          # 'your opponents cast', 'they enter'
                    word = _verb_form(alts, plural=noun, prefer=prefer)
                elif out and out[-1] in _PRONOUNS and i > 0 and \
                        shape.tokens[i - 1].slot is None:      # 'it kills', 'they hit'
                    word = _verb_form(alts, plural=out[-1] == "they", prefer=prefer)
                elif set(alts) == _PRONOUNS and subject is not None and \
                        isinstance(subject[1], Selector):
                    word = "they" if words.several_of(subject[1]) else "it"  # 'until it enters'
                else:
                    word = _literal(alts, None if modal else subject, prefer, words)
                out.append(word)
                # A word of forms after a plain word ('your opponents', 'until they') is the
                # subject of the verb right after it.
                before = parts[i - 1] if i > 0 and shape.tokens[i - 1].slot is None else ""
                noun = _number_of(word, alts) if len(alts) > 1 and before and \
                    "|" not in before else None
                if parts[i] not in _ADVERBS:   # 'this permanently gains': the subject agrees
                    prev = None
            continue
        noun = None
        value = args.get(tok.slot)
        if value is None:
            continue
        nxt = _next_literal(shape, i, parts)
        out += _slot(tok.type, value, words, after_literal=prev is None,
                     next_word=nxt, before=out)
        prev = (tok.type, value)
    return out


# A pronoun of the shape's own words for its subject, singular or plural.
_PRONOUNS = frozenset({"it", "they"})


def agrees_in_number(shape, args: dict, words: Words | None = None) -> bool:
    """Does the shape's own word of one number agree with the cards the shape starts with,
    as written ('this minion', 'each minion' and 'it' are one; 'two minions' and a 'them'
    naming several are several)? The word is a pronoun that is the subject of the verb after
    it ('... before other minions they fight', '... it fights'), a possessive ('in its
    path', 'in their path'), or the verb right after the cards ('it is a minion', 'they are
    minions'). True for a shape with no such word, or with no cards to start with."""
    first = shape.tokens[0] if shape.tokens else None
    value = args.get(first.slot) if first is not None and first.slot is not None else None
    if not isinstance(value, Selector):
        return True
    many = words.many(value) if words is not None else value.plural and value.quant != "each"
    parts = shape.text.split()
    toks = shape.tokens
    if len(toks) > 1 and toks[1].slot is None and parts[1] in _ONE_NUMBER:
        return _ONE_NUMBER[parts[1]] == many
    for i in range(1, len(toks)):
        if toks[i].slot is not None or toks[i - 1].slot is not None:
            continue
        if parts[i] in _POSSESSIVES:
            return _POSSESSIVES[parts[i]] == many
        if i + 1 < len(toks) and parts[i] in _PRONOUNS and toks[i + 1].slot is None and \
                not toks[i + 1].optional:
            return (parts[i] == "they") == many
    return True


# Words of one number a shape may write after its cards: whether each is plural.
_ONE_NUMBER = {"is": False, "are": True, "has": False, "have": True}
_POSSESSIVES = {"its": False, "their": True}

# Words of a shape that pick the cards of the slot after them, in place of its article.
_DETERMINERS = frozenset({"each", "every", "first", "single", "the", "any", "another"})

# Words between a subject and its verb that leave the verb agreeing with the subject.
_ADVERBS = frozenset({"permanently"})

# The forms of 'be' a shape may offer; after 'may' or 'would' each is written 'be'.
_BE = frozenset({"is", "are", "was", "were", "be"})


def _number_of(word: str, alts: list) -> bool:
    """Is a word written from a literal's forms a plural subject ('opponents', 'they')?"""
    return word in ("they", "these", "those") or (word.endswith("s") and word[:-1] in alts)


def _verb_form(alts: list, plural: bool, prefer) -> str:
    """The form of a verb after a subject written by the shape itself: plain after a plural,
    the s-form after a singular."""
    alts = _forms_of_one(alts, prefer)
    s_forms = [a for a in alts if a.endswith("s")]
    if len(s_forms) != 1 or _synonyms(alts):
        return _literal(alts, None, prefer)
    return next(a for a in alts if a != s_forms[0]) if plural else s_forms[0]


def _forms_of_one(alts: list, prefer) -> list:
    """Of synonyms each with its forms ('shoot|shoots|fire|fires'), the forms of the one
    preferred, else of the first ('shoot|shoots'); other alternatives as they are."""
    if not _synonyms(alts):
        return alts
    pick = next((p for p in prefer if p in alts), alts[0])
    forms = [a for a in alts if a == pick or a in (pick + "s", pick + "es") or
             pick in (a + "s", a + "es")]
    return forms if len(forms) == 2 else alts


def _literal(alts: list, prev, prefer, words: Words | None = None) -> str:
    """One of a literal's alternatives: a form of one word agrees with the slot before it
    ('a unit dies', 'units die', 'two cards', 'they strike' after a 'they' naming several);
    of synonyms, the preferred, else the first."""
    if len(alts) < 2:
        return alts[0]
    alts = _forms_of_one(alts, prefer)         # 'this minion shoots', of 'shoot|fire'
    if _synonyms(alts):
        return next((p for p in prefer if p in alts), alts[0])
    s_forms = [a for a in alts if a.endswith("s")]
    if len(s_forms) != 1 or prev is None:
        return next((a for a in alts if a not in s_forms), alts[0])
    s_form = s_forms[0]
    base = next(a for a in alts if a != s_form)
    typ, value = prev
    if typ in ("count", "number"):                  # a noun after a number: 'two cards'
        return base if value == 1 else s_form
    if typ == "player":
        return base if value in ("you", "decider") else s_form     # 'they lose
    if isinstance(value, Selector) and value.quant in ("count", "up_to") and value.most != 1:
        return base                                 # 'two units die'
    if isinstance(value, Selector) and words is not None and words.several_of(value) and \
            value.quant == "ref":
        return base                                 # 'they strike'
    return s_form                                   # 'a unit dies', 'each unit dies'


def _next_literal(shape, i: int, parts: list):
    for j in range(i + 1, len(shape.tokens)):
        if shape.tokens[j].slot is None and not shape.tokens[j].optional:
            return parts[j].rstrip("?").split("|")[0]
        if shape.tokens[j].slot is not None:
            return None
    return None


def _slot(typ: str, value, words: Words, *, after_literal: bool, next_word, before: list) -> list:
    if typ in ("cards", "subject", "named"):
        if not isinstance(value, Selector):
            raise Unrenderable(f"a cards slot holding {type(value).__name__}")
        said = words.cards(value)
        if before and before[-1] == "are" and said[:1] in (["a"], ["an"]):
            said = words.cards(value, bare_plural=True)     # 'if they are minions'
        elif before and before[-1] in _DETERMINERS and said[:1] in (["a"], ["an"]):
            said = said[1:]                        # 'the first minion', 'for each minion'
        elif before and before[-1] == "each" and said[:1] == ["another"]:
            said = ["other"] + said[1:]            # 'for each other "Pack Hunters"'
        return ["they"] if said == ["them"] and not before else said   # 'they are minions'
    if typ == "whose":                             # 'a nearby minion's', 'its'
        if not isinstance(value, Selector):
            raise Unrenderable(f"a possessive slot holding {type(value).__name__}")
        said = words.cards(value)
        if said == ["it"] or said == ["them"]:
            return ["its" if said == ["it"] else "their"]
        last = said[-1]
        if not isinstance(last, str):
            raise Unrenderable("a possessive of a quoted name")
        return said[:-1] + [last + ("'" if last.endswith("s") else "'s")]
    if typ == "place":
        if isinstance(value, Selector):
            return words.cards(value)
        return words.place(value, after_literal)
    if typ == "count":
        return words.count(value, next_word)
    if typ == "number":
        return words.number(value)
    if typ == "cardtype":                          # 'a spell', 'two spells'
        last = before[-1] if before else None
        many = isinstance(last, str) and last not in ("one", "1") and (
            last.isdecimal() or last in WORD_OF.values() or last == "many")  # 'that many'
        return [value + "s" if many else value]
    if typ in ("player", "zone", "piles", "keyword", "signed", "pluses"):
        return getattr(words, typ)(value)
    if typ == "text":
        return str(value).split()
    if typ == "ability":                           # a triggered ability given, in quotes
        return [("name", value.text)]
    if typ == "amount":                            # 'its power' (fmt/amounts.py)
        return amount_words(value, words)
    if typ == "subtypes":              # 'Demon and Spirit and Undead': the reader takes the
        # singular too, and a plural made by rule would misspell some ('Undeads')
        return [w for i, sub in enumerate(value) for w in ((["and"] if i else []) + [sub.title()])]
    if typ == "subtype" and isinstance(value, str):    # 'a Dwarf': written capitalised
        return [value.title()]
    # A slot type added after this renderer: a word or a number is written as itself.
    if isinstance(value, str) and value:
        return value.split()
    if isinstance(value, int) and not isinstance(value, bool):
        return [str(value)]
    raise Unrenderable(f"a slot of type {typ!r} holding {type(value).__name__}")


def amount_words(value, words) -> list:
    """The words of a stat amount: 'its power', "that unit's power"."""
    if not isinstance(value, Counted) or value.stat is None:
        raise Unrenderable("an amount that is no stat of cards")
    said = words.cards(value.of)
    stat = _stat_words(value.stat, words.lang)
    if said in (["it"], ["this"]) or value.of.pick == "self":
        return ["its"] + stat
    if said == ["them"]:
        return ["their"] + stat
    last = said[-1]
    if not isinstance(last, str):
        raise Unrenderable("a possessive of a quoted name")
    return said[:-1] + [last + ("'" if last.endswith("s") else "'s")] + stat


def _stat_words(stat: str, lang) -> list:
    """A stat's words as the game prints them: the word `Language.printed_stats` writes
    for it where there is one (Mage Noir's 'HP'), else its name ('power')."""
    printed = next((said for name, said in lang.printed_stats.values() if name == stat), None)
    return (printed or stat).split()
