"""Network play in the app: the drivers a card table plays on when seats sit at other screens.

A table reads one object, its driver (game/client/table/driver.py's MatchDriver: ``view``,
``legal``, the events, ``submit``, ``advance`` on the table clock, ``start_round``...). Two more
drivers offer the same API, so the tables stay exactly as they are:

* ``RemoteDriver`` (a player who joined a table): the match is the host's. The driver holds the
  seat's side of it, a ``ClientTable`` (game/net/client.py), fed by a ``ClientLink``: the WebSocket
  runs in its own thread (which answers the host's pings itself) and queues what arrives; the
  pygame loop takes it (``service``, every frame, whatever scene is on top) and hands it to the
  table only when the table is idle (``advance``), one step's events at a time, as a local driver
  hands out its bots' actions. At that moment the screen shows the version the host sent, which
  is when the client tells the host it was shown: the race clock of game.net.race counts the
  player's reaction from there. An action leaves at once (``submit``); the host's step comes back.
* ``HostDriver`` (the machine hosting): the match runs here, in a ``HostMatch`` (game/net/match.py)
  on the wall clock, serving its clients over a ``HostLink``. People at this screen play as at a
  local table (hot-seat privacy included); while a remote seat may act too, their actions are
  claims timed from when this screen showed the situation, like a remote player's.

``NetStore`` is the storage a network table is given: it hands the table its prebuilt driver
(``match_driver``) and otherwise is the app's storage (statistics count a finished match).

This module imports no pygame: the scenes (game/client/scenes/network.py) wire the wake-up
events and draw the lobby.
"""

from __future__ import annotations

import dataclasses
import logging
import queue
import time
from typing import Any, Callable

from game.client.narration.wording import YOU
from game.core.actions import Action, StartRound
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.record import GameRecord, SeatInfo
from game.core.session import Session
from game.core.takeback import NOT_OFFERED
from game.core.view import SPECTATOR
from game.i18n import _, _l
from game.net.protocol import ProtocolError
from game.net.serve import CLOSE, TEXT, flush, take_arrived

log = logging.getLogger("cardhall.net")

REMOTE_KIND = "remote"      # a SeatInfo kind only the tables of a network match see: a person elsewhere

# The host's lobby lines (game.net.host.LINES), worded by each screen in its own language.
LOBBY_LINES = {
    "joined": _l("{name} joined."),
    "left": _l("{name} left the table."),
    "dropped": _l("{name} lost the connection: waiting for them to come back."),
    "back": _l("{name} is back."),
    "rematch": _l("{name} would like a rematch."),
    "bot_took": _l("{name} has not come back: a bot ({level}) plays their seat until they do."),
}
# Why the host closed the connection (game.net.host.ERRORS).
HOST_ERRORS = {
    "too_many_connections": _l("This table has too many connections."),
    "too_many_refused": _l("Too many refused messages."),
    "protocol": _l("This Cardhall speaks another version of the network protocol: play with the same version."),
    "wrong_code": _l("That is not this table's code."),
    "unknown_seat": _l("That seat is not at this table any more."),
    "started": _l("The match has started: only its players can rejoin."),
    "full": _l("This table is full."),
}
LEVEL_WORDS = {"easy": _l("easy"), "medium": _l("medium"), "hard": _l("hard")}


def default_seat_name(kind: str, seat: int) -> str:
    """A seat nobody named, in this screen's language (game.net.host.default_name's words)."""
    if kind == "bot":
        return _("Bot {n}").format(n=seat + 1)
    if kind == "open":
        return _("Open seat {n}").format(n=seat + 1)
    return _("Player {n}").format(n=seat + 1)


def lobby_line(key: str, values: dict[str, Any]) -> str:
    """A lobby line the host said, in this screen's language ("" for a key this version lacks)."""
    words = LOBBY_LINES.get(key)
    if words is None:
        return ""
    seat = values.get("seat") if type(values.get("seat")) is int else 0
    name = str(values.get("name") or "") or default_seat_name("human", seat)
    level = str(values.get("level") or "medium")
    return str(words).format(name=name, level=LEVEL_WORDS.get(level, level))


def host_error(client: Any) -> str:
    """The host's last word before it closed the connection, in this screen's language."""
    words = HOST_ERRORS.get(client.error_key or "")
    return str(words) if words is not None else (client.error or "")


def waiting_words(names: list[str]) -> str:
    return _("Waiting for {names}").format(names=", ".join(names))


def worded_seats(seats: list[SeatInfo], rows: list[Any], here: list[int]) -> list[SeatInfo]:
    """A network table's seats with this screen's words for the seats nobody named (the host's
    record has its own words for them; a lobby row's name is "" for those): "Player n", "Bot n",
    and the player here under the default name is "You" (game.client.narration.wording.YOU)."""
    out = []
    for i, s in enumerate(seats):
        row = rows[i] if i < len(rows) and isinstance(rows[i], dict) else None
        if row is not None and not row.get("name"):
            s = SeatInfo(YOU if i in here and s.kind == "human" else default_seat_name(s.kind, i), s.kind, s.level)
        elif row is not None and isinstance(row.get("name"), str):
            s = SeatInfo(row["name"][:16], s.kind, s.level)
        out.append(s)
    return out


def display_seats(seats: list[SeatInfo], here: list[int]) -> list[SeatInfo]:
    """The seats as a network table shows them: the people at this screen are its humans (their
    own cards, the hot-seat curtain), a person at another screen is neither a human here nor a bot."""
    return [s if i in here else SeatInfo(s.name, REMOTE_KIND if s.kind == "human" else s.kind, s.level)
            for i, s in enumerate(seats)]


class NetStore:
    """The app's storage with the network table's driver in it (see TableScene: ``match_driver``)."""

    def __init__(self, storage: Any, driver: Any) -> None:
        self._storage = storage
        self._driver = driver
        # The table is given no record to narrate the match so far from (a joined player has none
        # before the end): its history panel starts when it opens.
        self.narrating = True

    def match_driver(self, record: GameRecord, agents: dict, humans: list[int],
                     on_replay: Callable[[list[Event]], None] | None = None, coaches: dict | None = None) -> Any:
        """The driver, built before the table; a match joined late or continued tells the
        humans' memory aids its round so far (``on_replay``), as a continued local match does."""
        if on_replay is not None:
            for events in self._driver.replayed:
                on_replay(events)
        return self._driver

    def saved_match(self, variant: str) -> None:
        return None     # (a network match is never the player's local saved match)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._storage, name)


class _NetDriverBase:
    """What both network drivers answer alike: no take-back, no coach, no local saving."""

    take_backs = 0
    coaches: dict[int, Any] = {}
    illegal = 0
    replayed: list[list[Event]] = []

    def for_table(self, event: Event) -> Event:
        return event

    def listen(self, listener: Callable[[list[Event]], None]) -> None:
        self._listener = listener

    def hurry_passes(self, t: float) -> int:
        return 0        # (a remote window closes at the host, by its clock)

    def has_coach(self, seat: int) -> bool:
        return False

    def advise(self, seat: int) -> Any:
        return None

    def last_move(self) -> None:
        return None

    def take_back_refusal(self) -> str:
        return NOT_OFFERED

    def record_before_last_move(self) -> GameRecord:
        raise ValueError(f"nothing may be taken back ({NOT_OFFERED})")

    def adopt_saver(self, other: Any) -> None:
        pass

    def flush(self) -> None:
        pass

    def close_saver(self) -> None:
        pass

    def round_over(self) -> bool:
        """Between rounds: the next deal waits for the players."""
        return self.view().phase == "round_over"

    def winners_lowest(self) -> bool:
        view = self.view()
        if not view.winners or not view.totals:
            return True
        return all(view.totals[w] == min(view.totals) for w in view.winners)

    def _count_finished(self, store: Any, record: GameRecord | None) -> None:
        if record is None or self._counted:
            return
        self._counted = True
        try:
            store.record_finished(record, lowest_wins=self.winners_lowest())
        except OSError:
            raise
        except Exception as exc:    # (a record the statistics cannot read is logged, never a crash)
            log.warning("network match: its result was not counted: %s", exc)


# -- a seat at another machine's table --------------------------------------------------------------
class RemoteDriver(_NetDriverBase):
    """The seat's side of a hosted match: the table's driver on a joined player's screen."""

    def __init__(self, client: Any, link: Any, clock: Callable[[], float] = time.monotonic,
                 pending: list[tuple[str, str, float]] | None = None) -> None:
        self.client, self.link, self.clock = client, link, clock
        self.seat: int = client.seat
        self.humans = [self.seat]
        self.named = worded_seats([SeatInfo.from_json(s) for s in client.table["seats"]], client.lobby, self.humans)
        self.seat_infos = display_seats(self.named, self.humans)
        self.last_action: Action | None = client.last_action
        self.last_events: list[Event] = list(client.last_events)
        deal = client.round_events[0][1] if client.round_events and isinstance(client.last_action, Action) else []
        self.round_events: list[Event] = list(deal)
        self.replayed = [list(events) for _, events in client.round_events]
        self._listener: Callable[[list[Event]], None] | None = None
        self._pending: list[tuple[str, str, float]] = list(pending or [])   # (kind, text, arrival)
        self._acted_on = -1             # the version this screen's last action was sent on
        self._t = client.t              # the table clock at the last advance (next_due counts on it)
        self._counted = False
        self.lost = False               # the connection to the host is gone
        self.notes: list[str] = []      # what the host said (refusals, seats dropped and back) for the scene
        self.resync = False             # the host sent the whole state again (a desync): rebuild the sprites
        self._payload: Any = None       # what the last message the client took came to (its listeners')
        client.listeners.append(self._heard)
        self.service()                  # (what came after the state and changes no view: a pause ended)

    def _heard(self, kind: str, payload: Any) -> None:
        self._payload = payload

    # -- what the table reads ---------------------------------------------------------------------
    @property
    def version(self) -> int:
        return self.client.version

    @property
    def now(self) -> float:
        return self.client.t

    @property
    def over(self) -> bool:
        """The match is over on this screen: the last step has been handed to the table (the
        host's end record may arrive before the table has played that step out)."""
        return bool(self.client.view is not None and self.client.view.over)

    @property
    def seats(self) -> int:
        return self.client.view.seats

    def view(self, seat: int = SPECTATOR) -> Any:
        """The seat's own view, whichever seat is asked: this screen's only person is that seat,
        and the host sends nothing else (the public facts are all in it)."""
        return self.client.view

    def legal(self, seat: int) -> list[Action]:
        client = self.client
        if seat != self.seat or client.paused or self.lost or self._acted_on == client.version:
            return []
        return client.legal

    # -- acting -----------------------------------------------------------------------------------
    def submit(self, action: Action, t: float) -> None:
        """Send the action to the host (its step comes back); IllegalAction, nothing sent, if
        it is not one of the seat's legal actions now."""
        client = self.client
        if self.lost:
            raise IllegalAction(_("The connection to the host is lost."))
        if client.paused:
            raise IllegalAction(waiting_words(self.waiting()) if client.paused_seats else _("The match is paused."))
        if action not in self.legal(self.seat):
            raise IllegalAction(_("That is not a choice now."))
        client.act(action, self.clock())
        self._acted_on = client.version
        self._flush()

    def waiting(self) -> list[str]:
        """The names of the players the match waits for, as this screen shows them."""
        names = [s.name for s in self.seat_infos]
        return [names[s] if 0 <= s < len(names) else default_seat_name("human", s) for s in self.client.paused_seats]

    def start_round(self, t: float, deck: tuple[str, ...] | None = None) -> None:
        """The host deals; between rounds this screen says it is ready for the next."""
        client = self.client
        if client.between:
            client.ready_for_next_round(client.round)
            self._flush()

    def advance(self, t: float) -> int:
        """The table is idle: its screen shows the current version now (told to the host), and the
        next step the host sent is handed to the table. Returns the steps handed out."""
        self._t = t
        client = self.client
        if client.started and client.version >= 0:
            client.show(self.clock())
        steps = 0
        while self._pending:      # (one step, and what came after it up to the next)
            kind, text, arrived = self._pending[0]
            if steps and kind == TEXT and _is_step(text):
                break
            self._pending.pop(0)
            steps += self._take(kind, text, arrived)
        self._flush()
        return steps

    def next_due(self) -> float | None:
        return self._t if self._pending else None

    def record(self) -> GameRecord:
        client = self.client
        if client.record is not None:       # (the host's, its unnamed seats in this screen's words)
            return dataclasses.replace(client.record, seats=list(self.named))
        options = dict(client.table.get("options") or {})
        return GameRecord(client.variant.id, options, list(self.seat_infos), 0, [])

    def save(self, store: Any, meta: dict[str, Any]) -> None:
        """Nothing is saved here (the match is the host's); its result counts once it is over."""
        if self.client.record is not None:
            self._count_finished(store, self.client.record)

    # -- the network ----------------------------------------------------------------------------
    def service(self) -> None:
        """Take what the link queued (every frame, whatever scene is on top)."""
        while True:
            try:
                kind, _, text, arrived = self.link.inbox.get_nowait()
            except queue.Empty:
                break
            if kind == CLOSE:
                self._pending.append((CLOSE, "", arrived))
            elif kind == TEXT:
                self._pending.append((TEXT, text, arrived))
        # What changes no view is taken at once (a pause, a seat dropped, a refusal), so the
        # table says it while it animates; a step waits for the table to be idle.
        keep = []
        for item in self._pending:
            if item[0] == TEXT and not keep and not _is_step(item[1]):
                self._take(*item)
            else:
                keep.append(item)
        self._pending = keep
        self._flush()

    def _take(self, kind: str, text: str, arrived: float) -> int:
        client = self.client
        if kind == CLOSE:
            if not client.over:
                self.lost = True
                self.notes.append("lost")
            return 0
        try:
            what = client.receive(text, arrived)
        except ProtocolError as exc:
            log.warning("join: refused a message from the host: %s", exc)
            return 0
        if what == "step":
            self.last_events = list(client.last_events)
            if self._listener is not None:
                self._listener(list(client.last_events))
            return 1
        if what == "facts":
            if self._listener is not None:      # (a refused claim's public facts: a race lost)
                self._listener(list(self._payload))
            return 0
        if what == "state":
            self.resync = True
        elif what == "refused":
            self._acted_on = -1
            self.notes.append("refused:" + client.refusals[-1].reason)
        elif what in ("seat", "paused", "error", "said"):
            self.notes.append(what)
        elif what == "end":
            self.notes.append("end")
        return 0

    def _flush(self) -> None:
        client = self.client
        for text in client.outbox:
            self.link.send(text)
        client.outbox.clear()

    def leave(self) -> None:
        """Say goodbye and close the connection (the seat stays the player's: the host waits)."""
        try:
            if not self.lost:
                self.client.bye()
                self._flush()
        finally:
            self.link.shutdown()


def _is_step(text: str) -> bool:
    """Does a host message change the view (a step, the whole state, a refusal's facts)? Cheap: the type
    key leads every message the host writes (protocol.dumps keeps insertion order)."""
    head = text[:40]
    return '"step"' in head or '"state"' in head or '"facts"' in head


# -- the hosting machine ---------------------------------------------------------------------------
class HostDriver(_NetDriverBase):
    """The table's driver on the hosting machine: the HostMatch's Session, served to its clients."""

    def __init__(self, match: Any, link: Any = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.net, self.link, self.clock = match, link, clock
        table = match.table
        self.humans = table.seats_here()
        self.seat_infos = display_seats(table.seat_infos(), self.humans)
        self._listener: Callable[[list[Event]], None] | None = None
        self._counted = False
        self._t = 0.0
        self.last_action: Action | None = None
        self.last_events: list[Event] = []
        self.round_events: list[Event] = []
        self.replayed = []
        resumed = match.resumed
        if match.session is None:
            match.start(clock(), deal=False)
        self.session = match.session
        if resumed is not None and resumed.actions:
            self._recall(resumed)
        match.on_step.append(self._deliver)

    def _recall(self, record: GameRecord) -> None:
        """A continued hosted match: the last step's and the last deal's events as this screen may
        see them (the table redoes what the player must see again), and the round so far."""
        replay = Session(record.new_game(), {}, auto_start_rounds=False)
        for t, action in record.actions:
            events = [self.for_table(e) for e in replay.submit(action, t)]
            if isinstance(action, StartRound):
                self.round_events = list(events)
                self.replayed = []
            self.replayed.append(events)
            self.last_events = events
        self.last_action = record.actions[-1][1]

    def for_table(self, event: Event) -> Event:
        shown_to = getattr(event, "shown_to", None)
        if shown_to is None or any(h in shown_to for h in self.humans):
            return event
        return event.for_seat(SPECTATOR)

    def _deliver(self, events: list[Event]) -> None:
        if self._listener is not None:
            self._listener([self.for_table(e) for e in events])

    # -- what the table reads -------------------------------------------------------------------
    @property
    def version(self) -> int:
        return self.session.version

    @property
    def now(self) -> float:
        return self.session.now

    @property
    def over(self) -> bool:
        return self.session.view(SPECTATOR).over

    @property
    def seats(self) -> int:
        return self.session.view(SPECTATOR).seats

    def view(self, seat: int = SPECTATOR) -> Any:
        return self.session.view(seat)

    def legal(self, seat: int) -> list[Action]:
        if seat not in self.humans or self.net.table.paused:
            return []
        return self.session.legal(seat)

    # -- acting -----------------------------------------------------------------------------------
    def submit(self, action: Action, t: float) -> None:
        """A person at this screen acts. While a remote seat may act too, the action is a claim
        counted from when this screen showed the situation (game.net.race); otherwise it applies
        at once. IllegalAction, nothing changed, if the rules refuse it."""
        net, session = self.net, self.session
        now = self.clock()
        if net.table.paused:
            raise IllegalAction(waiting_words([self.seat_infos[seat].name for seat, _n, _t in net.table.waiting_for()]))
        at = net.session_time(now)
        if action not in session.legal(action.seat) or not net.table.holding():
            session.submit(action, max(at, session.now))     # (raises IllegalAction if refused)
            self._after(now)
            return
        version = net.table.race.versions.get(session.version)
        due = at
        if version is not None and version.shown is not None:
            due = min(at, version.t0 + max(0.0, now - version.shown))
        session.claim(action, max(due, session.now), tag=("here", action.seat))
        self._after(now)

    def start_round(self, t: float, deck: tuple[str, ...] | None = None) -> None:
        """The first deal (animated here, as at a local table), or this screen is ready for the
        next round: it is dealt once the remote players are ready too (HostMatch.pump)."""
        net, session = self.net, self.session
        now = self.clock()
        if session.last_step is None:
            session.start_round(net.session_time(now))
        else:
            net.table.local_ready = max(net.table.local_ready, session.view(SPECTATOR).round)
        self._after(now)

    def advance(self, t: float) -> int:
        """The table is idle: this screen shows the current version now (the race clock counts
        the people here from it); what is due is done."""
        self._t = t
        now = self.clock()
        self.net.table.shown_here(now)
        return self.service(now)

    def next_due(self) -> float | None:
        now = self.clock()
        return self._t + max(0.0, self.net.next_wake(now) - now)

    def service(self, now: float | None = None) -> int:
        """Take what the link queued, do what is due, send what the table wrote (every frame,
        whatever scene is on top). Returns the actions applied."""
        now = self.clock() if now is None else now
        if self.link is not None:
            take_arrived(self.net.table, self.link)
        applied = self.net.pump(now)
        self._after(now)
        return applied

    def _after(self, now: float) -> None:
        if self.net.session is not None and self.net.session.version != self.net._saved_version:
            self.net.pump(now)      # (saves the step: a host crash loses nothing)
        if self.link is not None:
            flush(self.net.table, self.link)

    def record(self) -> GameRecord:
        return self.net.record()

    def save(self, store: Any, meta: dict[str, Any]) -> None:
        """The HostMatch autosaves every step itself (Continue on the network screen); the result
        counts once the match is over."""
        if self.over:
            self._count_finished(store, self.record())
