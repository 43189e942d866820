"""What the screen has caught up with: the one small state the table's parts share.

The rules apply at once; the screen catches up through the event queue. This is where the parts
agree on how far it has got: the public view it shows (``shown``, taken again once every queued
event has played out) and what the events played out since say of it (``told``), the table clock
(``table_time``, which runs only while the screen is idle) and the time of the pulses, whose turn
and which reaction window the screen shows, the results it shows, and who is looking (the viewer,
a curtain, a hot-seat claimer) at which layout. Everything else belongs to one part, which the
others read through its interface.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.client.table.layout import TableLayout
from game.core.events import MatchEnded, RoundScored, WindowOpened
from game.core.memory import TableMemory

PULSE_SECONDS = 2.5     # lit cards and rings pulse this long once the table comes to rest, then hold still


@dataclass
class Screen:
    names: list[str]
    humans: list[int]                 # the seats played at this screen
    layout: TableLayout
    bottom: int                       # the seat drawn at the bottom (the player who looks)
    shown: Any = None                 # the public view the screen has caught up with
    told: dict[str, Any] = field(default_factory=dict)   # what the events played out since say of it
    table_time: float = 0.0           # the table clock: runs while the screen is idle
    time: float = 0.0                 # visual time (pulses)
    still_since: float = 0.0          # `time` when the last movement ended, or the player's last key (pulses)
    viewer: int | None = None         # whose eyes the screen shows (None: nobody's, the spectator's)
    curtain: int | None = None        # hot-seat: the curtain is up for this seat
    claimer: int | None = None        # hot-seat: the human picking a move out of turn
    turn: int | None = None           # whose turn the screen shows
    window: WindowOpened | None = None           # the reaction window the screen shows
    window_passed: set[int] = field(default_factory=set)
    round_result: RoundScored | None = None      # the round's results, while they show
    match_result: MatchEnded | None = None       # the match's, once it ended
    final_round_seen: bool = False    # the match result waits until the last round was shown
    memories: dict[int, TableMemory] = field(default_factory=dict)   # each human's memory aid
    you: frozenset = frozenset()      # the seats told in the second person (wording.you_seats)

    @property
    def hotseat(self) -> bool:
        return len(self.humans) >= 2

    @property
    def seats(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        return self.names[seat]

    def as_told(self, name: str) -> Any:
        """``shown.<name>`` as the events played out so far have it (see ``told``)."""
        return self.told[name] if name in self.told else getattr(self.shown, name)

    def pulse(self, rate: float) -> float:
        """0..1 for an outline that pulses to draw the eye: a wave at `rate` (radians a second) for
        PULSE_SECONDS once the table is still, easing into a steady 1, so a table waiting for
        the player draws nothing at all."""
        wave = 0.5 + 0.5 * math.sin(self.time * rate)
        fade = min(1.0, max(0.0, (self.still_since + PULSE_SECONDS - self.time) / 0.5))
        return 1.0 - (1.0 - wave) * fade

    def showing_match_result(self) -> bool:
        """The match result shows once the final round's breakdown was seen (or there is none)."""
        return self.match_result is not None and (self.final_round_seen or self.round_result is None)
