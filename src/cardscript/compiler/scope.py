"""What the words of one ability have named so far, while it is lowered: the antecedents a
later 'it', 'that unit', 'that site' or 'there' may name, the targets, the named referents,
and whose 'may' a later 'if you do' / 'if they do' reads (lower.py, references.py)."""

from __future__ import annotations

from sys import intern as _intern


class Scope:
    """What 'it', 'that unit' and 'that site' can name while one ability is lowered."""

    def __init__(self):
        self.antecedents: list = []   # (slot, kinds or None, is_place)
        self.sides: dict = {}         # slot -> the side its selector named ('you', ...)
        self.named: set = set()
        self.aliases: dict = {}       # named referent -> the trigger slot it reads (labels)
        self.n = 0
        self.targets: list = []
        # The player word of the latest 'PLAYER may' naming one player other than you
        # ('an opponent may ...'): a later 'they' as a player names the one who decided.
        self.decider: str | None = None
        # Whose 'may' was said so far: "you" (a 'you may', a choice of yours), "they" (a 'may'
        # another player decides): an 'if you do' / 'if they do' reads an answer of theirs.
        self.answered: set = set()

    def fresh(self) -> str:
        self.n += 1
        n = self.n
        if n < len(_SLOT_NAMES):
            return _SLOT_NAMES[n]
        return _intern(f"s{n}")          # a few names, on every selector of a pool

    def trial(self) -> "Scope":
        """A copy to try a reading on (its antecedents, names, aliases, slot count and
        targets), so that a failed reading leaves no trace here."""
        trial = Scope()
        trial.antecedents, trial.named = list(self.antecedents), set(self.named)
        trial.aliases, trial.n = dict(self.aliases), self.n
        trial.targets = list(self.targets)
        return trial


# The first slot names, made once: 's1', 's2', ... (interned, as `Scope.fresh` makes the rest).
_SLOT_NAMES = tuple(_intern(f"s{n}") for n in range(64))
