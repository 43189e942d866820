"""16 Combos bot decision times: every decision of the bot under test, over whole two-character
encounters against a random opponent (and three- and four-character ones), timed in process CPU
time around SixteenCombosBot.decide, so other load on the machine does not count against it.

    python benchmarks/bench_sixteen_combos_bots.py                 # hard, 200 encounters per seat count
    python benchmarks/bench_sixteen_combos_bots.py --level medium --games 50

Strength figures (win rates) are in benchmarks/bench_bots.py --variant sixteen-combos.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.registry import bot_seed, make_agent  # noqa: E402
from game.core.game import get_variant  # noqa: E402
from game.core.session import Session, run_to_end  # noqa: E402
from game.simulate import match_seed  # noqa: E402


class Timed:
    def __init__(self, inner, times: list[float]):
        self.inner, self.times = inner, times

    def begin(self, *args):
        self.inner.begin(*args)

    def observe(self, events):
        self.inner.observe(events)

    def decide(self, view, legal, now):
        t0 = time.process_time()
        intent = self.inner.decide(view, legal, now)
        self.times.append(time.process_time() - t0)
        return intent


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--games", type=int, default=200, help="encounters per seat count (default 200)")
    parser.add_argument("--seats", default="2,3,4")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    cls = get_variant("sixteen-combos")
    ok = True
    for seats in (int(s) for s in args.seats.split(",")):
        times: list[float] = []
        for i in range(args.games):
            seed = match_seed(args.seed, i)
            game = cls(seats, None, seed)
            agents = {s: make_agent(cls.id, "random", bot_seed(seed, s)) for s in range(seats)}
            focus = i % seats
            agents[focus] = Timed(make_agent(cls.id, args.level, bot_seed(seed, focus)), times)
            run_to_end(Session(game, agents))
        p50, p99 = pct(times, 0.5) * 1000, pct(times, 0.99) * 1000
        good = p99 < 10.0
        ok &= good
        print(f"{args.level} bot, {seats} characters: {len(times):,} decisions, p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
              f"max {max(times) * 1000:.2f} ms {'ok' if good else 'ABOVE'} (target p99 < 10 ms)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
