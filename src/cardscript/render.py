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

