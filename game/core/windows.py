"""Several reaction windows open side by side (Combat UNO: the jump-in window on the top card and
an UNO window on each seat down to one card), each a ReactionWindow.

A window is named by its kind and what it is about (e.g. the seat an UNO window is on; None for a
kind's only window). Kinds keep the order given when the set is made, and windows of a kind the
order they opened in, so views list them steadily. Expiry goes by the earliest deadline.
"""

from __future__ import annotations

from typing import Hashable, Iterator

from game.core.errors import IllegalAction
from game.core.reaction import ReactionWindow
from game.core.view import WindowView


class WindowSet:
    __slots__ = ("kinds", "serial")

    def __init__(self, kinds: tuple[str, ...]) -> None:
        self.kinds: dict[str, dict[Hashable, ReactionWindow]] = {kind: {} for kind in kinds}
        self.serial = 0   # counts every window opened, so each has its own serial

    def __getitem__(self, kind: str) -> dict[Hashable, ReactionWindow]:
        """The open windows of `kind` by what they are about (the live dict)."""
        return self.kinds[kind]

    def get(self, kind: str, about: Hashable = None) -> ReactionWindow | None:
        return self.kinds[kind].get(about)

    def open(self, kind: str, offered: tuple[int, ...], now: float, seconds: float,
             about: Hashable = None, trigger: str | None = None) -> ReactionWindow:
        """Open a window (replacing one of the same kind about the same thing); `seconds` 0 means
        no deadline: it waits until every offered seat has passed."""
        self.serial = serial = self.serial + 1
        # (ReactionWindow.open's reading of `seconds`, made here: Combat UNO opens one on nearly
        # every card played)
        window = self.kinds[kind][about] = ReactionWindow(trigger or kind, offered, now,
                                                          now + seconds if seconds > 0 else None, set(), serial)
        return window

    def close(self, kind: str, about: Hashable = None) -> ReactionWindow | None:
        return self.kinds[kind].pop(about, None)

    def clear(self) -> None:
        for windows in self.kinds.values():
            windows.clear()

    def __iter__(self) -> Iterator[tuple[str, Hashable, ReactionWindow]]:
        for kind, windows in self.kinds.items():
            for about, window in windows.items():
                yield kind, about, window

    def __bool__(self) -> bool:
        return any(self.kinds.values())

    def open_to(self, seat: int) -> bool:
        """Some open window still offers `seat` an attempt."""
        for windows in self.kinds.values():
            for window in windows.values():
                if seat in window.offered and seat not in window.done:
                    return True
        return False

    def next_deadline(self) -> float | None:
        """The earliest deadline of the open windows (None: none of them has one)."""
        best = None
        for windows in self.kinds.values():
            for window in windows.values():
                due = window.deadline
                if due is not None and (best is None or due < best):
                    best = due
        return best

    def check_expire(self, now: float) -> None:
        """An Expire at `now` is allowed only once the earliest deadline has passed."""
        due = self.next_deadline()
        if due is None:
            raise IllegalAction("no open window has a deadline")
        if now < due:
            raise IllegalAction(f"the next window is open until t={due:.3f}, not t={now:.3f}")

    def due(self, now: float) -> list[tuple[str, Hashable]]:
        """The windows whose deadline has passed at `now`, in view order (to close them)."""
        return [(kind, about) for kind, about, w in self if w.deadline is not None and w.deadline <= now]

    def views(self) -> tuple[WindowView, ...]:
        """Every open window as a seat's view shows it: who may still act, when it opened and closes."""
        return tuple(WindowView(kind, w.remaining(), w.opened_at, w.deadline, about)  # type: ignore[arg-type]
                     for kind, about, w in self)
