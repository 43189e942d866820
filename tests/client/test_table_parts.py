"""The table owns its parts (game/client/table/base.py), and each part reads another only through
that part's declared ``interface``: read from the code (ast), no module of the table reads a
name of a part (``…zones.hands``, ``self.t.director.fly``) that the part does not declare, nor a
private one, nor writes another part's attributes (only the shared Screen is written by several
parts); the shared table reaches a game's spec only through TableSpec's hooks. TableScene has no
mixin bases, and no class of the client is over about 600 lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.client.table.base import TableScene
from game.client.table.coach import Coach
from game.client.table.director import Director
from game.client.table.guide import TableGuide
from game.client.table.history import History
from game.client.table.hud import Hud
from game.client.table.input import Input
from game.client.table.privacy import Privacy
from game.client.table.results import Results
from game.client.table.screen import Screen
from game.client.table.spec import TableSpec
from game.client.table.speech import TableSpeech
from game.client.table.take_back import TakeBack
from game.client.table.zones import Zones
from game.client.scene import Scene

TABLE = Path(__file__).resolve().parents[2] / "game" / "client" / "table"
CLIENT = TABLE.parent

# The name each part goes by wherever it is held, its class and the modules that are the part itself.
PARTS = {
    "director": (Director, {"director.py"}),
    "zones": (Zones, {"zones.py", "zone_kinds.py"}),
    "privacy": (Privacy, {"privacy.py"}),
    "input": (Input, {"input.py"}),
    "hud": (Hud, {"hud.py"}),
    "results": (Results, {"results.py"}),
    "history": (History, {"history.py"}),
    "coach": (Coach, {"coach.py"}),
    "guide": (TableGuide, {"guide.py"}),
    "take_back": (TakeBack, {"take_back.py"}),
    "speech": (TableSpeech, {"speech.py"}),
}
# What may be written from outside a part (the shared state; a count a game's events set).
WRITABLE = {"zones": {"deck_n"}}
# The shared table's own modules: they reach a game's spec through TableSpec's hooks only (a game's
# own modules, its spec and its helpers, read their own spec as they please).
SHARED = {name for _, modules in PARTS.values() for name in modules} | {"base.py", "facts.py"}


def declared(cls: type) -> set[str]:
    return set(cls.interface)


def defined(cls: type, module: Path) -> set[str]:
    """The names a class defines: its attributes and methods, and what its methods assign to self."""
    names = set(dir(cls))
    tree = ast.parse(module.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for sub in ast.walk(node):
                if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == "self" \
                        and isinstance(sub.ctx, ast.Store):
                    names.add(sub.attr)
    return names


def spec_hooks() -> set[str]:
    return {name for name in dir(TableSpec) if not name.startswith("_")} | {"t"}


def held_part(node: ast.expr) -> str | None:
    """The part an expression names by its role (``self.zones``, ``t.zones``, a local ``zones``)."""
    if isinstance(node, ast.Attribute) and (node.attr in PARTS or node.attr == "spec"):
        return node.attr
    if isinstance(node, ast.Name) and (node.id in PARTS or node.id == "spec"):
        return node.id
    return None


def reads(path: Path) -> list[tuple[int, str, str, bool]]:
    """(line, part, name, written) of every use of a part's attribute in a module."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute):
            part = held_part(node.value)
            if part is not None:
                out.append((node.lineno, part, node.attr, isinstance(node.ctx, ast.Store)))
    return out


@pytest.mark.parametrize("role", sorted(PARTS))
def test_each_part_declares_an_interface_it_has(role):
    cls, modules = PARTS[role]
    module = TABLE / (cls.__module__.rsplit(".", 1)[1] + ".py")
    missing = declared(cls) - defined(cls, module)
    assert not missing, f"{cls.__name__} declares {sorted(missing)} but has no such names"
    assert not [n for n in declared(cls) if n.startswith("_")]


def test_no_part_reads_another_but_through_its_interface():
    found = []
    for path in sorted(TABLE.glob("*.py")):
        for line, part, name, written in reads(path):
            if part == "spec":
                allowed = spec_hooks()
                own = path.name not in SHARED
            else:
                cls, modules = PARTS[part]
                allowed, own = declared(cls), path.name in modules
            if own:
                continue
            if name.startswith("_") or name not in allowed:
                found.append(f"{path.name}:{line}: {part}.{name}")
            elif written and name not in WRITABLE.get(part, set()):
                found.append(f"{path.name}:{line}: writes {part}.{name}")
    assert not found, "reads past a part's interface:\n" + "\n".join(found)


def test_the_test_sees_what_it_forbids(tmp_path):
    """The rule catches a read of another part's private or undeclared name, and a write."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f(self, t, zones):\n    t.director._flights\n    zones.zones\n    t.hud.message = 1\n"
                   "    t.zones.hands\n")
    got = [(part, name) for _, part, name, _ in reads(bad)]
    assert got == [("director", "_flights"), ("zones", "zones"), ("hud", "message"), ("zones", "hands")]
    assert "_flights" not in declared(Director) and "zones" not in declared(Zones)


def test_the_table_scene_is_made_of_parts_not_mixins():
    assert TableScene.__bases__ == (Scene,)
    table_methods = [n for n, v in vars(TableScene).items() if callable(v) and not n.startswith("__")]
    assert len(table_methods) < 40, table_methods


def test_the_screen_is_small():
    assert len(Screen.__dataclass_fields__) <= 20


@pytest.mark.slow
def test_no_class_of_the_client_is_over_about_600_lines():
    long = []
    for path in sorted(CLIENT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > 600:
                long.append(f"{path.relative_to(CLIENT)}: {node.name} {node.end_lineno - node.lineno + 1} lines")
    assert not long, long
