"""Actions: small frozen values naming who does what. Variants define their own; the few that
every variant shares (passing on a reaction window, a window's expiry, starting a round) live here.

Every action carries the seat that takes it. Actions the table itself takes (a window expiring on
the clock, the next round being dealt) use the seat TABLE.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from game.core.cards import Place
from game.core.errors import RecordError

TABLE = -1


@dataclass(frozen=True, slots=True)
class Action:
    seat: int

    def targets(self) -> tuple[Place, ...]:
        """The table places this action names, in the order a player picks them: what a table
        highlights and turns clicks into. An action naming a slot by index says its place."""
        return tuple(v for v in (getattr(self, f.name) for f in dataclasses.fields(self)) if isinstance(v, Place))


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline the open reaction window."""


@dataclass(frozen=True, slots=True)
class Expire(Action):
    """The open reaction window's deadline has passed (taken by the table, at the deadline)."""

    seat: int = TABLE


@dataclass(frozen=True, slots=True)
class StartRound(Action):
    """Deal the next round (taken by the table when the players are ready).

    `deck` stacks the deck for this deal: card faces as written by `str(card)` ("7", "Qh", "R+2"),
    the first one the first to come off the deck. The cards not named are shuffled by the game's
    RNG and lie under them. None (the usual case) shuffles the whole deck. This is how a scenario,
    a tutorial or a bug report fixes a deal in a record.
    """

    seat: int = TABLE
    deck: tuple[str, ...] | None = None


CORE_ACTIONS: tuple[type[Action], ...] = (Pass, Expire, StartRound)


def _encode(value: Any) -> Any:
    if isinstance(value, Place):
        return {"zone": value.zone, "seat": value.seat, "index": value.index}
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) != {"zone", "seat", "index"}:
            raise RecordError(f"unexpected object in an action: {value!r}")
        return Place(str(value["zone"]), int(value["seat"]), int(value["index"]))
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


def action_to_json(action: Action) -> dict[str, Any]:
    data = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if value is None and f.default is None:
            continue  # an optional field left out keeps records short (and version 1 records alike)
        data[f.name] = _encode(value)
    return data


def action_from_json(data: Any, vocabulary: dict[str, type[Action]]) -> Action:
    if not isinstance(data, dict) or "type" not in data:
        raise RecordError(f"an action must be an object with a type: {data!r}")
    cls = vocabulary.get(data["type"])
    if cls is None:
        raise RecordError(f"unknown action type {data['type']!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise RecordError(f"{data['type']} has unexpected fields {sorted(extra)}")
    try:
        return cls(**{k: _decode(v) for k, v in data.items() if k != "type"})
    except TypeError as exc:
        raise RecordError(f"bad {data['type']} action: {exc}") from None
