"""Drawing never changes the table's state: through fixed-seed matches of every game (one player
against bots, and hot-seat), every few frames the state of the table and of each of its parts
(the shared screen, the spec, the director, zones, privacy, input, HUD, results, history, coach,
guide, take-back, the driver's version) is read before and after a draw; the two must be equal,
and a second draw must put the same texts and faces on the screen. Only the frame's own record
(``drawn``, ``draw_log``) and the layout memos (canvas.Memo: the same answer for the same
question) may change."""

from __future__ import annotations

import dataclasses
from collections import deque

import pygame
import pytest

from game.client.table.canvas import Canvas, Memo
from game.client.ui import text as T
from table_snapshots import DT, _app, _match

PARTS = ("screen", "spec", "director", "zones", "privacy", "input", "hud", "results", "history", "coach", "guide",
         "take_back")
FRAME_RECORD = {"drawn", "draw_log"}      # what a draw leaves: its record of the frame


def snapshot(obj, others: dict[int, str], depth: int = 0, path: tuple = ()):
    """A plain value standing for ``obj``'s state: the parts and the app are named, not entered."""
    if id(obj) in others and depth > 0:
        return ("part", others[id(obj)])
    if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
        return obj
    if isinstance(obj, pygame.Surface):
        return ("surface", obj.get_size())
    if isinstance(obj, pygame.Rect):
        return ("rect", tuple(obj))
    if isinstance(obj, (pygame.Vector2, pygame.Color)):
        return ("vec", tuple(obj))
    if isinstance(obj, (Memo, Canvas)) or depth > 8 or id(obj) in path:
        return ("skip", type(obj).__name__)
    path = path + (id(obj),)
    if isinstance(obj, (list, tuple, deque)):
        return [snapshot(x, others, depth + 1, path) for x in obj]
    if isinstance(obj, dict):
        return sorted((repr(k), snapshot(v, others, depth + 1, path)) for k, v in obj.items())
    if isinstance(obj, (set, frozenset)):
        return sorted(repr(x) for x in obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (type(obj).__name__, [(f.name, snapshot(getattr(obj, f.name), others, depth + 1, path))
                                     for f in dataclasses.fields(obj)])
    if callable(obj) and not hasattr(obj, "__dict__") or isinstance(obj, type):
        return ("callable", getattr(obj, "__qualname__", type(obj).__name__))
    if hasattr(obj, "__dict__"):
        return (type(obj).__name__, sorted((k, snapshot(v, others, depth + 1, path)) for k, v in vars(obj).items()
                                           if k not in FRAME_RECORD))
    return ("opaque", type(obj).__name__)


def table_state(table) -> dict:
    others = {id(getattr(table, name)): name for name in PARTS}
    others.update({id(table): "table", id(table.app): "app", id(table.match): "match", id(table.store): "store"})
    state = {name: snapshot(getattr(table, name), others) for name in PARTS}
    state["table"] = snapshot(table, others)
    state["match"] = (table.match.version, len(table.match.record().actions))
    return state


def drawn(table, surface) -> tuple:
    T.DRAWN.clear()
    table.draw(surface)
    return [text for text, _ in T.DRAWN], table.drawn.faces


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kombio-single", "kabu-single", "combat-uno-single", "kumbal-single",
                                  "sixteen-combos-single", "kombio-hotseat", "combat-uno-hotseat"])
def test_drawing_changes_nothing(name):
    from grid_driver import start

    game, mode = name.rsplit("-", 1)
    record, driver_cls, kwargs = _match(game, mode)
    app = _app(memory_aid=mode == "single" and game in ("kombio", "kabu"))
    table = start(app, record)
    driver = driver_cls(app, table, **kwargs)
    surface = pygame.Surface(app.size)
    checked = 0
    for n in range(900):
        if table.match.over:
            break
        driver.act()
        app.step(DT)
        if n % 15 or app.top is not table:
            continue
        before = table_state(table)
        first = drawn(table, surface)
        after = table_state(table)
        changed = [part for part in before if before[part] != after[part]]
        assert not changed, f"frame {n}: drawing changed {changed}"
        assert drawn(table, surface) == first, f"frame {n}: a second draw drew something else"
        checked += 1
    assert checked >= 20


def test_the_check_sees_a_change():
    """The snapshot tells a changed attribute of a part, however deep, from an unchanged one."""
    class Part:
        def __init__(self):
            self.things = {"a": [1, 2, {"b": pygame.Rect(1, 2, 3, 4)}]}
            self.memo = Memo()
    part = Part()
    others = {}
    before = snapshot(part, others)
    part.memo.put("spot", 1, 2)                # a memo may change
    assert snapshot(part, others) == before
    part.things["a"][2]["b"].x = 9             # state may not
    assert snapshot(part, others) != before
