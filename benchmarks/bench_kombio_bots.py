"""Kombio bot strength and speed: win rates over many four-player matches, and decision times.

    python benchmarks/bench_kombio_bots.py              # 1,000 matches per line-up
    python benchmarks/bench_kombio_bots.py --games 200  # a quick run
    python benchmarks/bench_kombio_bots.py --games 0 --timing-games 0 --match-cpu 40   # speed only

Every line-up puts one bot under test against three others, with default match options (five
rounds). The seat of the bot under test rotates over the four seats (a quarter of the matches each)
so the deal order does not favour it. A tied match counts as a win for every tied seat. Matches run
through game.simulate.simulate, spread over the CPU cores; the figures do not depend on how many.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.simulate import simulate  # noqa: E402

# (label, bot under test, its tweaks, the three others, their tweaks, target win rate or None)
LINEUPS: list[tuple[str, str, dict[str, Any], str, dict[str, Any], float | None]] = [
    ("hard vs 3 random", "hard", {}, "random", {}, 0.95),
    ("hard vs 3 easy", "hard", {}, "easy", {}, 0.60),
    ("medium vs 3 easy", "medium", {}, "easy", {}, None),
    ("hard vs 3 medium", "hard", {}, "medium", {}, None),
    ("hard vs 3 hard", "hard", {}, "hard", {}, None),
    ("hard, memory off, vs 3 hard", "hard", {"memory": False}, "hard", {}, None),
    ("hard vs 3 hard with memory off", "hard", {}, "hard", {"memory": False}, None),
]


def _chunk(args: tuple[str, str, dict, str, dict, int, int, int]) -> dict[str, Any]:
    _, focus, focus_tweaks, other, other_tweaks, seat, games, seed = args
    bots = [other] * 4
    bots[seat] = focus
    tweaks = {s: dict(other_tweaks) for s in range(4) if s != seat and other_tweaks}
    if focus_tweaks:
        tweaks[seat] = dict(focus_tweaks)
    result = simulate("kombio", 4, games, seed, bots, tweaks=tweaks)
    return {"seat": seat, "games": result["games"], "wins": result["wins"][seat],
            "others": sum(result["wins"]) - result["wins"][seat], "errors": result["errors"],
            "illegal": result["illegal_actions"], "rounds": result["rounds"],
            "score": result["mean_round_score"][seat] * result["rounds"],
            "other_score": sum(s for i, s in enumerate(result["mean_round_score"]) if i != seat) / 3 * result["rounds"],
            "first_error": result.get("first_error")}


def run_lineup(pool: ProcessPoolExecutor, lineup, games: int, seed: int, parts: int) -> dict[str, Any]:
    label = lineup[0]
    jobs = []
    per_part = games // parts
    for part in range(parts):
        n = per_part + (1 if part < games % parts else 0)
        if n:
            jobs.append((*lineup[:5], part % 4, n, seed * 1000 + part))
    totals: dict[str, Any] = {"games": 0, "wins": 0, "errors": 0, "illegal": 0, "rounds": 0, "score": 0.0,
                              "other_score": 0.0}
    for r in pool.map(_chunk, jobs):
        for key in totals:
            totals[key] += r[key]
        if r["first_error"]:
            print("   error:", r["first_error"])
    totals["label"] = label
    totals["target"] = lineup[5]
    return totals


def time_decisions(games: int, seed: int) -> dict[str, float]:
    """p50/p99 of the hard bot's decide() over matches against three easy bots, in one process, in
    CPU time of the deciding thread (time.thread_time), so other work on the machine does not
    inflate the figures the way wall-clock time would."""
    from ai.kombio import KombioBot

    samples: list[float] = []
    original = KombioBot.decide

    def timed(self, view, legal, now):
        t0 = time.thread_time()
        intent = original(self, view, legal, now)
        if self.level.name == "hard":
            samples.append(time.thread_time() - t0)
        return intent

    KombioBot.decide = timed  # type: ignore[method-assign]
    try:
        simulate("kombio", 4, games, seed, ["hard", "easy", "easy", "easy"])
        simulate("kombio", 4, max(1, games // 2), seed + 1, ["hard"] * 4)
    finally:
        KombioBot.decide = original  # type: ignore[method-assign]
    samples.sort()
    ms = [s * 1000 for s in samples]
    return {"decisions": len(ms), "p50": statistics.median(ms), "p99": ms[int(0.99 * (len(ms) - 1))],
            "max": ms[-1], "mean": statistics.fmean(ms)}


def time_matches(matches: int, seed: int) -> dict[str, float]:
    """CPU time (time.process_time) of whole four-player matches of four hard bots with default
    options (five rounds), one after another in this process, each as simulate plays it (the bots'
    decisions, the engine, the session and the match's record). Match i is played with
    game.simulate.match_seed(seed, i), so the same seed times the same matches on any checkout."""
    from game.simulate import match_seed, play_match

    ms: list[float] = []
    actions = 0
    for index in range(matches):
        t0 = time.process_time()
        session, _ = play_match("kombio", ["hard"] * 4, match_seed(seed, index))
        ms.append((time.process_time() - t0) * 1000)
        actions += len(session.game.history)
    return {"matches": matches, "median": statistics.median(ms), "mean": statistics.fmean(ms),
            "min": min(ms), "max": max(ms), "actions": actions / max(1, matches)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="matches per line-up (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--only", default="", help="run only line-ups whose label contains this text")
    parser.add_argument("--timing-games", type=int, default=100, help="matches for the decision-time figures")
    parser.add_argument("--match-cpu", type=int, default=0, metavar="N",
                        help="also time N whole matches of four hard bots (CPU ms per match)")
    args = parser.parse_args(argv)

    lineups = [l for l in LINEUPS if args.only.lower() in l[0].lower()] if args.games > 0 else []
    if lineups:
        print(f"Kombio bots: {args.games} four-player matches per line-up, default options, seed {args.seed}")
        print(f"{'line-up':34} {'games':>6} {'win rate':>9} {'target':>7} {'its round score':>16} {'others':>7}")
    parts = max(4, 4 * ((args.jobs + 3) // 4))
    failed = False
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for lineup in lineups:
            t0 = time.perf_counter()
            r = run_lineup(pool, lineup, args.games, args.seed, parts)
            rate = r["wins"] / r["games"] if r["games"] else 0.0
            target = r["target"]
            mark = "" if target is None else (" ok" if rate >= target else " BELOW")
            failed |= target is not None and rate < target
            print(f"{r['label']:34} {r['games']:>6} {rate:>9.1%} {('' if target is None else f'{target:.0%}'):>7}"
                  f" {r['score'] / max(1, r['rounds']):>16.2f} {r['other_score'] / max(1, r['rounds']):>7.2f}"
                  f"{mark}  ({time.perf_counter() - t0:.0f}s"
                  f"{', errors %d' % r['errors'] if r['errors'] else ''}"
                  f"{', illegal %d' % r['illegal'] if r['illegal'] else ''})", flush=True)
    if args.timing_games > 0:
        t = time_decisions(args.timing_games, args.seed)
        print(f"hard decide(): {t['decisions']} decisions, p50 {t['p50']:.3f} ms, p99 {t['p99']:.3f} ms,"
              f" max {t['max']:.2f} ms, mean {t['mean']:.3f} ms (target p99 < 5 ms)")
    if args.match_cpu > 0:
        m = time_matches(args.match_cpu, args.seed)
        print(f"CPU ms per four-player hard match (5 rounds): median {m['median']:.1f}, mean {m['mean']:.1f}"
              f" (min {m['min']:.1f}, max {m['max']:.1f}) over {m['matches']} matches, seed {args.seed},"
              f" {m['actions']:.0f} actions per match (goal < 50 ms)")
    print(f"total {time.perf_counter() - started:.0f}s")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
