"""The sockets: WebSocket server and client on an asyncio loop in a thread of their own, handing
messages to whoever runs the table (the headless commands here, the app's pygame loop) through a
queue. The table logic stays in HostTable / ClientTable, single-threaded, on the caller's side.

`HostLink` serves ws://ADDRESS:PORT; `ClientLink` connects to one. Both give `inbox` (a queue of
(kind, conn, text, arrival) with kind "open", "text" or "close", stamped with time.monotonic()
when the message came off the socket) and `send` / `close`, safe to call from any thread.
Messages are text; the server refuses frames over protocol.MAX_CLIENT_MESSAGE (websockets closes
the connection with 1009), and a client refuses frames over protocol.MAX_HOST_MESSAGE.

`wake`, if set, is called (in the network thread) after each item is queued: the app posts a
pygame event with it, so a resting window takes a message at once instead of polling. A ClientLink
made with `answer_pings=True` (the app's) answers the host's pings in its own thread, the moment
they arrive, so a window busy animating or showing a menu over the table neither delays the round
trip the host measures nor looks silent.

`host_headless` and `join_headless` are `cardhall host` and `cardhall join`.
"""

from __future__ import annotations

import asyncio
import ipaddress
import itertools
import logging
import queue
import threading
import time
import warnings
from pathlib import Path
from typing import Any, Callable

from game.core.errors import CardhallError
from game.net import protocol
from game.net.discovery import local_address

log = logging.getLogger("cardhall.net")

DEFAULT_PORT = 47_615
OPEN, TEXT, CLOSE = "open", "text", "close"


class _LoopThread:
    """An asyncio event loop running in a daemon thread."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.inbox: queue.Queue[tuple[str, int, str, float]] = queue.Queue()
        self.wake: Callable[[], None] | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._ready = threading.Event()
        self._thread.start()
        self._ready.wait()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.call_soon(self._ready.set)
        self.loop.run_forever()

    def _put(self, item: tuple[str, int, str, float]) -> None:
        self.inbox.put(item)
        wake = self.wake
        if wake is not None:
            try:
                wake()
            except Exception:   # (a window closing under us: the item is queued all the same)
                pass

    def _soon(self, callback: Callable[[], Any]) -> None:
        """Run `callback` in the loop's thread; nothing once the link has shut down (a send after
        a drop, as before the loop was closed at shutdown)."""
        try:
            self.loop.call_soon_threadsafe(callback)
        except RuntimeError:    # the loop is closed
            pass

    def call(self, coro: Any, timeout: float | None = 10.0) -> Any:
        if not self.loop.is_running():      # (stopped: the coroutine would never run, nor be awaited)
            with warnings.catch_warnings():  # (closing it unstarted is the point: no "never awaited")
                warnings.simplefilter("ignore", RuntimeWarning)
                coro.close()
            raise CardhallError("the network thread has stopped")
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        """Let what was queued go out (a second at most), then end the loop and close it. A send or
        close still queued when the loop stopped was a task never started: garbage-collected, it
        warned "coroutine '_quiet' was never awaited" (and its message was lost)."""
        if self.loop.is_running():
            try:
                asyncio.run_coroutine_threadsafe(self._drain(1.0), self.loop).result(2.0)
            except Exception:   # (a loop stuck or stopping under us: stop it all the same)
                pass
            self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5.0)
        if not self._thread.is_alive() and not self.loop.is_closed():
            self.loop.close()

    async def _drain(self, timeout: float) -> None:
        this = asyncio.current_task()
        # (call_soon_threadsafe callbacks made before this one have made their tasks by now)
        await asyncio.sleep(0)
        tasks = [t for t in asyncio.all_tasks() if t is not this]
        sends = [t for t in tasks if getattr(t.get_coro(), "__qualname__", "") == _quiet.__qualname__]
        if sends:
            await asyncio.wait(sends, timeout=timeout)
        left = [t for t in tasks if not t.done()]       # (a connection's reader, websockets' own)
        for task in left:
            task.cancel()
        if left:
            await asyncio.wait(left, timeout=0.5)


class HostLink(_LoopThread):
    def __init__(self, address: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        super().__init__("cardhall-host")
        self._ids = itertools.count(1)
        self._sockets: dict[int, Any] = {}
        try:
            self.server = self.call(self._serve(address, port))
        except OSError as exc:
            self.stop()
            raise CardhallError(f"cannot host on port {port}: {exc.strerror or exc}") from None
        self.port = self.server.sockets[0].getsockname()[1]

    async def _serve(self, address: str, port: int) -> Any:
        from websockets.asyncio.server import serve

        return await serve(self._handler, address, port, max_size=protocol.MAX_CLIENT_MESSAGE,
                           max_queue=64, ping_interval=5, ping_timeout=20, compression=None)

    async def _handler(self, ws: Any) -> None:
        conn = next(self._ids)
        self._sockets[conn] = ws
        peer = ws.remote_address
        self._put((OPEN, conn, f"{peer[0]}:{peer[1]}" if peer else "?", time.monotonic()))
        try:
            async for message in ws:
                self._put((TEXT, conn, message, time.monotonic()))
        except Exception as exc:   # a connection that breaks is a close, whatever broke it
            log.info("host: connection %d ended: %s", conn, type(exc).__name__)
        finally:
            self._sockets.pop(conn, None)
            self._put((CLOSE, conn, "", time.monotonic()))

    def send(self, conn: int, text: str) -> None:
        ws = self._sockets.get(conn)
        if ws is not None:
            self._soon(lambda: self.loop.create_task(_quiet(ws.send(text))))

    def close(self, conn: int) -> None:
        ws = self._sockets.get(conn)
        if ws is not None:
            # (after what was queued before it: tasks run in the order they were made)
            self._soon(lambda: self.loop.create_task(_quiet(ws.close())))

    def shutdown(self) -> None:
        async def stop() -> None:
            self.server.close()
            await self.server.wait_closed()

        try:
            self.call(stop(), 5.0)
        except Exception:
            pass
        self.stop()


class ClientLink(_LoopThread):
    def __init__(self, address: str, answer_pings: bool = False) -> None:
        super().__init__("cardhall-join")
        self.uri = address_to_uri(address)
        self.answer_pings = answer_pings
        self._ws: Any = None
        try:
            self.call(self._connect(), 15.0)
        except (OSError, asyncio.TimeoutError, TimeoutError) as exc:
            self.stop()
            raise CardhallError(f"cannot reach a table at {address}: {getattr(exc, 'strerror', None) or exc or 'no answer'}") from None
        except Exception as exc:   # (websockets' own handshake errors)
            self.stop()
            raise CardhallError(f"cannot join a table at {address}: {exc}") from None

    async def _connect(self) -> None:
        from websockets.asyncio.client import connect

        self._ws = await connect(self.uri, max_size=protocol.MAX_HOST_MESSAGE, open_timeout=10, compression=None,
                                 ping_interval=5, ping_timeout=20)
        self.loop.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self._ws:
                arrived = time.monotonic()
                if self.answer_pings and await self._pong(message, arrived):
                    continue
                self._put((TEXT, 0, message, arrived))
        except Exception as exc:
            log.info("join: the connection ended: %s", type(exc).__name__)
        finally:
            self._put((CLOSE, 0, "", time.monotonic()))

    async def _pong(self, message: Any, arrived: float) -> bool:
        """Answer a ping here and now (True), as ClientTable would: t2 when it came off the
        socket, t3 as the answer leaves. Anything else is left to the table (False)."""
        if not isinstance(message, str) or len(message) > 200 or '"ping"' not in message:
            return False
        try:
            m = protocol.loads(message, 200)
        except protocol.ProtocolError:
            return False
        if set(m) != {"type", "n", "t1"} or m["type"] != "ping" or type(m["n"]) is not int \
                or not isinstance(m["t1"], (int, float)):
            return False
        await _quiet(self._ws.send(protocol.dumps({"type": "pong", "n": m["n"], "t2": arrived,
                                                   "t3": time.monotonic()})))
        return True

    def send(self, text: str) -> None:
        ws = self._ws
        self._soon(lambda: self.loop.create_task(_quiet(ws.send(text))))

    def shutdown(self) -> None:
        if self._ws is not None:
            try:
                self.call(_quiet(self._ws.close()), 5.0)
            except Exception:
                pass
        self.stop()


async def _quiet(coro: Any) -> None:
    try:
        await coro
    except Exception:   # the connection is gone; its close arrives through the inbox
        pass


def address_to_uri(address: str) -> str:
    """ws://HOST:PORT from what a person types: HOST, HOST:PORT, or a ws:// address."""
    text = address.strip()
    if text.startswith(("ws://", "wss://")):
        return text
    if text.count(":") == 1:
        host, port = text.split(":")
    elif text.startswith("[") and "]:" in text:
        host, port = text[1:].split("]:")
        host = f"[{host}]"
    elif ":" in text:       # a bare IPv6 address, or nothing
        try:
            host, port = f"[{ipaddress.IPv6Address(text)}]", str(DEFAULT_PORT)
        except ValueError:
            host, port = "", ""
    else:
        host, port = text, str(DEFAULT_PORT)
    if not port.isdigit() or not 0 < int(port) < 65_536 or not host:
        raise CardhallError(f"not an address: {address!r} (HOST or HOST:PORT)")
    return f"ws://{host}:{port}"


# -- running a hosted match ------------------------------------------------------------------------
def pump_host(match: Any, link: HostLink, until: Callable[[], bool], timeout: float | None = None) -> None:
    """Run a HostMatch over `link` until `until()` (or `timeout` seconds): deliver what arrived,
    do what is due, send what the table wrote."""
    table = match.table
    end = None if timeout is None else time.monotonic() + timeout
    while not until():
        now = time.monotonic()
        if end is not None and now >= end:
            return
        wait = max(0.0, min(match.next_wake(now) if match.session is not None else now + 0.1, now + 0.1) - now)
        try:
            item = link.inbox.get(timeout=wait)
        except queue.Empty:
            item = None
        while item is not None:
            hand_to(table, item)
            if match.session is not None:
                match.pump(time.monotonic())
            flush(table, link)
            try:
                item = link.inbox.get_nowait()
            except queue.Empty:
                item = None
        if match.session is not None:
            match.pump(time.monotonic())
        else:
            table.tick(time.monotonic())
        flush(table, link)


def hand_to(table: Any, item: tuple[str, int, str, float]) -> None:
    """One item of a HostLink's inbox, handed to its HostTable with the time it arrived."""
    kind, conn, text, arrived = item
    if kind == OPEN:
        table.connect(conn, text, arrived)
    elif kind == TEXT:
        table.receive(conn, text, arrived)
    else:
        table.disconnect(conn, arrived)


def take_arrived(table: Any, link: HostLink) -> None:
    """Hand the table everything the link has queued (without waiting)."""
    while True:
        try:
            item = link.inbox.get_nowait()
        except queue.Empty:
            return
        hand_to(table, item)


def flush(table: Any, link: HostLink) -> None:
    """Send what the table wrote; close what it closed."""
    out, close = table.take_outbox()
    for conn, text in out:
        link.send(conn, text)
    for conn in close:
        link.close(conn)


def host_headless(variant_id: str, options: dict[str, Any], seats: list[str], *, port: int, address: str = "0.0.0.0",
                  code: str | None = None, seed: int | None = None, drop_wait: float = 60.0,
                  drop_bot: str | None = "medium", autosave: Path | None = None, resume: bool = False,
                  wait_for_players: float | None = None, advertise: bool = True,
                  say: Callable[[str], None] = print) -> Any:
    """`cardhall host`: serve a table, start the match when every open seat is taken, play it to
    its end. Returns the finished HostMatch."""
    from game.core.game import get_variant
    from game.net.host import BOT, REMOTE, HostTable, SeatPlan, english_line
    from game.net.match import HostMatch

    if resume:
        if autosave is None:
            raise CardhallError("--continue needs the --autosave file of the match")
        match = HostMatch.resume(autosave)
        table = match.table
    else:
        variant = get_variant(variant_id)
        plan = []
        for i, seat in enumerate(seats):
            kind, _, level = seat.partition(":")
            if kind == "remote":
                plan.append(SeatPlan(REMOTE))
            elif kind == "bot":
                plan.append(SeatPlan(BOT, "", level or "medium"))
            else:
                raise CardhallError(f"a seat is remote or bot[:LEVEL], not {seat!r}")
        table = HostTable(variant, options, plan, code=code, drop_wait=drop_wait, drop_bot=drop_bot)
        match = HostMatch(table, seed, autosave=autosave)
    table.on_status = lambda key, values: say(english_line(key, values))
    link = HostLink(address, port)
    shown_address = local_address() if address in ("0.0.0.0", "") else address
    advert = None
    try:
        if advertise:
            from game.net.discovery import advertise as advertise_table

            advert = advertise_table(table, link.port)
        say(f"Hosting {table.variant.title} at {shown_address}:{link.port}, table code {table.code}")
        if resume:
            match.start(time.monotonic())
            say(f"Continuing the match: {len(match.session.game.history)} steps; its players rejoin with their tokens.")
        else:
            say(f"Waiting for {len(table.open_seats())} player(s) to join.")
            pump_host(match, link, until=table.full, timeout=wait_for_players)
            if not table.full():
                raise CardhallError("not every seat was taken in time")
            match.start(time.monotonic())
            say("The match has started.")
        pump_host(match, link, until=lambda: match.over and not table.outbox)
        pump_host(match, link, until=lambda: False, timeout=0.5)    # (the end reaches everybody)
        say(f"The match is over: {describe_result(match.session.game, table.seat_infos())}")
        return match
    finally:
        if advert is not None:
            advert.close()
        link.shutdown()


def join_headless(address: str, code: str, level: str, *, name: str = "", token: str | None = None,
                  say: Callable[[str], None] = print, seed: int | None = None) -> Any:
    """`cardhall join`: take a seat at the table at `address` and play it with a bot of `level`
    until the match ends. Returns the ClientTable."""
    from game.net.client import ClientTable

    client = ClientTable(code, name or f"{level.title()} bot", token)
    link = ClientLink(address)
    try:
        play_remote_seat(client, link, level, say=say, seed=seed)
        return client
    finally:
        link.shutdown()


def play_remote_seat(client: Any, link: ClientLink, level: str, *, say: Callable[[str], None] = print,
                     seed: int | None = None, until: Callable[[], bool] | None = None) -> None:
    """Say hello over `link` and play the seat with a bot of `level` until the match ends, the
    host closes the connection, or `until()`."""
    import random

    from ai.registry import make_agent
    from game.net.client import SeatBot
    from game.net.protocol import ProtocolError

    bot: SeatBot | None = None
    client.hello()
    while until is None or not until():
        for text in client.outbox:
            link.send(text)
        client.outbox.clear()
        due = bot.next_due() if bot is not None else None
        wait = 0.1 if due is None else max(0.0, min(0.1, due - time.monotonic()))
        try:
            kind, _, text, arrived = link.inbox.get(timeout=wait)
        except queue.Empty:
            kind = None
        if kind == CLOSE:
            break
        if kind == TEXT:
            try:
                what = client.receive(text, arrived)
            except ProtocolError as exc:
                log.warning("join: refused a message from the host: %s", exc)
                continue
            if what == "welcome" and bot is None:
                agent = make_agent(client.variant.id, level, seed if seed is not None else random.randrange(2 ** 62))
                bot = SeatBot(client, agent)    # (told the table at the first state)
                say(f"Joined {client.table['title']} as seat {client.seat + 1}; seat token {client.token}")
            elif what in ("state", "step"):
                client.show(time.monotonic())
            elif what == "error":
                say(f"The host says: {client.error}")
            elif what == "end":
                say(f"The match is over: {describe_result(None, client.record.seats, client.record)}")
                client.bye()
        if bot is not None:
            bot.tick(time.monotonic())
        if client.over and not client.outbox:
            break
    for text in client.outbox:
        link.send(text)
    client.outbox.clear()


def describe_result(game: Any, seats: list, record: Any = None) -> str:
    result = record.result if record is not None else None
    if result is None and game is not None:
        from game.core.record import result_of

        result = result_of(game)
    if not result:
        return "no result"
    totals = ", ".join(f"{s.name} {t}" for s, t in zip(seats, result["totals"]))
    winners = " and ".join(seats[w].name for w in result["winners"])
    return f"{winners} won ({totals})"
