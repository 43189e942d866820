"""The host of a network table: the authority. It runs the Session; a remote seat is played from
the network, every action of it arriving as a message and checked like a person's click.

`HostTable` holds no socket and no thread. Whoever runs it (the headless host in
game/net/headless.py, the app's hosted table through HostDriver, a test's simulated network) hands
it each message with the host-clock time it arrived (`receive`), the Session's events as they
happen (`published`), and calls `tick` now and then; it answers through `outbox`, a list of
(connection, text) to send, and `closing`, the connections to close once their messages are out.

What it guarantees:

* A client is sent its own seat's view, legal actions and events redacted for that seat, and
  nothing else: never the spectator's copy, another seat's, the seed, or the record (until the
  match is over, when every card has been shown).
* Every message is checked (game.net.protocol) and rate-limited; a refusal changes nothing and is
  logged in one line; a connection that keeps sending refused messages is closed.
* Races are fair (game.net.race): a remote claim counts at the host moment of the situation plus
  the claimant's reaction time, within bounds the host checks, and while a situation is open to a
  remote seat nothing due after that seat's horizon is settled (`horizon`).
* A player who drops is waited for (the match pauses) for `drop_wait` seconds, then a bot of level
  `drop_bot` takes the seat (None: the match stays paused); the player rejoins with the seat's
  token and is sent the whole current state.
"""

from __future__ import annotations

import hmac
import logging
import math
import random
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable

from game.core.actions import Action, StartRound, action_from_json
from game.core.errors import CardhallError, IllegalAction
from game.core.events import Event
from game.core.record import GameRecord, SeatInfo
from game.net import protocol
from game.net.clocksync import ClockSync
from game.net.feed import SeatFeed
from game.net.protocol import ProtocolError
from game.net.race import HEADLESS_POLICY, RacePolicy
from game.net.timing import RaceBook

log = logging.getLogger("cardhall.net")

HERE, REMOTE, BOT = "here", "remote", "bot"
PING_EVERY = 0.5            # seconds between pings to a client (the first few come faster)
FIRST_PINGS = 6             # ...this many, PING_QUICK apart, so the estimate is good before play
PING_QUICK = 0.05
SILENCE = 10.0              # a client heard nothing from for this long has dropped
HELLO_WAIT = 10.0           # a connection must say hello within this
RATE = 40.0                 # messages a second a client may send, on average...
BURST = 80.0                # ...and at once
MAX_REFUSALS = 50           # refused messages before the connection is closed
MAX_CONNECTIONS = 32        # connections at once (players and those still saying hello)
NEXT_ROUND_WAIT = 90.0      # a round starts after this even if a remote player has not said ready
YOU = "You"                 # the name a person here is stored under when they kept the default
                            # (game.client.narration.wording.YOU): this machine's id for its player,
                            # never a name to send (the others see that seat as unnamed)

# What the host says about its players (its lobby lines), as a key and its values: every screen
# words them in its own language (game/client/network.py LOBBY_LINES); these English lines are for
# the log and the headless host. Values: "name" ("" for a player who chose none: the screen says
# "Player n"), "seat" (0-based), "level" (a bot level).
LINES = {
    "joined": "{name} joined.",
    "left": "{name} left the table.",
    "dropped": "{name} lost the connection: waiting for them to come back.",
    "back": "{name} is back.",
    "rematch": "{name} would like a rematch.",
    "bot_took": "{name} has not come back: a bot ({level}) plays their seat until they do.",
}
# Why the host closes a connection, as a key (the client words it); the English is sent too, as
# `reason`, for logs and for a client that does not know the key.
ERRORS = {
    "too_many_connections": "This table has too many connections.",
    "too_many_refused": "Too many refused messages.",
    "protocol": "This Cardhall speaks another version of the network protocol: play with the same version.",
    "wrong_code": "That is not this table's code.",
    "unknown_seat": "That seat is not at this table any more.",
    "started": "The match has started: only its players can rejoin.",
    "full": "This table is full.",
}


def english_line(key: str, values: dict[str, Any]) -> str:
    """A lobby line in English (the log, the headless host)."""
    name = values.get("name") or default_name(REMOTE, int(values.get("seat", 0)))
    return LINES[key].format(**{**values, "name": name})


def default_name(kind: str, seat: int) -> str:
    """A seat's name when nobody chose one, in English (the record of a headless host; a screen
    words it in its own language: game/client/network.py)."""
    return (f"Bot {seat + 1}" if kind == BOT else f"Open seat {seat + 1}" if kind == "open"
            else f"Player {seat + 1}")


@dataclass
class SeatPlan:
    """One seat as the host chose it: a person at the host's screen, an open seat for a remote
    player, or a bot (its level)."""
    kind: str
    name: str = ""
    level: str | None = None


@dataclass
class RemoteSeat:
    seat: int
    token: str
    name: str = ""
    joined: bool = False        # a player has taken it
    conn: int | None = None
    clock: ClockSync = field(default_factory=ClockSync)
    acks: dict[int, float] = field(default_factory=dict)   # version -> shown, host wall clock
    last_ack: int = -1
    last_n: int = -1            # the last action number (a replayed or older one is refused)
    dropped_at: float | None = None
    bot: Any = None             # the bot that took the seat after a drop
    ready_round: int = 0        # the round after which it said it is ready for the next
    round_events: list[tuple[float, list[Event]]] = field(default_factory=list)   # (for a replacing bot)
    in_flight: int = 0
    # The version and time of this seat's last claim: a connection delivers in order, so every
    # claim it made on that version before this one has arrived, and none still on its way counts sooner.
    last_claim: tuple[int, float] = (-1, -math.inf)


@dataclass
class _Conn:
    id: int
    peer: str
    opened: float
    heard: float
    seat: int | None = None
    tokens: float = BURST
    refill_at: float = 0.0
    refusals: int = 0
    pings: dict[int, float] = field(default_factory=dict)
    ping_n: int = 0
    next_ping: float = 0.0

    def take_token(self, now: float) -> bool:
        """The rate limit (a token bucket): False when the connection is sending too fast."""
        self.tokens = min(BURST, self.tokens + (now - self.refill_at) * RATE)
        self.refill_at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def ping_due(self, now: float) -> int | None:
        """The number of the ping to send now, if one is due (the first few come faster)."""
        if now < self.next_ping:
            return None
        self.ping_n += 1
        self.pings[self.ping_n] = now
        for old in [n for n in self.pings if n < self.ping_n - 20]:
            del self.pings[old]
        self.next_ping = now + (PING_QUICK if self.ping_n < FIRST_PINGS else PING_EVERY)
        return self.ping_n


def why_refused(game: Any, action: Action) -> str:
    """The rules' own words for why `action` is refused now (tried on a copy: nothing changes)."""
    import pickle

    try:
        twin = pickle.loads(pickle.dumps(game))
        twin.apply(action, game.now)
    except IllegalAction as exc:
        return str(exc)
    except Exception:   # (a copy that cannot be made says less, but never fails the host)
        return "not a legal action now"
    return "not a legal action now"


def unique_name(wanted: str, seat: int, others: list[str]) -> str:
    """The name a joining player asked for, tidied and made unlike the other seats' ("Jo 2"); ""
    for a player who chose none (every screen calls the seat "Player n" in its own language)."""
    taken = {name.lower() for name in others if name}
    name = " ".join(wanted.split())
    if not name or name == YOU:
        return ""
    base, n = name, 2
    while name.lower() in taken:
        name = f"{base[:protocol.NAME_MAX - 3]} {n}"
        n += 1
    return name


class SeatRoster:
    """What a hosted table's seats are called and how its lobby shows them: the names the record
    keeps, the names the players on the network are told, the lobby's rows. The table's part for
    names (it reads the table's plan, remote seats and default wording, which may be set later)."""

    def __init__(self, table: "HostTable"):
        self.table = table

    def chosen_name(self, seat: int) -> str:
        """The name the seat's player (or the host, for a bot) chose; "" for none: a default is
        worded by each screen, and a person here under the default name (YOU) is unnamed to others."""
        p = self.table.plan[seat]
        name = self.table.remote[seat].name if p.kind == REMOTE else p.name
        return "" if name == YOU and p.kind == HERE else name

    def seat_infos(self) -> list[SeatInfo]:
        """The seats as the record has them: people (here or remote) are human, bots bots."""
        infos = []
        for i, p in enumerate(self.table.plan):
            if p.kind == BOT:
                infos.append(SeatInfo(p.name or self.table.word_default(BOT, i), "bot", p.level))
            elif p.kind == REMOTE:
                r = self.table.remote[i]
                infos.append(SeatInfo(r.name or self.table.word_default(REMOTE if r.joined else "open", i), "human", None))
            else:
                infos.append(SeatInfo(p.name or self.table.word_default(HERE, i), "human", None))
        return infos

    def shared_infos(self, infos: list[SeatInfo] | None = None) -> list[SeatInfo]:
        """The seats as the players on the network are told them: a person here under the
        default name is "Player n" (YOU is this machine's word for its own player)."""
        return [SeatInfo(self.table.word_default(HERE, i), s.kind, s.level) if s.name == YOU and self.table.plan[i].kind == HERE else s
                for i, s in enumerate(infos if infos is not None else self.seat_infos())]

    def lobby_rows(self) -> list[dict[str, Any]]:
        rows = []
        for i, p in enumerate(self.table.plan):
            status = "here" if p.kind == HERE else "bot" if p.kind == BOT else self.status(self.table.remote[i])
            rows.append({"name": self.chosen_name(i), "kind": p.kind, "level": p.level, "status": status})
        return rows

    @staticmethod
    def status(r: RemoteSeat) -> str:
        if not r.joined:
            return "open"
        if r.conn is not None:
            return "connected"
        return "bot" if r.bot is not None else "dropped"


class HostTable:
    def __init__(self, variant: type, options: dict[str, Any], plan: list[SeatPlan], *,
                 code: str | None = None, policy: RacePolicy = HEADLESS_POLICY, host_name: str = YOU,
                 drop_wait: float = 60.0, drop_bot: str | None = "medium", tokens: dict[int, str] | None = None,
                 make_bot: Callable[[int, str], Any] | None = None, rng: random.Random | None = None,
                 headless: bool = True, word_default: Callable[[str, int], str] = default_name):
        if not variant.min_seats <= len(plan) <= variant.max_seats:
            raise CardhallError(f"{variant.title} takes {variant.min_seats} to {variant.max_seats} seats")
        if any(p.kind not in (HERE, REMOTE, BOT) for p in plan):
            raise CardhallError("a seat is here, remote or a bot")
        self.variant = variant
        self.options = dict(variant(len(plan), options, 0).options)   # checked, defaults filled in
        self.plan = list(plan)
        self.vocabulary = variant.vocabulary()
        rng = rng or random.SystemRandom()
        self.code = (code or protocol.new_code(rng)).upper()
        if not 4 <= len(self.code) <= 12 or any(c not in protocol.CODE_ALPHABET for c in self.code):
            raise CardhallError(f"a table code is 4 to 12 of {protocol.CODE_ALPHABET} (no 0, O, 1, I or L)")
        self.race = RaceBook(policy)   # when each version arose and was shown, for fair races
        self.host_name = host_name
        self.drop_wait = drop_wait
        self.drop_bot = drop_bot
        self.make_bot = make_bot
        self.headless = headless        # no screen: a version is "shown" here when it is applied
        self.word_default = word_default    # (kind, seat) -> the name of a seat nobody named, for the record
        self.roster = SeatRoster(self)
        tokens = tokens or {}
        self.remote = {i: RemoteSeat(i, tokens.get(i) or secrets.token_urlsafe(18), name=p.name, joined=i in tokens)
                       for i, p in enumerate(plan) if p.kind == REMOTE}
        self.conns: dict[int, _Conn] = {}
        self.outbox: list[tuple[int, str]] = []
        self.closing: list[int] = []
        self.session: Any = None
        self.record_seats: list[SeatInfo] = []
        self.started = False
        self.over_sent = False
        self.paused = False
        self.local_ready = 0        # the round after which the host's own side is ready for the next
        self.round_scored_at: float | None = None
        self.feed = SeatFeed(variant, self.remote)     # what each remote seat is told, and nothing else
        self.digests = self.feed.digests    # seat -> version -> the hash of the view it was sent
        self.last_events: list[Event] = []
        self._version_seen = -1
        # Figures (the soak, the fuzz and the benchmarks read them).
        self.refusals = 0
        self.illegal = 0            # actions refused on the very version they were decided on
        self.stale = 0              # actions the table had moved past (a race lost, a window gone)
        self.desyncs = 0
        self.checked = 0            # views a client's hash was compared against (its `shown`)
        self.bytes_sent: dict[int, int] = {}
        # A lobby line for whoever shows the table: (key of LINES, its values).
        self.on_status: Callable[[str, dict[str, Any]], None] | None = None

    # -- seats --------------------------------------------------------------------------------------
    def seats_here(self) -> list[int]:
        return [i for i, p in enumerate(self.plan) if p.kind == HERE]

    def open_seats(self) -> list[int]:
        return [i for i, r in self.remote.items() if not r.joined]

    def full(self) -> bool:
        return not self.open_seats()

    def seat_infos(self) -> list[SeatInfo]:
        return self.roster.seat_infos()

    def lobby_rows(self) -> list[dict[str, Any]]:
        return self.roster.lobby_rows()

    def seat_bot(self, seat: int) -> None:
        """The host gives a dropped player's seat to a bot now (without waiting any longer)."""
        r = self.remote.get(seat)
        if r is not None and r.joined and r.conn is None and r.bot is None and self.session is not None:
            self._replace(r)
            self._update_paused()

    # -- connections ----------------------------------------------------------------------------
    def connect(self, conn: int, peer: str, now: float) -> bool:
        """A new connection; False (and it is closed) when the host has too many."""
        if len(self.conns) >= MAX_CONNECTIONS:
            log.warning("host: refused a connection from %s: too many connections", peer)
            self._send_error(conn, "too_many_connections")
            self.closing.append(conn)
            return False
        self.conns[conn] = _Conn(conn, peer, now, now, refill_at=now, next_ping=now)
        return True

    def disconnect(self, conn: int, now: float) -> None:
        c = self.conns.pop(conn, None)
        if c is None or c.seat is None:
            return
        r = self.remote[c.seat]
        if r.conn != conn:
            return
        r.conn = None
        if not self.started:
            # Before the match a leaving player frees the seat for someone else.
            name = r.name
            r.joined, r.name = False, ""
            r.token = secrets.token_urlsafe(18)
            self._broadcast_lobby()
            self._say("left", r.seat, name)
            return
        if self._over():
            return
        r.dropped_at = now
        self._say("dropped", r.seat, r.name)
        self._broadcast({"type": "seat", "seat": r.seat, "status": "dropped", "wait": self.drop_wait})
        self._update_paused()

    def receive(self, conn: int, text: Any, now: float, session_now: float | None = None) -> None:
        """A message from connection `conn`, arrived at `now` (host wall clock). Never raises for
        anything the message holds: a bad one is refused in one log line."""
        c = self.conns.get(conn)
        if c is None:
            return
        c.heard = now
        if not c.take_token(now):
            self._refuse(c, "too many messages")
            return
        try:
            message = protocol.parse_client(text)
        except ProtocolError as exc:
            self._refuse(c, str(exc))
            return
        kind = message["type"]
        try:
            if kind == "hello":
                self._hello(c, message, now)
            elif c.seat is None:
                self._refuse(c, f"{kind} before hello")
            elif kind == "pong":
                self._pong(c, message, now)
            elif kind == "shown":
                self._shown(c, message)
            elif kind == "act":
                self._act(c, message, now, session_now)
            elif kind == "next":
                r = self.remote[c.seat]
                r.ready_round = max(r.ready_round, min(message["round"], self._round()))
            elif kind == "rematch":
                self._say("rematch", c.seat, self.remote[c.seat].name)
            elif kind == "bye":
                self.closing.append(conn)
        except ProtocolError as exc:
            self._refuse(c, str(exc))

    def _refuse(self, c: _Conn, reason: str, n: int | None = None, error: str = "ProtocolError") -> None:
        self.refusals += 1
        c.refusals += 1
        who = f"seat {c.seat + 1}" if c.seat is not None else "not joined"
        log.warning("host: refused a message from %s (%s): %s", c.peer, who, reason.replace("\n", " ")[:300])
        if n is not None:
            self._send_raw(c.id, {"type": "refused", "n": n, "error": error, "reason": reason[:300]})
        if c.refusals >= MAX_REFUSALS and c.id not in self.closing:
            log.warning("host: closed the connection from %s: %d refused messages", c.peer, c.refusals)
            self._send_error(c.id, "too_many_refused")
            self.closing.append(c.id)

    # -- hello, join and rejoin -------------------------------------------------------------------
    def _hello(self, c: _Conn, m: dict[str, Any], now: float) -> None:
        if c.seat is not None:
            raise ProtocolError("hello twice")
        if m["protocol"] != protocol.PROTOCOL:
            # (the shape every version reads: an older or newer client shows the reason)
            self._send_raw(c.id, {"type": "error", "reason": ERRORS["protocol"]})
            self.closing.append(c.id)
            raise ProtocolError(f"protocol {m['protocol']}")
        if not hmac.compare_digest(m["code"].upper().encode(), self.code.encode()):
            self._send_error(c.id, "wrong_code")
            self.closing.append(c.id)
            raise ProtocolError("a wrong table code")
        token = m["token"]
        if token is not None:
            r = next((r for r in self.remote.values() if hmac.compare_digest(r.token.encode(), token.encode())), None)
            if r is None or not r.joined:
                self._send_error(c.id, "unknown_seat")
                self.closing.append(c.id)
                raise ProtocolError("an unknown seat token")
            if r.conn is not None and r.conn in self.conns:
                # The same player on a new connection (the old one died unnoticed): the new one wins.
                self.closing.append(r.conn)
                self.conns[r.conn].seat = None
            self._seat(c, r, now)
            self._say("back", r.seat, r.name)
            if self.started:
                self._broadcast({"type": "seat", "seat": r.seat, "status": "back", "wait": None})
            return
        if self.started:
            self._send_error(c.id, "started")
            self.closing.append(c.id)
            raise ProtocolError("a join after the start")
        open_seats = self.open_seats()
        if not open_seats:
            self._send_error(c.id, "full")
            self.closing.append(c.id)
            raise ProtocolError("a join to a full table")
        r = self.remote[open_seats[0]]
        others = [self.roster.chosen_name(i) for i in range(len(self.plan)) if i != r.seat]
        r.joined, r.name = True, unique_name(m["name"], r.seat, others)
        self._seat(c, r, now)
        self._say("joined", r.seat, r.name)

    def _seat(self, c: _Conn, r: RemoteSeat, now: float) -> None:
        c.seat = r.seat
        r.conn = c.id
        r.dropped_at = None
        r.acks.clear()
        r.last_ack = -1
        r.clock = ClockSync()
        c.ping_n, c.next_ping = 0, now
        self._send_raw(c.id, {"type": "welcome", "protocol": protocol.PROTOCOL, "seat": r.seat, "token": r.token,
                              "table": self._table_json(), "host": "" if self.host_name == YOU else self.host_name,
                              "n": r.last_n})
        if r.bot is not None and self.session is not None:
            self.session.seat_agent(r.seat, None)      # the player takes the seat back from the bot
            r.bot = None
        self._broadcast_lobby()
        if self.started:
            self._send_state(r)
            self._update_paused()

    def _table_json(self) -> dict[str, Any]:
        return {"variant": self.variant.id, "title": self.variant.title, "options": self.options,
                "seats": [s.to_json() for s in self.roster.shared_infos()], "code": self.code}

    # -- timing ---------------------------------------------------------------------------------------
    def _pong(self, c: _Conn, m: dict[str, Any], now: float) -> None:
        t1 = c.pings.pop(m["n"], None)
        if t1 is None:
            raise ProtocolError(f"a pong to no ping ({m['n']})")
        self.remote[c.seat].clock.add(t1, m["t2"], m["t3"], now)   # type: ignore[index]

    def _shown(self, c: _Conn, m: dict[str, Any]) -> None:
        r = self.remote[c.seat]   # type: ignore[index]
        version = m["version"]
        if version > self._version() or version < r.last_ack:
            raise ProtocolError(f"shown: version {version} is not one this client was sent")
        self.race.seen(r, version, m["at"])
        differs = self.feed.differs(r.seat, version, m["hash"])
        if differs is not None:
            self.checked += 1
        if differs:
            self.desyncs += 1
            log.error("host: seat %d's view of version %d differs from the host's: sending the whole state again",
                      r.seat + 1, version)
            self._send_state(r)

    def horizon(self, now: float) -> float:
        """The session time up to which actions may be settled now (host wall clock `now`): for
        every remote seat that may act, the earliest moment a claim of its still on its way could
        count at (game.net.race). Infinite when no remote seat may act."""
        session = self.session
        if session is None or not self.remote:
            return math.inf
        acting = session.game.seats_to_act()
        best = math.inf
        for seat in acting:
            r = self.remote.get(seat)
            if r is None or r.conn is None or r.bot is not None:
                continue
            best = min(best, self.race.horizon(r, self._version(), now))
        return best

    def holding(self) -> bool:
        """A remote seat may act now, so actions here wait for the horizon too (see HostDriver)."""
        return self.horizon_applies()

    def horizon_applies(self) -> bool:
        session = self.session
        if session is None:
            return False
        return any((r := self.remote.get(seat)) is not None and r.conn is not None and r.bot is None
                   for seat in session.game.seats_to_act())

    def shown_here(self, now: float) -> None:
        """The host's own screen shows the current version now (a host with a screen: the first
        moment its table is idle after a change)."""
        self.race.shown_here(self._version(), now)

    # -- actions ----------------------------------------------------------------------------------------
    def _act(self, c: _Conn, m: dict[str, Any], now: float, session_now: float | None) -> None:
        seat = c.seat
        r = self.remote[seat]   # type: ignore[index]
        n = m["n"]
        if n <= r.last_n:
            self._refuse(c, f"action {n} again (replayed)", n)
            return
        r.last_n = n
        session = self.session
        if session is None or not self.started:
            self._refuse(c, "no match is being played", n)
            return
        if session.game.over:
            # Decided before the last move ended the match, and on its way meanwhile: a race lost,
            # as any move the table moved past (normal play: no warning, nothing towards closing).
            self.stale += 1
            log.info("host: seat %d's move came after the match ended (version %d, ended at %d)",
                     seat + 1, m["version"], self._version())
            self._send_raw(c.id, {"type": "refused", "n": n, "error": "IllegalAction", "reason": "the match is over"})
            return
        if r.bot is not None:
            self._refuse(c, "a bot plays this seat", n)
            return
        try:
            action = action_from_json(m["action"], self.vocabulary)
        except CardhallError as exc:
            self._refuse(c, f"act: {exc}", n)
            return
        if action.seat != seat:
            self._refuse(c, f"an action for seat {action.seat + 1}, not this player's", n, "NotYourTurn")
            return
        version = m["version"]
        current = self._version()
        if version > current or not self.race.knows(version):
            self._refuse(c, f"act: version {version} is not one this client was sent", n)
            return
        if action not in session.legal(seat):
            why = why_refused(session.game, action)
            if version == current:
                self.illegal += 1
                self._refuse(c, why, n, "IllegalAction")
                return
            # Sent on a situation the table has since left (a race lost, a window gone): normal
            # play, not bad input, so it neither counts towards closing the connection nor warns.
            self.stale += 1
            log.info("host: seat %d's %s came after the table moved on (version %d, now %d): %s",
                     seat + 1, type(action).__name__, version, current, why.replace("\n", " ")[:300])
            self._send_raw(c.id, {"type": "refused", "n": n, "error": "IllegalAction", "reason": why[:300]})
            return
        r.in_flight += 1
        session.claim(action, self.race.claim(r, version, m["reaction"], now), tag=(seat, n, version))

    def claimed(self, action: Action, tag: Any, events: list[Event] | None, refusal: IllegalAction | None) -> None:
        """The Session settled a claim (its on_claim): tell a remote claimant it was refused."""
        if not (isinstance(tag, tuple) and len(tag) == 3):
            return
        seat, n, version = tag
        r = self.remote.get(seat)
        if r is None:
            return
        r.in_flight = max(0, r.in_flight - 1)
        if refusal is None:
            return
        lost = version != self._version()       # (another move came first: a race lost)
        if lost:
            self.stale += 1
        else:
            self.illegal += 1
        if r.conn is not None and r.conn in self.conns:
            log.info("host: seat %d's %s %s: %s", seat + 1, type(action).__name__,
                     "lost the race" if lost else "was refused", str(refusal).replace("\n", " ")[:300])
            self._send_raw(r.conn, {"type": "refused", "n": n, "error": type(refusal).__name__,
                                    "reason": str(refusal)[:300]})

    # -- the match ---------------------------------------------------------------------------------------
    def begin(self, session: Any, now: float) -> None:
        """The match is on: `session` plays it (built by the caller on a record of seat_infos())."""
        self.session = session
        self.started = True
        self.record_seats = list(self.seat_infos())
        session.on_claim = self.claimed
        self._version_seen = session.version
        self.race.arose(session.version, session.now, now)
        history = session.game.history
        if history:
            self.last_events = []
        self._broadcast_lobby()
        for r in self.remote.values():
            if r.conn is not None:
                self._send_state(r)
        self._update_paused()

    def published(self, events: list[Event], now: float) -> None:
        """The Session's listener: a step's events (or a refused claim's public facts)."""
        session = self.session
        if session is None:
            return
        version = session.version
        if version == self._version_seen:
            for r in self.remote.values():
                if r.conn is not None:
                    self._send_raw(r.conn, {"type": "facts", "events": self.feed.events(r.seat, events)})
            return
        self._version_seen = version
        self.race.arose(version, session.now, now if self.headless else None)
        self.last_events = list(events)
        last = session.game.history[-1][1] if session.game.history else None
        if isinstance(last, StartRound):
            for r in self.remote.values():
                r.round_events.clear()
        closes, between = self._closes(), self.round_waiting()
        for r in self.remote.values():
            r.round_events.append((session.now, [e.for_seat(r.seat) for e in events]))
            if r.conn is None:
                continue
            self._send_raw(r.conn, self.feed.step(session, r.seat, events, closes=closes, round=self._round(),
                                                  between=between))
        if session.game.over and not self.over_sent:
            self._send_end()

    def _closes(self) -> bool:
        """Does the table move on by itself (a window's deadline is due)? Public: a seat that
        could only pass then lets the window run out, as at the host (game.core.session.Agent)."""
        table = self.session.game.table_action()
        return table is not None and table[1] is not None

    def _send_state(self, r: RemoteSeat) -> None:
        """Everything a client needs to draw its seat's table now (a start or a rejoin)."""
        session = self.session
        if session is None or r.conn is None:
            return
        self._send_raw(r.conn, self.feed.state(
            session, r.seat, self.last_events, r.round_events, closes=self._closes(), round=self._round(),
            between=self.round_waiting(), table=self._table_json(), seats=self.lobby_rows(), paused=self.paused))
        if session.game.over:
            self._send_end(only=r)

    def _send_end(self, only: RemoteSeat | None = None) -> None:
        """The match is over: every card has been shown, so each client gets the whole record (its
        statistics and the round replay read it)."""
        self.over_sent = True
        record = GameRecord.of(self.session.game, self.roster.shared_infos(self.record_seats)).to_json()
        for r in [only] if only is not None else self.remote.values():
            if r.conn is not None:
                self._send_raw(r.conn, {"type": "end", "record": record})

    def _version(self) -> int:
        return self.session.version if self.session is not None else 0

    def _round(self) -> int:
        return self.session.game.round if self.session is not None else 0

    def _over(self) -> bool:
        return self.session is not None and self.session.game.over

    # -- the next round -------------------------------------------------------------------------------
    def round_waiting(self) -> bool:
        """Between rounds: the next deal waits for the people."""
        session = self.session
        if session is None or session.game.over:
            return False
        table = session.game.table_action()
        return table is not None and isinstance(table[0], StartRound) and table[1] is None and session.game.round > 0

    def ready_for_next_round(self, now: float) -> bool:
        """Has everybody said they are ready for the next round (or waited long enough)?"""
        if not self.round_waiting():
            self.round_scored_at = None
            return False
        if self.round_scored_at is None:
            self.round_scored_at = now
        done = self._round()
        if self.seats_here() and self.local_ready < done:
            return False
        waiting = [r for r in self.remote.values() if r.conn is not None and r.bot is None and r.ready_round < done]
        return not waiting or now - self.round_scored_at >= NEXT_ROUND_WAIT

    # -- the clock ---------------------------------------------------------------------------------------
    def tick(self, now: float) -> None:
        """Pings, silent connections, dropped players' time up."""
        for c in list(self.conns.values()):
            if c.seat is None and now - c.opened > HELLO_WAIT and c.id not in self.closing:
                log.warning("host: closed the connection from %s: no hello", c.peer)
                self.closing.append(c.id)
                continue
            if c.seat is None:
                continue
            if now - c.heard > SILENCE and c.id not in self.closing:
                log.warning("host: seat %d (%s) has been silent for %.0f s: dropped", c.seat + 1, c.peer, now - c.heard)
                self.closing.append(c.id)
                continue
            ping = c.ping_due(now)
            if ping is not None:
                self._send_raw(c.id, {"type": "ping", "n": ping, "t1": now})
        if self.started and not self._over():
            for r in self.remote.values():
                if r.dropped_at is not None and r.bot is None and r.conn is None and self.drop_bot is not None \
                        and now - r.dropped_at >= self.drop_wait:
                    self._replace(r)
            self._update_paused()

    def _replace(self, r: RemoteSeat) -> None:
        """A bot takes the seat of a player who has not come back; it is told the round so far."""
        if self.make_bot is None:
            from ai.registry import bot_seed, make_agent

            bot = make_agent(self.variant.id, self.drop_bot or "medium", bot_seed(self.session.game.seed, r.seat))
        else:
            bot = self.make_bot(r.seat, self.drop_bot or "medium")
        self.session.seat_agent(r.seat, bot)
        clock = getattr(bot, "clock", None)
        for t, events in r.round_events:
            if clock is not None:
                clock(t)
            bot.observe(list(events))
        r.bot = bot
        self._say("bot_took", r.seat, r.name, level=self.drop_bot or "medium")
        self._broadcast({"type": "seat", "seat": r.seat, "status": "bot", "wait": None})

    def _update_paused(self) -> None:
        waiting = [r for r in self.remote.values() if r.joined and r.conn is None and r.bot is None]
        paused = bool(waiting) and self.started and not self._over()
        if paused != self.paused:
            self.paused = paused
            self._broadcast({"type": "paused", "paused": paused, "seats": [r.seat for r in waiting] if paused else []})

    def waiting_for(self) -> list[tuple[int, str, float | None]]:
        """The players the match waits for (seat, chosen name or "", how long each has been gone:
        None, not dropped)."""
        return [(r.seat, r.name, r.dropped_at) for r in self.remote.values()
                if r.joined and r.conn is None and r.bot is None]

    # -- sending ---------------------------------------------------------------------------------------
    def _send_raw(self, conn: int, message: dict[str, Any]) -> None:
        text = protocol.dumps(message)
        self.bytes_sent[conn] = self.bytes_sent.get(conn, 0) + len(text.encode("utf-8"))
        self.outbox.append((conn, text))

    def _broadcast(self, message: dict[str, Any]) -> None:
        for r in self.remote.values():
            if r.conn is not None:
                self._send_raw(r.conn, message)

    def _broadcast_lobby(self) -> None:
        self._broadcast({"type": "lobby", "seats": self.lobby_rows(), "started": self.started})

    def _send_error(self, conn: int, key: str) -> None:
        self._send_raw(conn, {"type": "error", "reason": ERRORS[key], "key": key})

    def _say(self, key: str, seat: int, name: str, **values: Any) -> None:
        """A lobby line (LINES): logged, shown at the host's screen and told to the players on the
        network, each of which words it in its own language."""
        values = {"seat": seat, "name": name, **values}
        log.info("host: %s", english_line(key, values))
        if self.on_status is not None:
            self.on_status(key, values)
        self._broadcast({"type": "said", "key": key, "values": values})

    def take_outbox(self) -> tuple[list[tuple[int, str]], list[int]]:
        out, close = self.outbox, self.closing
        self.outbox, self.closing = [], []
        return out, close


def fill_open_seats(table: HostTable, level: str) -> list[int]:
    """Before the start: the open seats nobody took are played by bots of `level` (the app's host
    may start without waiting for everybody). Returns those seats."""
    if table.started:
        raise CardhallError("the match has started")
    filled = table.open_seats()
    for seat in filled:
        del table.remote[seat]
        table.digests.pop(seat, None)
        table.plan[seat] = SeatPlan(BOT, "", level)     # (its name is each screen's "Bot n")
    if filled:
        table._broadcast_lobby()
    return filled
