"""The host's book of when things happened, for fair races (game.net.race has the policy in words):
when each recent version of the game arose (session time) and was shown at the host, when each
remote seat's screen showed it, and from these when a remote claim counts and up to when the host
may settle anything while a claim of that seat could still be on its way (the seat's horizon).

HostTable keeps one RaceBook and asks it; it holds no socket and no session, only times.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.net.race import RacePolicy

VERSIONS_KEPT = 256         # recent versions whose time and views' hashes are kept


@dataclass
class Arose:
    """One version of the game: when it arose and when the host's own screen showed it."""

    t0: float                   # session time it arose at (the bots' delays count from here)
    shown: float | None         # host wall clock when the host's own screen showed it


class RaceBook:
    """The recent versions' times, and each remote seat's sight of them (a RemoteSeat's `acks`,
    `last_ack`, `clock` and `last_claim`)."""

    def __init__(self, policy: RacePolicy) -> None:
        self.policy = policy
        self.versions: dict[int, Arose] = {}

    def arose(self, version: int, t0: float, shown: float | None) -> None:
        self.versions[version] = Arose(t0, shown)
        self.versions.pop(version - VERSIONS_KEPT, None)

    def knows(self, version: int) -> bool:
        return version in self.versions

    def shown_here(self, current: int, now: float) -> None:
        """The host's own screen shows version `current` now (and every one before it not yet shown)."""
        for version in range(current, -1, -1):
            v = self.versions.get(version)
            if v is None or v.shown is not None:
                break
            v.shown = now

    def seen(self, seat: Any, version: int, at: float) -> None:
        """The seat's screen showed `version` at `at` on its own clock (its `shown` message)."""
        seat.acks[version] = seat.clock.estimate.to_host(at)
        seat.last_ack = version
        for old in [v for v in seat.acks if v < version - VERSIONS_KEPT]:
            del seat.acks[old]

    def claim(self, seat: Any, version: int, reaction: float, now: float) -> float:
        """The session time a claim counts at: made `reaction` seconds after the seat's screen
        showed `version` (a version the book knows), arriving at `now`. A later claim on one
        version never counts sooner."""
        made_on = self.versions[version]
        est = seat.clock.estimate
        shown = self.policy.shown(seat.acks.get(version), made_on.shown if made_on.shown is not None else now, est)
        due = made_on.t0 + self.policy.reaction(reaction, shown, now, est)
        if version == seat.last_claim[0]:
            due = max(due, seat.last_claim[1])
        seat.last_claim = (version, due)
        return due

    def horizon(self, seat: Any, current: int, now: float) -> float:
        """The earliest session time a claim of `seat` still on its way could count at, over the
        versions since the last one its screen showed."""
        est = seat.clock.estimate
        policy = self.policy
        first = seat.last_ack if seat.last_ack in self.versions else current
        best = math.inf
        for version in range(max(first, current - VERSIONS_KEPT), current + 1):
            v = self.versions.get(version)
            if v is None:
                continue
            shown = policy.shown(seat.acks.get(version), v.shown if v.shown is not None else now, est)
            horizon = policy.horizon(v.t0, shown, now, est)
            if version == seat.last_claim[0]:
                horizon = max(horizon, seat.last_claim[1])
            best = min(best, horizon)
        return best
