"""What the compiler says when a phrase does not read: precise spans and hints in words.

A phrase that matches no shape is reported at the word that is wrong where one
can be found (a word the ruleset's language never uses, close to one it does:
'damgae' -> 'damage'), with the shapes it could have been written in words
('deal <number> damage to <cards>'), never in the shape syntax of registry.py.
"""

from __future__ import annotations

from .. import syntax as ast
from ..errors import CardScriptError, SemanticError, Span, did_you_mean
from ..language import reader as _reader
from ..language.selectors import NUMBERS
from ..language.registry import Refusal
from .fit import MAX_FIT_WORDS, first_misfit, next_words

# Words the slot readers (language/reader.py) understand besides the language's own tables.
READER_WORDS = frozenset(
    set(_reader.DETS_ONE) | set(_reader.DETS_EACH) | set(NUMBERS)
    | {w for key in _reader.PLAYERS for w in key}
    | {w for key in _reader.POSSESSIVE for w in key.split()}
    | {"allied", "friendly", "enemy", "opposing", "other", "another", "target", "up", "to",
       "this", "that", "those", "these", "it", "its", "itself", "them", "they", "here", "there",
       "with", "without", "in", "from", "at", "adjacent", "nearby", "within", "step", "steps",
       "away", "of", "choose", "control",
       "controls", "token", "tokens", "and", "number", "amount",
       "or", "may", "you", "then", "hit", "owner's", "card", "cards", "on", "under", "near",
       "that's"})

# Words too common to tell one phrase shape from another.
COMMON_WORDS = frozenset({"a", "an", "the", "to", "of", "this", "that", "it", "its", "you",
                          "your", "and", "or", "at", "in", "from", "is", "are"})
TABLE_WORDS = {"verbs": "effects", "patterns": "triggers", "conditions": "conditions",
               "statics": "ongoing effects"}
SLOT_WORDS = {"cards": "<cards>", "subject": "<cards>", "named": "<cards>", "whose": "<cards>'s",
              "number": "<number>", "count": "<number>",
              "cardtype": "<spell or site>", "place": "<place>", "player": "<player>",
              "zone": "<zone>", "own": "your|their", "keyword": "<keyword>", "signed": "<+N>", "text": "<words>"}


def render_shape(text: str) -> str:
    """A shape in words: 'draw {n:count?} {what:cardtype}' -> 'draw [<number>] <spell or site>'."""
    out = []
    for part in text.split():
        if part.startswith("{"):
            _, _, typ = part[1:-1].partition(":")
            word = SLOT_WORDS.get(typ.rstrip("?"), f"<{typ.rstrip('?')}>")
            out.append(f"[{word}]" if typ.endswith("?") else word)
        else:
            word = part.rstrip("?").split("|")[0]
            out.append(f"[{word}]" if part.endswith("?") else word)
    return " ".join(out)


def vocabulary(lang) -> frozenset:
    """Every word card text of this language can use (for spotting typos)."""
    cached = lang._memo.get(("__vocabulary__",))
    if cached is not None:
        return cached
    words = set(READER_WORDS)
    for table in TABLE_WORDS:
        for spec in getattr(lang, table):
            for shape in spec.shapes:
                for part in shape.text.split():
                    if not part.startswith("{"):
                        words |= set(part.rstrip("?").lower().split("|"))
    for table in (lang.nouns, lang.keywords, lang.zones, lang.draw_zones, lang.card_kinds,
                  lang.side_nouns, lang.subtypes):
        words |= {w.lower() for key in table for w in key.split()}
    words |= set(lang.in_play_words) | {w for key in lang.header_fields for w in key.split()}
    words |= {w for l in lang.labels for w in l.split()}
    words |= {w + s for w in lang.place_nouns for s in ("", "s")} | set(lang.place_traits)
    words |= _adjectives(lang)
    lang._memo[("__vocabulary__",)] = frozenset(words)
    return lang._memo[("__vocabulary__",)]


def slot_vocabulary(lang) -> frozenset:
    """The words a slot reader may take (determiners, players, nouns, places, keywords):
    the vocabulary less the words only phrase shapes use ('deal', 'draw')."""
    cached = lang._memo.get(("__slot_vocabulary__",))
    if cached is None:
        words = set(READER_WORDS)
        for table in (lang.nouns, lang.keywords, lang.zones, lang.draw_zones, lang.card_kinds,
                      lang.side_nouns, lang.subtypes):
            words |= {w.lower() for key in table for w in key.split()}
        words |= {w + s for w in lang.place_nouns for s in ("", "s")} | set(lang.place_traits)
        words |= set(lang.in_play_words) | _adjectives(lang)
        cached = lang._memo[("__slot_vocabulary__",)] = frozenset(words)
    return cached


def _adjectives(lang) -> set:
    """The selector's adjectives of the language's own tables: those of one kind ('land',
    'empty'), those standing for a region ('ground') and the superlatives ('strongest')."""
    return set(lang.kind_traits) | set(lang.adjective_words) | set(lang.superlatives)


def known_use(lang, word: str) -> str | None:
    """Where a word of the language's selector tables is read, in words ('land' -> 'before
    the noun site: a land site'), or None for a word of no such table."""
    w = word.lower()
    if w in lang.kind_traits:
        kind = lang.kind_traits[w]
        return f"it qualifies a {kind} only, just before the noun: '{'an' if w[0] in 'aeiou' else 'a'} {w} {kind}'"
    if w in lang.superlatives:
        return f"it follows 'the' in a selector, before its noun: 'the {w} <cards>'"
    if w in lang.adjective_words:
        return f"it comes before a unit's noun: '{w} <cards>'"
    return None


def _misplaced(lang, phrase: ast.Phrase, what: str) -> SemanticError | None:
    """The error at a word of the selector's own tables standing where the selector does not
    read it (a word of one kind before another kind's noun), saying what it qualifies and
    what is read in its place; None if there is no such word."""
    words = phrase.words
    for k, w in enumerate(words):
        if w.kind != "word" or known_use(lang, w.text) is None:
            continue
        low = w.text.lower()
        after = words[k + 1].lower if k + 1 < len(words) and words[k + 1].kind == "word" else ""
        if low in lang.kind_traits:
            kind = lang.kind_traits[low]
            if after in (kind, kind + "s"):
                continue
            traits = sorted(t for t in lang.place_traits if "|" not in t)[:8]
            there = (f"before '{after}' a trait is read ({', '.join(traits)}, ...)"
                     if after else "a noun is read there")
        elif low in lang.superlatives:
            if k > 0 and words[k - 1].lower == "the":
                continue
            there = "a superlative is read only after 'the'"
        else:
            continue
        return SemanticError(f"cannot read {what} '{phrase.text}': '{w.text}' is a known word "
                             "but is not read here", w.span, code="E201",
                             hint=f"{known_use(lang, w.text)}; {there}")
    return None


def _known(word: str, vocab) -> bool:
    w = word.lower()
    return w in vocab or any(w.endswith(s) and w[:-len(s)] in vocab for s in ("s", "es", "'s")) \
        or (w.endswith("ies") and w[:-3] + "y" in vocab)       # 'allies': the noun 'ally'


def words_span(phrase: ast.Phrase, text: str) -> Span | None:
    """The span of the run of `phrase`'s words that reads `text` ('it', 'target site'), or None.

    `text` may give alternatives separated by '|' ('that site|the site'); the first found wins.
    """
    have = [f'"{w.text}"'.lower() if w.kind == "name" else w.text.lower() for w in phrase.words]
    for alt in text.split("|"):
        want = alt.lower().split()
        if not want:
            continue
        for i in range(len(have) - len(want) + 1):
            if have[i:i + len(want)] == want:
                a, b = phrase.words[i].span, phrase.words[i + len(want) - 1].span
                return Span(a.file, a.line, a.column, b.end_line, b.end_column)
    return None


class pointing_into:
    """Narrow an error raised inside to the words of `phrase` it names (its `words`).

    A plain context manager class (entered for every phrase the compiler lowers: a
    generator-based one costs several calls each time).
    """

    __slots__ = ("phrase",)

    def __init__(self, phrase: ast.Phrase):
        self.phrase = phrase

    def __enter__(self):
        return None

    def __exit__(self, typ, e, tb):
        if isinstance(e, CardScriptError) and e.words:
            e.span = words_span(self.phrase, e.words) or e.span
        return False


def unknown_phrase(lang, table: str, phrase: ast.Phrase, what: str) -> SemanticError:
    """The error for a phrase that matches none of the `table`'s shapes."""
    words = phrase.words
    first = words[0]
    if first.kind == "word" and first.lower == "then":
        return SemanticError("misplaced 'then': it joins two effects and cannot start a sentence",
                             first.span, code="E102",
                             hint="write 'EFFECT, then EFFECT.' in one sentence, or drop 'then'")
    for w in words:
        if w.kind == "word" and w.lower in lang.unprinted:
            return SemanticError(f"cannot read {what} '{phrase.text}': '{w.text}' is no word "
                                 "of this game", w.span, hint=lang.unprinted[w.lower],
                                 code="E201")
    shapes = [s.text for spec in getattr(lang, table) for s in spec.shapes]
    vocab = vocabulary(lang)
    for w in words:
        if w.kind != "word" or _known(w.text, vocab):
            continue
        mean = did_you_mean(w.lower, sorted(vocab), cutoff=0.7)
        if mean is None:
            continue
        fix = mean.split("'")[1]
        uses = [render_shape(s) for s in shapes if fix in s.replace("|", " ").split()][:2]
        hint = mean + (f" ({'; '.join(uses)})" if uses else "")
        return SemanticError(f"cannot read {what} '{phrase.text}': unknown word '{w.text}'",
                             w.span, hint=hint, code="E201")
    misfit = _misfit(lang, table, phrase, what, vocab) or _misplaced(lang, phrase, what)
    if misfit is not None:
        return misfit
    said = {w.lower for w in words if w.kind == "word"} - COMMON_WORDS
    scored = sorted(((len(said & set(s.replace("|", " ").replace("?", "").split())), i, s)
                     for i, s in enumerate(shapes)), key=lambda x: (-x[0], x[1]))
    near = list(dict.fromkeys(render_shape(s) for n, _, s in scored if n > 0))[:3]
    if near:
        hint = f"{TABLE_WORDS[table]} that read alike: " + "; ".join(near)
    else:
        examples = list(dict.fromkeys(render_shape(s) for s in shapes))[:3]
        hint = f"{TABLE_WORDS[table]} read like: " + "; ".join(examples) + \
            " (docs/language.md lists them all)"
    return SemanticError(f"cannot read {what} '{phrase.text}'", phrase.span, hint=hint,
                         code="E201")


TABLE_NOUNS = {"verbs": "effect", "patterns": "trigger", "conditions": "condition",
               "statics": "ongoing effect"}


def _misfit(lang, table: str, phrase: ast.Phrase, what: str, vocab) -> SemanticError | None:
    """The error at the first word no shape can take after the words before it, with what
    the shapes take there instead; None if the whole phrase starts some shape."""
    shapes = [s for spec in getattr(lang, table) for s in spec.shapes]
    words = phrase.words
    k, fits = first_misfit(shapes, words, lambda text: _known(text, slot_vocabulary(lang)),
                           {"player": set(_reader.PLAYERS)})
    if k >= min(len(words), MAX_FIT_WORDS):
        return None
    word = words[k]
    shown = f'"{word.text}"' if word.kind == "name" else word.text
    # An optional element is one of the things that may come next: shown without brackets.
    nexts = next_words(fits, lambda shape, t: render_shape(
        shape.text.split()[t].rstrip("?").replace("?}", "}")))
    listed = ", ".join(nexts[:10]) + (", ..." if len(nexts) > 10 else "")
    if k == 0:
        return SemanticError(f"cannot read {what} '{phrase.text}': no {TABLE_NOUNS[table]} "
                             f"starts with '{shown}'", word.span, code="E201",
                             hint=f"{TABLE_WORDS[table]} start with: {listed} "
                                  "(docs/language.md lists them all)")
    before = " ".join(f'"{w.text}"' if w.kind == "name" else w.text for w in words[:k])
    examples = list(dict.fromkeys(render_shape(s.text) for s, _ in fits))[:2]
    use = known_use(lang, word.text) if word.kind == "word" else None
    if use is not None:
        # a word of the language in a spot that does not read it: say so, and where it is
        return SemanticError(f"cannot read {what} '{phrase.text}': '{shown}' is a known word "
                             f"but is not read after '{before}'", word.span, code="E201",
                             hint=f"{use}; after '{before}' comes: {listed}")
    return SemanticError(f"cannot read {what} '{phrase.text}': '{shown}' cannot come after "
                         f"'{before}'", word.span, code="E201",
                         hint=f"after '{before}' comes: {listed} ({'; '.join(examples)})")


def kind_error(problem, spec, args: dict, phrase: ast.Phrase | None, span: Span,
               known: dict) -> SemanticError:
    """A verb refusing the kind of card it was given (killing a site), at the words naming it.
    A `Refusal` brings its own hint; a plain message gets one made from the kinds named."""
    what = args.get("what")
    where = span
    hint = f"'{spec.name}' cannot act on that kind of card"
    if what is not None and getattr(what, "text", None) and phrase is not None:
        where = words_span(phrase, what.text) or span
    if isinstance(problem, Refusal):
        if problem.words and phrase is not None:
            where = words_span(phrase, problem.words) or where
        return SemanticError(problem.problem, where, code="E203", hint=problem.hint)
    if what is not None and getattr(what, "text", None):
        kinds = sorted(what.kinds or ())
        if what.name is not None and what.name in known:
            kinds = [getattr(known[what.name], "kind", None)]
        kinds = [k for k in kinds if k]
        if kinds:
            listed = " or ".join(kinds)
            article = "an" if listed[0] in "aeiou" else "a"
            hint = f"'{spec.name}' cannot act on {article} {listed}"
    return SemanticError(problem, where, code="E203", hint=hint)


def keyword_error(line: ast.KeywordLine, part: str, key: str, lang) -> SemanticError:
    """A line with no period that is not the language's keywords: a typo or a missing '.'."""
    words = key.split()
    mean = did_you_mean(key, lang.keywords)
    verb_starts = {s.text.split()[0].split("|")[0] for spec in lang.verbs for s in spec.shapes
                   if not s.text.startswith("{")}
    sentence = len(words) >= 3 or (words and words[0] in verb_starts)
    sp = line.span
    if sentence and not (mean and len(words) == 1):
        end = Span(sp.file, sp.end_line, sp.end_column, sp.end_line, sp.end_column + 1)
        return SemanticError("the sentence does not end with '.'", end, code="E103",
                             hint="end each sentence with '.'; a line without one is read as "
                                  "keywords (like 'Airborne')")
    at = line.text.find(part) if "," in line.text else -1
    if at >= 0 and sp.line == sp.end_line:
        # One keyword of 'Airborne, Flyng': point at it (the text is single-spaced as written).
        sp = Span(sp.file, sp.line, sp.column + at, sp.line, sp.column + at + len(part))
    return SemanticError(f"unknown keyword '{part}'", sp, code="E204",
                         hint=mean or "keywords here: " + ", ".join(sorted(
                             k for k in set(lang.keywords.values()) if k in lang.keyword_rules))
                         + "; a sentence ends with '.'")


def unruled_keyword(keyword: str, span: Span, lang) -> SemanticError:
    """A keyword the game has but the ruleset has no rules for yet: E212, never a no-op."""
    ruled = sorted(lang.keyword_rules)
    why = lang.unmodelled_keywords.get(keyword)
    return SemanticError(f"keyword '{keyword}' has no rules in ruleset '{lang.name}' yet" +
                         (f": {why}" if why else ""), span, code="E212", words=keyword,
                         hint="keywords with rules here: " + (", ".join(ruled) or "none") +
                              " (docs/language.md lists each ruleset's)")


TRIGGER_WORDS = ("whenever", "when", "after", "each time", "at the start of", "at the end of")


def not_an_ongoing_effect(node, low, lang) -> SemanticError:
    """A permanent's plain sentence that is no ongoing effect: a misspelt trigger word, an
    effect that needs a trigger or a label, or words that read as nothing."""
    first = _first_step(node)
    if first is not None:
        word = first.phrase.words[0]
        mean = did_you_mean(word.lower, TRIGGER_WORDS, cutoff=0.7) if word.kind == "word" \
            else None
        if mean and word.lower not in TRIGGER_WORDS:
            return SemanticError(f"'{word.text}' starts no trigger", word.span, code="E210",
                                 hint=f"{mean} (a trigger reads 'Whenever EVENT, EFFECT.')")
    if isinstance(node, ast.Step):
        if low.match_phrase("verbs", node.phrase) is not None:
            return SemanticError(
                f"'{node.phrase.text}' happens once, but a permanent's plain sentence must be "
                "an ongoing effect", node.phrase.span, code="E210",
                hint="say when it happens: 'Whenever EVENT, EFFECT.' or 'Genesis → EFFECT.'")
        return unknown_phrase(lang, "statics", node.phrase, "the ongoing effect")
    return SemanticError("a permanent's plain sentence must be one ongoing effect", node.span,
                         code="E210", hint="say when it happens: 'Whenever EVENT, EFFECT.' or "
                                           "'Genesis → EFFECT.'; a sentence with no trigger or "
                                           "label must be one ongoing effect")


def _first_step(node):
    while node is not None and not isinstance(node, ast.Step):
        steps = getattr(node, "steps", None)
        node = steps[0] if steps else getattr(node, "body", None)
    return node


def labels_hint(lang) -> str:
    """What may stand before a colon in this language, for an unknown label's error."""
    names = sorted(l.name for l in lang.labels.values())
    amounts = [f"N {w} →" for w in lang.amount_costs]
    if not names and not amounts:
        return ("this ruleset reads no label before a colon: write a trigger as a sentence "
                "('When ..., ...')")
    return "labels here: " + "; ".join([", ".join(names)] * bool(names)
                                       + [f"or an amount: {a}" for a in amounts])
