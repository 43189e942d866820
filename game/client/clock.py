"""The one clock the client reads: tweens, bot delays and reaction windows all take their time
from here, never from the wall clock.

The app advances it by each frame's dt while the top scene runs the clock (a table); pause
menus, the privacy curtain and other menus leave it standing, so a reaction window cannot run
out while the game is paused. Tests make their own Clock and step frames with fixed dt.
"""

from __future__ import annotations


class Clock:
    def __init__(self, start: float = 0.0):
        self._now = float(start)

    def now(self) -> float:
        """Seconds of (running) game time since the app started."""
        return self._now

    def advance(self, dt: float) -> None:
        if dt < 0:
            raise ValueError("time cannot go back")
        self._now += dt
