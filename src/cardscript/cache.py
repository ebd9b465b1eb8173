"""A private on-disk cache of verified JSON blobs (the analysed grammar, later compiled cards).

What it promises (docs/security.md, "Caches"):

- It lives in the user's own cache folder: `$CARDSCRIPT_CACHE`, else `$XDG_CACHE_HOME/cardscript`,
  else `~/.cache/cardscript`; never in the shared temp folder. The folder is created with mode
  0700 and used only if it is a real folder (not a symlink), owned by this user, and open to no
  one else; otherwise nothing is cached.
- Every file is opened relative to that folder without following a symlink (O_NOFOLLOW), without
  blocking (a FIFO cannot hang the reader), and read only if it is a regular file owned by this
  user and smaller than a cap.
- A blob is JSON, which cannot run code when it is read; pickle is never used. Its first line
  holds the key the caller asked for and the SHA-256 of the JSON text: both are checked before
  the JSON is parsed, so a planted, stale or torn file is a miss.
- A write goes to a new private temporary file (O_EXCL, mode 0600) in the same folder, then
  replaces the old file with `os.replace`: a reader sees the old blob or the new one, never half.

Any failure is a miss (or a skipped write): the cache can only make cardscript faster.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

MAX_BLOB = 64 * 1024 * 1024       # bytes; a bigger file is not ours
_MAGIC = b"cardscript-cache-1"
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_.")


def cache_dir() -> Path | None:
    """The folder the cache would use (from the environment); None if there is no home."""
    given = os.environ.get("CARDSCRIPT_CACHE")
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):            # the XDG spec: a relative value is ignored
        return Path(xdg) / "cardscript"
    home = os.path.expanduser("~")
    if not home or home == "~":
        return None
    return Path(home) / ".cache" / "cardscript"


def supported() -> bool:
    """Whether this platform can open files safely (O_NOFOLLOW and folder-relative calls)."""
    return (hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY")
            and os.open in os.supports_dir_fd and hasattr(os, "geteuid"))


def _open_dir(create: bool) -> int | None:
    """A descriptor of the private cache folder, or None if there is none we may trust."""
    if os.environ.get("CARDSCRIPT_NO_CACHE") or not supported():
        return None
    path = cache_dir()
    if path is None:
        return None
    if create:
        try:
            os.makedirs(path.parent, mode=0o700, exist_ok=True)
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        except OSError:
            return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    st = os.fstat(fd)
    if st.st_uid != os.geteuid():
        os.close(fd)            # someone else's folder: nothing in it is trusted
        return None
    if stat.S_IMODE(st.st_mode) & 0o077:
        try:                    # ours, but open to others (made by hand): close it first
            os.fchmod(fd, 0o700)
        except OSError:
            os.close(fd)
            return None
    return fd


def _check_name(name: str) -> None:
    if not name or name.startswith(".") or not set(name) <= _NAME_CHARS:
        raise ValueError(f"not a cache file name: {name!r}")


def read_json(name: str, key: str):
    """The blob stored under `name` if it was written with this `key`; None otherwise."""
    _check_name(name)
    dfd = _open_dir(create=False)
    if dfd is None:
        return None
    try:
        try:
            fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                         dir_fd=dfd)
        except OSError:
            return None
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() \
                    or st.st_size > MAX_BLOB:
                return None
            data = f.read(MAX_BLOB + 1)
    except OSError:
        return None
    finally:
        os.close(dfd)
    header, sep, body = data.partition(b"\n")
    if not sep or header != _header(key, body):
        return None              # planted, stale or torn: verified before anything is parsed
    try:
        return json.loads(body.decode("utf-8"), object_hook=_decode)
    except ValueError:
        return None


def write_json(name: str, key: str, value) -> bool:
    """Store `value` (JSON data; tuples and int-keyed dicts survive) under `name`; True if done."""
    _check_name(name)
    body = json.dumps(_encode(value), separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")
    if len(body) > MAX_BLOB:
        return False
    dfd = _open_dir(create=True)
    if dfd is None:
        return False
    tmp = f".{name}.{os.getpid()}.{os.urandom(6).hex()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                     0o600, dir_fd=dfd)
        with os.fdopen(fd, "wb") as f:
            f.write(_header(key, body) + b"\n" + body)
        os.replace(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
        return True
    except OSError:
        try:
            os.unlink(tmp, dir_fd=dfd)
        except OSError:
            pass
        return False
    finally:
        os.close(dfd)


def _header(key: str, body: bytes) -> bytes:
    return b" ".join([_MAGIC, hashlib.sha256(key.encode("utf-8")).hexdigest().encode(),
                      hashlib.sha256(body).hexdigest().encode()])


# JSON has no tuples and only text keys; a blob keeps both by tagging them.
_TUPLE, _INTKEYS = "__tuple__", "__intkeys__"


def _encode(x):
    if isinstance(x, tuple):
        return {_TUPLE: [_encode(v) for v in x]}
    if isinstance(x, list):
        return [_encode(v) for v in x]
    if isinstance(x, dict):
        if all(type(k) is str for k in x):
            if _TUPLE in x or _INTKEYS in x:
                raise ValueError("a dict with a reserved key cannot be cached")
            return {k: _encode(v) for k, v in x.items()}
        if all(type(k) is int for k in x):
            return {_INTKEYS: [[k, _encode(v)] for k, v in x.items()]}
        raise ValueError("only text or whole-number keys can be cached")
    if x is None or type(x) in (str, int, float, bool):
        return x
    raise ValueError(f"a {type(x).__name__} cannot be cached")


def _decode(obj: dict):
    if len(obj) == 1:
        if _TUPLE in obj:
            return tuple(obj[_TUPLE])
        if _INTKEYS in obj:
            return {k: v for k, v in obj[_INTKEYS]}
    return obj
