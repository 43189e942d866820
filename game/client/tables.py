"""Where the client finds a game's card table: the ``table`` of its entry in game/games.py.

A table is ``factory(app, record, storage) -> Scene``; the record is a GameRecord (a new match has
no actions, a continued one has the actions to replay). A table's module is imported when a match
of that game is first opened, never at start-up. Games whose entry names no table are not offered
under Play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from game import games
from game.core.errors import CardhallError, UnknownVariant
from game.log import logger

if TYPE_CHECKING:
    from game.client.scene import Scene
    from game.core.record import GameRecord

TableFactory = Callable[[Any, "GameRecord", Any], "Scene"]   # (app, record, storage)
_log = logger(__name__)      # (logging is imported when it logs: game/log.py)


class TableUnavailable(CardhallError):
    """The game has no table in this build, or its table failed to load (logged)."""


def pass_closes_window(variant_id: str) -> bool:
    """Once every person at the screen has passed a reaction window, the table has the bots that
    were only going to pass do so at once (MatchDriver.hurry_passes), so setup words the window's
    option as "close when I pass or after N s"."""
    try:
        return games.find(variant_id).pass_closes_window
    except UnknownVariant:
        return False


def table_for(variant_id: str) -> TableFactory | None:
    """The game's table, imported now if it was not yet; None if it has none or it cannot load (a
    broken table must not take the menus down with it: the failure is logged)."""
    try:
        return games.find(variant_id).table_factory()
    except UnknownVariant:
        return None
    except Exception:
        _log.exception("the card table of %s failed to import", variant_id)
        return None


def playable_variants() -> list[games.GameEntry]:
    """The games with a table, in registry order (their entries: nothing is imported)."""
    return [e for e in games.entries() if e.table is not None]


def start_match(app: Any, record: "GameRecord") -> "Scene":
    """Open the table for the record (new or continued) on top of the main menu."""
    factory = table_for(record.variant)
    if factory is None:
        raise TableUnavailable(f"the table for {record.variant!r} is not available")
    scene = factory(app, record, app.storage)
    app.open_match(scene)
    return scene
