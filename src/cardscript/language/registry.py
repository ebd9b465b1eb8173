"""The vocabulary of a ruleset: verbs, trigger patterns, conditions, statics, labels.

Each entry has a name, one or more phrase shapes and an implementation. A shape
is words with slots: 'deal {n:number} damage to {what:cards}'. A ruleset builds
its `Language` by adding entries; neither the grammar nor the engine changes.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable

from .shapes import Shape, compile_shape


@dataclass(frozen=True, slots=True)
class Refusal:
    """What a verb's `check` refuses (the E203 message), with what to write instead (its
    hint). A check may return a plain string instead: the hint is then made from the kinds
    of cards the verb was given. `words`: the words of the phrase the refusal is about, where
    the caret goes ('your life'), when they are not the cards the verb was given."""

    problem: str
    hint: str
    words: str = ""

    def __str__(self) -> str:
        return self.problem


@dataclass(frozen=True, slots=True)
class VerbSpec:
    """A verb: what it does to the game when a step with its phrase resolves.

    `run(game, event, args)` performs it; `splits` names the happenings it can
    cause that a policy may split on; `check(args, card)` rejects kinds it
    cannot act on at compile time (killing a site): a message, or a `Refusal`.
    """

    name: str
    shapes: tuple[Shape, ...]
    run: Callable[..., Any]
    splits: frozenset = frozenset()
    check: Callable[..., str | Refusal | None] | None = None
    binds: tuple[str, ...] = ()
    search: bool = False          # a search: splits wait until it (and its shuffle) completes
    yields: bool = False          # `run` is a generator (it may send Split, e.g. a path)
    cost: bool = False            # a cost: 'you may VERB' asks a `pay` question, not `may`
    # `able(game, event, node) -> bool`: can the step be done in full right now? Under
    # 'you may', a step that cannot be done whole is not offered and counts as not done.
    able: Callable[..., bool] | None = None
    ends_search: bool = False     # a search owns the steps after it up to this verb (a shuffle)
    # The cards the step picks by itself (those drawn, those discarded) are an antecedent: a
    # later 'it' / 'them' names them. False: none. True: cards of any kind. A slot name: the
    # kinds of the card noun that slot holds ('draw a {what:cardtype}'). A frozenset: those
    # kinds. The compiler gives the step a slot (`Do.gives`); the verb fills it (`gave`).
    gives: str | frozenset | bool = False


@dataclass(frozen=True, slots=True)
class PatternSpec:
    """A trigger pattern: which happening a hook listens to, and how its words filter it."""

    name: str
    shapes: tuple[Shape, ...]
    happening: str
    bind: Callable[..., dict]   # (args) -> filter description used by the engine's matcher


@dataclass(frozen=True, slots=True)
class ConditionSpec:
    """A condition phrase: 'you control "Tawny"', 'this site is a wet site'."""

    name: str
    shapes: tuple[Shape, ...]
    test: Callable[..., bool]
    # 'if you do' / 'if they do': the person whose answer to a 'may' it reads ("you", or
    # "they": the player(s) who decided the latest other player's 'may'), None for others.
    # The compiler refuses one with no 'may' of that person before it.
    reads_answer: str | None = None
    # A general form ('CARDS is CARDS'), whose slots read what more particular conditions
    # spell out in words ('CARDS is|are tapped'): it stays after every other condition of
    # the table, whichever language registered it first, so that those are read first.
    general: bool = False


@dataclass(frozen=True, slots=True)
class StaticSpec:
    """An ongoing effect phrase: 'units here have airborne'."""

    name: str
    shapes: tuple[Shape, ...]
    kind: str                   # grant | forbid | prevent | ...


@dataclass(frozen=True, slots=True)
class LabelSpec:
    """A label before '→': a keyword trigger (Genesis) or a cost (Tap)."""

    name: str
    role: str                   # trigger | cost
    happening: str | None = None
    self_only: bool = True
    pay: Callable[..., Any] | None = None
    kind: str | None = None      # the trace kind of the event it makes
    # Referents a trigger label names from its happening's data: (data key, words), such as
    # ("target", "creature it fights") for 'the creature it fights' in a Before Fight ability.
    binds: tuple = ()


@dataclass
class Language:
    """Everything the compiler needs to read one ruleset's card text."""

    name: str
    card_kinds: dict[str, str] = field(default_factory=dict)   # word -> kind
    nouns: dict[str, frozenset] = field(default_factory=dict)  # 'unit' -> {'minion','avatar'}
    # Nouns that name units by side: 'ally' -> ('you', the unit kinds), 'enemy' -> ('opponent',
    # ...). As an adjective before a noun ('enemy minion') the word is read as before.
    side_nouns: dict[str, tuple] = field(default_factory=dict)
    # The subtypes of the game's cards ('beast', 'river'): a selector reads them ('each Beast
    # you control', 'a Mortal minion', 'Mortals').
    subtypes: set[str] = field(default_factory=set)
    # Class words of the game ('frontline'): a word a printed type line may carry that names
    # what the card is. After 'this' it names the card itself on any card (printed text means
    # itself by 'This <Noun>'), declared in its header or not; a selector reads it as a subtype.
    class_words: set[str] = field(default_factory=set)
    # The words after a selector that say its cards are in play (Sorcery: 'in the realm'),
    # where a selector reads by default.
    in_play_words: tuple = ()
    keywords: dict[str, str] = field(default_factory=dict)     # word -> canonical keyword
    # Canonical keyword -> the rule behind it, in words (docs/language.md lists them). A
    # keyword of `keywords` missing here is one the game has and the ruleset does not model
    # yet: card text using it is error E212, never a silent no-op.
    keyword_rules: dict[str, str] = field(default_factory=dict)
    valued_keywords: set[str] = field(default_factory=set)     # take a number: 'Hazardous 2'
    # Canonical keyword -> the kinds of card it means something on ('elusive': creatures).
    # A card of another kind printing it is error E216 (a keyword with no rule there would
    # be a word with nothing behind it). A keyword missing here stands on any kind.
    keyword_kinds: dict[str, frozenset] = field(default_factory=dict)
    # Why a keyword of `keywords` has no rules yet (canonical keyword -> the reason, in words):
    # its E212 says it, and docs/language.md lists it.
    unmodelled_keywords: dict[str, str] = field(default_factory=dict)
    # How the game prints its keywords, for text written back (fmt/words.py): capitalised
    # wherever they stand ('Give target minion Airborne'), else in small letters inside a
    # sentence ('Allies you control have fast'); the valued ones printed with a sign
    # ('Movement +1'), else bare ('Hazardous 2').
    capitalised_keywords: bool = False
    signed_keywords: set[str] = field(default_factory=set)
    # How the game's cards name who controls a card, for text written back
    # (fmt/selector_words.py `side`):
    # controller ('you', 'opponent') -> (its words, whether they come after the noun): Grand
    # Archive's 'an ally you control', KeyForge's 'a friendly creature'. A controller not
    # named here is written with the adjectives every language reads ('allied', 'enemy').
    controller_words: dict[str, tuple] = field(default_factory=dict)
    # Header items a card may carry ('cost 3', 'house logos'): name -> what reads it. Any
    # other is error E208 with a did-you-mean (header_flags are the value-less ones).
    header_fields: dict[str, str] = field(default_factory=dict)
    # Other spellings of a header item's name, as players write it: spelling -> the name in
    # `header_fields` it stands for. The card reads as if the item had that name.
    header_spellings: dict[str, str] = field(default_factory=dict)
    # Words of places: a noun naming a location -> whether a card must stand there
    # ('square': False, 'site': True); the card kinds that stand for their location ('that
    # site' names where a site card is); traits a place may have ('a water site').
    place_nouns: dict[str, bool] = field(default_factory=dict)
    place_kinds: frozenset = frozenset()
    place_traits: set[str] = field(default_factory=set)
    header_flags: set[str] = field(default_factory=set)        # 'water', 'token', 'fast'
    zones: dict[str, str] = field(default_factory=dict)        # 'spellbook' -> zone name
    draw_zones: dict[str, str] = field(default_factory=dict)   # 'spell' -> 'spellbook'
    # Words that, after 'the', make a named referent of the noun after them ('the hit unit':
    # the unit a verb named 'hit'); a verb fills the referent (`ev.named`).
    referent_words: set[str] = field(default_factory=set)
    # Labels the game prints before an em dash, naming who an ability is for ('Bearer —'):
    # word -> who that is, in words. One that is also a holder word gives its holder what
    # follows (compiler/holder_lines.py `_holder_abilities`); what none of it reads is error
    # E212 (an unknown label E207), never an ability silently given to nobody.
    dash_labels: dict[str, str] = field(default_factory=dict)
    # Threshold icons of the game, letter -> element ('W' -> 'water'); the slot type
    # `element` reads the elements. A threshold cost before a colon ('(W)(W): ...') is read
    # into the syntax tree; without `threshold_ability` it is error E212.
    threshold_icons: dict[str, str] = field(default_factory=dict)
    # The test of the icons before a triggered or activated ability ('(W)(W): Genesis → ...'):
    # the ability works only while it holds (its args: `icons`, the elements, one an icon).
    threshold_ability: ConditionSpec | None = None
    # Words naming an area of the board measured from a card, beyond near and far ('in this
    # body of water'): the words -> the reach the geometry answers for (`near_on`).
    area_words: dict[tuple, str] = field(default_factory=dict)
    # Words naming the region a card stands in ('underground', 'in the void'), after a noun
    # or before it: the words -> the region, which the geometry tests (`in_region`).
    region_words: dict[tuple, str] = field(default_factory=dict)
    # Happenings the engine asks replacements for (`game.would`: dying, being dealt damage). A
    # replacement of any other happening would never apply: it is error E212.
    replaceable: set[str] = field(default_factory=set)
    # The subtypes of the game's cards ('beast', 'river'): a selector reads them ('each Beast
    # you control', 'a Mortal minion'). When the set is not empty, a header naming another
    # subtype is error E208 (a subtype nothing would read).
    subtypes: set[str] = field(default_factory=set)
    # Subtypes a card also has by its name: subtype -> words, one of which the card's name
    # holds as a whole word (language/selectors.py `name_holds`). A game whose term is a test
    # of names declares it here; a header may still declare the subtype.
    name_subtypes: dict[str, frozenset] = field(default_factory=dict)
    # Adjectives that stand for a region and keywords a card must lack ('ground': on the
    # surface, without Airborne): word -> (region or None, keywords it must not have).
    adjective_words: dict[str, tuple] = field(default_factory=dict)
    # Adjectives that qualify one card kind only, read just before that kind's noun ('an
    # empty site'): adjective -> the kind. The adjective is kept as a trait of the selector
    # (the game's `card_trait` tests it); in a list of kinds ('a relic, aura or empty site')
    # it qualifies its own noun, so a card of another kind is not held to it.
    kind_traits: dict[str, str] = field(default_factory=dict)
    # Superlatives after 'the' ('the strongest enemy minion', 'the closest ally'): word ->
    # (stat, 'most' | 'least', who chooses among the tied: 'active' or 'controller'). Of the
    # cards the rest of the selector names, only those with the most or least of the stat are
    # kept (interpreter/select.py `candidates`); 'steps' is the board's count of steps from
    # the card whose text it is (the geometry's `steps_between`).
    superlatives: dict[str, tuple] = field(default_factory=dict)
    # The stats card text may read as a number ('equal to its power'): the words -> the stat
    # name the rules read (`stat_of`). A counted amount of any other stat is error E213.
    stats: dict[str, str] = field(default_factory=dict)
    # Stats a selector may ask a card to print or to lack ('a permanent with HP', 'without
    # HP'): the word -> (the stat's header field, the word as canonical text writes it).
    printed_stats: dict[str, tuple] = field(default_factory=dict)
    # Words naming the card that holds the source ('its bearer': the unit carrying it).
    holder_words: set[str] = field(default_factory=set)
    # Cost labels the holder pays for an ability of the card it holds ('Bearer — Tap → ...':
    # the bearer taps): label word -> its LabelSpec, whose `pay` finds the holder.
    holder_costs: dict[str, LabelSpec] = field(default_factory=dict)
    # Costs written as an amount of a resource before an arrow ('1 mana → ...'): the
    # resource word -> its LabelSpec, whose `pay` takes the amount from the ability's label.
    amount_costs: dict[str, LabelSpec] = field(default_factory=dict)
    # Named referents a card kind's effect may use from its first step ('the caster' of a
    # magic spell): kind -> the referent names, which the ruleset fills on its events.
    kind_referents: dict[str, frozenset] = field(default_factory=dict)
    # Openings of a sentence that adds to the cost of casting the card ('as an additional
    # cost to cast this'), lowercase: the steps after its comma are that cost, which the
    # ruleset's `cast_costs` checks and pays as the card is cast (compiler/cast_costs.py).
    # Empty: the game has no such sentence, and the words are read as any other.
    cast_cost_leads: tuple = ()
    # Words the game never prints (no kind, stat or rule of it is behind them): word -> what
    # to write instead. Card text using one is refused with that hint (a header kind or
    # item, a word of a phrase), rather than with a guess at a word of the vocabulary.
    unprinted: dict[str, str] = field(default_factory=dict)
    # Phrasings the game reads but its cards never print, each beside the one they print
    # for the same thing: the text of a shape the language accepts -> the text of another
    # shape of the same entry, the printed one (a bare 'heal|heals {what:cards}' ->
    # 'fully heal|heals {what:cards}'). Both read alike; lint L014 rewrites the first into
    # the second, and canonical text writes the second (fmt/printed_shapes.py).
    printed_shapes: dict[str, str] = field(default_factory=dict)
    # Wordings the game gives no meaning, each with the rule that gives it none and what to
    # write instead (language/refused_wordings.py): a line that fails to read and fits one
    # is error E217 with that reason.
    refused_wordings: list = field(default_factory=list)
    verbs: list[VerbSpec] = field(default_factory=list)
    patterns: list[PatternSpec] = field(default_factory=list)
    conditions: list[ConditionSpec] = field(default_factory=list)
    statics: list[StaticSpec] = field(default_factory=list)
    labels: dict[str, LabelSpec] = field(default_factory=dict)
    # Labels the game prints whose happening the engine does not make (a trigger on combat
    # damage where combat is not modelled): the label, lowercase -> why, in words. Card text
    # using one is error E212 with that reason, never an ability that would never trigger.
    unmodelled_labels: dict[str, str] = field(default_factory=dict)
    # Conditions printed as a label before a colon ('Bonus: ...', 'Rank 2+: ...'): the label,
    # lowercase, each run of digits written N ('rank n+') -> the ConditionSpec testing it,
    # which is given the label's numbers in order as `n`, `n2`, ... What follows is read as if
    # the label were not there, then holds only while the condition does
    # (compiler/condition_labels.py).
    condition_labels: dict[str, ConditionSpec] = field(default_factory=dict)
    permanent_kinds: set[str] = field(default_factory=set)     # kinds that stay in play
    # Ongoing lines that are a keyword's body: the static's name -> the keyword. A card whose
    # own line is one (with no condition) has the keyword too, as if printed
    # (compiler/body_keywords.py); canonical text writes the line, not the keyword.
    body_keywords: dict[str, str] = field(default_factory=dict)
    # Ongoing lines that hold always: the static's name -> why, in words. One given a
    # condition is error E219 (compiler/unconditional.py).
    unconditional_statics: dict[str, str] = field(default_factory=dict)
    # Checks of a compiled card, (template) -> None, each raising a SemanticError at the
    # card for what the game needs of a card beyond its text (a header item, say).
    card_checks: list = field(default_factory=list)
    # Checks of one header item by its name ('threshold'): fn(item, source line) raising a
    # SemanticError at the word that is wrong (compile time, like `card_checks`).
    header_checks: dict = field(default_factory=dict)
    _memo: dict = field(default_factory=dict, repr=False)

    # --- registration --------------------------------------------------------
    def verb(self, name: str, *shapes: str, splits=(), check=None, binds=(), search=False,
             able=None, cost=False, ends_search=False, gives=False):
        """Decorator: register a verb implementation under its phrase shapes (`gives`: see
        `VerbSpec`)."""
        def deco(fn):
            self.verbs.append(VerbSpec(name, tuple(compile_shape(s) for s in shapes), fn,
                                       frozenset(splits), check, tuple(binds), search,
                                       inspect.isgeneratorfunction(fn), able=able, cost=cost,
                                       ends_search=ends_search, gives=gives))
            return fn
        return deco

    def pattern(self, name: str, happening: str, *shapes: str):
        """Decorator: register a trigger pattern; the function maps slot args to a filter."""
        def deco(fn):
            self.patterns.append(PatternSpec(name, tuple(compile_shape(s) for s in shapes),
                                             happening, fn))
            return fn
        return deco

    def trigger(self, name: str, happening: str, *shapes: str):
        """Register a trigger pattern whose slots are its filter as they are (most patterns)."""
        self.pattern(name, happening, *shapes)(_slots_as_filter)

    def condition(self, name: str, *shapes: str, reads_answer: str | None = None,
                  general: bool = False):
        """Decorator: register a condition test (`reads_answer`, `general`: see
        `ConditionSpec`; a condition that is not general goes before the general ones)."""
        def deco(fn):
            spec = ConditionSpec(name, tuple(compile_shape(s) for s in shapes), fn,
                                 reads_answer, general)
            self.conditions = _general_last(self.conditions + [spec])
            return fn
        return deco

    def static(self, name: str, kind: str, *shapes: str):
        """Register an ongoing-effect phrase."""
        self.statics.append(StaticSpec(name, tuple(compile_shape(s) for s in shapes), kind))

    def label(self, spec: LabelSpec):
        """Register a label (keyword trigger or cost)."""
        self.labels[spec.name.lower()] = spec

    def extend(self, other: "Language") -> "Language":
        """Add another language's entries (the common library under a ruleset's own)."""
        self.card_kinds = {**other.card_kinds, **self.card_kinds}
        self.nouns = {**other.nouns, **self.nouns}
        self.side_nouns = {**other.side_nouns, **self.side_nouns}
        self.subtypes = self.subtypes | other.subtypes
        self.class_words = self.class_words | other.class_words
        self.in_play_words = self.in_play_words or other.in_play_words
        self.keywords = {**other.keywords, **self.keywords}
        self.keyword_rules = {**other.keyword_rules, **self.keyword_rules}
        self.valued_keywords = self.valued_keywords | other.valued_keywords
        self.keyword_kinds = {**other.keyword_kinds, **self.keyword_kinds}
        self.unmodelled_keywords = {**other.unmodelled_keywords, **self.unmodelled_keywords}
        self.capitalised_keywords = self.capitalised_keywords or other.capitalised_keywords
        self.signed_keywords = self.signed_keywords | other.signed_keywords
        self.controller_words = {**other.controller_words, **self.controller_words}
        self.header_fields = {**other.header_fields, **self.header_fields}
        self.header_spellings = {**other.header_spellings, **self.header_spellings}
        self.header_flags |= other.header_flags
        self.zones = {**other.zones, **self.zones}
        self.draw_zones = {**other.draw_zones, **self.draw_zones}
        self.verbs = self.verbs + other.verbs
        self.patterns = self.patterns + other.patterns
        self.conditions = _general_last(self.conditions + other.conditions)
        self.statics = self.statics + other.statics
        self.labels = {**other.labels, **self.labels}
        self.unmodelled_labels = {**other.unmodelled_labels, **self.unmodelled_labels}
        self.condition_labels = {**other.condition_labels, **self.condition_labels}
        self.permanent_kinds |= other.permanent_kinds
        self.body_keywords = {**other.body_keywords, **self.body_keywords}
        self.unconditional_statics = {**other.unconditional_statics,
                                      **self.unconditional_statics}
        self.card_checks = self.card_checks + other.card_checks
        self.header_checks = {**other.header_checks, **self.header_checks}
        self.place_nouns = {**other.place_nouns, **self.place_nouns}
        self.place_kinds = self.place_kinds | other.place_kinds
        self.place_traits = self.place_traits | other.place_traits
        self.referent_words = self.referent_words | other.referent_words
        self.dash_labels = {**other.dash_labels, **self.dash_labels}
        self.threshold_icons = {**other.threshold_icons, **self.threshold_icons}
        self.threshold_ability = self.threshold_ability or other.threshold_ability
        self.area_words = {**other.area_words, **self.area_words}
        self.region_words = {**other.region_words, **self.region_words}
        self.replaceable = self.replaceable | other.replaceable
        self.subtypes = self.subtypes | other.subtypes
        self.name_subtypes = {**other.name_subtypes, **self.name_subtypes}
        self.holder_words = self.holder_words | other.holder_words
        self.holder_costs = {**other.holder_costs, **self.holder_costs}
        self.amount_costs = {**other.amount_costs, **self.amount_costs}
        self.kind_referents = {**other.kind_referents, **self.kind_referents}
        self.cast_cost_leads = self.cast_cost_leads or other.cast_cost_leads
        self.adjective_words = {**other.adjective_words, **self.adjective_words}
        self.kind_traits = {**other.kind_traits, **self.kind_traits}
        self.superlatives = {**other.superlatives, **self.superlatives}
        self.stats = {**other.stats, **self.stats}
        self.printed_stats = {**other.printed_stats, **self.printed_stats}
        self.unprinted = {**other.unprinted, **self.unprinted}
        self.printed_shapes = {**other.printed_shapes, **self.printed_shapes}
        self.refused_wordings = self.refused_wordings + other.refused_wordings
        return self

    def verb_words(self) -> list[str]:
        """Every literal word that can start a verb phrase (for 'did you mean')."""
        out = []
        for v in self.verbs:
            for s in v.shapes:
                out.extend(s.literals())
        return out


def _general_last(conditions: list) -> list:
    """The conditions in their order, the general ones moved after all the others."""
    return [c for c in conditions if not c.general] + [c for c in conditions if c.general]


def _slots_as_filter(slots: dict) -> dict:
    """A pattern's filter when it is just what its slots read (see Language.trigger)."""
    return slots
