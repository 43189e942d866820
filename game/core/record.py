"""Game records: everything needed to rebuild a match exactly.

A record is (format, variant, options, seats, seed, actions with their time offsets, result).
Saving, resuming, replaying and bug reports all use it; docs/records.md describes the format.
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

FORMAT_VERSION = 1


@dataclass
class SeatInfo:
    name: str
    kind: str = "bot"          # "human", "bot" or "random"
    level: str | None = None   # bot level: easy, medium, hard

    def to_json(self) -> dict[str, Any]:
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

    @classmethod
    def of(cls, game: Game, seats: list[SeatInfo] | None = None) -> "GameRecord":
        seats = seats or [SeatInfo(f"Seat {i + 1}") for i in range(game.seats)]
        return cls(game.id, dict(game.options), list(seats), game.seed, list(game.history),
                   result_of(game))

    def new_game(self) -> Game:
        cls = get_variant(self.variant)
        return cls(len(self.seats), self.options, self.seed)

    def replay(self) -> Game:
        """Rebuild the game by applying every recorded action at its recorded time."""
        game = self.new_game()
        for index, (t, action) in enumerate(self.actions):
            try:
                game.apply(action, t)
            except CardhallError as exc:
                raise RecordError(f"action {index} ({type(action).__name__}) does not replay: {exc}") from None
        return game

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT_VERSION,
            "variant": self.variant,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "seed": self.seed,
            "actions": [{"t": t, **action_to_json(a)} for t, a in self.actions],
            "result": self.result,
        }

    @classmethod
    def from_json(cls, data: Any) -> "GameRecord":
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT_VERSION:
            raise RecordError(f"unsupported record format {data.get('format')!r} (this build reads {FORMAT_VERSION})")
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
        for item in data["actions"]:
            if not isinstance(item, dict) or not isinstance(item.get("t"), (int, float)):
                raise RecordError(f"each action needs a time offset 't': {item!r}")
            rest = {k: v for k, v in item.items() if k != "t"}
            actions.append((float(item["t"]), action_from_json(rest, vocabulary)))
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise RecordError("the record's options must be an object")
        return cls(variant.id, options, [SeatInfo.from_json(s) for s in data["seats"]],
                   data["seed"], actions, data.get("result"))

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
