"""CPU share of the real app at rest: `python -m game` in a window under Xvfb, at the main menu,
at a game's setup screen and at a table waiting for the player (you and three bots, a match
continued from a save at your turn), each read from /proc over --seconds once the screen has
settled; the keys are sent with xdotool, each once the one before has changed the screen. Linux
only.

    PYTHONPATH=. python benchmarks/bench_idle.py [--seconds 20] [--settle 8] [--variant kombio]
        [--display :NN] [--repo DIR] [--shots DIR] [--floor]

Without --display it starts an Xvfb of its own on a free display. --repo runs another checkout's
app the same way (e.g. main, for the figure before a change). --shots keeps a screenshot of
each screen as measured. --floor also times the waiting alone: pygame.event.wait(timeout) in a
loop against a look for input every 1/60 s (what the app's rest does). Goal (issue 31): at most
3% of one core at the menu and at a waiting table.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (its threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def free_display() -> str:
    for n in range(90, 200):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return f":{n}"
    raise SystemExit("no free X display number between :90 and :199")


def start_xvfb(display: str) -> subprocess.Popen:
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(50):
        if Path(f"/tmp/.X11-unix/X{display[1:]}").exists():
            return xvfb
        time.sleep(0.1)
    xvfb.kill()
    raise SystemExit(f"Xvfb did not start on {display}")


def saved_match(home: Path, repo: Path, variant: str) -> None:
    """A match for you and three medium bots, saved where Continue finds it at a moment when it is
    your turn and no window is open (played there by random bots): Continue shows the table as it
    stands, with nothing to animate, waiting for you."""
    code = textwrap.dedent(f"""
        from ai.registry import make_agent
        from game.client.storage import Storage
        from game.core.record import GameRecord, SeatInfo
        from game.core.session import Session
        seats = [SeatInfo("You", "human")] + [SeatInfo(n, "bot", "medium") for n in ("Ada", "Bruno", "Chiara")]
        game = GameRecord({variant!r}, {{}}, seats, 12345).new_game()
        session = Session(game, {{i: make_agent({variant!r}, "random", 12345 + i) for i in range(4)}})
        while not game.over:
            view = session.view(0)
            if game.version >= 12 and view.my_turn and not view.windows:
                break
            session.advance(session.next_due(), limit=1)
        storage = Storage({str(home)!r})
        storage.settings.guides_offered = ["kombio", "combat-uno", "kabu", "kumbal", "sixteen-combos"]
        storage.save_settings()
        storage.save_match(GameRecord.of(game, seats), {{"table": {variant!r}, "summary": "4 players"}})
        storage.close()
    """)
    subprocess.run([sys.executable, "-c", code], cwd=repo, check=True, env={**os.environ, "PYTHONPATH": str(repo)})


def screen(env: dict) -> bytes:
    return subprocess.run(["import", "-window", "root", "rgb:-"], env=env, capture_output=True, check=True).stdout


def window_of(pid: int, env: dict) -> str | None:
    found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(pid)],
                           capture_output=True, text=True, env=env, timeout=60)
    ids = found.stdout.split()
    return ids[0] if ids else None


def measure(name: str, args, display: str, keys: tuple[str, ...] = ()) -> float:
    """`keys`: sent once the menu is up, each once the one before has changed the screen."""
    home = Path(tempfile.mkdtemp(prefix="cardhall-idle-"))
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "CARDHALL_HOME": str(home),
           "PYTHONPATH": str(args.repo)}
    try:
        saved_match(home, args.repo, args.variant)
        app = subprocess.Popen([sys.executable, "-m", "game"], cwd=args.repo, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            time.sleep(3.0)     # started, the menu drawn
            if app.poll() is not None:
                raise SystemExit(f"the app quit at once: {app.stderr.read().decode(errors='replace')}")
            if keys:
                window = window_of(app.pid, env)
                if window is None:
                    raise SystemExit("the app's window was not found (xdotool)")
                for key in keys:
                    before = screen(env)
                    subprocess.run(["xdotool", "key", "--window", window, key], env=env, check=True)
                    for _ in range(60):          # until the key has changed the screen (30 s at most)
                        time.sleep(0.5)
                        if screen(env) != before:
                            break
            time.sleep(args.settle)
            before, began = cpu_seconds(app.pid), time.monotonic()
            time.sleep(args.seconds)
            used, wall = cpu_seconds(app.pid) - before, time.monotonic() - began
            if args.shots:
                Path(args.shots).mkdir(parents=True, exist_ok=True)
                subprocess.run(["import", "-window", "root", str(Path(args.shots) / f"idle-{name.split()[0]}.png")],
                               env=env, check=False)
        finally:
            app.terminate()
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
        share = 100.0 * used / wall
        print(f"{name}: {share:.2f}% of one core over {wall:.1f} s ({used:.2f} s of CPU)")
        return share
    finally:
        shutil.rmtree(home, ignore_errors=True)


FLOOR = """
import sys, time, pygame
pygame.display.init()
pygame.display.set_mode((640, 480))
pygame.display.flip()
pygame.key.set_repeat(380, 40)
end = time.monotonic() + float(sys.argv[2])
c0, w0 = time.process_time(), time.monotonic()
while time.monotonic() < end:
    if sys.argv[1] == "wait":
        pygame.event.wait(1000)
    elif pygame.event.peek():
        pygame.event.get()
    else:
        time.sleep(1 / 60)
print(100 * (time.process_time() - c0) / (time.monotonic() - w0))
"""


def floor(args, display: str) -> None:
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11"}
    for kind, words in (("wait", "pygame.event.wait(1000) in a loop"), ("poll", "pygame.event.peek() every 1/60 s")):
        out = subprocess.run([sys.executable, "-c", FLOOR, kind, str(args.seconds)], env=env, capture_output=True,
                             text=True, check=True)
        print(f"floor, {words}: {float(out.stdout.split()[-1]):.2f}% of one core over {args.seconds:.0f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="how long each screen is measured")
    parser.add_argument("--settle", type=float, default=8.0, help="seconds a screen is left before measuring")
    parser.add_argument("--variant", default="kombio", help="the game at the table")
    parser.add_argument("--display", help="an X display to use (default: a new Xvfb)")
    parser.add_argument("--repo", type=Path, default=HERE, help="the checkout whose app is run")
    parser.add_argument("--shots", help="keep a screenshot of each screen measured here")
    parser.add_argument("--floor", action="store_true", help="also time waiting for input alone")
    args = parser.parse_args()
    args.repo = args.repo.resolve()
    display = args.display or free_display()
    xvfb = None if args.display else start_xvfb(display)
    try:
        print(f"{sys.executable} -m game from {args.repo}, Xvfb {display}, {os.cpu_count()} cores, "
              f"load {os.getloadavg()[0]:.1f}")
        measure("main menu", args, display)
        measure("setup of the first game (Play, 1)", args, display, keys=("p", "1"))
        measure(f"{args.variant} table waiting for your turn (3 bots; Continue)", args, display, keys=("c",))
        if args.floor:
            floor(args, display)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)
    print("command: PYTHONPATH=. python benchmarks/bench_idle.py " + " ".join(sys.argv[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
