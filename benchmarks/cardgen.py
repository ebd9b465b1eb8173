"""Generate a large pool of distinct Sorcery cards from templates (the benchmark's input).

Every card mixes the constructs the language has: headers with stats and subtypes,
keyword lines, `Genesis →` labels, `Tap →` activated abilities, `whenever ...,` triggers
(some with `while`), `if ..., ...` conditions, `then`, `one at a time`, `three times`,
`choose one: ...; or ...`, replacements, statics and quoted references to other
generated cards. Several cards go in each file. The output is deterministic for a seed.

The pool is shaped by figures (poolstats.py): how many abilities a card has and how long
each is are drawn from those of the bundled pools, or of a corpus whose figures are given.

    from cardgen import generate_files
    files = generate_files(10_000)          # [(path, text), ...]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

ADJ = ["Ashen", "Briny", "Coral", "Dusk", "Ember", "Frost", "Gilded", "Hollow", "Iron", "Jade",
       "Keen", "Lunar", "Mossy", "Night", "Onyx", "Pale", "Quiet", "Rusted", "Salt", "Thorn",
       "Umber", "Vale", "Wild", "Young", "Zephyr", "Amber", "Bleak", "Cinder", "Drowned",
       "Elder", "Fallow", "Grim", "Hallowed", "Ivory", "Jagged", "Kindled", "Lost", "Murky",
       "Noble", "Old"]
NOUN = ["Drake", "Warden", "Harrier", "Sentinel", "Oracle", "Mariner", "Squire", "Hound",
        "Shaman", "Golem", "Wisp", "Raider", "Scout", "Knight", "Seer", "Wyrm", "Druid",
        "Herald", "Marauder", "Pilgrim", "Reaver", "Siren", "Tinker", "Vandal", "Whelp",
        "Abbot", "Brute", "Corsair", "Duelist", "Envoy"]
PLACE = ["of Vel", "of the Fen", "of Karth", "of Ys", "of the Marsh", "of Dorn", "of Ashfall",
         "of the Deep", "of Lyr", "of Tarn", "the Elder", "the Younger"]
# The Sorcery keywords with rules behind them (the others are error E212).
KEYWORDS = ["Airborne", "Submerge", "Lethal", "Immobile"]
KEYWORD_ADJ = [k.lower() for k in KEYWORDS]
SUBTYPES = ["beast", "spirit", "knight", "undead", "dragon", "mortal", "", "", ""]
COUNT = ["two", "three", "four"]
TIMES = ["twice", "three times", "2 times", "four times"]

# Kinds in a fixed rotation, so a card's kind is known from its index (references need it).
KINDS = ["minion", "minion", "minion", "magic", "site", "aura", "minion", "artifact", "magic",
         "minion"]


def card_names(n: int, seed: int = 7) -> list[str]:
    """`n` distinct card names."""
    combos = [f"{a} {b} {c}" for a in ADJ for b in NOUN for c in PLACE]
    rng = random.Random(seed)
    rng.shuffle(combos)
    if n > len(combos):
        combos += [f"{c} {i // len(combos) + 1}" for i, c in
                   enumerate(combos * (n // len(combos)))]
    return combos[:n]


def kind_of(i: int) -> str:
    return KINDS[i % len(KINDS)]


class _Gen:
    def __init__(self, names, rng, shape):
        self.names = names
        self.rng = rng
        self.shape = shape
        self.minions = [i for i in range(len(names)) if kind_of(i) == "minion"]
        self.sites = [i for i in range(len(names)) if kind_of(i) == "site"]

    def minion_ref(self, i):
        j = self.rng.choice(self.minions)
        return f'"{self.names[j]}"'

    def any_ref(self, i):
        return f'"{self.names[self.rng.randrange(len(self.names))]}"'

    def n(self, lo=1, hi=4):
        return self.rng.randint(lo, hi)

    # --- noun phrases ---------------------------------------------------------------
    def units(self, each_ok=True):
        """A phrase naming units (what damage, kill, tap and move accept)."""
        r = self.rng
        det = r.choice((["each", "each", "all"] if each_ok else []) +
                       ["a", "target", "up to two target", "another", "two target"])
        adj = r.choice(["", "", "allied", "enemy", "friendly", "opposing", "other",
                        r.choice(KEYWORD_ADJ)])
        noun = r.choice(["minion", "unit", "minion", "unit", "avatar"])
        plural = det in ("all", "up to two target", "two target")
        noun = noun + "s" if plural else noun
        post = r.choice(["", "", "", "here", "nearby", "you control", "an opponent controls",
                         f"with {r.choice(KEYWORD_ADJ)}", f"without {r.choice(KEYWORD_ADJ)}",
                         "at target square", "adjacent to target square"])
        if det in ("a", "another") and r.random() < 0.3:
            post = "you choose"
        return " ".join(x for x in (det, adj, noun, post) if x)

    def itself(self, i, options) -> str:
        """One of `options`; 'this' only on a minion (a verb done to the card itself must fit
        its kind: check refuses 'submerge this' on an artifact), else a target minion. The
        same draws either way, so a seed's pool differs only in those words."""
        said = self.rng.choice(options)
        return said if said != "this" or kind_of(i) == "minion" else "target minion"

    # --- effects (sentences without the final period) -------------------------------
    def effect(self, i, depth=0):
        r = self.rng
        pick = r.randrange(24 if depth == 0 else 18)
        if pick == 0:
            return f"deal {self.n(1, 9)} damage to {self.units()}"
        if pick == 1:
            return f"draw {r.choice(['a spell', 'a site', 'two spells', 'three sites', 'a card'])}"
        if pick == 2:
            return f"{r.choice(['you', 'your opponent', 'each player'])} " \
                   f"{r.choice(['gain', 'lose'])} {self.n(1, 9)} life".replace(
                       "opponent gain ", "opponent gains ").replace(
                       "opponent lose ", "opponent loses ").replace(
                       "player gain ", "player gains ").replace("player lose ", "player loses ")
        if pick == 3:
            return f"deal {self.n()} damage to {self.minion_ref(i)}"
        if pick == 4:
            return f"summon {r.choice(COUNT)} {self.minion_ref(i)} tokens here"
        if pick == 5:
            return f"deal {self.n(1, 2)} damage to a unit you choose, {r.choice(TIMES)}, " \
                   "one at a time"
        if pick == 6:
            return f"deal {self.n()} damage to each minion at target square, {r.choice(TIMES)}"
        if pick == 7:
            return f"{r.choice(['kill', 'destroy'])} {self.units()}"
        if pick == 8:
            return f"tap {self.units()}"
        if pick == 9:
            return f"return {self.units(each_ok=False)} to its owner's hand"
        if pick == 10:
            return f"move {self.units(each_ok=False)} to target adjacent square"
        if pick == 11:
            return f"submerge {self.itself(i, ['target minion', 'this', 'target allied minion'])}"
        if pick == 12:
            return f"{r.choice(['your opponent draws', 'each player draws'])} " \
                   f"{r.choice(['a spell', 'a site', 'two spells'])}"
        if pick == 13:
            return "shuffle your " + r.choice(["spellbook", "atlas"]) if r.random() < 0.5 else \
                "play a site from your hand to a square you choose"
        if pick == 14:
            return f"move {r.choice(['this', 'target minion'])} underwater to " \
                   f"{r.choice(['target site', 'target adjacent site'])}"
        if pick == 15:
            who = self.minion_ref(i)
            where = r.choice(["target square", "a site you choose", "target adjacent site"])
            return f"summon {who} to {where}"
        if pick == 16:
            return f"deal {self.n(1, 9)} damage to {self.itself(i, ['this', 'each other minion'])}"
        if pick == 17:
            return f"kill {self.minion_ref(i)}"
        if pick == 18:
            return f"{self.effect(i, 1)}, then {self.effect(i, 1)}"
        if pick == 19:
            return f"choose one: {self.effect(i, 1)}; or {self.effect(i, 1)}"
        if pick == 20:
            cond = r.choice([f"you control {self.minion_ref(i)}",
                             f"you don't control {self.minion_ref(i)}",
                             f"you do not control {self.units(each_ok=False)}",
                             f"you control {self.units(each_ok=False)}",
                             "this site is a water site", "target site is a water site"])
            return f"if {cond}, {self.effect(i, 1)}"
        if pick == 21:
            return f"search your spellbook for {self.any_ref(i)} and summon it here, " \
                   "then shuffle your spellbook"
        if pick == 22:
            return f"you may {self.effect(i, 1)}. If you do, you lose {self.n(1, 3)} life"
        return f"you may {self.effect(i, 1)}. If you don't, {self.effect(i, 1)}"

    def sentence(self, i):
        text = self.effect(i)
        return text[0].upper() + text[1:] + "."

    def trigger(self, i, kind):
        r = self.rng
        pats = ["you cast a spell", "an opponent casts a spell", f"{self.minion_ref(i)} dies",
                "an allied minion is dealt damage", "you draw a card",
                "a unit you control takes damage", "an enemy minion enters play",
                "a minion dies", "a minion you control is killed", "an enemy unit is destroyed",
                "an opponent gains life", "a minion enters the realm", "your opponent draws a card",
                f"an {r.choice(KEYWORD_ADJ[:1] + ['enemy', 'allied'])} minion takes damage",
                "another allied unit dies"]
        if kind in ("site", "aura") and r.random() < 0.5:      # a site's own triggers
            pats = ["a minion without airborne enters this site",
                    "an enemy minion enters this site while this site is a water site"]
        word = r.choice(["Whenever", "When", "After"])
        return f"{word} {r.choice(pats)}, {self.effect(i)}."

    def ability(self, i, kind):
        """One ability line of a card of this kind (any of the forms the kind can have)."""
        r = self.rng
        if kind == "minion":
            c = r.randrange(6)
            if c == 0:
                return r.choice(KEYWORDS)
            if c == 1:
                return f"Genesis → {self.sentence(i)}"
            if c == 2:
                return f"Tap → {self.sentence(i)}"
            if c == 3:
                return "If an allied minion would die, instead return it to its owner's hand."
            return self.trigger(i, kind)
        if kind == "magic":
            if r.random() < 0.1:
                return "Move each allied minion at target square to target adjacent square, " \
                       "one at a time."
            return self.sentence(i) + ("" if r.random() < 0.6 else " " + self.sentence(i))
        if kind == "site":
            c = r.randrange(3)
            if c == 0:
                return f"Genesis → {self.sentence(i)}"
            if c == 1:
                return self.trigger(i, kind)
            return r.choice([f"{r.choice(['Units', 'Minions', 'Allied minions', 'Enemy units'])}"
                             f" here have {r.choice(KEYWORD_ADJ)}.",
                             "Units can't move underwater into this site.",
                             f"Prevent all damage to {r.choice(['allied', 'enemy'])} minions "
                             "here."])
        if r.random() < 0.6:                       # aura, artifact
            return self.trigger(i, kind)
        return f"Tap → {self.sentence(i)}"

    def abilities(self, i, kind):
        """A card's ability lines: how many, and how long each, drawn from the shape's figures
        (each line the closest in length of a few candidates to a length drawn from them)."""
        r = self.rng
        lines = []
        for _ in range(r.choice(self.shape.abilities_per_card)):
            want = r.choice(self.shape.ability_lengths)
            lines.append(min((self.ability(i, kind) for _ in range(CANDIDATES)),
                             key=lambda line: abs(len(line) - want)))
        return lines

    def card(self, i):
        r = self.rng
        kind = kind_of(i)
        name = self.names[i]
        head = [f"{r.choice(SUBTYPES)} {kind}".strip(), f"cost {self.n(0, 7)}"]
        if kind == "minion":
            head.append(f"power {self.n(1, 8)}")
        if kind == "site":
            head = ["site"] + (["water"] if r.random() < 0.3 else [])
        out = [f'card "{name}": {", ".join(head)}']
        out += ["  " + line for line in self.abilities(i, kind)]
        if r.random() < 0.15:
            out.insert(1, "  # generated")
        return "\n".join(out) + "\n"


CANDIDATES = 6          # ability lines drawn to pick the one closest to a wanted length


def bundled_shape():
    """The figures of the bundled pools (cards/*/pool.cards): the default shape."""
    import poolstats
    return poolstats.pool_stats(sorted((ROOT / "cards").glob("*/pool.cards")))


def generate_cards(n: int, seed: int = 7, shape=None) -> list[str]:
    """The text of `n` distinct cards (each a string ending in a newline), shaped like
    `shape` (a poolstats.Stats: abilities a card, ability lengths; default: the bundled
    pools)."""
    names = card_names(n, seed)
    gen = _Gen(names, random.Random(seed), shape or bundled_shape())
    return [gen.card(i) for i in range(n)]


def generate_files(n: int, per_file: int = 40, seed: int = 7,
                   shape=None) -> list[tuple[str, str]]:
    """`n` distinct cards in files of `per_file` cards: [(path, text), ...]."""
    cards = generate_cards(n, seed, shape)
    files = []
    for k in range(0, n, per_file):
        body = "\n".join(cards[k:k + per_file])
        files.append((f"gen/pool_{k // per_file:04d}.cards", f"# generated pool {k // per_file}\n"
                      + body))
    return files


if __name__ == "__main__":
    for path, text in generate_files(int(sys.argv[1]) if len(sys.argv) > 1 else 20):
        print(text)
