"""`cardscript play` on a terminal: the board, the storyline, numbered actions and answers.

The screen is drawn with Rich; every question the engine asks (order, target, may, pay,
path, option, cards, respond) is a numbered list. What is typed goes through `read`, a
function of the prompt, so the loop can be driven by anything that types (a test's pty).
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..errors import CardScriptError
from .session import PlaySession

STYLE = {"done": "green", "ignored": "bright_black", "fizzled": "yellow"}
HELP = """commands:
  N            play action number N
  undo         take back the last action (and the answers given during it)
  save FILE    write what was played as a scenario with an expect block (a regression test)
  as PLAYER    list the actions of another player
  board, log   show the board, the whole storyline
  help, quit"""


class Quit(Exception):
    """The player left (quit, or the end of the input)."""


def action_words(action: dict) -> str:
    """An action in words: 'alice: cast Ember Imp, at 8'."""
    rest = [f"{k} {v}" if v is not True else k for k, v in action.items() if k != "player"]
    return f"{action['player']}: " + ", ".join(rest)


def values_words(values: list) -> str:
    """Values in words, runs of whole numbers as ranges: '1-5, 8, 13-20'."""
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return ", ".join(map(str, values))
    out, i = [], 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        out.append(str(values[i]) if j == i else f"{values[i]}-{values[j]}")
        i = j + 1
    return ", ".join(out)


def show_entries(console: Console, entries: list, why: bool = True) -> None:
    """Storyline entries as the text trace writes them, with the rule that placed each."""
    for e in entries:
        pad = "    " if e.get("parent") is not None else ""
        part = f", part {e['part']} of #{e['parent']}" if e.get("parent") is not None else ""
        did = "; ".join(e.get("did") or []) or e.get("text", "")
        status = e["status"].upper()
        console.print(f"{pad}[{STYLE.get(e['status'], 'white')}]{status}[/]: "
                      f"[bold]{escape(e['source'])}[/] ({escape(e['kind'])}{part}) "
                      f"#{e['id']}: {escape(did)}", highlight=False)
        if why and e.get("rules"):
            console.print(f"{pad}    [dim]why: {escape(e['rules'][-1]['text'])}[/]",
                          highlight=False)


def show_board(console: Console, session: PlaySession) -> None:
    """The board: the ruleset's grid if it has one, then each player's counters and zones."""
    state = session.result.get("state")
    if not state:
        return
    view = session.ruleset.view
    grid = view.get("grid")
    if grid:
        table = Table(show_header=False, show_lines=True, padding=(0, 1))
        cells: dict = {}
        for c in state["cards"]:
            if c["zone"] == grid["zone"] and c["at"] is not None:
                tag = "" if c["region"] in (None, grid["regions"][0]) else f" ({c['region']})"
                cells.setdefault(str(c["at"]), []).append(
                    f"{escape(c['name'])}{tag}" + (" [dim]tapped[/]" if c["tapped"] else ""))
        for r in range(grid["rows"]):
            row = []
            for col in range(grid["columns"]):
                sq = r * grid["columns"] + col + 1
                row.append("\n".join([f"[dim]{sq}[/]"] + cells.get(str(sq), [])))
            table.add_row(*row)
        console.print(table)
    piles = set(view.get("piles", ()))
    for p, ps in state["players"].items():
        head = f"[bold]{escape(p)}[/]" + (" (active)" if p == state["active"] else "")
        counters = ", ".join(f"{k} {v}" for k, v in ps["counters"].items())
        console.print(f"{head}: {escape(counters)}", highlight=False)
        for zone, names in ps["zones"].items():
            if not names or (grid and zone == grid["zone"]):
                continue
            shown = (f"{len(names)} card" + "s" * (len(names) != 1)) if zone in piles else \
                ", ".join(names)
            console.print(f"  {escape(zone)}: {escape(shown)}", highlight=False)
    shared = state.get("shared") or {}
    if shared.get("counters") or any(shared.get("zones", {}).values()):
        bits = [f"{k} {v}" for k, v in shared.get("counters", {}).items()]
        bits += [f"{z}: {', '.join(cs)}" for z, cs in shared.get("zones", {}).items() if cs]
        console.print("shared: " + escape("; ".join(bits)), highlight=False)
    if state.get("over"):
        console.print(f"[bold]The game is over[/]: winner {state.get('winner') or 'none'}")


def _label(label, value) -> str:
    src = getattr(value, "source", None)
    if hasattr(value, "kind") and hasattr(value, "program"):          # a storyline event
        return f"{src.name if src is not None else 'game'} ({value.kind})"
    if hasattr(value, "name") and hasattr(value, "zone"):             # a card
        where = f" at {value.at}" if value.at is not None else f" in {value.zone}"
        return f"{value.name} [{value.id}]{where}"
    if isinstance(value, list):
        return " → ".join(map(str, value))
    return str(label)


def _numbers(text: str, top: int) -> list[int] | None:
    try:
        nums = [int(x) for x in text.replace(",", " ").split()]
    except ValueError:
        return None
    if not nums or any(n < 1 or n > top for n in nums) or len(set(nums)) != len(nums):
        return None
    return nums


def pick(console: Console, read, prompt: str, values: list):
    """One of `values`, by its number."""
    if len(values) == 1:
        return values[0]
    console.print(prompt + "  " + "  ".join(f"{i}. {v}" for i, v in enumerate(values, 1)),
                  highlight=False)
    while True:
        nums = _numbers(read("answer> "), len(values))
        if nums and len(nums) == 1:
            return values[nums[0] - 1]
        console.print("[red]answer with a number of the list above[/]")


def asker(console: Console, read):
    """The function that asks a question on the terminal and returns the answer as a
    scenario's `choices` would write it."""
    def ask(q):
        console.print(f"[bold]{escape(q.player)}[/], {q.kind}: {escape(q.prompt)}",
                      highlight=False)
        legal = list(q.legal)
        if q.kind in ("may", "pay"):
            legal = [("yes", True), ("no", False)]
        for i, (lbl, val) in enumerate(legal, 1):
            console.print(f"  {i}. {escape(_label(lbl, val))}", highlight=False)
        if q.multi:
            need = (f"exactly {q.count}" if q.exact else f"up to {q.count}") if q.count else \
                "one or more"
            how = "first resolves first" if q.kind == "order" else need
            console.print(f"  (numbers separated by spaces; {how})", highlight=False)
        while True:
            nums = _numbers(read("answer> "), len(legal))
            if nums is None or (not q.multi and len(nums) != 1) or (
                    q.multi and q.count and (len(nums) > q.count or
                                             q.exact and len(nums) != q.count)):
                console.print("[red]answer with the number(s) of the list above[/]")
                continue
            picked = [legal[n - 1] for n in nums]
            if q.kind in ("may", "pay"):
                return picked[0][1]
            if q.kind == "option":
                return nums[0]
            if q.kind == "path":
                return list(picked[0][1])
            labels = [str(lbl) for lbl, _ in picked]
            return labels if q.multi else labels[0]
    return ask


def loop(session: PlaySession, console: Console, read) -> int:
    """Play until the player quits; returns the exit status."""
    console.print(f"[bold]{escape(session.base['name'])}[/]  [{escape(session.ruleset.name)}]"
                  "   (type help for the commands)", highlight=False)
    show_board(console, session)
    ask = asker(console, read)
    player = None
    while True:
        state = session.result["state"]
        who = player or state["active"]
        actions = session.legal_actions(who)
        if state.get("over"):
            console.print("No more actions: the game is over (undo, save FILE or quit).")
        elif not actions:
            console.print(f"{escape(who)} has no legal action (as PLAYER, undo, save or quit).")
        else:
            console.print(f"[bold]Actions of {escape(who)}:[/]", highlight=False)
            for i, (a, key, values) in enumerate(actions, 1):
                more = f", {key} ({values_words(values)})" if key else ""
                console.print(f"  {i}. {escape(action_words(a) + more)}", highlight=False)
        line = read("play> ").strip()
        word, _, arg = line.partition(" ")
        if line.isdecimal() and 1 <= int(line) <= len(actions):
            action, key, values = actions[int(line) - 1]
            if key:
                action = {**action, key: pick(console, read, f"{key}?", values)}
            before = len(session.result["trace"])
            result = session.play(action, ask)
            if not result["ok"]:
                console.print(escape(result["error"]["text"]), highlight=False)
                continue
            show_entries(console, result["trace"][before:])
            show_board(console, session)
        elif word in ("undo", "u"):
            if session.undo():
                console.print("undone: the last action and its answers")
                show_board(console, session)
            else:
                console.print("nothing to undo")
        elif word == "save" and arg:
            try:
                session.save(arg.strip())
            except CardScriptError as e:
                console.print(escape(e.format()), highlight=False)
                continue
            console.print(f"saved {escape(arg.strip())} (check it with: cardscript test "
                          f"{escape(arg.strip())})", highlight=False)
        elif word == "as" and arg.strip() in state["players"]:
            player = arg.strip()
        elif word == "board":
            show_board(console, session)
        elif word == "log":
            show_entries(console, session.result["trace"])
        elif word in ("quit", "q", "exit"):
            return 0
        else:
            console.print(HELP)


def run(session: PlaySession, console: Console | None = None) -> int:
    """Play on this terminal; the end of the input quits."""
    console = console or Console(highlight=False)

    def read(prompt: str) -> str:
        try:
            return console.input(prompt)
        except EOFError:
            raise Quit() from None

    try:
        return loop(session, console, read)
    except (Quit, KeyboardInterrupt):
        console.print()
        return 0
