"""Benchmarks of the editor support: the Pygments lexer's speed, and the language server driven
over stdio by a real LSP client (pygls's), as an editor drives it.

    lexer              MB/s of CardScriptLexer over generated card files, against Pygments'
                       own TextLexer (one token a line) over the same text. Target >= 2 MB/s.
    lsp diagnostics    p90 of the time from sending an edit of one card (a letter typed into
                       an ability line) of a 1,000-card file to receiving that version's
                       diagnostics. Target <= 20 ms.
    lsp completion     p90 of a completion request in an ability line of that file.
                       Target <= 10 ms.
    lsp start-up       from starting `cardscript lsp` to the first diagnostics of a small file
                       (initialize, open). Target <= 1 s.

The LSP rows need the `lsp` extra (pygls).
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TIMEOUT = 60


def _server_pid() -> int | None:
    """The pid of the `cardscript lsp` child of this process (Linux /proc), or None."""
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return None
    for task in tasks:
        try:
            with open(f"/proc/self/task/{task}/children") as f:
                children = f.read().split()
        except OSError:
            continue
        for pid in children:
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if b"cardscript.cli" in f.read():
                        return int(pid)
            except OSError:
                continue
    return None


def _cpu(pid: int | None) -> float:
    """CPU seconds (user + system) a process has used so far (0 where /proc is missing):
    unlike wall time, it does not grow when other work shares the cores."""
    if pid is None:
        return 0.0
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def p90(values: list[float]) -> float:
    """The 90th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, int(round(0.9 * len(ordered))) - 1)]


def bench_lexer(text: str, reps: int, best_of, row) -> list[dict]:
    """The lexer row: MB/s over `text`, against Pygments' TextLexer."""
    from pygments.lexers.special import TextLexer

    from cardscript.editor.lexer import CardScriptLexer
    lexer, plain = CardScriptLexer(), TextLexer()
    n = len(text.encode("utf-8"))

    def lex(lx):
        """Run a lexer over the whole text."""
        for _ in lx.get_tokens(text):
            pass
    t_ours, _ = best_of(reps, lambda: lex(lexer))
    t_plain, _ = best_of(reps, lambda: lex(plain))
    rate = n / t_ours / 1e6
    return [row("lexer", f"CardScriptLexer.get_tokens over {n / 1e6:.1f} MB of generated cards",
                rate, "MB/s", "Pygments TextLexer (same text)", n / t_plain / 1e6, "MB/s",
                target=">= 2 MB/s", ok=rate >= 2)]


async def _session(file_text: str, path: Path, edits: int, completions: int) -> dict:
    """Start the server, open the big file, time edits and completions; return the timings."""
    from lsprotocol import types as lsp
    from pygls.lsp.client import LanguageClient

    client = LanguageClient("cardscript-bench", "1")
    versions: dict[int, asyncio.Future] = {}
    first = asyncio.get_running_loop().create_future()

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _diagnostics(params):
        if not first.done():
            first.set_result(time.perf_counter())
        fut = versions.get(params.version)
        if fut is not None and not fut.done():
            fut.set_result(time.perf_counter())

    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"),
                                                       os.environ.get("PYTHONPATH", "")]))
    small = path.with_name("small.cards")
    small.write_text('card "Lone Gull": minion, cost 1, power 1\n  Airborne\n', encoding="utf-8")
    started = time.perf_counter()
    await client.start_io(sys.executable, "-m", "cardscript.cli", "lsp", env=env)
    try:
        await asyncio.wait_for(client.initialize_async(lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(), root_uri=path.parent.as_uri())), TIMEOUT)
        client.initialized(lsp.InitializedParams())
        client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=small.as_uri(), language_id="cardscript",
                                               version=1, text=small.read_text())))
        startup = await asyncio.wait_for(first, TIMEOUT) - started
        pid = _server_pid()
        startup_cpu = _cpu(pid)

        uri = path.as_uri()
        versions[1] = asyncio.get_running_loop().create_future()
        sent = time.perf_counter()
        client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=uri, language_id="cardscript", version=1,
                                               text=file_text)))
        opened = await asyncio.wait_for(versions[1], TIMEOUT) - sent
        lines = file_text.split("\n")
        ability_lines = [i for i, line in enumerate(lines)
                         if line.startswith("  ") and line.strip()]
        edit_times = []
        cpu_before = _cpu(pid)
        for k in range(edits):
            line = ability_lines[(k * 37) % len(ability_lines)]
            version = k + 2
            versions[version] = asyncio.get_running_loop().create_future()
            change = lsp.TextDocumentContentChangePartial(
                range=lsp.Range(start=lsp.Position(line=line, character=2),
                                end=lsp.Position(line=line, character=2)), text="x")
            sent = time.perf_counter()
            client.text_document_did_change(lsp.DidChangeTextDocumentParams(
                text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[change]))
            edit_times.append(await asyncio.wait_for(versions[version], TIMEOUT) - sent)
        edit_cpu = (_cpu(pid) - cpu_before) / edits
        blank = next(i for i, line in enumerate(lines) if not line.strip())
        empty_times = []
        for _ in range(completions):
            sent = time.perf_counter()
            await asyncio.wait_for(client.text_document_hover_async(lsp.HoverParams(
                text_document=lsp.TextDocumentIdentifier(uri=uri),
                position=lsp.Position(line=blank, character=0))), TIMEOUT)
            empty_times.append(time.perf_counter() - sent)
        completion_times = []
        cpu_before = _cpu(pid)
        for k in range(completions):
            line = ability_lines[(k * 53) % len(ability_lines)]
            col = len(lines[line]) // 2
            sent = time.perf_counter()
            await asyncio.wait_for(client.text_document_completion_async(lsp.CompletionParams(
                text_document=lsp.TextDocumentIdentifier(uri=uri),
                position=lsp.Position(line=line, character=col))), TIMEOUT)
            completion_times.append(time.perf_counter() - sent)
        completion_cpu = (_cpu(pid) - cpu_before) / completions
        await asyncio.wait_for(client.shutdown_async(None), TIMEOUT)
        client.exit(None)
    finally:
        await client.stop()
    return {"startup": startup, "edits": edit_times, "completions": completion_times,
            "opened": opened, "empty": empty_times, "startup_cpu": startup_cpu,
            "edit_cpu": edit_cpu, "completion_cpu": completion_cpu}


def bench_lsp(cards: list[str], edits: int, completions: int, sessions: int, row,
              workdir: Path) -> list[dict]:
    """The three LSP rows, from `sessions` server runs (the best session's p90s)."""
    text = "# a generated file of 1,000 cards\n" + "\n".join(cards)
    path = workdir / "big.cards"
    path.write_text(text, encoding="utf-8")
    runs = [asyncio.run(_session(text, path, edits, completions)) for _ in range(sessions)]
    best = min(runs, key=lambda r: p90(r["edits"]))
    diag = p90(best["edits"]) * 1000
    med = sorted(best["edits"])[len(best["edits"]) // 2] * 1000
    comp = min(p90(r["completions"]) for r in runs) * 1000
    empty = min(p90(r["empty"]) for r in runs) * 1000
    start = min(r["startup"] for r in runs) * 1000
    opened = min(r["opened"] for r in runs) * 1000
    lib = _import_seconds(sessions) * 1000
    cpu = {k: min(r[k] for r in runs) * 1000 for k in ("edit_cpu", "completion_cpu",
                                                        "startup_cpu")}
    return [
        row("lsp diagnostics", f"p90 of {edits} one-letter edits of one card of a "
            f"{len(cards):,}-card file, edit sent to its diagnostics received (median "
            f"{med:.1f} ms; the server's CPU time: {cpu['edit_cpu']:.1f} ms an edit)", diag,
            "ms", "opening that file (every card analysed)", opened, "ms",
            target="p90 <= 20 ms", ok=diag <= 20),
        row("lsp completion", f"p90 of {completions} completion requests in ability lines of "
            f"that file (the server's CPU time: {cpu['completion_cpu']:.1f} ms a request)",
            comp, "ms", "p90 of a hover answered with nothing", empty, "ms",
            target="p90 <= 10 ms", ok=comp <= 10),
        row("lsp start-up", "`cardscript lsp` started, initialized, a small file opened, its "
            f"diagnostics received (the server's CPU time: {cpu['startup_cpu']:.0f} ms)",
            start, "ms", "python importing pygls and lsprotocol", lib, "ms",
            target="<= 1,000 ms", ok=start <= 1000),
    ]


def _import_seconds(reps: int) -> float:
    """Best wall time of a fresh Python importing the LSP libraries (the floor of start-up)."""
    import subprocess
    best = float("inf")
    for _ in range(max(1, reps)):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import lsprotocol.types, pygls.lsp.server"],
                       check=True, timeout=TIMEOUT)
        best = min(best, time.perf_counter() - t)
    return best
