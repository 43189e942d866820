"""Bots at a pace a person can follow, and the table's own clock.

``PacedAgent`` wraps any agent (from ai.registry.make_agent) and stretches its intents: in-turn
actions wait at least a minimum "thinking" pause, and every delay is scaled by the bot-speed
setting (a reaction's above the floor of a person's reaction time). The delays count on the table clock, which only runs while the view has caught up with
the game (see TableScene), so a bot's delay starts when the player could see the situation.
"""

from __future__ import annotations

from typing import Any, Callable

from ai.levels import REACTION_FLOOR
from game.core.actions import Action
from game.core.events import Event
from game.core.session import Intent

MIN_TURN_PAUSE = 0.7      # seconds a bot "thinks" at least before an in-turn action


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
        scale = max(0.0, self.scale())
        if view.out_of_turn:
            # A bot's reaction delay already starts at a person's floor (ai.levels): the bot speed
            # stretches what lies above it, so at any speed none comes sooner than a person's could,
            # and none is cut to a bound (a 0.35 s minimum held 18% of hard's Combat UNO claims).
            above = intent.delay - REACTION_FLOOR
            return Intent(intent.action, REACTION_FLOOR + (above * scale if above > 0.0 else 0.0))
        return Intent(intent.action, max(MIN_TURN_PAUSE, intent.delay) * scale)


def build_agent(variant_id: str, seat_info: Any, seed: int) -> Any:
    """The bot for a seat (SeatInfo kind "bot" with a level, or "random"). Raises ai.UnknownBot
    when the variant has no bot of that level (the caller shows the error). `seed` is the bot's own
    seed: ai.registry.bot_seed(game seed, seat), never the game seed itself."""
    from ai.registry import make_agent

    kind = "random" if seat_info.kind == "random" else (seat_info.level or "medium")
    return make_agent(variant_id, kind, seed)
