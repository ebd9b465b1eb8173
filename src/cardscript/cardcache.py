"""Compile card files through a cache of compiled cards, kept across runs.

What a file compiles to is stored in the user's private cache (cache.py: verified JSON,
written atomically, never a pickle), under a key made of everything the result depends on:
the stored form's schema, cardscript's version and the state of its source files (the
grammar among them), the ruleset (its language's entries in order, and a plugin's own files),
the file's path and the SHA-256 of its bytes. Two blobs a
file: a summary (its cards' names and kinds, and the kinds of the cards it names in quotes)
and its templates (compiler/codec.py). A file's templates also depend on the other cards it
names (their kinds), so a stored file is used only when every card it names still has the
kind it had; otherwise it is compiled again. `check` reads only the summaries.

Only files that compiled without an error are stored; anything odd (a name declared in two
files of a batch, which compiles afresh to say so: E209, a blob that is not ours, a value the stored form has no tag for) compiles
afresh. `--no-cache` or CARDSCRIPT_NO_CACHE turn the cache off; CARDSCRIPT_CACHE moves it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .errors import CardScriptError, ErrorList
from .stored_forms import TEMPLATES
from .version import __version__

SOURCE = Path(__file__).resolve().parent
SCHEMA = 1                   # of the summary blob (the templates' is stored_forms.TEMPLATES)

_fingerprint: str | None = None
_POOLS: dict = {}                     # ruleset name -> templates of its bundled pool
_POOL_KINDS: dict = {}                # ruleset name -> {card name: kind}
_POOL_FILES: dict = {}                # ruleset name -> the files its pool was read from


def card_files(path: Path) -> list[Path]:
    """Card files under a path: a `.cards` file, or every one in a folder (sorted).

    A subfolder that cannot be read is an error (E001), never skipped.
    """
    if path.is_dir():
        from . import userfiles
        try:
            return userfiles.walk(path, (".cards",))
        except userfiles.Refused as e:
            raise CardScriptError(f"cannot read {e.path}: {e.reason}", None, code="E001",
                                  hint="make the folder readable, or name the card files "
                                       "you mean") from None
    return [path]


def pool_files(ruleset) -> list[Path]:
    """The files of a ruleset's bundled pool (cards beside its scenarios are theirs)."""
    if not ruleset.pool_dir:
        return []
    return [f for f in card_files(ruleset.pool_dir)
            if "scenarios" not in f.relative_to(ruleset.pool_dir).parts]


def load_pool(ruleset) -> dict:
    """The ruleset's bundled pool, compiled (or read from the cache) once per process."""
    if ruleset.name not in _POOLS:
        files = pool_files(ruleset)
        _POOLS[ruleset.name] = compile_paths(files, ruleset).templates
        _POOL_FILES[ruleset.name] = files
    return _POOLS[ruleset.name]


def pool_files_read(ruleset) -> list[Path]:
    """The files of the ruleset's pool, inputs of a run that are never written: those
    `load_pool` read, and those in the pool's folder now (the two differ only when a pool
    loaded earlier in this process came from elsewhere: both are protected)."""
    files = list(_POOL_FILES.get(ruleset.name, ()))
    return files + [f for f in pool_files(ruleset) if f not in files]


def pool_kinds(ruleset) -> dict:
    """{card name: kind} of the ruleset's bundled pool: all `check` needs of it."""
    if ruleset.name in _POOLS:
        return {n: t.kind for n, t in _POOLS[ruleset.name].items()}
    if ruleset.name not in _POOL_KINDS:
        _POOL_KINDS[ruleset.name] = compile_paths(pool_files(ruleset), ruleset,
                                                  templates=False).kinds
    return _POOL_KINDS[ruleset.name]


def enabled() -> bool:
    """Whether the cache is used (CARDSCRIPT_NO_CACHE, set by --no-cache, turns it off)."""
    return not os.environ.get("CARDSCRIPT_NO_CACHE")


def source_fingerprint() -> str:
    """The state of cardscript's own source files (path, size, modification time of each
    .py and .lark): any edit, upgrade or checkout changes it, and every stored card with it."""
    global _fingerprint
    if _fingerprint is None:
        parts: list = []
        _walk(str(SOURCE), parts)
        _fingerprint = hashlib.sha256("\n".join(parts).encode("utf-8", "replace")).hexdigest()
    return _fingerprint


def _walk(folder: str, parts: list) -> None:
    with os.scandir(folder) as entries:
        for e in sorted(entries, key=lambda e: e.name):
            if e.is_dir(follow_symlinks=False):
                if e.name != "__pycache__":
                    _walk(e.path, parts)
            elif e.name.endswith((".py", ".lark")):
                st = e.stat()
                parts.append(f"{e.path}\0{st.st_size}\0{st.st_mtime_ns}")


class KindOnly:
    """A compiled card as compiling other cards sees it: a kind (all a name lookup reads)."""

    __slots__ = ("kind",)

    def __init__(self, kind: str):
        self.kind = kind


@dataclass
class Compiled:
    """What a batch of card files compiled to."""

    kinds: dict                        # card name -> kind, in file order
    templates: dict | None = None      # card name -> CardTemplate (when asked for)
    errors: list = field(default_factory=list)   # with collect: every error, in order


@dataclass
class _File:
    path: Path
    key: str | None = None             # None: not cached (off, odd file)
    summary: dict | None = None        # the stored summary when it was found
    templates: dict | None = None
    parsed: object = None              # the AST, once parsed
    dropped: bool = False              # it did not parse


def ruleset_state(ruleset) -> str:
    """What a ruleset adds to the key: its language's entries in order (a stored template names
    them by position) and, for a ruleset from another package, the state of that package's
    source files (cardscript's own are in `source_fingerprint`).

    A built-in ruleset not yet loaded (rulesets.LazyRuleset) reads it from the cache, where it
    is stored under cardscript's source fingerprint: a built-in language is made by
    cardscript's own source alone, so `check` of cached files need not build it."""
    got = _RULESET_STATE.get(ruleset.name)
    if got is None:
        from .rulesets import LazyRuleset
        lazy = isinstance(ruleset, LazyRuleset) and enabled()
        if lazy and not ruleset.loaded:
            got = _stored_state(ruleset.name)
        if got is None:
            got = _state_of(ruleset)
            if lazy:
                from . import cache
                cache.write_json(_state_blob(ruleset.name), _state_key(ruleset.name), got)
        _RULESET_STATE[ruleset.name] = got
    return got


def _state_of(ruleset) -> str:
    from . import rulesets
    from .compiler.codec import language_digest
    parts = [ruleset.name, language_digest(ruleset.language)]
    where = rulesets.available().get(ruleset.name, "").partition(":")[0]
    module = sys.modules.get(where)
    file = getattr(module, "__file__", None)
    if file and not Path(file).resolve().is_relative_to(SOURCE):
        if Path(file).name == "__init__.py":
            _walk(str(Path(file).parent), parts)
        else:
            st = os.stat(file)
            parts.append(f"{file}\0{st.st_size}\0{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode("utf-8", "replace")).hexdigest()


def _state_key(name: str) -> str:
    return "\0".join(["cardscript ruleset state", str(SCHEMA), __version__,
                      source_fingerprint(), name])


def _state_blob(name: str) -> str:
    return f"ruleset-state-{hashlib.sha256(name.encode('utf-8')).hexdigest()[:40]}.json"


def _stored_state(name: str) -> str | None:
    from . import cache
    got = cache.read_json(_state_blob(name), _state_key(name))
    return got if isinstance(got, str) and len(got) == 64 else None


_RULESET_STATE: dict = {}


def _file_key(path: Path, ruleset) -> str | None:
    """The cache key of a card file, or None when it is not a plain, readable, small file."""
    from . import userfiles
    try:
        data = userfiles.read_bytes(path)     # a regular file, not too big; read once
    except userfiles.Refused:
        return None                           # the uncached way reports it
    return "\0".join(["cardscript compiled cards", str(SCHEMA), str(TEMPLATES), __version__,
                      source_fingerprint(), ruleset_state(ruleset), str(path),
                      hashlib.sha256(data).hexdigest()])


def _blob_name(key: str, part: str) -> str:
    return f"cards-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:40]}.{part}.json"


def _read_summary(key: str):
    from . import cache
    got = cache.read_json(_blob_name(key, "s"), key)
    if not (isinstance(got, dict) and isinstance(got.get("cards"), list)
            and isinstance(got.get("refs"), list)):
        return None
    pairs = got["cards"] + got["refs"]
    if not all(isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
               for p in pairs):
        return None
    return got


def _read_templates(key: str, lang) -> dict | None:
    from . import cache
    from .compiler.codec import templates_from_data
    text = cache.read_json(_blob_name(key, "t"), key)
    if not isinstance(text, str):
        return None
    try:
        return templates_from_data(json.loads(text), lang)
    except (ValueError, RecursionError):     # Unreadable is a ValueError
        return None


def _write(f: _File, out: dict, final: dict, lang) -> None:
    from . import cache
    from .compiler import referenced_names
    from .compiler.codec import Unstorable, templates_to_data
    names = [c.name for c in f.parsed.cards]
    refs = sorted({n for c in f.parsed.cards for n in referenced_names(c)})
    try:
        # Stored as one JSON text inside the blob: cache.py then checks a string, not a tree.
        data = json.dumps(templates_to_data({n: out[n] for n in names}, lang),
                          separators=(",", ":"), ensure_ascii=False)
    except Unstorable:
        return
    summary = {"cards": [[n, out[n].kind] for n in names],
               "refs": [[n, final[n]] for n in refs]}
    # The templates first: a summary is only ever found beside its templates.
    if cache.write_json(_blob_name(f.key, "t"), f.key, data):
        cache.write_json(_blob_name(f.key, "s"), f.key, summary)


def _parse(f: _File, collect: bool, errors: list) -> None:
    from .grammar import parse_file
    if f.parsed is not None or f.dropped:
        return
    try:
        f.parsed = parse_file(f.path)
    except CardScriptError as e:
        if not collect:
            raise e.with_source_file() from None
        errors.append(e)            # check quotes every error's line at once, after
        f.dropped = True


def compile_paths(paths, ruleset, base: dict | None = None, *, collect: bool = False,
                  templates: bool = True, step=None) -> Compiled:
    """Parse and compile card files as one batch, as `compile_files` does, through the cache.

    `base` maps the names of already-compiled cards (a pool) to anything with a `kind`.
    With `collect`, parse and compile errors are gathered in `errors` (a file that does not
    parse is left out, as `check` has it); without, the first one is raised. `templates`:
    whether the templates are wanted (False: the names and kinds only, as `check` needs).
    `step(path)`, if given, is called as each file is taken up (a progress line).
    """
    from .gcpause import gc_paused
    with gc_paused():              # the batch path's pause (see gcpause.py), misses or not
        return _compile_paths(paths, ruleset, base or {}, collect, templates, step)


def _compile_paths(paths, ruleset, base, collect, templates, step) -> Compiled:
    errors: list = []
    use = enabled()
    files = [_File(Path(p)) for p in paths]
    for f in files:
        if step is not None:
            step(f.path)
        f.key = _file_key(f.path, ruleset) if use else None
        if f.key is not None:
            f.summary = _read_summary(f.key)
            if f.summary is not None and templates:
                f.templates = _read_templates(f.key, ruleset.language)
                if f.templates is None or list(f.templates) != [c for c, _ in
                                                                 f.summary["cards"]]:
                    f.summary = f.templates = None
    for f in files:
        if f.summary is None:
            _parse(f, collect, errors)
    while True:
        live = [f for f in files if not f.dropped]
        declared = [n for f in live for n in _names_of(f)]
        if len(declared) != len(set(declared)):
            return _uncached(files, ruleset, base, collect, errors, templates)
        hits = [f for f in live if f.summary is not None]
        misses = [f for f in live if f.summary is None]
        known = dict(base)
        known.update((n, KindOnly(k)) for f in hits for n, k in f.summary["cards"])
        out: dict = {}
        if misses:
            try:
                from .compiler import compile_files
                out = compile_files([f.parsed for f in misses], ruleset.language, base=known,
                                    collect=collect)
            except CardScriptError:
                return _uncached(files, ruleset, base, collect, errors, templates)
        final = {n: v.kind for n, v in known.items()}
        final.update((n, t.kind) for n, t in out.items())
        stale = [f for f in hits if any(final.get(n) != k for n, k in f.summary["refs"])]
        if not stale:
            break
        for f in stale:                     # a card it names changed kind or went: again
            f.summary = f.templates = None
            _parse(f, collect, errors)
    for f in misses:
        if f.key is not None:
            _write(f, out, final, ruleset.language)
    result = Compiled({}, {} if templates else None, errors)
    for f in live:
        if f.summary is not None:
            result.kinds.update(f.summary["cards"])
            if templates:
                result.templates.update(f.templates)
        else:
            for c in f.parsed.cards:
                result.kinds[c.name] = out[c.name].kind
                if templates:
                    result.templates[c.name] = out[c.name]
    return result


def _names_of(f: _File) -> list:
    if f.summary is not None:
        return [n for n, _ in f.summary["cards"]]
    return [c.name for c in f.parsed.cards]


def _uncached(files, ruleset, base, collect, errors, templates) -> Compiled:
    """The batch compiled afresh, every file parsed: the result and errors of no cache."""
    from .compiler import compile_files
    for f in files:
        _parse(f, collect, errors)
    parsed = [f.parsed for f in files if not f.dropped]
    try:
        out = compile_files(parsed, ruleset.language, base=base, collect=collect)
    except ErrorList as el:
        if not collect:
            raise
        errors.extend(el.errors)
        out = {}
    except CardScriptError as e:
        if not collect:
            raise
        errors.append(e)
        out = {}
    return Compiled({n: t.kind for n, t in out.items()}, out if templates else None, errors)
