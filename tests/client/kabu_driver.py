"""Drives the Kabu table through real input events in frames of a fixed time (the app, the input helpers,
the random policy and the frame checks are grid_driver's): the human seats peek, draw, swap, use
abilities, discard and snipe out of turn and call Kabu."""

from __future__ import annotations

from game.core.cards import grid_place
from game.core.record import GameRecord
from game.variants.kabu import CallKabu, Exchange, Give, LookOwn, LookPair, Peek
from grid_driver import DT, GridDriver, click, key, make_app, place_pos, start, table_record  # noqa: F401  (re-exported)


def kabu_record(seats: list[tuple[str, str]], seed: int = 3, **options) -> GameRecord:
    return table_record("kabu", seats, seed, {"target": 40, "reaction_seconds": 1.0, **options})


class KabuDriver(GridDriver):
    call_action = CallKabu
    call_chance = 0.3
    slot_actions = (Peek, Exchange, LookOwn, Give)

    def perform_own(self, a) -> bool:
        if isinstance(a, LookPair):   # a red queen: your card, then the opponent's
            click(place_pos(self.table, grid_place(a.seat, a.index)))
            click(place_pos(self.table, a.place))
            return True
        return False
