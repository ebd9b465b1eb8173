"""The compiler passes: declare, resolve names, lower, check kinds."""

from __future__ import annotations

import pytest

from cardscript.compiler import compile_files, declare
from cardscript.compiler.template import (ChooseT, Do, IfT, OneAtATimeT, RepeatT, SearchT, SeqT,
                                          ThenT)
from cardscript.compiler.visit import walk
from cardscript.errors import SemanticError
from cardscript.grammar import parse_text
from cardscript.rulesets import get

LANG = get("sorcery").language


def compile_text(text: str, base=None):
    return compile_files([parse_text(text, "t.cards")], LANG, base=base)


def test_declare_reads_kind_stats_flags():
    """The declare pass turns a header into kind, subtypes, stats and flags."""
    f = parse_text('card "T": token minion beast, power 2, cost 1, water\n')
    d = declare(f.cards[0], LANG)
    assert (d.kind, d.subtypes, d.stats, d.token) == ("minion", ("beast",),
                                                      {"power": 2, "cost": 1}, True)
    assert "water" in d.flags


def test_unknown_card_name_suggests_the_closest():
    """resolve_names: a reference to a card that does not exist says 'did you mean'."""
    with pytest.raises(SemanticError) as info:
        compile_text('card "Tawny": token minion, power 2\ncard "D": minion\n'
                     '  Genesis → Summon "Tawnie" here.\n')
    assert info.value.code == "E202"
    assert "Tawny" in info.value.hint


def test_killing_a_site_is_a_kind_error():
    """check_kinds: kill refuses sites."""
    with pytest.raises(SemanticError) as info:
        compile_text('card "K": magic\n  Kill target site.\n')
    assert info.value.code == "E203"


def test_it_links_to_the_trigger_subject():
    """'kill it' in a trigger names the card that triggered it."""
    out = compile_text('card "P": site\n  Whenever a minion enters this site, kill it.\n')
    ab = out["P"].abilities[0]
    assert ab.hook.happening == "enter"
    assert ab.effect.arg("what").slot == "trigger:card"


def test_one_at_a_time_and_repeat_are_split_points():
    """'one at a time' lowers to nodes the engine splits on."""
    out = compile_text('card "F": magic\n  Deal 1 damage to a unit you choose, three times, '
                       'one at a time.\ncard "T": magic\n  Move each allied minion at target '
                       'square to target adjacent square, one at a time.\n')
    assert isinstance(out["F"].abilities[0].effect, RepeatT)
    assert out["F"].abilities[0].effect.one_at_a_time
    assert isinstance(out["T"].abilities[0].effect, OneAtATimeT)
    assert len(out["T"].abilities[0].targets) == 2


def test_search_owns_its_body_and_shuffle():
    """A search keeps the steps joined to it and its shuffle: no split inside."""
    out = compile_text('card "B": minion, power 2\n  Genesis → Search your spellbook for "B" '
                       'and summon it here, then shuffle your spellbook.\n')
    eff = out["B"].abilities[0].effect
    assert isinstance(eff, SearchT)
    assert eff.shuffle is not None and eff.shuffle.verb.name == "shuffle"


def test_choose_and_conditional_and_then():
    """choose one, if ... and ..., and then lower to their nodes."""
    out = compile_text('card "Tawny": token minion, power 2\ncard "D": minion, power 2\n'
                       '  Tap → Choose one: draw a spell; or draw a site. If you played a site '
                       'and you don\'t control "Tawny", summon "Tawny" to that site.\n'
                       'card "M": aura\n  Whenever an enemy minion enters this site, submerge '
                       'that minion, then return this to its owner\'s hand.\n')
    eff = out["D"].abilities[0].effect
    assert isinstance(eff, SeqT)
    assert isinstance(eff.items[0], ChooseT) and isinstance(eff.items[1], IfT)
    assert isinstance(out["M"].abilities[0].effect.items[1], ThenT)


def test_and_joins_nouns_when_the_rest_is_no_verb():
    """'destroy each minion and artifact' is one verb on two nouns."""
    out = compile_text('card "R": magic\n  Destroy each minion and artifact at target square, '
                       'all at once.\n')
    do = out["R"].abilities[0].effect.body
    assert isinstance(do, Do)
    assert do.arg("what").kinds == frozenset({"minion", "artifact"})


def test_static_and_activated_abilities():
    """A permanent's plain sentence is an ongoing effect; 'Tap →' is a cost."""
    out = compile_text('card "S": site\n  Units here have airborne.\ncard "D": minion\n'
                       '  Tap → Draw a spell.\n')
    assert out["S"].abilities[0].kind == "static"
    assert out["D"].abilities[0].kind == "activated"
    assert out["D"].abilities[0].costs[0].name == "Tap"


def test_unknown_verb_is_reported_with_a_suggestion():
    """A phrase no verb fits is an error naming the phrase."""
    with pytest.raises(SemanticError) as info:
        compile_text('card "X": magic\n  Drow a spell.\n')
    assert info.value.code == "E201"
    assert "draw" in (info.value.hint or "")


def test_the_pool_compiles_and_base_cards_are_visible():
    """Scenario cards may name pool cards (the base table)."""
    from cardscript.scenario.runner import load_pool
    pool = load_pool(get("sorcery"))
    assert "Bottomless Pit" in pool
    out = compile_text('card "Caller": minion, power 1\n  Genesis → Summon "Tawny" here.\n',
                       base=pool)
    assert out["Caller"].abilities[0].trace_kind == "genesis"


def test_memo_is_per_language():
    """Phrase matches are memoised on the language object, not globally."""
    compile_text('card "X": magic\n  Draw a spell.\n')
    assert any(k[0] == "verbs" for k in LANG._memo)


def test_phrases_that_differ_in_a_card_name_share_one_memo_entry():
    """'Summon "A" here' and 'Summon "B" here' share a memo key (a tuple) yet keep their names."""
    out = compile_text('card "Wolf A": token minion, power 1\n'
                       'card "Wolf B": token minion, power 1\n'
                       'card "C1": minion, power 1\n  Genesis → Summon "Wolf A" here.\n'
                       'card "C2": minion, power 1\n  Genesis → Summon "Wolf B" here.\n')
    for card, name in (("C1", "Wolf A"), ("C2", "Wolf B")):
        what = dict(out[card].abilities[0].effect.args)["what"]
        assert (what.name, what.text) == (name, f'"{name}"')
    assert ("verbs", ("summon", ("name",), "here")) in LANG._memo
    assert not any(isinstance(w, str) and "\x00" in w for k in LANG._memo for w in k[-1])


KIND_OF = {"sorcery": "minion", "keyforge": "creature, house dis", "grand_archive": "ally",
           "mage_noir": "spell", "everrain": "denizen"}


@pytest.mark.parametrize("ruleset", sorted(KIND_OF))
def test_a_misspelt_header_item_is_an_error_in_every_ruleset(ruleset):
    """'cost 2' is a header item of every ruleset; 'cots 2' is E208 with a did-you-mean."""
    lang = get(ruleset).language
    ok = f'card "Fine": {KIND_OF[ruleset]}, cost 2\n'
    compile_files([parse_text(ok, "t.cards")], lang)
    with pytest.raises(SemanticError) as e:
        compile_files([parse_text(ok.replace("cost", "cots"), "t.cards")], lang)
    assert e.value.code == "E208" and "did you mean 'cost'?" in e.value.hint


@pytest.mark.parametrize("ruleset", sorted(KIND_OF))
def test_every_keyword_has_rules_or_is_an_error(ruleset):
    """A keyword with rules compiles on a keyword line; one the game has but the ruleset does
    not model is E212, naming it: no keyword is accepted and then ignored."""
    lang = get(ruleset).language
    for word, kw in lang.keywords.items():
        n = " 1" if kw in lang.valued_keywords else ""
        src = f'card "K": {KIND_OF[ruleset]}, cost 1\n  {word.capitalize()}{n}\n'
        if kw in lang.keyword_rules:
            tpl = compile_files([parse_text(src, "t.cards")], lang)["K"]
            assert kw in tpl.keywords
        else:
            with pytest.raises(SemanticError) as e:
                compile_files([parse_text(src, "t.cards")], lang)
            assert e.value.code == "E212" and f"'{kw}'" in e.value.message


def test_sorcery_keywords_without_rules_are_errors_in_selectors_and_grants():
    """E212 too where a selector tests the keyword or an ongoing effect grants it."""
    # ('armor minion' would read 'armor' as the artifact subtype, so only 'with armor'.)
    for line in ("Tap → Kill each minion with armor.",):
        with pytest.raises(SemanticError) as e:
            compile_text(f'card "S": minion, power 1\n  {line}\n')
        assert e.value.code == "E212"
    with pytest.raises(SemanticError) as e:
        compile_text('card "G": site\n  Units here have armor.\n')
    assert e.value.code == "E212"


def test_a_step_reads_its_slots_from_its_args():
    """Do.arg gives a slot's value or the default; argmap, the args as a dict, is made once."""
    (ab,) = compile_text('card "S": magic\n  Deal 2 damage to each minion here.\n')["S"].abilities
    node = next(n for n in walk(ab.effect) if isinstance(n, Do))
    slots = dict(node.args)
    assert slots and all(node.arg(k) is v for k, v in slots.items())
    assert node.arg("no such slot", "none") == "none"
    assert node.memo.value is None                   # no dict until one is asked for
    assert node.argmap == slots and node.argmap is node.argmap


def test_unknown_name_is_found_whatever_else_the_file_quotes():
    """resolve_names: a file skips the walk for names only when it quotes nothing but its
    card names; a quoted header value or comment beside an unknown name still finds it."""
    for extra in ('# the "Old" one\n', ''):
        with pytest.raises(SemanticError) as info:
            compile_text('card "Cob": token minion, power 1\n' + extra +
                         'card "Keeper": minion\n  Genesis → Summon "Cobb" here.\n')
        assert info.value.code == "E202"
        assert info.value.span.line == 3 + bool(extra)


def test_a_card_of_a_quoting_file_is_walked_for_names_when_its_own_lines_quote():
    """resolve_names, card by card: in a file that quotes names, a card whose lines hold only
    its own name's quotes is not walked, and one that quotes another name on any of its lines
    (a second ability, a quoted header value) still has the name found and checked."""
    from cardscript.compiler import _quotes_more_than_its_name
    text = ('card "Cob": token minion, power 1\n'
            'card "Keeper": minion\n  Genesis → Draw a spell.\n  Tap → Summon "Cobb" here.\n'
            'card "Plain": minion\n  Genesis → Draw a spell.\n')
    f = parse_text(text, "t.cards")
    lines = tuple(text.split("\n")[:-1])
    assert [_quotes_more_than_its_name(c, lines) for c in f.cards] == [False, True, False]
    assert _quotes_more_than_its_name(f.cards[0], ())               # no lines: walk
    with pytest.raises(SemanticError) as info:
        compile_text(text)
    assert info.value.code == "E202" and info.value.span.line == 4
    assert set(compile_text(text.replace('"Cobb"', '"Cob"'))) == {"Cob", "Keeper", "Plain"}


def test_equal_selector_words_are_read_once_a_language():
    """Reader._cards: the same words give the same (frozen) selector object, kept per language."""
    from cardscript.language.reader import Reader
    from cardscript.rulesets.sorcery.language import build_language
    lang = build_language()
    words = ("each", "enemy", "minion")
    first = Reader(lang).read("cards", words)
    assert Reader(lang).read("cards", words) is first
    assert Reader(build_language()).read("cards", words) == first
    assert Reader(lang).read("cards", ("each", "enemy", "site")) != first


def test_shapes_kept_by_first_word_read_as_the_whole_table():
    """matching.shapes_for and the required-literal test: leaving out the shapes that open
    with another word, and those a phrase lacks a required word of, finds the same first
    fitting shape as trying the whole table, for words, numbers and card names."""
    from cardscript.compiler.lower import Lowerer
    from cardscript.compiler.matching import _lacks, _said, shapes_for
    from cardscript.language.shapes import match
    low = Lowerer(LANG, {"Ash Wisp": None})
    phrases = [("deal", "2", "damage", "to", "each", "enemy", "minion"), ("draw", "a", "spell"),
               (("name", "Ash Wisp"), "dies"), ("it", "dies"), ("each", "minion", "here"), (),
               ("units", "here", "have", "airborne"), ("you", "control", "a", "site")]
    for table in ("verbs", "statics", "conditions", "patterns"):
        for words in phrases:
            def first(pairs):
                return next(((spec, shape) for spec, shape in pairs
                             if match(shape, words, low.reader.read) is not None), None)
            every = [(spec, shape) for spec in getattr(LANG, table) for shape in spec.shapes]
            kept = shapes_for(LANG, table, words)
            assert first((spec, shape) for spec, shape, _ in kept) == first(every)
            assert first((spec, shape) for spec, shape, needs in kept
                         if not _lacks(needs, _said(words))) == first(every)
            assert len(kept) <= len(every)
    deal = shapes_for(LANG, "verbs", ("deal",))
    assert len(deal) < sum(len(spec.shapes) for spec in LANG.verbs)       # others left out
    assert any(shape.tokens[0].slot is None and "deal" in shape.tokens[0].alts
               for _, shape, _ in deal)
    draw = ("draw", "a", "spell")
    assert sum(not _lacks(needs, _said(draw)) for _, _, needs in shapes_for(LANG, "verbs", draw)) \
        < len(shapes_for(LANG, "verbs", draw))          # shapes needing 'damage' left out
