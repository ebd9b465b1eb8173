"""Generate a large pool of distinct Sorcery cards from templates (the benchmark's input).

Every card mixes the constructs the language has: headers with stats and subtypes,
keyword lines, `Genesis →` labels, `Tap →` activated abilities, `whenever ...,` triggers
(some with `while`), `if ..., ...` conditions, `then`, `one at a time`, `three times`,
`choose one: ...; or ...`, replacements, statics and quoted references to other
generated cards. Several cards go in each file. The output is deterministic for a seed.

    from cardgen import generate_files
    files = generate_files(10_000)          # [(path, text), ...]
"""

from __future__ import annotations

import random

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
    def __init__(self, names, rng):
        self.names = names
        self.rng = rng
        self.minions = [i for i in range(len(names)) if kind_of(i) == "minion"]
        self.sites = [i for i in range(len(names)) if kind_of(i) == "site"]

    def minion_ref(self, i):
        j = self.rng.choice(self.minions)
        return f'"{self.names[j]}"'

    def any_ref(self, i):
        return f'"{self.names[self.rng.randrange(len(self.names))]}"'

    def n(self, lo=1, hi=4):
        return self.rng.randint(lo, hi)

    # --- effects (sentences without the final period) -------------------------------
    def effect(self, i, depth=0):
        r = self.rng
        pick = r.randrange(14 if depth == 0 else 9)
        if pick == 0:
            return f"deal {self.n()} damage to each enemy minion here"
        if pick == 1:
            return f"draw {r.choice(['a spell', 'a site', 'two spells', 'three spells'])}"
        if pick == 2:
            return f"you gain {self.n(1, 5)} life"
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
            return f"kill {self.minion_ref(i)}"
        if pick == 8:
            return "tap each enemy minion here"
        if pick == 9:
            return f"{self.effect(i, 1)}, then {self.effect(i, 1)}"
        if pick == 10:
            return f"choose one: {self.effect(i, 1)}; or {self.effect(i, 1)}"
        if pick == 11:
            return f"if you control {self.minion_ref(i)}, {self.effect(i, 1)}"
        if pick == 12:
            return f"search your spellbook for {self.any_ref(i)} and summon it here, " \
                   "then shuffle your spellbook"
        return f"you may {self.effect(i, 1)}. If you do, you lose {self.n(1, 3)} life"

    def sentence(self, i):
        text = self.effect(i)
        return text[0].upper() + text[1:] + "."

    def trigger(self, i, kind):
        r = self.rng
        pats = ["you cast a spell", "an opponent casts a spell", f"{self.minion_ref(i)} dies",
                "an allied minion is dealt damage", "you draw a card",
                "a unit you control takes damage", "an enemy minion enters play",
                "a minion dies"]
        if kind in ("site", "aura"):
            pats += ["a minion without airborne enters this site",
                     "an enemy minion enters this site while this site is a water site"]
        word = r.choice(["Whenever", "When", "After"])
        return f"{word} {r.choice(pats)}, {self.effect(i)}."

    def abilities(self, i, kind):
        r = self.rng
        lines = []
        if kind == "minion":
            if r.random() < 0.5:
                kw = r.choice(KEYWORDS)
                lines.append(kw)
            for _ in range(r.randint(1, 3)):
                c = r.randrange(4)
                if c == 0:
                    lines.append(f"Genesis → {self.sentence(i)}")
                elif c == 1:
                    lines.append(f"Tap → {self.sentence(i)}")
                elif c == 2:
                    lines.append(self.trigger(i, kind))
                else:
                    lines.append("If an allied minion would die, instead return it to its "
                                 "owner's hand." if r.random() < 0.5 else self.trigger(i, kind))
        elif kind in ("magic",):
            if r.random() < 0.2:
                lines.append("Move each allied minion at target square to target adjacent "
                             "square, one at a time.")
            else:
                lines.append(self.sentence(i) + " " + self.sentence(i))
        elif kind == "site":
            if r.random() < 0.5:
                lines.append(f"Genesis → {self.sentence(i)}")
            if r.random() < 0.5:
                lines.append(self.trigger(i, kind))
            else:
                lines.append(r.choice(["Units here have airborne.",
                                       "Minions here have lethal.",
                                       "Units can't move underwater into this site.",
                                       "Prevent all damage to allied minions here."]))
        else:  # aura, artifact
            lines.append(self.trigger(i, kind))
            if r.random() < 0.5:
                lines.append(f"Tap → {self.sentence(i)}")
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


def generate_cards(n: int, seed: int = 7) -> list[str]:
    """The text of `n` distinct cards (each a string ending in a newline)."""
    names = card_names(n, seed)
    gen = _Gen(names, random.Random(seed))
    return [gen.card(i) for i in range(n)]


def generate_files(n: int, per_file: int = 40, seed: int = 7) -> list[tuple[str, str]]:
    """`n` distinct cards in files of `per_file` cards: [(path, text), ...]."""
    cards = generate_cards(n, seed)
    files = []
    for k in range(0, n, per_file):
        body = "\n".join(cards[k:k + per_file])
        files.append((f"gen/pool_{k // per_file:04d}.cards", f"# generated pool {k // per_file}\n"
                      + body))
    return files


if __name__ == "__main__":
    import sys
    for path, text in generate_files(int(sys.argv[1]) if len(sys.argv) > 1 else 20):
        print(text)
