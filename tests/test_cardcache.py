"""The compiled-card cache: stored templates equal fresh ones, and a stale or odd blob is a miss."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardscript import cache, cardcache, rulesets
from cardscript.compiler import compile_files
from cardscript.compiler.codec import Decoder, Unreadable, templates_from_data, templates_to_data
from cardscript.errors import ScenarioError
from cardscript.grammar import parse_file


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    """A fresh cache folder for one test, and no per-process pools left from others."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(folder))
    monkeypatch.delenv("CARDSCRIPT_NO_CACHE", raising=False)
    monkeypatch.setattr(cardcache, "_POOLS", {})
    monkeypatch.setattr(cardcache, "_POOL_KINDS", {})
    return folder


def _fresh(files, ruleset):
    return compile_files([parse_file(f) for f in files], ruleset.language)


def _no_parsing(monkeypatch):
    def refuse(path):
        raise AssertionError(f"{path} was parsed")
    monkeypatch.setattr("cardscript.grammar.parse_file", refuse)


@pytest.mark.parametrize("name", sorted(rulesets.BUILTIN))
def test_stored_templates_equal_fresh_ones(name):
    """Every pool's templates, stored as JSON and read back, equal a fresh compile, field for
    field (the fields left out of == included)."""
    ruleset = rulesets.get(name)
    fresh = _fresh(cardcache.pool_files(ruleset), ruleset)
    data = templates_to_data(fresh, ruleset.language)
    back = templates_from_data(json.loads(json.dumps(data)), ruleset.language)
    assert back == fresh
    assert list(back) == list(fresh)
    assert templates_to_data(back, ruleset.language) == data


@pytest.mark.parametrize("name", sorted(rulesets.BUILTIN))
def test_pool_from_the_cache_equals_fresh(name, private_cache, monkeypatch):
    """The second load of a pool comes from the cache, with no parse, equal to a fresh one."""
    ruleset = rulesets.get(name)
    files = cardcache.pool_files(ruleset)
    first = cardcache.compile_paths(files, ruleset).templates
    assert any(private_cache.iterdir())
    _no_parsing(monkeypatch)
    again = cardcache.compile_paths(files, ruleset)
    assert again.templates == _fresh_unpatched(files, ruleset) == first
    assert again.kinds == {n: t.kind for n, t in first.items()}


def _fresh_unpatched(files, ruleset):
    from cardscript.grammar import parse_text
    return compile_files([parse_text(f.read_text(encoding="utf-8"), str(f)) for f in files],
                         ruleset.language)


def _write(folder, name, text):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_check_of_unchanged_files_parses_nothing(tmp_path, private_cache, cli, monkeypatch):
    """A second check of the same files reads them from the cache; an edited file alone is
    parsed again."""
    a = _write(tmp_path, "a.cards", 'card "Imp": minion, cost 1, power 1\n  Airborne\n')
    b = _write(tmp_path, "b.cards", 'card "Bolt": magic, cost 1\n  Deal 2 damage to "Imp".\n')
    assert cli("check", str(tmp_path))[0] == 0
    parsed = []
    real = parse_file
    monkeypatch.setattr("cardscript.grammar.parse_file",
                        lambda p: parsed.append(p) or real(p))
    status, out, _ = cli("check", str(tmp_path))
    assert (status, parsed) == (0, []) and "ok: 2 cards" in out
    b.write_text('card "Bolt": magic, cost 2\n  Deal 3 damage to "Imp".\n', encoding="utf-8")
    status, out, _ = cli("check", str(tmp_path))
    assert (status, parsed) == (0, [b]) and "ok: 2 cards" in out
    assert a.exists()


def test_a_named_card_that_changed_kind_compiles_the_file_again(tmp_path, private_cache, cli):
    """A stored file is used only while the cards it names keep their kinds: when "Imp"
    becomes a site, killing it is an error again."""
    imp = _write(tmp_path, "a.cards", 'card "Imp": minion, cost 1, power 1\n')
    _write(tmp_path, "b.cards", 'card "Doom": magic, cost 1\n  Kill "Imp".\n')
    assert cli("check", str(tmp_path))[0] == 0
    imp.write_text('card "Imp": site\n', encoding="utf-8")
    status, _, err = cli("check", str(tmp_path))
    assert status == 1 and "b.cards:2" in err and "Imp" in err
    assert cli("check", "--no-cache", str(tmp_path))[2] == err


def test_an_error_is_never_stored(tmp_path, private_cache, cli):
    """A file with an error is reported again on every run (nothing of it is cached)."""
    path = _write(tmp_path, "a.cards", 'card "Doom": magic, cost 1\n  Kill "Nobody".\n')
    first = cli("check", str(tmp_path))
    assert first[0] == 1 and cli("check", str(tmp_path)) == first
    key = cardcache._file_key(path, rulesets.get("sorcery"))
    assert not (private_cache / cardcache._blob_name(key, "s")).exists()
    assert not (private_cache / cardcache._blob_name(key, "t")).exists()


def test_no_cache_reads_and_writes_nothing(tmp_path, private_cache, cli, monkeypatch):
    """--no-cache and CARDSCRIPT_NO_CACHE=1 leave the cache folder untouched."""
    _write(tmp_path, "a.cards", 'card "Imp": minion, cost 1, power 1\n')
    assert cli("check", "--no-cache", str(tmp_path))[0] == 0
    assert not private_cache.exists() or not list(private_cache.glob("cards-*"))
    monkeypatch.setenv("CARDSCRIPT_NO_CACHE", "1")
    assert cli("check", str(tmp_path))[0] == 0
    assert not private_cache.exists() or not list(private_cache.glob("cards-*"))
    monkeypatch.delenv("CARDSCRIPT_NO_CACHE")
    assert cli("check", str(tmp_path))[0] == 0
    assert list(private_cache.glob("cards-*"))


def test_a_tampered_or_foreign_blob_is_a_miss(tmp_path, private_cache, monkeypatch):
    """A blob whose bytes changed, or that names a class outside the table, is not used: the
    cards are compiled afresh."""
    ruleset = rulesets.get("sorcery")
    path = _write(tmp_path, "a.cards", 'card "Imp": minion, cost 1, power 1\n  Airborne\n')
    fresh = cardcache.compile_paths([path], ruleset).templates
    key = cardcache._file_key(path, ruleset)
    blob = private_cache / cardcache._blob_name(key, "t")
    blob.write_bytes(blob.read_bytes().replace(b"Airborne", b"Airborme"))
    assert cardcache.compile_paths([path], ruleset).templates == fresh
    cache.write_json(cardcache._blob_name(key, "t"), key,
                     [["Imp", {"c": "Popen", "v": ["rm -rf /"]}]])
    assert cardcache.compile_paths([path], ruleset).templates == fresh


def test_a_language_whose_entries_moved_has_other_keys(tmp_path, monkeypatch):
    """Stored templates name a language's entries by position: a language with an entry added
    in front gives every file a new key."""
    import dataclasses
    ruleset = rulesets.get("sorcery")
    path = _write(tmp_path, "a.cards", 'card "Imp": minion, cost 1, power 1\n')
    before = cardcache._file_key(path, ruleset)
    lang = dataclasses.replace(ruleset.language, verbs=ruleset.language.verbs[1:] +
                               ruleset.language.verbs[:1])
    monkeypatch.setattr(cardcache, "_RULESET_STATE", {})
    assert cardcache._file_key(path, dataclasses.replace(ruleset, language=lang)) != before


def test_the_decoder_builds_only_its_own_classes():
    """Data naming anything but the template classes and the language's entries is refused."""
    dec = Decoder(rulesets.get("sorcery").language)
    for bad in ({"c": "Popen", "v": []}, {"c": "Span", "v": [1]}, {"s": ["verbs", 10 ** 6]},
                {"s": ["__class__", 0]}, {"x": []}, {"t": [], "l": []}, [1]):
        with pytest.raises(Unreadable):
            dec.decode(bad)


def test_check_imports_no_scenario_yaml_or_metadata(tmp_path):
    """`cardscript check` on one card file, run again, loads neither the scenario code, YAML
    nor importlib.metadata (its cold start; the first run fills the cache)."""
    path = _write(tmp_path, "one.cards", 'card "Imp": minion, cost 1, power 1\n')
    code = ("import sys; from cardscript.cli import main; main(['check', sys.argv[1]]); "
            "print(sorted(m for m in sys.modules if m == 'yaml' or m == 'importlib.metadata' "
            "or m.startswith('cardscript.scenario')))")
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                             text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_check_of_cached_files_imports_no_rules_engine_or_compiler(tmp_path, private_cache):
    """`check` of a card file the cache holds (and its pool) imports neither the game's rules
    modules, the engine, the compiler nor the language, and prints what the first run did."""
    path = _write(tmp_path, "one.cards", 'card "Imp": minion, cost 1, power 1\n  Airborne\n')
    code = ("import sys; from cardscript.cli import main; main(['check', sys.argv[1]]); "
            "print(sorted(m for m in sys.modules if m.startswith(('cardscript.rulesets.sorcery',"
            " 'cardscript.interpreter', 'cardscript.compiler', 'cardscript.language'))))")
    env = dict(os.environ, CARDSCRIPT_CACHE=str(private_cache))
    runs = [subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                           text=True, check=True, env=env).stdout.splitlines()
            for _ in range(2)]
    assert "cardscript.rulesets.sorcery.language" in runs[0][-1]     # the first compiled
    assert runs[1][-1] == "[]"
    assert runs[1][:-1] == runs[0][:-1] == [f"{path}: sorcery (assumed: nothing names a "
                                            "ruleset)", "ok: 1 card"]


@pytest.mark.parametrize("name", sorted(rulesets.BUILTIN))
def test_a_lazy_ruleset_is_the_builtin_one(name):
    """A built-in ruleset named for `check` has the pool folder its module declares, and
    loads that very ruleset and language."""
    lazy = rulesets.LazyRuleset(name)
    assert not lazy.loaded
    assert lazy.pool_dir == rulesets.get(name).pool_dir
    assert lazy.language is rulesets.get(name).language and lazy.load() is rulesets.get(name)
    assert rulesets.named(name) is rulesets.named(name)


def test_named_refuses_an_unknown_ruleset_as_get_does():
    """An unknown name given to `named` is get's error: S101 with a suggestion."""
    with pytest.raises(ScenarioError) as got:
        rulesets.named("sorcey")
    assert got.value.code == "S101" and "sorcery" in got.value.hint


def test_the_stored_ruleset_state_is_the_computed_one(private_cache, monkeypatch):
    """The key part stored for a built-in ruleset equals the one its loaded language gives,
    and is read back without loading the ruleset."""
    monkeypatch.setattr(cardcache, "_RULESET_STATE", {})
    computed = cardcache.ruleset_state(rulesets.get("sorcery"))
    monkeypatch.setattr(cardcache, "_RULESET_STATE", {})
    assert cardcache.ruleset_state(rulesets.LazyRuleset("sorcery")) == computed  # stored
    monkeypatch.setattr(cardcache, "_RULESET_STATE", {})
    again = rulesets.LazyRuleset("sorcery")
    assert cardcache.ruleset_state(again) == computed and not again.loaded


def test_a_tampered_ruleset_state_is_a_miss(private_cache, monkeypatch):
    """A stored ruleset state whose bytes changed is not used: the state is computed again."""
    monkeypatch.setattr(cardcache, "_RULESET_STATE", {})
    computed = cardcache.ruleset_state(rulesets.LazyRuleset("sorcery"))
    blob = private_cache / cardcache._state_blob("sorcery")
    blob.write_bytes(blob.read_bytes().replace(computed[:8].encode(), b"00000000"))
    monkeypatch.setattr(cardcache, "_RULESET_STATE", {})
    lazy = rulesets.LazyRuleset("sorcery")
    assert cardcache.ruleset_state(lazy) == computed and lazy.loaded
