"""The standard French-suited deck: 52 cards, optionally jokers, optionally several decks.

Spelling (this is how `str(card)` names a card, e.g. in a record's StartRound(deck=...)):
  ranks  "A", 2, 3, ... 10 (ints), "J", "Q", "K"; a joker has rank "joker" and no suit
  suits  "h" hearts, "d" diamonds (red); "c" clubs, "s" spades (black)
so the ace of spades is "As", the ten of hearts "10h", the queen of diamonds "Qd", a joker
"joker". Card ids follow the spec order: deck by deck, suit by suit (h, d, c, s), A to K, then
the jokers.

What a card is worth is the variant's business: `card_values` builds a value function from the
usual A=1 ... K=13 count and the variant's exceptions.
"""

from __future__ import annotations

from typing import Callable, Mapping

from game.core.cards import Card, DeckSpec

RANKS: tuple[int | str, ...] = ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K")
SUITS: tuple[str, ...] = ("h", "d", "c", "s")
SUIT_NAMES = {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades"}
RED_SUITS = frozenset(("h", "d"))
JOKER = "joker"
RED, BLACK = "red", "black"
PIPS: dict[int | str, int] = {rank: i + 1 for i, rank in enumerate(RANKS)}


def standard_deck(decks: int = 1, jokers: int = 0) -> DeckSpec:
    """`decks` full 52-card decks plus `jokers` jokers (Kabu: 2 decks, 4 jokers; Kumbal: 1 deck,
    2 jokers, and a second deck for six players)."""
    if decks < 1 or jokers < 0:
        raise ValueError("a standard deck needs at least one 52-card deck and no negative jokers")
    entries = tuple((rank, suit, decks) for suit in SUITS for rank in RANKS)
    return DeckSpec(entries + (((JOKER, None, jokers),) if jokers else ()))


def colour(card: Card) -> str | None:
    """"red" (hearts, diamonds), "black" (clubs, spades), None for a joker."""
    if card.suit is None:
        return None
    return RED if card.suit in RED_SUITS else BLACK


def is_joker(card: Card) -> bool:
    return card.rank == JOKER


def card_name(card: Card) -> str:
    if card.rank == JOKER:
        return "joker"
    names = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
    return f"{names.get(card.rank, card.rank)} of {SUIT_NAMES[card.suit]}"  # type: ignore[index,arg-type]


def card_values(exceptions: Mapping[object, int] | None = None, joker: int = 0) -> Callable[[Card], int]:
    """A value function: A 1, 2-10 their number, J 11, Q 12, K 13, a joker `joker`, except where
    `exceptions` says otherwise, keyed by rank or by (rank, colour), the latter winning:
        card_values({("K", "red"): 0, ("K", "black"): 24}, joker=-1)   # Kabu
        card_values(joker=0)                                           # Kumbal
    """
    table: dict[tuple[int | str, str | None], int] = {}
    for suit in SUITS:
        tone = RED if suit in RED_SUITS else BLACK
        for rank in RANKS:
            table[(rank, suit)] = PIPS[rank]
            if exceptions:
                if rank in exceptions:
                    table[(rank, suit)] = exceptions[rank]
                if (rank, tone) in exceptions:
                    table[(rank, suit)] = exceptions[(rank, tone)]
    table[(JOKER, None)] = exceptions.get(JOKER, joker) if exceptions else joker

    def value(card: Card) -> int:
        return table[(card.rank, card.suit)]

    return value
