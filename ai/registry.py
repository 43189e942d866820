"""Which bot plays which variant: one table keyed by variant id.

Each bot module registers its class with ``@bot_for("<variant id>")``; lookups accept any name
the variant answers to (its id or an alias, resolved by game.core.game.get_variant). The random
bot plays every variant. A variant without a bot of its own is an error that says so, never a
silent random bot.
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable

from ai.levels import LEVELS
from ai.random_agent import RandomAgent
from game.core.errors import CardhallError
from game.core.game import get_variant

BOT_KINDS = ("random", *LEVELS)

_BOTS: dict[str, type] = {}


class UnknownBot(CardhallError):
    """No bot of that kind (or level) plays that variant."""


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's own seed, derived from the game's seed through a one-way hash: a bot that knows its
    seed cannot work back to the game seed (and so to the deck order)."""
    digest = hashlib.sha256(f"cardhall bot {game_seed} {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def bot_for(variant: str) -> Callable[[type], type]:
    """Class decorator: the leveled bot (built as cls(level, seed, **tweaks)) of a variant."""
    variant_id = get_variant(variant).id

    def register(cls: type) -> type:
        if variant_id in _BOTS:
            raise ValueError(f"a bot for {variant_id!r} is registered twice")
        _BOTS[variant_id] = cls
        return cls

    return register


def _bots() -> dict[str, type]:
    import ai.combat_uno  # noqa: F401  (each bot module registers its bot)
    import ai.kombio  # noqa: F401
    import ai.kabu  # noqa: F401
    import ai.kumbal  # noqa: F401
    import ai.sixteen_combos  # noqa: F401

    return _BOTS


def bot_kinds(variant: str) -> tuple[str, ...]:
    """The kinds that play the variant: "random" always, the levels where it has a bot."""
    return BOT_KINDS if get_variant(variant).id in _bots() else ("random",)


def make_agent(variant: str, kind: str, seed: int, **tweaks: Any) -> Any:
    """kind: "random", or a level name ("easy", "medium", "hard"). Raises UnknownVariant for a
    variant nobody registered and UnknownBot for a kind the variant has no bot for."""
    variant_id = get_variant(variant).id
    if kind == "random":
        return RandomAgent(seed)
    cls = _bots().get(variant_id)
    if cls is None or kind not in LEVELS:
        raise UnknownBot(f"no {kind!r} bot for {variant_id}; choose from {', '.join(bot_kinds(variant_id))}")
    return cls(LEVELS[kind], seed, **tweaks)
