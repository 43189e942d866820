"""A bot that plays a uniformly random legal action: the baseline and a fuzzer for the rules."""

from __future__ import annotations

import random
from typing import Any

from game.core.actions import Action
from game.core.events import Event
from game.core.session import Intent


class RandomAgent:
    reads_view = False    # the Session gives it a Glance (seat, out_of_turn), not a whole view
    hears_events = False  # it learns nothing from events, so the Session does not redact them for it

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def begin(self, seat: int, game_type: Any, seats: int, options: dict[str, Any]) -> None:
        self.seat = seat

    def observe(self, events: list[Event]) -> None:
        pass

    def decide(self, view: Any, legal: list[Action], now: float) -> Intent:
        action = self.rng.choice(legal)
        # Out of turn it reacts like a person would; in turn it moves promptly.
        delay = self.rng.uniform(0.4, 2.5) if view.out_of_turn else self.rng.uniform(0.2, 1.0)
        return Intent(action, delay)
