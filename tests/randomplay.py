"""Random legal play for property tests: any variant, seeded, one action at a time."""

from __future__ import annotations

import random
from typing import Iterator

from game.core.actions import Action
from game.core.game import Game


def random_steps(game: Game, rng: random.Random, max_steps: int = 3000) -> Iterator[tuple[Action, float, list]]:
    """Yield (action, t, events) for random legal actions until the match ends or max_steps."""
    t = 0.0
    for _ in range(max_steps):
        if game.over:
            return
        seats = game.seats_to_act()
        pending = game.table_action()
        step = t + rng.choice((0.0, 0.05, 0.3))
        if seats and (pending is None or pending[1] is None or step < pending[1]):
            seat = rng.choice(seats)
            action = rng.choice(game.legal_actions(seat))
            t = step
        else:
            # the table acts when its moment has come, as the session driver does
            assert pending is not None, f"nobody can act in phase {getattr(game, 'phase', '?')}"
            action, due = pending
            t = max(t, due if due is not None else t)
        events = game.apply(action, t)
        yield action, t, events
