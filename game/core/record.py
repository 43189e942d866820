"""Game records: everything needed to rebuild a match exactly.

A record is (format, variant, options, seats, seed, actions with their time offsets, result).
Saving, resuming, replaying and bug reports all use it; docs/records.md describes the format.
A deal can be fixed by a StartRound that stacks the deck, and any step may carry expectations
(the events it must produce, an error it must raise, the totals after it), so a rule scenario or
a golden match is a plain JSON file that `check()` verifies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.core import schema
from game.core.actions import Action, action_from_json, action_to_json
from game.core.errors import CardhallError, RecordError
from game.core.game import Game, get_variant
from game.core.options import legacy_options, resolve_options

FORMAT_VERSION = 3
READABLE_FORMATS = (1, 2, 3)
# Records of a format before this one were written under older defaults: an option they leave out
# takes its legacy value (OptionSpec.legacy), not today's default.
CURRENT_DEFAULTS_FROM = 3
EXPECT_KEYS = ("events", "refused", "totals", "scores")
RECORD_KEYS = ("format", "variant", "options", "seats", "seed", "actions", "result", "about", "take_backs", "client")
SEAT_KINDS = ("human", "bot", "random")
BOT_LEVELS = ("easy", "medium", "hard", "random")   # a bot of level "random" plays at random
DEFAULT_BOT_LEVEL = "medium"    # what a seat made without a level plays (the client's default bot)
MAX_STEPS = 500_000          # a long human match is a few thousand; simulate records are shorter
MAX_SECONDS = 10_000_000.0   # a step's time offset (a match is paused on the table's clock)
MAX_RECORD_BYTES = 64 * 1024 * 1024
SCORE_LIMIT = 10 ** 6
PROGRESS_EVERY = 5_000


@dataclass
class SeatInfo:
    name: str
    kind: str = "bot"          # "human", "bot" or "random"
    level: str | None = None   # bot level: easy, medium, hard; a bot made without one is medium

    def __post_init__(self) -> None:
        if self.kind == "bot" and self.level is None:
            self.level = DEFAULT_BOT_LEVEL

    def to_json(self, steps: bool = True) -> dict[str, Any]:
        """The record as JSON data; steps=False leaves the action list empty (a saver that keeps
        the JSON of the steps it has already written splices them in)."""
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Any, where: str = "seat") -> "SeatInfo":
        schema.obj(data, where, ("name", "kind", "level"))
        name = schema.text(data.get("name"), f"{where}.name", schema.NAME_MAX)
        kind = schema.one_of(data.get("kind", "bot"), f"{where}.kind", SEAT_KINDS)
        level = data.get("level")
        if kind == "bot":
            if level is None:      # never guessed: the record would replay with a bot nobody chose
                raise RecordError(f"{where}.level: a bot needs a level ({', '.join(BOT_LEVELS)})")
            schema.one_of(level, f"{where}.level", BOT_LEVELS)
        elif level is not None:
            raise RecordError(f"{where}.level: only a bot has a level")
        return cls(name, kind, level)


@dataclass
class GameRecord:
    variant: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    seed: int
    actions: list[tuple[float, Action]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    # Step index -> what that step must do: "events" (the JSON of every event, unredacted),
    # "refused" (the name of the IllegalAction it must raise; the step is then not applied),
    # "totals" (match totals right after it), "scores" (the last round's scores right after it).
    expect: dict[int, dict[str, Any]] = field(default_factory=dict)
    about: str = ""   # what a scenario or bug report shows, in words
    # How many times the player took a move back (game.core.takeback): a match with any is a
    # practice match, never counted in the statistics.
    take_backs: int = 0

    @property
    def practice(self) -> bool:
        return self.take_backs > 0

    @classmethod
    def of(cls, game: Game, seats: list[SeatInfo] | None = None, take_backs: int = 0) -> "GameRecord":
        seats = seats or [SeatInfo(f"Seat {i + 1}") for i in range(game.seats)]
        return cls(game.id, dict(game.options), list(seats), game.seed, list(game.history),
                   result_of(game), take_backs=take_backs)

    def taken_back_to(self, steps: int) -> "GameRecord":
        """The match as it stood after its first `steps` actions, one more take-back counted: what
        taking back the moves after that point leaves (it is unfinished, so it has no result)."""
        return GameRecord(self.variant, dict(self.options), list(self.seats), self.seed, self.actions[:steps],
                          None, {i: e for i, e in self.expect.items() if i < steps}, self.about,
                          self.take_backs + 1)

    def new_game(self) -> Game:
        cls = get_variant(self.variant)
        return cls(len(self.seats), self.options, self.seed)

    def replay(self, progress: Callable[[int, int], None] | None = None) -> Game:
        """Rebuild the game by applying every recorded action at its recorded time. Steps that are
        expected to be refused are tried and must be refused. Whether the record's result is the
        replay's is left to the caller (`cardhall replay` reports a mismatch)."""
        return self.check(events=False, result=False, progress=progress)

    def check(self, events: bool = True, result: bool = True,
              progress: Callable[[int, int], None] | None = None) -> Game:
        """Replay and verify every expectation; the first one not met raises RecordError naming
        the step. With events=False only refusals, totals and scores are checked; with result,
        a finished match must carry exactly its result and an unfinished one none. `progress`,
        if given, is called with (steps done, steps in all) every PROGRESS_EVERY steps."""
        game = self.new_game()
        total = len(self.actions)
        for index, (t, action) in enumerate(self.actions):
            if progress is not None and index % PROGRESS_EVERY == 0:
                progress(index, total)
            want = self.expect.get(index, {})
            name = type(action).__name__
            if "refused" in want:
                before = game.version
                try:
                    game.apply(action, t)
                except CardhallError as exc:
                    if type(exc).__name__ != want["refused"] and want["refused"] not in {
                            c.__name__ for c in type(exc).__mro__}:
                        raise RecordError(f"step {index} ({name}) was refused with {type(exc).__name__}, "
                                          f"not {want['refused']}: {exc}") from None
                    if game.version != before:
                        raise RecordError(f"step {index} ({name}) was refused but changed the game")
                    continue
                raise RecordError(f"step {index} ({name}) should have been refused ({want['refused']}) "
                                  "but was applied")
            try:
                produced = game.apply(action, t)
            except CardhallError as exc:
                raise RecordError(f"action {index} ({name}) does not replay: {exc}") from None
            if events and "events" in want:
                got = [e.to_json() for e in produced]
                if got != want["events"] and not _agrees(want["events"], got):
                    raise RecordError(f"step {index} ({name}) produced different events:\n"
                                      f"  expected {_first_difference(want['events'], got)}")
            if "totals" in want and list(game.score.totals) != list(want["totals"]):
                raise RecordError(f"after step {index} ({name}) the totals are {list(game.score.totals)}, "
                                  f"not {want['totals']}")
            if "scores" in want:
                last = list(game.score.rounds[-1]) if game.score.rounds else None
                if last != list(want["scores"]):
                    raise RecordError(f"after step {index} ({name}) the round scores are {last}, "
                                      f"not {want['scores']}")
        if not result:
            return game
        if game.over and self.result != result_of(game):
            raise RecordError("the match finishes, but the record's result is missing or different"
                              if self.result is not None else "the match finishes, but the record has no result")
        if not game.over and self.result is not None:
            raise RecordError("the record has a result, but the match does not finish")
        return game

    def playable(self) -> tuple[int, str, dict[str, Any] | None]:
        """How far the record replays under this build's rules (a saved match read back): the
        number of steps that replay, why the next one does not ("" when all do), and the result if
        those steps finish the match. A fault of the rules themselves stops it like a refusal;
        a match this build cannot set up raises RecordError."""
        try:
            game = self.new_game()
        except CardhallError as exc:
            raise RecordError(str(exc)) from None
        for index, (t, action) in enumerate(self.actions):
            try:
                game.apply(action, t)
            except CardhallError as exc:
                return index, str(exc), None
            except Exception as exc:     # a fault of this build's rules: the caller must go on
                import logging

                logging.getLogger(__name__).exception("replaying step %d of a %s record failed", index, self.variant)
                return index, f"this version fails on it: {type(exc).__name__}", None
        return len(self.actions), "", result_of(game)

    def to_json(self, steps: bool = True) -> dict[str, Any]:
        """The record as JSON data; steps=False leaves the action list empty (a saver that keeps
        the JSON of the steps it has already written splices them in)."""
        return {
            "format": FORMAT_VERSION,
            "variant": self.variant,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "seed": self.seed,
            "actions": [self.step_json(i, t, a) for i, (t, a) in enumerate(self.actions)] if steps else [],
            "result": self.result,
            **({"about": self.about} if self.about else {}),
            **({"take_backs": self.take_backs} if self.take_backs else {}),
        }

    def step_json(self, index: int, t: float, action: Action) -> dict[str, Any]:
        step = {"t": t, **action_to_json(action)}
        if index in self.expect:
            step["expect"] = self.expect[index]
        return step

    @classmethod
    def from_json(cls, data: Any) -> "GameRecord":
        """A record from its JSON, everything the format promises checked: types are exact
        (format 1.0 or seat true are refused), seats are of the variant's count with known kinds
        and levels, options are the variant's, times are finite and never go back, expectations
        and the result have their shapes. Any failure is a RecordError naming what is wrong."""
        try:
            return cls._from_json(data)
        except RecordError:
            raise
        except CardhallError as exc:
            raise RecordError(str(exc)) from None

    @classmethod
    def _from_json(cls, data: Any) -> "GameRecord":
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if type(data.get("format")) is not int or data["format"] not in READABLE_FORMATS:
            shown = data.get("format") if type(data.get("format")) in (int, float) else type(data.get("format")).__name__
            raise RecordError(f"unsupported record format {str(shown)[:20]} "
                              f"(this build reads {', '.join(map(str, READABLE_FORMATS))})")
        schema.obj(data, "record", RECORD_KEYS)
        for key in ("variant", "seats", "seed", "actions"):
            if key not in data:
                raise RecordError(f"the record has no {key!r}")
        variant = get_variant(schema.text(data["variant"], "variant", 40))
        seed = schema.integer(data["seed"], "seed", -2 ** 63, 2 ** 64)
        seats_json = schema.items(data["seats"], "seats", variant.max_seats, variant.min_seats)
        seats = [SeatInfo.from_json(s, f"seats[{i}]") for i, s in enumerate(seats_json)]
        options = data.get("options")
        options = {} if options is None else schema.obj(options, "options")
        if data["format"] < CURRENT_DEFAULTS_FROM:
            options = legacy_options(variant.option_specs, options)
        resolve_options(variant.option_specs, options)          # the variant's own bounds
        for spec in variant.option_specs:   # and exact types: the game writes a whole number as one
            if spec.key in options and type(spec.default) is int and type(options[spec.key]) is not int:
                raise RecordError(f"options.{spec.key}: must be a whole number")
        vocabulary = variant.vocabulary()
        actions: list[tuple[float, Action]] = []
        expect: dict[int, dict[str, Any]] = {}
        last_t = 0.0
        for index, item in enumerate(schema.items(data["actions"], "actions", MAX_STEPS)):
            where = f"actions[{index}]"
            if not isinstance(item, dict) or "t" not in item:
                raise RecordError(f"{where}: each action needs a time offset 't'")
            t = float(schema.number(item["t"], f"{where}.t", 0.0, MAX_SECONDS))
            if t < last_t:
                raise RecordError(f"{where}.t: time goes back ({t} after {last_t})")
            last_t = t
            rest = {k: v for k, v in item.items() if k not in ("t", "expect")}
            actions.append((t, action_from_json(rest, vocabulary)))
            if "expect" in item:
                if data["format"] < 2:
                    raise RecordError(f"step {index}: 'expect' needs format 2")
                expect[index] = _check_expect(item["expect"], len(seats), f"{where}.expect")
        result = data.get("result")
        if result is not None:
            result = _check_result(result, len(seats))
        about = data.get("about") or ""
        about = schema.text(about, "about", 4000, empty=True, newlines=True)
        take_backs = schema.integer(data.get("take_backs", 0), "take_backs", 0, MAX_STEPS)
        return cls(variant.id, options, seats, seed, actions, result, expect, about, take_backs)

    def save(self, path: Path) -> None:
        from game.core.files import atomic_write_json   # (imported when a record is written: not at start-up)

        atomic_write_json(Path(path), self.to_json())

    @classmethod
    def load(cls, path: Path) -> "GameRecord":
        from game.core.files import UnreadableFile, read_json

        try:
            data = read_json(Path(path), MAX_RECORD_BYTES)
        except UnreadableFile as exc:
            raise RecordError(f"cannot read record {path}: {exc}") from None
        if data is None:
            raise RecordError(f"no such record: {path}")
        return cls.from_json(data)


def result_of(game: Game) -> dict[str, Any] | None:
    if not game.over:
        return None
    return {
        "rounds": [list(r) for r in game.score.rounds],
        "totals": list(game.score.totals),
        "winners": list(game.winners),
    }


def _check_expect(want: Any, seats: int, where: str) -> dict[str, Any]:
    schema.obj(want, where, EXPECT_KEYS)
    if "events" in want:
        schema.items(want["events"], f"{where}.events", 10_000)
    if "refused" in want:
        schema.text(want["refused"], f"{where}.refused", 60)
    for key in ("totals", "scores"):
        if key in want:
            for i, v in enumerate(schema.items(want[key], f"{where}.{key}", seats, seats)):
                schema.integer(v, f"{where}.{key}[{i}]", -SCORE_LIMIT, SCORE_LIMIT)
    return want


def _check_result(result: Any, seats: int) -> dict[str, Any]:
    schema.obj(result, "result", ("rounds", "totals", "winners"))
    for key in ("rounds", "totals", "winners"):
        if key not in result:
            raise RecordError(f"result: has no {key!r}")
    for r, row in enumerate(schema.items(result["rounds"], "result.rounds", 10_000)):
        for i, v in enumerate(schema.items(row, f"result.rounds[{r}]", seats, seats)):
            schema.integer(v, f"result.rounds[{r}][{i}]", -SCORE_LIMIT, SCORE_LIMIT)
    for i, v in enumerate(schema.items(result["totals"], "result.totals", seats, seats)):
        schema.integer(v, f"result.totals[{i}]", -SCORE_LIMIT, SCORE_LIMIT)
    winners = schema.items(result["winners"], "result.winners", seats, 1)
    for i, w in enumerate(winners):
        schema.integer(w, f"result.winners[{i}]", 0, seats - 1)
    if len(set(winners)) != len(winners):
        raise RecordError("result.winners: a seat is named twice")
    return result


_SEAT_NAMED = re.compile(r"\bseat (\d+)", re.IGNORECASE)


def _agrees(want: Any, got: Any) -> bool:
    """An expected value of a record against what this build produced: equal, or, in a record made
    before the rules spoke in data (game.core.events.Note), a sentence where a note now stands
    that names the same seats ("Seat 2 called Kabu." for {"note": "kabu.called", "seat": 2})."""
    if want == got:
        return True
    if isinstance(want, str) and isinstance(got, dict) and "note" in got:
        seats = {got.get("seat"), got.get("victim")} - {None}
        return {int(n) for n in _SEAT_NAMED.findall(want)} == seats
    if isinstance(want, list) and isinstance(got, list):
        return len(want) == len(got) and all(map(_agrees, want, got))
    if isinstance(want, dict) and isinstance(got, dict):
        return want.keys() == got.keys() and all(_agrees(want[k], got[k]) for k in want)
    return False


def _first_difference(want: list[Any], got: list[Any]) -> str:
    for i, (a, b) in enumerate(zip(want, got)):
        if a != b:
            return f"event {i}: {a}\n  got {b}"
    return f"{len(want)} events\n  got {len(got)}"
