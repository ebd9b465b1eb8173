"""An artifact conjured beneath a site that an opponent chooses: 'An opponent chooses which of
your non-Fire sites you conjure this under' (docs/rulesets/sorcery.md, "Conjured under a
site").

The card's own text says where it is conjured (as conjure_places.py's lines do): its cast names
no square; as it is cast, an opponent of its caster picks one of the sites the words name
(a `target` question), and the card is conjured there, in the region beneath the site
(underground beneath a land site, underwater beneath a water site). With no such site the
cast is an illegal action (S206), before anything is paid.
"""

from __future__ import annotations

from ...interpreter.rules import after
from ...library.moves import in_play
from .realm import regions_at
from .turns import illegal

NAME = "conjured under"
BENEATH = ("underground", "underwater")


def register(lang) -> None:
    """The ongoing sentence of this module (a place the card's cast goes to)."""
    lang.static(NAME, "conjure place",
                "an opponent chooses which of {where:cards} you conjure this under",
                "your opponent chooses which of {where:cards} you conjure this under")


def _words(card):
    """The `where` of the card's own 'conjure this under' line, or None."""
    for ab in card.tpl.abilities:
        if ab.static is not None and ab.static[0].name == NAME:
            return dict(ab.static[1])["where"]
    return None


def conjured_under(card) -> bool:
    """Does the card's own text have an opponent choose the site it goes under?"""
    return _words(card) is not None


def choose_site(game, player, card, action) -> dict:
    """The cast action with `at:` the site an opponent of `player` chose for the card (the
    action itself for any other card)."""
    where = _words(card)
    if where is None:
        return action
    for key in ("at", "bearer", "spans"):
        if action.get(key) is not None:
            raise illegal(f"{card.name} is conjured under a site an opponent chooses, so its "
                          f"cast takes no {key}:", key=key, hint=f"leave {key}: out; the "
                          "opponent's answer is a `target` choice")
    sites = [c for c in game.state.in_zones(game.policy.play_zones)
             if c.kind == "site" and game.matches(where, c, None, source=card) and
             any(r in BENEATH for r in regions_at(game, c.at))]
    if not sites:
        raise illegal(f"{card.name} has no site to be conjured under ({where.text})",
                      key="cast", hint="it needs one of " + where.text + " in the realm")
    opponent = game.opponent_of(player)
    site = game.ask_target(opponent, f"the site {card.name} is conjured under", sites) \
        if len(sites) > 1 else sites[0]
    return {**action, "at": site.at}


@after("conjure")
def goes_beneath(game):
    """Such a card, conjured, lies in the region beneath its site."""
    for h in game.batch:
        c = h.card
        if h.kind == "conjure" and c is not None and in_play(game, c) and conjured_under(c):
            below = [r for r in regions_at(game, c.at) if r in BENEATH]
            if below:
                c.ext["region"] = below[0]
                game.note(f"{c.name} is conjured {below[0]} beneath the site at {c.at}")
