"""Cards a spell spares from its own damage: 'The caster takes no damage.' (docs/rulesets/
sorcery.md, "A spell that spares its caster").

A sentence of a spell or ability, wherever it stands among the others: while the event that
carries it resolves, damage that event deals to the cards it names is prevented (the ruleset's
`prevents`, asked as damage would be dealt: immunity.py). Other damage to them, from other
cards or later events, is dealt as usual. 'The caster' is the unit that casts the magic spell
(kinds.py `cast_by`), the avatar when no Spellcaster was named.
"""

from __future__ import annotations

from ...interpreter.rules import Do, walk

NAME = "spared by its own effect"


def register(lang) -> None:
    """The verb of this module: at its turn in the effect it only says so in the trace; the
    prevention holds for the whole event (`spares`)."""

    @lang.verb(NAME, "{what:cards} take|takes no damage")
    def spare(game, ev, node):
        spared = [c.name for c in game.select(node.arg("what"), ev)]
        ev.did.append(f"{' and '.join(spared) or 'no one'} takes no damage from "
                      f"{ev.source.name if ev.source is not None else 'this'}")


def spares(game, card, source):
    """The card whose resolving event spares `card` from the damage `source` deals, or None."""
    ev = game.resolving
    if ev is None or source is None or ev.source is not source or callable(ev.program):
        return None              # a rule's own event (an attack) runs code, not card text
    for node in _spare_steps(game, ev.program):
        if card in game.select(node.arg("what"), ev):
            return source
    return None


def _spare_steps(game, program) -> list:
    """The 'takes no damage' steps of an effect (a few nodes), walked once a program in a
    game: damage asks for them each time it is dealt. The program is kept beside its
    steps, so that its id stays its own."""
    known = game.slot("spare steps", dict)
    got = known.get(id(program))
    if got is None:
        got = known[id(program)] = (program, [n for n in walk(program)
                                              if type(n) is Do and n.verb.name == NAME])
    return got[1]
