"""Where the client keeps what outlives a session: settings, statistics and the saved match.

Files live in the platform's config/data directories (platformdirs, app name "Cardhall"), or
under ``$CARDHALL_HOME`` (``config/`` and ``data/``) for tests and portable installs.

Every write is atomic (game.core.files). A file that cannot be read or understood is set aside
(renamed ``*.corrupt-<time>``), defaults are used, and a sentence for the player is appended to
``Storage.messages``; the main menu shows those as a dismissible notice. Nothing here raises on a
bad file.

This module imports no pygame.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.core.files import atomic_write_json, atomic_write_text, set_aside

APP_NAME = "Cardhall"
SETTINGS_FILE = "settings.json"
STATS_FILE = "statistics.json"
SAVE_FILE = "saved-match.json"
STATS_FORMAT = 1

ANIMATION_SPEEDS: tuple[Any, ...] = (0.5, 0.75, 1.0, 1.5, 2.0, 3.0, "fastest")
BOT_SPEEDS: tuple[str, ...] = ("relaxed", "normal", "quick")
_BOT_DELAY_SCALE = {"relaxed": 1.5, "normal": 1.0, "quick": 0.6}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@dataclass
class Settings:
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    animation_speed: Any = 1.0          # a multiplier from ANIMATION_SPEEDS, or "fastest"
    reaction_seconds: float = 3.0       # 0 = wait for every human to pass
    sound: bool = True
    volume: float = 0.7                 # 0..1
    memory_aid: bool = False
    colour_blind: bool = False
    bot_speed: str = "normal"           # one of BOT_SPEEDS
    player_name: str = "You"
    # The last setup used per variant: {"seats": [...SeatInfo json], "options": {...}}
    last_setup: dict[str, Any] = field(default_factory=dict)

    # -- derived values the table code uses ------------------------------------------------
    def animation_scale(self) -> float:
        """Multiply an animation's nominal duration by this (0 for "fastest": instant)."""
        if self.animation_speed == "fastest":
            return 0.0
        return 1.0 / float(self.animation_speed)

    def bot_delay_scale(self) -> float:
        """Multiply a bot's thinking/reaction delay by this."""
        return _BOT_DELAY_SCALE.get(self.bot_speed, 1.0)

    # -- (de)serialisation ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> tuple["Settings", list[str]]:
        """Settings from a JSON object; invalid values fall back to defaults. Returns the
        settings and the keys that were invalid."""
        settings = cls()
        bad: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            checked = _check_setting(f.name, value)
            if checked is _INVALID:
                bad.append(f.name)
            else:
                setattr(settings, f.name, checked)
        return settings, bad


_INVALID = object()


def _check_setting(name: str, value: Any) -> Any:
    if name == "window_size":
        if (isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                and 320 <= value[0] <= 16384 and 240 <= value[1] <= 16384):
            return (int(value[0]), int(value[1]))
        return _INVALID
    if name in ("fullscreen", "sound", "memory_aid", "colour_blind"):
        return value if isinstance(value, bool) else _INVALID
    if name == "animation_speed":
        if value == "fastest":
            return value
        if _is_number(value) and value in ANIMATION_SPEEDS:
            return float(value)
        return _INVALID
    if name == "reaction_seconds":
        return float(value) if _is_number(value) and 0 <= value <= 10 else _INVALID
    if name == "volume":
        return float(value) if _is_number(value) and 0 <= value <= 1 else _INVALID
    if name == "bot_speed":
        return value if value in BOT_SPEEDS else _INVALID
    if name == "player_name":
        return value[:20] if isinstance(value, str) and value.strip() else _INVALID
    if name == "last_setup":
        return value if isinstance(value, dict) else _INVALID
    return _INVALID


@dataclass
class VariantStats:
    played: int = 0
    won: int = 0
    scores: list[int] = field(default_factory=list)   # the human seats' final totals, newest last
    lowest_wins: bool = True

    @property
    def best(self) -> int | None:
        if not self.scores:
            return None
        return min(self.scores) if self.lowest_wins else max(self.scores)

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    def to_json(self) -> dict[str, Any]:
        return {"played": self.played, "won": self.won, "scores": self.scores[-500:],
                "lowest_wins": self.lowest_wins}

    @classmethod
    def from_json(cls, data: Any) -> "VariantStats":
        if not isinstance(data, dict):
            raise ValueError("variant statistics must be an object")
        played, won, scores = data.get("played", 0), data.get("won", 0), data.get("scores", [])
        if not (isinstance(played, int) and isinstance(won, int) and 0 <= won <= played):
            raise ValueError("played/won must be whole numbers with won <= played")
        if not isinstance(scores, list) or not all(_is_number(s) for s in scores):
            raise ValueError("scores must be a list of numbers")
        return cls(played, won, [int(s) for s in scores], bool(data.get("lowest_wins", True)))


@dataclass
class LastMatch:
    """The most recent finished match, for the chart: running totals per round, per seat."""
    variant: str
    names: list[str]
    totals_by_round: list[list[int]]    # totals_by_round[r][seat] = seat's total after round r
    winners: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> "LastMatch":
        if not isinstance(data, dict):
            raise ValueError("last match must be an object")
        names, rounds = data.get("names"), data.get("totals_by_round")
        if not isinstance(data.get("variant"), str) or not isinstance(names, list) or not isinstance(rounds, list):
            raise ValueError("last match needs variant, names and totals_by_round")
        if not all(isinstance(n, str) for n in names):
            raise ValueError("names must be strings")
        for row in rounds:
            if not isinstance(row, list) or len(row) != len(names) or not all(_is_number(v) for v in row):
                raise ValueError("each round needs one number per seat")
        winners = data.get("winners", [])
        if not isinstance(winners, list):
            raise ValueError("winners must be a list")
        return cls(data["variant"], names, [[int(v) for v in row] for row in rounds], [int(w) for w in winners])


@dataclass
class Statistics:
    variants: dict[str, VariantStats] = field(default_factory=dict)
    last_match: LastMatch | None = None

    def for_variant(self, variant_id: str) -> VariantStats:
        return self.variants.setdefault(variant_id, VariantStats())

    def to_json(self) -> dict[str, Any]:
        return {"format": STATS_FORMAT,
                "variants": {k: v.to_json() for k, v in sorted(self.variants.items())},
                "last_match": self.last_match.to_json() if self.last_match else None}

    @classmethod
    def from_json(cls, data: Any) -> "Statistics":
        if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
            raise ValueError("not a statistics file of this format")
        variants = data.get("variants", {})
        if not isinstance(variants, dict):
            raise ValueError("variants must be an object")
        last = data.get("last_match")
        return cls({str(k): VariantStats.from_json(v) for k, v in variants.items()},
                   LastMatch.from_json(last) if last is not None else None)


def default_dirs() -> tuple[Path, Path]:
    """(config dir, data dir): $CARDHALL_HOME/{config,data} if set, else the platform's."""
    home = os.environ.get("CARDHALL_HOME")
    if home:
        base = Path(home).expanduser()
        return base / "config", base / "data"
    import platformdirs

    return (Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


class Storage:
    """Settings, statistics and the saved match, loaded once at start-up."""

    def __init__(self, home: Path | str | None = None):
        if home is not None:
            base = Path(home)
            self.config_dir, self.data_dir = base / "config", base / "data"
        else:
            self.config_dir, self.data_dir = default_dirs()
        self.messages: list[str] = []
        self.settings = self._load_settings()
        self.stats = self._load_stats()
        self._saved: tuple[Any, dict[str, Any]] | None = None
        self._saved_checked = False

    # -- paths ------------------------------------------------------------------------------
    @property
    def settings_path(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def stats_path(self) -> Path:
        return self.data_dir / STATS_FILE

    @property
    def save_path(self) -> Path:
        return self.data_dir / SAVE_FILE

    # -- reading with set-aside -------------------------------------------------------------
    def _read_json(self, path: Path, what: str) -> Any:
        """The parsed JSON of a file, None if it does not exist, or _INVALID after setting a
        broken file aside (with a message)."""
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError):
            self._set_aside(path, what)
            return _INVALID
        try:
            return json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            self._set_aside(path, what)
            return _INVALID

    def _set_aside(self, path: Path, what: str, default_note: str = "defaults are used") -> None:
        try:
            moved = set_aside(path)
            where = f" (kept as {moved.name})"
        except OSError:
            where = ""
        self.messages.append(f"Your {what} file could not be read{where}; {default_note}.")

    def _load_settings(self) -> Settings:
        data = self._read_json(self.settings_path, "settings")
        if data is None or data is _INVALID:
            return Settings()
        if not isinstance(data, dict):
            self._set_aside(self.settings_path, "settings")
            return Settings()
        settings, bad = Settings.from_json(data)
        if bad:
            self.messages.append("Some settings were not valid and were reset: " + ", ".join(b.replace("_", " ") for b in bad) + ".")
        return settings

    def _load_stats(self) -> Statistics:
        data = self._read_json(self.stats_path, "statistics")
        if data is None or data is _INVALID:
            return Statistics()
        try:
            return Statistics.from_json(data)
        except (ValueError, TypeError):
            self._set_aside(self.stats_path, "statistics", "statistics start again from zero")
            return Statistics()

    # -- settings ---------------------------------------------------------------------------
    def save_settings(self) -> None:
        atomic_write_json(self.settings_path, self.settings.to_json())

    # -- statistics -------------------------------------------------------------------------
    def save_stats(self) -> None:
        atomic_write_json(self.stats_path, self.stats.to_json())

    def record_finished(self, record: Any, lowest_wins: bool = True) -> None:
        """Count a finished match (a GameRecord with a result) in the statistics, remember it as
        the last match for the chart, clear the saved match and write everything."""
        result = record.result or {}
        rounds = [list(r) for r in result.get("rounds", [])]
        seats = record.seats
        names = [s.name for s in seats]
        running = [0] * len(seats)
        totals_by_round = []
        for row in rounds:
            running = [a + int(b) for a, b in zip(running, row)]
            totals_by_round.append(list(running))
        totals = [int(t) for t in result.get("totals", running)]
        if totals_by_round and totals_by_round[-1] != totals:
            # The variant adjusted totals (e.g. halving at 50/100): make the last point exact.
            totals_by_round[-1] = list(totals)
        winners = [int(w) for w in result.get("winners", [])]
        vs = self.stats.for_variant(record.variant)
        vs.lowest_wins = lowest_wins
        humans = [i for i, s in enumerate(seats) if s.kind == "human"]
        if humans:
            vs.played += 1
            if any(i in winners for i in humans):
                vs.won += 1
            vs.scores.extend(totals[i] for i in humans if i < len(totals))
        self.stats.last_match = LastMatch(record.variant, names, totals_by_round or [totals], winners)
        self.save_stats()
        self.clear_match()

    # -- the saved unfinished match ----------------------------------------------------------
    def save_match(self, record: Any, meta: dict[str, Any] | None = None) -> None:
        """Write the unfinished match: the GameRecord's JSON, plus a "client" key of metadata."""
        data = record.to_json()
        data["client"] = dict(meta or {})
        atomic_write_json(self.save_path, data)
        self._saved, self._saved_checked = (record, dict(meta or {})), True

    def _match_written(self, record: Any, meta: dict[str, Any]) -> None:
        self._saved, self._saved_checked = (record, dict(meta)), True

    def saved_match(self) -> tuple[Any, dict[str, Any]] | None:
        """(GameRecord, client metadata) of the saved unfinished match, or None. A save that
        cannot be read (or names a variant this build lacks) is set aside with a message."""
        if self._saved_checked:
            return self._saved
        self._saved_checked = True
        data = self._read_json(self.save_path, "saved match")
        if data is None or data is _INVALID:
            return None
        from game.core.errors import CardhallError
        from game.core.record import GameRecord

        try:
            record = GameRecord.from_json(data)
            meta = data.get("client") or {}
            if not isinstance(meta, dict):
                raise ValueError("client metadata must be an object")
        except (CardhallError, ValueError, TypeError, KeyError, ImportError):
            self._set_aside(self.save_path, "saved match", "it cannot be continued")
            return None
        if record.result is not None:
            self.clear_match()
            return None
        self._saved = (record, meta)
        return self._saved

    def clear_match(self) -> None:
        try:
            self.save_path.unlink()
        except FileNotFoundError:
            pass
        self._saved, self._saved_checked = None, True

    def discard_saved_as_broken(self) -> None:
        """The table could not rebuild the saved match: keep it aside and tell the player."""
        if self.save_path.exists():
            self._set_aside(self.save_path, "saved match", "it cannot be continued")
        self._saved, self._saved_checked = None, True


class MatchSaver:
    """Saves the unfinished match from a worker thread, so a long record never costs a frame.

    `save(record, meta)` only hands over the newest snapshot (a GameRecord whose action list is a
    copy) and returns at once; the worker writes the newest snapshot it has, atomically, so the
    file on disk is never more than the action being written behind. Actions never change once
    played, so their JSON is kept between saves and only new steps are serialised. `flush()`
    waits until the newest snapshot is on disk (round and match ends, pause, quit); `close()`
    flushes and stops the worker. A failed write is kept in `error` for the table to report.
    """

    def __init__(self, store: Storage):
        self.store = store
        self.error: OSError | None = None
        self._lock = threading.Condition()
        self._latest: tuple[Any, dict[str, Any]] | None = None
        self._writing = False
        self._closed = False
        self._steps: list[Any] = []     # the (t, action) pairs whose JSON is cached, by position
        self._texts: list[str] = []
        self._thread = threading.Thread(target=self._run, name="cardhall-saver", daemon=True)
        self._thread.start()

    def save(self, record: Any, meta: dict[str, Any] | None = None) -> None:
        with self._lock:
            if self._closed:
                raise RuntimeError("the match saver is closed")
            self._latest = (record, dict(meta or {}))
            self._lock.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Block until every snapshot handed over is written; False if that took over `timeout`."""
        with self._lock:
            return self._lock.wait_for(lambda: self._latest is None and not self._writing, timeout)

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join(timeout=5.0)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._latest is not None or self._closed)
                if self._latest is None:
                    return
                record, meta = self._latest
                self._latest, self._writing = None, True
            try:
                atomic_write_text(self.store.save_path, self._text(record, meta))
                self.store._match_written(record, meta)
            except OSError as exc:
                self.error = exc
            finally:
                with self._lock:
                    self._writing = False
                    self._lock.notify_all()

    def _text(self, record: Any, meta: dict[str, Any]) -> str:
        steps = record.actions
        same = 0
        while same < len(self._steps) and same < len(steps) and self._steps[same] is steps[same]:
            same += 1
        del self._steps[same:], self._texts[same:]
        for index in range(same, len(steps)):
            self._steps.append(steps[index])
            self._texts.append(json.dumps(record.step_json(index, *steps[index]), sort_keys=True))
        head = record.to_json(steps=False)
        head["client"] = meta
        text = json.dumps(head, sort_keys=True)
        marker = '"actions": []'
        at = text.index(marker) + len(marker) - 1
        return text[:at] + ",\n".join(self._texts) + text[at:]

