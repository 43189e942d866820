"""A record told by a game's narrator, as a screen with nobody's private cards on it would tell it:
the history of a continued match, and the step lines of the round replay.

The record is played through a MatchDriver with no human seat (the only client code that holds
the engine), so every event comes redacted for the spectator, as the table shows it to nobody in
particular; a step's events are told in order, each with the one after it.
"""

from __future__ import annotations

import logging

from game.client.narration import Narrator, told_lines
from game.core.events import Event, RoundStarted
from game.core.record import GameRecord

_log = logging.getLogger(__name__)


def _quiet(record: GameRecord, actions: list) -> GameRecord:
    """The record's game with `actions` only (its seats as they are: nobody acts but the record)."""
    return GameRecord(record.variant, dict(record.options), list(record.seats), record.seed, list(actions), None)


def told_record(record: GameRecord, narrator: Narrator) -> list[tuple[int, str]]:
    """Every line of the record, with the round it is told in: the round the table showed when the
    step came (so a deal's lines come under the round before it, as the table files them)."""
    from game.client.table.driver import MatchDriver

    rows: list[tuple[int, str]] = []
    shown = [1]

    def hear(events: list[Event]) -> None:
        told = [MatchDriver.spectators_copy(e) for e in events]
        rows.extend((shown[0], line) for line in told_lines(narrator, told))
        for e in told:
            if isinstance(e, RoundStarted):
                shown[0] = max(1, e.round)
    try:
        MatchDriver(record, {}, [], on_replay=hear)
    except Exception:        # (a record that does not replay to its end is told as far as it goes)
        _log.exception("the record could not be told to its end")
    return rows


def told_steps(record: GameRecord, narrator: Narrator, start: int, stop: int) -> list[list[str]]:
    """The lines of each step from `start` (a deal: told by its caller, so none here) to `stop`; a
    step the rules refuse (a record that expects it) tells nothing."""
    from game.client.table.driver import MatchDriver

    driver = MatchDriver(_quiet(record, record.actions[:start + 1]), {}, [])
    heard: list[Event] = []
    driver.listen(heard.extend)
    lines: list[list[str]] = [[]]
    for t, action in record.actions[start + 1:stop]:
        heard.clear()
        try:
            driver.submit(action, t)
        except Exception:
            lines.append([])
            continue
        lines.append(told_lines(narrator, list(heard)))
    return lines
