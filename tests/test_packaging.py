"""Packaging: the explicit package list covers the code, and an installed (non-editable) copy finds
its assets and rules the same way a source checkout does. (The PyInstaller build is checked by
.ci/run, which builds it and runs its --smoke-test.)"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]

# What the game loads at run time, relative to the assets folder (besides every font and sound).
NEEDED_ASSETS = ["icon.png", "sounds/deal.wav", "sounds/click.wav", "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf"]


def package_dirs() -> set[str]:
    """Every directory under game/ and ai/ holding Python modules or rules pages, dotted."""
    found = set()
    for top in ("game", "ai"):
        for path in [ROOT / top, *(ROOT / top).rglob("*")]:
            if not path.is_dir() or path.name == "__pycache__" or path.name.startswith("."):
                continue
            if path.parent == ROOT / "game" / "rules":
                continue        # a language's rules pages: game.rules' package data ("*/*.md")
            if any(path.glob("*.py")) or any(path.glob("*.md")):
                found.add(".".join(path.relative_to(ROOT).parts))
    return found


def test_the_package_list_covers_every_package_directory():
    listed = set(SETUPTOOLS["packages"])
    missing = package_dirs() - listed
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"


def test_every_listed_package_exists():
    mapped = SETUPTOOLS.get("package-dir", {})
    for name in SETUPTOOLS["packages"]:
        folder = ROOT / mapped[name] if name in mapped else ROOT.joinpath(*name.split("."))
        assert folder.is_dir(), f"{name} is listed in pyproject.toml but {folder} does not exist"


def test_source_checkout_finds_assets_and_rules():
    from game.resources import asset_path, rules_path

    for rel in NEEDED_ASSETS:
        assert asset_path(*rel.split("/")).is_file(), rel
    assert rules_path("kombio").is_file()


_PROBE = """
import json, sys
import game, game.about, game.i18n, game.resources as r
from game.games import game_ids
print(json.dumps({
    "package": game.__file__,
    "version": game.__version__,
    "notices": str(game.about.document("NOTICES.md")),
    "licence": str(game.about.document("LICENSE")),
    "assets": {rel: str(r.asset_path(*rel.split("/"))) for rel in sys.argv[1:]},
    "fonts": sorted(p.name for p in r.asset_path("fonts").iterdir()),
    "sounds": sorted(p.name for p in r.asset_path("sounds").iterdir()),
    "rules": {v: str(r.rules_path(v)) for v in game_ids()},
    "german": [game.i18n.set_language("de"), game.i18n._("Settings")],
}))
"""


def _can_build_offline() -> bool:
    """Whether this environment can build the wheel itself: its setuptools is at least the one
    pyproject.toml's build-system requires (which has bdist_wheel built in). Otherwise pip builds
    in an isolated environment, fetching setuptools like ``pip install .`` does."""
    try:
        import setuptools
    except ImportError:
        return False
    (needed,) = [r.split(">=")[1] for r in PYPROJECT["build-system"]["requires"] if r.startswith("setuptools>=")]

    def parts(text: str) -> tuple[int, ...]:
        return tuple(int(p) for p in text.split(".")[:3] if p.isdigit())

    return parts(setuptools.__version__) >= parts(needed)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A non-editable ``pip install --no-deps --no-build-isolation`` of a clean copy of the
    project (copied first so no stale build/ folder or egg-info leaks in), into a target folder."""
    base = tmp_path_factory.mktemp("install")
    src = base / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE", "NOTICES.md"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("game", "ai", "assets"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    target = base / "site"
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
           "--disable-pip-version-check", "--target", str(target), str(src)]
    if _can_build_offline():
        cmd.insert(4, "--no-build-isolation")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return target


@pytest.mark.slow
def test_an_installed_copy_finds_assets_and_rules(installed, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(installed))
    env.pop("CARDHALL_HOME", None)
    # -P: do not put the current directory on sys.path, so nothing comes from the checkout
    proc = subprocess.run([sys.executable, "-P", "-c", _PROBE, *NEEDED_ASSETS], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout)
    package = Path(found["package"]).parent
    assert package == installed / "game"
    for rel, path in found["assets"].items():
        path = Path(path)
        assert path.is_file(), rel
        assert path.is_relative_to(package / "assets"), f"{rel} found outside the installed copy: {path}"
    assert found["fonts"] == sorted(p.name for p in (ROOT / "assets" / "fonts").iterdir() if p.is_file())
    assert found["sounds"] == sorted(p.name for p in (ROOT / "assets" / "sounds").iterdir() if p.is_file())
    assert "kombio" in found["rules"], "Kombio is not registered in the installed copy"
    # the compiled catalogues are package data: German works in an installed copy, without Babel
    assert found["german"] == ["de", "Einstellungen"]
    # the version from the installed metadata; LICENSE and NOTICES.md among its licence files
    assert found["version"] == PYPROJECT["project"]["version"]
    for name in ("notices", "licence"):
        path = Path(found[name])
        assert path.is_file() and path.is_relative_to(installed) and ".dist-info" in str(path), found[name]
    assert Path(found["notices"]).read_text(encoding="utf-8") == (ROOT / "NOTICES.md").read_text(encoding="utf-8")
    for variant, path in found["rules"].items():
        path = Path(path)
        assert path.is_relative_to(package / "rules"), variant
        if (ROOT / "game" / "rules" / path.name).is_file():  # a variant being written may lack its page yet
            assert path.is_file(), f"the rules page of {variant} was not installed"
    assert sorted(p.name for p in (package / "rules").glob("*.md")) == \
        sorted(p.name for p in (ROOT / "game" / "rules").glob("*.md"))
    # and the rules pages in other languages (game/rules/<lang>/), with the French catalogue
    assert sorted(p.relative_to(package / "rules").as_posix() for p in (package / "rules").glob("*/*.md")) == \
        sorted(p.relative_to(ROOT / "game" / "rules").as_posix() for p in (ROOT / "game" / "rules").glob("*/*.md"))
    assert (package / "locale" / "fr" / "LC_MESSAGES" / "cardhall.mo").is_file()
    # every module of the checkout was installed
    for top in ("game", "ai"):
        for module in (ROOT / top).rglob("*.py"):
            assert (installed / module.relative_to(ROOT)).is_file(), f"{module.relative_to(ROOT)} was not installed"


def _spec_excludes() -> set[str]:
    import ast

    tree = ast.parse((ROOT / "packaging" / "cardhall.spec").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "excludes" for t in node.targets):
            return {elt.value for elt in node.value.elts if isinstance(elt, ast.Constant)}
    raise AssertionError("packaging/cardhall.spec has no excludes list")


def test_the_build_keeps_every_module_the_cli_commands_import():
    """What `cardhall simulate` and `cardhall replay` import (besides the optional Dask extra) is
    not left out of the executable."""
    probe = ("import sys, game.cli, game.simulate, game.balance, game.core.record\n"
             "print('\\n'.join(sorted({m.split('.')[0] for m in sys.modules})))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    imported = set(out.stdout.split())
    # hashlib imports _hashlib when it is there and falls back to its builtin hashes when not.
    excluded = {name.split(".")[0] for name in _spec_excludes()} - {"_hashlib"}
    assert not imported & excluded, f"the build leaves out modules the commands need: {sorted(imported & excluded)}"
