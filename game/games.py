"""The games Cardhall plays: one entry per game, in one tuple.

An entry declares what a game is (its id, title, one-line summary, aliases and seats: what the
menus list) and names its parts by import path: the rules engine, the leveled bot, the client's
table, the guided first match, the rules page and the pictures of it in docs/. Nothing is imported
until it is asked for (``entry.engine()``, ``entry.bot()``, ``entry.table()``, ``entry.guide()``),
so listing the games costs nothing and a command that plays one game loads only that game.

Everything that goes through every game iterates ``GAMES``: the menus, ``cardhall simulate``, the
smoke test, the bot ladder, the tests and the benchmarks. Adding a game is its own files plus one
entry here (docs/adding-a-game.md). A game is found by its id or an alias, in any case
(``find("UNO")``); two games answering to one name are refused.

The engine class takes its id, title, summary, aliases and seat range from its entry (see
``game.core.game.Game``): they are written once, here.

This module imports nothing of the game's, so the rules side, the client and the build spec
(packaging/cardhall.spec, which lists ``modules()`` for PyInstaller) may all read it.
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from game.core.errors import UnknownVariant
from game.i18n import _l

# A part of a game: "package.module:name" (imported when first asked for), or the object itself
# (a stand-in game registered by a test).
Ref = Any


def load(ref: Ref) -> Any:
    """The object a reference names (imported on first use; Python caches the module)."""
    if not isinstance(ref, str):
        return ref
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class GameEntry:
    id: str
    title: str
    summary: str                          # one line: what the menus show under the title (_l: translated when shown)
    seats: tuple[int, int]                # the fewest and the most seats
    engine: Ref                           # the rules: a game.core.game.Game subclass
    bots: Ref | None = None               # the leveled bot, built as cls(level, seed, **tweaks)
    table: Ref | None = None              # the client's table: factory(app, record, storage) -> Scene
    guide: Ref | None = None              # the guided first match: a game.guides.Guide
    rules: str = ""                       # the player's rules page, under game/rules/
    screenshots: tuple[str, ...] = ()     # pictures of it under docs/screenshots/ (docs/playing.md shows the first)
    aliases: tuple[str, ...] = ()
    # The table closes a reaction window once every person at the screen has passed (the bots
    # that were only going to pass do so at once), so setup words the window's option that way.
    pass_closes_window: bool = False

    @classmethod
    def of(cls, engine: type, **parts: Any) -> "GameEntry":
        """An entry for an engine class that says what it is itself (a test's stand-in game)."""
        return cls(engine.id, engine.title, engine.summary, (engine.min_seats, engine.max_seats), engine,
                   aliases=tuple(engine.aliases), **parts)

    @property
    def names(self) -> tuple[str, ...]:
        return (self.id, *self.aliases)

    @property
    def min_seats(self) -> int:
        return self.seats[0]

    @property
    def max_seats(self) -> int:
        return self.seats[1]

    def engine_class(self) -> Any:
        cls = load(self.engine)
        if getattr(cls, "id", None) != self.id:
            raise TypeError(f"{self.engine!r} is not the engine of {self.id!r} (its id is {getattr(cls, 'id', None)!r})")
        return cls

    def bot_class(self) -> Any:
        return None if self.bots is None else load(self.bots)

    def table_factory(self) -> Any:
        return None if self.table is None else load(self.table)

    def load_guide(self) -> Any:
        return None if self.guide is None else load(self.guide)


GAMES: tuple[GameEntry, ...] = (
    GameEntry("combat-uno", "Combat UNO",
              _l("UNO at full speed: jump in with identical cards, stack the draws, race to call UNO."),
              (2, 6), "game.variants.combat_uno:CombatUno", bots="ai.combat_uno:CombatUnoBot",
              table="game.client.table.combat_uno:make_combat_uno_table", guide="game.guides.combat_uno:GUIDE",
              rules="combat-uno.md", aliases=("combat_uno", "uno"),
              screenshots=("combat-uno-jump-in.png", "guide-combat-uno-2-jump-in.png", "coach-combat-uno.png",
                           "replay-combat-uno.png")),
    GameEntry("kabu", "Kabu",
              _l("Six face-down cards from two decks: peek, swap, discard and snipe out of turn, call Kabu when you are low."),
              (2, 6), "game.variants.kabu:Kabu", bots="ai.kabu:KabuBot",
              table="game.client.table.kabu:make_kabu_table", guide="game.guides.kabu:GUIDE",
              rules="kabu.md", pass_closes_window=True,
              screenshots=("kabu-missed-pile.png", "guide-kabu-1-peek.png", "coach-kabu.png", "replay-kabu.png")),
    GameEntry("kombio", "Kombio",
              _l("Four face-down cards, peeks and swaps, out-of-turn matching: call KOMBIO when you are lowest."),
              (2, 6), "game.variants.kombio:Kombio", bots="ai.kombio:KombioBot",
              table="game.client.table.kombio:make_kombio_table", guide="game.guides.kombio:GUIDE",
              rules="kombio.md", aliases=("kombio-cards",), pass_closes_window=True,
              screenshots=("kombio-reaction-window.png", "guide-kombio-5-match.png", "coach-kombio.png",
                           "replay-kombio.png")),
    GameEntry("kumbal", "Kumbal",
              _l("Shed points in sets and runs, then call Kumbal with 7 or fewer: lowest hand wins the round."),
              (2, 6), "game.variants.kumbal:Kumbal", bots="ai.kumbal:KumbalBot",
              table="game.client.table.kumbal:make_kumbal_table", guide="game.guides.kumbal:GUIDE",
              rules="kumbal.md", aliases=("kumball",),
              screenshots=("kumbal-select-set.png", "guide-kumbal-1-run.png", "coach-kumbal.png", "replay-kumbal.png")),
    GameEntry("sixteen-combos", "16 Combos",
              _l("A card battle: pairs of type and value, sixteen combos, the last character standing wins."),
              (2, 4), "game.variants.sixteen_combos:SixteenCombos", bots="ai.sixteen_combos:SixteenCombosBot",
              table="game.client.table.sixteen_combos:make_sixteen_combos_table",
              guide="game.guides.sixteen_combos:GUIDE", rules="sixteen-combos.md",
              aliases=("sixteen_combos", "16-combos", "16combos"),
              screenshots=("sixteen-combos-four-characters.png", "guide-sixteen-combos-1-place.png",
                           "coach-sixteen-combos.png", "replay-sixteen-combos.png")),
)

_ENTRIES: list[GameEntry] = []          # GAMES, then any registered later (a test's stand-in)
_BY_NAME: dict[str, GameEntry] = {}
_BY_ENGINE: dict[str, GameEntry] = {}   # "module:Class" -> the entry naming that engine


def register(entry: GameEntry) -> GameEntry:
    """Add a game (the built ones are in GAMES; a test adds a stand-in). A name (id or alias)
    another game already answers to is refused, and nothing is added."""
    keys = [name.lower() for name in entry.names]
    for name, key in zip(entry.names, keys):
        if key in _BY_NAME or keys.count(key) > 1:
            raise ValueError(f"game name {name!r} is registered twice")
    _ENTRIES.append(entry)
    for key in keys:
        _BY_NAME[key] = entry
    if isinstance(entry.engine, str):
        _BY_ENGINE[entry.engine] = entry
    return entry


def unregister(game_id: str) -> None:
    """Take a registered game out again (for tests)."""
    found = _BY_NAME.get(game_id.lower())
    if found is None:
        return
    _ENTRIES.remove(found)
    for key in [k for k, v in _BY_NAME.items() if v is found]:
        del _BY_NAME[key]
    if isinstance(found.engine, str):
        _BY_ENGINE.pop(found.engine, None)


@contextmanager
def kept() -> Iterator[None]:
    """The registry as it is now comes back on leaving: what a test registers or takes out inside
    is undone (and the built games keep their order)."""
    saved = list(_ENTRIES), dict(_BY_NAME), dict(_BY_ENGINE)
    try:
        yield
    finally:
        _ENTRIES[:] = saved[0]
        for now, then in ((_BY_NAME, saved[1]), (_BY_ENGINE, saved[2])):
            now.clear()
            now.update(then)


for _game in GAMES:
    register(_game)


def find(name: str) -> GameEntry:
    """The game answering to `name` (its id or an alias, any case)."""
    found = _BY_NAME.get(str(name).lower())
    if found is None:
        raise UnknownVariant(f"unknown variant {name!r}; choose from {', '.join(game_ids())}")
    return found


def entries() -> tuple[GameEntry, ...]:
    """Every game, in the order the menus list them."""
    return tuple(_ENTRIES)


def game_ids() -> list[str]:
    return [e.id for e in _ENTRIES]


def declared_engine(cls: type) -> GameEntry | None:
    """The entry that names `cls` as its engine, if one does."""
    return _BY_ENGINE.get(f"{cls.__module__}:{cls.__qualname__}")


def modules() -> list[str]:
    """Every module an entry names: what imports them lazily hides from PyInstaller."""
    found = []
    for e in GAMES:
        for ref in (e.engine, e.bots, e.table, e.guide):
            if isinstance(ref, str):
                found.append(ref.partition(":")[0])
    return list(dict.fromkeys(found))
