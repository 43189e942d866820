"""Cards, deck specifications and table places.

A card's `id` is its stable identity for the whole match; two copies of the same face have
different ids. Ids are internal: observations and redacted events never expose the id of a card
a seat may not see, because ids follow the deck spec's order and would reveal the face.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, NamedTuple


@dataclass(frozen=True, slots=True, order=True)
class Card:
    id: int
    rank: int | str
    suit: str | None = None

    def __str__(self) -> str:
        return f"{self.rank}{self.suit or ''}"


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """A deck as (rank, suit, copies) entries, e.g. ((5, None, 5), ...)."""

    entries: tuple[tuple[int | str, str | None, int], ...]

    def build(self) -> list[Card]:
        cards: list[Card] = []
        for rank, suit, copies in self.entries:
            for _ in range(copies):
                cards.append(Card(len(cards), rank, suit))
        return cards

    @property
    def size(self) -> int:
        return sum(copies for _, _, copies in self.entries)


class Place(NamedTuple):
    """Where a card is: a zone, and for seat-owned zones the seat and the slot index.

    Zones used by the variants: "deck", "discard", "grid" (a face-down table layout with stable
    slots), "hand" (a held fan of cards), "held" (a card drawn and not yet placed).

    A named tuple (immutable, ordered by zone, seat, index like the dataclass it was): places are
    hashed and compared in every legal-action list and in the bots' memory, and a tuple does
    both in C, where a dataclass's generated __hash__ and __eq__ are Python calls.
    """

    zone: str
    seat: int = -1
    index: int = -1

    def __str__(self) -> str:
        if self.seat < 0:
            return self.zone
        if self.index < 0:
            return f"{self.zone}[seat {self.seat}]"
        return f"{self.zone}[seat {self.seat}, slot {self.index}]"


DECK = Place("deck")
DISCARD = Place("discard")


@lru_cache(maxsize=None)
def grid_place(seat: int, index: int) -> Place:
    return Place("grid", seat, index)


def held_place(seat: int) -> Place:
    return Place("held", seat)


def count_ranks(cards: Iterable[Card]) -> dict[int | str, int]:
    counts: dict[int | str, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    return counts


class _FaceDown:
    """Marks a card a seat can see is there but cannot see the face of."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "FACE_DOWN"

    def __reduce__(self) -> str:
        return "FACE_DOWN"


FACE_DOWN = _FaceDown()


def stacked_deck(cards: Iterable[Card], top: tuple[str, ...] | None, rng) -> list[Card]:
    """A fresh deck as a list whose end is the top: `top` names the first cards to come off it,
    by face (`str(card)`), and the rest are shuffled by `rng` under them. With no `top` this is a
    plain shuffle (the same RNG draws as before decks could be stacked, so old records replay)."""
    from game.core.errors import InvalidTarget

    rest = list(cards)
    if not top:
        rng.shuffle(rest)
        return rest
    if not isinstance(top, tuple) or len(top) > len(rest):
        raise InvalidTarget("a stacked deck must list at most the deck's own cards")
    chosen: list[Card] = []
    for face in top:
        for i, card in enumerate(rest):
            if str(card) == face:
                chosen.append(rest.pop(i))
                break
        else:
            raise InvalidTarget(f"the deck has no card {face!r} left to stack")
    rng.shuffle(rest)
    return rest + chosen[::-1]
