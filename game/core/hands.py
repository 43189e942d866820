"""Hand games: cards held in a fan, and the turn flow the shedding games share (Combat UNO, Kumbal).

- Hands: each seat holds a list of cards; only its owner sees the faces (`CardMoved` shown to that
  seat alone) until the round ends and every hand is laid down (`HandRevealed`). `deal_hands` deals
  one card at a time round the table from the first seat; `give` draws from the draw pile into a
  hand (reshuffling the discards when it runs out); `hand_zones` is how a seat's view shows them.
- Turn flow on a `TurnOrder`: `skip_next` (the next player is skipped), `reverse_play` (play changes
  direction; with two players a reverse acts as a skip, there being nobody to turn back to, where
  the variant reads it so).
- Stacked pick-ups: a pick-up card makes the next player pick up cards unless they pass it on with
  a pick-up card of their own, which adds its amount to what is owed (`pass_on_pickup`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from random import Random

from game.core.cards import DECK, Card, Place
from game.core.events import CardMoved, Event
from game.core.piles import Piles
from game.core.turns import TurnOrder
from game.core.view import ZoneView, fan_zone, hidden_fan


@lru_cache(maxsize=None)
def hand_place(seat: int) -> Place:
    return Place("hand", seat)


@lru_cache(maxsize=None)
def only(seat: int) -> frozenset[int]:
    return frozenset((seat,))


# -- events ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Skipped(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class DirectionChanged(Event):
    direction: int   # +1 to the left (seat numbers going up), -1 to the right


@dataclass(frozen=True, slots=True)
class DrawPending(Event):
    """`seat` must pick up `cards` (or pass the pick-up on with a pick-up card first)."""

    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class Stacked(Event):
    """A pick-up card was played on a pick-up owed: `total` is now owed by the next player."""

    seat: int
    total: int


@dataclass(frozen=True, slots=True)
class HandRevealed(Event):
    """At the end of a round every hand is laid down for scoring."""

    seat: int
    cards: tuple[Card, ...]
    points: int


# -- hands ----------------------------------------------------------------------------------------
def deal_hands(hands: list[list[Card]], deck: list[Card], first: int, size: int, events: list[Event]) -> None:
    """Deal `size` cards to every seat, one at a time round the table from `first` (the top of
    `deck` is its end); each seat sees only its own cards."""
    n = len(hands)
    for _ in range(size):
        for k in range(n):
            seat = (first + k) % n
            card = deck.pop()
            hands[seat].append(card)
            events.append(CardMoved(card, DECK, hand_place(seat), only(seat)))


def give(hands: list[list[Card]], seat: int, count: int, piles: Piles, rng: Random, events: list[Event]) -> int:
    """Draw `count` cards from the draw pile into `seat`'s hand (fewer if no card is left anywhere);
    returns how many it got."""
    given = 0
    hand = hands[seat]
    for _ in range(count):
        card = piles.draw(rng, events)
        if card is None:
            break
        hand.append(card)
        events.append(CardMoved(card, DECK, hand_place(seat), only(seat), seat))
        given += 1
    return given


def hand_zones(hands: list[list[Card]], seat: int, revealed: bool) -> tuple[ZoneView, ...]:
    """Every hand as `seat` sees it: its own face up, the others face down with their counts
    (all face up once `revealed`, at the round's end)."""
    return tuple([fan_zone(s, tuple(h)) if s == seat or revealed else hidden_fan(s, len(h))
                  for s, h in enumerate(hands)])


# -- turn flow --------------------------------------------------------------------------------------
def skip_next(order: TurnOrder, seat: int, events: list[Event]) -> int:
    """`seat` played a skip: the next player is passed over. Returns who plays next."""
    events.append(Skipped(order.next(seat)))
    return order.next(seat, 2)


def reverse_play(order: TurnOrder, seat: int, events: list[Event], two_seats_skip: bool = True) -> int:
    """`seat` reversed the direction of play. Returns who plays next: with two players a reverse
    acts as a skip (the same player goes again), unless `two_seats_skip` is off (Kumbal's reading:
    play turns round, and with two players the other player is next either way)."""
    if order.seats == 2 and two_seats_skip:
        events.append(Skipped(order.next(seat)))
        return seat
    events.append(DirectionChanged(order.reverse()))
    return order.next(seat)


def pass_on_pickup(seat: int, victim: int, total: int, stacked: bool, events: list[Event]) -> int:
    """`seat` played a pick-up card: `victim` now owes `total` cards (the card's own amount plus
    any it passed on, `stacked`). Returns the total owed."""
    if stacked:
        events.append(Stacked(seat, total))
    events.append(DrawPending(victim, total))
    return total
