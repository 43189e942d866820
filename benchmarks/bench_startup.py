"""How fast Cardhall starts: the three start-up figures of issue 31, each in CPU time of whole
processes, run in turn with what it is compared to (A B A B ...) so that a drift of the machine's
speed cancels in the ratio of each pair; the median ratio is printed with the spread.

    python benchmarks/bench_startup.py              # 15 pairs of each
    python benchmarks/bench_startup.py --runs 31 --only help

- help: ``cardhall --help`` against ``python -c pass`` (goal: at most 1.5x);
- simulate: ``cardhall simulate --variant kombio --games 1``: CPU spent before the engine applies
  its first action, read inside the process (goal: at most 0.15 s); ``python -c pass`` beside it;
- menu: ``cardhall --smoke-test --frames 0`` (the real client up to the main menu's first frame,
  then out) against a bare ``pygame.init()`` + ``set_mode`` of the same window that draws one frame
  and quits (goal: at most 1.3x), under SDL's dummy drivers unless SDL_VIDEODRIVER is set;
- frame: the same comparison read inside each process at its first ``display.flip()``: plain
  ``cardhall`` (what a player starts: no smoke-test set-up, clean-up or exit counted) against the
  bare window, each printing its CPU time when its first frame is shown. The goal is read on a
  start after the first (the felt the first start keeps in the cache folder is read back); the
  first start (a new CARDHALL_HOME each run: the felt drawn and written) is printed beside it.

The commands run with this interpreter (``python -m game`` stands for ``cardhall``: the console
script adds only ``import re``), from the source checkout, with CARDHALL_HOME in a temporary
folder and PYTHONDONTWRITEBYTECODE unset, so the warm-up run leaves the .pyc files an installed
copy has. Unix only (a child's CPU time comes from getrusage).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable

# Stops the process when the engine applies its first action and prints the CPU time spent so far
# (interpreter start-up included, as in every other figure here).
FIRST_ACTION = """
import os, sys, time
from game.core import game as core

def first_action(self, action, t=None):
    print(f"{time.process_time():.6f}", flush=True)
    os._exit(0)

core.Game.apply = first_action
from game.cli import main
sys.argv = ["cardhall", *sys.argv[1:]]
main()
"""

BARE_WINDOW = """
import os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.init()
surface = pygame.display.set_mode((1280, 720))
surface.fill((20, 60, 40))
pygame.display.flip()
pygame.quit()
"""

# `cardhall` up to its first frame: the CPU time when the first frame is flipped to the window.
FIRST_FRAME = """
import os, sys, time
import pygame

def first_frame():
    flip()
    print(f"{time.process_time():.6f}", flush=True)
    os._exit(0)

flip, pygame.display.flip = pygame.display.flip, first_frame
from game.cli import main
sys.argv = ["cardhall", *sys.argv[1:]]
main()
"""

BARE_FIRST_FRAME = BARE_WINDOW.replace("pygame.quit()", """import time
print(f"{time.process_time():.6f}", flush=True)
os._exit(0)""")

GOALS = {"help": 1.5, "simulate": 0.15, "menu": 1.3, "frame": 1.3}


def cpu_of(cmd: list[str], env: dict[str, str]) -> tuple[float, str]:
    """CPU seconds (user + system) of the whole child process, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"bench_startup: {' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout}{proc.stderr}")
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, proc.stdout


def spread(values: list[float], unit: str = "") -> str:
    return f"median {statistics.median(values):.3f}{unit} (min {min(values):.3f}, max {max(values):.3f})"


def pairs(a: list[str], b: list[str], runs: int, env: dict[str, str]) -> tuple[list[float], list[float]]:
    cpu_of(a, env), cpu_of(b, env)       # warm-up: the file cache, .pyc files
    times_a, times_b = [], []
    for _ in range(runs):
        times_a.append(cpu_of(a, env)[0])
        times_b.append(cpu_of(b, env)[0])
    return times_a, times_b


def bench_help(runs: int, env: dict[str, str]) -> float:
    a, b = pairs([PY, "-m", "game", "--help"], [PY, "-c", "pass"], runs, env)
    ratios = [x / y for x, y in zip(a, b)]
    print(f"cardhall --help: CPU {spread(a, ' s')}; python -c pass {spread(b, ' s')}")
    print(f"  ratio {spread(ratios, 'x')}; goal at most {GOALS['help']}x")
    return statistics.median(ratios)


def bench_simulate(runs: int, env: dict[str, str]) -> float:
    cmd = [PY, "-c", FIRST_ACTION, "simulate", "--variant", "kombio", "--games", "1"]
    cpu_of(cmd, env)
    before_first = [float(cpu_of(cmd, env)[1].split()[-1]) for _ in range(runs)]
    bare = [cpu_of([PY, "-c", "pass"], env)[0] for _ in range(runs)]
    print(f"cardhall simulate --variant kombio --games 1: CPU before the first action {spread(before_first, ' s')}; "
          f"goal at most {GOALS['simulate']} s")
    print(f"  (python -c pass {spread(bare, ' s')})")
    return statistics.median(before_first)


def bench_menu(runs: int, env: dict[str, str]) -> float:
    a, b = pairs([PY, "-m", "game", "--smoke-test", "--frames", "0"], [PY, "-c", BARE_WINDOW], runs, env)
    ratios = [x / y for x, y in zip(a, b)]
    print(f"the main menu's first frame (--smoke-test --frames 0): CPU {spread(a, ' s')}; "
          f"bare pygame.init + set_mode + one frame {spread(b, ' s')}")
    print(f"  ratio {spread(ratios, 'x')}; goal at most {GOALS['menu']}x; video {env['SDL_VIDEODRIVER']}")
    return statistics.median(ratios)


def bench_frame(runs: int, env: dict[str, str]) -> float:
    a_cmd, b_cmd = [PY, "-c", FIRST_FRAME], [PY, "-c", BARE_FIRST_FRAME]
    cpu_of(a_cmd, env), cpu_of(b_cmd, env)
    a, first, b = [], [], []
    for _ in range(runs):
        a.append(float(cpu_of(a_cmd, env)[1].split()[-1]))
        with tempfile.TemporaryDirectory(prefix="cardhall-first-start-") as home:
            first.append(float(cpu_of(a_cmd, dict(env, CARDHALL_HOME=home))[1].split()[-1]))
        b.append(float(cpu_of(b_cmd, env)[1].split()[-1]))
    ratios = [x / y for x, y in zip(a, b)]
    first_ratios = [x / y for x, y in zip(first, b)]
    print(f"cardhall's first frame (CPU when it is flipped): {spread(a, ' s')}; bare window's {spread(b, ' s')}")
    print(f"  ratio {spread(ratios, 'x')}; goal at most {GOALS['frame']}x; video {env['SDL_VIDEODRIVER']}")
    print(f"  the first start (nothing in the cache folder yet): {spread(first, ' s')}, ratio {spread(first_ratios, 'x')}")
    return statistics.median(ratios)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Cardhall's start-up figures (CPU time, ratios of pairs)")
    parser.add_argument("--runs", type=int, default=15, help="pairs (or runs) of each figure (default 15)")
    parser.add_argument("--only", choices=sorted(GOALS), action="append", help="only this figure (repeatable)")
    args = parser.parse_args(argv)
    print(f"python benchmarks/bench_startup.py --runs {args.runs}"
          + "".join(f" --only {o}" for o in args.only or ()) + f"   ({PY}, {os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory(prefix="cardhall-startup-") as home:
        env = dict(os.environ, CARDHALL_HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1")
        # Compiled modules are cached as an installed copy has them (pip and PyInstaller write
        # .pyc files); without the cache every start compiles the game from source.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        met = {}
        for name, bench in (("help", bench_help), ("simulate", bench_simulate), ("menu", bench_menu),
                            ("frame", bench_frame)):
            if not args.only or name in args.only:
                met[name] = bench(args.runs, env) <= GOALS[name]
    print("goals met: " + ", ".join(f"{name} {'yes' if ok else 'no'}" for name, ok in met.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
