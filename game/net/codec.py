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
import operator
import sys
from json.encoder import encode_basestring as _json_string
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
        # Encoding looks each value's type up once (the views and events of a soak are a million
        # values); a class's fields are read in one call, and its fields' names for a message are
        # made once.
        self._encoders: dict[type, Any] = {
            type(None): _same, bool: _same, int: _same, str: _same, float: _float,
            Card: _card, Place: _place, type(FACE_DOWN): _face_down,
            tuple: self._tuple, list: self._list, frozenset: self._frozenset, dict: self._dict}
        for name, cls in self.classes.items():
            self._encoders[cls] = self._object_encoder(name, self._fields[name])
        self._places = {name: tuple("." + f for f in fields) for name, fields in self._fields.items()}
        self._positional = {name for name, cls in self.classes.items()
                            if all(not f.kw_only for f in dataclasses.fields(cls) if f.init)}
        self._checked_text: set[str] = set()     # short strings of cards and places found printable

    # -- encoding -------------------------------------------------------------------------------
    def encode(self, value: Any) -> Any:
        """`value` as JSON data (raises TypeError for a value of a kind this format does not have)."""
        encoder = self._encoders.get(type(value))
        if encoder is not None:
            return encoder(value)
        if isinstance(value, StrEnum):      # a phase: the wire carries its string, as records do
            self._encoders[type(value)] = _enum
            return value.value
        raise TypeError(f"{type(value).__name__} is not a value the wire format carries")

    def _items(self, values: Any) -> list[Any]:
        encode, plain = self.encode, _PLAIN
        return [v if type(v) in plain else encode(v) for v in values]

    def _tuple(self, value: tuple) -> list[Any]:
        return self._items(value)

    def _list(self, value: list) -> dict[str, Any]:
        return {"L": self._items(value)}

    def _frozenset(self, value: frozenset) -> dict[str, Any]:
        return {"S": sorted(self._items(value), key=_order)}

    def _dict(self, value: dict) -> dict[str, Any]:
        # (sorted by the key's text alone: dict keys are distinct and no key's text is the start
        # of another's but for a digit, '.' or 'e' next, all after ',', so this is the order of
        # the pairs' texts)
        encode = self.encode
        return {"D": sorted(([encode(k), encode(v)] for k, v in value.items()), key=_key_order)}

    def _object_encoder(self, name: str, fields: tuple[str, ...]) -> Any:
        read = operator.attrgetter(*fields) if len(fields) > 1 else None
        only = fields[0] if len(fields) == 1 else None
        items = self._items

        def encode_object(value: Any) -> dict[str, Any]:
            if read is not None:
                return {"T": name, "f": items(read(value))}
            return {"T": name, "f": items((getattr(value, only),) if only is not None else ())}
        return encode_object

    # -- decoding -------------------------------------------------------------------------------
    def decode(self, data: Any, where: str = "value") -> Any:
        """The value `data` encodes; CodecError (naming where) if it is not one."""
        budget = [MAX_NODES]
        try:
            return self._decode(data, where, 0, budget)
        except CodecError:
            raise
        except (TypeError, ValueError, schema.SchemaError) as exc:   # a constructor's own refusal
            raise CodecError(f"{_path(exc.where) if isinstance(exc, _Refused) else where}: {exc}"[:300]) from None

    # `where` below is the place in the data: a string, or (the place of its container, "[i]" as
    # an index or ".field" as a field name), written out (_path) only for a message.
    def _decode(self, data: Any, where: Any, depth: int, budget: list[int]) -> Any:
        budget[0] -= 1
        if budget[0] < 0:
            raise CodecError(f"{_path(where)}: too many values")
        if depth > MAX_DEPTH:
            raise CodecError(f"{_path(where)}: nested too deep")
        t = type(data)
        if t is str:
            if len(data) > MAX_TEXT:
                raise CodecError(f"{_path(where)}: a string longer than {MAX_TEXT} characters")
            return data
        if t is int:
            if not -MAX_INT <= data <= MAX_INT:
                raise CodecError(f"{_path(where)}: a number out of range")
            return data
        if data is None or t is bool:
            return data
        if t is float:
            if not math.isfinite(data) or abs(data) > MAX_INT:
                raise CodecError(f"{_path(where)}: a number out of range")
            return data
        if t is list:
            if len(data) > MAX_ITEMS:
                raise CodecError(f"{_path(where)}: more than {MAX_ITEMS} entries")
            return tuple(self._decode_items(data, where, depth, budget))
        if t is not dict or len(data) not in (1, 2):
            raise CodecError(f"{_path(where)}: not a value of the wire format")
        if len(data) == 2:
            if set(data) != {"T", "f"}:
                raise CodecError(f"{_path(where)}: not a value of the wire format")
            return self._object(data["T"], data["f"], where, depth, budget)
        (tag, body), = data.items()
        if tag == "C":
            return self._card(body, where)
        if tag == "P":
            if type(body) is not list or len(body) != 3:
                raise CodecError(f"{_path(where)}: a place is [zone, seat, index]")
            zone, seat, index = body
            if zone not in self._checked_text:
                self._check_text(schema.text, zone, (where, ".zone"), 20)
            if type(seat) is not int or not -1 <= seat <= 63:
                _refuse(schema.integer, seat, (where, ".seat"), -1, 63)
            if type(index) is not int or not -1 <= index <= 9_999:
                _refuse(schema.integer, index, (where, ".index"), -1, 9_999)
            return Place(zone, seat, index)
        if tag == "F":
            if body != 0 or type(body) is not int:
                raise CodecError(f"{_path(where)}: a face-down card is {{\"F\": 0}}")
            return FACE_DOWN
        if tag in ("L", "S", "D"):
            if type(body) is not list or len(body) > MAX_ITEMS:
                raise CodecError(f"{_path(where)}: a collection must be an array of at most {MAX_ITEMS} entries")
            items = self._decode_items(body, where, depth, budget)
            if tag == "L":
                return items
            if tag == "S":
                out = frozenset(items)
                if len(out) != len(items):
                    raise CodecError(f"{_path(where)}: a set names a value twice")
                return out
            result = {}
            for i, pair in enumerate(items):
                if type(pair) is not tuple or len(pair) != 2:
                    raise CodecError(f"{_path(where)}[{i}]: a dict entry is [key, value]")
                key, value = pair
                if type(key) not in (str, int) or key in result:
                    raise CodecError(f"{_path(where)}[{i}]: a dict key must be a string or a number, once")
                result[key] = value
            return result
        raise CodecError(f"{_path(where)}: unknown tag {str(tag)[:20]!r}")

    def _decode_items(self, data: list, where: Any, depth: int, budget: list[int]) -> list[Any]:
        """The items of an array one deeper than `where` (plain short strings and small numbers
        taken as they are, counted as the general path would count them)."""
        decode, depth = self._decode, depth + 1
        if depth > MAX_DEPTH:
            return [decode(v, (where, f"[{i}]"), depth, budget) for i, v in enumerate(data)]
        out = []
        append = out.append
        for i, v in enumerate(data):
            t = type(v)
            if (t is int and -MAX_INT <= v <= MAX_INT) or (t is str and len(v) <= MAX_TEXT) or v is None:
                budget[0] -= 1
                if budget[0] < 0:
                    raise CodecError(f"{_path((where, f'[{i}]'))}: too many values")
                append(v)
            else:
                append(decode(v, (where, i), depth, budget))
        return out

    def _card(self, body: Any, where: Any) -> Card:
        if type(body) is not list or len(body) != 3:
            raise CodecError(f"{_path(where)}: a card is [id, rank, suit]")
        card_id, rank, suit = body
        if type(card_id) is not int or not 0 <= card_id <= 100_000:
            _refuse(schema.integer, card_id, (where, ".id"), 0, 100_000)
        if type(rank) is str:
            if rank not in self._checked_text:
                self._check_text(schema.text, rank, (where, ".rank"), 20)
        elif type(rank) is not int or not -1_000 <= rank <= 1_000:
            raise CodecError(f"{_path(where)}.rank: must be a short string or a small whole number")
        if suit is not None and suit not in self._checked_text:
            self._check_text(schema.text, suit, (where, ".suit"), 20)
        return Card(card_id, rank, suit)

    def _check_text(self, check: Any, value: Any, where: Any, most: int) -> None:
        """schema.text's check of a card's or a place's short string, remembered when it passes
        (a few distinct strings come back in every message; the set is kept small)."""
        _refuse(check, value, where, most)
        if len(self._checked_text) < 1_000:
            self._checked_text.add(value)

    def _object(self, name: Any, values: Any, where: Any, depth: int, budget: list[int]) -> Any:
        cls = self.classes.get(name) if type(name) is str else None
        if cls is None:
            raise CodecError(f"{_path(where)}: {str(name)[:40]!r} is not a class of {self.variant.title}'s views or events")
        names = self._fields[name]
        if type(values) is not list or len(values) != len(names):
            raise CodecError(f"{_path(where)}: {name} has {len(names)} fields")
        decode, depth = self._decode, depth + 1
        args = [decode(v, (where, field), depth, budget) for field, v in zip(self._places[name], values)]
        if name in self._positional:
            return cls(*args)
        return cls(**dict(zip(names, args)))

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
    # (sets and dicts are written in one order, so equal values have one text and one digest; a
    # string's or a whole number's text made without json.dumps: the same text)
    t = type(encoded)
    if t is str:
        return _json_string(encoded)
    if t is int:
        return int.__repr__(encoded)
    return canonical(encoded)


def _key_order(pair: list[Any]) -> str:
    return _order(pair[0])


def _same(value: Any) -> Any:
    return value


def _float(value: float) -> float:
    if not math.isfinite(value):
        raise TypeError("a number on the wire must be finite")
    return value


def _enum(value: StrEnum) -> str:
    return value.value


def _card(card: Card) -> dict[str, Any]:
    return {"C": [card.id, card.rank, card.suit]}


def _place(place: Place) -> dict[str, Any]:
    return {"P": [place.zone, place.seat, place.index]}


def _face_down(value: Any) -> dict[str, int]:
    return {"F": 0}


_PLAIN = frozenset({type(None), bool, int, str})     # encoded as themselves


class _Refused(schema.SchemaError):
    """A schema check's refusal, its place still to be written out."""

    def __init__(self, message: str, where: Any) -> None:
        super().__init__(message)
        self.where = where


def _refuse(check: Any, value: Any, where: Any, *bounds: Any) -> None:
    """Run a schema check with an empty place, and raise its refusal with `where` kept."""
    try:
        check(value, "", *bounds)
    except schema.SchemaError as exc:
        raise _Refused(str(exc), where) from None


def _path(where: Any) -> str:
    """A place in the data as text: "view.pairs[2].card"."""
    parts = []
    while type(where) is tuple:
        where, part = where
        parts.append(f"[{part}]" if type(part) is int else part)
    parts.append(where)
    return "".join(reversed(parts))
