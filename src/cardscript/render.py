"""Render a run's trace as text, in the form of the rules documents."""

from __future__ import annotations


def render_trace(result: dict) -> str:
    """DONE / IGNORED / FIZZLED lines, split parts indented under the event they came from."""
    out = [f"Scenario: {result['scenario']}  [{result['ruleset']}]"]
    for e in result["trace"]:
        indent = "    " if e.get("parent") is not None else ""
        status = e["status"].upper()
        head = f"{indent}{status}: {e['source']} ({e['kind']}"
        if e.get("parent") is not None:
            head += f", step of #{e['parent']}" if e["kind"] == "move" else \
                f", part {e['part']} of #{e['parent']}"
        head += f") #{e['id']}"
        detail = "; ".join(e.get("did") or []) or e.get("text", "")
        out.append(f"{head}: {detail}")
    if result.get("state") and not result.get("error"):
        out.append("")
        out.append("Board:")
        for p, ps in result["state"]["players"].items():
            zones = ", ".join(f"{z}: [{', '.join(cs)}]" for z, cs in ps["zones"].items() if cs)
            counters = ", ".join(f"{k} {v}" for k, v in ps["counters"].items())
            out.append(f"  {p}: {counters}; {zones}")
        shared = result["state"].get("shared", {}).get("counters")
        if shared:
            out.append("  shared: " + ", ".join(f"{k} {v}" for k, v in shared.items()))
    for w in result.get("warnings") or []:
        out.append(f"warning: {w}")
    return "\n".join(out)


def render_html(result: dict) -> str:
    """A self-contained HTML page of the storyline: one row an entry, parts indented."""
    from html import escape
    rows = []
    for e in result["trace"]:
        cls = e["status"]
        pad = 2 if e.get("parent") is not None else 0
        did = "; ".join(e.get("did") or []) or e.get("text", "")
        rows.append(f'<tr class="{cls}"><td>#{e["id"]}</td><td>{escape(cls.upper())}</td>'
                    f'<td style="padding-left:{pad}em">{escape(e["source"])} '
                    f'({escape(e["kind"])})</td><td>{escape(did)}</td></tr>')
    err = ""
    if result.get("error"):
        err = f'<pre class="error">{escape(result["error"].get("text") or "")}</pre>'
    return ("<!doctype html><meta charset=utf-8><title>" + escape(result["scenario"] or "") +
            "</title><style>body{font-family:sans-serif}td{padding:2px 8px}"
            ".ignored{color:#888}.fizzled{color:#a50}.error{color:#b00}</style>"
            f"<h1>{escape(result['scenario'] or '')}</h1><p>ruleset: "
            f"{escape(result['ruleset'] or '')}</p><table>" + "".join(rows) + "</table>" + err)
