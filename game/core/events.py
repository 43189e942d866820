"""Events: the facts an action produced, in order. The client animates them and bots learn from
them. Some facts are private (a card seen by one seat); `for_seat` returns the copy a given seat
is allowed to receive, with card faces it may not see blanked out.

Convention: an event that carries card faces (a `card` field, a tuple of cards, any field holding a
Card) also has a `shown_to` field. shown_to=None means the faces are public; otherwise it is the
frozenset of seats that see them, and every other seat receives the event with each Card blanked to
None (a tuple keeps its length: how many cards moved is public).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter, is_
from typing import Any, Iterable

from game.core.cards import Card, Place
from game.core.frozen import quick_init

PUBLIC = None
NOBODY: frozenset[int] = frozenset()


_HAS_SHOWN_TO: dict[type, bool] = {}
# Each event class's constructor fields, and what reads them all at once (for_seat).
_INIT_FIELDS: dict[type, tuple[tuple[str, ...], Any]] = {}


@dataclass(frozen=True, slots=True)
class Event:
    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Every step makes a few events: each frozen event class gets the cheaper constructor
        # (game.core.frozen). Called again for the slotted class @dataclass builds, which is the
        # one that is kept.
        quick_init(cls)   # (no super(): the slotted class @dataclass makes breaks its cell)

    def hides_cards(self) -> bool:
        """Whether some seat receives this event with card faces blanked (cheap: whether the
        class has a `shown_to` field is looked up once per class)."""
        cls = type(self)
        has = _HAS_SHOWN_TO.get(cls)
        if has is None:
            has = _HAS_SHOWN_TO[cls] = any(f.name == "shown_to" for f in dataclasses.fields(cls))
        return has and self.shown_to is not PUBLIC  # type: ignore[attr-defined]

    def for_seat(self, seat: int) -> "Event":
        if not self.hides_cards() or seat in self.shown_to:  # type: ignore[attr-defined]
            return self
        cls = type(self)
        known = _INIT_FIELDS.get(cls)
        if known is None:
            names = tuple(f.name for f in dataclasses.fields(cls) if f.init)
            known = _INIT_FIELDS[cls] = (names, attrgetter(*names))
        names, read = known
        values = read(self) if len(names) > 1 else (read(self),)   # (attrgetter of one name: the value)
        blanked = [_blank(value) for value in values]
        if all(map(is_, blanked, values)):
            return self
        # (what dataclasses.replace does, without looking the fields up again)
        return cls(**dict(zip(names, blanked)))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"event": type(self).__name__}
        for f in dataclasses.fields(self):
            data[f.name] = _plain(getattr(self, f.name))
        return data


def _blank(value: Any) -> Any:
    """`value` with every Card in it replaced by None (the same object when it holds none)."""
    if isinstance(value, Card):
        return None
    if isinstance(value, Place):   # (a tuple, and in most redacted events: it holds no card)
        return value
    if isinstance(value, (tuple, list)) and any(isinstance(v, (Card, tuple, list)) for v in value):
        out = [_blank(v) for v in value]
        if all(a is b for a, b in zip(out, value)):
            return value
        return type(value)(out)
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, Note):
        return value.to_json()
    if isinstance(value, Card):
        return {"rank": value.rank, "suit": value.suit}
    if isinstance(value, Place):
        return str(value)
    if isinstance(value, (tuple, list, frozenset, set)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def redact(events: Iterable[Event], seat: int) -> list[Event]:
    return [e.for_seat(seat) for e in events]


@dataclass(frozen=True, slots=True)
class Note:
    """A fact the rules state in a sentence (a note on a round's scores, what a 16 Combos combo
    did), as data: what it is (`key`, such as "kabu.called"), the seat it is about, if any, and
    its values by name. The rules speak in data; the words are made where they are read
    (game.client.narration.notes: the player's language, or English for the text paths)."""

    key: str
    seat: int | None = None
    values: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, seat: int | None = None, **values: Any) -> "Note":
        return cls(key, seat, tuple(values.items()))

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.values:
            if key == name:
                return value
        return default

    def seats(self) -> tuple[int, ...]:
        """Every seat the note names: its own, then the one it acts on (a value named "victim")."""
        named = [v for k, v in self.values if k == "victim"]
        return tuple([self.seat] if self.seat is not None else []) + tuple(named)

    def to_json(self) -> dict[str, Any]:
        return {"note": self.key, "seat": self.seat, **{k: _plain(v) for k, v in self.values}}


# Events shared by the variants ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    dealer: int
    first_seat: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class CardMoved(Event):
    """A card went from one place to another. Face visible to shown_to (None: everybody)."""

    card: Card | None
    src: Place
    dst: Place
    shown_to: frozenset[int] | None = PUBLIC
    by: int = -1


@dataclass(frozen=True, slots=True)
class CardsSwapped(Event):
    """Two table cards changed places, faces unseen by anyone who was not already told."""

    a: Place
    b: Place
    by: int


@dataclass(frozen=True, slots=True)
class CardSeen(Event):
    """`seat` looked at the card at `place`. Everybody learns that it looked; only it sees the face."""

    seat: int
    place: Place
    card: Card | None
    shown_to: frozenset[int] | None


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """A card is turned face up for the whole table at `place` (it stays where it is)."""

    place: Place
    card: Card


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    cards: int


@dataclass(frozen=True, slots=True)
class WindowOpened(Event):
    """A reaction window: who it is offered to, and when it closes (None: when all have passed)."""

    trigger: str
    seats: tuple[int, ...]
    opened_at: float
    deadline: float | None


@dataclass(frozen=True, slots=True)
class WindowClosed(Event):
    reason: str


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class PenaltyGiven(Event):
    seat: int
    reason: str
    cards: int


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    round: int
    hands: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    notes: tuple[Note, ...]      # what the rules did to the scores (who called, a total halved ...)


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    totals: tuple[int, ...]
    winners: tuple[int, ...]


# Events are immutable values, so the small ones made on nearly every step are made once per
# argument and shared (as the variants do with their actions).
turn_started = lru_cache(maxsize=None)(TurnStarted)
passed = lru_cache(maxsize=None)(Passed)
window_closed = lru_cache(maxsize=None)(WindowClosed)
