"""Bots. They receive only their seat's observation and redacted events, never the game state."""

from ai.registry import BOT_KINDS, UnknownBot, bot_kinds, bot_seed, make_agent

__all__ = ["BOT_KINDS", "UnknownBot", "bot_kinds", "bot_seed", "make_agent"]
