"""``cardhall --smoke-test``: start the real client headless and let bots play every variant.

The same code runs from a source checkout, an installed wheel and the PyInstaller build, so CI
can prove that a built program starts and plays:

* SDL's dummy video and audio drivers are used unless ``SDL_VIDEODRIVER`` / ``SDL_AUDIODRIVER``
  are already set (set ``SDL_VIDEODRIVER=x11`` to watch it in a real window);
* settings, statistics and saves go to a temporary directory (``CARDHALL_HOME``), never the
  player's own, and the directory is removed afterwards;
* the real ``App`` opens on the main menu and draws its first frame; then, for every variant
  with a registered table, an all-bot ``GameRecord`` is opened through ``tables.start_match``
  (the real table code) and stepped for a bounded number of frames on a fast simulated clock
  (``DT`` seconds of game time per frame);
* it checks that nothing raised or logged an error, that frames were drawn and that the
  variant's game progressed (actions were applied), prints one summary line and returns 0;
  any failure prints the reason to stderr and returns 1.

``frames=0`` only starts the client and draws the first frame of the main menu: with
``packaging/measure.py`` that measures the time from launch to the first frame.
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

DEFAULT_FRAMES = 1500      # per variant
DT = 0.1                   # simulated seconds per frame: six times real time at 60 fps
SETTLE_FRAMES = 30         # frames still drawn after a match has ended (its result screen)
SEATS = 4
SEED = 20240605
_STARTED = time.perf_counter()   # module import; the CLI imports this module first thing


class SmokeFailure(Exception):
    pass


class _ErrorLog(logging.Handler):
    """Collects every ERROR (or worse) log record: a logged error fails the smoke test."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _prepare_environment(home: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["CARDHALL_HOME"] = str(home)


def _find_match(scene: Any) -> Any:
    """The match driver a table scene plays (``scene.match``: the client's one holder of the game)."""
    from game.client.table.driver import MatchDriver

    match = getattr(scene, "match", None)
    return match if isinstance(match, MatchDriver) else None


def smoke_record(variant: type) -> Any:
    """An all-bot record for a variant: ``SEATS`` bots (within its limits) of mixed levels, and the
    shortest match its options allow (the fewest rounds)."""
    from game.core.record import GameRecord, SeatInfo

    seats = max(variant.min_seats, min(variant.max_seats, SEATS))
    levels = ("hard", "medium", "easy")
    infos = [SeatInfo(f"Bot {i + 1}", "bot", levels[i % len(levels)]) for i in range(seats)]
    options: dict[str, Any] = {}
    for spec in variant.option_specs:
        if spec.key == "rounds" and spec.minimum is not None:
            options["rounds"] = spec.check(int(spec.minimum))
            for key, value in spec.conditions:
                options[key] = value       # e.g. length "rounds", so the count counts
        elif spec.key == "target" and spec.only_when is None and spec.minimum is not None:
            options["target"] = spec.check(int(spec.minimum))     # a match played to a limit (Kabu): the lowest
        if spec.key == "round_limit" and spec.minimum is not None:   # 16 Combos: the shortest encounter
            options["round_limit"] = spec.check(int(spec.minimum))
    return GameRecord(variant.id, options, infos, SEED)


def _colours(surface: Any) -> int:
    """How many distinct colours a coarse sample of the frame has (a blank frame has 1)."""
    w, h = surface.get_size()
    seen = set()
    for y in range(0, h, max(1, h // 24)):
        for x in range(0, w, max(1, w // 32)):
            seen.add(tuple(surface.get_at((x, y))))
    return len(seen)


def _play_variant(app: Any, variant: type, frames: int, dt: float) -> dict[str, Any]:
    from game.client import tables

    record = smoke_record(variant)
    scene = tables.start_match(app, record)
    match = _find_match(scene)
    if match is None:
        raise SmokeFailure(f"{variant.id}: the table scene {type(scene).__name__} exposes no match driver "
                           "(the smoke test looks for .match)")
    start_actions = match.version
    start_frame = app.frame
    drawn = 0
    settle = SETTLE_FRAMES
    for _ in range(frames):
        if not app.step(dt):
            raise SmokeFailure(f"{variant.id}: the app quit during the match")
        drawn += 1
        if match.over:
            settle -= 1
            if settle <= 0:
                break
    actions = match.version - start_actions
    if app.frame - start_frame != drawn:
        raise SmokeFailure(f"{variant.id}: {drawn} frames stepped but {app.frame - start_frame} drawn")
    if actions <= 0:
        raise SmokeFailure(f"{variant.id}: no action was applied in {drawn} frames ({drawn * dt:.0f} s of game time)")
    if _colours(app.surface) < 4:
        raise SmokeFailure(f"{variant.id}: the last frame is blank")
    if match.illegal:
        raise SmokeFailure(f"{variant.id}: bots tried {match.illegal} illegal action(s)")
    app.to_main_menu()
    return {"variant": variant.id, "frames": drawn, "actions": actions, "over": bool(match.over),
            "rounds": len(match.view().round_scores)}


def run_smoke(frames: int, dt: float, home: Path) -> str:
    """Start the client, draw the first frame, play every variant; returns the summary line.
    Raises SmokeFailure (or whatever the client raised) on failure."""
    _prepare_environment(home)
    import pygame

    from game.client import tables
    from game.client.app import App
    from game.client.storage import Storage
    from game.client.ui import text as T

    began = time.perf_counter()
    storage = Storage(home)
    storage.settings.bot_speed = "quick"
    app = App(storage=storage)
    try:
        if not app.step(1.0 / 60):
            raise SmokeFailure("the app quit on its first frame")
        first_frame = time.perf_counter()
        startup_ms = (first_frame - _STARTED) * 1000
        if frames == 0:
            return (f"cardhall smoke test OK: first frame {startup_ms:.0f} ms after start-up "
                    f"({(first_frame - began) * 1000:.0f} ms in the client), "
                    f"video {pygame.display.get_driver()}")
        playable = tables.playable_variants()
        if not playable:
            raise SmokeFailure("no variant has a registered table: nothing to play")
        results = [_play_variant(app, entry.engine_class(), frames, dt) for entry in playable]
        app.quit()
    finally:
        if app.running:
            app.quit()
        pygame.quit()
        T.forget_fonts()      # they died with pygame: a later window loads new ones
    total_frames = sum(r["frames"] for r in results)
    parts = "; ".join(f"{r['variant']} {r['frames']} frames, {r['actions']} actions, "
                      f"{'match finished' if r['over'] else 'match unfinished'} ({r['rounds']} rounds)"
                      for r in results)
    return (f"cardhall smoke test OK: {len(results)} variant(s): {parts}; {total_frames + 1} frames drawn "
            f"in {time.perf_counter() - began:.1f} s; first frame {startup_ms:.0f} ms after start-up")


def smoke_test(frames: int | None = None, dt: float = DT) -> int:
    """The ``--smoke-test`` command: prints one summary line; 0 on success, 1 on any failure."""
    frames = DEFAULT_FRAMES if frames is None else frames
    if frames < 0:
        print("cardhall: error: --frames must be 0 or more", file=sys.stderr)
        return 2
    errors = _ErrorLog()
    root = logging.getLogger()
    root.addHandler(errors)
    home = Path(tempfile.mkdtemp(prefix="cardhall-smoke-"))
    saved_home = os.environ.get("CARDHALL_HOME")
    try:
        summary = run_smoke(frames, dt, home)
        if frames > 0:
            # Network play: asyncio and websockets are in the build and a remote seat plays.
            from game.core.errors import CardhallError
            from game.net.smoke import loopback_match

            try:
                summary += "; " + loopback_match()
            except (CardhallError, OSError) as exc:
                raise SmokeFailure(f"network play: {exc}") from None
    except SmokeFailure as exc:
        print(f"cardhall smoke test FAILED: {exc}", file=sys.stderr)
        return 1
    except Exception:
        traceback.print_exc()
        print("cardhall smoke test FAILED: the client raised an exception (above)", file=sys.stderr)
        return 1
    finally:
        root.removeHandler(errors)
        shutil.rmtree(home, ignore_errors=True)
        if saved_home is None:
            os.environ.pop("CARDHALL_HOME", None)
        else:
            os.environ["CARDHALL_HOME"] = saved_home
    if errors.records:
        first = errors.records[0]
        print(f"cardhall smoke test FAILED: {len(errors.records)} error(s) logged, the first: "
              f"{first.name}: {first.getMessage()}", file=sys.stderr)
        return 1
    print(summary, flush=True)
    return 0
