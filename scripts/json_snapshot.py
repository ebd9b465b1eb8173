"""The JSON of `cardscript run` over every bundled scenario and docs example, kept and compared.

A restructuring that promises no change in behaviour runs this before and after:

    python scripts/json_snapshot.py save before/     # on the old code
    python scripts/json_snapshot.py save after/      # on the new code
    python scripts/json_snapshot.py compare before/ after/

`save` writes, for each scenario file under cards/ and docs/, the output of
`run --format json` and of `run --boards --format json` with the exit status, byte for byte;
`compare` names every file that differs and exits 1 if one does.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN = "import sys; from cardscript.cli import main; sys.exit(main())"


def scenarios() -> list[Path]:
    """Every scenario file of the repository (YAML under cards/ and docs/), sorted."""
    return sorted(p.relative_to(ROOT) for top in ("cards", "docs")
                  for p in (ROOT / top).rglob("*.yaml"))


def save(out: Path) -> None:
    """Write each scenario's outputs into `out`, one file per scenario and form."""
    out.mkdir(parents=True, exist_ok=True)
    for path in scenarios():
        stem = str(path).replace("/", "__")
        for form, extra in (("json", []), ("boards", ["--boards"])):
            done = subprocess.run([sys.executable, "-c", RUN, "run", "--no-cache", *extra,
                                   "--format", "json", str(path)], cwd=ROOT, capture_output=True)
            (out / f"{stem}.{form}").write_bytes(done.stdout + b"\nexit %d\n" % done.returncode)


def compare(a: Path, b: Path) -> int:
    """Name every output that differs between two saved folders; 1 if any does."""
    names = sorted({p.name for p in a.iterdir()} | {p.name for p in b.iterdir()})
    differ = [n for n in names if not (a / n).is_file() or not (b / n).is_file()
              or (a / n).read_bytes() != (b / n).read_bytes()]
    for n in differ:
        print(f"differs: {n}")
    print(f"{len(names) - len(differ)} of {len(names)} outputs the same byte for byte")
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "save":
        save(Path(argv[1]))
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print("usage: json_snapshot.py save DIR | compare DIR DIR", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
