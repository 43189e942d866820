"""What Cardhall says about itself: its version, its application id, its licence and the notices
of what a built program bundles. No pygame here: ``cardhall --version`` and the packaging scripts
use it too.

The version is written once, in ``pyproject.toml``. Where that file sits beside the ``game``
package (a source checkout, or the PyInstaller build, whose spec bundles it) it is read from there,
so a checkout whose installed metadata is older still tells the truth; otherwise (an installed
wheel) from the installed metadata. LICENSE and NOTICES.md are found the same way: beside the
package, else among the installed distribution's licence files.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

DIST_NAME = "cardhall"
# The one reverse-DNS name of the application: desktop entry, AppStream metainfo, icons, macOS
# bundle identifier (tests/test_release.py checks every place that uses it).
APP_ID = "io.github.cardhall.Cardhall"

_PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def _project() -> tuple[Path | None, dict]:
    """The folder holding this Cardhall's own pyproject.toml (a source checkout, or a frozen build)
    and its ``[project]`` table; (None, {}) for an installed wheel. The file is read once: the
    main menu's first frame asks for the version (and reads it with _plain_version)."""
    import tomllib

    folder = _PACKAGE.parent
    try:
        data = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None, {}
    project = data.get("project", {})
    return (folder, project) if project.get("name") == DIST_NAME else (None, {})


def _project_folder() -> Path | None:
    return _project()[0]


def project_metadata() -> dict:
    """The ``[project]`` table of pyproject.toml where the game runs from a checkout or a build;
    empty for an installed wheel."""
    return _project()[1]


def _plain_version(text: str) -> str | None:
    """The version in pyproject.toml's ``[project]`` table where the table writes its name and
    version plainly, one ``key = "value"`` line each (as this project does); None for anything
    else, which tomllib then reads. The main menu's first frame shows the version: tomllib's
    import (its parser, a dozen regular expressions, datetime) took 10 to 12 ms of it
    (benchmarks/bench_startup.py)."""
    found: dict[str, str] = {}
    table = None
    for line in text.splitlines():
        line = line.strip()
        if '"""' in line or "'''" in line:
            return None                # a multi-line string: its lines are not keys
        if line.startswith("["):
            if table == "[project]":
                break
            table = line
        elif table == "[project]":
            key, _, value = (part.strip() for part in line.partition("="))
            if key in ("name", "version"):
                if key in found or len(value) < 3 or value[0] != '"' or value[-1] != '"' or \
                        any(c in value[1:-1] for c in '"\\#'):
                    return None        # written otherwise (a comment, an escape, twice): tomllib decides
                found[key] = value[1:-1]
    return found.get("version") if found.get("name") == DIST_NAME else None


@lru_cache(maxsize=1)
def version() -> str:
    """Cardhall's version, e.g. ``"0.1.0"``."""
    try:
        found = _plain_version((_PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        found = None
    if found:
        return found
    found = project_metadata().get("version")
    if found:
        return str(found)
    try:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as installed_version

        return installed_version(DIST_NAME)
    except (ImportError, PackageNotFoundError):
        return "0+unknown"


def homepage() -> str:
    """The project's home page (``[project.urls] Homepage``), or "" if none is known."""
    urls = project_metadata().get("urls")
    if urls is not None:
        return str(urls.get("Homepage", ""))
    try:
        from importlib.metadata import PackageNotFoundError, metadata

        entries = metadata(DIST_NAME).get_all("Project-URL") or []
    except (ImportError, PackageNotFoundError):
        return ""
    for entry in entries:
        label, _, url = entry.partition(",")
        if label.strip().lower() == "homepage":
            return url.strip()
    return ""


def document(name: str) -> Path | None:
    """``LICENSE`` or ``NOTICES.md``: beside the package (checkout, build), else one of the
    installed distribution's licence files; None if neither has it."""
    folder = _project_folder()
    if folder is not None and (folder / name).is_file():
        return folder / name
    if getattr(sys, "frozen", False):
        return None
    try:
        from importlib.metadata import PackageNotFoundError, distribution

        files = distribution(DIST_NAME).files or []
    except (ImportError, PackageNotFoundError):
        return None
    for entry in files:
        if entry.name == name and "licenses" in entry.parts[:-1]:
            path = Path(entry.locate())
            if path.is_file():
                return path
    return None


def document_text(name: str) -> str | None:
    path = document(name)
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


# -- the notices -------------------------------------------------------------------------------
# (A NamedTuple, and the field pattern compiled by re's cache when the notices are first read:
# the main menu's first frame imports this module for the version, and a frozen dataclass and
# the compiled pattern were 0.6 and 0.3 ms of it.)
class Notice(NamedTuple):
    """One component a build bundles: its section of NOTICES.md."""

    name: str                 # "SDL 2"
    licence: str              # "zlib"
    files: tuple[str, ...]    # glob patterns of the bundled files it covers ("libSDL2-2*", "SDL2.dll")
    text: str                 # the section's Markdown, heading included


_FIELD = r"^(?:- )?(Licence|Files):\s*(.+?)\s*$"


def parse_notices(source: str) -> tuple[str, list[Notice]]:
    """NOTICES.md as (its introduction, one Notice per ``## `` section). A component's section
    names its licence on a ``- Licence:`` line and the bundled files it covers on a ``- Files:``
    line (comma-separated globs, each in backticks, or "none ..." for what is no file of its
    own, like a Python module inside the program); a section without a licence line is a
    licence's full text."""
    parts = re.split(r"^(?=## )", source, flags=re.MULTILINE)
    intro, sections = parts[0], parts[1:]
    notices = []
    for section in sections:
        name = section.splitlines()[0][3:].strip()
        fields = {key: value for key, value in re.findall(_FIELD, section.split("```")[0], re.MULTILINE)}
        listed = fields.get("Files", "")
        files = () if listed.startswith("none") else tuple(f.strip(" `") for f in listed.split(",") if f.strip(" `"))
        notices.append(Notice(name, fields.get("Licence", ""), files, section.strip()))
    return intro.strip(), notices
