"""Measure the time from launching Cardhall to its first frame, and the build's size.

    python packaging/measure.py                          # from source: python -m game
    python packaging/measure.py dist/cardhall/cardhall   # the built program
    python packaging/measure.py --runs 9 --size dist/cardhall dist/cardhall/cardhall

Each run launches ``<program> --smoke-test --frames 0``: the real client starts (dummy video
driver unless SDL_VIDEODRIVER is set), draws the main menu's first frame and prints one line at
once. The time is taken from just before the launch to the arrival of that line, so it covers
the interpreter (or PyInstaller bootloader) start-up, imports, window, fonts and the first frame.
One warm-up run is not counted; the median of the rest is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def first_frame_seconds(cmd: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - started
    rest, err = proc.communicate(timeout=60)
    if proc.returncode != 0 or "first frame" not in line:
        raise SystemExit(f"measure.py: {' '.join(cmd)} failed ({proc.returncode}): {line}{rest}{err}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="launch-to-first-frame time (median) and build size")
    parser.add_argument("program", nargs="?", help="the built program (default: python -m game from source)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--size", type=Path, default=None, help="also print the size of this folder or file")
    args = parser.parse_args(argv)
    cmd = [args.program] if args.program else [sys.executable, "-m", "game"]
    cmd += ["--smoke-test", "--frames", "0"]
    with tempfile.TemporaryDirectory(prefix="cardhall-measure-") as home:
        env = dict(os.environ, CARDHALL_HOME=home)
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        first_frame_seconds(cmd, env)  # warm-up: file cache, PyInstaller's first run
        times = [first_frame_seconds(cmd, env) for _ in range(args.runs)]
    what = args.program or "source (python -m game)"
    print(f"{what}: launch to first frame, median of {args.runs}: {statistics.median(times) * 1000:.0f} ms "
          f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}); video {env['SDL_VIDEODRIVER']}")
    if args.size:
        from build import folder_size

        print(f"size of {args.size}: {folder_size(args.size) / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
