"""An attack card's resolution: it enters its champion's intent, and the champion attacks.

docs/rulesets/grand_archive.md, "Attack cards" (section 8 for the check before it resolves,
section 16 for what follows). Once an attack card has resolved (its own instructions, if it
has any, done), it goes from the effects stack into its controller's intent, and the champion,
which rested as the attack was made, declares an attack with it at once: its controller names
the attack target among the units on the field an opponent controls (a `target` question, not
asked when only one is legal). Combat follows as for a unit's attack (combat.py), with the
power of the cards in the intent added to the champion's in the damage step; the attack card
goes from the intent to the graveyard at the end of combat. With no legal attack target the
attack fizzles: no attack is declared, the card goes to the graveyard, and the champion stays
rested.
"""

from __future__ import annotations

from .combat import begin_combat, legal_targets
from .champion import champion_of

INTENT = "intent"          # a zone of each player: the attack cards of the attack being made


def attack_card_resolves(card, effect):
    """The program of an attack card's activation (stack.py `put_on_stack`)."""
    def program(game, ev):
        player = ev.controller
        champ = champion_of(game, player)
        champ.tapped = True               # the champion attacks, and rests as it does
        if effect is not None:
            yield from game.execute(ev, effect)
        game.state.put(card, INTENT, player)
        ev.did.append(f"{card.name} enters {champ.name}'s intent")
        legal = legal_targets(game, champ)
        if not legal:
            game.state.put(card, game.ruleset.graveyard, card.owner)
            ev.did.append("no legal attack target: the attack fizzles, and "
                          f"{card.name} goes to the {game.ruleset.graveyard}")
            return
        target = game.ask_target(player, f"the unit {champ.name} attacks with {card.name}",
                                 legal)
        ev.subject = target.name
        begin_combat(game, ev, champ, target, intent=[card])
    return program
