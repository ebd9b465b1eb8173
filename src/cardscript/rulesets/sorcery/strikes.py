"""Strikes and fights, and who may reach whom (Airborne, Stealth).

docs/rulesets/sorcery.md, "Strikes and fights" and "Combat keywords", says each rule in
words. A strike deals the striker's power as damage; in a fight two units strike each other
at once. The rules of lethal damage and Lethal (`lethal_damage`) do the rest.
"""

from __future__ import annotations

from ...library.common import damage
from . import players
from .first_strike import combat_damage, strikes_first, struck_down
from .lance import break_lance, lance_bonus
from .keywords import shoots
from .ongoing import permitted
from .stats import stat
from .ward import spares_life_loss


# --- who may reach whom --------------------------------------------------------------------

def stealthy(game, card) -> bool:
    """Stealth hides a unit until it strikes or attacks (it then loses it while it stays)."""
    return game.has_keyword(card, "stealth") and \
        card.extra.get("revealed") != card.incarnation


def reveal(card) -> None:
    """The unit has struck or attacked: Stealth no longer hides it."""
    card.extra["revealed"] = card.incarnation


def can_engage(game, unit, foe, attacking: bool = False) -> bool:
    """May `unit` attack, intercept or defend against `foe`? A unit in the air is reached only
    by another Airborne unit or a Ranged one (or Range +N); a unit hidden by Stealth by none;
    except in an attack by a unit an ongoing effect lets attack Stealth (or Airborne) minions
    (kinds.py)."""
    if stealthy(game, foe) and not (attacking and permitted(game, unit, "attack stealth")):
        return False
    if game.has_keyword(foe, "airborne") and not (game.has_keyword(unit, "airborne") or
                                                  shoots(game, unit) or
                                                  (attacking and
                                                   permitted(game, unit, "attack airborne"))):
        return False
    return True


# --- strikes and fights ----------------------------------------------------------------------

def strike(game, striker, target, amount=None, *, seen=True) -> int:
    """One strike: the striker deals its power as damage to the target; what was dealt.
    It is a `strike` happening ('whenever this strikes a minion'). It ends the striker's
    Stealth, unless `seen` is False (a ranged strike of a unit a line keeps stealthy)."""
    n = stat(game, striker, "power") if amount is None else amount
    bonus = lance_bonus(game, striker, target)       # its lance: 1 more, then it breaks
    n = combat_damage(game, striker, target, n + bonus)      # 'double ... combat damage'
    if seen:
        reveal(striker)
    dealt = n if damage(game, target, n, striker.controller, striker) else 0
    game.happen("strike", striker, striker.controller, target=target, amount=dealt)
    if bonus:
        break_lance(game, striker)
    return dealt


def strike_several(game, striker, parts) -> list[int]:
    """One strike of the striker reaching several cards at once (a fight against several, a
    strike of all nearby enemies): each (target, amount) is dealt its amount (None: the
    striker's power). It is still one strike, so one `strike` happening, whose target is
    the list of cards struck ('whenever this strikes an enemy' triggers once). What each
    was dealt, in order."""
    parts = list(parts)
    if len(parts) == 1:
        return [strike(game, striker, parts[0][0], parts[0][1])]
    power = stat(game, striker, "power")
    reveal(striker)
    # A lance adds 1 to each unit the strike damages (a part of 0 stays 0), then breaks.
    bonus = [lance_bonus(game, striker, t) if (power if a is None else a) > 0 else 0
             for t, a in parts]
    amounts = [combat_damage(game, striker, t, (power if a is None else a) + b)
               for (t, a), b in zip(parts, bonus)]
    dealt = [(n if damage(game, t, n, striker.controller, striker) else 0)
             for (t, _), n in zip(parts, amounts)]
    game.happen("strike", striker, striker.controller, target=[t for t, _ in parts],
                amount=sum(dealt))
    if any(bonus):
        break_lance(game, striker)
    return dealt


def fight(game, a, b) -> str:
    """Two units strike each other at once (both strikes are worked out before either lands),
    unless one deals its combat damage first (first_strike.py)."""
    pa, pb = stat(game, a, "power"), stat(game, b, "power")
    first = strikes_first(game, a, b)
    if first is b:
        taken = strike(game, b, a, pb)
        dealt = 0 if struck_down(game, a, b, taken) else strike(game, a, b, pa)
    else:
        dealt = strike(game, a, b, pa)
        taken = 0 if first is a and struck_down(game, b, a, dealt) else strike(game, b, a, pb)
    said = f"{a.name} and {b.name} strike: {dealt} and {taken} damage"
    return said if first is None else said + f" ({first.name} first)"


def damage_player(game, player, n, source, site=None) -> str:
    """An attack on a player's site: they lose life equal to the attacker's power (loss of
    life, not damage to their avatar: players.py `change_life` applies Death's Door).

    The site is said to be damaged (a `damage` happening about it that marks nothing on it:
    a site keeps no damage), so that 'whenever an opponent damages one of your sites' hears
    the attack (site_damage.py)."""
    reveal(source)
    if site is not None and spares_life_loss(game, site, n):
        return f"{source.name} deals no damage to {player}"
    players.change_life(game, player, -n)
    if site is not None and n > 0:
        game.happen("damage", site, source.controller, amount=n, source=source)
    return f"{source.name} deals {n} to {player}"
