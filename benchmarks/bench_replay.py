"""How fast the round replay steps (game/replay.py), in CPU time, over every golden record's first
round: opening it, walking forward step by step, jumping to the end, walking back step by step
from a cold cache (each snapshot restored once per SNAPSHOT_EVERY steps), and finding the missed
reactions.

    python benchmarks/bench_replay.py

Prints, per record, the round's steps and the milliseconds of each; the worst single step back is
what a player holding Left waits for at most.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.record import GameRecord  # noqa: E402
from game.replay import RoundReplay  # noqa: E402

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "records" / "golden"


def ms(since: float) -> float:
    return (time.process_time() - since) * 1000


def main() -> None:
    print(f"{'record':42} {'steps':>5} {'open':>7} {'fwd/step':>9} {'to end':>8} {'back max':>9} "
          f"{'back/step':>10} {'missed':>7}   (ms of CPU)")
    for path in sorted(GOLDEN.glob("*.json")):
        record = GameRecord.load(path)
        t = time.process_time()
        replay = RoundReplay(record, 1)
        opened = ms(t)
        t = time.process_time()
        for i in range(replay.steps):
            replay.frame(i)
        forward = ms(t) / replay.steps
        cold = RoundReplay(record, 1)
        t = time.process_time()
        cold.frame(cold.steps - 1)
        to_end = ms(t)
        worst, total = 0.0, time.process_time()
        for i in reversed(range(cold.steps - 1)):
            t = time.process_time()
            cold.frame(i)
            worst = max(worst, ms(t))
        back = ms(total) / max(1, cold.steps - 1)
        t = time.process_time()
        replay.missed()
        missed = ms(t)
        print(f"{path.stem:42} {replay.steps:5} {opened:7.1f} {forward:9.2f} {to_end:8.1f} {worst:9.1f} "
              f"{back:10.2f} {missed:7.1f}")


if __name__ == "__main__":
    main()
