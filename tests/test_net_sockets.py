"""Network play over real WebSockets on loopback (game.net.serve): the host's thread hands each
message to the table with the time it came off the socket, the client's bot plays its seat, and
every view it is sent matches the host's. A few seconds of a real match (whole matches are the
soak's, over the simulated network: a real one lasts minutes of real time)."""

from __future__ import annotations

import threading
import time

import pytest

from game.core.errors import CardhallError
from game.net.client import ClientTable
from game.net.host import BOT, REMOTE, HostTable, SeatPlan
from game.net.match import HostMatch
from game.net.serve import ClientLink, HostLink, address_to_uri, play_remote_seat, pump_host
from game.variants.combat_uno import CombatUno

pytestmark = pytest.mark.slow   # whole matches (the quick subset is -m 'not slow')

PORT = 47_640    # only for "nobody hosts here"; a host here binds a port the system picks (0)


def test_a_remote_seat_plays_over_loopback_websockets_in_step_with_the_host():
    table = HostTable(CombatUno, {"length": "rounds", "rounds": 1},
                      [SeatPlan(REMOTE), SeatPlan(BOT, "Bot", "hard")], code="SPRKET")
    match = HostMatch(table, seed=7)
    # Port 0: a fixed port met "address already in use" under pytest-xdist, where another test's
    # host or client had been given it by the system.
    host = HostLink("127.0.0.1", 0)
    client = ClientTable("sprket", "Ann")
    stop = threading.Event()
    try:
        link = ClientLink(f"127.0.0.1:{host.port}")
        player = threading.Thread(target=play_remote_seat, args=(client, link, "hard"),
                                  kwargs={"say": lambda line: None, "seed": 1, "until": stop.is_set}, daemon=True)
        player.start()
        pump_host(match, host, until=table.full, timeout=10)
        assert table.full()
        match.start(time.monotonic())
        pump_host(match, host, until=lambda: match.over or match.session.version >= 12, timeout=60)
        stop.set()
        player.join(5)
        link.shutdown()
        assert match.session.version >= 12 or match.over
        assert client.seat == 0 and client.version >= 8 and client.desyncs == 0
        assert table.desyncs == 0 and table.checked >= 8 and table.illegal == 0
        assert table.remote[0].clock.estimate.samples >= 5 and table.remote[0].clock.estimate.rtt < 0.5
    finally:
        stop.set()
        host.shutdown()


def test_a_port_in_use_and_a_table_nobody_hosts_are_said_in_one_line():
    host = HostLink("127.0.0.1", 0)
    try:
        with pytest.raises(CardhallError, match="cannot host on port"):
            HostLink("127.0.0.1", host.port)
    finally:
        host.shutdown()
    with pytest.raises(CardhallError, match="cannot"):
        ClientLink(f"127.0.0.1:{PORT + 2}")


@pytest.mark.parametrize("typed, uri", [("192.168.1.5", "ws://192.168.1.5:47615"), ("host:5000", "ws://host:5000"),
                                        ("ws://a:1", "ws://a:1"), ("[::1]:80", "ws://[::1]:80"), ("::1", "ws://[::1]:47615")])
def test_a_typed_address(typed, uri):
    assert address_to_uri(typed) == uri


@pytest.mark.parametrize("typed", ["", "a:b", "h:99999", "a:1:2:3"])
def test_a_typed_address_that_is_not_one(typed):
    with pytest.raises(CardhallError, match="not an address"):
        address_to_uri(typed)


def test_what_was_queued_goes_out_before_a_link_shuts_down_and_nothing_is_left_unawaited():
    # The host's last messages (the end of the match, then the close) are queued a moment before
    # it shuts down. The loop used to stop with their tasks never started: the messages were lost
    # and each left "coroutine '_quiet' was never awaited" when collected.
    import gc
    import queue
    import warnings

    from game.net.serve import OPEN, TEXT

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        host = HostLink("127.0.0.1", 0)
        client = ClientLink(f"127.0.0.1:{host.port}")
        kind, conn, _, _ = host.inbox.get(timeout=5)
        assert kind == OPEN
        for i in range(200):
            host.send(conn, f"message {i}")
        host.close(conn)
        host.stop()
        got = []
        deadline = time.monotonic() + 5
        while len(got) < 200 and time.monotonic() < deadline:
            try:
                kind, _, text, _ = client.inbox.get(timeout=0.1)
            except queue.Empty:
                continue
            if kind == TEXT:
                got.append(text)
        client.shutdown()
        host.shutdown()
        del host, client
        gc.collect()
    assert got == [f"message {i}" for i in range(200)]
    assert not [w for w in caught if "never awaited" in str(w.message)], [str(w.message) for w in caught][:3]
