"""Builds a bot for a seat from its kind and level."""

from __future__ import annotations

from typing import Any

from ai.levels import LEVELS, get_level
from ai.random_agent import RandomAgent

BOT_KINDS = ("random", *LEVELS)


def make_agent(variant_id: str, kind: str, seed: int, **tweaks: Any) -> Any:
    """kind: "random", or a level name ("easy", "medium", "hard")."""
    if kind == "random":
        return RandomAgent(seed)
    level = get_level(kind)
    if variant_id == "kombio":
        from ai.kombio import KombioBot
        return KombioBot(level, seed, **tweaks)
    if variant_id == "combat-uno":
        from ai.combat_uno import CombatUnoBot
        return CombatUnoBot(level, seed, **tweaks)
    raise ValueError(f"no {kind} bot for {variant_id} yet")
