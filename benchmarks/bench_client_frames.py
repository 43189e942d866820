"""Frame times of the client's card table: a six-seat table of bots (Kombio by default) at the
fastest animation setting, for 30 seconds of real time under the dummy video driver (by default).

    PYTHONPATH=. python benchmarks/bench_client_frames.py [--variant kombio|combat-uno] [--seconds 30]
        [--seats 6] [--speed fastest]

Prints the median, 95th and 99th percentile of the time spent in update + draw per frame.
Targets: p99 < 16.7 ms, median < 4 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from game.client import tables  # noqa: E402
from game.client.app import App  # noqa: E402
from game.client.clock import Clock  # noqa: E402
from game.client.scene import Scene  # noqa: E402
from game.client.storage import Storage  # noqa: E402
from game.core.record import GameRecord, SeatInfo  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(round(q / 100 * (len(ordered) - 1)))))
    return ordered[k]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="kombio", choices=("kombio", "combat-uno"))
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--speed", default="fastest", help='animation speed: "fastest" or a multiplier')
    parser.add_argument("--bots", default="medium", help="bot kind for every seat (random, easy, medium, hard)")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="cardhall-bench-")
    storage = Storage(home)
    storage.settings.animation_speed = args.speed if args.speed == "fastest" else float(args.speed)
    storage.settings.bot_speed = "quick"
    storage.settings.sound = False
    app = App(storage=storage, clock=Clock(), size=(1280, 720), first_scene=Scene)
    kind = args.bots
    seats = [SeatInfo(f"Bot {i + 1}", "random" if kind == "random" else "bot", None if kind == "random" else kind)
             for i in range(args.seats)]
    options = {"length": "rounds", "rounds": 20, "reaction_seconds": 1.0}
    record = GameRecord(args.variant, options, seats, 12345)
    table = tables.start_match(app, record)
    frame_times: list[float] = []
    matches = 1
    surface = app.surface
    end = time.perf_counter() + args.seconds
    last = time.perf_counter()
    while time.perf_counter() < end:
        now = time.perf_counter()
        dt = min(0.1, now - last)
        last = now
        pygame.event.pump()
        t0 = time.perf_counter()
        app.clock.advance(dt)
        table.update(dt)
        table.draw(surface)
        frame_times.append((time.perf_counter() - t0) * 1000.0)
        pygame.display.flip()
        if table.game.phase == "round_over" and not table.animating:
            table.next_round()
        if table.game.over and not table.animating:
            record = GameRecord(args.variant, options, seats, 12345 + matches)
            table = tables.start_match(app, record)
            matches += 1
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))   # a 60 Hz loop, like the app's
    actions = len(table.game.history)
    print(f"{args.variant}: {len(frame_times)} frames, {args.seats} seats, animation {args.speed}, bots {kind}: "
          f"median {statistics.median(frame_times):.2f} ms, p95 {percentile(frame_times, 95):.2f} ms, "
          f"p99 {percentile(frame_times, 99):.2f} ms, max {max(frame_times):.2f} ms "
          f"(matches started {matches}, actions in the current one {actions})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
