"""The storyline view (`run --html`): the page as text, and the page in a real headless Chromium."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from conftest import ROOT
from cardscript.scenario.boards import changes
from cardscript.scenario.loader import load_scenario
from cardscript.scenario.runner import run_scenario
from cardscript.storyline_view import embed_json, storyline_page

MARINER = ROOT / "cards/sorcery/scenarios/mariners_curse_sinks_the_apprentice_wizard.yaml"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"      # Debian's package
HOSTILE = '</script><script>window.pwned=1</script><b>Imp'

HOSTILE_CARD = f'card "{HOSTILE}": minion, cost 1, power 1\n' \
    '  Genesis → Deal 1 damage to each enemy unit here.\n'
HOSTILE_SCENARIO = """\
name: "A hostile name: </script><img src=x onerror=window.pwned=2>"
ruleset: sorcery
cards: [hostile.cards]
players: [alice, bob]
setup:
  alice:
    hand: ['{name}']
    realm:
      - {{card: Summer River, at: 8}}
  bob:
    realm:
      - {{card: Azuridge Caravan, at: 8}}
actions:
  - {{player: alice, cast: '{name}', at: 8}}
"""


def _run(path, **kw) -> dict:
    return run_scenario(load_scenario(path), **kw)


@pytest.fixture
def hostile(tmp_path) -> Path:
    (tmp_path / "hostile.cards").write_text(HOSTILE_CARD, encoding="utf-8")
    sc = tmp_path / "hostile.yaml"
    sc.write_text(HOSTILE_SCENARIO.format(name=HOSTILE), encoding="utf-8")
    return sc


def test_entries_name_the_policy_rule_that_placed_them():
    """Each trace entry's `rules` names the policy setting that put it there, and why it was ignored."""
    trace = _run(MARINER)["trace"]
    genesis = next(e for e in trace if e["kind"] == "genesis")
    settings = [r["setting"] for r in genesis["rules"]]
    assert settings[-1] == "source_left_play"
    assert "trigger_order" in settings and "players_add" in settings
    assert any("alice ordered" in r["text"] for r in genesis["rules"])
    rest = next(e for e in trace if e["parent"] is not None)
    assert rest["rules"][0]["setting"] == "split_on"
    assert all(e["cause"] == 1 for e in trace if e["parent"] is None and e["id"] != 1)


def test_where_new_events_go_is_named_only_when_others_were_waiting():
    """`new_events` is named on an event put ahead of waiting ones, not on one put on an empty storyline."""
    trace = _run(ROOT / "cards/sorcery/scenarios/a_splits_triggers_go_before_the_steps_it_inserts.yaml")["trace"]
    named = {e["id"]: [r["setting"] for r in e["rules"]] for e in trace}
    assert named[1] == []                           # the action: nothing was waiting
    assert named[2] == ["new_events"]               # the trigger went ahead of the move steps
    assert all("new_events" not in s for s in _run(MARINER)["trace"][0]["rules"])


def test_boards_replayed_give_the_final_state():
    """Applying each step's changes to the start board gives the board the run ended with."""
    result = _run(MARINER, boards=True)
    b = result["boards"]
    assert len(b["steps"]) == len(result["trace"])
    board = json.loads(json.dumps(b["start"]))
    for s in b["steps"]:
        for key, diff in s["changed"].items():
            if isinstance(diff, dict):
                board[key] = {**board[key], **diff}
                board[key] = {k: v for k, v in board[key].items() if v is not None}
            else:
                board[key] = diff
    names = {p: {z: [board["cards"][i]["name"] for i in ids] for z, ids in zs.items()}
             for p, zs in board["zones"].items()}
    assert names == {p: ps["zones"] for p, ps in result["state"]["players"].items()}
    assert b["view"]["grid"]["rows"] == 4 and "Mariner's Curse" in b["texts"]


def test_changes_name_only_what_differs():
    """A board change holds the items that changed, and null for what is gone."""
    before = {"active": "a", "cards": {"x": 1, "y": 2}}
    after = {"active": "a", "cards": {"x": 1, "z": 3}}
    assert changes(before, after) == {"cards": {"z": 3, "y": None}}


def test_embedded_json_cannot_end_its_script_element():
    """The run's JSON in the page has no '<', '>' or '&', and reads back the same."""
    data = {"name": "</script><!-- & -->"}
    text = embed_json(data)
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == data


def test_page_escapes_a_hostile_card_name(hostile):
    """A card named with </script> and markup appears in the page only escaped."""
    page = storyline_page(_run(hostile, boards=True))
    assert HOSTILE not in page and "<script>window.pwned" not in page
    assert "<img src=x" not in page
    assert page.count("</script>") == 2          # the JSON's element and the script's


def test_page_is_deterministic():
    """The same scenario gives the same page, byte for byte."""
    assert storyline_page(_run(MARINER, boards=True)) == storyline_page(_run(MARINER, boards=True))


def test_run_boards_flag_adds_boards_to_json(cli):
    """`run --json --boards` prints the board at each step; `run --json` alone does not."""
    status, out, _ = cli("run", str(MARINER), "--json", "--boards")
    assert status == 0 and "steps" in json.loads(out)["boards"]
    status, out, _ = cli("run", str(MARINER), "--json")
    assert "boards" not in json.loads(out)


# --- in a real headless Chromium ------------------------------------------------------------

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright (scripts/test-setup.sh installs both)."""
    from playwright.sync_api import sync_playwright
    assert Path(CHROMIUM).exists(), "chromium is missing: run bash scripts/test-setup.sh"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    pg = browser.new_page(viewport={"width": 1280, "height": 640})
    pg.route(re.compile(r"^(?!file:).*"), lambda route: route.abort())   # no network at all
    yield pg
    pg.close()


def _write(tmp_path, path, name="run.html") -> Path:
    out = tmp_path / name
    out.write_text(storyline_page(_run(path, boards=True)), encoding="utf-8")
    return out


def test_browser_steps_through_the_storyline(page, tmp_path, cli):
    """Chromium loads the page from file://, steps with the keyboard and shows entry, rule and board."""
    out = tmp_path / "mariner.html"
    status, _, _ = cli("run", str(MARINER), "--html", str(out))
    assert status == 0
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(out.as_uri())
    assert page.text_content("#title") == "Mariner's Curse sinks the Apprentice Wizard before its genesis"
    assert page.text_content("#position") == "step 0 / 5"
    assert "Apprentice Wizard" in page.text_content("[data-player=alice] [data-zone=hand]")
    page.keyboard.press("ArrowRight")
    assert page.text_content("#position") == "step 1 / 5"
    assert page.url.endswith("#step=1")
    assert "Apprentice Wizard" in page.text_content("td[data-square='8']")
    page.keyboard.press("ArrowRight")
    assert "the active player's triggers were added first" in page.text_content("#entry")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    entry = page.text_content("#entry")
    assert "IGNORED" in entry and "its source left play before it began" in entry
    assert "alice ordered their own simultaneous triggers" in entry
    assert "caused by #1" in entry and "action 1: alice: cast Apprentice Wizard, at 8" in entry
    assert "Apprentice Wizard" in page.text_content("[data-player=alice] [data-zone=cemetery]")
    assert "Apprentice Wizard" not in page.text_content("td[data-square='8']")
    page.keyboard.press("ArrowLeft")
    assert page.text_content("#position") == "step 3 / 5"
    page.hover("td[data-square='8'] [data-card='Bottomless Pit']")
    assert page.is_visible("#cardtip")
    assert page.text_content("#cardtip").startswith("Bottomless Pit: site")
    assert errors == []


def test_browser_opens_at_the_step_in_the_address(page, tmp_path):
    """`#step=N` in the address opens the page at that step; End goes to the last."""
    out = _write(tmp_path, MARINER)
    page.goto(out.as_uri() + "#step=2")
    assert page.text_content("#position") == "step 2 / 5"
    assert "part 1" in page.text_content("#entry") or "SPLIT" in page.text_content("#entry")
    page.keyboard.press("End")
    assert page.text_content("#position") == "step 5 / 5"
    page.keyboard.press("Home")
    assert page.text_content("#position") == "step 0 / 5"


def test_browser_shows_a_hostile_name_as_text(page, tmp_path, hostile):
    """A card named with </script> and markup is shown as text and runs nothing."""
    out = _write(tmp_path, hostile)
    page.goto(out.as_uri())
    assert page.evaluate("window.pwned") is None
    assert page.evaluate("document.querySelectorAll('script').length") == 2
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert "</script><img src=x" in page.text_content("#title")
    page.keyboard.press("ArrowRight")
    assert HOSTILE in page.text_content("td[data-square='8']")


def test_browser_screenshot(page, tmp_path):
    """A screenshot of the page at a step with a split is a PNG whose hover box shows the
    pool card's text as the README's picture does."""
    out = _write(tmp_path, MARINER)
    page.goto(out.as_uri() + "#step=4")
    page.hover("#entry [data-card='Apprentice Wizard']")
    # The README's picture shows this hover box: when the pool card's text changes, this fails
    # and the picture is regenerated (docs/storyline-view.md says how).
    assert page.inner_text("#cardtip").splitlines() == [
        "Apprentice Wizard: minion, cost 3, power 1", "spellcaster", "Genesis → Draw a spell"]
    shot = page.screenshot(full_page=False)
    assert shot[:8] == b"\x89PNG\r\n\x1a\n" and len(shot) > 10_000
    target = os.environ.get("CARDSCRIPT_SCREENSHOT")
    if target:                      # regenerate the README's picture: see docs/storyline-view.md
        Path(target).write_bytes(shot)


def test_browser_draws_an_oversized_unit_on_each_of_its_squares(page, tmp_path):
    """A unit on several squares is drawn on every one of them (marked 1/4 to 4/4), and only
    there; the board JSON names its squares."""
    path = ROOT / "cards/sorcery/scenarios/an_oversized_minion_moves_as_one_and_enters_only_new_locations.yaml"
    result = _run(path, boards=True)
    start = result["boards"]["start"]["cards"]
    big = next(c for c in start.values() if c["name"] == "Hillback Behemoth")
    assert len(big["squares"]) == 4 and big["squares"][0] == big["at"]
    out = tmp_path / "big.html"
    out.write_text(storyline_page(result), encoding="utf-8")
    page.goto(out.as_uri())
    drawn = page.eval_on_selector_all(
        "td [data-card='Hillback Behemoth']",
        "els => els.map(e => [e.closest('td').dataset.square, e.dataset.part])")
    assert sorted(drawn) == sorted([str(s), f"{i}/4"] for i, s in enumerate(big["squares"], 1))


def test_browser_draws_zones_and_counters_without_a_grid(page, tmp_path):
    """A ruleset whose view has no grid (Mage Noir) shows counters, zones and decks as counts."""
    out = _write(tmp_path, ROOT / "cards/mage_noir/scenarios/draconic_flame_and_the_crimson_rings.yaml")
    page.goto(out.as_uri())
    assert page.query_selector("table.grid") is None
    assert "hp 20" in page.text_content("[data-player=alice]")
    assert "Crimson ring" in page.text_content("[data-player=bob] [data-zone=channeled]")
    assert "ether" in page.text_content("[data-player=shared]")
    page.keyboard.press("End")
    assert "Draconic flame" in page.text_content("[data-player=alice] [data-zone=discard]")


def _replayed(boards: dict) -> dict:
    board = json.loads(json.dumps(boards["start"]))
    for s in boards["steps"]:
        for key, diff in s["changed"].items():
            if isinstance(diff, dict):
                merged = {**board.get(key, {}), **diff}
                board[key] = {k: v for k, v in merged.items() if v is not None}
            else:
                board[key] = diff
    return board


def test_boards_replay_to_the_final_state_in_every_scenario():
    """For every scenario of every ruleset, the start board plus each step's changes is the end state."""
    files = sorted(ROOT.glob("cards/*/scenarios/*.yaml"))
    assert len(files) > 100
    for path in files:
        result = _run(path, boards=True)
        if result["state"] is None:
            continue
        board = _replayed(result["boards"])
        names = {p: {z: [board["cards"][i]["name"] for i in ids] for z, ids in zs.items()}
                 for p, zs in board["zones"].items()}
        assert names == {p: ps["zones"] for p, ps in result["state"]["players"].items()}, path
        assert board["counters"] == {p: ps["counters"]
                                     for p, ps in result["state"]["players"].items()}, path
        assert len(result["boards"]["steps"]) == len(result["trace"]), path
