"""Network play's costs (docs/network.md):

1. bytes per action: what the host sends each client per applied action, over whole matches of
   every game (three seats, two remote, one bot at the host) on the simulated network;
2. host CPU per remote seat: the host's CPU time per second of match, with 1, 2, 3 and 5 remote
   seats (Combat UNO, six seats, bots everywhere else), on the simulated network with the host's
   work alone timed (the clients' is left out);
3. a remote click to the action applied on the host, over loopback WebSockets: a client sends an
   action (a plain turn move, 0.4 s after its screen showed it), the host applies it; the wall
   time between, median and 95th percentile.

    python benchmarks/bench_network.py [--matches N]

Figures vary with the machine's load; the command is the way to reproduce them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.registry import make_agent  # noqa: E402
from game.core.game import get_variant  # noqa: E402
from game.games import game_ids as variant_ids  # noqa: E402
from game.net.client import ClientTable  # noqa: E402
from game.net.host import BOT, REMOTE, HostTable, SeatPlan  # noqa: E402
from game.net.match import HostMatch  # noqa: E402
from game.net.simnet import Link, SimNet  # noqa: E402

SHORT = {"kombio": {"rounds": 1}, "combat-uno": {"length": "rounds", "rounds": 1}, "kabu": {"target": 20},
         "kumbal": {}, "sixteen-combos": {"round_limit": 5}}
CODE = "BENCH2"
THINK = 0.4


def simulated(variant_id: str, kinds: list[str], seed: int, timed: bool = False) -> tuple[HostMatch, SimNet, float]:
    variant = get_variant(variant_id)
    plan = [SeatPlan(REMOTE) if k == "remote" else SeatPlan(BOT, f"Bot {i}", "medium") for i, k in enumerate(kinds)]
    table = HostTable(variant, SHORT[variant.id], plan, code=CODE)
    match = HostMatch(table, seed=seed)
    host_cpu = [0.0]
    if timed:
        # Time the host's side only: receiving, pumping (the Session and its bots), building messages.
        for name in ("receive", "tick"):
            original = getattr(table, name)

            def timed_call(*args, _original=original, **kwargs):
                t = time.process_time()
                try:
                    return _original(*args, **kwargs)
                finally:
                    host_cpu[0] += time.process_time() - t
            setattr(table, name, timed_call)
        pump = match.pump

        def timed_pump(now):
            t = time.process_time()
            try:
                return pump(now)
            finally:
                host_cpu[0] += time.process_time() - t
        match.pump = timed_pump
    net = SimNet(match, seed=seed)
    for i, kind in enumerate(kinds):
        if kind == "remote":
            net.join(ClientTable(CODE, f"R{i}"), Link(0.03, 0.01, 7.0), make_agent(variant.id, "medium", seed * 10 + i))
    net.run(until=net.now + 0.5)
    match.start(net.now)
    start = net.now
    net.run(until=net.now + 100_000)
    return match, net, host_cpu[0] / max(1e-9, net.now - start)


def bytes_per_action(matches: int) -> None:
    print("1. bytes sent to each client per applied action (3 seats: remote, bot, remote)")
    print(f"   {'game':16} {'actions':>8} {'bytes/action':>13} {'of which pings etc.':>20}")
    for vid in variant_ids():
        actions = total = steps = 0
        for seed in range(matches):
            match, net, _ = simulated(vid, ["remote", "bot", "remote"], seed)
            n = len(match.session.game.history)
            for sim in net.clients.values():
                sent = [len(t.encode()) for t in sim.received]
                total += sum(sent)
                steps += sum(size for size, t in zip(sent, sim.received) if t.startswith('{"type":"step"'))
                actions += n
        print(f"   {vid:16} {actions // 2:>8} {total / actions:>13.0f} {(total - steps) / actions:>20.0f}")


def cpu_per_seat(matches: int) -> None:
    print("2. host CPU time per second of match (Combat UNO, 6 seats, the rest bots at the host)")
    print(f"   {'remote seats':>12} {'ms CPU / s':>11}")
    for remote in (0, 1, 2, 3, 5):
        kinds = ["remote"] * remote + ["bot"] * (6 - remote)
        figures = [simulated("combat-uno", kinds, seed, timed=True)[2] * 1000 for seed in range(matches)]
        print(f"   {remote:>12} {statistics.mean(figures):>11.2f}")


def click_to_applied(clicks: int, port: int = 47_690) -> None:
    from game.net.serve import ClientLink, HostLink, pump_host

    print("3. a remote click to the action applied on the host, loopback WebSockets")
    variant = get_variant("kabu")
    table = HostTable(variant, {"target": 500}, [SeatPlan(REMOTE), SeatPlan(BOT, "Bot", "easy")], code=CODE)
    match = HostMatch(table, seed=1)
    host = HostLink("127.0.0.1", port)
    sent_at: dict[int, float] = {}
    delays: list[float] = []
    client = ClientTable(CODE, "Clicker")
    link = ClientLink(f"127.0.0.1:{host.port}")
    stop = threading.Event()

    def play() -> None:
        # A player who clicks the first legal move as soon as it is their turn.
        client.hello()
        acted = -1
        while not stop.is_set():
            for text in client.outbox:
                link.send(text)
            client.outbox.clear()
            try:
                kind, _, text, arrived = link.inbox.get(timeout=0.005)
            except Exception:
                kind = None
            if kind is None:
                text = None
            if kind == "close":
                return
            if text is not None:
                what = client.receive(text, arrived)
                if what in ("state", "step"):
                    client.show(time.monotonic())
            if client.legal and client.version != acted and not client.paused:
                # (a person's click comes 0.4 s after the screen showed the move, past the 180 ms
                # floor, which would otherwise be what is measured)
                shown = client.shown_at.get(client.version, time.monotonic())
                if time.monotonic() < shown + THINK:
                    continue
                acted = client.version
                n = client.act(client.legal[0], time.monotonic())
                sent_at[n] = time.monotonic()
                for text in client.outbox:
                    link.send(text)
                client.outbox.clear()

    applied_by_seat = []

    def on_claim(action, tag, events, refusal):
        if refusal is None and isinstance(tag, tuple):
            applied_by_seat.append((tag[1], time.monotonic()))
        table.claimed(action, tag, events, refusal)

    player = threading.Thread(target=play, daemon=True)
    player.start()
    pump_host(match, host, until=table.full, timeout=10)
    match.start(time.monotonic())
    match.session.on_claim = on_claim
    pump_host(match, host, until=lambda: len(applied_by_seat) >= clicks or match.over, timeout=300)
    stop.set()
    player.join(2)
    link.shutdown()
    host.shutdown()
    for n, t in applied_by_seat:
        if n in sent_at:
            delays.append((t - sent_at[n]) * 1000)
    delays.sort()
    if delays:
        p95 = delays[min(len(delays) - 1, int(len(delays) * 0.95))]
        print(f"   {len(delays)} clicks: median {statistics.median(delays):.1f} ms, 95th percentile {p95:.1f} ms, "
              f"worst {delays[-1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=40)
    args = parser.parse_args()
    print(f"python benchmarks/bench_network.py --matches {args.matches} --clicks {args.clicks}")
    bytes_per_action(args.matches)
    cpu_per_seat(args.matches)
    click_to_applied(args.clicks)


if __name__ == "__main__":
    main()
