"""The app's network drivers (game/client/network.py), headless, over real WebSockets on loopback:
a HostDriver with a person at its screen, a RemoteDriver on the joined side, each played the way
a table plays its driver (advance on the table clock while idle, submit the person's choice,
start_round between rounds), with a bot standing in for each person. The match ends on both
sides with the same record, every view the client was sent in step with the host's, and the
events the remote table was handed are exactly the host's redacted for that seat."""

from __future__ import annotations

import time

import pytest

from ai.registry import make_agent
from game.client.network import REMOTE_KIND, HostDriver, NetStore, RemoteDriver
from game.core.errors import IllegalAction
from game.core.view import SPECTATOR
from game.net.client import ClientTable
from game.net.codec import Codec
from game.net.host import BOT, HERE, REMOTE, HostTable, SeatPlan
from game.net.match import HostMatch
from game.net.serve import ClientLink, HostLink
from game.variants.combat_uno import CombatUno
from game.variants.kombio import Kombio

pytestmark = pytest.mark.slow   # whole matches


class Person:
    """A bot in a person's chair: told the events the table is handed, asked when it may act."""

    def __init__(self, driver, seat: int, variant: type, options: dict, seed: int) -> None:
        self.driver, self.seat = driver, seat
        self.agent = make_agent(variant.id, "easy", seed)
        self.agent.begin(seat, variant, driver.seats, dict(options))
        self.handed: list = []
        driver.listen(self.heard)

    def heard(self, events) -> None:
        self.handed.append(list(events))
        self.agent.observe([e.for_seat(self.seat) for e in events])

    def play(self, t: float) -> None:
        d = self.driver
        if d.over:
            return
        if d.view(SPECTATOR).phase == "round_over":
            d.start_round(t)
            return
        legal = d.legal(self.seat)
        if legal:
            d.submit(self.agent.decide(d.view(self.seat), legal, d.now).action, t)


def _join(host_link: HostLink, host: HostDriver | None, match: HostMatch, code: str) -> tuple[ClientTable, ClientLink]:
    client = ClientTable(code, "Ann")
    link = ClientLink(f"127.0.0.1:{host_link.port}", answer_pings=True)
    client.hello()
    for text in client.outbox:
        link.send(text)
    client.outbox.clear()
    return client, link


def _play(variant: type, options: dict, plan: list[SeatPlan], seed: int, limit: float = 90.0):
    table = HostTable(variant, options, plan, code="DRVRS7", headless=False)
    match = HostMatch(table, seed=seed)
    host_link = HostLink("127.0.0.1", 0)
    client, link = _join(host_link, None, match, "drvrs7")
    try:
        # The lobby: the host serves until the seat is taken; the client takes messages until the state.
        pending = []
        end = time.monotonic() + 10
        while not table.full() or client.version < 0:
            assert time.monotonic() < end, "the seat was not taken"
            _serve_lobby(match, host_link)
            if table.full() and match.session is None:
                host = HostDriver(match, host_link)
            while True:
                try:
                    kind, _, text, arrived = link.inbox.get(timeout=0.01)
                except Exception:
                    break
                if client.version >= 0:
                    pending.append((kind, text, arrived))
                else:
                    client.receive(text, arrived)
        remote = RemoteDriver(client, link, pending=pending)
        here = table.seats_here()[0]
        people = [Person(host, here, variant, table.options, seed + 1), Person(remote, client.seat, variant, table.options, seed + 2)]
        if host.last_action is None:
            host.start_round(0.0)
        if remote.last_action is None:
            remote.start_round(0.0)
        t, end = 0.0, time.monotonic() + limit
        while not (host.over and remote.over and client.record is not None):
            assert time.monotonic() < end, f"the match did not end (host at {host.version}, client at {client.version})"
            t += 0.01
            host.service()
            host.advance(t)
            remote.service()
            remote.advance(t)
            for p in people:
                p.play(t)
            time.sleep(0.002)
        return table, match, host, remote, client, people
    finally:
        link.shutdown()
        host_link.shutdown()


def _serve_lobby(match: HostMatch, host_link: HostLink) -> None:
    table = match.table
    while not host_link.inbox.empty():
        kind, conn, text, arrived = host_link.inbox.get_nowait()
        if kind == "open":
            table.connect(conn, text, arrived)
        elif kind == "text":
            table.receive(conn, text, arrived)
        else:
            table.disconnect(conn, arrived)
    table.tick(time.monotonic())
    out, close = table.take_outbox()
    for conn, text in out:
        host_link.send(conn, text)


@pytest.mark.parametrize("variant, options", [(CombatUno, {"length": "rounds", "rounds": 1}), (Kombio, {"rounds": 1})])
def test_a_person_here_and_a_person_there_play_a_whole_match_through_the_table_drivers(variant, options):
    plan = [SeatPlan(HERE, "Hal"), SeatPlan(REMOTE), SeatPlan(BOT, "Bot", "easy")]
    table, match, host, remote, client, people = _play(variant, options, plan, seed=3)
    history = match.session.game.history
    assert client.record.actions == history
    assert table.desyncs == 0 and client.desyncs == 0 and table.illegal == 0
    assert table.checked >= len(history) - 2       # (the client said "shown" for nearly every step)
    # The remote table was handed exactly the host's events, redacted for its seat, step by step.
    codec = Codec(variant)
    replay = variant(3, match.table.options, match.seed)
    expected = [[codec.encode(e.for_seat(client.seat)) for e in replay.apply(a, t)] for t, a in history]
    handed = [[codec.encode(e) for e in step] for step in people[1].handed]
    assert handed == expected
    # The seats as each table sees them: its own person human, the other screen's a remote person.
    assert [s.kind for s in host.seat_infos] == ["human", REMOTE_KIND, "bot"]
    assert [s.kind for s in remote.seat_infos] == [REMOTE_KIND, "human", "bot"]
    assert host.humans == [0] and remote.humans == [1]


def test_the_remote_driver_sends_only_a_legal_action_and_waits_for_the_host_after_it():
    plan = [SeatPlan(REMOTE), SeatPlan(HERE, "Hal")]
    table = HostTable(CombatUno, {"length": "rounds", "rounds": 1}, plan, code="DRVRS7", headless=False)
    match = HostMatch(table, seed=5)
    host_link = HostLink("127.0.0.1", 0)
    client, link = _join(host_link, None, match, "drvrs7")
    try:
        end = time.monotonic() + 10
        host = None
        pending = []
        while client.version < 0 or host is None or host.version < 1:
            assert time.monotonic() < end
            if host is None:
                _serve_lobby(match, host_link)
                if table.full():
                    host = HostDriver(match, host_link)
                    host.start_round(0.0)
            else:
                host.service()
            while not link.inbox.empty():
                kind, _, text, arrived = link.inbox.get_nowait()
                if client.version >= 0:
                    pending.append((kind, text, arrived))
                else:
                    client.receive(text, arrived)
        remote = RemoteDriver(client, link, pending=pending)
        store = NetStore(object(), remote)
        assert store.match_driver(None, {}, [0]) is remote and store.narrating
        # The deal arrives when the table is idle; the person at the host plays until it is this seat's go.
        hal = Person(host, 1, CombatUno, table.options, 9)
        seat = remote.seat
        end = time.monotonic() + 20
        t = 0.0
        while not remote.legal(seat):
            assert time.monotonic() < end
            t += 0.01
            host.service()
            host.advance(t)
            hal.play(t)
            remote.service()
            remote.advance(t)
            time.sleep(0.005)
        legal = remote.legal(seat)
        sent = len(client.outbox) + 0
        with pytest.raises(IllegalAction):
            remote.submit(_not_legal(legal, seat), t)
        assert len(client.outbox) == sent == 0
        version = remote.version
        mine = next((a for a in legal if type(a).__name__ != "Pass"), legal[0])
        remote.submit(mine, t)
        assert remote.legal(seat) == []                # (waiting for the host's step)
        end = time.monotonic() + 5
        while mine not in [a for _, a in match.session.game.history[version:]] and not client.refusals:
            assert time.monotonic() < end
            host.service()
            remote.service()
            remote.advance(t)
            time.sleep(0.01)
        # Applied by the host, or refused (a reaction race lost to the person at the host): then
        # the seat may act again at once.
        if client.refusals:
            assert remote.legal(seat) or remote.version > version
    finally:
        link.shutdown()
        host_link.shutdown()


def _not_legal(legal, seat):
    from game.core.actions import Pass

    return next(a for a in (Pass(seat), Pass(1 - seat)) if a not in legal)
