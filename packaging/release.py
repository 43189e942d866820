"""What every package of Cardhall is made from: the one version (pyproject.toml), the application
id, the changelog's entries, and the check that NOTICES.md covers every file a build bundles.

Imported by packaging/build.py and packaging/cardhall.spec (and the tests); pure Python.
"""

from __future__ import annotations

import datetime
import fnmatch
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from game.about import APP_ID, parse_notices  # noqa: E402

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
VERSION: str = PROJECT["version"]
NAME = "Cardhall"
SUMMARY = "Fast memory-and-reaction card games against bots that play like people"
AUTHOR = PROJECT["authors"][0]
HOMEPAGE = PROJECT["urls"]["Homepage"]
COPYRIGHT = "Copyright (c) 2026 The Cardhall developers"

__all__ = ["APP_ID", "VERSION", "NAME", "SUMMARY", "AUTHOR", "HOMEPAGE", "COPYRIGHT", "Release",
           "changelog", "notes", "version_tuple", "unnoticed_files"]


def version_tuple(version: str = VERSION) -> tuple[int, int, int, int]:
    """"0.1.0" as (0, 1, 0, 0): the four numbers Windows' version resource holds."""
    numbers = [int(n) for n in re.findall(r"\d+", version.split("+")[0].split("-")[0])[:4]]
    return tuple(numbers + [0] * (4 - len(numbers)))  # type: ignore[return-value]


@dataclass(frozen=True)
class Release:
    version: str
    date: datetime.date
    summary: str                          # the entry's first paragraph
    items: tuple[str, ...]                # its bullet points, one line each, Markdown markup removed


_ENTRY = re.compile(r"^## (\S+) - (\d{4}-\d{2}-\d{2})\s*$", re.MULTILINE)


def _plain(text: str) -> str:
    return re.sub(r"[*_`]", "", " ".join(text.split()))


def changelog(path: Path = ROOT / "CHANGELOG.md") -> list[Release]:
    """CHANGELOG.md's entries, newest first (``## VERSION - YYYY-MM-DD``)."""
    source = path.read_text(encoding="utf-8")
    heads = list(_ENTRY.finditer(source))
    releases = []
    for head, nxt in zip(heads, heads[1:] + [None]):
        body = source[head.end(): nxt.start() if nxt else len(source)]
        paragraphs = [p.strip() for p in re.split(r"\n\s*\n", body) if p.strip()]
        summary = next((_plain(p) for p in paragraphs if not p.startswith(("-", "#"))), "")
        items = tuple(_plain(m) for m in re.findall(r"^- (.+(?:\n  .+)*)", body, re.MULTILINE))
        releases.append(Release(head.group(1), datetime.date.fromisoformat(head.group(2)), summary, items))
    return releases


def _bundled(folder: Path) -> list[Path]:
    """The shared libraries and fonts in a build, Python's and pygame's own modules aside."""
    found = []
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.is_symlink():
            continue
        name = path.name
        module = ".cpython-" in name or name.endswith((".pyd", ".abi3.so"))
        library = bool(re.search(r"\.(so(\.\d+)*|dll|dylib)$", name)) or name == "Python"
        font = name.lower().endswith((".ttf", ".otf"))
        if (library and not module) or font:
            found.append(path)
    return found


def unnoticed_files(folder: Path, notices_path: Path = ROOT / "NOTICES.md") -> list[str]:
    """The bundled libraries and fonts of a build that no NOTICES.md section covers."""
    _, notices = parse_notices(notices_path.read_text(encoding="utf-8"))
    patterns = [p.lower() for n in notices for p in n.files]
    return [str(p.relative_to(folder)) for p in _bundled(folder)
            if not any(fnmatch.fnmatch(p.name.lower(), pattern) for pattern in patterns)]


def notes(version: str = VERSION) -> str:
    """The changelog entry of ``version`` as Markdown, for a release's notes."""
    source = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    heads = list(_ENTRY.finditer(source))
    for head, nxt in zip(heads, heads[1:] + [None]):
        if head.group(1) == version:
            return source[head.end(): nxt.start() if nxt else len(source)].strip() + "\n"
    raise SystemExit(f"release.py: CHANGELOG.md has no entry for {version}")


if __name__ == "__main__":
    # python packaging/release.py version         the version in pyproject.toml
    # python packaging/release.py notes [VERSION] that version's changelog entry (release notes)
    import argparse

    parser = argparse.ArgumentParser(description="Cardhall's release facts, for the release workflow")
    parser.add_argument("what", choices=("version", "notes"))
    parser.add_argument("version", nargs="?", default=VERSION)
    args = parser.parse_args()
    sys.stdout.write(VERSION + "\n" if args.what == "version" else notes(args.version))
