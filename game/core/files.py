"""Writing files so a kill never leaves half a file, and reading them so a corrupt one is set
aside instead of crashing the program.

`read_json` is the one loader for every JSON file the game reads (settings, statistics, the saved
match, records): it opens only regular files, never more than a size limit, and turns every way a
file can fail (not there aside, which is None) into `UnreadableFile` with a short reason. What the
parsed data must look like is checked afterwards against a schema (game.core.schema).
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

TMP_SUFFIX = ".tmp"
MAX_BYTES = 8 * 1024 * 1024      # settings, statistics and saves are far smaller than this


class UnreadableFile(Exception):
    """A file exists but cannot be read as JSON; the message says why, in a few words."""


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):       # 1e400 parses as infinity
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def read_json(path: Path, max_bytes: int = MAX_BYTES) -> Any:
    """The parsed JSON of a regular file, or None if there is no file. Raises UnreadableFile for
    anything else: a folder, a pipe or device (opened without blocking, never read), a file over
    `max_bytes`, bytes that are not UTF-8, text that is not strict JSON (NaN and Infinity are
    refused, so are numbers that overflow to infinity and integers too long to convert), or
    nesting too deep to parse."""
    raw = read_bytes(path, max_bytes)
    return None if raw is None else parse_json(raw)


def read_bytes(path: Path, max_bytes: int = MAX_BYTES) -> bytes | None:
    """The bytes of a regular file, or None if there is no file; UnreadableFile for a folder, a
    pipe or device (never read) or a file over `max_bytes`."""
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        if os.path.islink(path):       # a link to nothing: reported, never taken for "no file"
            raise UnreadableFile("a link to a file that is not there") from None
        return None
    except OSError as exc:
        raise UnreadableFile(exc.strerror or str(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile("not a regular file")
        if info.st_size > max_bytes:
            raise UnreadableFile(f"larger than {_size(max_bytes)}")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > max_bytes:
                raise UnreadableFile(f"larger than {_size(max_bytes)}")
            chunks.append(chunk)
    except OSError as exc:
        raise UnreadableFile(exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n // 1024} KB"


def parse_json(raw: bytes | str) -> Any:
    """Strict JSON from bytes or text; every failure is UnreadableFile."""
    import json     # (where there is a file to read: a first start shows its menu without json)

    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except UnicodeDecodeError:
        raise UnreadableFile("not UTF-8 text") from None
    except RecursionError:
        raise UnreadableFile("nested too deeply") from None
    except ValueError as exc:      # JSONDecodeError, NaN/Infinity, integers over the digit limit
        raise UnreadableFile(f"not valid JSON ({str(exc).splitlines()[0][:80]})") from None


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX; Windows has no directory handles to sync)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def clean_temporary(folder: Path) -> list[str]:
    """Remove the temporary files killed writes left in `folder` (only ours: ".<name>.*.tmp").
    Call it only while holding the home folder's lock, so no other copy is mid-write."""
    removed = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    for entry in entries:
        if entry.name.startswith(".") and entry.name.endswith(TMP_SUFFIX):
            try:
                if entry.is_file() and not entry.is_symlink():
                    entry.unlink()
                    removed.append(entry.name)
            except OSError:
                pass
    return removed


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        fsync_dir(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_json(path: Path, data: Any) -> None:
    import json

    atomic_write_text(path, json.dumps(data, indent=1, sort_keys=True, allow_nan=False))


def set_aside(path: Path) -> Path:
    """Move a file that could not be read out of the way, keeping it for a bug report."""
    path = Path(path)
    target = _aside_name(path)
    os.replace(path, target)
    return target


def keep_copy(path: Path) -> Path:
    """Copy a file about to be written again where set_aside would move it (a kill while the copy
    is made leaves the file itself as it was)."""
    path = Path(path)
    target = _aside_name(path)
    atomic_write_bytes(target, read_bytes(path) or b"")
    return target


def _aside_name(path: Path) -> Path:
    target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    return target
