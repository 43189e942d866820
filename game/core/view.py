"""The public view: everything one seat may know, and everything a table needs to draw.

`Game.observe(seat)` returns a frozen view. Every variant's view extends `SeatView` with its own
facts (Kombio's ability in progress, Combat UNO's chosen colour), but the fields here mean the
same in every variant, so bots, the client and tests can read them without knowing the variant.
Faces appear only where that seat may see them; a card it may not see is FACE_DOWN. `observe(-1)`
is a spectator's view (public facts only): what a hot-seat table shows between private moments.

Nothing here imports pygame; nothing here is a rule. The rules fill the view in.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.core.cards import FACE_DOWN, Card, Place
from game.core.frozen import quick_init

SPECTATOR = -1


@quick_init   # (made for every view: game.core.frozen)
@dataclass(frozen=True, slots=True)
class ZoneView:
    """One place cards lie: a seat's grid or hand, the deck, the discard pile, a held card.

    kind: "grid" (stable slots, None for an empty slot), "fan" (a hand that closes up), "pile"
    (the discard pile: `cards` are its top cards, the last one on top), "deck" (`cards` empty),
    "held" (a card in a player's hand between drawing and placing it).
    """

    place: Place
    kind: str
    cards: tuple[Any, ...]   # Card, FACE_DOWN or None (an empty grid slot)
    count: int               # cards in the zone, including those not listed (a pile's lower cards)

    def faces(self) -> tuple[Card | None, ...]:
        return tuple(c if isinstance(c, Card) else None for c in self.cards)


@quick_init   # (made for every view: game.core.frozen)
@dataclass(frozen=True, slots=True)
class WindowView:
    """An open reaction window: out-of-turn play that is allowed until its deadline."""

    kind: str                   # "match", "jump-in", "uno", ...
    seats: tuple[int, ...]      # the seats it is still open to
    opened_at: float | None
    deadline: float | None      # None: it waits until everybody has passed
    about: int | None = None    # the seat it concerns, where there is one (an UNO call on seat 2)


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int                               # who looks; SPECTATOR for public facts only
    seats: int
    round: int
    phase: str
    turn: int | None                        # whose turn it is (None between rounds)
    dealer: int
    acting: tuple[int, ...]                 # seats that may act now, in turn or out of turn
    out_of_turn: bool                       # this seat may act now, and not as the player on turn
    direction: int                          # 1 clockwise (seat order), -1 the other way
    zones: tuple[ZoneView, ...]
    windows: tuple[WindowView, ...]
    pending_draw: int                       # cards someone must draw (a stacked pick-up), else 0
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    over: bool
    winners: tuple[int, ...]
    prompt: str                             # what the table waits for, in plain words ("seat 2 to play")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A view is built for every ask of a bot: each frozen view class gets the cheaper
        # constructor (game.core.frozen), like events and actions.
        quick_init(cls)   # (no super(): the slotted class @dataclass makes breaks its cell)

    def zone(self, place: Place) -> ZoneView | None:
        for zone in self.zones:
            if zone.place == place:
                return zone
        return None

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.seat in self.acting and not self.out_of_turn

    def window(self, kind: str) -> WindowView | None:
        for window in self.windows:
            if window.kind == kind:
                return window
        return None


def grid_zone(seat: int, cards: tuple[Any, ...]) -> ZoneView:
    # (not cards.count(None), which would call Card's generated __eq__ once per card)
    return ZoneView(_grid_of(seat), "grid", cards, len([c for c in cards if c is not None]))


@lru_cache(maxsize=None)
def _grid_of(seat: int) -> Place:
    return Place("grid", seat)


def fan_zone(seat: int, cards: tuple[Any, ...]) -> ZoneView:
    return ZoneView(_hand_of(seat), "fan", cards, len(cards))


@lru_cache(maxsize=None)
def _hand_of(seat: int) -> Place:
    return Place("hand", seat)


@lru_cache(maxsize=1024)
def hidden_fan(seat: int, count: int) -> ZoneView:
    # Views are frozen, so one hidden hand of a size serves every view (observe() is hot).
    return ZoneView(_hand_of(seat), "fan", (FACE_DOWN,) * count, count)
