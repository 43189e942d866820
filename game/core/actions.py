"""Actions: small frozen values naming who does what. Variants define their own; the few that
every variant shares (passing on a reaction window, a window's expiry, starting a round) live here.

Every action carries the seat that takes it. Actions the table itself takes (a window expiring on
the clock, the next round being dealt) use the seat TABLE.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from game.core import schema
from game.core.cards import Place
from game.core.errors import CardhallError, RecordError
from game.core.frozen import quick_init

TABLE = -1


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    # True for a kind of action that answers another seat's move wherever it is taken, on the
    # seat's own turn too (an UNO call): a bot times it as a reaction, never as a turn's move.
    # Any other action is a reaction when taken out of turn.
    reaction: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The cheaper constructor for every frozen action class (game.core.frozen).
        quick_init(cls)   # (no super(): the slotted class @dataclass makes breaks its cell)

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


def _decode(value: Any, hint: Any, where: str) -> Any:
    """A field's JSON value as the type its annotation names, checked strictly: seats and indices
    are whole numbers (not 1.0, not true) of a sane size, strings are short and printable."""
    if hint is Place:
        schema.obj(value, where, ("zone", "seat", "index"))
        if set(value) != {"zone", "seat", "index"}:
            raise RecordError(f"{where}: a place needs zone, seat and index")
        return Place(schema.text(value["zone"], f"{where}.zone", 20), schema.integer(value["seat"], f"{where}.seat", -1, 63),
                     schema.integer(value["index"], f"{where}.index", -1, 999))
    if hint is int:
        return schema.integer(value, where, -1, 10_000)
    if hint is bool:
        return schema.boolean(value, where)
    if hint is str:
        return schema.text(value, where, 40)
    if hint is type(None):
        if value is not None:
            raise RecordError(f"{where}: must be null")
        return None
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple:
        return tuple(_decode(v, args[0], f"{where}[{i}]") for i, v in enumerate(schema.items(value, where, 1000)))
    if args:   # a union: the first member the value fits
        for member in args:
            try:
                return _decode(value, member, where)
            except CardhallError:
                continue
        raise RecordError(f"{where}: not a valid value")
    raise RecordError(f"{where}: a field this build cannot read")


@lru_cache(maxsize=None)
def _field_hints(cls: type[Action]) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def action_to_json(action: Action) -> dict[str, Any]:
    data = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if value is None and f.default is None:
            continue  # an optional field left out keeps records short (and version 1 records alike)
        data[f.name] = _encode(value)
    return data


def action_from_json(data: Any, vocabulary: dict[str, type[Action]]) -> Action:
    """An action from its JSON, every field checked against its annotation (RecordError if not)."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise RecordError("an action must be an object with a type")
    cls = vocabulary.get(data["type"])
    if cls is None:
        raise RecordError(f"unknown action type {data['type'][:40]!r}")
    hints = _field_hints(cls)
    extra = set(data) - {name for name, _ in hints} - {"type"}
    if extra:
        raise RecordError(f"{cls.__name__} has unexpected fields {sorted(map(str, extra))[:5]}")
    values = {}
    for name, hint in hints:
        if name in data:
            values[name] = _decode(data[name], hint, f"{cls.__name__}.{name}")
    try:
        return cls(**values)
    except TypeError as exc:
        raise RecordError(f"bad {cls.__name__} action: {exc}") from None
