"""16 Combos, Requirements and Face Cards: the two decks, the four types (the suits), what a card
is worth, how many columns are dealt, and the places cards lie in.

Places: Place("pair", seat, slot) is a whole pair (what a player clicks), Place("type"/"value",
seat, slot) its cards. Slots are stable for the encounter: a discarded pair leaves its slot empty,
a pair added to the right takes a new slot; the defense pair is the rightmost filled slot.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.core.cards import Card, DeckSpec, Place
from game.core.standard_deck import JOKER, RANKS, SUITS

RULESET = "Poikilos 1.0 RC1, digital interpretation"

# -- the four types (the suits) ----------------------------------------------------------------------
VIT, WTH, STR, FIN = "h", "d", "c", "s"
TYPES = (VIT, WTH, STR, FIN)
TYPE_NAMES = {VIT: "vitality", WTH: "wealth", STR: "strength", FIN: "finesse"}

# Maximum Value: a value card's value is never more than 14 (at 14 it behaves as a joker).
MAX_VALUE = 14

# -- the two decks --------------------------------------------------------------------------------
# Both decks always hold two jokers in the spec so card ids stay fixed; without rule G they are
# simply not used. Deal deck ids 0..53, draw deck ids 54..107.
_ONE_DECK = DeckSpec(tuple((rank, suit, 1) for suit in SUITS for rank in RANKS) + ((JOKER, None, 2),))
DEAL_CARDS = tuple(_ONE_DECK.build())
DRAW_CARDS = tuple(Card(c.id + len(DEAL_CARDS), c.rank, c.suit) for c in DEAL_CARDS)
ALL_IDS = frozenset(c.id for c in DEAL_CARDS + DRAW_CARDS)
JOKER_IDS = frozenset(c.id for c in DEAL_CARDS + DRAW_CARDS if c.rank == JOKER)
DEAL_DECK = Place("dealdeck")
WASTE = Place("waste")
STACK_SPLIT = "|"   # in StartRound(deck=...): deal deck faces before it, draw deck faces after

_FACE_VALUE = {"J": 11, "Q": 12, "K": 12, "A": 13, JOKER: 14}
FACE_TYPES: dict[Any, tuple[str, ...]] = {"J": (STR,), "Q": (WTH,), "K": (WTH,), "A": (FIN,), JOKER: (FIN, VIT)}


def card_value(card: Card) -> int:
    """2-10 their number; Jack 11, Queen and King 12, Ace 13, Joker 14."""
    rank = card.rank
    return rank if isinstance(rank, int) else _FACE_VALUE[rank]


def is_face(card: Card) -> bool:
    return not isinstance(card.rank, int)


def row_types(card: Card) -> tuple[str, ...]:
    """The types a value-row card counts as (a joker: finesse and vitality)."""
    return (FIN, VIT) if card.rank == JOKER else (card.suit,)  # type: ignore[return-value]


def max_columns(seats: int, options: dict[str, Any]) -> int:
    """The most columns the deal deck allows (a joker dealt to a type row is replaced, so two cards
    are kept spare with jokers; the extra value card of C/E/F needs one more per character)."""
    size = len(DEAL_CARDS) if options["jokers"] else len(DEAL_CARDS) - 2
    spare = 2 if options["jokers"] else 0
    extra = 1 if (options["drop_lowest"] or options["multiple_values"]) else 0
    return max(1, ((size - spare) // seats - extra) // 2)


def columns_for(seats: int, options: dict[str, Any]) -> int:
    if options["one_of_each"]:
        return 4
    wanted = options["columns"] or (10 if seats == 2 else 99)
    return min(wanted, max_columns(seats, options))


@lru_cache(maxsize=None)
def pair_place(seat: int, slot: int) -> Place:
    return Place("pair", seat, slot)


@lru_cache(maxsize=None)
def type_place(seat: int, slot: int) -> Place:
    return Place("type", seat, slot)


@lru_cache(maxsize=None)
def value_place(seat: int, slot: int) -> Place:
    return Place("value", seat, slot)


@lru_cache(maxsize=None)
def hand_place(seat: int, index: int = -1) -> Place:
    return Place("hand", seat, index)


@lru_cache(maxsize=None)
def seat_place(zone: str, seat: int) -> Place:
    return Place(zone, seat)


@lru_cache(maxsize=None)
def only(seat: int) -> frozenset[int]:
    return frozenset((seat,))


NOBODY: frozenset[int] = frozenset()
