"""A short loopback match with one remote seat, over real WebSockets: the built program's smoke test
plays it (`cardhall --smoke-test`), so a build that lost asyncio, websockets or what they import
fails there and not at a player's table.

Host and client run in this one thread, on a clock `speed` times faster than the wall's (the
sockets are real; only the match's own time runs fast), so a whole match takes seconds.
"""

from __future__ import annotations

import queue
import random
import time

from game.core.errors import CardhallError


def loopback_match(variant_id: str = "combat-uno", options: dict | None = None, *, speed: float = 25.0,
                   timeout: float = 120.0) -> str:
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

    def clock() -> float:
        return (time.monotonic() - began) * speed + 1.0

    host = HostLink("127.0.0.1", 0)
    link = None
    try:
        link = ClientLink(f"127.0.0.1:{host.port}")
        client = ClientTable(code, "Smoke")
        bot: SeatBot | None = None
        client.hello()
        while not (match.over and client.over):
            if time.monotonic() - began > timeout:
                raise CardhallError(f"the loopback match did not end in {timeout:.0f} s")
            for text in client.outbox:
                link.send(text)
            client.outbox.clear()
            for kind, conn, text, _ in _drain(host.inbox):
                if kind == OPEN:
                    table.connect(conn, text, clock())
                elif kind == TEXT:
                    table.receive(conn, text, clock())
                else:
                    table.disconnect(conn, clock())
            if match.session is None and table.full():
                match.start(clock())
            if match.session is not None:
                match.pump(clock())
            else:
                table.tick(clock())
            out, close = table.take_outbox()
            for conn, text in out:
                host.send(conn, text)
            for conn in close:
                host.close(conn)
            for kind, _, text, _ in _drain(link.inbox):
                if kind == CLOSE:
                    raise CardhallError("the host closed the connection")
                what = client.receive(text, clock())
                if what == "welcome" and bot is None:
                    bot = SeatBot(client, make_agent(variant.id, "easy", 2))
                elif what in ("state", "step"):
                    client.show(clock())
            if bot is not None:
                bot.tick(clock())
            time.sleep(0.001)
        history = match.session.game.history
        if client.record.actions != history or table.desyncs or client.desyncs or table.illegal:
            raise CardhallError(f"the loopback match ended out of step ({table.desyncs} desyncs, "
                                f"{table.illegal} illegal actions)")
        return (f"a {variant.title} match over loopback WebSockets with one remote seat: {len(history)} actions, "
                f"{table.checked} views checked, {time.monotonic() - began:.1f} s")
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
