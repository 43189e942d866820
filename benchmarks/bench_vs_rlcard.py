"""Combat UNO's engine beside RLCard's UNO, random legal play, interleaved in one run.

    pip install rlcard          # not a Cardhall dependency: only this comparison needs it
    python benchmarks/bench_vs_rlcard.py [--players 2,4] [--rounds 5] [--seconds 1]

Each round runs Cardhall's bare engine loop (benchmarks/bench_engine.py: ask who may act, list
the legal actions, apply a random one, let the table act when nobody may) and RLCard's
`UnoGame` loop (get_legal_actions, step with a random one) for about `--seconds` each, one after
the other, and counts steps per CPU second (time.process_time, so another busy process on the
machine slows both alike). Printed: the median of the rounds for each, and the ratio. The goal in
docs/benchmarks.md: Cardhall at least 1.5x RLCard's steps per second with four players.

The rule sets differ (Combat UNO has jump-ins, stacking, the UNO race and reaction windows, so it
has more kinds of action per turn); the figure compares what each engine does per step of play.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_engine import run as run_cardhall  # noqa: E402


def cardhall_rate(players: int, seconds: float, seed: int) -> float:
    start = time.process_time()
    out = run_cardhall("combat-uno", players, seconds, seed)
    return out["actions"] / (time.process_time() - start)


def rlcard_rate(players: int, seconds: float, seed: int) -> float:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    rng = random.Random(seed)
    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    game.init_game()
    steps = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(500):
            if game.is_over():
                game.init_game()
            game.step(rng.choice(game.get_legal_actions()))
            steps += 1
        if time.process_time() >= deadline:
            break
    return steps / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args(argv)
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("RLCard is not installed: pip install rlcard", file=sys.stderr)
        return 2
    for players in (int(p) for p in args.players.split(",")):
        ours, theirs = [], []
        for r in range(args.rounds):
            ours.append(cardhall_rate(players, args.seconds, r + 1))
            theirs.append(rlcard_rate(players, args.seconds, r + 1))
        a, b = statistics.median(ours), statistics.median(theirs)
        verdict = "meets" if a >= 1.5 * b else "misses"
        print(f"{players} players: Cardhall Combat UNO {a:,.0f} steps per CPU second, RLCard UNO {b:,.0f}; "
              f"ratio {a / b:.2f} ({verdict} the 1.5x goal; median of {args.rounds} interleaved rounds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
