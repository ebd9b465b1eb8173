"""The storyline view: one self-contained HTML page of a run (`cardscript run --html FILE`).

`storyline_page` is a pure function from the JSON of `run --json --boards` to the page's text;
writing it to a file is the caller's business. The page carries its own style and script
(`page.css`, `page.js` beside this file) and the run itself, as JSON in a
`<script type="application/json">` element: it needs no network and works from a file. Every
name and text from the run reaches the page through that JSON (with `<`, `>` and `&` written
as escapes, so nothing in it can end the element) and is shown by the script as text, never
as markup.
"""

from __future__ import annotations

import json
from html import escape
from importlib.resources import files

from ..interpreter.waiting import json_default
from ..render import render_trace

_HERE = files(__package__)


def _asset(name: str) -> str:
    return _HERE.joinpath(name).read_text(encoding="utf-8")


def embed_json(data) -> str:
    """JSON that can stand inside a <script> element: no `<`, `>` or `&` as such."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=json_default)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def storyline_page(result: dict) -> str:
    """The page of a run: the storyline step by step, the board at each step."""
    title = escape(f"{result.get('scenario') or 'run'} - storyline")
    return "\n".join([
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title}</title>",
        "<style>", _asset("page.css"), "</style></head>",
        "<body>",
        '<header><h1 id="title"></h1><p id="meta"></p>',
        '<nav><button id="prev" title="previous step (left arrow)">&#9664;</button>',
        '<span id="position"></span>',
        '<button id="next" title="next step (right arrow)">&#9654;</button>',
        '<span class="keys">&larr; &rarr; step, Home / End, #step=N in the address</span></nav>',
        "</header>",
        '<pre id="error" hidden></pre>',
        f"<noscript><pre>{escape(render_trace(result))}</pre></noscript>",
        "<main>",
        '<section id="storyline"><h2>Storyline</h2><ol id="entries" start="0"></ol></section>',
        '<section id="detail"><h2 id="step-title"></h2><div id="entry"></div>',
        '<h3>Waiting on the storyline</h3><ol id="waiting"></ol></section>',
        '<section id="board"><h2>Board</h2><div id="board-view"></div></section>',
        "</main>",
        '<div id="cardtip" role="tooltip" hidden></div>',
        f'<script type="application/json" id="run">{embed_json(result)}</script>',
        "<script>", _asset("page.js"), "</script>",
        "</body></html>", ""])
