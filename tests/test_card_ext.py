"""The fields a game adds to its cards (a ruleset's `card_ext`), kept apart from the shared card."""

from types import SimpleNamespace

from cardscript import rulesets
from cardscript.interpreter.rules import CardField
from cardscript.interpreter.state import CardObj, GameState, LastKnown

GAME_FIELDS = {"region", "carried_by", "attached_to"}


def _tpl(name):
    return SimpleNamespace(name=name, kind="unit", token=False, hooks_by_happening={},
                           abilities=[])


def _state():
    ext = {"layer": CardField("place", in_play="top"), "held": CardField("held_by"),
           "on": CardField("card")}
    return GameState(["a", "b"], ["field"], {}, ext)


def test_the_shared_card_has_no_game_field():
    """CardObj and LastKnown hold no one game's field: those live in `ext`."""
    for cls in (CardObj, LastKnown):
        assert not GAME_FIELDS & set(cls.__slots__) and "ext" in cls.__slots__


def test_a_card_starts_with_its_games_fields_unset():
    """Each new card has every declared field, None, and no other."""
    card = _state().new_card(_tpl("Imp"), "a")
    assert card.ext == {"layer": None, "held": None, "on": None}


def test_place_fields_follow_entering_standing_with_and_leaving():
    """A place field takes its in-play value at a location, a bearer's value, None on leaving."""
    st = _state()
    imp, ring = st.new_card(_tpl("Imp"), "a"), st.new_card(_tpl("Ring"), "a")
    imp.at = 8
    st.entered(imp, 8)
    imp.ext["layer"] = "deep"
    st.stand_with(ring, imp)
    assert (ring.at, ring.ext["layer"]) == (8, "deep")
    st.entered(ring, None)
    assert ring.ext["layer"] is None
    st.left(imp)
    assert imp.ext["layer"] is None


def test_a_held_link_drops_when_its_holder_leaves_and_a_card_link_stays():
    """What a leaving card held is let go; a plain card link on another card is kept."""
    st = _state()
    imp, ring, aura = (st.new_card(_tpl(n), "a") for n in ("Imp", "Ring", "Aura"))
    st.link(ring, "held", imp)
    st.link(aura, "on", imp)
    st.left(imp)
    assert ring.ext["held"] is None and aura.ext["on"] is imp
    st.left(aura)
    assert aura.ext["on"] is None


def test_each_game_declares_its_own_card_fields():
    """Sorcery declares region, spans, carried_by and attached_to; KeyForge attached_to; the
    rest none."""
    declared = {name: set(rulesets.get(name).card_ext) for name in rulesets.BUILTIN}
    assert declared == {"sorcery": GAME_FIELDS | {"spans"}, "keyforge": {"attached_to"},
                        "grand_archive": set(), "everrain": set(), "mage_noir": set()}
