"""One card name declared twice among the files compiled or checked together is E209."""

from __future__ import annotations

import json

from conftest import ROOT

FIRST = '# ruleset: sorcery\ncard "Moth Twin": minion, cost 1, power 1\n'
SECOND = ('# ruleset: sorcery\n\ncard "Lone Spark": magic, cost 1\n  Draw a spell.\n'
          'card "Moth Twin": minion, cost 2, power 2\n')


def _two_files(folder):
    folder.mkdir(exist_ok=True)
    (folder / "a.cards").write_text(FIRST, encoding="utf-8")
    (folder / "b.cards").write_text(SECOND, encoding="utf-8")
    return folder / "a.cards", folder / "b.cards"


def _says_both_places(err: str, first, second) -> None:
    assert f'{second}:5:6: error[E209]: card "Moth Twin" is declared twice: first in {first}' \
        in err
    assert "  card \"Moth Twin\": minion, cost 2, power 2\n       ^^^^^^^^^^^\n" in err
    assert f"hint: the first is at {first}:2:6; give each card its own name" in err


def test_two_files_of_one_folder(cli, tmp_path):
    """Two files of a folder declaring one name: E209 on the second, naming the first's
    file:line:col; exit 1, and the same again with the cache warm."""
    first, second = _two_files(tmp_path / "pool")
    for _ in range(2):
        status, out, err = cli("check", str(tmp_path / "pool"))
        assert status == 1 and "ok:" not in out
        _says_both_places(err, first, second)


def test_two_paths_given(cli, tmp_path):
    """The files of two paths are compiled apart, yet a name both declare is E209 all the
    same, on the later path's card; in JSON too."""
    first, second = _two_files(tmp_path)
    status, _, err = cli("check", str(first), str(second))
    assert status == 1
    _says_both_places(err, first, second)
    status, out, _ = cli("check", str(first), str(second), "--format", "json")
    data = json.loads(out)
    assert status == 1 and data["ok"] is False
    assert [(d["code"], d["line"], d["column"]) for d in data["diagnostics"]] == \
        [("E209", 5, 6)]


def test_one_file_given_twice_is_no_clash(cli, tmp_path):
    """A file named twice on the command line declares its cards once."""
    first, _ = _two_files(tmp_path)
    status, _, err = cli("check", str(first), str(first))
    assert status == 0, err


def test_a_card_standing_in_for_a_pool_card_is_no_clash(cli, tmp_path):
    """A user's file may name a card of the bundled pool: it stands in for it (scenarios do)."""
    (tmp_path / "mine.cards").write_text(
        '# ruleset: sorcery\ncard "Plumed Pegasus": minion, cost 1, power 1\n', encoding="utf-8")
    pool = ROOT / "cards" / "sorcery" / "pool.cards"
    status, _, err = cli("check", str(pool), str(tmp_path / "mine.cards"))
    assert status == 0, err


def test_a_scenario_loading_two_files_of_one_name(cli, tmp_path):
    """A scenario whose `cards:` declare one name twice fails with E209 rather than play
    the later card."""
    _two_files(tmp_path)
    (tmp_path / "s.yaml").write_text(
        "name: twins\nruleset: sorcery\ncards: [a.cards, b.cards]\nplayers: [alice, bob]\n"
        "setup: {}\nactions: []\nexpect: {state: {alice.life: 20}}\n", encoding="utf-8")
    status, out, err = cli("run", str(tmp_path / "s.yaml"))
    assert status == 1
    assert 'error[E209]: card "Moth Twin" is declared twice: first in' in out + err
