"""The registry through which a variant's card table plugs into the client shell.

A table module calls ``register_table("kombio", factory)`` at import time, where
``factory(app, record, storage) -> Scene``. The record is a GameRecord: a new match has no
actions; a continued match has the actions to replay. Variants without a registered table are not
offered under Play.
"""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.scene import Scene
    from game.core.record import GameRecord

TableFactory = Callable[["App", "GameRecord", Any], "Scene"]

_TABLES: dict[str, TableFactory] = {}
_PASS_CLOSES: set[str] = set()   # tables whose reaction window closes when the people at the screen pass
_log = logging.getLogger(__name__)
_loaded = False


def register_table(variant_id: str, factory: TableFactory, *, pass_closes_window: bool = False) -> None:
    """`pass_closes_window`: once every person at the screen has passed a reaction window, the
    table has the bots that were only going to pass do so at once (MatchDriver.hurry_passes), so
    setup can word the window's option as "close when I pass or after N s"."""
    key = variant_id.lower()
    if key in _TABLES and _TABLES[key] is not factory:
        raise ValueError(f"a table for {variant_id!r} is registered twice")
    _TABLES[key] = factory
    if pass_closes_window:
        _PASS_CLOSES.add(key)


def pass_closes_window(variant_id: str) -> bool:
    _load_builtin_tables()
    return str(variant_id).lower() in _PASS_CLOSES


def unregister_table(variant_id: str) -> None:
    """For tests."""
    _TABLES.pop(variant_id.lower(), None)


def _load_builtin_tables() -> None:
    """Import game.client.table (owned by the table code) so its tables register themselves."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    try:
        importlib.import_module("game.client.table")
    except ModuleNotFoundError as exc:
        if exc.name not in ("game.client.table",):
            _log.exception("the card tables failed to import")
    except Exception:  # a broken table must not take the menus down with it
        _log.exception("the card tables failed to import")


def table_for(variant_id: str) -> TableFactory | None:
    _load_builtin_tables()
    return _TABLES.get(str(variant_id).lower())


def playable_variants() -> list[type]:
    """Registered variants (game.core) that have a table, in registry order."""
    return [v for v in available_variants() if table_for(v.id) is not None]


def available_variants() -> list[type]:
    """Every registered variant; empty (not an error) while none are built yet."""
    try:
        from game.core.game import all_variants

        return list(all_variants())
    except ImportError:
        return []


def start_match(app: "App", record: "GameRecord") -> "Scene":
    """Open the table for the record (new or continued) on top of the main menu."""
    factory = table_for(record.variant)
    if factory is None:
        raise LookupError(f"no table is registered for {record.variant!r}")
    scene = factory(app, record, app.storage)
    app.open_match(scene)
    return scene
