"""Which bot plays which variant: the ``bots`` of each game's entry in game/games.py.

Lookups accept any name the game answers to (its id or an alias); a bot's module is imported
when a bot of that game is first asked for. The random bot plays every variant. A variant without
a bot of its own is an error that says so, never a silent random bot.
"""

from __future__ import annotations

import hashlib
from typing import Any

from ai.levels import LEVELS
from ai.random_agent import RandomAgent
from game import games
from game.core.errors import CardhallError

BOT_KINDS = ("random", *LEVELS)


class UnknownBot(CardhallError):
    """No bot of that kind (or level) plays that variant."""


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's own seed, derived from the game's seed through a one-way hash: a bot that knows its
    seed cannot work back to the game seed (and so to the deck order)."""
    digest = hashlib.sha256(f"cardhall bot {game_seed} {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def bot_kinds(variant: str) -> tuple[str, ...]:
    """The kinds that play the variant: "random" always, the levels where it has a bot."""
    return BOT_KINDS if games.find(variant).bots is not None else ("random",)


def make_agent(variant: str, kind: str, seed: int, **tweaks: Any) -> Any:
    """kind: "random", or a level name ("easy", "medium", "hard"). Raises UnknownVariant for a
    variant nobody registered and UnknownBot for a kind the variant has no bot for."""
    entry = games.find(variant)
    if kind == "random":
        return RandomAgent(seed)
    cls = entry.bot_class()
    if cls is None or kind not in LEVELS:
        raise UnknownBot(f"no {kind!r} bot for {entry.id}; choose from {', '.join(bot_kinds(entry.id))}")
    return cls(LEVELS[kind], seed, **tweaks)
