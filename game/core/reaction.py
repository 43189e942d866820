"""Reaction windows: the rules' "any time, out of turn" moments made explicit.

A window is opened by a trigger (a card landing), offered to a set of seats chosen from public
facts only (never from what they hold, so the offer itself leaks nothing), and closes when its
deadline passes on the caller's clock (an Expire action) or when every offered seat has passed or
used its attempt. The engine reads no clock: times arrive with the actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.events import Note
from game.core.errors import IllegalAction, WindowClosed


@dataclass(slots=True)   # one opens on nearly every card played
class ReactionWindow:
    trigger: str
    offered: tuple[int, ...]
    opened_at: float
    deadline: float | None
    done: set[int] = field(default_factory=set)
    serial: int = 0

    @classmethod
    def open(cls, trigger: str, offered: tuple[int, ...], now: float, seconds: float,
             serial: int) -> "ReactionWindow":
        deadline = now + seconds if seconds > 0 else None
        return cls(trigger, offered, now, deadline, set(), serial)

    def is_open_to(self, seat: int) -> bool:
        return seat in self.offered and seat not in self.done

    def check_claim(self, seat: int, now: float) -> None:
        if not self.is_open_to(seat):
            raise WindowClosed(f"seat {seat} has no attempt left on this window", note=Note.of("refusal.already-tried"))
        if self.deadline is not None and now >= self.deadline:
            raise WindowClosed("the reaction window has already expired", note=Note.of("refusal.window-expired"))

    def check_expire(self, now: float) -> None:
        if self.deadline is None:
            raise IllegalAction("this window waits for every seat to pass; it has no deadline")
        if now < self.deadline:
            raise IllegalAction(f"the window is open until t={self.deadline:.3f}, not t={now:.3f}")

    def mark_done(self, seat: int) -> None:
        self.done.add(seat)

    @property
    def everyone_done(self) -> bool:
        return self.done.issuperset(self.offered)   # (every offered seat is done, asked in C)

    def remaining(self) -> tuple[int, ...]:
        return tuple([s for s in self.offered if s not in self.done])   # (asked at every step of a window)
