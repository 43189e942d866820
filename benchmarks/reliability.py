"""Reliability: corrupt files through the real loaders, mutated records through `cardhall replay`.

    python benchmarks/reliability.py                 # the issue's figures: 10,000 files, 1,000 records per variant, 200 kills
    python benchmarks/reliability.py --short         # a few seconds (tests/test_reliability.py runs this)
    python benchmarks/reliability.py --files 500 --records 100 --seed 7 --json
    python benchmarks/reliability.py --save-cost 1000  # what autosaving costs the frame path
    python benchmarks/reliability.py --soak 100000     # the nightly soak: seeded bot matches, invariants, replays

Files: a valid settings, statistics, saved-match and saved-match journal file (one line of it) is corrupted in every way we know (cut
short, bytes flipped, garbage, empty, UTF-16, a value swapped for NaN, Infinity, a 5,000-digit
integer, deep nesting, NUL, a lone surrogate, a long string or a loose type, a key dropped; and a
folder, a named pipe or a link to /dev/zero in its place) and loaded by `Storage` as the game does
at start. Counted per case:
  crash    an exception escaped the loader
  hang     the load took longer than the time limit
  lost     the original bytes are neither where they were nor in a ``*.corrupt-*`` copy, or they
           were moved without a notice for the player
  wrong    the loaded settings, statistics or save hold a value no file should give the game: a
           number that is not finite or is huge, a string with a control character or a lone
           surrogate or longer than 4,000 characters, or a save whose game cannot be built

Records: finished bot matches of every variant are mutated in ways that break what the format
promises (a loose type, a key dropped, a result tampered with or removed, a time made NaN,
negative or earlier than the step before, an unknown seat kind or level, steps cut off, junk
keys) and run through `cardhall replay` in-process. Counted: tracebacks (an exception escaped
main() or reached its catch-all), hangs, and accepted-but-wrong (exit 0).

Kills: a child process autosaves an all-bot match action by action (one every 10 ms, faster than
any table plays) through the client's MatchSaver (a snapshot plus a journal of steps) and counts it
when it ends, while `--kill-load` busy processes keep the cores full; it is SIGKILLed at a random
moment and the next start is checked: no notice (nothing corrupt), no leftover temporary or
set-aside file, the save (snapshot plus journal) is a prefix of the match, at most one action lost
(the child says which action it is handing over before it does, so the action in flight counts as
lost), and after continuing the match is counted exactly once. Also counted: resumes whose last
steps came from the journal rather than the snapshot.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import random
import signal
import shutil
import sys
import tempfile
import time
import unicodedata
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import main  # noqa: E402
from game.client.storage import (LEGACY_SAVE_FILE, SAVES_DIR, SETTINGS_FILE, STATS_FILE, LastMatch, Settings,  # noqa: E402
                                  Statistics, Storage, VariantStats, journal_mark)
from game.core.game import get_variant  # noqa: E402
from game.games import game_ids  # noqa: E402
from game.core.record import GameRecord  # noqa: E402
from game.simulate import play_match  # noqa: E402

MARK = "@@HOSTILE@@"
HOSTILE_VALUES = [
    "NaN", "Infinity", "-Infinity", "1" + "0" * 5000, "1e400", "-1e400", "[" * 3000 + "]" * 3000,
    '"\\u0000"', '"a\\ud800b"', '"\\u001b[2J"', '"' + "x" * 100_000 + '"', "true", "false", "null",
    "1.5", "-1", "0", '""', "{}", "[]", '{"a": 1}', "1e300", "-0.0", str(2 ** 63), "2.0",
]
LIMIT_SECONDS = 10
SAVE_FILE = f"{SAVES_DIR}/kombio.json"          # Kombio's saved match (each variant keeps its own)
JOURNAL_FILE = f"{SAVES_DIR}/kombio.journal"


class Hang(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float):
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def alarm(signum, frame):
        raise Hang()
    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# -- valid files to corrupt ---------------------------------------------------------------------------

def base_files() -> dict[str, str]:
    _, finished = play_match("kombio", ["random", "easy", "hard"], seed=11, options={"rounds": 1})
    settings = Settings(player_name="Zoë", last_setup={"kombio": {
        "seats": [{"name": "Zoë", "kind": "human"}, {"name": "Ada", "kind": "easy"}],
        "options": {"rounds": 3, "addons": True, "reaction_seconds": 2.5}}})
    stats = Statistics({"kombio": VariantStats(3, 1, [12, 30, 7])},
                       LastMatch("kombio", ["Zoë", "Ada"], [[3, 10], [7, 22]], [0]), ["abc"])
    half = GameRecord(finished.variant, finished.options, finished.seats, finished.seed,
                      finished.actions[: len(finished.actions) // 2])
    save = half.to_json()
    save["client"] = {"table": "kombio", "summary": "round 1"}
    mark = journal_mark(half)
    journal = "".join(json.dumps({"i": i, "m": mark, "step": finished.step_json(i, *finished.actions[i])}) + "\n"
                      for i in range(len(half.actions), len(half.actions) + 12))
    return {SETTINGS_FILE: json.dumps(settings.to_json()), STATS_FILE: json.dumps(stats.to_json()),
            SAVE_FILE: json.dumps(save), JOURNAL_FILE: journal,
            LEGACY_SAVE_FILE: json.dumps(save)}     # an earlier version's single save, moved at start


def corrupt_journal(text: str, rng: random.Random) -> tuple[str, bytes]:
    """A journal with one line corrupted as a file would be (a line cut short at the end is a
    torn write: no newline after it), or replaced whole by a folder, pipe, link or huge file."""
    lines = [line.encode("utf-8") for line in text.split("\n")[:-1]]
    at = rng.randrange(len(lines))
    kind, content = corrupt(lines[at].decode("utf-8"), rng)
    if kind in ("dir", "fifo", "devzero", "big"):
        return kind, b""
    lines[at] = content.replace(b"\n", b" ")
    torn = kind == "cut" and at == len(lines) - 1
    return f"journal {kind}", b"\n".join(lines) + (b"" if torn else b"\n")


def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON value (as a key path)."""
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data[:40]):
            out += _paths(v, prefix + (i,))
    return out


def _set(data: Any, path: tuple, value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _delete(data: Any, path: tuple) -> None:
    for key in path[:-1]:
        data = data[key]
    del data[path[-1]]


def corrupt(text: str, rng: random.Random) -> tuple[str, bytes | str]:
    """(kind, content): bytes for a file, or a special kind ("dir", "fifo", "devzero", "big")."""
    kind = rng.choice(["cut", "flip", "garbage", "empty", "utf16", "value", "value", "value", "value",
                       "drop", "loose", "special"])
    raw = text.encode("utf-8")
    if kind == "cut":
        return kind, raw[: rng.randrange(len(raw))]
    if kind == "flip":
        b = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return kind, bytes(b)
    if kind == "garbage":
        return kind, bytes(rng.randrange(256) for _ in range(rng.randint(1, 400)))
    if kind == "empty":
        return kind, b""
    if kind == "utf16":
        return kind, text.encode("utf-16")
    data = json.loads(text)
    paths = _paths(data)
    if kind == "special":
        return rng.choice(["dir", "fifo", "devzero", "big"]), b""
    path = rng.choice(paths)
    if kind == "drop":
        _delete(data, path)
        return kind, json.dumps(data).encode()
    if kind == "loose":
        old = _get(data, path)
        loose = {int: lambda v: float(v), float: lambda v: str(v), str: lambda v: len(v), bool: lambda v: int(v),
                 list: lambda v: {str(i): x for i, x in enumerate(v)}, dict: lambda v: list(v.values())}
        _set(data, path, loose.get(type(old), lambda v: [v])(old))
        return kind, json.dumps(data).encode()
    _set(data, path, MARK)
    return kind, json.dumps(data).replace(json.dumps(MARK), rng.choice(HOSTILE_VALUES)).encode("utf-8")


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def _bad_value(value: Any, where: str = "") -> str | None:
    """Why a loaded value is one no file should give the game, or None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return f"{where} is not finite"
    if isinstance(value, (int, float)) and abs(value) > 10 ** 12 and not where.endswith("seed"):
        return f"{where} is huge"
    if isinstance(value, str):
        if len(value) > 4000:
            return f"{where} is {len(value)} characters"
        if any(unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\n\t" for ch in value):
            return f"{where} holds a control character or a lone surrogate"
    if isinstance(value, dict):
        for k, v in value.items():
            why = _bad_value(k, f"{where}.key") or _bad_value(v, f"{where}.{k}")
            if why:
                return why
    if isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            why = _bad_value(v, f"{where}[{i}]")
            if why:
                return why
    return None


def file_case(home: Path, name: str, kind: str, content: bytes) -> str | None:
    """Load one corrupt file the way the game does; the outcome: None (fine), or crash, hang,
    lost or wrong (with why)."""
    folder = home / ("config" if name == SETTINGS_FILE else "data")
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    regular = kind not in ("dir", "fifo", "devzero", "big")
    if kind == "dir":
        path.mkdir()
    elif kind == "fifo":
        if not hasattr(os, "mkfifo"):
            return None
        os.mkfifo(path)
    elif kind == "devzero":
        if not Path("/dev/zero").exists():
            return None
        path.symlink_to("/dev/zero")
    elif kind == "big":
        with open(path, "wb") as f:
            f.write(b"[" + b"0," * (5 * 1024 * 1024) + b"0]")
    else:
        path.write_bytes(content)
    try:
        with time_limit(LIMIT_SECONDS):
            store = Storage(home)
            found = store.saved_matches()
            saved = found[0] if found else None
            record = saved[0] if saved else None
            if record is not None:
                record.new_game()
    except Hang:
        return "hang"
    except Exception as exc:  # noqa: BLE001 - counting exactly these
        return f"crash: {type(exc).__name__}: {str(exc)[:100]}"
    why = (_bad_value(store.settings.to_json(), "settings") or _bad_value(store.stats.to_json(), "statistics")
           or (_bad_value(record.to_json(), "save") if record is not None else None)
           or (_bad_value(saved[1], "client") if saved else None))
    if why:
        return f"wrong: {why}"
    if regular:
        # An earlier version's save is moved into the slot of the variant it names first: look for
        # its bytes in every slot too.
        saves = folder / SAVES_DIR
        places = [path] + (sorted(saves.glob("*.json")) if name == LEGACY_SAVE_FILE else [])
        copies = list(path.parent.glob(path.name + ".corrupt-*"))
        copies += sorted(saves.glob("*.corrupt-*")) if name == LEGACY_SAVE_FILE else []
        kept = any(c.read_bytes() == content for c in copies)
        here = any(p.exists() and p.is_file() and p.read_bytes() == content for p in places)
        if not here and not kept:
            return "lost: the file's bytes are gone"
        if copies and not store.messages:
            return "lost: set aside without a notice"
    elif not store.messages:
        return "lost: a bad file without a notice"
    return None


def run_files(count: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    bases = base_files()
    counts = {"cases": 0, "crash": 0, "hang": 0, "lost": 0, "wrong": 0}
    examples: list[str] = []
    root = Path(tempfile.mkdtemp(prefix="cardhall-reliability-"))
    try:
        for i in range(count):
            name = rng.choice(list(bases))
            kind, content = (corrupt_journal if name == JOURNAL_FILE else corrupt)(bases[name], rng)
            home = root / str(i)
            if name == JOURNAL_FILE:        # a journal goes with its (valid) snapshot
                (home / "data" / SAVES_DIR).mkdir(parents=True)
                (home / "data" / SAVE_FILE).write_text(bases[SAVE_FILE], encoding="utf-8")
            outcome = file_case(home, name, kind, content if isinstance(content, bytes) else content.encode())
            counts["cases"] += 1
            if outcome:
                counts[outcome.split(":")[0]] += 1
                if len(examples) < 10:
                    examples.append(f"{name} {kind}: {outcome}")
            shutil.rmtree(home, ignore_errors=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return {**counts, "examples": examples}


# -- mutated records ----------------------------------------------------------------------------------

def _mutations(data: dict[str, Any]) -> list[tuple[str, Callable[[dict, random.Random], str | None]]]:
    """Mutations that each break a promise of the format; each returns the record's new text, or
    None when it does not apply."""
    def dump(d):
        return json.dumps(d)

    def splice(d, path, raw):
        _set(d, path, MARK)
        return dump(d).replace(json.dumps(MARK), raw)

    def loose(d, rng):
        # every int, string or bool except times (3 -> 3.0 is still a time) and the free text
        cands = [p for p in _paths(d) if p[-1] != "t" and p[0] != "about" and isinstance(_get(d, p), (int, str))]
        cands = [p for p in cands if p[0] != "result" or isinstance(_get(d, p), int)]
        if not cands:
            return None
        p = rng.choice(cands)
        v = _get(d, p)
        new = {bool: int, int: lambda x: float(x) if x not in (0, 1) or rng.random() < 0.5 else bool(x),
               str: lambda x: [x]}[type(v)](v)
        _set(d, p, new)
        return dump(d)

    def drop(d, rng):
        cands = [("format",), ("variant",), ("seats",), ("seed",), ("actions",), ("result",)]
        cands += [("seats", i, "name") for i in range(len(d["seats"]))]
        cands += [("actions", rng.randrange(len(d["actions"])), k) for k in ("t", "type")]
        cands += [("result", k) for k in ("rounds", "totals", "winners")]
        _delete(d, rng.choice(cands))
        return dump(d)

    def result(d, rng):
        how = rng.choice(["null", "total", "winner", "round", "extra-winner"])
        if how == "null":
            d["result"] = None
        elif how == "total":
            d["result"]["totals"][rng.randrange(len(d["seats"]))] += rng.choice([-3, -1, 1, 7])
        elif how == "winner":
            others = [s for s in range(len(d["seats"])) if s not in d["result"]["winners"]]
            if not others:
                return None
            d["result"]["winners"] = [rng.choice(others)]
        elif how == "round":
            row = rng.randrange(len(d["result"]["rounds"]))
            d["result"]["rounds"][row][rng.randrange(len(d["seats"]))] += 1
        else:
            d["result"]["winners"] = d["result"]["winners"] + [len(d["seats"])]
        return dump(d)

    def time_(d, rng):
        i = rng.randrange(1, len(d["actions"]))
        how = rng.choice(["NaN", "Infinity", "-1", "earlier", "1e300"])
        if how == "earlier":
            prev = d["actions"][i - 1]["t"]
            if prev <= 0:
                return None
            d["actions"][i]["t"] = prev - rng.uniform(0.01, prev)
            return dump(d)
        return splice(d, ("actions", i, "t"), how)

    def seat(d, rng):
        i = rng.randrange(len(d["seats"]))
        how = rng.choice(["kind", "level", "many", "none", "name"])
        if how == "kind":
            d["seats"][i]["kind"] = rng.choice(["wizard", "Human", "", "bot "])
        elif how == "level":
            d["seats"][i].update(kind="bot", level=rng.choice(["godlike", "EASY", 3, ""]))
        elif how == "many":
            d["seats"] = d["seats"] * 8
        elif how == "none":
            d["seats"] = []
        else:
            d["seats"][i]["name"] = rng.choice(["", "a\u0000b", "\ud800", "x" * 5000])
        return dump(d)

    def cut(d, rng):
        d["actions"] = d["actions"][: rng.randrange(len(d["actions"]))]
        return dump(d)

    def junk(d, rng):
        target = rng.choice([d, rng.choice(d["actions"]), rng.choice(d["seats"]), d["result"]])
        target[rng.choice(["x", "hack", "__class__"])] = rng.choice([1, "a", None, {}])
        return dump(d)

    def hostile(d, rng):
        p = rng.choice([q for q in _paths(d) if q[0] not in ("about",)])
        return splice(d, p, rng.choice([v for v in HOSTILE_VALUES if len(v) < 20000 and v not in
                                         ("true", "false", "null", "0", "-0.0", "-1", "2.0")]))

    return [("loose type", loose), ("key dropped", drop), ("result tampered", result), ("time", time_),
            ("seats", seat), ("steps cut", cut), ("junk key", junk), ("hostile value", hostile)]


def record_case(path: Path, text: str) -> str | None:
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    try:
        with time_limit(LIMIT_SECONDS * 3), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["replay", str(path)])
    except Hang:
        return "hang"
    except BaseException as exc:  # noqa: BLE001
        return f"traceback: {type(exc).__name__}: {str(exc)[:100]}"
    if code == 3 or "Traceback" in err.getvalue():
        return f"traceback: {err.getvalue().strip()[:160]}"
    if code == 0:
        return "wrong: accepted"
    return None


def run_records(per_variant: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    results: dict[str, Any] = {}
    root = Path(tempfile.mkdtemp(prefix="cardhall-records-"))
    try:
        for cls in map(get_variant, game_ids()):
            sources = []
            for i in range(6):
                players = rng.randint(cls.min_seats, min(cls.max_seats, 4))
                bots = [rng.choice(["random", "easy", "hard"]) for _ in range(players)]
                _, rec = play_match(cls.id, bots, seed=seed * 100 + i, options={"rounds": 1}
                                    if any(s.key == "rounds" for s in cls.option_specs) else None)
                sources.append(rec.to_json())
            counts = {"cases": 0, "traceback": 0, "hang": 0, "wrong": 0}
            kinds: dict[str, int] = {}
            examples: list[str] = []
            mutations = _mutations(sources[0])
            done = 0
            while done < per_variant:
                name, mutate = rng.choice(mutations)
                data = json.loads(json.dumps(rng.choice(sources)))
                text = mutate(data, rng)
                if text is None:
                    continue
                done += 1
                outcome = record_case(root / "r.json", text)
                counts["cases"] += 1
                kinds[name] = kinds.get(name, 0) + 1
                if outcome:
                    counts[outcome.split(":")[0]] += 1
                    if len(examples) < 10:
                        examples.append(f"{name}: {outcome}")
            results[cls.id] = {**counts, "mutations": kinds, "examples": examples}
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return results


# -- kills while autosaving ------------------------------------------------------------------------------

KILL_SEATS = ["hard", "easy", "random"]
KILL_OPTIONS = {"rounds": 3}
KILL_PACE = 0.01     # seconds between actions: faster than any table plays (bots think for 0.5 s or more)


def _kill_match(seed: int) -> GameRecord:
    from game.core.record import SeatInfo

    _, rec = play_match("kombio", KILL_SEATS, seed=seed, options=KILL_OPTIONS)
    rec.seats = [SeatInfo("You", "human")] + rec.seats[1:]     # counted in the statistics as yours
    return rec


def autosave_child(home: str, seed: int) -> None:
    """The killed process: a client's storage autosaving an all-bot match action by action through
    the MatchSaver, then counting it; it prints each action it hands over."""
    from game.client.storage import MatchSaver

    full = _kill_match(seed)
    store = Storage(home, lock=True)
    saver = MatchSaver(store)
    print("ready", flush=True)
    for n in range(1, len(full.actions)):
        print(n, flush=True)            # the action in flight
        saver.save(GameRecord(full.variant, full.options, full.seats, full.seed, full.actions[:n]), {"table": "kombio"})
        time.sleep(KILL_PACE)
    saver.flush()
    store.record_finished(full)
    print("finished", flush=True)
    time.sleep(60)


def _busy() -> None:
    while True:
        pass


def run_kills(count: int, seed: int, load: int = 0) -> dict[str, Any]:
    import multiprocessing
    import subprocess

    rng = random.Random(seed)
    counts = {"kills": 0, "invalid": 0, "leftovers": 0, "double": 0, "lost_max": 0, "lost_over_one": 0,
              "from_journal": 0, "load": load}
    examples: list[str] = []
    root = Path(tempfile.mkdtemp(prefix="cardhall-kills-"))
    busy = [multiprocessing.Process(target=_busy, daemon=True) for _ in range(load)]
    for process in busy:
        process.start()
    try:
        for i in range(count):
            match_seed = seed * 1000 + i % 5
            full = _kill_match(match_seed)
            home = root / str(i)
            child = subprocess.Popen([sys.executable, __file__, "--autosave-child", str(home), str(match_seed)],
                                     stdout=subprocess.PIPE, text=True)
            assert child.stdout.readline().strip() == "ready"
            deadline = time.perf_counter() + rng.uniform(0, len(full.actions) * (KILL_PACE + 0.002))
            handed = 0
            os.set_blocking(child.stdout.fileno(), False)
            while time.perf_counter() < deadline:
                time.sleep(0.0005)
            child.kill()
            child.wait()
            tail = (child.stdout.read() or "").split()
            numbers = [int(t) for t in tail if t.isdigit()]
            handed = numbers[-1] if numbers else handed
            finished = "finished" in tail
            counts["kills"] += 1
            store = Storage(home, lock=True)                 # the next start
            problems = []
            if store.messages:
                problems.append("invalid: " + store.messages[0])
            left = [p.name for p in home.rglob("*") if p.name.endswith(".tmp") or ".corrupt-" in p.name]
            if left:
                problems.append(f"leftovers: {left}")
            snapshot = json.loads((home / "data" / SAVE_FILE).read_text()) if (home / "data" / SAVE_FILE).exists() else None
            saved = store.saved_match("kombio")
            if saved is not None:
                rec = saved[0]
                counts["from_journal"] += snapshot is not None and len(rec.actions) > len(snapshot["actions"])
                if rec.actions != full.actions[: len(rec.actions)]:
                    problems.append("invalid: the save is not the match")
            counted = store.stats.variants.get("kombio", VariantStats()).played
            # Steps kept: the save's, or the whole match once it was counted, or none at all.
            kept = len(saved[0].actions) if saved is not None else len(full.actions) if counted else 0
            lost = 0 if finished else max(0, handed - kept)
            counts["lost_max"] = max(counts["lost_max"], lost)
            counts["lost_over_one"] += lost > 1
            if lost > 1 and len(examples) < 10:
                examples.append(f"lost {lost}: {handed} handed over, {kept} kept, of {len(full.actions)}")
            if saved is not None:
                store.record_finished(full)                  # Continue, and the match ends
            played = store.stats.variants.get("kombio", VariantStats()).played
            if played > 1 or (played == 0 and (saved is not None or finished)):
                problems.append(f"double: counted {played} times")
            store.close()
            for problem in problems:
                counts[problem.split(":")[0]] += 1
                if len(examples) < 10:
                    examples.append(problem)
            shutil.rmtree(home, ignore_errors=True)
    finally:
        for process in busy:
            process.kill()
            process.join()
        shutil.rmtree(root, ignore_errors=True)
    return {**counts, "examples": examples}


def run_save_cost(actions: int = 1000, seed: int = 1) -> dict[str, Any]:
    """What saving costs the frame path: the time MatchSaver.save takes per action (the journal
    line written on the caller's thread; fsync and snapshots are the worker's) over a bot match of
    at least `actions` steps, and what flush() (a round end) takes at the end."""
    from game.client.storage import MatchSaver

    steps: list[Any] = []
    n = 0
    while len(steps) < actions:
        _, rec = play_match("kombio", ["hard", "easy", "random", "hard"], seed=seed + n, options={"rounds": 20})
        steps, n = rec.actions, n + 1
    rec.result = None
    times = []
    home = Path(tempfile.mkdtemp(prefix="cardhall-savecost-"))
    try:
        saver = MatchSaver(Storage(home))
        for i in range(1, actions + 1):
            record = GameRecord(rec.variant, rec.options, rec.seats, rec.seed, steps[:i])
            started = time.perf_counter()
            saver.save(record, {"table": "kombio"})
            times.append(time.perf_counter() - started)
        started = time.perf_counter()
        saver.flush()
        flushed = time.perf_counter() - started
        saver.close()
        resumed = MatchSaver(Storage(home))     # a continued match: its first save is a snapshot
        started = time.perf_counter()
        resumed.save(GameRecord(rec.variant, rec.options, rec.seats, rec.seed, steps[:actions]), {"table": "kombio"})
        resume = time.perf_counter() - started
        resumed.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)
    first = times[0]        # the snapshot a new match starts with, written at once
    times.sort()
    ms = lambda x: round(x * 1000, 3)  # noqa: E731
    return {"actions": actions, "mean_ms": ms(sum(times) / len(times)), "p99_ms": ms(times[int(len(times) * 0.99)]),
            "max_ms": ms(times[-1]), "first_ms": ms(first), "flush_ms": ms(flushed),
            "resume_first_ms": ms(resume)}


# -- the soak: many seeded bot matches, every invariant checked --------------------------------------------

SOAK_SAMPLE = 200


def soak_spec(seed: int, index: int) -> tuple[str, list[str], dict[str, Any], int]:
    """Match `index` of a soak: a variant, 2 to 6 seats of random bot kinds, random switches, 1 to
    3 rounds (or a low limit for a variant played to one), and its seed."""
    from ai import BOT_KINDS

    rng = random.Random(seed * 1_000_003 + index)
    cls = get_variant(rng.choice(game_ids()))
    seats = rng.randint(max(2, cls.min_seats), min(6, cls.max_seats))
    options: dict[str, Any] = {}
    for spec in cls.option_specs:
        if type(spec.default) is bool:
            options[spec.key] = rng.random() < 0.5
    keys = {spec.key for spec in cls.option_specs}
    if "rounds" in keys:
        options.update(length="rounds", rounds=rng.randint(1, 3))
    elif cls.id == "kabu":   # played to a limit: a low one keeps it to a few rounds
        options.update(target=rng.choice((20, 30, 40)))
    if "round_limit" in keys:   # 16 Combos: one encounter, a short one
        options["round_limit"] = rng.randint(5, 15)
    return cls.id, [rng.choice(BOT_KINDS) for _ in range(seats)], options, rng.randrange(2 ** 32)


def soak_match(seed: int, index: int, replay_json: bool) -> tuple[str, str] | None:
    """Play soak match `index` with bots, replay its record step by step checking that every card
    is in exactly one place after every step and that no seat sees what it may not (its view and
    its events) after every step, then that the replay ends where the match did (every seat's
    view and the result). With replay_json the record also goes through its JSON and the format's
    own check first. Returns None, or (kind, what) with kind "exception" or "broken"."""
    from game.core.record import result_of
    from tests.invariants import leak, misplaced_cards

    variant, bots, options, mseed = soak_spec(seed, index)
    where = f"match {index} ({variant}, {len(bots)} seats {','.join(bots)}, seed {mseed})"
    try:
        session, record = play_match(variant, bots, mseed, options)
        played = session.game
        if replay_json:
            record = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
            record.check()
        replayed = record.new_game()
        for step, (t, action) in enumerate(record.actions):
            events = replayed.apply(action, t)
            why = misplaced_cards(replayed) or leak(replayed, events)
            if why:
                return "broken", f"{where}, step {step}: {why}"
        if not played.over:
            return "broken", f"{where}: the match did not end"
        for seat in range(-1, played.seats):
            if replayed.observe(seat) != played.observe(seat):
                return "broken", f"{where}: the replay ends with a different view for seat {seat}"
        if result_of(replayed) != result_of(played) or record.result != result_of(played):
            return "broken", f"{where}: the replay ends with a different result"
    except Exception as exc:  # noqa: BLE001 - counting exactly these
        return "exception", f"{where}: {type(exc).__name__}: {str(exc)[:160]}"
    return None


def _soak_chunk(job: tuple[int, int, int, int]) -> dict[str, Any]:
    seed, start, stop, every = job
    out = {"matches": 0, "exception": 0, "broken": 0, "replayed": 0, "examples": []}
    for index in range(start, stop):
        sampled = index % every == 0 and index // every < SOAK_SAMPLE
        finding = soak_match(seed, index, sampled)
        out["matches"] += 1
        out["replayed"] += sampled and finding is None
        if finding:
            out[finding[0]] += 1
            out["examples"].append(finding[1])
    return out


def run_soak(count: int, seed: int, workers: int = 1, progress: bool = False,
             part: tuple[int, int] | None = None) -> dict[str, Any]:
    """`count` soak matches over `workers` processes; SOAK_SAMPLE of them, spread evenly, also
    replayed from their JSON through the record's own check. `part` (first, stop) plays only
    those match indices of the run: slices of one seeded run, played on different days or
    machines, add up to exactly the whole run."""
    started = time.perf_counter()
    every = max(1, count // SOAK_SAMPLE)
    chunk = 25
    first, stop = part or (0, count)
    jobs = [(seed, start, min(stop, start + chunk), every) for start in range(first, stop, chunk)]
    count = stop - first
    total = {"matches": 0, "exception": 0, "broken": 0, "replayed": 0, "examples": []}

    def add(part: dict[str, Any]) -> None:
        for key in ("matches", "exception", "broken", "replayed"):
            total[key] += part[key]
        total["examples"] = (total["examples"] + part["examples"])[:10]
        if progress:
            for example in part["examples"]:     # each finding as it comes, not only at the end
                print(f"\nsoak finding: {example}", file=sys.stderr, flush=True)
            rate = total["matches"] / max(1e-9, time.perf_counter() - started)
            print(f"\rsoak: {total['matches']:,}/{count:,} matches, {total['exception']} exceptions, "
                  f"{total['broken']} broken invariants, {total['replayed']} replayed from JSON, "
                  f"{rate:.1f} matches/s", end="", file=sys.stderr, flush=True)

    if workers > 1:
        import multiprocessing

        with multiprocessing.Pool(workers) as pool:
            for part in pool.imap_unordered(_soak_chunk, jobs):
                add(part)
    else:
        for job in jobs:
            add(_soak_chunk(job))
    if progress:
        print(file=sys.stderr)
    return {**total, "seconds": round(time.perf_counter() - started, 1)}


def run(files: int, records: int, seed: int, kills: int = 0, load: int = 0) -> dict[str, Any]:
    started = time.perf_counter()
    out = {"files": run_files(files, seed), "records": run_records(records, seed)}
    if kills:
        out["kills"] = run_kills(kills, seed, load)
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out


def problems(result: dict[str, Any]) -> int:
    f = result["files"]
    total = f["crash"] + f["hang"] + f["lost"] + f["wrong"]
    for r in result["records"].values():
        total += r["traceback"] + r["hang"] + r["wrong"]
    k = result.get("kills")
    if k:
        total += k["invalid"] + k["leftovers"] + k["double"] + k["lost_over_one"]
    return total


def main_(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="a few seconds: 150 files, 25 records per variant")
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--records", type=int, default=1_000, help="mutated records per variant")
    parser.add_argument("--kills", type=int, default=200, help="processes killed while autosaving")
    parser.add_argument("--kill-load", type=int, default=2, help="busy processes during the kills (2: both cores)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--save-cost", type=int, metavar="ACTIONS",
                        help="only measure what MatchSaver.save costs the frame path over a match this long")
    parser.add_argument("--soak", type=int, metavar="MATCHES",
                        help="only the soak: this many seeded bot matches, every invariant checked")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes for the soak")
    parser.add_argument("--part", metavar="FIRST:STOP", help="only these match indices of the soak run "
                        "(slices of one run add up to the whole run)")
    parser.add_argument("--autosave-child", nargs=2, metavar=("HOME", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.autosave_child:
        autosave_child(args.autosave_child[0], int(args.autosave_child[1]))
        return 0
    if args.save_cost:
        cost = run_save_cost(args.save_cost, args.seed)
        print(json.dumps(cost) if args.json else
              f"saving a {cost['actions']}-action match: {cost['mean_ms']} ms per action on average, p99 "
              f"{cost['p99_ms']} ms, max {cost['max_ms']} ms (the first, a snapshot: {cost['first_ms']} ms); "
              f"flush at the end {cost['flush_ms']} ms; the first save of the match continued: {cost['resume_first_ms']} ms")
        return 0
    if args.soak:
        part = None
        if args.part:
            try:
                first, stop = (int(x) for x in args.part.split(":"))
            except ValueError:
                parser.error("--part takes FIRST:STOP, e.g. 0:25000")
            if not 0 <= first < stop <= args.soak:
                parser.error(f"--part must lie within 0:{args.soak}")
            part = (first, stop)
        soak = run_soak(args.soak, args.seed, args.workers, progress=True, part=part)
        every = max(1, args.soak // SOAK_SAMPLE)
        first, stop = part or (0, args.soak)
        samples = sum(1 for i in range(first, stop) if i % every == 0 and i // every < SOAK_SAMPLE)
        if args.json:
            print(json.dumps(soak, indent=1))
        else:
            print(f"soak{f' (matches {first:,} to {stop - 1:,} of {args.soak:,})' if part else ''}: "
                  f"{soak['matches']:,} matches, {soak['exception']} exceptions, {soak['broken']} broken "
                  f"invariants, {soak['replayed']} sampled records replayed identically from JSON; {soak['seconds']} s")
            for ex in soak["examples"]:
                print("   ", ex)
        return 0 if soak["exception"] + soak["broken"] == 0 and soak["replayed"] == samples else 1
    files, records, kills = (150, 25, 3) if args.short else (args.files, args.records, args.kills)
    result = run(files, records, args.seed, kills, args.kill_load)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        f = result["files"]
        print(f"corrupt files: {f['cases']} cases, {f['crash']} crashes, {f['hang']} hangs, "
              f"{f['lost']} silent losses, {f['wrong']} accepted-but-wrong")
        for ex in f["examples"]:
            print("   ", ex)
        for vid, r in result["records"].items():
            print(f"mutated {vid} records: {r['cases']} cases, {r['traceback']} tracebacks, {r['hang']} hangs, "
                  f"{r['wrong']} accepted-but-wrong ({', '.join(f'{k} {n}' for k, n in sorted(r['mutations'].items()))})")
            for ex in r["examples"]:
                print("   ", ex)
        k = result.get("kills")
        if k:
            print(f"kills while autosaving: {k['kills']}, {k['invalid']} invalid resumes, {k['leftovers']} with "
                  f"leftover files, {k['double']} double counts, at most {k['lost_max']} action(s) lost "
                  f"({k['lost_over_one']} kills lost more than one; {k['from_journal']} resumes read steps from the journal; "
                  f"{k['load']} busy processes)")
            for ex in k["examples"]:
                print("   ", ex)
        print(f"{result['seconds']} s")
    return 0 if problems(result) == 0 else 1


if __name__ == "__main__":
    sys.exit(main_())
