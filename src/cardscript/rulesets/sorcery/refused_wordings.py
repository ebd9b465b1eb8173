"""Wordings Sorcery gives no meaning, and why (language/refused_wordings.py; error E217).

Each is near a form the language reads (one word of a printed line changed: a side, a pile,
an element, a keyword, a place), but no rule of the game stands behind it. A line that fails
to read and fits one is told the rule that refuses it and what to write instead, rather than
the shapes that come nearest (docs/rulesets/sorcery.md, "Wordings the game gives no
meaning"). A line that reads is never looked at.
"""

from __future__ import annotations

from ...language.refused_wordings import refused

PILES = r"(?:hand|cemetery|spellbook|atlas|deck)"
OPPONENTS = r"(?:an|your|each)\s+opponent's"
# What stands after a verb's object begins: an article, a count, a selector word.
OBJECT = r"(?:a|an|all|each|every|target|the|that|this|these|those|it|them|another|any)\b"

WORDINGS = [
    refused(r"\b(?P<at>(?:an?|the)\s+(?:(?:nearby|adjacent|other)\s+)?allied)"
            r"(?=\s*(?:[.,;:)]|$)|\s+(?:enters?|dies|die|is|are|gains?|takes?)\b)",
            "'allied' says which side cards are on, and needs the cards after it",
            "write 'an ally', or name them: 'an allied minion', 'a nearby allied unit'"),
    refused(r"\b(?P<at>non-(?!lethal\b)(?:airborne|ranged|stealth|burrowing|submerge|"
            r"voidwalk|charge|spellcaster|waterbound|landbound|immobile|ward))\s+damage\b|"
            r"\bdamage\s+is\s+(?P<kind>(?!lethal\b)(?:airborne|ranged|stealth|burrowing|"
            r"submerge|voidwalk|charge|spellcaster|waterbound|landbound|immobile|ward))\b",
            "Lethal is the one kind of damage: the other keywords are what a unit is or how "
            "it moves and attacks, not kinds of damage",
            "only Lethal goes there: 'nearby damage is Lethal', 'non-Lethal damage'"),
    refused(r"\bexits?\s+(?P<at>(?!stealth\b)(?:airborne|burrowing|submerge|voidwalk|"
            r"ranged|charge|lethal|spellcaster|waterbound|landbound|immobile|ward))\b",
            "only Stealth is exited (a unit leaves it when it strikes or is struck); the other "
            "keywords are kept or lost",
            "'exit Stealth', or 'loses KEYWORD'"),
    refused(r"\bbody\s+of\s+(?P<at>(?!water\b)\w+)",
            "a body of water is the water sites joined by their edges; no other element makes "
            "a body", "'body of water'"),
    refused(r"\bbecomes?\s+(?P<at>(?:an?\s+)?units?)\b(?!\s+of\b)",
            "a card becomes a minion: 'unit' names minions and avatars together, and nothing "
            "becomes an avatar", "'become a minion with power equal to ...'"),
    refused(r"\b(?P<at>lose|loses)\s+\+\d+",
            "a sign says which way a stat changes, and 'loses' says it already: 'loses +3' "
            "reads two ways", "'loses 3 power this turn', or 'gets -3 power this turn'"),
    refused(r"\boccup(?:y|ies)\s+(?P<at>(?:three|five|six|seven|eight|nine|[35-9])\s+sites)\b",
            "a unit occupies one site, two (side by side) or four (a square of two by two): "
            "no unit's size is another number of sites", "'two sites'"),
    refused(r"\b(?:these|this|they|it)\s+(?:\w+\s+)?(?P<at>air|earth|water)s?\s+(?:\d+|one|two|"
            r"three|four|five|a|an)\s+(?:separate\s+)?\w+",
            "an element is no act: a unit shoots or fires projectiles",
            "'fire N separate projectiles', 'shoot N separate projectiles'"),
    refused(r"\b(?P<at>(?P<pile>" + PILES + r")\b,?\s+(?:" + PILES + r",?\s+)*(?:or\s+|and\s+)?"
            r"(?P=pile))\b",
            "a list of piles names the same pile twice", "name each pile once: 'from your "
            "spellbook, hand, or cemetery'"),
    refused(r"\btop\s+site\s+(?:of|from)\s+(?:your|their|its\s+owner's|" + OPPONENTS +
            r")\s+(?P<at>(?!atlas\b)" + PILES + r")\b",
            "sites are drawn and placed from the atlas: a spellbook, a hand or a cemetery has "
            "no top site to place", "'the top site of your atlas'"),
    refused(r"\btop\s+site\s+(?:of|from)\s+(?P<at>" + OPPONENTS + r"\s+atlas)",
            "a card places sites from its controller's own atlas: an opponent's atlas is "
            "hidden, ordered and theirs to play", "'the top site of your atlas'"),
    refused(r"\bcan\s+have\s+in\s+(?P<at>" + OPPONENTS + r"\s+deck)",
            "a deck-building rule is about the deck you build: an opponent builds their own",
            "'... you can have in your deck'"),
    refused(r"\bswap\b.*\bfrom\s+(?P<at>" + OPPONENTS + r"\s+" + PILES + r")",
            "a site is swapped in from your own hand or cemetery: an opponent's cards are not "
            "yours to play", "'from your hand', 'from your cemetery'"),
    refused(r"\bstart\s+the\s+game\s+with\b.*?\bin\s+(?P<at>" + OPPONENTS + r"\s+\w+|"
            r"your\s+cemetery)",
            "the opening rule is about the hand you draw at the start of the game: nothing is "
            "in a cemetery then, and an opponent draws their own hand",
            "'... in your hand'"),
    refused(r"\blose\s+half\s+(?P<at>" + OPPONENTS + r"\s+life)",
            "a player loses half of their own life: losing half of another's is no amount the "
            "rules give", "'you lose half your life', 'an opponent loses half their life'"),
    refused(r"\bintersection\s+of\s+(?P<at>(?:one|five|six|seven|eight|nine|[015-9]|\d\d+)"
            r"\s+sites?)\b",
            "four squares meet at an intersection: two, three or four of them may hold a site",
            "'at the intersection of two sites' (or three, or four)"),
    refused(r"\binto\s+(?P<at>an?\s+nearby\s+void)",
            "a unit moves one step at a time, through an edge: a diagonal step is no move",
            "'into an adjacent void'"),
    refused(r"\b(?P<at>an?\s+opponent\s+controls\s+(?:fewer|more)\b.*?\bthan\s+(?:each|an|"
            r"your)\s+opponent)\b",
            "the comparison is between you and your opponents: 'each opponent' takes in that "
            "opponent too, who never controls fewer or more than themself",
            "'If an opponent controls more sites than you', 'If you control fewer sites than "
            "each opponent'"),
    refused(r"(?:^|\s)(?P<at>a\s+(?:adjacent|other|enemy|allied|untapped|opponent)|"
            r"an\s+(?:nearby|minion|site|spell|relic|unit|magic|token))\b",
            "the article does not agree with the word after it",
            "'an adjacent', 'a nearby', 'an enemy', 'a minion'"),
]


def register(lang) -> None:
    """The refused wordings, and a keyword used as a verb (after every verb is registered:
    a keyword that also starts an act, like Submerge, is no refusal)."""
    acts = set(lang.verb_words())
    nouns = sorted(k for k in set(lang.keywords.values()) if " " not in k and k not in acts)
    lang.refused_wordings = lang.refused_wordings + WORDINGS + [refused(
        r"(?:^\s*|[.→:]\s+|,\s+(?:then\s+)?)(?P<at>" + "|".join(nouns) + r")\s+" + OBJECT,
        "a keyword is something a unit has, not an act: it is given, gained or lost",
        "'Give a minion Voidwalk this turn', 'that minion gains Airborne'")]
