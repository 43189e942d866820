"""A short loopback match with one remote seat, over real WebSockets: the built program's smoke test
plays it (`cardhall --smoke-test`), so a build that lost asyncio, websockets or what they import
fails there and not at a player's table.

Host and client run in this one thread on a stepped clock: each turn of the loop moves the match's
time on by `step` seconds, but only while no message is on its way through the (real) sockets. A
busy machine that holds up a message, or this thread, so holds the match's time too: the host never
sees its client silent for longer than the client really was, as it did when the clock ran on the
wall's time 40 times faster (a stall of a quarter of a second was ten seconds of silence, and the
host dropped the seat). A hang is still caught: nothing on the wire coming through in `stall`
seconds of wall time, or the match not over in `game_limit` seconds of its own time.
"""

from __future__ import annotations

import queue
import random
import threading
import time

from game.core.errors import CardhallError


STEP = 0.05           # seconds of the match's time per turn of the loop with nothing on the wire
STALL = 30.0          # wall seconds a message on the wire may take before the loopback counts as hung
GAME_LIMIT = 600.0    # seconds of the match's time a one-round match must end in
MESSAGE_LIMIT = 20_000    # messages both ways (a match sends a few hundred): more is a loop, not a match


def loopback_match(variant_id: str = "combat-uno", options: dict | None = None, *, step: float = STEP,
                   stall: float = STALL, game_limit: float = GAME_LIMIT) -> str:
    """Play it; returns a summary. CardhallError if the match did not end, or ended out of step."""
    from ai.registry import make_agent
    from game.core.game import get_variant
    from game.net import protocol
    from game.net.client import ClientTable, SeatBot
    from game.net.host import BOT, REMOTE, HostTable, SeatPlan
    from game.net.match import HostMatch
    from game.net.serve import CLOSE, OPEN, TEXT, ClientLink, HostLink

    variant = get_variant(variant_id)
    options = {"length": "rounds", "rounds": 1} if options is None and variant.id == "combat-uno" else options or {}
    code = protocol.new_code(random.Random(1))
    table = HostTable(variant, options, [SeatPlan(REMOTE), SeatPlan(BOT, "Bot", "easy")], code=code)
    match = HostMatch(table, seed=1)
    began = time.monotonic()
    now = 1.0
    arrived = threading.Event()
    host = HostLink("127.0.0.1", 0)
    host.wake = arrived.set
    link = None
    try:
        link = ClientLink(f"127.0.0.1:{host.port}")
        link.wake = arrived.set
        to_host = 1              # messages sent and not yet taken from the other side's inbox (the open first)
        to_client = 0
        messages = 0
        heard = time.monotonic()     # when something last came through
        client = ClientTable(code, "Smoke")
        bot: SeatBot | None = None
        client.hello()
        while not (match.over and client.over):
            if now - 1.0 > game_limit:
                raise CardhallError(f"the loopback match did not end in {game_limit:.0f} s of its time")
            if messages > MESSAGE_LIMIT:
                raise CardhallError(f"the loopback match sent {messages} messages and did not end")
            arrived.clear()      # (before draining: what comes after sets it again)
            for text in client.outbox:
                link.send(text)
            to_host += len(client.outbox)
            messages += len(client.outbox)
            client.outbox.clear()
            for kind, conn, text, _ in _drain(host.inbox):
                heard = time.monotonic()
                if kind == OPEN:
                    to_host -= 1
                    table.connect(conn, text, now)
                elif kind == TEXT:
                    to_host -= 1
                    table.receive(conn, text, now)
                else:
                    table.disconnect(conn, now)
            if match.session is None and table.full():
                match.start(now)
            if match.session is not None:
                match.pump(now)
            else:
                table.tick(now)
            out, close = table.take_outbox()
            for conn, text in out:
                host.send(conn, text)
            to_client += len(out)
            messages += len(out)
            for conn in close:
                host.close(conn)
            for kind, _, text, _ in _drain(link.inbox):
                heard = time.monotonic()
                if kind == CLOSE:
                    raise CardhallError("the host closed the connection")
                to_client -= 1
                what = client.receive(text, now)
                if what == "welcome" and bot is None:
                    bot = SeatBot(client, make_agent(variant.id, "easy", 2))
                elif what in ("state", "step"):
                    client.show(now)
            if bot is not None:
                bot.tick(now)
            if to_host > 0 or to_client > 0 or client.outbox:
                # The match's time waits for the wire, however long a busy machine takes to carry it.
                if not client.outbox and not arrived.wait(0.05) and time.monotonic() - heard > stall:
                    raise CardhallError(f"nothing came through the loopback connection in {stall:.0f} s "
                                        f"({to_host} message(s) on the way to the host, {to_client} to the client)")
            else:
                now += step
        history = match.session.game.history
        if client.record.actions != history or table.desyncs or client.desyncs or table.illegal:
            raise CardhallError(f"the loopback match ended out of step ({table.desyncs} desyncs, "
                                f"{table.illegal} illegal actions)")
        return (f"a {variant.title} match over loopback WebSockets with one remote seat: {len(history)} actions, "
                f"{table.checked} views checked, {messages} messages, {now - 1.0:.0f} s of its time "
                f"in {time.monotonic() - began:.1f} s")
    finally:
        if link is not None:
            link.shutdown()
        host.shutdown()


def _drain(inbox: "queue.Queue") -> list:
    items = []
    while True:
        try:
            items.append(inbox.get_nowait())
        except queue.Empty:
            return items
