"""'If it is CARDS, ...': a condition on what the cards named before are, in every game.

`{what:cards} is {kind:cards}` (and `are`, for several): the cards the first selector names
now (`it`: what an earlier step named, wherever it is now, a pile included) exist and each
fits the second, which the compiler reads as a description, not as cards to pick
(compiler/predicates.py): its kinds, side, subtypes, traits, keywords, stats and place, as
any selector's filters are tested (interpreter/select.py `matcher`); a description naming a
pile ('a card in your hand') also asks that the card lie there.
"""

from __future__ import annotations


def register(lang) -> None:
    """The condition of this module: `it is a unit`, `they are sites`, `it is an ally here`."""
    # General: a ruleset's own 'CARDS is|are WORDS' ('... is tapped', '... is a water site')
    # is read before it, in whichever order the two were registered.
    @lang.condition("is", "{what:cards} is {kind:cards}", "{what:cards} are {kind:cards}",
                    general=True)
    def cards_are(game, ev, args):
        """Each card named is one the description fits (there is one at least)."""
        cards = game.select(args["what"], ev)
        if not cards:
            return False
        described = args["kind"]
        if described.zone is not None:
            fits = game.candidates(described, ev)
            return all(c in fits for c in cards)
        return all(game.matches(described, c, ev) for c in cards)
