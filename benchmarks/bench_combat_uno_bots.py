"""Combat UNO bot strength and speed: win rates over many four-player matches, bot decision times,
and the engine's random-legal speed.

    python benchmarks/bench_combat_uno_bots.py              # 1,000 matches per line-up
    python benchmarks/bench_combat_uno_bots.py --games 200  # a quick run
    python benchmarks/bench_combat_uno_bots.py --only easy --timing-games 0 --engine-seconds 0

Each line-up seats one bot under test against three others, default match options (to a target of
200). Its seat rotates over the four seats, a quarter of the matches each, so the deal order does
not favour it. A match won on equal lowest totals counts for every tied seat. Matches run through
game.simulate.simulate on a simulated clock, spread over worker processes (the figures do not
depend on how many). Decision times are measured in one process around CombatUnoBot.decide. The
engine figure is a direct loop (seats_to_act, legal_actions, rng.choice, apply) on two seats,
timed in process CPU time so other load on the machine does not count against it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.simulate import simulate  # noqa: E402

VARIANT = "combat-uno"

# (label, bot under test, the three others, target win rate or None)
LINEUPS: list[tuple[str, str, str, float | None]] = [
    ("hard vs 3 random", "hard", "random", 0.90),
    ("hard vs 3 easy", "hard", "easy", 0.45),
    ("medium vs 3 easy", "medium", "easy", None),
    ("hard vs 3 medium", "hard", "medium", None),
    ("easy vs 3 random", "easy", "random", None),
    ("hard vs 3 hard", "hard", "hard", None),
]


def _chunk(job: tuple[str, str, str, int, int, int]) -> dict[str, Any]:
    _, focus, other, seat, games, seed = job
    bots = [other] * 4
    bots[seat] = focus
    r = simulate(VARIANT, 4, games, seed, bots)
    rounds = r["rounds"]
    return {"games": r["games"], "wins": r["wins"][seat], "errors": r["errors"], "illegal": r["illegal_actions"],
            "rounds": rounds, "score": r["mean_round_score"][seat] * rounds,
            "other_score": sum(s for i, s in enumerate(r["mean_round_score"]) if i != seat) / 3 * rounds,
            "first_error": r.get("first_error")}


def run_lineup(pool: ProcessPoolExecutor, lineup, games: int, seed: int, parts: int) -> dict[str, Any]:
    label, focus, other, target = lineup
    jobs = []
    for part in range(parts):
        n = games // parts + (1 if part < games % parts else 0)
        if n:
            jobs.append((label, focus, other, part % 4, n, seed * 1000 + part))
    totals: dict[str, Any] = {"games": 0, "wins": 0, "errors": 0, "illegal": 0, "rounds": 0, "score": 0.0,
                              "other_score": 0.0}
    for r in pool.map(_chunk, jobs):
        for key in totals:
            totals[key] += r[key]
        if r["first_error"]:
            print("   error:", r["first_error"])
    totals.update(label=label, target=target)
    return totals


def time_decisions(games: int, seed: int) -> dict[str, dict[str, float]]:
    """Percentiles of decide() per level, over hard-vs-easy and all-hard matches, in this process."""
    from ai.combat_uno import CombatUnoBot

    samples: dict[str, list[float]] = {}
    original = CombatUnoBot.decide

    def timed(self, view, legal, now):
        t0 = time.perf_counter()
        intent = original(self, view, legal, now)
        samples.setdefault(self.level.name, []).append(time.perf_counter() - t0)
        return intent

    CombatUnoBot.decide = timed  # type: ignore[method-assign]
    try:
        simulate(VARIANT, 4, games, seed, ["hard", "easy", "easy", "easy"])
        simulate(VARIANT, 4, max(1, games // 2), seed + 1, ["hard", "medium", "hard", "medium"])
    finally:
        CombatUnoBot.decide = original  # type: ignore[method-assign]
    out = {}
    for level, values in samples.items():
        ms = sorted(v * 1000 for v in values)
        out[level] = {"decisions": len(ms), "p50": statistics.median(ms), "p99": ms[int(0.99 * (len(ms) - 1))],
                      "max": ms[-1]}
    return out


def engine_speed(seats: int, seconds: float, seed: int) -> float:
    """Random legal actions per CPU second, driving the engine directly."""
    from game.variants.combat_uno import CombatUno

    rng = random.Random(seed)
    choice = rng.choice
    game = CombatUno(seats, None, seed)
    actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            if game.over:
                game = CombatUno(seats, None, rng.randrange(1 << 30))
            acting = game.seats_to_act()
            if acting:
                seat = acting[0] if len(acting) == 1 else choice(acting)
                game.apply(choice(game.legal_actions(seat)), game.now)
            else:
                action, due = game.table_action()  # type: ignore[misc]
                game.apply(action, game.now if due is None else max(due, game.now))
            actions += 1
    return actions / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="matches per line-up (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--only", default="", help="run only line-ups whose label contains this text")
    parser.add_argument("--timing-games", type=int, default=100, help="matches for the decision times (0: skip)")
    parser.add_argument("--engine-seconds", type=float, default=5.0, help="engine speed run (0: skip)")
    args = parser.parse_args(argv)

    failed = False
    started = time.perf_counter()
    if args.engine_seconds > 0:
        speed = engine_speed(2, args.engine_seconds, args.seed)
        good = speed >= 60_000
        failed |= not good
        print(f"engine, two seats, random legal play: {speed:,.0f} actions per CPU second "
              f"({'ok' if good else 'BELOW'} target 60,000)", flush=True)

    lineups = [l for l in LINEUPS if args.only.lower() in l[0].lower()]
    if lineups and args.games > 0:
        print(f"Combat UNO bots: {args.games} four-player matches per line-up, default options, seed {args.seed}")
        print(f"{'line-up':22} {'games':>6} {'win rate':>9} {'target':>7} {'its round score':>16} {'others':>7}")
        parts = max(4, 4 * ((args.jobs + 3) // 4))
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for lineup in lineups:
                t0 = time.perf_counter()
                r = run_lineup(pool, lineup, args.games, args.seed, parts)
                rate = r["wins"] / r["games"] if r["games"] else 0.0
                target = r["target"]
                failed |= (target is not None and rate < target) or bool(r["errors"]) or bool(r["illegal"])
                mark = "" if target is None else (" ok" if rate >= target else " BELOW")
                print(f"{r['label']:22} {r['games']:>6} {rate:>9.1%} {('' if target is None else f'{target:.0%}'):>7}"
                      f" {r['score'] / max(1, r['rounds']):>16.2f} {r['other_score'] / max(1, r['rounds']):>7.2f}"
                      f"{mark}  ({time.perf_counter() - t0:.0f}s, errors {r['errors']}, illegal {r['illegal']})",
                      flush=True)
    if args.timing_games > 0:
        for level, t in sorted(time_decisions(args.timing_games, args.seed).items()):
            good = t["p99"] < 5.0
            failed |= not good
            print(f"{level} decide(): {t['decisions']} decisions, p50 {t['p50']:.3f} ms, p99 {t['p99']:.3f} ms,"
                  f" max {t['max']:.2f} ms ({'ok' if good else 'ABOVE'} target p99 < 5 ms)")
    print(f"total {time.perf_counter() - started:.0f}s")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
