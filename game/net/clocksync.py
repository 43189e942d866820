"""Round trip and clock offset of one connection, measured as NTP does.

The host pings every client now and then. A ping carries the host's time t1; the client stamps
t2 when it arrives and t3 when its answer leaves; the host stamps t4 when the answer arrives. Then

    round trip  delta = (t4 - t1) - (t3 - t2)        (the client's own time in between left out)
    offset      theta = ((t2 - t1) + (t3 - t4)) / 2  (client clock minus host clock)

The offset is exact when the two directions take equally long, and off by at most delta / 2
otherwise. Samples are noisy (a busy machine, a frame that took long), so the estimate keeps the
last WINDOW of them and, as NTP's clock filter does, takes the offset of the sample with the
shortest round trip (the least delayed, so the least wrong), the round trip as the median, and the
jitter as the root mean square of the round trips' distance from the shortest. Pure arithmetic
on the times it is given: the tests feed it simulated clocks.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

WINDOW = 16


@dataclass(frozen=True, slots=True)
class Estimate:
    rtt: float        # seconds, the median of the recent round trips
    offset: float     # client clock minus host clock, seconds
    jitter: float     # seconds, the spread of the round trips above the shortest
    samples: int

    @property
    def one_way(self) -> float:
        """The latency of one direction, taken as half the round trip."""
        return self.rtt / 2

    def to_host(self, client_time: float) -> float:
        """A client clock reading on the host's clock."""
        return client_time - self.offset


UNMEASURED = Estimate(0.0, 0.0, 0.0, 0)


class ClockSync:
    def __init__(self, window: int = WINDOW) -> None:
        self._samples: deque[tuple[float, float]] = deque(maxlen=window)   # (delta, theta)
        self.estimate = UNMEASURED

    def add(self, t1: float, t2: float, t3: float, t4: float) -> Estimate:
        """One ping's four times (t1, t4 on the host's clock; t2, t3 on the client's)."""
        if not all(math.isfinite(t) for t in (t1, t2, t3, t4)):
            return self.estimate
        delta = (t4 - t1) - (t3 - t2)
        if delta < 0 or t3 < t2 or t4 < t1:
            # A client that answers before it was asked, or a host clock that went back: the
            # sample says nothing true; the round trip is at least what the host itself measured.
            delta = max(0.0, t4 - t1)
            theta = self.estimate.offset if self.estimate.samples else (t2 - t1)
        else:
            theta = ((t2 - t1) + (t3 - t4)) / 2
        self._samples.append((delta, theta))
        deltas = sorted(d for d, _ in self._samples)
        best_delta, best_theta = min(self._samples)
        middle = len(deltas) // 2
        median = deltas[middle] if len(deltas) % 2 else (deltas[middle - 1] + deltas[middle]) / 2
        jitter = math.sqrt(sum((d - best_delta) ** 2 for d in deltas) / len(deltas))
        self.estimate = Estimate(median, best_theta, jitter, len(self._samples))
        return self.estimate
