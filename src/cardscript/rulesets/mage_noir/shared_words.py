"""Which of the shared words (library/common.py) Mage Noir keeps, and what it refuses.

Every shared verb, trigger pattern and condition was weighed against the game's rules
(docs/rulesets/mage_noir.md, "The shared words"). Those with no meaning here are left out of
the language, so check refuses a card that uses them; the words of the refused forms are
`UNPRINTED`, so the error's hint says what the game prints instead.

- Left out because Mage Noir's own shapes read the same text (language.py, permanents.py):
  `deal damage` (its card damage has no HP behind it) and `destroy` (no Indestructible).
- Left out because the game prints another word: `kill` and the `die` pattern (a Permanent is
  destroyed: `destroyed` below), `gain life`, `lose life` and the `gain life` pattern (a Mage
  and a Permanent have HP), `heal` (it clears a damage counter no card here keeps: a
  Permanent gains HP), `tap` and `untap` (no card of the game is tapped).
- Left out because the game never makes their happening: the `cast` pattern (a spell is
  prepared, channeled, activated, never cast) and the `played` condition (no card is played).
- Kept, as they mean the same here: `draw`, `discard`, `return to hand`, `search`, `shuffle`,
  the `damage`, `draw` and `enter play` patterns, and the conditions `control`, `not
  control`, `did`, `did not`, `they did`, `they did not`, `could not` and `is`.
"""

from __future__ import annotations

UNUSED_VERBS = frozenset({"deal damage", "destroy", "kill", "gain life", "lose life", "heal",
                          "tap", "untap"})
UNUSED_PATTERNS = frozenset({"cast", "die", "gain life"})
UNUSED_CONDITIONS = frozenset({"played"})

_DESTROY = ("Mage Noir prints 'destroy': 'destroy target permanent', and 'when this "
            "permanent is destroyed' (or 'when destroyed') for what hears it")
_HP = ("Mage Noir counts Health Points: 'you gain 2 HP', 'your opponent loses 1 HP', "
       "'target permanent gains 2 HP'")
_HEAL = ("Mage Noir keeps no damage on a card to heal: a Permanent's damage costs it HP at "
         "once, and it gains them back ('target permanent gains 2 HP')")
_TAP = ("no card of Mage Noir is tapped: a spell is used by activating it, a Ritual's "
        "ability by its own cost")
_PLAY = ("Mage Noir's cards are prepared, channeled or activated, never cast or played: "
         "'when this permanent is put into play', 'whenever an opponent discards a card'")
UNPRINTED = {"kill": _DESTROY, "kills": _DESTROY, "killed": _DESTROY,
             "die": _DESTROY, "dies": _DESTROY,
             "life": _HP, "heal": _HEAL, "heals": _HEAL, "healed": _HEAL,
             "tap": _TAP, "taps": _TAP, "tapped": _TAP, "untap": _TAP, "untaps": _TAP,
             "cast": _PLAY, "casts": _PLAY, "played": _PLAY}


def leave_out(lang) -> None:
    """Drop the shared entries the game has no use for (after `extend`)."""
    lang.verbs = [v for v in lang.verbs if v.name not in UNUSED_VERBS]
    lang.patterns = [p for p in lang.patterns if p.name not in UNUSED_PATTERNS]
    lang.conditions = [c for c in lang.conditions if c.name not in UNUSED_CONDITIONS]
