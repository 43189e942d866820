"""What a release promises: one version (pyproject.toml) that `cardhall --version`, the About
screen and CHANGELOG.md agree on; the MIT licence in the new metadata form; notices for everything
a build bundles."""

from __future__ import annotations

import datetime
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
VERSION = PROJECT["version"]
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
ENTRY = re.compile(r"^## (\d+\.\d+\.\d+\S*) - (\d{4}-\d{2}-\d{2})$", re.MULTILINE)


def changelog_entries() -> list[tuple[str, datetime.date]]:
    return [(v, datetime.date.fromisoformat(d)) for v, d in ENTRY.findall(CHANGELOG)]


def test_cardhall_version_prints_the_version_in_pyproject():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == f"cardhall {VERSION}"


def test_the_game_and_the_about_screen_read_the_same_version():
    import game
    from game import about

    assert about.version() == game.__version__ == VERSION


def test_the_changelog_s_top_entry_is_the_current_version_and_entries_are_dated_newest_first():
    entries = changelog_entries()
    assert entries, "CHANGELOG.md has no '## VERSION - YYYY-MM-DD' entries"
    assert entries[0][0] == VERSION, f"CHANGELOG.md's top entry is {entries[0][0]}, pyproject says {VERSION}"
    dates = [d for _, d in entries]
    assert dates == sorted(dates, reverse=True)
    assert len({v for v, _ in entries}) == len(entries)
    # no entry may sit above the top one (an "Unreleased" heading would hide the version)
    first_h2 = re.search(r"^## .*$", CHANGELOG, re.MULTILINE).group(0)
    assert ENTRY.match(first_h2), first_h2


def test_the_licence_is_the_spdx_form_with_its_files():
    assert PROJECT["license"] == "MIT"
    for name in PROJECT["license-files"]:
        assert (ROOT / name).is_file(), name
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    # PEP 639: a licence expression and licence classifiers may not go together
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    (setuptools,) = [r for r in requires if r.startswith("setuptools")]
    low = tuple(int(p) for p in setuptools.split(">=")[1].split("."))
    assert low >= (77, 0, 3), "the licence expression and license-files need setuptools 77.0.3 or newer"


def test_classifiers_name_the_games_topic_the_systems_and_the_pythons():
    classifiers = set(PROJECT["classifiers"])
    assert "Topic :: Games/Entertainment" in classifiers
    for system in ("Operating System :: Microsoft :: Windows", "Operating System :: MacOS",
                   "Operating System :: POSIX :: Linux"):
        assert system in classifiers
    low = PROJECT["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {low}" in classifiers
    assert PROJECT["authors"] and PROJECT["keywords"]


def test_every_notice_has_a_licence_a_text_and_the_licence_texts_it_refers_to():
    from game.about import parse_notices

    intro, notices = parse_notices((ROOT / "NOTICES.md").read_text(encoding="utf-8"))
    components = [n for n in notices if n.licence]
    texts = {n.name for n in notices if not n.licence}
    assert "pygame-ce" in {n.name for n in components} and "SDL 2" in {n.name for n in components}
    for notice in components:
        assert "```text" in notice.text, f"{notice.name} has no licence text"
    if any("LGPL" in n.licence for n in components):
        assert "GNU Lesser General Public License 2.1" in texts
    if any("GPL-3.0" in n.licence for n in components):
        assert "GNU General Public License 3" in texts
    if any("Apache-2.0" in n.licence for n in components):
        assert "Apache License 2.0" in texts


README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_readme_gives_the_test_command_ci_runs_and_its_quick_subset():
    assert "python -m pytest -n auto" in CI.splitlines(), ".ci/run must call README's test command"
    assert re.search(r'pip install -e "\.\[test\]" && python -m pytest -n auto\n', README)
    quick = re.search(r"^python -m pytest ((?:tests/\S+ ?)+)$", README, re.MULTILINE)
    assert quick, "README gives no quick subset"
    files = quick.group(1).split()
    assert files == re.findall(r"tests/\S+\.py", CI), "README's quick subset differs from the one .ci/run runs"
    for name in files:
        assert (ROOT / name).is_file(), name


def test_readme_is_a_front_door_whose_links_lead_somewhere():
    assert len(README.splitlines()) <= 150
    for heading in ("## Install", "## Keys", "## Where your files live", "## Tests"):
        assert heading in README
    for key in ("F1", "F2", "F3", "| H |", "| V |", "Esc", "Q W E R T Y"):
        assert key in README, key
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if target.startswith(("http://", "https://", "#")):
                continue
            path = (page.parent / target.split("#")[0]).resolve()
            assert path.exists(), f"{page.relative_to(ROOT)} links to {target}, which does not exist"
    from game import games

    for entry in games.entries():      # README lists every game with its rules page
        assert f"(game/rules/{entry.rules})" in README


def test_pyproject_is_read_once_for_the_version_the_home_page_and_the_documents():
    """The main menu's first frame asks for the version: pyproject.toml is parsed once per run,
    whatever else (home page, licence, notices) is asked for after it (a fresh interpreter)."""
    code = """
import tomllib
parsed = []
real = tomllib.loads
tomllib.loads = lambda text: parsed.append(1) or real(text)
from game import about
about.version(); about.homepage(); about.document("LICENSE"); about.document("NOTICES.md")
print(about.version(), len(parsed))
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split() == [VERSION, "1"]
