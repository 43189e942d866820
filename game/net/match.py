"""A hosted match on a clock the caller passes in: a HostTable, its Session and the host's bots.

`HostMatch.pump(now)` does what is due at host wall-clock time `now` (seconds): pings and dropped
players (HostTable.tick), the next round once everybody is ready, and the Session's actions up to
the race horizon (game.net.race). Session time is wall time since the start less the time the
match stood paused (waiting for a dropped player), so a window does not run out while the table
waits. The headless host (game.net.serve) calls it from its event loop, a test from a simulated
network, the same code either way.

The host autosaves: after every step the record, the table code and the seat tokens are written
atomically to `autosave` (if given), and `HostMatch.resume` builds the match again from that file
after a crash: the players rejoin their seats with their tokens.
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any, Callable

from game.core.errors import CardhallError
from game.core.files import UnreadableFile, atomic_write_json, read_json
from game.core.game import get_variant
from game.core.record import GameRecord
from game.core.session import Session
from game.core.view import SPECTATOR
from game.net.host import BOT, REMOTE, HostTable, SeatPlan

AUTOSAVE_FORMAT = 1
HOLD_POLL = 0.005   # seconds between looks at an action held for the race horizon


class HostMatch:
    def __init__(self, table: HostTable, seed: int | None = None, *, autosave: Path | None = None,
                 make_bot: Callable[[int, str], Any] | None = None) -> None:
        self.table = table
        self.seed = random.SystemRandom().randrange(2 ** 62) if seed is None else seed
        self.autosave = Path(autosave) if autosave is not None else None
        self.make_bot = make_bot
        self.session: Session | None = None
        self.start_wall = 0.0
        self.paused_total = 0.0
        self._paused_since: float | None = None
        self._now = 0.0
        self._saved_version = -1
        self.resumed: GameRecord | None = None
        self.on_step: list[Callable[[list], None]] = []   # told every step's events (tests, the app)

    # -- clocks -----------------------------------------------------------------------------------
    def session_time(self, now: float) -> float:
        paused = self.paused_total + (now - self._paused_since if self._paused_since is not None else 0.0)
        return max(0.0, now - self.start_wall - paused)

    def wall_time(self, t: float) -> float:
        return self.start_wall + self.paused_total + t

    # -- the match --------------------------------------------------------------------------------
    def _bot(self, seat: int, level: str) -> Any:
        if self.make_bot is not None:
            return self.make_bot(seat, level)
        from ai.registry import bot_seed, make_agent

        return make_agent(self.table.variant.id, level, bot_seed(self.seed, seat))

    def start(self, now: float, deal: bool = True) -> None:
        """The host starts the match (every open seat taken, or left to a bot: see fill_open_seats).
        `deal=False` leaves the first deal to the caller (the app's table deals it, animated, as
        at a local table: HostDriver.start_round)."""
        table = self.table
        if self.session is not None:
            raise CardhallError("the match has started")
        record = self.resumed or GameRecord(table.variant.id, dict(table.options), table.seat_infos(), self.seed, [])
        if table.make_bot is None:
            table.make_bot = self._bot
        game = record.replay() if self.resumed is not None else record.new_game()
        agents = {i: self._bot(i, p.level or "medium") for i, p in enumerate(table.plan) if p.kind == BOT}
        self._now = now
        self.start_wall = now - game.now
        session = Session(game, agents, auto_start_rounds=False, listener=self._published)
        if self.resumed is not None:
            # The bots learn the round so far, as a continued match's do (game.client: Continue).
            _tell_round(session, record)
        self.session = session
        for r in table.remote.values():
            if r.joined and r.conn is None:
                r.dropped_at = now      # (a resumed match: its players are waited for, then replaced)
        table.begin(session, now)
        if not game.history and deal:
            session.start_round(0.0)
        self._save()

    def _published(self, events: list) -> None:
        self.table.published(events, self._now)
        for hook in self.on_step:
            hook(events)

    def pump(self, now: float) -> int:
        """Do what is due by `now`; returns how many actions were applied."""
        self._now = now
        table = self.table
        table.tick(now)
        session = self.session
        if session is None or session.game.over:
            return 0
        if table.paused:
            if self._paused_since is None:
                self._paused_since = now
            return 0
        if self._paused_since is not None:
            self.paused_total += now - self._paused_since
            self._paused_since = None
        t = self.session_time(now)
        applied = 0
        if table.ready_for_next_round(now):
            session.start_round(max(t, session.now))
            applied += 1
        horizon = (lambda: table.horizon(now)) if table.horizon_applies() or session.claims else None
        applied += session.advance(t, horizon=horizon)
        if session.version != self._saved_version:
            self._save()
        return applied

    def next_wake(self, now: float) -> float:
        """The next host wall-clock time pump has something to do (a bound: it may do nothing)."""
        session = self.session
        wake = now + 0.25   # (pings and dropped players are looked at this often at least)
        if session is None or session.game.over or self.table.paused:
            return now + 0.25
        t = self.session_time(now)
        due = session.next_due(t)
        if due is not None and math.isfinite(due):
            # (due already but held for a remote seat's claim: look again shortly, as the horizon moves)
            at = self.wall_time(due)
            if at <= now:
                # Due already, but held for a remote seat's claim: the horizon moves with the host's
                # clock, so it reaches `due` about this much later (looked at again then).
                at = now + max(HOLD_POLL, due - self.table.horizon(now))
            wake = min(wake, at)
        return wake

    def record(self) -> GameRecord:
        """The match so far (the whole of it once it is over), its seats as the record has them."""
        return GameRecord.of(self.session.game, self.table.seat_infos())

    @property
    def over(self) -> bool:
        return self.session is not None and self.session.game.over

    # -- autosave and Continue --------------------------------------------------------------------
    def _save(self) -> None:
        session = self.session
        if self.autosave is None or session is None:
            return
        self._saved_version = session.version
        table = self.table
        record = self.record()
        atomic_write_json(self.autosave, {
            "format": AUTOSAVE_FORMAT, "code": table.code, "record": record.to_json(),
            "plan": [{"kind": p.kind, "name": p.name, "level": p.level} for p in table.plan],
            "tokens": {str(seat): r.token for seat, r in table.remote.items() if r.joined},
            "names": {str(seat): r.name for seat, r in table.remote.items() if r.joined},
            "drop_wait": table.drop_wait, "drop_bot": table.drop_bot,
            "round": int(getattr(session.view(SPECTATOR), "round", 0) or 0)})   # (what Continue names)

    @classmethod
    def resume(cls, path: Path, **table_options: Any) -> "HostMatch":
        """The match an autosave holds, ready to `start` again (its players rejoin with their
        tokens). RecordError or CardhallError with a one-line reason if the file is not one."""
        try:
            data = read_json(Path(path))
        except UnreadableFile as exc:
            raise CardhallError(f"cannot read the hosted match {path}: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != AUTOSAVE_FORMAT:
            raise CardhallError(f"{path} is not a hosted match Cardhall saved")
        record = GameRecord.from_json(data.get("record"))
        plan = [SeatPlan(str(p["kind"]), str(p.get("name") or ""), p.get("level")) for p in data.get("plan", [])]
        if len(plan) != len(record.seats) or any(p.kind not in (BOT, REMOTE, "here") for p in plan):
            raise CardhallError(f"{path}: its seats do not match its record")
        tokens = {int(k): str(v) for k, v in dict(data.get("tokens") or {}).items()}
        table = HostTable(get_variant(record.variant), record.options, plan, code=str(data.get("code")),
                          tokens=tokens, drop_wait=float(data.get("drop_wait", 60.0)),
                          drop_bot=data.get("drop_bot"), **table_options)
        for seat, name in dict(data.get("names") or {}).items():
            if int(seat) in table.remote:
                table.remote[int(seat)].name = str(name)
        match = cls(table, record.seed, autosave=Path(path))
        match.resumed = record
        return match


def _tell_round(session: Session, record: GameRecord) -> None:
    """Tell the session's bots the events of the round being played, each as its seat saw them."""
    from game.core.actions import StartRound

    game = get_variant(record.variant)(len(record.seats), record.options, record.seed)
    start = max((i for i, (_, a) in enumerate(record.actions) if isinstance(a, StartRound)), default=0)
    for i, (t, action) in enumerate(record.actions):
        events = game.apply(action, t)
        if i < start:
            continue
        for seat, agent in session.agents.items():
            clock = getattr(agent, "clock", None)
            if clock is not None:
                clock(t)
            agent.observe([e.for_seat(seat) for e in events])

