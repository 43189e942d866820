"""Fair races across the network: when a remote claim counts, and how long the host waits for one.

Every reaction is timed from the moment the player's own screen showed the card. At the host a
situation (a version of the game) arose at session time t0; the bots' delays count from t0, a
person at the host screen from when that screen showed it, a remote player from when theirs did.
A remote claim says how long after its screen showed the situation it was made; the host counts
it at t0 + that reaction time, within bounds it can check itself:

* never sooner than REACTION_FLOOR (no bot reacts sooner, nor can a person);
* never sooner than its arrival allows: it arrived at the host at `arrival`, it cannot have been
  made later than `arrival` less the seat's measured one-way latency and a jitter margin, so a
  claimed reaction time below (arrival - one-way - margin - shown) is raised to that;
* never later than it arrived (arrival - shown);
* when the client's screen showed the situation is what the client says (its `shown` message,
  mapped onto the host's clock with the measured offset), but never later than the host's own
  screen showed it plus the seat's one-way latency plus DISPLAY_SLACK (the client's animation).

While a situation is open to a remote seat, the host settles nothing due after that seat's
horizon: the earliest effective time a claim of that seat still on its way could have (see
`horizon`). So a person 150 ms away who reacts faster than a bot wins, and one who reacts slower
loses, whatever the latency. docs/network.md has the policy in words, with what lying gains.

Pure arithmetic on host wall-clock times (seconds, monotonic) and session times: no sockets.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.levels import REACTION_FLOOR
from game.net.clocksync import Estimate

__all__ = ["REACTION_FLOOR", "RacePolicy"]


@dataclass(frozen=True, slots=True)
class RacePolicy:
    # How much later than its one-way latency a client's screen may show a situation and still
    # count from then: a client animates the events before the card is on its screen. A host with
    # a screen of its own animates them too, so the difference is small there (GUI_SLACK); a
    # headless host's "screen" shows everything at once, so a client's whole animation counts.
    display_slack: float = 0.6
    max_one_way: float = 0.25   # latency beyond this is not waited for (the host would stall)
    margin_base: float = 0.015  # the least allowance for a message later than measured
    jitter_margins: float = 3.0  # ...plus this many times the measured jitter
    margin_max: float = 0.1

    def one_way(self, est: Estimate) -> float:
        return min(self.max_one_way, est.one_way)

    def margin(self, est: Estimate) -> float:
        return min(self.margin_max, self.margin_base + self.jitter_margins * est.jitter)

    def latest_shown(self, host_shown: float, est: Estimate) -> float:
        """The latest a client's screen can have shown a situation the host's screen showed at
        `host_shown` (host wall clock)."""
        return host_shown + self.one_way(est) + self.display_slack

    def shown(self, reported: float | None, host_shown: float, est: Estimate) -> float:
        """When the client's screen showed a situation, on the host's wall clock: what the client
        reported (None: not reported yet, so the latest it can be), never later than the latest."""
        latest = self.latest_shown(host_shown, est)
        return latest if reported is None else min(reported, latest)

    def reaction(self, claimed: float, shown: float, arrival: float, est: Estimate) -> float:
        """The reaction time a claim counts with: the client's own figure within what its arrival
        at the host (host wall clock) allows, and never under the floor."""
        earliest = arrival - self.one_way(est) - self.margin(est) - shown
        latest = arrival - shown
        reaction = min(max(claimed, earliest), latest)
        return max(reaction, REACTION_FLOOR)

    def horizon(self, t0: float, shown: float, now: float, est: Estimate) -> float:
        """The earliest session time a claim on this situation (arisen at session time t0, shown on
        the client at `shown`, host wall clock) can count at if it has not reached the host by
        `now` (host wall clock): every claim made before now - one-way - margin has arrived."""
        heard = now - self.one_way(est) - self.margin(est)
        return t0 + max(REACTION_FLOOR, heard - shown)

    def hold_limit(self, est: Estimate) -> float:
        """How long after its due time an action can be held for this seat at most."""
        return 2 * self.one_way(est) + self.display_slack + self.margin(est)


GUI_SLACK = 0.35          # a host with a screen: the client's animation beyond the host's own
HEADLESS_POLICY = RacePolicy()
GUI_POLICY = RacePolicy(display_slack=GUI_SLACK)
