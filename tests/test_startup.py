"""A fast start (issue 31): what each way of starting Cardhall imports before it does its work.
The figures themselves are benchmarks/bench_startup.py's (tests never assert on time); these
check the imports that cost and that nothing on that path needs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_HELP = """
import contextlib, io, sys
from game.cli_parser import build_parser
with contextlib.redirect_stdout(io.StringIO()) as out:
    try:
        build_parser().parse_args(["--help"])
    except SystemExit:
        pass
modules = sorted(sys.modules)
import json
print(json.dumps({"help": out.getvalue(), "modules": modules}))
"""

_FIRST_ACTION = """
import os, sys
from game.core import game as core

def first_action(self, action, t=None):
    print(repr(sorted(sys.modules)).replace("'", '"'), flush=True)
    os._exit(0)

core.Game.apply = first_action
from game.cli import main
sys.argv = ["cardhall", "simulate", "--variant", "kabu", "--games", "1", "--workers", "2"]
main()
"""


def _run(code: str, *args: str, home: Path = ROOT / ".no-such-home") -> str:
    env = dict(os.environ, CARDHALL_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LANGUAGE="en")
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True).stdout


def _bare() -> set[str]:
    """What the interpreter has imported before any of Cardhall's code (an editable install's
    finder imports pathlib, for one)."""
    return set(json.loads(_run("import sys; print(repr(sorted(sys.modules)).replace(\"'\", '\"'))")))


def test_help_imports_the_parser_only():
    found = json.loads(_run(_HELP))
    assert "simulate" in found["help"] and "--version" in found["help"]
    imported = set(found["modules"]) - _bare()
    for costly in ("game.about", "tomllib", "game.core.files", "game.core.schema", "json", "pathlib", "typing",
                   "game.games", "game.core.game"):
        assert costly not in imported, costly


def test_version_is_read_when_asked():
    out = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=ROOT, capture_output=True, text=True)
    from game.about import version

    assert out.returncode == 0 and out.stdout == f"cardhall {version()}\n" and out.stderr == ""


def test_simulate_imports_only_its_game_and_no_pool_or_files_before_its_first_action():
    modules = json.loads(_run(_FIRST_ACTION).strip().splitlines()[-1])
    assert "game.variants.kabu" in modules and "ai.kabu" in modules
    for other in ("kombio", "combat_uno", "kumbal", "sixteen_combos"):
        assert f"game.variants.{other}" not in modules and f"ai.{other}" not in modules
    # One match plays in this process (the command asks for no more workers than matches): no pool;
    # nothing is written before the first action.
    for costly in ("concurrent.futures", "multiprocessing", "game.core.files", "logging", "game.about", "pygame"):
        assert costly not in modules, costly
    # argparse's stock help formatter imports shutil (bz2, lzma) for the terminal's width on every
    # add_argument; cardhall's asks only when help is printed.
    assert "shutil" not in modules


_MENU = """
import sys
from game.client.smoke import smoke_test
smoke_test(frames=0)
print(repr(sorted(sys.modules)).replace("'", '"'))
"""


def test_the_menus_first_frame_imports_no_game_and_no_hashing(tmp_path):
    out = _run(_MENU).strip().splitlines()
    assert out[0].startswith("cardhall smoke test OK: first frame")
    modules = json.loads(out[-1])
    assert "pygame" in modules and "game.client.scenes.menu" in modules
    for costly in ("hashlib", "game.core.game", "game.core.record", "game.variants.kombio", "ai.registry",
                   "game.client.table.base"):
        assert costly not in modules, costly


def test_help_is_laid_out_at_the_terminals_width(monkeypatch, capsys):
    """The width is asked for when help is printed (not when the parser is built), as argparse does."""
    from game.cli_parser import build_parser

    for columns in (50, 120):
        monkeypatch.setenv("COLUMNS", str(columns))
        parser = build_parser()
        try:
            parser.parse_args(["simulate", "--help"])
        except SystemExit:
            pass
        lines = capsys.readouterr().out.splitlines()
        assert max(map(len, lines)) <= columns - 2
        assert max(map(len, lines)) > columns - 25      # the lines fill the width, not a default 80


_PLAIN_FIRST_FRAME = """
import os, sys
import pygame

def first_frame():
    print(repr(sorted(sys.modules)).replace("'", '"'), flush=True)
    os._exit(0)

pygame.display.flip = first_frame
from game.cli import main
sys.argv = ["cardhall"]
main()
"""


def _first_frame_modules(home: Path) -> set[str]:
    """What a plain `cardhall` (what a player starts) has imported when its first frame is shown."""
    return set(json.loads(_run(_PLAIN_FIRST_FRAME, home=home).strip().splitlines()[-1]))


def test_a_plain_cardhall_shows_its_first_frame_without_building_the_parser(tmp_path):
    modules = _first_frame_modules(tmp_path)
    assert "game.client.scenes.menu" in modules
    for costly in ("argparse", "game.cli_parser"):
        assert costly not in modules, costly
    # Its felt is kept in the cache folder for the next start (tests/client/test_felt.py reads it).
    assert [p.name.split("-")[1] for p in (tmp_path / "cache").glob("felt-*.pixels")] == ["1280x720"]


def test_the_menus_first_frame_imports_no_logging_toml_or_requests(tmp_path):
    """What the first frame does not use is imported when it is: logging when a line is logged
    (game/log.py), tomllib when the version is not written plainly, the requests a table makes,
    the games' list and datetime when there is a saved match to show."""
    modules = _first_frame_modules(tmp_path)
    assert "game.client.scenes.menu" in modules
    # (zipfile: pygame loads its own window icon through importlib's readers if the game's is not
    # set before the window opens.)
    for costly in ("logging", "tomllib", "game.client.requests", "game.games", "game.client.tables", "datetime",
                   "gettext", "zipfile", "json", "game.client.ui.cards"):   # (English: gettext comes with another; json with a file)
        assert costly not in modules, costly


def test_english_answers_as_gettexts_null_translations_did():
    import gettext

    from game import i18n

    assert i18n.set_language("en") == "en"
    null = gettext.NullTranslations()
    for n in (0, 1, 2, 21):
        assert i18n.ngettext("{n} player", "{n} players", n) == null.ngettext("{n} player", "{n} players", n)
    assert i18n._("Play") == null.gettext("Play") and i18n.pgettext("menu", "Play") == null.pgettext("menu", "Play")
    try:
        assert i18n.set_language("de") == "de" and i18n._("Play") != "Play"
    finally:
        i18n.set_language("en")


def test_the_version_read_off_plain_lines_is_tomllibs_or_none():
    """The first frame reads the version off pyproject.toml's lines (no tomllib); where the file
    is written otherwise than plainly, it gives None and tomllib reads it."""
    import tomllib

    from game.about import _plain_version, version

    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert _plain_version(project) == tomllib.loads(project)["project"]["version"] == version()
    plain = '[project]\nname = "cardhall"\nversion = "2.3.4"\n[project.urls]\nversion = "9"\n'
    assert _plain_version(plain) == tomllib.loads(plain)["project"]["version"] == "2.3.4"
    for text in (
        '[tool.x]\nversion = "1"\n[project]\nname = "cardhall"\ndynamic = ["version"]\n',   # none of its own
        '[project]\nname = "other"\nversion = "1.0"\n',                                      # not this project
        '[project]\nname = "cardhall"\nversion = "1.0"  # a comment\n',
        '[project]\nname = "cardhall"\nversion = "1.\\u0030"\n',                              # an escape
        '[project]\nname = "cardhall"\ndescription = """\nversion = "6.6"\n"""\nversion = "1.0"\n',
        '[project]\nname = "cardhall"\nversion = \'1.0\'\n',
    ):
        tomllib.loads(text)              # (each is valid TOML)
        assert _plain_version(text) is None, text
