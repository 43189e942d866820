"""The client draws views: no module under game/client reads the engine's insides.

Exactly two modules, the match driver (game/client/table/driver.py) and the network drivers
(game/client/network.py: a hosted match's Session, a replay of its record), hold a Game or a
Session, and they use only their public API. Everything else reads what the driver hands out
(views, legal actions, redacted events). This walks every client module with `ast` and fails on:

- outside the driver: any attribute chain that goes through ``game`` or ``session``
  (``self.game.phase``, ``g = self.game``, ``table.session.listener``, ``self.match.game.round``),
  and building a game or a session (``Session(...)``, ``record.new_game()``);
- in the driver: any attribute of the game at all (it only hands the game to its Session and to
  ``GameRecord.of``), and any attribute of the session other than its public ones.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "game" / "client"
DRIVERS = (CLIENT / "table" / "driver.py", CLIENT / "network.py")

GAME_API: set[str] = set()
SESSION_API = {"submit", "advance", "next_due", "start_round", "illegal", "view", "legal", "version", "now",
               "hurry",       # hurry: the bots that were only going to pass do so now (timing only)
               "last_step",   # last_step: the step a listener's events came from (the take-back ledger)
               "claim"}       # claim: a move at a network host that counts at its moment (game.net.race)
ENGINE = {"game", "session"}
BUILDERS = {"Session", "new_game", "replay", "run_to_end"}


def _chain(node: ast.AST) -> list[str]:
    """`self.match.game.phase` -> ["self", "match", "game", "phase"] (empty if not a plain chain)."""
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        names.append(node.id)
        return names[::-1]
    return []


def engine_reads(source: str, name: str, driver: bool = False) -> list[str]:
    tree = ast.parse(source, name)
    inner = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    modules = {alias.asname or alias.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
               for alias in n.names}
    aliases = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign)     # g = self.game
               for t in n.targets if isinstance(t, ast.Name) and ENGINE & set(_chain(n.value))}
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and not driver:
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called in BUILDERS:
                found.append(f"{name}:{node.lineno}: {called}(...)")
        if not isinstance(node, ast.Attribute) or id(node) in inner:
            continue        # each chain once, from its outermost attribute
        chain = _chain(node)
        where = f"{name}:{node.lineno}: {'.'.join(chain) or ast.unparse(node)}"
        if driver:
            for i, part in enumerate(chain[1:-1], start=1):
                nxt = chain[i + 1]
                if (part == "game" and nxt not in GAME_API) or (part == "session" and nxt not in SESSION_API):
                    found.append(where)
        elif any(part in ENGINE for part in chain[1:]) or (chain and chain[0] in (ENGINE - modules) | aliases):
            found.append(where)
    return found


def client_engine_reads() -> list[str]:
    found = []
    for path in sorted(CLIENT.rglob("*.py")):
        found += engine_reads(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)), path in DRIVERS)
    return found


def test_the_walker_catches_engine_reads():
    """The checker itself can fail: reads of the old kind are found, view reads are not."""
    old = ("def draw(self):\n"
           "    g = self.game\n"
           "    if g.phase == 'turn' and self.game.held:\n"
           "        self.session.listener = None\n"
           "    return self.match.game.score.totals\n")
    assert len(engine_reads(old, "old.py")) == 5
    new = "def draw(self):\n    v = self.match.view(-1)\n    return v.phase == 'turn' and self.match.over\n"
    assert engine_reads(new, "new.py") == []
    assert engine_reads("def f(self):\n    return self.game.phase\n", "driver.py", driver=True)
    assert engine_reads("def f(self):\n    return self.game.observe(0)\n", "driver.py", driver=True)
    assert not engine_reads("def f(self):\n    return self.session.view(0)\n", "driver.py", driver=True)


@pytest.mark.slow
def test_only_the_driver_reads_the_engine():
    found = client_engine_reads()
    assert not found, "engine reads outside the public API or outside the match driver:\n" + "\n".join(found)
