"""Files from strangers (docs/security.md): the cache, the paths a scenario may read, --html
outputs, and the odd bytes of a card file. Each test is a hostile input that once did harm."""

from __future__ import annotations

import json
import os
import pickle
import resource
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import cardscript.cache as cache_mod
from cardscript import grammar, userfiles
from cardscript.grammar.builder import AstBuilder

SRC = str(Path(cache_mod.__file__).resolve().parents[1])
MEMORY_BOUND = 1024 * 1024 * 1024
CARD = 'card "Tidewalker Test": minion, cost 2, power 1\n  Whenever you cast a spell, draw a spell.\n'


def _bounded():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BOUND, MEMORY_BOUND))


def run_sub(*argv, env=None, timeout=60, cwd=None):
    """`cardscript ARGV` in a fresh interpreter with the environment `env` adds, bounded in
    time and memory; its stdin stays open (reading it would hang, not see an end)."""
    full = dict(os.environ, PYTHONPATH=SRC, **(env or {}))
    with subprocess.Popen([sys.executable, "-m", "cardscript.cli", *argv], env=full, cwd=cwd,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, preexec_fn=_bounded) as proc:
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    """A private cache folder for this test (CARDSCRIPT_CACHE)."""
    d = tmp_path / "cache"
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(d))
    monkeypatch.delenv("CARDSCRIPT_NO_CACHE", raising=False)
    return d


class _Planted:
    """A pickle that, if ever loaded, creates a marker file (a stranger's code running)."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


def _plant_pickle(path: Path, marker: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # The shape of Lark's own cache file: a hash line, then pickles.
    path.write_bytes(b"0" * 64 + b"\n" + pickle.dumps(_Planted(marker)) * 2)


# --- 1. the grammar cache ------------------------------------------------------------------

def test_cache_dir_is_the_users_own(monkeypatch, tmp_path):
    """The cache folder is $CARDSCRIPT_CACHE, else $XDG_CACHE_HOME/cardscript, else
    ~/.cache/cardscript: never the shared temp folder."""
    monkeypatch.delenv("CARDSCRIPT_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    assert cache_mod.cache_dir() == tmp_path / "home" / ".cache" / "cardscript"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    assert cache_mod.cache_dir() == tmp_path / "home" / ".cache" / "cardscript"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_mod.cache_dir() == tmp_path / "xdg" / "cardscript"
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(tmp_path / "mine"))
    assert cache_mod.cache_dir() == tmp_path / "mine"


def test_cache_is_created_private_and_round_trips(cache_home):
    """The folder is made 0700, a blob 0600; tuples and whole-number keys come back as written."""
    value = {"a": (1, 2), "b": {3: [None, True, "x"]}, "c": [(4, {"d": 5})]}
    assert cache_mod.write_json("t.json", "k1", value)
    assert stat.S_IMODE(cache_home.stat().st_mode) == 0o700
    assert stat.S_IMODE((cache_home / "t.json").stat().st_mode) == 0o600
    assert cache_mod.read_json("t.json", "k1") == value
    assert cache_mod.read_json("t.json", "k2") is None          # another key is a miss
    assert [p.name for p in cache_home.iterdir()] == ["t.json"]   # no temporary file left


def test_planted_pickle_never_runs(tmp_path):
    """A pickle planted where the cache is read (and where it used to be) is never loaded."""
    marker = tmp_path / "pwned"
    cdir, tmpdir = tmp_path / "cache", tmp_path / "tmp"
    for where in (cdir / "grammar.json", cdir / "grammar.lark.cache",
                  tmpdir / "cardscript" / "grammar.lark.cache"):
        _plant_pickle(where, marker)
    os.chmod(cdir, 0o700)
    card = tmp_path / "a.cards"
    card.write_text(CARD, encoding="utf-8")
    out = run_sub("check", str(card), "--ruleset", "sorcery",
                  env={"CARDSCRIPT_CACHE": str(cdir), "TMPDIR": str(tmpdir)})
    assert out.returncode == 0, out.stderr
    assert not marker.exists()
    assert (cdir / "grammar.json").read_bytes().startswith(b"cardscript-cache-1 ")


def test_grammar_cache_loads_the_same_parser(cache_home):
    """A parser loaded from the JSON blob parses a card to the same AST as a freshly built one."""
    built = grammar._load_or_build(AstBuilder())
    assert (cache_home / grammar.CACHE_NAME).is_file()
    builder = AstBuilder()
    loaded = grammar._load_or_build(builder)
    assert loaded.parse(CARD) == built.parse(CARD)
    assert [c.name for c in loaded.parse(CARD)] == ["Tidewalker Test"]


def test_other_lark_version_builds_without_cache(cache_home, monkeypatch):
    """With a Lark whose serialised form was never tested, the parser is built from the
    grammar through the public API and nothing is cached."""
    monkeypatch.setattr(grammar.lark, "__version__", "9.0.0")
    parser = grammar._load_or_build(AstBuilder())
    assert [c.name for c in parser.parse(CARD)] == ["Tidewalker Test"]
    assert not cache_home.exists()


def test_symlinked_cache_file_is_not_followed(cache_home, tmp_path):
    """A symlink planted as the cache file is neither read nor written through."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    cache_home.mkdir(mode=0o700)
    (cache_home / grammar.CACHE_NAME).symlink_to(victim)
    parser = grammar._load_or_build(AstBuilder())
    assert [c.name for c in parser.parse(CARD)] == ["Tidewalker Test"]
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not (cache_home / grammar.CACHE_NAME).is_symlink()   # replaced, not written through


def test_symlinked_cache_folder_is_not_used(tmp_path, monkeypatch):
    """A cache folder that is a symlink (to a folder someone else chose) is not used at all."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    link = tmp_path / "cache"
    link.symlink_to(elsewhere)
    monkeypatch.setenv("CARDSCRIPT_CACHE", str(link))
    assert not cache_mod.write_json("t.json", "k", [1])
    assert cache_mod.read_json("t.json", "k") is None
    assert list(elsewhere.iterdir()) == []


def test_fifo_in_the_cache_does_not_hang(tmp_path):
    """A FIFO planted as the cache file is skipped at once (the CLI finishes, well in time)."""
    cdir = tmp_path / "cache"
    cdir.mkdir(mode=0o700)
    os.mkfifo(cdir / "grammar.json")
    os.mkfifo(cdir / "grammar.lark.cache")        # where the cache used to be
    card = tmp_path / "a.cards"
    card.write_text(CARD, encoding="utf-8")
    out = run_sub("check", str(card), "--ruleset", "sorcery",
                  env={"CARDSCRIPT_CACHE": str(cdir)}, timeout=30)
    assert out.returncode == 0 and "ok: 1 card\n" in out.stdout


def test_someone_elses_cache_folder_is_ignored(cache_home, monkeypatch):
    """A cache folder (or file) owned by another user is neither read nor written."""
    assert cache_mod.write_json("t.json", "k", [1])
    before = (cache_home / "t.json").read_bytes()
    me = os.geteuid()
    monkeypatch.setattr(cache_mod.os, "geteuid", lambda: me + 1)
    assert cache_mod.read_json("t.json", "k") is None
    assert not cache_mod.write_json("t.json", "k", [2])
    assert (cache_home / "t.json").read_bytes() == before


def test_a_folder_open_to_others_is_closed_first(cache_home):
    """A cache folder of ours that others may write into is made private before it is used."""
    cache_home.mkdir()
    os.chmod(cache_home, 0o777)
    assert cache_mod.write_json("t.json", "k", [1])
    assert stat.S_IMODE(cache_home.stat().st_mode) == 0o700


@pytest.mark.parametrize("damage", ["flip", "truncate", "header", "empty", "big"])
def test_corrupted_blob_is_a_miss(cache_home, damage):
    """A torn, altered, re-keyed, empty or oversized blob is a miss, not a crash."""
    assert cache_mod.write_json("t.json", "k", {"x": list(range(50))})
    f = cache_home / "t.json"
    data = f.read_bytes()
    if damage == "flip":
        data = data[:-5] + b"9" + data[-4:]
    elif damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "header":
        data = b"cardscript-cache-1 0 0\n" + data.partition(b"\n")[2]
    elif damage == "empty":
        data = b""
    f.write_bytes(data)
    if damage == "big":
        with open(f, "ab") as fh:
            fh.truncate(cache_mod.MAX_BLOB + 1)
    assert cache_mod.read_json("t.json", "k") is None


def test_check_writes_nothing_outside_the_cache(tmp_path):
    """`cardscript check` writes only its cache blobs (the grammar, compiled cards): nothing
    in the temp folder, the home or beside the card file."""
    home, tmp, work = tmp_path / "home", tmp_path / "tmp", tmp_path / "work"
    for d in (home, tmp, work):
        d.mkdir()
    (work / "a.cards").write_text(CARD, encoding="utf-8")
    env = {"HOME": str(home), "TMPDIR": str(tmp), "XDG_CACHE_HOME": "", "CARDSCRIPT_CACHE": ""}
    out = run_sub("check", str(work / "a.cards"), "--ruleset", "sorcery", env=env,
                  cwd=str(work))
    assert out.returncode == 0, out.stderr
    assert list(tmp.iterdir()) == []
    assert [p.name for p in work.iterdir() if p.name != "__pycache__"] == ["a.cards"]
    written = sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.is_file())
    assert ".cache/cardscript/grammar.json" in written
    assert all(w.startswith(".cache/cardscript/") and w.endswith(".json") for w in written)


# --- 2. the paths a scenario's cards: may read ---------------------------------------------

def _scenario(folder: Path, cards: list[str], name="s.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / name
    p.write_text("name: paths\nruleset: sorcery\nplayers: [alice, bob]\n"
                 f"cards: {json.dumps(cards)}\n", encoding="utf-8")
    return p


def test_cards_outside_the_scenario_folder_are_refused_unread(cli, tmp_path):
    """`cards: [../secret.cards]` is refused by name; the file's content is never printed."""
    secret = tmp_path / "secret.cards"
    secret.write_text("TOP-SECRET-LINE\n", encoding="utf-8")
    sc = _scenario(tmp_path / "scen", ["../secret.cards"])
    status, out, err = cli("run", str(sc), "--json")
    data = json.loads(out)
    assert status == 1 and data["error"]["code"] == "S011"
    assert "../secret.cards" in data["error"]["message"]
    assert "--allow-path" in data["error"]["hint"]
    assert "TOP-SECRET" not in out + err


def test_proc_environ_is_never_read(cli, tmp_path, monkeypatch):
    """`cards: [/proc/self/environ]` is refused; no variable of the environment is printed."""
    monkeypatch.setenv("CARDSCRIPT_TEST_SECRET", "hunter2-do-not-print")
    sc = _scenario(tmp_path, ["/proc/self/environ"])
    status, out, err = cli("run", str(sc))
    assert status == 1 and "/proc/self/environ" in err and "hunter2" not in out + err
    status, out, err = cli("run", str(sc), "--allow-path", "/proc")
    assert status == 1 and "a file of the kernel" in err and "hunter2" not in out + err


def test_a_symlink_in_the_tree_that_leads_out_is_refused(cli, tmp_path):
    """A card file inside the scenario's folder that is a symlink to a file outside it is
    refused like the outside path itself."""
    secret = tmp_path / "outside.cards"
    secret.write_text("TOP-SECRET-LINE\n", encoding="utf-8")
    sc = _scenario(tmp_path / "scen", ["mine/"])
    (tmp_path / "scen" / "mine").mkdir()
    (tmp_path / "scen" / "mine" / "x.cards").symlink_to(secret)
    status, out, err = cli("run", str(sc))
    assert status == 1 and "leads outside" in err and "TOP-SECRET" not in out + err


def test_allow_path_lets_a_scenario_read_another_folder(cli, tmp_path):
    """`--allow-path DIR` (run and test) admits card files under DIR."""
    shared = tmp_path / "common"
    shared.mkdir()
    (shared / "x.cards").write_text(CARD, encoding="utf-8")
    sc = _scenario(tmp_path / "scen", ["../common/x.cards"])
    assert cli("run", str(sc))[0] == 1
    status, out, err = cli("run", str(sc), "--allow-path", str(shared))
    assert status == 0, err
    status, out, _ = cli("test", str(sc), "--allow-path", str(shared))
    assert "outside" not in out


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/stdin", "/dev/null"])
def test_devices_are_refused(tmp_path, special):
    """A device named in cards: (when its folder is allowed) or given to check is refused
    without being read: /dev/zero cannot fill memory nor /dev/stdin hang."""
    sc = _scenario(tmp_path, [special])
    out = run_sub("run", str(sc), "--allow-path", "/dev", timeout=30)
    assert out.returncode == 1 and special in out.stderr
    assert any(w in out.stderr for w in ("a device", "a FIFO", "a socket", "a file of the kernel",
                                         "outside"))
    out = run_sub("check", special, "--ruleset", "sorcery", timeout=30)
    assert out.returncode == 1 and "error[E001]" in out.stderr


def test_fifo_card_file_is_refused_without_hanging(tmp_path):
    """A FIFO named as a card file, by a scenario or by check, is an error at once."""
    os.mkfifo(tmp_path / "pipe.cards")
    sc = _scenario(tmp_path, ["pipe.cards"])
    out = run_sub("run", str(sc), timeout=30)
    assert out.returncode == 1 and "a FIFO" in out.stderr and "Traceback" not in out.stderr
    out = run_sub("check", str(tmp_path / "pipe.cards"), "--ruleset", "sorcery", timeout=30)
    assert out.returncode == 1 and "a FIFO" in out.stderr


def test_card_file_size_is_capped(cli, tmp_path):
    """A card file over 8 MiB is refused with its size named, before it is parsed."""
    big = tmp_path / "big.cards"
    with open(big, "wb") as f:
        f.truncate(userfiles.MAX_FILE_BYTES + 1)
    status, _, err = cli("check", str(big), "--ruleset", "sorcery")
    assert status == 1 and "more than the 8 MiB" in err
    sc = _scenario(tmp_path, ["big.cards"])
    status, _, err = cli("run", str(sc))
    assert status == 1 and "8 MiB" in err


def test_scenario_file_is_read_safely(tmp_path):
    """`run` on a FIFO or a device is a clear S002 error, not a hang or a traceback."""
    os.mkfifo(tmp_path / "pipe.yaml")
    for path in ("/dev/zero", str(tmp_path / "pipe.yaml")):
        out = run_sub("run", path, timeout=30)
        assert out.returncode == 1 and "error[S002]" in out.stderr and path in out.stderr


# --- 3. --html ----------------------------------------------------------------------------

def _playable(tmp_path: Path) -> Path:
    (tmp_path / "x.cards").write_text(CARD, encoding="utf-8")
    p = tmp_path / "s.yaml"
    p.write_text("name: html\nruleset: sorcery\nplayers: [alice, bob]\ncards: [x.cards]\n"
                 "setup:\n  alice:\n    hand: [Tidewalker Test]\n", encoding="utf-8")
    return p


@pytest.mark.parametrize("target", ["s.yaml", "x.cards", "link.yaml", "hard.yaml"])
def test_html_never_overwrites_an_input(cli, tmp_path, target):
    """`--html` onto the scenario, a card file it loaded, or a link to one is refused (exit 1)
    and the file is unchanged."""
    sc = _playable(tmp_path)
    (tmp_path / "link.yaml").symlink_to(sc)
    os.link(sc, tmp_path / "hard.yaml")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    status, _, err = cli("run", str(sc), "--html", str(tmp_path / target))
    assert status == 1 and "error[E004]" in err and "input of this run" in err
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == before


def _html_onto_the_pool_is_refused(cli, root, tmp_path):
    """`run --html` naming the bundled pool file is refused and leaves the file as it was
    (and if it ever is not, the file is put back: a failure must not break the tree)."""
    pool = root / "cards" / "sorcery" / "pool.cards"
    before = pool.read_bytes()
    try:
        status, _, err = cli("run", str(_playable(tmp_path)), "--html", str(pool))
        after = pool.read_bytes()
    finally:
        if pool.read_bytes() != before:
            pool.write_bytes(before)
    assert status == 1 and "input of this run" in err and after == before


def test_html_onto_a_pool_file_is_refused(cli, root, tmp_path):
    """The bundled pool a run read is an input too."""
    _html_onto_the_pool_is_refused(cli, root, tmp_path)


def test_html_onto_a_pool_file_is_refused_after_another_pool_was_loaded(cli, root, tmp_path,
                                                                       monkeypatch):
    """A pool this process loaded from elsewhere earlier (as a test does) does not make the
    bundled pool's files writable: they are inputs whatever was loaded before."""
    from cardscript import cardcache, rulesets
    cardcache.load_pool(rulesets.get("sorcery"))       # this process holds a pool...
    monkeypatch.setitem(cardcache._POOL_FILES, "sorcery", [tmp_path / "elsewhere.cards"])
    _html_onto_the_pool_is_refused(cli, root, tmp_path)


@pytest.mark.parametrize("case", ["no-folder", "folder", "read-only", "proc"])
def test_html_unwritable_target_is_a_clear_error(cli, tmp_path, case):
    """A missing folder, a folder, a read-only file or an unwritable place is an E004 error
    naming the path, never a traceback."""
    sc = _playable(tmp_path)
    target = {"no-folder": tmp_path / "nope" / "out.html", "folder": tmp_path,
              "read-only": tmp_path / "ro.html", "proc": Path("/proc/out.html")}[case]
    if case == "read-only":
        target.write_text("keep", encoding="utf-8")
        target.chmod(0o444)
    status, _, err = cli("run", str(sc), "--html", str(target))
    assert status == 1 and "error[E004]" in err and str(target) in err
    assert "Traceback" not in err
    if case == "read-only":
        assert target.read_text(encoding="utf-8") == "keep"


def test_html_is_written_atomically(cli, tmp_path, monkeypatch):
    """The page goes to a temporary file moved into place: if the move fails, the old page is
    intact and no temporary file is left."""
    sc = _playable(tmp_path)
    out = tmp_path / "out.html"
    out.write_text("old page", encoding="utf-8")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(userfiles.os, "replace", broken_replace)
    status, _, err = cli("run", str(sc), "--html", str(out))
    assert status == 1 and "no space left" in err
    assert out.read_text(encoding="utf-8") == "old page"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.html", "s.yaml", "x.cards"]
    monkeypatch.undo()
    status, _, _ = cli("run", str(sc), "--html", str(out))
    assert status == 0 and "html" in out.read_text(encoding="utf-8").lower()
    assert out.read_text(encoding="utf-8") != "old page"
    assert stat.S_IMODE(out.stat().st_mode) & 0o600 == 0o600


# --- 15. odd bytes in card files and scenarios --------------------------------------------

def test_bom_is_dropped_and_columns_stay_right(cli, tmp_path):
    """A UTF-8 BOM at the start of a card file is accepted; an error on line 1 has the same
    column as without it."""
    text = 'card "A": minion, cost 2, power 1 ~\n'
    (tmp_path / "plain.cards").write_text(text, encoding="utf-8")
    (tmp_path / "bom.cards").write_bytes(b"\xef\xbb\xbf" + text.encode())
    _, _, plain = cli("check", str(tmp_path / "plain.cards"), "--ruleset", "sorcery")
    _, _, bom = cli("check", str(tmp_path / "bom.cards"), "--ruleset", "sorcery")
    assert "plain.cards:1:35: error[E106]" in plain
    assert bom.replace("bom.cards", "plain.cards") == plain
    (tmp_path / "ok.cards").write_bytes(b"\xef\xbb\xbf" + CARD.encode())
    assert cli("check", str(tmp_path / "ok.cards"), "--ruleset", "sorcery")[0] == 0


@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\x85", "\x0c", "\x1c"])
def test_line_separators_in_a_comment_do_not_shift_errors(cli, tmp_path, sep):
    """A Unicode line separator inside a comment is not a line: a later error names the line
    the parser counted, and quotes that line."""
    f = tmp_path / "sep.cards"
    f.write_text(f"# one{sep}two{sep}three\n" + CARD + "  Zap zap.\n", encoding="utf-8")
    status, _, err = cli("check", str(f), "--ruleset", "sorcery")
    assert status == 1
    assert "sep.cards:4:3:" in err and "\n    Zap zap.\n" in err


def _locked_folder(tmp_path, monkeypatch):
    """A subfolder that cannot be listed (as root, chmod cannot make one: scandir refuses it)."""
    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.scandir

    def scandir(path="."):
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(locked))
        return real(path)
    monkeypatch.setattr(os, "scandir", scandir)
    return locked


def test_unreadable_subfolder_is_reported(cli, tmp_path, monkeypatch):
    """A subfolder that cannot be listed makes check fail naming it, not pass with 'ok'."""
    (tmp_path / "a.cards").write_text(CARD, encoding="utf-8")
    locked = _locked_folder(tmp_path, monkeypatch)
    status, out, err = cli("check", str(tmp_path), "--ruleset", "sorcery")
    assert status == 1 and "ok:" not in out
    assert f"cannot read {locked}" in err and "permission denied" in err


@pytest.mark.parametrize("ch", ["\x00", "\x1b", "\x07"])
def test_control_character_in_a_card_name_is_an_error(cli, tmp_path, ch):
    """A NUL (or other control character) inside a quoted name is an E106 error at it."""
    f = tmp_path / "n.cards"
    f.write_text(f'card "Taw{ch}ny": minion, cost 2, power 1\n', encoding="utf-8")
    status, _, err = cli("check", str(f), "--ruleset", "sorcery")
    assert status == 1 and "n.cards:1:10: error[E106]" in err
    assert f"U+{ord(ch):04X}" in err


def test_a_huge_word_gives_a_short_message(cli, tmp_path):
    """A 1 MB word in card text gives an error of under 2,000 characters, caret included."""
    f = tmp_path / "w.cards"
    f.write_text('card "W": minion, cost 2, power 1\n  Deal ' + "x" * 1_000_000 + " damage.\n",
                 encoding="utf-8")
    status, out, err = cli("check", str(f), "--ruleset", "sorcery")
    assert status == 1 and len(out + err) < 2000 and "…" in err
    status, out, _ = cli("check", str(f), "--ruleset", "sorcery", "--format", "json")
    assert len(out) < 4000 and json.loads(out)["ok"] is False


def test_caret_stays_under_its_word_in_a_long_line():
    """Shown in a window, a long line keeps the caret under the word the error is about."""
    from cardscript.errors import CardScriptError, Span
    line = "a " * 500 + "TARGET" + " b" * 500
    col = line.index("TARGET") + 1
    text = CardScriptError("m", Span("f", 1, col, 1, col + 6), source_line=line).format()
    shown, caret = text.splitlines()[1:3]
    at = caret.index("^")
    assert shown[at:at + 6] == "TARGET" and caret.count("^") == 6 and len(shown) < 200


@pytest.mark.parametrize("value", ["!!python/object/apply:os.system\n  a: {}",
                                   "!!python/object/new:dict [[]]", "!!set {a}",
                                   "!mine {max_steps: 3}"])
def test_unknown_yaml_tag_is_an_error_where_it_stands(cli, tmp_path, value):
    """A `!!python/...`, `!!set` or local tag on a list or mapping is an S001 error at the tag,
    not dropped in silence."""
    f = tmp_path / "t.yaml"
    f.write_text(f"name: x\nruleset: sorcery\nplayers: [a, b]\noptions: {value}\n",
                 encoding="utf-8")
    status, _, err = cli("run", str(f))
    assert status == 1 and "t.yaml:4:10: error[S001]: the YAML tag" in err


def test_unreadable_subfolder_fails_test_collection(cli, tmp_path, monkeypatch):
    """`cardscript test DIR` with a subfolder that cannot be listed names it and exits 1."""
    _playable(tmp_path)
    locked = _locked_folder(tmp_path, monkeypatch)
    status, out, err = cli("test", str(tmp_path))
    assert status == 1 and f"cannot read {locked}" in err and "passed" not in out


def test_cache_key_names_everything_the_tables_depend_on(monkeypatch):
    """The grammar cache key changes with the grammar, Lark, and cardscript's version."""
    text = grammar.grammar_text()
    key = grammar.cache_key(text)
    assert grammar.cache_key(text + " ") != key
    monkeypatch.setattr(grammar.lark, "__version__", "1.3.999")
    assert grammar.cache_key(text) != key
    monkeypatch.undo()
    monkeypatch.setattr(grammar, "__version__", "99.0")
    assert grammar.cache_key(text) != key


def test_html_target_symlink_is_replaced_not_followed(cli, tmp_path):
    """A --html target that is a symlink to another file gets the page in its place; the file
    it pointed to is untouched."""
    sc = _playable(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    link = tmp_path / "page.html"
    link.symlink_to(victim)
    status, _, err = cli("run", str(sc), "--html", str(link))
    assert status == 0, err
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not link.is_symlink() and "html" in link.read_text(encoding="utf-8").lower()


@pytest.mark.parametrize("argv", [["check", "x" * 5000], ["test", "x" * 5000],
                                  ["explain", "X", "--cards", "x" * 5000],
                                  ["check", "x" * 5000, "--format", "json"]])
def test_a_path_the_system_refuses_is_a_clear_error(cli, argv):
    """A path the system refuses (a name too long) is an E001 error, JSON when asked, with
    the name shortened; never a traceback."""
    status, out, err = cli(*argv)
    assert status == 1 and "error[E001]" in err and "file name too long" in err
    assert len(err) < 1000
    if "json" in argv:
        assert json.loads(out)["ok"] is False


def test_no_module_loads_pickle_or_passes_lark_a_cache():
    """No module of cardscript imports pickle (or marshal, shelve) or gives Lark its own
    pickle cache (`cache=`)."""
    import ast as pyast
    for path in Path(SRC, "cardscript").rglob("*.py"):
        tree = pyast.parse(path.read_text(encoding="utf-8"))
        for node in pyast.walk(tree):
            if isinstance(node, (pyast.Import, pyast.ImportFrom)):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert not {"pickle", "marshal", "shelve", "dill"} & set(names), path
            if isinstance(node, pyast.Call) and getattr(node.func, "id", "") == "Lark":
                assert "cache" not in {k.arg for k in node.keywords}, path


def test_security_doc_names_real_tests(root):
    """Every test docs/security.md cites exists (a `*` stands for any ending)."""
    import re
    text = (root / "docs" / "security.md").read_text(encoding="utf-8")
    names = set(re.findall(r"::(test_[\w*]+)", text))
    here = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    defined = set(re.findall(r"^def (test_\w+)", here, re.M))
    assert len(names) > 20
    for name in names:
        stem = name.rstrip("*")
        assert any(d == name or (name.endswith("*") and d.startswith(stem)) for d in defined), name
