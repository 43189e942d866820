"""The table's shape, read from its code (ast): no table module imports a scene or the app (it asks
the app for one by a request, game/client/requests.py), and the narrators import nothing of
pygame's or the table's."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CLIENT = Path(__file__).resolve().parents[2] / "game" / "client"


def imported(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.slow
def test_no_table_module_imports_a_scene_or_the_app():
    found = {}
    for path in sorted((CLIENT / "table").glob("*.py")):
        bad = sorted(n for n in imported(path) if n.startswith(("game.client.scenes", "game.client.app")))
        if bad:
            found[path.name] = bad
    assert not found, found


def test_the_narrators_import_nothing_of_the_screen():
    found = {}
    for path in sorted((CLIENT / "narration").glob("*.py")):
        bad = sorted(n for n in imported(path) if n.split(".")[0] == "pygame"
                     or n.startswith(("game.client.ui", "game.client.scenes", "game.client.app")))
        if path.name != "record.py":      # (the record is played through the match driver)
            bad += sorted(n for n in imported(path) if n.startswith("game.client.table"))
        if bad:
            found[path.name] = bad
    assert not found, found
