"""Canonical text rendered from compiled templates (fmt/render.py): the round trip over every
pool, every registry entry's rendering, and generated cards."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from card_strategies import card_plans, wordings, write_card
from conftest import ROOT, run_cli
from cardscript import rulesets
from cardscript.compiler import compile_files
from cardscript.errors import CardScriptError
from cardscript.fmt.canonical import Conventions
from cardscript.fmt.render import Renderer, card_text, phrase_words
from cardscript.fmt.sameness import meaning
from cardscript.grammar import parse_text
from cardscript.language.reader import Reader
from cardscript.language.shapes import FAIL, match
from cardscript.lint.config import find_pyproject, load_config
from cardscript.lint.fmt_command import in_pool
from cardscript.rulesets.detect import ruleset_of
from cardscript.scenario.runner import load_pool

FILES = sorted(ROOT.glob("cards/**/*.cards")) + [ROOT / "docs/examples/tour/ember_imp.cards"]
PROJECT = load_config(find_pyproject(ROOT))
OTHER_WAY = Conventions(amounts="words", counts="digits", label_separator=":",
                        capitalise_after_label=False,
                        prefer=("when", "inflict", "destroyed", "kill", "dies"))
TABLES = ("verbs", "patterns", "conditions", "statics")
SORCERY = rulesets.get("sorcery")


def _compile(text: str, lang, base: dict, path: str = "<canonical>") -> dict:
    return compile_files([parse_text(text, path)], lang, base=base)


def round_trip(tpl, lang, base: dict, conv=None) -> str:
    """Render a template, compile the text back and check it is the same card, every phrase
    in canonical words (none kept as written); the text."""
    known = {**base, tpl.name: tpl}
    renderer = Renderer(lang, conv)
    text = renderer.card(tpl, known)
    assert renderer.as_written == [], renderer.as_written
    back = _compile(text + "\n", lang, known)[tpl.name]
    assert meaning(back) == meaning(tpl), text
    assert card_text(back, lang, conv, known) == text
    return text


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
@pytest.mark.parametrize("conv", ["project", "default", "other way"])
def test_canonical_text_of_every_card_compiles_to_its_template(path, conv):
    """Each bundled card's rendered text compiles to the same template and renders alike."""
    name = ruleset_of(path, None).name
    ruleset = rulesets.get(name)
    c = {"project": PROJECT.conventions_for(name), "default": Conventions(),
         "other way": OTHER_WAY}[conv]
    base = {} if in_pool(path, ruleset) else load_pool(ruleset)
    cards = _compile(path.read_text(encoding="utf-8"), ruleset.language, base, str(path))
    assert cards
    for tpl in cards.values():
        round_trip(tpl, ruleset.language, {**base, **cards}, c)


def test_canonical_text_of_a_card_in_words():
    """A few cards' canonical texts, as an editor reads them."""
    sorcery, keyforge = rulesets.get("sorcery"), rulesets.get("keyforge")
    pool = load_pool(sorcery)
    assert card_text(pool["Mariner's Curse"], sorcery.language) == (
        "card \"Mariner's Curse\": aura, cost 2\n"
        "  Whenever an enemy minion enters this site while this site is a water site, "
        "submerge that minion, then return this aura to its owner's hand.")
    assert card_text(pool["Boneyard"], sorcery.language) == (
        'card "Boneyard": site\n  Genesis → Summon two "Skeleton" tokens here.')
    kf = load_pool(keyforge)
    conv = PROJECT.conventions_for("keyforge")
    assert card_text(kf["Bone Collector"], keyforge.language, conv).endswith(
        "After a creature is destroyed, gain 1 aember.")
    assert card_text(kf["Tollkeeper"], keyforge.language, conv).endswith(
        "Play: your opponent loses 1 aember.")


@pytest.mark.parametrize("ruleset,header,line", [
    ("sorcery", "magic, cost 2", "An opponent may discard a spell. If they don't, draw a spell."),
    ("sorcery", "magic, cost 2",
     "An opponent may discard a spell. If they don't, they lose 3 life."),
    ("sorcery", "magic, cost 2",
     "Your opponent may discard a spell. If they do, they draw a spell."),
    ("mage_noir", "spell, cost 1\n  Fire",
     "An opponent may discard a card. If they don't, they lose 3 HP."),
])
def test_they_after_another_players_may_renders_as_they(ruleset, header, line):
    """'If they don't' and 'they lose' after 'an opponent may' render in the card's own
    person (not 'If you don't'), and read back as the same card."""
    rs = rulesets.get(ruleset)
    text = f'card "Dun Tithe": {header}\n  {line}\n'
    tpl = _compile(text, rs.language, load_pool(rs))["Dun Tithe"]
    text = round_trip(tpl, rs.language, load_pool(rs))
    assert text.lower().endswith("\n  " + line.lower())        # Mage Noir writes 'hp'
    assert "you do" not in text and "you don't" not in text


TWO_MAYS = {
    "opponent then you": "An opponent may discard a {c}. You may draw a {c}. If you don't, {x}.",
    "you then opponent": "You may draw a {c}. An opponent may discard a {c}. If they don't, {x}.",
    "each opponent then you":
        "Each opponent may discard a {c}. You may draw a {c}. If you don't, {x}.",
    "nested may, then the outer one's answer":
        "You may draw a {c}. If you do, an opponent may discard a {c}. If you don't, {x}.",
}
TWO_MAY_GAMES = {
    "sorcery": ("magic, cost 2", {"c": "spell", "x": "you gain 2 life"}),
    "mage_noir": ("spell, cost 1\n  Fire", {"c": "card", "x": "each opponent loses 2 HP"}),
}


@pytest.mark.parametrize("order", list(TWO_MAYS))
@pytest.mark.parametrize("ruleset", list(TWO_MAY_GAMES))
def test_two_mays_in_separate_sentences_round_trip(ruleset, order):
    """Two players' 'may' sentences and an 'if' after them render sentence by sentence, each
    'if' in the person of the 'may' it follows, and read back as the same card (no E008)."""
    header, words = TWO_MAY_GAMES[ruleset]
    line = TWO_MAYS[order].format(**words)
    rs = rulesets.get(ruleset)
    text = f'card "Twin Bargain": {header}\n  {line}\n'
    tpl = _compile(text, rs.language, load_pool(rs))["Twin Bargain"]
    text = round_trip(tpl, rs.language, load_pool(rs))
    assert text.lower().endswith("\n  " + line.lower())


def test_explain_text_renders_two_players_mays(tmp_path):
    """`explain --text` writes back a card with an opponent's 'may' then the caster's."""
    card = tmp_path / "twin.cards"
    card.write_text("# ruleset: mage_noir\ncard \"Twin Bargain\": spell, cost 1\n  Fire\n  "
                    + TWO_MAYS["opponent then you"].format(**TWO_MAY_GAMES["mage_noir"][1])
                    + "\n", encoding="utf-8")
    status, out, err = run_cli("explain", "--text", str(card))
    assert status == 0, err
    assert "E008" not in err and "You may draw a card. If you don't" in out


ANSWER_CARDS = {
    "sorcery": ("magic, cost 2", [
        "You may draw a spell. If you do, an opponent may discard a spell. If you don't, you "
        "lose 2 life.",
        "An opponent may discard a spell. You may draw a spell. If they do, you gain 3 life."]),
    "mage_noir": ("spell, cost 1\n  Fire", [
        "An opponent may discard a card. You may draw a card. If they don't, they lose 3 HP.",
        "Each opponent may discard a card. You may draw a card. If they do, each opponent "
        "loses 1 HP."]),
}


@pytest.mark.parametrize("ruleset,n", [(r, n) for r in ANSWER_CARDS for n in range(2)])
def test_if_you_do_and_if_they_do_keep_their_person(ruleset, n):
    """'If you don't' / 'If they do' after two players' 'may's render in the person the card
    wrote (each reads its own player's answer), and read back as the same card."""
    header, lines = ANSWER_CARDS[ruleset]
    line = lines[n]
    rs = rulesets.get(ruleset)
    text = f'card "Pale Ledger": {header}\n  {line}\n'
    tpl = _compile(text, rs.language, load_pool(rs))["Pale Ledger"]
    text = round_trip(tpl, rs.language, load_pool(rs))
    assert text.lower().endswith("\n  " + line.lower())


@pytest.mark.parametrize("written,rendered", [
    ("This deals combat damage before other minions they fight.",
     "This minion deals combat damage before other minions it fights."),
    ("Minions here deal combat damage before enemy minions they fight.",
     "Each minion here deals combat damage before enemy minions it fights."),
    ("Two target minions deal combat damage before other minions it fights.",
     "Two target minions deal combat damage before other minions they fight."),
])
def test_a_pronoun_of_the_shape_agrees_in_number_with_its_subject(written, rendered):
    """Of two shapes that differ in their pronoun ('they fight' / 'it fights'), the render
    takes the one that agrees with its subject as written, and reads back as the card."""
    text = f'card "Lone Halberd": minion, cost 3, power 2\n  {written}\n'
    tpl = _compile(text, SORCERY.language, load_pool(SORCERY))["Lone Halberd"]
    got = round_trip(tpl, SORCERY.language, load_pool(SORCERY))
    assert got.endswith("\n  " + rendered)


@pytest.mark.parametrize("written,rendered", [
    ("Other allied Dwarf minions here have +1 power.",
     "Each other allied Dwarf minion here has +1 power."),
    ("Allied minions here are also a Dwarf.", "Each allied minion here is also a Dwarf."),
    ("This takes no damage from Demons and Spirits.",
     "This minion takes no damage from Demon and Spirit."),
    ("Genesis → Deal 2 damage to target non-Beast minion.",
     "Genesis → Deal 2 damage to target non-Beast minion."),
])
def test_subtypes_are_written_capitalised(written, rendered):
    """A subtype is written as cards print it, with a capital, wherever the render puts it:
    before a noun, as a slot of its own, and in a list of subtypes."""
    text = f'card "Lone Halberd": minion, cost 3, power 2\n  {written}\n'
    tpl = _compile(text, SORCERY.language, load_pool(SORCERY))["Lone Halberd"]
    got = round_trip(tpl, SORCERY.language, load_pool(SORCERY))
    assert got.endswith("\n  " + rendered)


def test_explain_text_writes_a_singular_subject_with_it_fights(tmp_path):
    """`explain --text` of a card's own 'deals combat damage first' says 'it fights'."""
    card = tmp_path / "halberd.cards"
    card.write_text('# ruleset: sorcery\ncard "Lone Halberd": minion, cost 3, power 2\n'
                    '  This deals combat damage before other minions it fights.\n',
                    encoding="utf-8")
    status, out, err = run_cli("explain", "--text", str(card))
    assert status == 0, err
    assert "This minion deals combat damage before other minions it fights." in out
    assert "they fight" not in out


def test_a_value_no_wording_reads_is_an_error_naming_it():
    """A selector the readers cannot make (a controller with no word) is Unrenderable."""
    from cardscript.fmt.render import Unrenderable
    from cardscript.language.selectors import Selector
    words = Renderer(SORCERY.language).words
    assert words.cards(Selector(kinds=frozenset({"minion"}), controller="you")) == \
        ["an", "allied", "minion"]
    with pytest.raises(Unrenderable, match="controller"):
        words.cards(Selector(kinds=frozenset({"minion"}), controller="owner"))


def test_a_phrase_the_renderer_cannot_write_is_kept_as_written():
    """A value of a kind the renderer does not know keeps its phrase as written, and says so."""
    from dataclasses import replace
    from cardscript.language.selectors import Selector
    pool = load_pool(SORCERY)
    tpl = pool["Red Desert"]
    ab = tpl.abilities[0]
    do = ab.effect
    args = tuple((k, replace(v, pick="at random") if isinstance(v, Selector) else v)
                 for k, v in do.args)
    odd = replace(tpl, abilities=(replace(ab, effect=replace(do, args=args)),))
    renderer = Renderer(SORCERY.language)
    text = renderer.card(odd)
    assert text.endswith("Genesis → Deal 1 damage to each unit here.")
    assert renderer.as_written == [("Deal 1 damage to each unit here",
                                    "a selector with pick 'at random'")]


def test_the_renderer_knows_every_selector_and_place_field():
    """Every field of Selector and Place is one the renderer writes (a new one is named here)."""
    from dataclasses import fields
    from cardscript.fmt.words import PLACE_FIELDS, SELECTOR_FIELDS
    from cardscript.language.selectors import Place, Selector
    assert {f.name for f in fields(Selector)} - SELECTOR_FIELDS == set()
    assert {f.name for f in fields(Place)} - PLACE_FIELDS == set()


def test_a_count_of_drawn_cards_agrees_with_its_noun():
    """'draw a spell', 'draw two spells': the card type after a count agrees with it."""
    draw = next(v for v in SORCERY.language.verbs if v.name == "draw")
    r = Renderer(SORCERY.language)
    assert r.entry("verbs", draw, (("n", 1), ("what", "spell"))) == "draw a spell"
    assert r.entry("verbs", draw, (("n", 2), ("what", "spell"))) == "draw two spells"


def test_a_replaced_happening_takes_be_after_would():
    """'If a minion here would be dealt damage': after 'would' the pattern's 'is|are' is 'be'."""
    text = 'card "Shield Shrine": site\n  If a minion here would be dealt damage, instead gain 1 life.\n'
    tpl = _compile(text, SORCERY.language, {})["Shield Shrine"]
    assert "would be dealt damage, instead gain 1 life." in round_trip(tpl, SORCERY.language, {})


def test_several_kinds_are_joined_by_or():
    """'any number of relics or minions' renders as 'minions or artifacts' and reads back; with
    'and' the second noun would start a second effect."""
    text = ('card "Mole Engine": artifact, cost 3\n  At the end of your turn, burrow or unburrow '
            'any number of relics or minions on an adjacent site.\n')
    tpl = _compile(text, SORCERY.language, {})["Mole Engine"]
    assert "minions or artifacts on an adjacent site" in round_trip(tpl, SORCERY.language, {})


# --- every registry entry ------------------------------------------------------------

def _samples(lang) -> dict:
    """Words of one value of each slot type in a language, read by its own readers."""
    noun = next(iter(lang.nouns))
    out = {"cards": ["target", noun], "whose": ["target", noun + "'s"], "player": ["you"], "number": ["2"], "count": ["two"],
           "text": ["the", "light"], "signed": ["+2"], "pluses": ["+13+"], "own": ["your"]}
    out["place"] = ["target", next(iter(lang.place_nouns))] if lang.place_nouns else \
        ["target", noun]
    if lang.zones:
        out["zone"] = ["your", next(iter(lang.zones))]
        out["ownpile"] = out["zone"]
        out["piles"] = ["your", *" or ".join(list(lang.zones)[:2]).split()]
    ruled = [w for w, k in lang.keywords.items() if k in lang.keyword_rules]
    if ruled:
        out["keyword"] = ruled[0].split()
    if lang.draw_zones:
        out["cardtype"] = [next(iter(lang.draw_zones))]
    return out


def _sample(lang, reader, typ: str):
    """A value of one slot type: read from its sample words, or, for a type added since,
    from the first word of the language's vocabulary its reader takes."""
    samples = _samples(lang)
    if typ in samples:
        return reader.read(typ, tuple(samples[typ]))
    if typ == "ability":             # a triggered ability in quotes: one quoted run of words
        return reader.read(typ, (("name", "When it dies, draw a card"),))
    vocabulary = [*lang.keywords, *lang.nouns, *lang.zones, *lang.place_nouns,
                  *lang.place_traits, *lang.card_kinds, "2", "you"]
    for word in vocabulary:
        value = reader.read(typ, tuple(word.split()))
        if value is not FAIL:
            return value
    return FAIL


def _entries():
    for name in sorted(rulesets.available()):
        lang = rulesets.get(name).language
        for table in TABLES:
            for spec in getattr(lang, table):
                for i, shape in enumerate(spec.shapes):
                    yield pytest.param(name, spec, shape, id=f"{name}:{table}:{spec.name}:{i}")


@pytest.mark.parametrize("ruleset,spec,shape", list(_entries()))
def test_every_registry_entry_has_a_canonical_rendering(ruleset, spec, shape):
    """Every phrase shape of every ruleset renders its slot values into words it reads back."""
    lang = rulesets.get(ruleset).language
    reader = Reader(lang)
    args = {}
    for tok in shape.tokens:
        if tok.slot is None:
            continue
        value = _sample(lang, reader, tok.type)
        assert value is not FAIL, f"no sample value for slot type {tok.type!r}"
        args[tok.slot] = value
    words = phrase_words(shape, args, Renderer(lang).words)
    assert words is not None
    low = tuple(w.lower() if isinstance(w, str) else w for w in words)
    back = match(shape, low, reader.read)
    assert back is not None, words
    assert meaning(back) == meaning(args), words


def test_every_label_renders_as_itself():
    """A label is written by its name, which reads back as the same label."""
    for name in rulesets.available():
        lang = rulesets.get(name).language
        for spec in lang.labels.values():
            assert lang.labels[spec.name.lower()] is spec


# --- generated cards -----------------------------------------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card_plans(), st.lists(wordings(), min_size=2, max_size=3),
       st.sampled_from([Conventions(), OTHER_WAY, PROJECT.conventions_for("sorcery")]))
def test_generated_cards_render_to_text_that_compiles_alike(plan, several, conv):
    """All wordings of a generated card have one canonical text, which compiles to its
    template and is a fixed point, under each set of conventions."""
    pool = load_pool(SORCERY)
    texts = set()
    for wording in several:
        tpl = next(iter(_compile(write_card(plan, wording), SORCERY.language, pool).values()))
        texts.add(round_trip(tpl, SORCERY.language, pool, conv))
    assert len(texts) == 1


@st.composite
def vocabulary_cards(draw):
    """(ruleset, card text): one card whose line uses a phrase shape drawn from the registry."""
    name = draw(st.sampled_from(sorted(rulesets.available())))
    lang = rulesets.get(name).language
    table = draw(st.sampled_from(["verbs", "patterns"]))
    specs = getattr(lang, table)
    spec = draw(st.sampled_from(specs))
    shape = draw(st.sampled_from(spec.shapes))
    samples = _samples(lang)
    words = []
    for tok, part in zip(shape.tokens, shape.text.split()):
        if tok.slot is None:
            alts = part.rstrip("?").split("|")
            if not tok.optional or draw(st.booleans()):
                words.append(draw(st.sampled_from(alts)))
        elif not tok.optional or draw(st.booleans()):
            words += samples.get(tok.type, ["?"])
    phrase = " ".join(words)
    kinds = sorted(set(lang.card_kinds.values()))
    permanent = [k for k in kinds if k in lang.permanent_kinds] or kinds
    spell = [k for k in kinds if k not in lang.permanent_kinds] or kinds
    kind = draw(st.sampled_from(permanent if table == "patterns" else spell))
    word = next(w for w, k in lang.card_kinds.items() if k == kind)
    if table == "patterns":
        body = draw(st.sampled_from(lang.verbs))
        line = f"Whenever {phrase}, {' '.join(_fill(body.shapes[0], samples))}."
    else:
        line = phrase + "."
    return name, f'card "Drawn": {word}\n  {line}\n'


def _fill(shape, samples) -> list:
    out = []
    for tok, part in zip(shape.tokens, shape.text.split()):
        if tok.slot is None:
            if not tok.optional:
                out.append(part.rstrip("?").split("|")[0])
        elif not tok.optional:
            out += samples.get(tok.type, ["?"])
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(vocabulary_cards())
def test_cards_drawn_from_the_registry_render_to_text_that_compiles_alike(drawn):
    """A card using any registry shape, once it compiles, round-trips through its canonical text."""
    name, text = drawn
    ruleset = rulesets.get(name)
    pool = load_pool(ruleset)
    try:
        cards = _compile(text, ruleset.language, pool)
    except CardScriptError:
        assume(False)
    round_trip(cards["Drawn"], ruleset.language, pool)


# --- the command -----------------------------------------------------------------------

def test_explain_text_prints_a_card_file_that_compiles_alike(tmp_path):
    """`explain --text` prints each card's canonical text under its ruleset line."""
    path = ROOT / "cards/sorcery/pool.cards"
    code, out, err = run_cli("explain", "--text", str(path))
    assert code == 0, err
    assert out.startswith("# ruleset: sorcery\n\ncard \"Plumed Pegasus\"")
    lang = SORCERY.language
    before = _compile(path.read_text(encoding="utf-8"), lang, {})
    after = _compile(out, lang, {})
    assert {k: meaning(v) for k, v in before.items()} == {k: meaning(v) for k, v in after.items()}


def test_explain_text_reports_a_card_it_cannot_write(monkeypatch, capsys):
    """A template the renderer cannot write is error E008 at the card, and exit 1."""
    from cardscript.cli import main
    from cardscript.fmt import render

    def refuse(self, tpl, known=None):
        raise render.Unrenderable("a test's refusal")
    monkeypatch.setattr(render.Renderer, "card", refuse)
    code = main(["explain", "--text", str(ROOT / "docs/examples/tour/ember_imp.cards")])
    err = capsys.readouterr().err
    assert code == 1
    assert 'ember_imp.cards:2:1: error[E008]: card "Ember Imp" has no canonical text: ' \
        "a test's refusal" in err


def test_explain_text_as_json():
    """`explain --text --format json` gives each card's name, ruleset and canonical text."""
    code, out, _ = run_cli("explain", "--text", "Firebolts", "--ruleset", "sorcery",
                           "--format", "json")
    assert code == 0
    assert json.loads(out) == {"ok": True, "cards": [{
        "name": "Firebolts", "ruleset": "sorcery",
        "canonical": 'card "Firebolts": magic, cost 3\n'
                     "  Deal 1 damage to a unit you choose, three times, one at a time."}]}


def test_reminder_text_is_kept_as_written():
    """The canonical text keeps each reminder on the line it was written on, word for word."""
    text = ('card "Grave Moth": minion, cost 1, power 1\n'
            '  Airborne (it flies over things)\n'
            '  Whenever this dies, you gain 2 life. (It leaves a Memory)\n')
    tpl = _compile(text, SORCERY.language, load_pool(SORCERY))["Grave Moth"]
    out = card_text(tpl, SORCERY.language).splitlines()
    assert out[1] == "  Airborne (it flies over things)"
    assert out[2].endswith("you gain 2 life. (It leaves a Memory)")
