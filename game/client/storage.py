"""Where the client keeps what outlives a session: settings, statistics and the saved matches
(one per variant: ``saves/<variant>.json`` and its journal ``saves/<variant>.journal``).

Files live in the platform's config/data directories (platformdirs, app name "Cardhall"), or
under ``$CARDHALL_HOME`` (``config/`` and ``data/``) for tests and portable installs.

Every write is atomic (game.core.files). A file that cannot be read or understood is set aside
(renamed ``*.corrupt-<time>``), defaults are used, and a sentence for the player is appended to
``Storage.messages``; the main menu shows those as a dismissible notice. Nothing here raises on a
bad file.

This module imports no pygame.
"""

from __future__ import annotations

import errno
import os
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.core import schema
from game.core.files import (UnreadableFile, atomic_write_json, atomic_write_text, clean_temporary, keep_copy,
                             parse_json, read_bytes, read_json, set_aside)
from game.core.schema import SchemaError
from game.log import logger

APP_NAME = "Cardhall"
SETTINGS_FILE = "settings.json"
STATS_FILE = "statistics.json"
SAVES_DIR = "saves"                     # one saved match per variant: <variant>.json + <variant>.journal
SAVE_SUFFIX = ".json"
JOURNAL_SUFFIX = ".journal"             # the steps played since the save's snapshot, one line each
LEGACY_SAVE_FILE = "saved-match.json"   # the single save of earlier versions, moved into its slot
LEGACY_JOURNAL_FILE = "saved-match.journal"
HOSTED_MATCH_FILE = "hosted-match.json"   # the hosting machine's autosave of a network match (Continue hosting)
JOURNAL_BOUND = 200                     # lines after which the saver writes a new snapshot
RETRY_EVERY = 10                        # after a failed write, the saver tries a new snapshot every 10th save
LOCK_FILE = "cardhall.lock"
STATS_FORMAT = 1
SCORES_KEPT = 500           # the newest human scores per variant
FINISHED_KEPT = 50          # identities of the newest counted matches (a match is counted once)
SCORE_LIMIT = 10 ** 6
_log = logger(__name__)      # (logging is imported when it logs: game/log.py)

# A window larger than an 8K screen is never wanted, and SDL takes seconds to draw its first frame.
WINDOW_MIN, WINDOW_MAX = (320, 240), (7680, 4320)
ANIMATION_SPEEDS: tuple[Any, ...] = (0.5, 0.75, 1.0, 1.5, 2.0, 3.0, "fastest")
BOT_SPEEDS: tuple[str, ...] = ("relaxed", "normal", "quick")
TEXT_SIZES: tuple[float, ...] = (0.9, 1.0, 1.15, 1.3)
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((960, 540), (1280, 720), (1600, 900), (1920, 1080))
_BOT_DELAY_SCALE = {"relaxed": 1.5, "normal": 1.0, "quick": 0.6}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@dataclass
class Settings:
    """What the player chose in Settings (and the window's size), kept in settings.json."""

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
    text_size: float = 1.0              # one of TEXT_SIZES: every font is scaled by it
    # A language code from game.i18n.LANGUAGE_NAMES, or "" for the system's language (the default:
    # settings files from before there was a choice have no key and get it)
    language: str = ""
    # Speech (docs/speech.md): every screen, the focused item and its value spoken; off by default,
    # Ctrl+S turns it on anywhere. The rate is speech-dispatcher's scale, 0 the engine's normal.
    speech: bool = False
    speech_rate: int = 0                # -100 (slowest) .. 100 (fastest)
    # The last setup used per variant: {"seats": [...SeatInfo json], "options": {...}}
    last_setup: dict[str, Any] = field(default_factory=dict)
    # The variants whose guided first match was offered already (it is offered once per variant)
    guides_offered: list[str] = field(default_factory=list)

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
                and WINDOW_MIN[0] <= value[0] <= WINDOW_MAX[0] and WINDOW_MIN[1] <= value[1] <= WINDOW_MAX[1]):
            return (int(value[0]), int(value[1]))
        return _INVALID
    if name == "speech_rate":
        return int(value) if _is_number(value) and float(value).is_integer() and -100 <= value <= 100 else _INVALID
    if name in ("fullscreen", "sound", "memory_aid", "colour_blind", "speech"):
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
    if name == "text_size":
        return float(value) if _is_number(value) and value in TEXT_SIZES else _INVALID
    if name == "bot_speed":
        return value if value in BOT_SPEEDS else _INVALID
    if name == "language":
        from game import i18n

        return value if isinstance(value, str) and (value == "" or i18n.known(value)) else _INVALID
    if name == "player_name":
        return value if _valid(schema.text, value, "", 20) else _INVALID
    if name == "last_setup":
        return value if _valid(_check_last_setup, value) else _INVALID
    if name == "guides_offered":
        return list(value) if _valid(_check_variant_ids, value) else _INVALID
    return _INVALID


def _valid(check: Any, *args: Any) -> bool:
    try:
        check(*args)
    except SchemaError:
        return False
    return True


def _check_last_setup(value: Any) -> None:
    """{variant id: {"seats": [{"name", "kind"}...], "options": {key: a short scalar}}}; the setup
    screen checks the options against the variant again when it uses them."""
    schema.obj(value, "last setup")
    if len(value) > 50:
        raise SchemaError("last setup: too many variants")
    for vid, setup in value.items():
        schema.text(vid, "last setup", 40)
        schema.obj(setup, vid, ("seats", "options"))
        for i, seat in enumerate(schema.items(setup.get("seats", []), f"{vid}.seats", 16)):
            schema.obj(seat, f"{vid}.seats[{i}]", ("name", "kind"))
            schema.text(seat.get("name"), f"{vid}.seats[{i}].name", schema.NAME_MAX)
            schema.text(seat.get("kind"), f"{vid}.seats[{i}].kind", 20)
        options = schema.obj(setup.get("options", {}), f"{vid}.options")
        if len(options) > 50:
            raise SchemaError(f"{vid}.options: too many options")
        for key, option in options.items():
            schema.text(key, f"{vid}.options", 40)
            _scalar(option, f"{vid}.options.{key}")


def _check_variant_ids(value: Any) -> None:
    for i, vid in enumerate(schema.items(value, "guides offered", 50)):
        schema.text(vid, f"guides offered[{i}]", 40)


def _scalar(value: Any, where: str) -> None:
    """A short JSON scalar: null, true/false, a bounded finite number or a short printable string."""
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        schema.number(value, where, -1e9, 1e9)
    else:
        schema.text(value, where, schema.LABEL_MAX, empty=True)


@dataclass
class VariantStats:
    """One game's statistics: matches played and won, the human seats' final scores."""

    played: int = 0
    won: int = 0
    scores: list[int] = field(default_factory=list)   # the human seats' final totals, newest last
    lowest_wins: bool = True
    coached: int = 0            # matches in which the coach was asked at least once

    @property
    def best(self) -> int | None:
        if not self.scores:
            return None
        return min(self.scores) if self.lowest_wins else max(self.scores)

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    def to_json(self) -> dict[str, Any]:
        return {"played": self.played, "won": self.won, "scores": self.scores[-SCORES_KEPT:],
                "lowest_wins": self.lowest_wins, "coached": self.coached}

    @classmethod
    def from_json(cls, data: Any, where: str = "variant") -> "VariantStats":
        schema.obj(data, where, ("played", "won", "scores", "lowest_wins", "coached"))
        played = schema.integer(data.get("played", 0), f"{where}.played", 0, schema.INT_LIMIT)
        won = schema.integer(data.get("won", 0), f"{where}.won", 0, played)
        scores = schema.items(data.get("scores", []), f"{where}.scores", SCORES_KEPT)
        for i, v in enumerate(scores):
            schema.integer(v, f"{where}.scores[{i}]", -SCORE_LIMIT, SCORE_LIMIT)
        return cls(played, won, list(scores), schema.boolean(data.get("lowest_wins", True), f"{where}.lowest_wins"),
                   schema.integer(data.get("coached", 0), f"{where}.coached", 0, played))


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
        schema.obj(data, "last match", ("variant", "names", "totals_by_round", "winners"))
        variant = schema.text(data.get("variant"), "last match.variant", 40)
        names = schema.items(data.get("names"), "last match.names", 16, 1)
        for i, n in enumerate(names):
            schema.text(n, f"last match.names[{i}]", schema.NAME_MAX)
        rounds = schema.items(data.get("totals_by_round"), "last match.totals_by_round", 10_000)
        for r, row in enumerate(rounds):
            for i, v in enumerate(schema.items(row, f"last match.totals_by_round[{r}]", len(names), len(names))):
                schema.integer(v, f"last match.totals_by_round[{r}][{i}]", -SCORE_LIMIT, SCORE_LIMIT)
        winners = schema.items(data.get("winners", []), "last match.winners", len(names))
        for i, w in enumerate(winners):
            schema.integer(w, f"last match.winners[{i}]", 0, len(names) - 1)
        return cls(variant, list(names), [list(row) for row in rounds], list(winners))


@dataclass
class Statistics:
    """Every game's statistics and the last finished match, kept in statistics.json."""

    variants: dict[str, VariantStats] = field(default_factory=dict)
    last_match: LastMatch | None = None
    # The identities of the newest matches counted (match_identity), so finishing the same match
    # again (continued from a save that a kill left behind) never counts it twice.
    finished: list[str] = field(default_factory=list)

    def for_variant(self, variant_id: str) -> VariantStats:
        return self.variants.setdefault(variant_id, VariantStats())

    def to_json(self) -> dict[str, Any]:
        return {"format": STATS_FORMAT,
                "variants": {k: v.to_json() for k, v in sorted(self.variants.items())},
                "last_match": self.last_match.to_json() if self.last_match else None,
                "finished": self.finished[-FINISHED_KEPT:]}

    @classmethod
    def from_json(cls, data: Any) -> "Statistics":
        schema.obj(data, "statistics", ("format", "variants", "last_match", "finished"))
        if type(data.get("format")) is not int or data["format"] != STATS_FORMAT:
            raise SchemaError("not a statistics file of this format")
        variants = schema.obj(data.get("variants", {}), "variants")
        if len(variants) > 50:
            raise SchemaError("variants: too many")
        for k in variants:
            schema.text(k, "variants", 40)
        finished = schema.items(data.get("finished", []), "finished", FINISHED_KEPT)
        for i, f in enumerate(finished):
            schema.text(f, f"finished[{i}]", 64)
        last = data.get("last_match")
        return cls({k: VariantStats.from_json(v, k) for k, v in variants.items()},
                   LastMatch.from_json(last) if last is not None else None, list(finished))


def match_identity(record: Any) -> str:
    """A match's identity: its variant, options, seats and seed (a new match draws a new seed)."""
    import hashlib   # (here: OpenSSL's start-up is not the menu's first frame's to pay)
    import json      # (the same: a first start, with no file to read, shows its menu without json)

    key = json.dumps([record.variant, record.options, [s.to_json() for s in record.seats], record.seed],
                     sort_keys=True, default=str)
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _check_meta(meta: Any) -> dict[str, Any]:
    """The client's metadata in a save: a few short scalars ("table", "summary", ...)."""
    schema.obj(meta, "client")
    if len(meta) > 20:
        raise SchemaError("client: too many keys")
    for key, value in meta.items():
        schema.text(key, "client", 40)
        _scalar(value, f"client.{key}")
    return meta


def valid_variant_id(variant: Any) -> bool:
    """A variant id that can name a save file: lower-case letters, digits and dashes."""
    return isinstance(variant, str) and re.fullmatch(r"[a-z0-9][a-z0-9-]{0,39}", variant) is not None


def _home_set() -> Path | None:
    home = os.environ.get("CARDHALL_HOME")
    return Path(home).expanduser() if home else None


def default_dirs() -> tuple[Path, Path]:
    """(config dir, data dir): $CARDHALL_HOME/{config,data} if set, else the platform's."""
    base = _home_set()
    if base is not None:
        return base / "config", base / "data"
    import platformdirs

    return (Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def default_cache_dir() -> Path:
    """Where what the game can make again is kept between runs (the felt drawn for the window's
    size): $CARDHALL_HOME/cache if set, else the platform's cache folder."""
    base = _home_set()
    if base is not None:
        return base / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


class NotSaved(OSError):
    """A write that failed. `text` tells the player what is and is not saved; `kind` is "match"
    (the unfinished match) or "result" (a finished match's statistics)."""

    def __init__(self, cause: BaseException, text: str, kind: str = "match"):
        number = cause.errno if isinstance(cause, OSError) else None
        super().__init__(number, getattr(cause, "strerror", None) or str(cause))
        self.text, self.kind = text, kind


def why_not_saved(exc: BaseException) -> str:
    """Why a write failed, as the player reads it: "the disk is full"."""
    number = exc.errno if isinstance(exc, OSError) else None
    if number == errno.ENOSPC:
        return "the disk is full"
    if number == getattr(errno, "EDQUOT", None):
        return "your disk quota is used up"
    if number == errno.EROFS:
        return "the disk is read-only"
    if number in (errno.EACCES, errno.EPERM):
        return "Cardhall may not write to its folder"
    reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return f"the system said: {reason}"


class Storage:
    """Settings, statistics and the saved matches (one per variant), loaded once at start-up.

    With lock=True (the game itself) the home folder is locked first: a second copy of the game on
    the same folder gets a notice and never writes (read_only), so it cannot clobber the first
    copy's statistics or saved matches; the copy holding the lock removes the temporary files that
    killed writes left behind.
    """

    def __init__(self, home: Path | str | None = None, lock: bool = False):
        if home is not None:
            base = Path(home)
            self.config_dir, self.data_dir = base / "config", base / "data"
            self.cache_dir = base / "cache"
        else:
            self.config_dir, self.data_dir = default_dirs()
            self.cache_dir = default_cache_dir()
        self.messages: list[str] = []
        self.read_only = False
        # A finished match counted here whose statistics could not be written yet (a full disk),
        # and the notice that says so: written again by retry_writes() until they are.
        self.unsaved_result: str | None = None
        self._unsaved_notice = ""
        self._lock_handle: Any = None
        if lock:
            self._lock_home()
        self.settings = self._load_settings()
        self.stats = self._load_stats()
        self._saved: dict[str, tuple[Any, dict[str, Any]] | None] = {}   # variant -> its save, once read
        # A read-only copy's view of the saves on disk: the other copy's, never continued here.
        self._others: dict[str, tuple[Any, dict[str, Any]]] = {}
        if not self.read_only:
            self._move_single_save()

    # -- paths ------------------------------------------------------------------------------
    @property
    def settings_path(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def stats_path(self) -> Path:
        return self.data_dir / STATS_FILE

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / SAVES_DIR

    def save_path(self, variant: str) -> Path:
        """The variant's saved match (its snapshot)."""
        if not valid_variant_id(variant):
            raise ValueError(f"not a variant id: {variant!r}")
        return self.saves_dir / (variant + SAVE_SUFFIX)

    def journal_path(self, variant: str) -> Path:
        return self.save_path(variant).with_suffix(JOURNAL_SUFFIX)

    def saved_at(self, variant: str) -> float | None:
        """When the variant's saved match was last written (its snapshot or journal), or None."""
        times = []
        for path in (self.save_path(variant), self.journal_path(variant)):
            try:
                times.append(path.stat().st_mtime)
            except OSError:
                pass
        return max(times) if times else None

    @property
    def lock_path(self) -> Path:
        return self.data_dir / LOCK_FILE

    # -- one copy of the game per home folder ------------------------------------------------
    def _lock_home(self) -> None:
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            handle = open(self.lock_path, "a+b")
        except OSError:
            return          # a folder we cannot write: the writes will report their own errors
        if not _try_lock(handle):
            handle.close()
            self.read_only = True
            self.messages.append("Cardhall is already open with this home folder, so this window only reads: it "
                                 "cannot continue a saved match, and settings, statistics and matches are not saved.")
            return
        self._lock_handle = handle
        for folder in (self.config_dir, self.data_dir, self.saves_dir):
            clean_temporary(folder)

    def close(self) -> None:
        """Release the home folder's lock (the process ending releases it too)."""
        if self._lock_handle is not None:
            try:
                self._lock_handle.close()
            except OSError:
                pass
            self._lock_handle = None

    # -- reading with set-aside -------------------------------------------------------------
    def _read_json(self, path: Path, what: str, default_note: str = "defaults are used") -> Any:
        """The parsed JSON of a file, None if it does not exist, or _INVALID after setting a
        broken file aside (with a message)."""
        try:
            return read_json(path)
        except UnreadableFile as exc:
            self._set_aside(path, what, default_note, str(exc))
            return _INVALID

    def _set_aside(self, path: Path, what: str, default_note: str = "defaults are used", why: str = "") -> None:
        why = f" ({why})" if why else ""
        if self.read_only:    # the other copy owns the files: leave them be
            self.messages.append(f"Your {what} file could not be read{why}; {default_note}.")
            return
        try:
            moved = set_aside(path)
            where = f", kept as {moved.name}"
        except OSError:
            where = ""
        self.messages.append(f"Your {what} file could not be read{why}{where}; {default_note}.")

    def _load_settings(self) -> Settings:
        data = self._read_json(self.settings_path, "settings")
        if data is None or data is _INVALID:
            return Settings()
        if not isinstance(data, dict):
            self._set_aside(self.settings_path, "settings", why="not an object")
            return Settings()
        settings, bad = Settings.from_json(data)
        if bad:
            # Keep the file for a bug report, and write the settings that were fine at once.
            kept = ""
            if not self.read_only:
                try:
                    kept = f" (the old file was kept as {set_aside(self.settings_path).name})"
                    atomic_write_json(self.settings_path, settings.to_json())
                except (OSError, ValueError):
                    pass
            shown = ", ".join(b.replace("_", " ") for b in bad)
            self.messages.append(f"Some settings were not valid and were reset: {shown}{kept}.")
        return settings

    def _load_stats(self) -> Statistics:
        note = "statistics start again from zero"
        data = self._read_json(self.stats_path, "statistics", note)
        if data is None or data is _INVALID:
            return Statistics()
        try:
            return Statistics.from_json(data)
        except SchemaError as exc:
            self._set_aside(self.stats_path, "statistics", note, str(exc)[:120])
            return Statistics()

    # -- settings ---------------------------------------------------------------------------
    def save_settings(self) -> None:
        if not self.read_only:
            atomic_write_json(self.settings_path, self.settings.to_json())

    # -- statistics -------------------------------------------------------------------------
    def save_stats(self) -> None:
        if not self.read_only:
            atomic_write_json(self.stats_path, self.stats.to_json())
        if self.unsaved_result is not None:        # what was waiting is written now
            self.unsaved_result = None
            if self._unsaved_notice in self.messages:
                self.messages.remove(self._unsaved_notice)

    def retry_writes(self) -> str | None:
        """Write the statistics a full disk held back; the variant whose result now counts, or None
        (nothing waited, or the write failed again)."""
        variant = self.unsaved_result
        if variant is None:
            return None
        try:
            self.save_stats()
        except OSError:
            return None
        return variant

    def reset_stats(self) -> None:
        """Statistics → Reset: every count and the chart start again. The identities of counted
        matches are kept, so a match finished before the reset is still never counted twice."""
        self.stats = Statistics(finished=list(self.stats.finished))
        self.save_stats()

    def record_finished(self, record: Any, lowest_wins: bool = True, coached: bool = False) -> None:
        """Count a finished match (a GameRecord with a result) in the statistics, remember it as
        the last match for the chart, clear its variant's saved match and write everything. A
        practice match (`record.practice`: a move was taken back) is not counted.

        Idempotent: the match's identity is written with the statistics (one atomic write), so
        if the game is killed before the save is removed, finishing the continued match again
        (or finding its save at start) never counts it twice."""
        identity = match_identity(record)
        if identity in self.stats.finished:
            self.clear_match(record.variant)
            return
        if getattr(record, "practice", False):
            # A practice match (a move was taken back) counts nowhere, nor as the last match;
            # only its identity is kept, so a save a kill left behind is not offered again.
            self.stats.finished = (self.stats.finished + [identity])[-FINISHED_KEPT:]
            self.save_stats()
            self.clear_match(record.variant)
            return
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
            vs.coached += 1 if coached else 0
            if any(i in winners for i in humans):
                vs.won += 1
            vs.scores.extend(totals[i] for i in humans if i < len(totals))
            del vs.scores[:-SCORES_KEPT]
        self.stats.last_match = LastMatch(record.variant, names, totals_by_round or [totals], winners)
        self.stats.finished = (self.stats.finished + [identity])[-FINISHED_KEPT:]
        try:
            self.save_stats()
        except OSError:
            # A full disk: the match's save holds an old position of it. Removed, it frees room for
            # the statistics and Continue never offers the finished match again.
            self.clear_match(record.variant)
            try:
                self.save_stats()
            except OSError as exc:
                self._result_not_saved(record.variant, exc)
                raise NotSaved(exc, f"Not saved: {why_not_saved(exc)}. This result does not count in your "
                                    "statistics yet; Cardhall keeps trying.", "result") from None
        self.clear_match(record.variant)

    def _result_not_saved(self, variant: str, exc: OSError) -> None:
        if self._unsaved_notice in self.messages:
            self.messages.remove(self._unsaved_notice)
        self.unsaved_result = variant
        self._unsaved_notice = (f"The result of your last {game_title(variant)} match is not saved, as "
                                f"{why_not_saved(exc)}: it counts in your statistics once Cardhall can write "
                                "them (it keeps trying until you quit).")
        self.messages.append(self._unsaved_notice)

    # -- the saved unfinished matches: one per variant ----------------------------------------
    def _move_single_save(self) -> None:
        """Earlier versions kept one saved match (saved-match.json + .journal) beside the
        statistics: move it into its variant's slot. The journal moves first, so a kill between
        the two moves leaves the snapshot where the next start moves it again. A save whose
        variant cannot be read, or whose slot is taken, is set aside with a message."""
        legacy, legacy_journal = self.data_dir / LEGACY_SAVE_FILE, self.data_dir / LEGACY_JOURNAL_FILE
        note = "it cannot be continued"
        try:
            if not os.path.lexists(legacy):
                if os.path.lexists(legacy_journal):     # a journal without its snapshot: a cleared match
                    legacy_journal.unlink()
                return
        except OSError:
            return
        data = self._read_json(legacy, "saved match", note)
        if data is None or data is _INVALID:
            return
        variant = data.get("variant") if isinstance(data, dict) else None
        if not valid_variant_id(variant):
            self._set_aside(legacy, "saved match", note, "it does not say which game it is")
            return
        target = self.save_path(variant)
        if os.path.lexists(target):
            self._set_aside(legacy, "saved match", note, "a newer save of that game exists")
            return
        try:
            self.saves_dir.mkdir(parents=True, exist_ok=True)
            if os.path.lexists(legacy_journal):
                os.replace(legacy_journal, self.journal_path(variant))
            os.replace(legacy, target)
        except OSError as exc:
            self.messages.append(f"Your saved match could not be moved to its place ({exc.strerror or exc}).")

    def save_match(self, record: Any, meta: dict[str, Any] | None = None) -> None:
        """Write the unfinished match into its variant's slot: the GameRecord's JSON, plus a
        "client" key of metadata. Another variant's saved match is left as it is."""
        data = record.to_json()
        data["client"] = dict(meta or {})
        if self.read_only:
            self._saved[record.variant] = (record, dict(meta or {}))
            raise NotSaved(OSError(errno.EBUSY, "the home folder is locked"),
                           "Kept until you close this window: only the other Cardhall window saves matches.")
        if not self.read_only:
            try:
                atomic_write_json(self.save_path(record.variant), data)
            except OSError as exc:
                raise NotSaved(exc, f"Not saved: {why_not_saved(exc)}. Continue goes on from the last move "
                                    "that was saved.") from None
        self._saved[record.variant] = (record, dict(meta or {}))

    def _match_written(self, record: Any, meta: dict[str, Any]) -> None:
        self._saved[record.variant] = (record, dict(meta))

    def saved_variants(self) -> list[str]:
        """The variants with a saved-match file, whether or not it can be continued."""
        try:
            names = sorted(p.name for p in self.saves_dir.iterdir())
        except OSError:
            return []
        return [n[: -len(SAVE_SUFFIX)] for n in names
                if n.endswith(SAVE_SUFFIX) and valid_variant_id(n[: -len(SAVE_SUFFIX)])]

    def saved_matches(self) -> list[tuple[Any, dict[str, Any]]]:
        """Every variant's saved unfinished match that can be continued, by variant id."""
        found = [self.saved_match(v) for v in sorted(set(self.saved_variants()) | set(self._saved))]
        return [s for s in found if s is not None]

    def saved_match(self, variant: str) -> tuple[Any, dict[str, Any]] | None:
        """(GameRecord, client metadata) of the variant's saved unfinished match, or None.

        The snapshot plus every complete line of its journal (a torn last line, a kill mid-write,
        is ignored), replayed: the match goes on from its last good step. A step that cannot be
        read or that the rules refuse is left out with every step after it, the files are kept
        aside and the snapshot is written again with the good steps, and a notice says which step
        and why. A snapshot that cannot be read (a dangling link too), is another variant's, names
        a variant this build lacks or says the match is over is set aside with its journal beside
        it and a notice. A match the statistics already counted (the game was killed between the
        two writes) is removed; one that replays to its end but was never counted is counted."""
        if variant in self._saved:
            return self._saved[variant]
        if not valid_variant_id(variant):
            return None
        self._saved[variant] = None
        from game.core.errors import CardhallError
        from game.core.record import GameRecord

        try:
            data = read_json(self.save_path(variant))
        except UnreadableFile as exc:
            self._save_aside(variant, str(exc), unreadable=True)
            return None
        if data is None:
            self._drop_journal(variant)     # a journal without its snapshot is left from a cleared match
            return None
        try:
            record = GameRecord.from_json(data)
            meta = _check_meta(data.get("client") or {})
        except CardhallError as exc:
            self._save_aside(variant, str(exc)[:160])
            return None
        if record.variant != variant or record.result is not None:
            why = "it is another game's" if record.variant != variant else "it says the match is over"
            self._save_aside(variant, why)
            return None
        if match_identity(record) in self.stats.finished:
            self.clear_match(variant)
            return None
        in_snapshot = len(record.actions)
        record, unread = self._with_journal(data, record)
        try:
            good, refused, result = record.playable()
        except CardhallError as exc:
            self._save_aside(variant, str(exc)[:160])
            return None
        if self.read_only:
            # The copy holding the lock is playing it or may at any moment: two copies playing one
            # match (2 runs of 3) wrote over each other. This copy only shows that it exists (the
            # other reports what it finds wrong with it).
            self._others[variant] = (record, meta)
            return None
        if good < len(record.actions):
            last = good == len(record.actions) - 1 and unread is None
            what = _steps_left_out(good, _step_words(record, good), last)
            record = _first_steps(record, good)
            self._left_out(variant, record, meta, good, in_snapshot, f"{what}, as the rules refuse it ({refused[:160]})")
        elif unread is not None:
            step, why, last = unread
            what = "its newest steps were left out" if last is None else _steps_left_out(step, "", last)
            self._left_out(variant, record, meta, step, in_snapshot, f"{what}, as {why}")
        if result is not None:
            record.result = result
            self._count_ended(record, meta)
            return None
        self._saved[variant] = (record, meta)
        return self._saved[variant]

    def held_by_other_copy(self) -> list[str]:
        """The variants whose saved match only the copy of the game holding the lock may continue
        (read-only copies; this copy's own unsaved matches are not among them)."""
        for variant in self.saved_variants():
            self.saved_match(variant)
        return sorted(v for v in self._others if self._saved.get(v) is None)

    def _with_journal(self, data: dict[str, Any], record: Any) -> tuple[Any, tuple[int, str, bool | None] | None]:
        """The snapshot's record continued by its journal's good steps, each checked by the record's
        own schema, and the first step that could not be read: (its index, why, whether it was the
        journal's last line: None when the journal itself could not be read), or None."""
        from game.core.errors import CardhallError
        from game.core.record import GameRecord

        journal = self.journal_path(record.variant)
        try:
            raw = read_bytes(journal)
        except UnreadableFile as exc:
            return record, (len(record.actions), f"the file holding them could not be read ({exc})", None)
        if not raw:
            return record, None
        mark = journal_mark(record)
        steps: list[Any] = []
        unread = None
        lines = raw.split(b"\n")[:-1]     # after the last newline: a torn line
        for number, line in enumerate(lines):
            where = f"journal line {number + 1}"
            try:
                entry = parse_json(line)
                schema.obj(entry, where, ("i", "m", "step"))
                index = schema.integer(entry.get("i"), f"{where}.i", 0, 10 ** 7)
                if entry.get("m") != mark or index < len(record.actions) + len(steps):
                    continue    # another match's leftover, or a step the snapshot already holds
                if index > len(record.actions) + len(steps):
                    raise SchemaError(f"{where} is step {index + 1}: the steps before it are missing")
            except (UnreadableFile, CardhallError) as exc:
                unread = (len(record.actions) + len(steps), f"it could not be read ({where}: {str(exc)[:120]})",
                          number == len(lines) - 1)
                break
            steps.append(entry.get("step"))
        head = {**data, "actions": list(data["actions"])}

        def read(count: int) -> Any:
            return GameRecord.from_json({**head, "actions": head["actions"] + steps[:count]})
        try:
            return read(len(steps)), unread
        except CardhallError:
            pass
        good, bad, why = 0, len(steps), "it could not be read"     # read(good) reads, read(bad) does not
        while bad - good > 1:
            middle = (good + bad) // 2
            try:
                read(middle)
                good = middle
            except CardhallError:
                bad = middle
        try:
            read(bad)
        except CardhallError as exc:
            why = f"it could not be read ({str(exc)[:120]})"
        return read(good), (len(record.actions) + good, why, bad == len(steps) and unread is None)

    def _left_out(self, variant: str, record: Any, meta: dict[str, Any], step: int, in_snapshot: int,
                  what: str) -> None:
        """Steps from `step` on were left out of the saved match: keep the files they were in, write
        the snapshot again with the steps before, and tell the player `what` was left out and why."""
        kept: list[str] = []
        if not self.read_only:
            snapshot, journal = self.save_path(variant), self.journal_path(variant)
            try:
                if step < in_snapshot:
                    kept.append(keep_copy(snapshot).name)
                atomic_write_json(snapshot, {**record.to_json(), "client": meta})
                # (after the snapshot: a kill between the two reads the same journal line again)
                if os.path.lexists(journal):
                    kept.append(set_aside(journal).name)
            except (OSError, ValueError):
                pass        # nothing is lost: the next start finds the same files
        start = f"step {step}" if step else "its start"
        kept_text = f" What was left out is kept in {' and '.join(kept)}." if kept else ""
        self.messages.append(f"Your saved {game_title(variant)} match goes on from {start}: {what}.{kept_text}")

    def _count_ended(self, record: Any, meta: dict[str, Any]) -> None:
        """A saved match whose steps reach its end (`record.result`) was never counted (the game
        stopped between its last step and the statistics): count it now, once."""
        totals, winners = record.result["totals"], record.result["winners"]
        lowest = not winners or all(totals[w] == min(totals) for w in winners)
        try:
            self.record_finished(record, lowest_wins=lowest, coached=bool(meta.get("coached")))
        except OSError:
            pass        # counted here; the statistics are written with the next change
        self.messages.append(f"Your last {game_title(record.variant)} match had ended before it was counted: "
                             "it counts in your statistics now.")

    def _save_aside(self, variant: str, why: str, unreadable: bool = False) -> None:
        """The variant's saved match cannot be continued (`why`; `unreadable`: its file could not be
        read): keep its snapshot, and its journal (the newest steps) beside it, and tell the player
        why and where."""
        kept: list[str] = []
        if not self.read_only:
            for path in (self.save_path(variant), self.journal_path(variant)):
                try:
                    if not os.path.lexists(path):
                        continue
                    if path.suffix == JOURNAL_SUFFIX and path.is_file() and not path.is_symlink() \
                            and path.stat().st_size == 0:
                        path.unlink()               # an empty journal holds nothing to keep
                        continue
                    kept.append(set_aside(path).name)
                except OSError:
                    pass
        title = game_title(variant)
        where = ""
        if len(kept) == 2:
            where = f" It is kept as {kept[0]}, its newest steps as {kept[1]}."
        elif kept:
            where = f" It is kept as {kept[0]}."
        what = f"could not be read ({why}) and cannot be continued" if unreadable else f"cannot be continued ({why})"
        self.messages.append(f"Your saved {title} match {what}.{where}")
        self._saved[variant] = None

    def _drop_journal(self, variant: str) -> None:
        if not self.read_only:
            try:
                self.journal_path(variant).unlink()
            except OSError:
                pass

    def clear_match(self, variant: str) -> None:
        """Remove the variant's saved match (it finished, or was replaced); others stay."""
        if not self.read_only:
            try:
                self.save_path(variant).unlink()
            except OSError:
                pass
        self._drop_journal(variant)
        self._saved[variant] = None

    def discard_saved_as_broken(self, variant: str, why: str = "") -> None:
        """The table could not rebuild the variant's saved match: keep it aside and tell the player."""
        self._save_aside(variant, why or "the table could not set it out")


def game_title(variant: str) -> str:
    """A variant's title for the player ("Combat UNO"), or its id when this build lacks it."""
    from game.core.errors import CardhallError
    from game.core.game import get_variant

    try:
        return get_variant(variant).title
    except CardhallError:
        return variant


def _steps_left_out(step: int, words: str, last: bool) -> str:
    what = f"step {step + 1}" + (f" ({words})" if words else "")
    return f"{what} was left out" if last else f"{what} and every step after it were left out"


def _first_steps(record: Any, count: int) -> Any:
    from game.core.record import GameRecord

    return GameRecord(record.variant, record.options, record.seats, record.seed, record.actions[:count],
                      record.result, {i: e for i, e in record.expect.items() if i < count}, record.about)


def _step_words(record: Any, step: int) -> str:
    """A step as the player reads it: "Ada's draw from deck", "your match", "the deal"."""
    from game.core.actions import Expire, StartRound

    action = record.actions[step][1]
    if isinstance(action, StartRound):
        return "the deal"
    if isinstance(action, Expire):
        return "a reaction window closing"
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type(action).__name__).lower()
    if not 0 <= action.seat < len(record.seats):
        return words
    seat = record.seats[action.seat]
    from game.client.narration.wording import is_you

    return f"your {words}" if is_you(seat) else f"{seat.name}'s {words}"


def journal_mark(record: Any) -> str:
    """The short identity every journal line carries, so a line left from another match is never
    read as this one's; nor, after a take-back, a line of a move it undid (a kill between the new
    snapshot and the emptied journal leaves them)."""
    takes = getattr(record, "take_backs", 0)
    return match_identity(record)[:12] if not takes else f"{match_identity(record)[:8]}-{takes}"


def _try_lock(handle: Any) -> bool:
    """Take an exclusive, non-blocking lock on an open file; False if another process holds it."""
    try:
        import fcntl
    except ImportError:          # Windows
        import msvcrt
        try:
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


class MatchSaver:
    """Saves the unfinished match, in its variant's slot, as a snapshot plus an append-only journal of its steps.

    `save(record, meta)` appends the steps the record holds beyond the last one saved to the
    journal at once, one JSON line each, with a single write on the caller's thread (microseconds:
    a kill after save() returns loses nothing, a kill during it at most that action). A worker
    thread makes the lines durable (fsync) and compacts: it writes a new snapshot atomically (the
    record with every step so far and the client metadata) and empties the journal, on `flush()`
    (round and match ends, pause, quit), when the journal passes JOURNAL_BOUND lines, or when the
    metadata changes. A record that does not continue the saved steps (a new match) is written
    as a snapshot at once. Actions never change once played, so each step's JSON is made once.
    `close()` flushes and stops the worker. A failed write is kept in `error` for the table (a
    NotSaved saying what is saved: `saved_steps`); the next save, or a flush, tries again.
    """

    def __init__(self, store: Storage):
        import threading        # (a table's saver: not the menu's first frame's to import)

        self.store = store
        self.error: OSError | None = None
        self._lock = threading.Condition()
        self._closed = False
        self._steps: list[Any] = []     # the (t, action) pairs saved (snapshot or journal), by position
        self._texts: list[str] = []     # their JSON
        self._record: Any = None        # the newest record and metadata handed over (None after a failed write)
        self._meta: dict[str, Any] = {}
        self._last: tuple[Any, dict[str, Any]] | None = None     # ...kept to try again after one
        self.saved_steps = 0                # of the match handed over, the steps on disk
        self._disk_mark = ""                # the match those are of
        self._failure: OSError | None = None    # the last failed write, and the saves until the next try
        self._retry_in = 0
        self._mark = ""
        self._journal: int | None = None    # the journal's file descriptor (O_APPEND)
        self._journal_path: Path | None = None
        self._snapshot_steps = 0            # steps the snapshot on disk holds
        self._snapshot_meta: dict[str, Any] | None = None
        self._unsynced = False
        self._compact = False
        self._working = False
        self._thread = threading.Thread(target=self._run, name="cardhall-saver", daemon=True)
        self._thread.start()

    # -- the caller's side -------------------------------------------------------------------------
    def save(self, record: Any, meta: dict[str, Any] | None = None) -> None:
        meta = dict(meta or {})
        with self._lock:
            if self._closed:
                raise RuntimeError("the match saver is closed")
            self._last = (record, meta)
            try:
                self._hand_over(record, meta)
                self._failure = None
            except (OSError, ValueError) as exc:
                self.error = self._not_saved(exc)
                if isinstance(exc, OSError) and self._failure is None:
                    self._failure, self._retry_in = exc, RETRY_EVERY
            self._lock.notify_all()

    def _not_saved(self, exc: BaseException) -> NotSaved:
        """The error for the table: why, and how far the match is saved."""
        from game.core.actions import StartRound

        record = self._last[0] if self._last is not None else None
        steps = self.saved_steps if record is not None and self._disk_mark == journal_mark(record) else 0
        why = why_not_saved(exc)
        if not steps:
            return NotSaved(exc, f"Not saved: {why}, and nothing of this match is saved yet; Cardhall keeps trying.")
        deals = sum(isinstance(action, StartRound) for _, action in record.actions[:steps])
        where = f"step {steps}" + (f", in round {deals}" if deals else "")
        return NotSaved(exc, f"Not saved: {why}. The match is saved up to {where}; Cardhall keeps trying.")

    def _hand_over(self, record: Any, meta: dict[str, Any]) -> None:
        import json

        steps = record.actions
        known = len(self._steps)
        continues = (self._record is not None and len(steps) >= known
                     and (known == 0 or steps[known - 1] is self._steps[known - 1])
                     and record.seed == self._record.seed and record.variant == self._record.variant)
        self._record, self._meta = record, meta
        if not continues:
            if self._failure is not None and self._retry_in > 1:
                # A full disk: the whole snapshot is tried again every RETRY_EVERY saves, not on the
                # frame path at every move (a flush, on pause and quit, tries at once).
                self._retry_in -= 1
                self._record = None
                raise self._failure
            self._retry_in = RETRY_EVERY
            self._restart(record, meta)
            return
        lines = []
        for index in range(known, len(steps)):
            text = json.dumps(record.step_json(index, *steps[index]), sort_keys=True, allow_nan=False)
            self._steps.append(steps[index])
            self._texts.append(text)
            lines.append(f'{{"i": {index}, "m": "{self._mark}", "step": {text}}}\n')
        if lines and self._journal is not None:
            data = "".join(lines).encode("utf-8")
            try:
                if os.write(self._journal, data) < len(data):     # a disk filling up writes less
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            except OSError:
                self._record = None      # the journal may lack these steps: the next save starts afresh
                raise
            self.saved_steps = len(self._steps)
            self._unsynced = True
        if self._journal is not None and (len(self._steps) - self._snapshot_steps > JOURNAL_BOUND
                                          or meta != self._snapshot_meta):
            self._compact = True
        if self.store.read_only:
            self.store._match_written(record, meta)

    def _restart(self, record: Any, meta: dict[str, Any]) -> None:
        """A record that does not continue the saved steps: snapshot it now, start an empty journal."""
        self._lock.wait_for(lambda: not self._working)   # no older snapshot may land after this one
        self._compact = self._unsynced = False
        try:
            self._start(record, meta)
        except BaseException:
            self._record = None          # the next save tries again
            raise

    def _start(self, record: Any, meta: dict[str, Any]) -> None:
        import json

        known = 0           # the steps whose JSON is made already (trying again after a failed write)
        steps = record.actions
        while known < min(len(steps), len(self._steps)) and steps[known] is self._steps[known]:
            known += 1
        self._steps = list(steps)
        self._texts = self._texts[:known] + [json.dumps(record.step_json(i, *steps[i]), sort_keys=True, allow_nan=False)
                                             for i in range(known, len(steps))]
        self._mark = journal_mark(record)
        if self._journal is not None:
            os.close(self._journal)
            self._journal = None
        if self.store.read_only:
            self.store._match_written(record, meta)
            return
        self._snapshot_steps, self._snapshot_meta = 0, None
        atomic_write_text(self.store.save_path(record.variant), self._snapshot(record, meta, len(self._texts)))
        self._snapshot_steps, self._snapshot_meta = len(self._texts), meta
        self.saved_steps, self._disk_mark = len(self._texts), self._mark
        # Emptied before any line is appended: a torn line a kill left must not prefix a new one.
        self._journal_path = self.store.journal_path(record.variant)
        self._journal = os.open(self._journal_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_TRUNC
                                | getattr(os, "O_BINARY", 0), 0o644)
        self.store._match_written(record, meta)

    def flush(self, timeout: float = 10.0) -> bool:
        """Block until everything handed over is in a snapshot on disk; False if that took over
        `timeout`."""
        with self._lock:
            if self._record is None and self._last is not None and not self._closed:
                try:                # the last write failed: try again (pause and quit flush)
                    self._record, self._meta = self._last
                    self._restart(*self._last)
                    self._failure = None
                except (OSError, ValueError) as exc:
                    self.error = self._not_saved(exc)
            if self._record is not None and (len(self._steps) > self._snapshot_steps
                                             or self._meta != self._snapshot_meta):
                self._compact = True
                self._lock.notify_all()
            return self._lock.wait_for(lambda: not self._compact and not self._unsynced and not self._working,
                                       timeout)

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join(timeout=5.0)
        with self._lock:
            if self._journal is not None:
                os.close(self._journal)
                self._journal = None
                if self._snapshot_steps == len(self._steps):    # all in the snapshot: no journal
                    try:
                        self._journal_path.unlink()
                    except OSError:
                        pass

    # -- the worker --------------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._compact or self._unsynced or self._closed)
                if not (self._compact or self._unsynced):
                    return
                compact, self._compact, self._unsynced = self._compact, False, False
                self._working = True
                journal, record, meta = self._journal, self._record, self._meta
                count, texts = len(self._texts), self._texts[:]
            try:
                if journal is not None:
                    os.fsync(journal)
            except OSError as exc:
                self.error = self._not_saved(exc)
            try:
                if compact and not self.store.read_only and journal is not None:
                    atomic_write_text(self.store.save_path(record.variant), self._snapshot(record, meta, count, texts))
                    with self._lock:
                        self._snapshot_steps, self._snapshot_meta = count, meta
                        if len(self._steps) == count:     # nothing appended meanwhile: empty it
                            os.ftruncate(journal, 0)
                if record is not None:      # (a save refused on a full disk may leave none to note)
                    self.store._match_written(record, meta)
            except (OSError, ValueError):
                # Nothing is lost: the journal still holds every step, and the next flush tries again.
                _log.warning("compacting the saved match failed", exc_info=True)
            finally:
                with self._lock:
                    self._working = False
                    self._lock.notify_all()

    def _snapshot(self, record: Any, meta: dict[str, Any], count: int, texts: list[str] | None = None) -> str:
        import json

        head = record.to_json(steps=False)
        head["client"] = meta
        text = json.dumps(head, sort_keys=True, allow_nan=False)
        marker = '"actions": []'
        at = text.index(marker) + len(marker) - 1
        return text[:at] + ",\n".join((texts if texts is not None else self._texts)[:count]) + text[at:]
