"""What every table draws, frame by frame, to compare the table code before and after a change.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tests/client/table_snapshots.py record OUT [names...]
    python tests/client/table_snapshots.py compare OLD NEW
    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tests/client/table_snapshots.py shots OUT NAME FRAME...

Plays fixed-seed matches of every game through the real table at 1280x720 (SDL's dummy drivers, a
fixed frames of 0.05 s), the human seats played through posted input by the table
tests' seeded drivers: one player against three bots, hot-seat (two players and two bots) and a
table of four bots. Each frame it keeps a hash of the whole window's pixels, the card faces the
table drew for whoever looked (``draw_log``) and the texts drawn; every 150th frame and the last
are saved as PNGs. After the single-player match it opens the round replay of each round and
steps through it (the replay's pixels, lines and faces), and continues the match from its record
half way (a new table from the record, as Continue builds it, with its history panel open).

``compare`` says, per run, whether every frame is the same and if not, the first frame that
differs and how (pixels only, or faces or texts too); ``shots`` saves the PNGs of chosen frames of
one run, to look at a difference.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

DT = 0.05
SHOT_EVERY = 150
MAX_FRAMES = 9000
AFTER_END = 40          # frames kept after the match result shows


def _app(memory_aid: bool = False):
    from game.client.app import App
    from game.client.scene import Scene
    from game.client.storage import Storage

    storage = Storage(Path(tempfile.mkdtemp()))
    storage.settings.animation_speed = 2.0
    storage.settings.bot_speed = "quick"
    storage.settings.sound = False
    storage.settings.memory_aid = memory_aid
    return App(storage=storage, size=(1280, 720), first_scene=Scene)


SEATS = {
    "single": [("You", "human"), ("Ada", "medium"), ("Bruno", "hard"), ("Cleo", "easy")],
    "hotseat": [("Ann", "human"), ("Ada", "medium"), ("Ben", "human"), ("Cleo", "easy")],
    "bots": [("Ada", "medium"), ("Bruno", "hard"), ("Cleo", "easy"), ("Dora", "medium")],
}


def _match(game: str, mode: str):
    """(record, driver class or None, driver kwargs) of one run."""
    seats = SEATS[mode]
    if game == "kombio":
        from kombio_driver import Driver, new_record

        return new_record(seats, seed=5, rounds=2), Driver, {"seed": 1, "call_after": 4}
    if game == "kabu":
        from kabu_driver import KabuDriver, kabu_record

        return kabu_record(seats, seed=7, target=30), KabuDriver, {"seed": 2, "call_after": 4}
    if game == "combat-uno":
        from test_combat_uno_table import UnoDriver, uno_record

        return uno_record(seats, seed=4, rounds=1), UnoDriver, {"seed": 2}
    if game == "kumbal":
        from test_kumbal_table import KumbalDriver, kumbal_record

        return kumbal_record(seats, seed=6, cut_deck=True, forty_nine=True), KumbalDriver, {"seed": 3}
    if game == "sixteen-combos":
        from sixteen_combos_driver import Driver, new_record

        return new_record(seats, seed=3, round_limit=5, columns=4), Driver, {"seed": 1}
    raise ValueError(game)


GAMES = ("kombio", "kabu", "combat-uno", "kumbal", "sixteen-combos")
RUNS = [f"{g}-{m}" for g in GAMES for m in ("single", "hotseat", "bots")]


def _frame_hash(surface: pygame.Surface) -> str:
    return hashlib.blake2b(pygame.image.tobytes(surface, "RGB"), digest_size=12).hexdigest()


class Recorder:
    def __init__(self, out: Path, name: str, shots: set[int] | None = None):
        self.dir = out / name
        self.dir.mkdir(parents=True, exist_ok=True)
        self.frames: list[dict] = []
        self.shots = shots

    def frame(self, app, table=None, faces=None, extra=None) -> None:
        from game.client.ui import text as T

        n = len(self.frames)
        surface = pygame.display.get_surface()
        row = {"n": n, "hash": _frame_hash(surface), "top": type(app.top).__name__,
               "texts": [t for t, _ in T.DRAWN]}
        if faces is not None:
            row["faces"] = faces
        if extra is not None:
            row.update(extra)
        self.frames.append(row)
        if self.shots is None and n % SHOT_EVERY == 0 or self.shots is not None and n in self.shots:
            pygame.image.save(surface, str(self.dir / f"{n:05d}.png"))

    def close(self) -> None:
        if self.shots is None and self.frames:
            pygame.image.save(pygame.display.get_surface(), str(self.dir / f"{len(self.frames) - 1:05d}.png"))
            with open(self.dir / "frames.jsonl", "w") as f:
                for row in self.frames:
                    f.write(json.dumps(row, ensure_ascii=False) + "\n")


def _fresh_sprites() -> None:
    """Number the card sprites from 1 again for each table: Combat UNO tilts a pile card by its
    sprite's number, which otherwise depends on how many sprites the runs before made (the round
    replay made a whole hidden table's before the table became parts)."""
    from game.client.table.sprites import CardSprite

    CardSprite._next = 0


def _faces(table) -> list | None:
    log = table.draw_log
    if not log:
        return None
    out = [repr(entry) for entry in log]
    log.clear()
    return out


def play_run(out: Path, name: str, shots: set[int] | None = None):
    """One table run; returns (app, table) at its end (the record is read from the table)."""
    from grid_driver import start

    game, mode = name.rsplit("-", 1)
    record, driver_cls, kwargs = _match(game, mode)
    app = _app(memory_aid=mode == "single" and game in ("kombio", "kabu"))
    _fresh_sprites()
    table = start(app, record)
    driver = driver_cls(app, table, **kwargs) if mode != "bots" else None
    rec = Recorder(out, name, shots)
    ended_at = None
    for n in range(MAX_FRAMES):
        if driver is not None:
            if driver is not None and table.match.over and table.screen.match_result is not None and not table.director.animating:
                if not table.screen.showing_match_result() and app.top is table:
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="",
                                                         scancode=0))
            else:
                driver.act()
        app.step(DT)
        rec.frame(app, table, _faces(table))
        if table.match.over and table.screen.showing_match_result() and not table.director.animating:
            ended_at = n if ended_at is None else ended_at
            if n - ended_at >= AFTER_END:
                break
        if shots is not None and n >= max(shots):
            break
    rec.close()
    return app, table


def replay_runs(out: Path, name: str, app, record, shots: set[int] | None = None) -> None:
    """Every round of the record in the round replay, stepped through to its end, and a table
    continued from the middle of the record with its history open."""
    from game.client.scenes.replay import ReplayScene
    from game.core.record import GameRecord
    from game.replay import round_spans

    rec = Recorder(out, f"{name}-replay", shots)
    for span in round_spans(record):
        scene = ReplayScene(app, record, span.number, 0)
        app.push(scene)
        for step in range(scene.replay.steps):
            scene.go(step)
            app.step(DT)
            rec.frame(app, extra={"lines": list(scene.drawn_lines), "faces": [repr(f) for f in scene.drawn_faces]})
        app.pop()
    rec.close()

    from grid_driver import start

    half = GameRecord(record.variant, dict(record.options), list(record.seats), record.seed,
                      list(record.actions[:len(record.actions) // 2]), None)
    rec = Recorder(out, f"{name}-continued", shots)
    app2 = _app(memory_aid=True)
    _fresh_sprites()
    table = start(app2, half)
    for n in range(60):
        if n == 5:
            table.history.toggle()
        if n == 30:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
        app2.step(DT)
        rec.frame(app2, table, _faces(table), extra={"history": [line for _, line in table.history.lines]})
    rec.close()
    app2.quit()


def record_all(out: Path, names: list[str]) -> None:
    for name in names:
        app, table = play_run(out, name)
        if name.endswith("-single"):
            replay_runs(out, name, app, table.match.record())
        app.quit()
        print(name, "done", flush=True)


def _load(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    for row in rows:
        # The scene on top: a game's table is a TableScene with its spec now, a KombioTable (a
        # subclass) before the table became parts; both are "the table" to compare.
        if row.get("top", "").endswith(("Table", "TableScene")):
            row["top"] = "table"
    return rows


def compare(old: Path, new: Path) -> int:
    bad = 0
    names = sorted({p.name for p in old.iterdir() if p.is_dir()} | {p.name for p in new.iterdir() if p.is_dir()})
    for name in names:
        a, b = _load(old / name / "frames.jsonl"), _load(new / name / "frames.jsonl")
        if not a or not b:
            print(f"{name}: missing on one side ({len(a)} / {len(b)} frames)")
            bad += 1
            continue
        first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), None)
        if first is None and len(a) == len(b):
            print(f"{name}: {len(a)} frames, all the same")
            continue
        bad += 1
        if first is None:
            print(f"{name}: the same up to frame {min(len(a), len(b))}, then {len(a)} / {len(b)} frames")
            continue
        x, y = a[first], b[first]
        what = [k for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k)]
        differing = sum(1 for p, q in zip(a, b) if p != q)
        print(f"{name}: frame {first} differs first ({', '.join(what)}); {differing} of {min(len(a), len(b))} differ")
        for k in what:
            if k in ("hash", "n"):
                continue
            print(f"   {k} old: {x.get(k)}")
            print(f"   {k} new: {y.get(k)}")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("record", "compare", "shots"):
        print(__doc__)
        return 2
    if argv[0] == "record":
        out = Path(argv[1])
        names = argv[2:] or RUNS
        record_all(out, names)
        return 0
    if argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    out, name, frames = Path(argv[1]), argv[2], {int(f) for f in argv[3:]}
    if name.endswith(("-replay", "-continued")):
        base = name.rsplit("-", 1)[0]
        app, table = play_run(Path(tempfile.mkdtemp()), base)
        replay_runs(out, base, app, table.match.record(), frames)
    else:
        play_run(out, name, frames)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
