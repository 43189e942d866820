"""Bots at a pace a person can follow, and the table's own clock.

``PacedAgent`` wraps any agent (from ai.registry.make_agent) and stretches its intents: in-turn
actions wait at least a minimum "thinking" pause, and every delay is scaled by the bot-speed
setting. The delays count on the table clock, which only runs while the view has caught up with
the game (see TableScene), so a bot's delay starts when the player could see the situation.
"""

from __future__ import annotations

from typing import Any, Callable

from ai.levels import REACTION_FLOOR
from game.core.actions import Action
from game.core.events import Event
from game.core.session import Intent

MIN_TURN_PAUSE = 0.7      # seconds a bot "thinks" at least before an in-turn action
MIN_REACTION = 0.35       # and before an out-of-turn claim


class PacedAgent:
    def __init__(self, inner: Any, scale: Callable[[], float]):
        self.inner = inner
        self.scale = scale

    def begin(self, seat: int, game_type: Any, seats: int, options: dict[str, Any]) -> None:
        self.seat = seat
        self.inner.begin(seat, game_type, seats, options)

    def observe(self, events: list[Event]) -> None:
        self.inner.observe(events)

    @property
    def fallbacks(self) -> int:
        return getattr(self.inner, "fallbacks", 0)

    @property
    def notice(self) -> Any:
        """The inner bot's `notice` (Agent: a bot left waiting keeps its times), or None."""
        return getattr(self.inner, "notice", None)

    @property
    def clock(self) -> Any:
        """The inner bot's `clock` (Agent: the time of the events it observes), or None."""
        return getattr(self.inner, "clock", None)

    def decide(self, view: Any, legal: list[Action], now: float) -> Intent:
        intent = self.inner.decide(view, legal, now)
        floor = MIN_REACTION if view.out_of_turn else MIN_TURN_PAUSE
        delay = max(floor, intent.delay) * max(0.0, self.scale())
        if view.out_of_turn:
            # Even at the fastest bot speed a reaction comes no sooner than a person's could.
            delay = max(REACTION_FLOOR, delay)
        return Intent(intent.action, delay)


def build_agent(variant_id: str, seat_info: Any, seed: int) -> Any:
    """The bot for a seat (SeatInfo kind "bot" with a level, or "random"). Raises ai.UnknownBot
    when the variant has no bot of that level (the caller shows the error). `seed` is the bot's own
    seed: ai.registry.bot_seed(game seed, seat), never the game seed itself."""
    from ai.registry import make_agent

    kind = "random" if seat_info.kind == "random" else (seat_info.level or "medium")
    return make_agent(variant_id, kind, seed)
