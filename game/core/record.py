"""Game records: everything needed to rebuild a match exactly.

A record is (format, variant, options, seats, seed, actions with their time offsets, result).
Saving, resuming, replaying and bug reports all use it; docs/records.md describes the format.
A deal can be fixed by a StartRound that stacks the deck, and any step may carry expectations
(the events it must produce, an error it must raise, the totals after it), so a rule scenario or
a golden match is a plain JSON file that `check()` verifies.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.actions import Action, action_from_json, action_to_json
from game.core.errors import CardhallError, RecordError
from game.core.files import atomic_write_json
from game.core.game import Game, get_variant

FORMAT_VERSION = 2
READABLE_FORMATS = (1, 2)
EXPECT_KEYS = ("events", "refused", "totals", "scores")


@dataclass
class SeatInfo:
    name: str
    kind: str = "bot"          # "human", "bot" or "random"
    level: str | None = None   # bot level: easy, medium, hard

    def to_json(self, steps: bool = True) -> dict[str, Any]:
        """The record as JSON data; steps=False leaves the action list empty (a saver that keeps
        the JSON of the steps it has already written splices them in)."""
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Any) -> "SeatInfo":
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise RecordError(f"a seat must be an object with a name: {data!r}")
        return cls(data["name"], str(data.get("kind", "bot")), data.get("level"))


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

    @classmethod
    def of(cls, game: Game, seats: list[SeatInfo] | None = None) -> "GameRecord":
        seats = seats or [SeatInfo(f"Seat {i + 1}") for i in range(game.seats)]
        return cls(game.id, dict(game.options), list(seats), game.seed, list(game.history),
                   result_of(game))

    def new_game(self) -> Game:
        cls = get_variant(self.variant)
        return cls(len(self.seats), self.options, self.seed)

    def replay(self) -> Game:
        """Rebuild the game by applying every recorded action at its recorded time. Steps that are
        expected to be refused are tried and must be refused."""
        return self.check(events=False)

    def check(self, events: bool = True) -> Game:
        """Replay and verify every expectation; the first one not met raises RecordError naming
        the step. With events=False only refusals, totals and scores are checked."""
        game = self.new_game()
        for index, (t, action) in enumerate(self.actions):
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
                if got != want["events"]:
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
        return game

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
        }

    def step_json(self, index: int, t: float, action: Action) -> dict[str, Any]:
        step = {"t": t, **action_to_json(action)}
        if index in self.expect:
            step["expect"] = self.expect[index]
        return step

    @classmethod
    def from_json(cls, data: Any) -> "GameRecord":
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if type(data.get("format")) is not int or data["format"] not in READABLE_FORMATS:
            raise RecordError(f"unsupported record format {data.get('format')!r} "
                              f"(this build reads {', '.join(map(str, READABLE_FORMATS))})")
        for key in ("variant", "seats", "seed", "actions"):
            if key not in data:
                raise RecordError(f"the record has no {key!r}")
        variant = get_variant(data["variant"])
        if not isinstance(data["seed"], int) or not isinstance(data["actions"], list):
            raise RecordError("the record's seed must be an integer and its actions a list")
        if not isinstance(data["seats"], list):
            raise RecordError("the record's seats must be a list")
        vocabulary = variant.vocabulary()
        actions = []
        expect: dict[int, dict[str, Any]] = {}
        for index, item in enumerate(data["actions"]):
            if not isinstance(item, dict) or not isinstance(item.get("t"), (int, float)):
                raise RecordError(f"each action needs a time offset 't': {item!r}")
            rest = {k: v for k, v in item.items() if k not in ("t", "expect")}
            actions.append((float(item["t"]), action_from_json(rest, vocabulary)))
            if "expect" in item:
                want = item["expect"]
                if data["format"] < 2 or not isinstance(want, dict) or not set(want) <= set(EXPECT_KEYS):
                    raise RecordError(f"step {index}: 'expect' must be an object with keys from "
                                      f"{', '.join(EXPECT_KEYS)} (format 2)")
                expect[index] = want
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise RecordError("the record's options must be an object")
        return cls(variant.id, options, [SeatInfo.from_json(s) for s in data["seats"]],
                   data["seed"], actions, data.get("result"), expect, str(data.get("about") or ""))

    def save(self, path: Path) -> None:
        atomic_write_json(Path(path), self.to_json())

    @classmethod
    def load(cls, path: Path) -> "GameRecord":
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RecordError(f"no such record: {path}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"cannot read record {path}: {exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record {path} is not valid JSON: {exc}") from None
        return cls.from_json(data)


def result_of(game: Game) -> dict[str, Any] | None:
    if not game.over:
        return None
    return {
        "rounds": [list(r) for r in game.score.rounds],
        "totals": list(game.score.totals),
        "winners": list(game.winners),
    }


def _first_difference(want: list[Any], got: list[Any]) -> str:
    for i, (a, b) in enumerate(zip(want, got)):
        if a != b:
            return f"event {i}: {a}\n  got {b}"
    return f"{len(want)} events\n  got {len(got)}"
