"""Files that users and scenarios name: read safely, walk folders, write outputs atomically.

The promises (docs/security.md, "Reading files" and "Writing files"):

- Only regular files are read, at most MAX_FILE_BYTES each; a device (/dev/zero), a FIFO, a
  terminal (/dev/stdin) or a pseudo-file of the kernel (/proc, /sys) is refused without being
  read, so nothing can hang the reader or fill its memory.
- A folder is walked in full and in a fixed order; a subfolder that cannot be read is reported,
  never skipped in silence; symlinked subfolders are not entered (no loops).
- `inside` says whether a path, with every symlink resolved, stands in one of some folders: the
  check a scenario's `cards:` passes before anything is opened.
- An output is written to a temporary file beside it and moved into place (`os.replace`), and
  never onto a file the run read.

Problems are `Refused` (a reason in words that names the path and never quotes its content);
callers turn it into their own CardScriptError with a code and a position.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

MAX_FILE_BYTES = 8 * 1024 * 1024
# Kernel pseudo-file systems: their files claim to be regular and empty, and are neither.
PSEUDO_ROOTS = ("/proc", "/sys") if sys.platform.startswith("linux") else ()


class Refused(Exception):
    """A path that cannot or may not be read or written; `reason` says why, in words."""

    def __init__(self, path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = str(path)
        self.reason = reason


def _pseudo(real: str) -> bool:
    return any(real == r or real.startswith(r + os.sep) for r in PSEUDO_ROOTS)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(path: str | Path, *, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; anything else raises Refused."""
    path = os.fspath(path)
    if "\0" in path:
        raise Refused(path.replace("\0", "\\0"), "a path cannot hold a NUL character")
    try:
        if _pseudo(os.path.realpath(path)):
            raise Refused(path, "a file of the kernel (/proc, /sys), not a file on disk")
        st = os.stat(path)          # before opening: opening a device can itself do things
        if not stat.S_ISREG(st.st_mode):
            raise Refused(path, _kind(st.st_mode))
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) |
                     getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0) |
                     getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise Refused(path, _os_reason(exc)) from None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())    # the file opened is the file checked
        if not stat.S_ISREG(st.st_mode):
            raise Refused(path, _kind(st.st_mode))
        if st.st_size > limit:
            raise Refused(path, f"{_size(st.st_size)}, more than the {_size(limit)} a file "
                                f"may have")
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise Refused(path, _os_reason(exc)) from None
    if len(data) > limit:
        raise Refused(path, f"more than the {_size(limit)} a file may have")
    return data


def walk(folder: str | Path, suffixes: tuple[str, ...]) -> list[Path]:
    """Every file under `folder` whose name ends in one of `suffixes`, sorted.

    A subfolder that cannot be listed raises Refused; symlinked subfolders are not entered
    (a symlinked file is listed, and read through `read_bytes` like any other). The walk keeps
    its own stack, so however deep the folders go it cannot exhaust Python's.
    """
    out: list[Path] = []
    stack = [os.fspath(folder)]
    while stack:
        here = stack.pop()
        try:
            with os.scandir(here) as entries:
                found = list(entries)
        except OSError as exc:
            raise Refused(here, "a folder that cannot be read: " + _os_reason(exc)) from None
        for entry in found:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            if is_dir:
                stack.append(entry.path)
            elif entry.name.endswith(suffixes):
                out.append(Path(entry.path))
    return sorted(out)


def inside(path: str | Path, roots: Iterable[str | Path]) -> bool:
    """Whether `path`, every symlink resolved, is one of `roots` or stands under one."""
    real = os.path.realpath(path)
    for root in roots:
        r = os.path.realpath(root)
        if real == r or real.startswith(r.rstrip(os.sep) + os.sep):
            return True
    return False


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name the same file (also through a symlink or a hard link)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def write_text_atomic(path: str | Path, text: str, *, inputs: Iterable[str | Path] = ()) -> None:
    """Write `text` to `path` through a temporary file and `os.replace`; never onto an input.

    Raises Refused when `path` is one of `inputs`, a folder, read-only, or in a folder that does
    not exist or cannot be written.
    """
    path = os.fspath(path)
    if "\0" in path:
        raise Refused(path.replace("\0", "\\0"), "a path cannot hold a NUL character")
    for f in inputs:
        if same_file(path, f):
            raise Refused(path, f"it is an input of this run ({os.fspath(f)}); "
                                "it would be overwritten")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise Refused(path, f"the folder {folder} does not exist")
    mode = 0o666 & ~_umask()
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise Refused(path, _os_reason(exc)) from None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise Refused(path, "it is a folder; give a file name")
        if not stat.S_ISREG(st.st_mode):
            raise Refused(path, f"it is {_kind(st.st_mode)}, not a file to replace")
        if not st.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK):
            raise Refused(path, "the file is read-only")
        mode = stat.S_IMODE(st.st_mode)
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp",
                                   dir=folder)
    except OSError as exc:
        raise Refused(path, "the folder cannot be written: " + _os_reason(exc)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise Refused(path, _os_reason(exc)) from None


def _umask() -> int:
    # The only portable way to read the umask is to set it; this process is single-threaded
    # when it writes its outputs.
    old = os.umask(0o022)
    os.umask(old)
    return old


def _os_reason(exc: OSError) -> str:
    return (exc.strerror or type(exc).__name__).lower()


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):.0f} MiB" if n >= 1024 * 1024 else f"{n} bytes"

