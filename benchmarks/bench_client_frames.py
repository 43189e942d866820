"""Frame times of the client's card table: a six-seat table of bots (Kombio by default) at the
fastest animation setting, for 30 seconds of real time under the dummy video driver (by default).

    PYTHONPATH=. python benchmarks/bench_client_frames.py [--variant kombio] [--seconds 30]
        [--seats 6] [--speed fastest] [--bots-only] [--record PATH] [--prefill 1000]

Seat 0 is a human (the benchmark plays a random legal move for it as soon as the table takes
input), so the match is saved after every action, as in a real game; the match first continues a
long record: --record PATH (a saved match or any record), else --prefill actions played by bots
headless. --bots-only seats bots everywhere and starts a new match. Each frame clears the log of
drawn text as the app's own frame does, so the process does not grow. Prints the median, 95th and 99th percentile of the time spent in
update + draw (+ the human's move) per frame. Targets: p99 < 16.7 ms, median < 4 ms.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
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
from game.client.ui import text as T  # noqa: E402
from game.core.record import GameRecord, SeatInfo  # noqa: E402
from game.core.session import Session  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(round(q / 100 * (len(ordered) - 1)))))
    return ordered[k]


def prefilled(record: GameRecord, actions: int) -> GameRecord:
    """The record after bots played ``actions`` actions of it headless (stopping short of the end)."""
    from ai.registry import make_agent

    game = record.new_game()
    agents = {i: make_agent(record.variant, "random", record.seed + i) for i in range(len(record.seats))}
    session = Session(game, agents)
    while game.version < actions and not game.over:
        due = session.next_due()
        if due is None:
            break
        session.advance(due, limit=1)
    history = list(game.history)
    while history and game.over:       # never hand over a finished match
        history = history[:-1]
        game = GameRecord(record.variant, record.options, record.seats, record.seed, history).replay()
    return GameRecord.of(game, record.seats)


def human_move(table, rng: random.Random) -> None:
    """A random legal move for the human seat 0, the way a click would make it."""
    if table.hold is not None:
        table.release_hold()
        return
    if table.round_result is not None and not table.animating:
        table.next_round()
        return
    if not table.ready_for_input():
        return
    legal = table.match.legal(0)
    if legal:
        table.submit(rng.choice(legal))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="kombio", choices=[cls.id for cls in tables.playable_variants()])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--speed", default="fastest", help='animation speed: "fastest" or a multiplier')
    parser.add_argument("--bots", default="medium", help="bot kind for every seat (random, easy, medium, hard)")
    parser.add_argument("--bots-only", dest="human", action="store_false",
                        help="no human seat (by default seat 0 is a human played at random, saved every action)")
    parser.add_argument("--record", help="continue this record (e.g. a saved match) instead of a new match")
    parser.add_argument("--prefill", type=int, default=1000, help="with --human and no --record: actions played first")
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
    if args.variant == "sixteen-combos":   # 2 to 4 characters, encounters instead of rounds
        seats = seats[:max(2, min(4, args.seats))]
        options = {"encounters": 5}
    if args.variant in ("kumbal", "kabu"):   # no round count: the longest match each has
        options = {"target": 500, "reaction_seconds": 1.0}
    record = GameRecord(args.variant, options, seats, 12345)
    if args.record:
        record = GameRecord.load(args.record)
        args.variant = record.variant
    elif args.human:
        record = prefilled(record, args.prefill)
    if args.human:
        record = dataclasses.replace(record, seats=[SeatInfo("You", "human")] + list(record.seats[1:]))
    seats, options = list(record.seats), dict(record.options)
    start_actions = len(record.actions)
    rng = random.Random(7)
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
        T.DRAWN.clear()        # as App.step does: the log of drawn text is per frame
        t0 = time.perf_counter()
        app.clock.advance(dt)
        table.update(dt)
        if args.human:
            human_move(table, rng)
        table.draw(surface)
        frame_times.append((time.perf_counter() - t0) * 1000.0)
        pygame.display.flip()
        if not args.human and table.round_over() and not table.animating:
            table.next_round()
        if table.match.over and not table.animating:
            record = GameRecord(args.variant, options, seats, 12345 + matches)
            table = tables.start_match(app, record)
            matches += 1
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))   # a 60 Hz loop, like the app's
    actions = table.match.version
    human = f", human seat 0, record of {start_actions} actions at the start" if args.human else ""
    print(f"{args.variant}: {len(frame_times)} frames, {len(record.seats)} seats, animation {args.speed}, bots {kind}{human}: "
          f"median {statistics.median(frame_times):.2f} ms, p95 {percentile(frame_times, 95):.2f} ms, "
          f"p99 {percentile(frame_times, 99):.2f} ms, max {max(frame_times):.2f} ms "
          f"(matches started {matches}, actions in the current one {actions})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
