"""A simulated network for network play's tests and benchmarks: one HostMatch and its clients on
one simulated clock, every message delayed by a latency of its own (with jitter, in order per
connection, as TCP keeps it), every byte sent to a client captured.

The host and the clients are the very classes the real transport runs (game.net.serve); only the
sockets and the clock are simulated, so a match of many seconds runs in a moment and the same
seed gives the same run. Each client's clock is the host's plus an offset of its own.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from game.net.client import ClientTable, SeatBot
from game.net.match import HostMatch


SCRIPT_TICK = 0.002


@dataclass
class Link:
    """One client's connection: its latency each way, its jitter, its clock's offset."""
    latency: float = 0.0
    jitter: float = 0.0
    offset: float = 0.0
    up_free: float = 0.0      # the last delivery time each way (messages stay in order)
    down_free: float = 0.0


@dataclass
class SimClient:
    conn: int
    client: ClientTable
    link: Link
    bot: SeatBot | None = None
    received: list[str] = field(default_factory=list)   # every text the host sent it...
    sent_at: list[int] = field(default_factory=list)    # ...and the match's version when it was sent
    connected: bool = True
    on_tick: Callable[["SimClient", float], None] | None = None   # a scripted player


class SimNet:
    def __init__(self, match: HostMatch, seed: int = 0, start: float = 1_000.0) -> None:
        self.match = match
        self.rng = random.Random(seed)
        self.now = start      # (monotonic clocks are well past zero: a client's may be behind the host's)
        self.clients: dict[int, SimClient] = {}
        self._queue: list[tuple[float, int, str, int, str]] = []
        self._seq = itertools.count()
        self._conns = itertools.count(1)
        self.errors: list[str] = []      # client-side ProtocolErrors (a desync or a bad host message)
        self.watch: Callable[["SimNet"], None] | None = None   # called after every delivery

    # -- connections -----------------------------------------------------------------------------
    def join(self, client: ClientTable, link: Link | None = None, agent: Any = None) -> SimClient:
        conn = next(self._conns)
        sim = SimClient(conn, client, dataclasses.replace(link) if link is not None else Link())   # (its own)
        if agent is not None:
            sim.bot = SeatBot(client, agent)
        self.clients[conn] = sim
        self.match.table.connect(conn, f"sim:{conn}", self.now)
        client.hello()
        self._flush_client(sim)
        return sim

    def drop(self, sim: SimClient) -> None:
        sim.connected = False
        self._queue = [q for q in self._queue if q[3] != sim.conn]
        heapq.heapify(self._queue)
        self.match.table.disconnect(sim.conn, self.now)

    def inject(self, sim: SimClient, text: Any) -> None:
        """A raw message from `sim`'s connection, as it arrives now (the fuzz)."""
        self._deliver_up(sim.conn, text)

    # -- the clock ---------------------------------------------------------------------------------
    def _delay(self, link: Link) -> float:
        return max(0.0, link.latency + (self.rng.uniform(-link.jitter, link.jitter) if link.jitter else 0.0))

    def _flush_client(self, sim: SimClient) -> None:
        link = sim.link
        for text in sim.client.outbox:
            at = max(self.now + self._delay(link), link.up_free)
            link.up_free = at
            heapq.heappush(self._queue, (at, next(self._seq), "up", sim.conn, text))
        sim.client.outbox.clear()

    def _flush_host(self) -> None:
        out, close = self.match.table.take_outbox()
        for conn, text in out:
            sim = self.clients.get(conn)
            if sim is None or not sim.connected:
                continue
            sim.received.append(text)
            sim.sent_at.append(self.match.session.version if self.match.session is not None else -1)
            link = sim.link
            at = max(self.now + self._delay(link), link.down_free)
            link.down_free = at
            heapq.heappush(self._queue, (at, next(self._seq), "down", conn, text))
        for conn in close:
            sim = self.clients.get(conn)
            if sim is not None and sim.connected:
                # (closed once what was sent before has arrived, as a WebSocket close does)
                heapq.heappush(self._queue, (max(self.now, sim.link.down_free), next(self._seq), "close", conn, ""))
            else:
                self.match.table.disconnect(conn, self.now)

    def _deliver_up(self, conn: int, text: Any) -> None:
        self.match.table.receive(conn, text, self.now)
        self.match.pump(self.now)
        self._flush_host()

    def step(self) -> bool:
        """Move the clock to the next thing that happens and do it; False when nothing will."""
        candidates = [self.match.next_wake(self.now)]
        if self._queue:
            candidates.append(self._queue[0][0])
        for sim in self.clients.values():
            if sim.connected and sim.bot is not None and (due := sim.bot.next_due()) is not None:
                candidates.append(due - sim.link.offset)
            if sim.connected and sim.on_tick is not None:
                candidates.append(self.now + SCRIPT_TICK)   # (a scripted player is looked at this often)
        self.now = max(self.now, min(candidates))
        while self._queue and self._queue[0][0] <= self.now:
            _, _, way, conn, text = heapq.heappop(self._queue)
            sim = self.clients[conn]
            if way == "close":
                if sim.connected:
                    self.drop(sim)
            elif way == "up":
                self._deliver_up(conn, text)
            else:
                local = self.now + sim.link.offset
                try:
                    kind = sim.client.receive(text, local)
                except Exception as exc:   # a test fails on these: the host sent something wrong
                    self.errors.append(f"client {conn}: {type(exc).__name__}: {exc}")
                    continue
                if kind in ("state", "step"):
                    sim.client.show(local)
                self._flush_client(sim)
            if self.watch is not None:
                self.watch(self)
        self.match.pump(self.now)
        self._flush_host()
        for sim in list(self.clients.values()):
            if not sim.connected:
                continue
            local = self.now + sim.link.offset
            if sim.bot is not None:
                sim.bot.tick(local)
            if sim.on_tick is not None:
                sim.on_tick(sim, local)
            self._flush_client(sim)
        return not self.finished()

    def finished(self) -> bool:
        """The match is over and every client still connected has been sent its end."""
        return self.match.over and all(sim.client.over for sim in self.clients.values()
                                       if sim.connected and sim.client.seat is not None)

    def settle(self, seconds: float = 1.0) -> None:
        """Let `seconds` more pass (the last messages of a finished match arrive)."""
        until = self.now + seconds
        while self.now < until:
            self.step()

    def run(self, until: float = math.inf, stop: Callable[[], bool] | None = None, max_steps: int = 2_000_000) -> None:
        for _ in range(max_steps):
            if self.now >= until or (stop is not None and stop()):
                return
            if not self.step():
                return
        raise RuntimeError("the simulated match did not end")
