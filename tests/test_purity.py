"""The rules and the bots never depend on pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_rules_and_bots_import_without_pygame():
    code = ("import sys, game, game.core.session, game.core.record, game.variants, game.simulate, game.cli, ai\n"
            "import ai.registry\n"
            "assert not any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules), 'pygame imported'")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


@pytest.mark.slow
def test_no_module_outside_the_client_imports_pygame():
    offenders = []
    for path in list((ROOT / "game").rglob("*.py")) + list((ROOT / "ai").rglob("*.py")):
        if "client" in path.relative_to(ROOT).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n == "pygame" or n.startswith("pygame.") for n in names):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
