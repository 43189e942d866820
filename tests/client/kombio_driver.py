"""Drives the Kombio table through real input events in frames of a fixed time (the app, the input helpers,
the random policy and the frame checks are grid_driver's): the human seats draw, swap, use the
abilities of 7 to 14, match out of turn, decide a wrong claimer's penalty and call KOMBIO."""

from __future__ import annotations

import pygame

from game.core.record import GameRecord
from game.variants.kombio import BlindSwap, CallKombio, DecidePenalty, LookAny, LookOpponent, LookTwo, SwapLooked
from grid_driver import DT, GridDriver, click, key, make_app, place_pos, start, table_record  # noqa: F401  (re-exported)


def new_record(seats: list[tuple[str, str]], seed: int = 3, **options) -> GameRecord:
    return table_record("kombio", seats, seed, {"rounds": 2, "reaction_seconds": 1.0, **options})


class Driver(GridDriver):
    call_action = CallKombio
    place_actions = (LookOpponent, LookAny)
    pair_actions = (BlindSwap, LookTwo)

    def perform_own(self, a) -> bool:
        if isinstance(a, SwapLooked):
            click(place_pos(self.table, a.other))
        elif isinstance(a, DecidePenalty):
            key(pygame.K_g if a.take_card else pygame.K_n)
        else:
            return False
        return True
