"""A remote seat's side of a network table: what its host has sent, checked, and what it sends.

`ClientTable` holds no socket and no thread, like HostTable: whoever runs it (the headless
`cardhall join`, a test's simulated network) hands it each text from the host with the client's
own clock reading (`receive`) and sends what it puts in `outbox`. It keeps the seat's view, its
legal actions and the events as the host sent them, answers pings, tells the host when its
screen showed each version (with the hash of its view, the desync check) and numbers its actions.

A host can be anyone, so its messages are checked too: their size, their type, views and events
decoded strictly for the table's variant (game.net.codec), actions against its vocabulary. A bad
one raises ProtocolError and changes nothing.

`SeatBot` plays the seat with a bot, as `cardhall join --bot LEVEL` does: the bot is told the
seat's events and asked at each new version, and its action leaves after its delay counted from
the moment the client showed that version, carrying that delay as its reaction time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from game.core.actions import Action, Pass, action_from_json, action_to_json
from game.core.errors import CardhallError
from game.core.events import Event
from game.core.game import get_variant
from game.core.record import GameRecord
from game.net import protocol
from game.net.codec import Codec, digest
from game.net.protocol import ProtocolError

HOST_TYPES = {
    "welcome": ("protocol", "seat", "token", "table", "host", "n"),
    "lobby": ("seats", "started"),
    "state": ("version", "t", "view", "legal", "hash", "last_action", "last_events", "round_events",
              "closes", "round", "between", "table", "seats", "paused"),
    "step": ("version", "t", "events", "view", "legal", "hash", "closes", "round", "between"),
    "facts": ("events",),
    "refused": ("n", "error", "reason"),
    "ping": ("n", "t1"),
    "seat": ("seat", "status", "wait"),
    "paused": ("paused", "seats"),
    "said": ("key", "values"),
    "end": ("record",),
    "error": ("reason", "key"),
}
# A host of another protocol version refuses the hello with an error of this shape (every version's).
OLD_ERROR = ("reason",)


@dataclass
class Refusal:
    n: int
    error: str
    reason: str


class ClientTable:
    def __init__(self, code: str, name: str, token: str | None = None) -> None:
        self.code = code.strip().upper()
        self.name = name
        self.token = token
        self.outbox: list[str] = []
        self.seat: int | None = None
        self.table: dict[str, Any] | None = None
        self.variant: type | None = None
        self.codec: Codec | None = None
        self.vocabulary: dict[str, type[Action]] = {}
        self.host_name = ""
        self.lobby: list[dict[str, Any]] = []
        self.started = False
        self.version = -1
        self.t = 0.0                  # the session time of the current version
        self.view: Any = None
        self.legal: list[Action] = []
        self.closes = False           # the table moves on by itself (a window's deadline is due)
        self.round = 0
        self.between = False          # a round is scored: the next waits for its players
        self.hash = ""
        self.shown_at: dict[int, float] = {}   # version -> the client's clock when shown
        self.paused = False
        self.paused_seats: list[int] = []     # the seats the match waits for
        self.record: GameRecord | None = None
        self.error: str | None = None  # the host's last word before closing (English)...
        self.error_key: str | None = None     # ...and its key (game.net.host.ERRORS), None if it sent none
        self.refusals: list[Refusal] = []
        self.desyncs = 0              # views whose hash differed from the host's
        self.said: list[tuple[str, dict[str, Any]]] = []   # the host's lobby lines: (key, values)
        self.round_events: list[tuple[float, list[Event]]] = []
        self.last_action: Action | None = None   # the step the state was sent after (a table rebuilt from views)
        self.last_events: list[Event] = []        # ...and its events, as this seat saw them
        self._n = 0
        self.listeners: list[Callable[[str, Any], None]] = []   # (kind, payload): "state", "step", ...

    # -- sending ------------------------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        self.outbox.append(protocol.dumps(message))

    def hello(self) -> None:
        self._send({"type": "hello", "protocol": protocol.PROTOCOL, "code": self.code,
                    "name": self.name[:protocol.NAME_MAX], "token": self.token})

    def show(self, now: float) -> None:
        """The client's screen shows the current version now (a headless client: when it arrives)."""
        if self.version >= 0 and self.version not in self.shown_at:
            self.shown_at[self.version] = now
            for old in [v for v in self.shown_at if v < self.version - 64]:
                del self.shown_at[old]
            self._send({"type": "shown", "version": self.version, "at": max(0.0, now), "hash": self.hash})

    def act(self, action: Action, now: float, version: int | None = None) -> int:
        """Send `action`, decided on `version` (the current one by default); its reaction time is
        counted from when this client showed that version. Returns its number."""
        version = self.version if version is None else version
        shown = self.shown_at.get(version, now)
        self._n += 1
        self._send({"type": "act", "n": self._n, "version": version, "action": action_to_json(action),
                    "reaction": max(0.0, now - shown), "at": max(0.0, now)})
        return self._n

    def ready_for_next_round(self, round_number: int) -> None:
        self._send({"type": "next", "round": round_number})

    def bye(self) -> None:
        self._send({"type": "bye"})

    # -- receiving ----------------------------------------------------------------------------------
    def receive(self, text: Any, now: float) -> str:
        """One message from the host; returns its type. ProtocolError if it is not a message the
        protocol has (nothing changes then)."""
        m = protocol.loads(text, protocol.MAX_HOST_MESSAGE)
        kind = m["type"]
        keys = HOST_TYPES.get(kind)
        if kind == "error" and set(m) == {"type", *OLD_ERROR}:
            keys = OLD_ERROR
        if keys is None or set(m) != {"type", *keys}:
            raise ProtocolError(f"the host sent a message the protocol does not have ({kind[:20]!r})")
        try:
            payload = getattr(self, "_on_" + kind)(m, now)
        except ProtocolError:
            raise
        except (CardhallError, TypeError, ValueError, KeyError, AttributeError) as exc:
            raise ProtocolError(f"the host's {kind} message: {exc}"[:300]) from None
        for listener in self.listeners:
            listener(kind, payload)
        return kind

    def _on_welcome(self, m: dict, now: float) -> Any:
        table = m["table"]
        if type(m["seat"]) is not int or type(m["token"]) is not str or not isinstance(table, dict):
            raise ProtocolError("a welcome without a seat, a token or a table")
        variant = get_variant(table["variant"])
        if self.variant is not None and variant is not self.variant:
            raise ProtocolError("the host's table changed its game")
        self.variant, self.codec, self.vocabulary = variant, self.codec or Codec(variant), variant.vocabulary()
        if type(m["n"]) is not int:
            raise ProtocolError("a welcome without the seat's last action number")
        self.seat, self.token, self.table, self.host_name = m["seat"], m["token"], table, str(m["host"])[:40]
        self._n = max(self._n, m["n"])     # (a rejoin numbers its actions on from the seat's last)
        return m["seat"]

    def _need_table(self) -> Codec:
        if self.codec is None:
            raise ProtocolError("a table message before the welcome")
        return self.codec

    def _events(self, data: Any, where: str) -> list[Event]:
        codec = self._need_table()
        events = codec.decode(data, where)
        if type(events) is not tuple or not all(isinstance(e, Event) for e in events):
            raise ProtocolError(f"{where}: not a list of events")
        return list(events)

    def _actions(self, data: Any) -> list[Action]:
        if type(data) is not list or len(data) > 2_000:
            raise ProtocolError("legal: not a list of actions")
        return [action_from_json(a, self.vocabulary) for a in data]

    def _take_view(self, m: dict) -> tuple[Any, list[Action], str]:
        codec = self._need_table()
        view = codec.decode(m["view"], "view")
        legal = self._actions(m["legal"])
        mine = digest(codec.encode(view))
        if mine != m["hash"]:
            self.desyncs += 1
        if type(m["version"]) is not int or not isinstance(m["t"], (int, float)) or type(m["closes"]) is not bool \
                or type(m["round"]) is not int or type(m["between"]) is not bool:
            raise ProtocolError("a version, a time, a round or a flag of the wrong type")
        return view, legal, mine

    def _on_lobby(self, m: dict, now: float) -> Any:
        if type(m["seats"]) is not list or type(m["started"]) is not bool:
            raise ProtocolError("a lobby without seats")
        self.lobby, self.started = m["seats"], m["started"]
        return self.lobby

    def _on_state(self, m: dict, now: float) -> Any:
        view, legal, mine = self._take_view(m)
        round_events = []
        if type(m["round_events"]) is not list:
            raise ProtocolError("round_events: not a list")
        for i, pair in enumerate(m["round_events"]):
            if type(pair) is not list or len(pair) != 2 or not isinstance(pair[0], (int, float)):
                raise ProtocolError(f"round_events[{i}]: not [t, events]")
            round_events.append((float(pair[0]), self._events(pair[1], f"round_events[{i}]")))
        last_action = None if m["last_action"] is None else action_from_json(m["last_action"], self.vocabulary)
        last_events = self._events(m["last_events"], "last_events")
        self.view, self.legal, self.hash = view, legal, mine
        self.last_action, self.last_events = last_action, last_events
        self.version, self.t, self.closes = m["version"], float(m["t"]), m["closes"]
        self.round, self.between = m["round"], m["between"]
        self.round_events = round_events
        self.started, self.paused = True, bool(m["paused"])
        if type(m["seats"]) is list:
            self.lobby = m["seats"]
        table = m["table"]
        if isinstance(table, dict) and self.table is not None and table.get("variant") == self.table.get("variant") \
                and type(table.get("seats")) is list and len(table["seats"]) == len(self.table.get("seats") or []):
            self.table = table      # (the seats as they are now: those who joined after this player named)
        return round_events

    def _on_step(self, m: dict, now: float) -> Any:
        events = self._events(m["events"], "events")
        view, legal, mine = self._take_view(m)
        if m["version"] <= self.version:
            raise ProtocolError(f"step {m['version']} after {self.version}")
        self.view, self.legal, self.hash = view, legal, mine
        self.version, self.t, self.closes = m["version"], float(m["t"]), m["closes"]
        self.round, self.between = m["round"], m["between"]
        self.round_events.append((self.t, events))
        self.last_events = events
        return events

    def _on_facts(self, m: dict, now: float) -> Any:
        return self._events(m["events"], "events")

    def _on_refused(self, m: dict, now: float) -> Any:
        refusal = Refusal(int(m["n"]), str(m["error"])[:40], str(m["reason"])[:300])
        self.refusals.append(refusal)
        del self.refusals[:-50]
        return refusal

    def _on_ping(self, m: dict, now: float) -> Any:
        if type(m["n"]) is not int or not isinstance(m["t1"], (int, float)):
            raise ProtocolError("a ping without a number")
        self._send({"type": "pong", "n": m["n"], "t2": max(0.0, now), "t3": max(0.0, now)})
        return m["n"]

    def _on_seat(self, m: dict, now: float) -> Any:
        wait = m["wait"] if isinstance(m["wait"], (int, float)) and not isinstance(m["wait"], bool) else None
        return (m["seat"], m["status"], wait)

    def _on_paused(self, m: dict, now: float) -> Any:
        seats = m["seats"]
        if type(seats) is not list or len(seats) > 16 or not all(type(s) is int for s in seats):
            raise ProtocolError("paused: seats is not a list of seats")
        self.paused, self.paused_seats = bool(m["paused"]), seats
        return self.paused

    @property
    def paused_why(self) -> str:
        """Who the match waits for, in English (the headless client's line; a screen words it)."""
        names = [self.seat_name(s) for s in self.paused_seats]
        return f"Waiting for {', '.join(names)}" if names else ""

    def seat_name(self, seat: int) -> str:
        """A seat's name as the host sent it (its lobby row's, else the table's)."""
        row = self.lobby[seat] if 0 <= seat < len(self.lobby) and isinstance(self.lobby[seat], dict) else {}
        return str(row.get("name") or "")[:40] or f"{'Bot' if row.get('kind') == 'bot' else 'Player'} {seat + 1}"

    def _on_said(self, m: dict, now: float) -> Any:
        key, values = m["key"], m["values"]
        if type(key) is not str or len(key) > 40 or not isinstance(values, dict) or len(values) > 8:
            raise ProtocolError("said: not a key and its values")
        clean = {}
        for k, v in values.items():
            if type(k) is not str or len(k) > 20 or not (type(v) in (int, str) or v is None) \
                    or (type(v) is str and len(v) > 40):
                raise ProtocolError("said: a value that is not a short text or a number")
            clean[k] = v
        self.said.append((key, clean))
        del self.said[:-20]
        return key, clean

    def _on_end(self, m: dict, now: float) -> Any:
        record = GameRecord.from_json(m["record"])
        if self.variant is not None and record.variant != self.variant.id:
            raise ProtocolError("the end record is of another game")
        self.record = record
        return record

    def _on_error(self, m: dict, now: float) -> Any:
        self.error = str(m["reason"])[:300]
        key = m.get("key")
        self.error_key = key[:40] if type(key) is str else None
        return self.error

    @property
    def over(self) -> bool:
        return self.record is not None


class SeatBot:
    """Plays a client's seat with a bot (game.core.session.Agent), the way the host's Session
    plays its own bots: asked when a version arrives, acting after its delay, and dropping what it
    meant to do when the table moved on first."""

    def __init__(self, client: ClientTable, agent: Any) -> None:
        self.client = client
        self.agent = agent
        self.begun = False
        self._asked = -1
        self._due: float | None = None
        self._action: Action | None = None
        self._decided_on = -1
        self.sent = 0
        self._ready_sent = 0
        client.listeners.append(self._heard)

    def _heard(self, kind: str, payload: Any) -> None:
        client = self.client
        if kind == "state":
            self._begin(reset=True)
            for t, events in payload:
                self._observe(t, events)
        elif kind == "step":
            self._begin()
            self._observe(client.t, payload)
        elif kind == "facts":
            self._observe(client.t, payload)

    def _begin(self, reset: bool = False) -> None:
        if self.begun and not reset:
            return
        client = self.client
        self.agent.begin(client.seat, client.variant, len(client.table["seats"]), dict(client.table["options"]))
        self.begun = True

    def _observe(self, t: float, events: list[Event]) -> None:
        clock = getattr(self.agent, "clock", None)
        if clock is not None:
            clock(t)
        self.agent.observe(list(events))

    def tick(self, now: float) -> None:
        """Act if the bot's moment has come (`now`: the client's clock)."""
        client = self.client
        if client.view is None or client.over or client.paused:
            return
        if client.between and self._ready_sent < client.round:
            self._ready_sent = client.round
            client.ready_for_next_round(client.round)
        if self._asked != client.version:
            self._asked = client.version
            self._due = self._action = None
            legal = client.legal
            if not legal:
                return
            if client.closes and len(legal) == 1 and type(legal[0]) is Pass:
                return      # nothing to do but let the window run out, as the host's bots do
            intent = self.agent.decide(client.view, legal, client.t)
            shown = client.shown_at.get(client.version, now)
            self._action, self._due, self._decided_on = intent.action, shown + max(0.0, intent.delay), client.version
        if self._due is not None and now >= self._due - 1e-9 and self._decided_on == client.version:
            client.act(self._action, now, self._decided_on)
            self.sent += 1
            self._due = None

    def next_due(self) -> float | None:
        """When tick has something to do next (the client's clock), None while nothing is planned."""
        return None if self.client.paused or self.client.over else self._due
