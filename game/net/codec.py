"""Views and events as JSON, for the wire: what a seat may know, encoded so that it decodes to an
equal value, and nothing but known classes can come out of it.

Actions travel in the record format (game.core.actions: action_to_json / action_from_json). Views
and events are frozen dataclasses holding cards, places, tuples, frozensets and the odd dict, so
they get a small tagged encoding of their own:

    None, true/false, numbers, strings   as themselves (numbers finite)
    a tuple                              a JSON array
    a list, a frozenset, a dict          {"L": [...]}, {"S": [...]}, {"D": [[key, value], ...]}
    a Card                               {"C": [id, rank, suit]}
    FACE_DOWN                            {"F": 0}
    a Place                              {"P": [zone, seat, index]}
    a view, an event, a WindowView ...   {"T": "ClassName", "f": [field values in order]}

Every JSON object is a tag of one key, so nothing is ambiguous. A decoder is made for one variant
(`Codec(variant)`): the classes it may build are that variant's and the core's frozen dataclasses,
looked up by name in a table made once; a name it does not know, a field count that is wrong, a
value too deep, too long or too large is refused with a CodecError naming where. Nothing from the
wire names a module, a file or code.

`digest(value)` is a short hash of the canonical encoding: the host and a client compare a seat's
view by it at every step (a desync check).
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import math
import sys
from enum import StrEnum
from typing import Any

from game.core import schema
from game.core.cards import FACE_DOWN, Card, Place
from game.core.errors import CardhallError

MAX_DEPTH = 12            # views nest five deep at most (a 16 Combos view's pair columns)
MAX_ITEMS = 2_000         # entries in one array (a view's zones, a pile; a deck holds 112 cards)
MAX_NODES = 60_000        # values in one decoded message
MAX_TEXT = 400            # characters in one string (prompts are about 100)
MAX_INT = 10 ** 12
CORE_MODULES = ("game.core.events", "game.core.view", "game.core.grids", "game.core.hands")


class CodecError(CardhallError):
    """Data from the wire that is not a value this build encodes."""


def _frozen_dataclasses(module_name: str) -> list[type]:
    """The frozen dataclasses a module defines, or (a package, such as 16 Combos') its own modules do
    and it exports."""
    module = sys.modules.get(module_name) or importlib.import_module(module_name)
    found = []
    for value in vars(module).values():
        if (isinstance(value, type) and dataclasses.is_dataclass(value)
                and (value.__module__ == module_name or value.__module__.startswith(module_name + "."))
                and value.__dataclass_params__.frozen):   # type: ignore[attr-defined]
            found.append(value)
    return found


class Codec:
    """Encodes and strictly decodes one variant's views and events."""

    def __init__(self, variant: type) -> None:
        self.variant = variant
        classes: dict[str, type] = {}
        for module_name in CORE_MODULES + (variant.__module__,):
            for cls in _frozen_dataclasses(module_name):
                if cls.__name__ in classes and classes[cls.__name__] is not cls:
                    # (a variant's own class of the same name as a core one wins, as in its module)
                    if module_name != variant.__module__:
                        raise ValueError(f"two wire classes named {cls.__name__}")
                classes[cls.__name__] = cls
        # Actions are not sent as values (they go in the record format), and Card and Place have tags.
        from game.core.actions import Action

        self.classes = {name: cls for name, cls in classes.items()
                        if not issubclass(cls, Action) and cls not in (Card,)}
        self._fields = {name: tuple(f.name for f in dataclasses.fields(cls) if f.init)
                        for name, cls in self.classes.items()}
        self._names = {cls: name for name, cls in self.classes.items()}

    # -- encoding -------------------------------------------------------------------------------
    def encode(self, value: Any) -> Any:
        """`value` as JSON data (raises TypeError for a value of a kind this format does not have)."""
        t = type(value)
        if value is None or t is bool or t is int or t is str:
            return value
        if isinstance(value, StrEnum):      # a phase: the wire carries its string, as records do
            return value.value
        if t is float:
            if not math.isfinite(value):
                raise TypeError("a number on the wire must be finite")
            return value
        if t is Card:
            return {"C": [value.id, value.rank, value.suit]}
        if t is Place:
            return {"P": [value.zone, value.seat, value.index]}
        if t is tuple:
            return [self.encode(v) for v in value]
        if value is FACE_DOWN:
            return {"F": 0}
        if t is list:
            return {"L": [self.encode(v) for v in value]}
        if t is frozenset:
            return {"S": sorted((self.encode(v) for v in value), key=_order)}
        if t is dict:
            return {"D": sorted(([self.encode(k), self.encode(v)] for k, v in value.items()), key=_order)}
        name = self._names.get(t)
        if name is not None:
            return {"T": name, "f": [self.encode(getattr(value, f)) for f in self._fields[name]]}
        raise TypeError(f"{t.__name__} is not a value the wire format carries")

    # -- decoding -------------------------------------------------------------------------------
    def decode(self, data: Any, where: str = "value") -> Any:
        """The value `data` encodes; CodecError (naming where) if it is not one."""
        budget = [MAX_NODES]
        try:
            return self._decode(data, where, 0, budget)
        except CodecError:
            raise
        except (TypeError, ValueError, schema.SchemaError) as exc:   # a constructor's own refusal
            raise CodecError(f"{where}: {exc}"[:300]) from None

    def _decode(self, data: Any, where: str, depth: int, budget: list[int]) -> Any:
        budget[0] -= 1
        if budget[0] < 0:
            raise CodecError(f"{where}: too many values")
        if depth > MAX_DEPTH:
            raise CodecError(f"{where}: nested too deep")
        t = type(data)
        if data is None or t is bool:
            return data
        if t is int:
            if not -MAX_INT <= data <= MAX_INT:
                raise CodecError(f"{where}: a number out of range")
            return data
        if t is float:
            if not math.isfinite(data) or abs(data) > MAX_INT:
                raise CodecError(f"{where}: a number out of range")
            return data
        if t is str:
            if len(data) > MAX_TEXT:
                raise CodecError(f"{where}: a string longer than {MAX_TEXT} characters")
            return data
        if t is list:
            if len(data) > MAX_ITEMS:
                raise CodecError(f"{where}: more than {MAX_ITEMS} entries")
            return tuple(self._decode(v, f"{where}[{i}]", depth + 1, budget) for i, v in enumerate(data))
        if t is not dict or len(data) not in (1, 2):
            raise CodecError(f"{where}: not a value of the wire format")
        if len(data) == 2:
            if set(data) != {"T", "f"}:
                raise CodecError(f"{where}: not a value of the wire format")
            return self._object(data["T"], data["f"], where, depth, budget)
        (tag, body), = data.items()
        if tag == "C":
            return self._card(body, where)
        if tag == "P":
            if type(body) is not list or len(body) != 3:
                raise CodecError(f"{where}: a place is [zone, seat, index]")
            zone = schema.text(body[0], f"{where}.zone", 20)
            return Place(zone, schema.integer(body[1], f"{where}.seat", -1, 63),
                         schema.integer(body[2], f"{where}.index", -1, 9_999))
        if tag == "F":
            if body != 0 or type(body) is not int:
                raise CodecError(f"{where}: a face-down card is {{\"F\": 0}}")
            return FACE_DOWN
        if tag in ("L", "S", "D"):
            if type(body) is not list or len(body) > MAX_ITEMS:
                raise CodecError(f"{where}: a collection must be an array of at most {MAX_ITEMS} entries")
            items = [self._decode(v, f"{where}[{i}]", depth + 1, budget) for i, v in enumerate(body)]
            if tag == "L":
                return items
            if tag == "S":
                out = frozenset(items)
                if len(out) != len(items):
                    raise CodecError(f"{where}: a set names a value twice")
                return out
            result = {}
            for i, pair in enumerate(items):
                if type(pair) is not tuple or len(pair) != 2:
                    raise CodecError(f"{where}[{i}]: a dict entry is [key, value]")
                key, value = pair
                if type(key) not in (str, int) or key in result:
                    raise CodecError(f"{where}[{i}]: a dict key must be a string or a number, once")
                result[key] = value
            return result
        raise CodecError(f"{where}: unknown tag {str(tag)[:20]!r}")

    def _card(self, body: Any, where: str) -> Card:
        if type(body) is not list or len(body) != 3:
            raise CodecError(f"{where}: a card is [id, rank, suit]")
        card_id = schema.integer(body[0], f"{where}.id", 0, 100_000)
        rank = body[1]
        if type(rank) is str:
            schema.text(rank, f"{where}.rank", 20)
        elif type(rank) is not int or not -1_000 <= rank <= 1_000:
            raise CodecError(f"{where}.rank: must be a short string or a small whole number")
        suit = body[2]
        if suit is not None:
            schema.text(suit, f"{where}.suit", 20)
        return Card(card_id, rank, suit)

    def _object(self, name: Any, values: Any, where: str, depth: int, budget: list[int]) -> Any:
        cls = self.classes.get(name) if type(name) is str else None
        if cls is None:
            raise CodecError(f"{where}: {str(name)[:40]!r} is not a class of {self.variant.title}'s views or events")
        names = self._fields[name]
        if type(values) is not list or len(values) != len(names):
            raise CodecError(f"{where}: {name} has {len(names)} fields")
        args = {field: self._decode(v, f"{where}.{field}", depth + 1, budget) for field, v in zip(names, values)}
        return cls(**args)

    # -- text -------------------------------------------------------------------------------------
    def dumps(self, value: Any) -> str:
        return canonical(self.encode(value))


def canonical(data: Any) -> str:
    """The one text of JSON data: what digests are taken of."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def digest(data: Any) -> str:
    """A short hash of encoded data's canonical text."""
    return hashlib.blake2b(canonical(data).encode("utf-8"), digest_size=12).hexdigest()


def _order(encoded: Any) -> str:
    # (sets and dicts are written in one order, so equal values have one text and one digest)
    return canonical(encoded)
