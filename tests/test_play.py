"""`cardscript play`: a game played on a real pseudo-terminal, saved, and tested as a scenario."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pexpect
import pytest
import yaml
from rich.console import Console

from conftest import ROOT
from cardscript.errors import CardScriptError
from cardscript.play import screen
from cardscript.play.session import from_cards, from_scenario
from cardscript.scenario.loader import load_scenario

MARINER = ROOT / "cards/sorcery/scenarios/mariners_curse_sinks_the_apprentice_wizard.yaml"
IMP = ROOT / "docs/examples/tour/ember_imp.cards"


def _spawn(*args) -> pexpect.spawn:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "120", "LINES": "50"}
    return pexpect.spawn(sys.executable, ["-m", "cardscript.cli", "play", *args], env=env,
                         encoding="utf-8", timeout=60, dimensions=(50, 120), cwd=str(ROOT))


def test_play_on_a_pty_then_save_and_test(tmp_path, cli):
    """On a real pty: cast, answer the order question by number, undo, redo, save; the save passes `cardscript test`."""
    child = _spawn(str(MARINER))
    child.expect("Actions of alice:")
    child.expect(r"(\d+)\. alice: cast Apprentice Wizard")
    cast = child.match.group(1)
    child.expect("play> ")
    child.sendline(cast)
    child.expect("order: order your simultaneous triggers")
    child.expect(r"(\d)\. Apprentice Wizard \(genesis\)")
    genesis = child.match.group(1)
    child.expect("answer> ")
    child.sendline("1 2" if genesis == "1" else "2 1")
    child.expect("IGNORED")
    child.expect("its source left play before it began")
    child.expect("play> ")
    child.sendline("undo")
    child.expect("undone")
    child.expect("play> ")
    child.sendline(cast)
    child.expect("answer> ")
    child.sendline("1 2" if genesis == "1" else "2 1")
    child.expect("IGNORED")
    child.expect("play> ")
    saved = tmp_path / "played.yaml"
    child.sendline(f"save {saved}")
    child.expect("saved")
    child.expect("play> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    data = yaml.safe_load(saved.read_text(encoding="utf-8"))
    assert data["actions"] == [{"player": "alice", "cast": "Apprentice Wizard"}]
    assert data["choices"] == [{"player": "alice", "kind": "order",
                                "answer": ["Apprentice Wizard", "Bottomless Pit"]}]
    assert {"source": "Apprentice Wizard", "kind": "genesis", "status": "ignored"} in \
        data["expect"]["trace"]
    assert data["expect"]["state"]["bob.hand"] == ["Mariner's Curse"]
    status, out, _ = cli("test", str(saved))
    assert status == 0 and out.strip().endswith("1 passed, 0 failed")


def test_play_from_a_card_file_asks_the_square(tmp_path, cli):
    """From a card file and a ruleset: a site is cast to a square chosen by number, then the imp."""
    child = _spawn("--cards", str(IMP), "--ruleset", "sorcery", "--hand", "Summer River")
    child.expect(r"(\d+)\. alice: cast Summer River, at \(1-20\)")
    child.sendline(child.match.group(1))
    child.expect("at\\?")
    child.expect("answer> ")
    child.sendline("13")
    child.expect("Summer River enters the realm at 13")
    child.expect(r"(\d+)\. alice: cast Ember Imp")
    child.sendline(child.match.group(1))
    child.expect("Ember Imp enters the realm at 13")
    child.expect("play> ")
    saved = tmp_path / "imp_game.yaml"
    child.sendline(f"save {saved}")
    child.expect("saved")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "ember_imp.cards").read_text() == IMP.read_text()   # copied beside it
    status, out, _ = cli("test", str(saved))
    assert status == 0, out


def _loop(session, typed: list[str]) -> str:
    out = io.StringIO()
    lines = iter(typed)

    def read(prompt):
        out.write(prompt)
        try:
            return next(lines)
        except StopIteration:
            raise screen.Quit() from None

    console = Console(file=out, width=120, color_system=None)
    try:
        screen.loop(session, console, read)
    except screen.Quit:
        pass
    return out.getvalue()


def test_undo_takes_back_the_action_and_its_answers():
    """Undo drops the last action and the answers given during it; the board is as before."""
    play = from_scenario(load_scenario(MARINER))
    before = play.result["state"]
    ((action, _, _),) = [a for a in play.legal_actions("alice") if "cast" in a[0]]
    play.play(action, lambda q: ["Bottomless Pit", "Apprentice Wizard"])
    assert play.choices and play.actions
    assert play.undo()
    assert play.actions == [] and play.choices == [] and play.result["state"] == before
    assert not play.undo()


def test_legal_actions_list_a_verb_without_a_card_once():
    """end_turn and pass are listed once, not once for each card."""
    play = from_scenario(load_scenario(MARINER))
    verbs = [next(k for k in a if k != "player") for a, _, _ in play.legal_actions("alice")]
    assert verbs.count("end_turn") == 1 and verbs.count("pass") == 1


def test_save_never_writes_over_the_scenario_it_came_from(tmp_path):
    """Saving over the starting scenario, or to a file that is not YAML, is refused."""
    play = from_scenario(load_scenario(MARINER))
    with pytest.raises(CardScriptError, match="started from"):
        play.save(MARINER)
    with pytest.raises(CardScriptError, match="not a .yaml"):
        play.save(tmp_path / "x.txt")


def test_the_screen_explains_its_commands_and_refuses_a_bad_answer():
    """An unknown command prints the help; an answer out of range is asked again."""
    play = from_scenario(load_scenario(MARINER))
    text = _loop(play, ["what", "1", "9", "1 2", "log"])
    assert "save FILE" in text
    assert "answer with the number(s)" in text
    assert "IGNORED: Apprentice Wizard (genesis)" in text


def test_play_needs_a_scenario_or_cards(cli):
    """`play` with neither a scenario nor --cards is an error with a hint, exit 1."""
    status, _, err = cli("play")
    assert status == 1 and "play needs a scenario or --cards FILE" in err


def _readme_transcript() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("```text\n$ cardscript play ")
    return text[start + len("```text\n"):text.index("```", start + 8)].splitlines()


def test_readme_transcript_is_a_real_session(tmp_path, monkeypatch, cli):
    """The README's play transcript: its answers, played, print its lines in order; its save passes."""
    lines = _readme_transcript()
    scenario = ROOT / lines[0].split()[-1]
    end = next(i for i, l in enumerate(lines) if l.startswith("$ cardscript test"))
    typed = [l.split("> ", 1)[1] for l in lines[1:end] if l.startswith(("play> ", "answer> "))]
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    feed = iter(typed)

    def read(prompt):
        answer = next(feed)
        out.write(f"{prompt}{answer}\n")
        return answer

    console = Console(file=out, width=200, color_system=None)
    assert screen.loop(from_scenario(load_scenario(scenario)), console, read) == 0
    got = iter(out.getvalue().splitlines())
    for want in lines[1:end]:
        if not want.startswith("…"):
            assert any(line == want for line in got), f"not printed in order: {want!r}"
    status, printed, _ = cli(*lines[end].split()[2:])
    assert status == 0 and printed.strip() == lines[end + 1]


@pytest.mark.parametrize("kind, legal, typed, answer", [
    ("may", [("true", True), ("false", False)], "2", False),
    ("pay", [("true", True), ("false", False)], "1", True),
    ("option", [("success", 0), ("failure", 1)], "2", 2),
    ("path", [("7 → 8", ["7", "8"]), ("3 → 8", ["3", "8"])], "2", ["3", "8"]),
    ("target", [("c1", "c1"), ("c2", "c2")], "2", "c2"),
])
def test_each_question_kind_is_answered_by_number(kind, legal, typed, answer):
    """may, pay, option, path and target questions take a number; replayed, the answer picks the same."""
    from cardscript.interpreter.choices import Question, ScriptedAnswers
    q = Question("alice", kind, "a question", legal)
    console = Console(file=io.StringIO(), width=100, color_system=None)
    got = screen.asker(console, lambda prompt: typed)(q)
    assert got == answer
    scripted = ScriptedAnswers([{"player": "alice", "kind": kind, "answer": got}])
    assert scripted.answer(q) == legal[int(typed) - 1][1]      # replayed, it picks the same


def test_a_multi_answer_question_takes_several_numbers_in_order():
    """An order or cards question takes numbers separated by spaces, first = first."""
    from cardscript.interpreter.choices import Question
    q = Question("bob", "cards", "two cards", [("a", "a"), ("b", "b"), ("c", "c")], multi=True,
                 count=2, exact=True)
    typed = iter(["1", "3 1"])
    out = io.StringIO()
    got = screen.asker(Console(file=out, width=100, color_system=None), lambda p: next(typed))(q)
    assert got == ["c", "a"] and "answer with the number(s)" in out.getvalue()


def test_save_elsewhere_copies_a_folder_of_cards_beside_it(tmp_path, cli):
    """A scenario whose cards: names a folder, saved to another folder, takes the folder along."""
    src, dst = tmp_path / "src", tmp_path / "dst"
    (src / "mine").mkdir(parents=True)
    dst.mkdir()
    (src / "mine" / "imp.cards").write_text(IMP.read_text(encoding="utf-8"), encoding="utf-8")
    tour = (ROOT / "docs/examples/tour/ember_imp.yaml").read_text(encoding="utf-8")
    (src / "game.yaml").write_text(tour.replace("[ember_imp.cards]", "[mine/]"),
                                   encoding="utf-8")
    play = from_scenario(load_scenario(src / "game.yaml"))
    ((action, _, _),) = [a for a in play.legal_actions("alice") if "cast" in a[0]]
    assert play.play(action, lambda q: pytest.fail(f"unexpected question {q.prompt}"))["ok"]
    saved = play.save(dst / "saved.yaml")
    assert (dst / "mine" / "imp.cards").is_file()
    assert yaml.safe_load(saved.read_text(encoding="utf-8"))["cards"] == ["mine"]
    status, out, _ = cli("test", str(saved))
    assert status == 0, out


def test_card_names_with_rich_markup_are_shown_as_written(tmp_path):
    """A card named like Rich markup is printed as its name, not styled."""
    name = "[bold red]Imp[/bold red]"
    (tmp_path / "odd.cards").write_text(f'card "{name}": minion, cost 1, power 1\n',
                                        encoding="utf-8")
    play = from_cards(str(tmp_path / "odd.cards"), "sorcery", ["Summer River"])
    text = _loop(play, ["board"])
    assert f"hand: {name}, Summer River" in text


def test_save_goes_through_the_atomic_writer_and_never_over_a_card_file(tmp_path):
    """save refuses a path that is a card file the game read (here through a symlink) and a
    folder, with S002 and the writer's reason, and leaves no temporary file behind."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("ember_imp.yaml", "ember_imp.cards"):
        (src / name).write_bytes((ROOT / "docs/examples/tour" / name).read_bytes())
    play = from_scenario(load_scenario(src / "ember_imp.yaml"))
    link = tmp_path / "link.yaml"
    link.symlink_to(play.card_paths[0])
    before = Path(play.card_paths[0]).read_bytes()
    with pytest.raises(CardScriptError, match="input of this run") as info:
        play.save(link)
    assert info.value.code == "S002" and Path(play.card_paths[0]).read_bytes() == before
    (tmp_path / "dir.yaml").mkdir()
    with pytest.raises(CardScriptError, match="it is a folder"):
        play.save(tmp_path / "dir.yaml")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.yaml", "link.yaml", "src"]
