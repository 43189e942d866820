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
        rng = self.rng
        # rng.choice(legal) and rng.uniform(a, b), spelled out as the random module computes them
        # (the same numbers from the same stream, without two calls per decision: it is asked for
        # nearly every action of a simulation).
        n = len(legal)
        if n == 1:
            # The usual ask (a seat offered a jump-in with nothing to jump in with: only Pass).
            # _randbelow(1) draws single bits until one is 0; the same draws, without the call.
            getrandbits = rng.getrandbits
            while getrandbits(1):
                pass
            action = legal[0]
        else:
            action = legal[rng._randbelow(n)]
        # A reaction (out of turn, or a kind that always is: an UNO call caught on its own turn) it
        # makes like a person would, in 0.4-2.5 s; a move of its turn it makes promptly.
        reacting = view.out_of_turn or action.reaction
        delay = (0.4 + (2.5 - 0.4) * rng.random()) if reacting else (0.2 + (1.0 - 0.2) * rng.random())
        return Intent(action, delay)
