"""Hypothesis strategies for card files: Sorcery cards with their wording and their layout
drawn at random (test_fmt.py, test_canonical.py).

A card is drawn as a plan (kind, stats, abilities, each a choice of effect and amount) and
written out in one of several wordings the language treats alike (digits or words, a plain
trigger word, the label's separator and case, a keyword's case), then laid out untidily
(spaces, tabs, indentation, blank lines, comments, CRLF). Two texts of one plan compile to
the same templates. (Wordings also differ in how two steps are joined: ', then', 'then',
'and then'.)
"""

from __future__ import annotations

from hypothesis import strategies as st

WORDS = {1: "one", 2: "two", 3: "three"}
PATTERNS = ["you cast a spell", "an opponent casts a spell", "you cast an aura"]
TRIGGER_WORDS = ["Whenever", "When", "Each time", "After", "whenever"]
KEYWORDS = ["Airborne", "Lethal", "Submerge"]
NAMES = ["Ember Imp", "Reed Sprite", "Moss Golem", "Tide Caller", "Lamp Keeper", "Ash Field",
         "Stone Warden", "Gull Rider"]


def _number(n: int, as_word: bool) -> str:
    return WORDS[n] if as_word else str(n)


def effect(plan: tuple, wording) -> str:
    """The words of one effect plan under one wording (a function of a choice name)."""
    kind, n = plan
    if kind == "damage":
        return f"deal {_number(n, wording('amount'))} damage to each unit here"
    if kind == "life":
        return f"you gain {_number(n, wording('amount'))} life"
    if kind == "draw":
        return f"draw {_number(n, wording('count'))} spells" if n > 1 else "draw a spell"
    if kind == "summon":
        return f'summon {_number(n, wording("count"))} "Skeleton" tokens here'
    return "draw a spell" + wording("then") + "draw a site"


plans = st.tuples(st.sampled_from(["damage", "life", "draw", "summon", "two steps"]), st.integers(1, 3))
THEN_FORMS = [", then ", " then ", " and then ", ", and then "]


@st.composite
def card_plans(draw):
    """(name, cost, power, keyword or None, [ability plans]) of one minion."""
    abilities = draw(st.lists(st.one_of(
        st.tuples(st.just("trigger"), st.integers(0, len(PATTERNS) - 1), plans),
        st.tuples(st.just("label"), st.sampled_from(["Genesis", "Tap"]), plans)),
        min_size=0, max_size=3, unique_by=lambda a: a[:2]))
    return (draw(st.sampled_from(NAMES)), draw(st.integers(1, 7)), draw(st.integers(0, 6)),
            draw(st.sampled_from([None, *KEYWORDS])), abilities)


@st.composite
def wordings(draw):
    """A wording: for each choice the language treats alike, one way of saying it."""
    picks = {"amount": draw(st.booleans()), "count": draw(st.booleans()),
             "trigger": draw(st.sampled_from(TRIGGER_WORDS)),
             "sep": draw(st.sampled_from(["→", "->", ":"])),
             "label_case": draw(st.booleans()), "keyword_case": draw(st.booleans()),
             "cap": draw(st.booleans()), "then": draw(st.sampled_from(THEN_FORMS))}
    return picks.__getitem__


def write_card(plan, wording) -> str:
    """The text of a planned card under a wording, in the canonical layout."""
    name, cost, power, keyword, abilities = plan
    lines = [f'card "{name}": minion, cost {cost}, power {power}']
    if keyword:
        lines.append("  " + (keyword if wording("keyword_case") else keyword.lower()))
    for ab in abilities:
        words = effect(ab[2], wording)
        if ab[0] == "trigger":
            lines.append(f"  {wording('trigger')} {PATTERNS[ab[1]]}, {words}.")
        else:
            label = ab[1] if wording("label_case") else ab[1].lower()
            sep = " → " if wording("sep") != ":" else ": "
            if wording("sep") == "->":
                sep = " -> "
            first = words[0].upper() if wording("cap") else words[0]
            lines.append(f"  {label}{sep}{first}{words[1:]}.")
    return "\n".join(lines) + "\n"


@st.composite
def untidy(draw, text: str) -> str:
    """The same card text laid out untidily: what `fmt` must put right."""
    out = []
    for line in text.split("\n"):
        if not line:
            out.append(line)
            continue
        if draw(st.booleans()):
            line = draw(st.sampled_from(["", " ", "\t", "      "])) + line.strip()
        if draw(st.booleans()):
            line = line.replace(", ", draw(st.sampled_from([",", " , ", ",   "])), 1)
        if draw(st.booleans()):
            line = line.replace(" ", draw(st.sampled_from(["  ", "\t", " "])), 1)
        if draw(st.booleans()):
            line += draw(st.sampled_from(["  # a note", "# note", "   "]))
        out.append(line)
        if draw(st.integers(0, 4)) == 0:
            out.append(draw(st.sampled_from(["", "  # between", "   "])))
    sep = draw(st.sampled_from(["\n", "\r\n"]))
    return sep.join(out)


@st.composite
def card_files(draw, tidy: bool = False):
    """A file of one to three distinct cards, wording and layout drawn."""
    cards = draw(st.lists(card_plans(), min_size=1, max_size=3, unique_by=lambda c: c[0]))
    wording = draw(wordings())
    text = "\n".join(write_card(c, wording) for c in cards)
    return text if tidy else draw(untidy(text))
