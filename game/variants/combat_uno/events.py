"""Combat UNO's events (beside the kit's: game.core.events and the shedding games' game.core.hands),
the view a seat is given, and the phases a round goes through."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from game.core.cards import Card
from game.core.events import Event
from game.core.view import SeatView

# -- events particular to Combat UNO ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ColourChosen(Event):
    seat: int
    colour: str | None   # None: a Wild start card leaves the colour open


@dataclass(frozen=True, slots=True)
class JumpedIn(Event):
    """The card just played came out of turn; `stacked` if it added to a pending draw."""

    seat: int
    stacked: bool


@dataclass(frozen=True, slots=True)
class ClaimLost(Event):
    """`seat` tried to put `card` on the card just covered, too late: it stays in the hand, no penalty."""

    seat: int
    card: Card
    shown_to: frozenset[int] | None = None   # public


@dataclass(frozen=True, slots=True)
class StartedDrawing(Event):
    """`seat` touched the deck: it is committed to drawing `cards` in all."""

    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class TurnDrawn(Event):
    """`seat` drew instead of playing (it could not or chose not to follow) and its turn ends."""

    seat: int


_turn_drawn = lru_cache(maxsize=None)(TurnDrawn)


@dataclass(frozen=True, slots=True)
class UnoWindowOpened(Event):
    """`target` is down to one card: until the deadline (None: until everyone passes) any seat may call."""

    target: int
    seats: tuple[int, ...]
    opened_at: float
    deadline: float | None


@dataclass(frozen=True, slots=True)
class UnoWindowClosed(Event):
    target: int
    reason: str


@dataclass(frozen=True, slots=True)
class UnoCalled(Event):
    """`seat` called UNO on `target`: on itself it is safe; on an opponent, the opponent draws."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class CombatUnoView(SeatView):
    """What one seat may know right now (the common fields are SeatView's): its own hand face up,
    the others as counts."""

    turn_started_at: float
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    top: Card | None
    top_by: int | None          # who played the top card (None: flipped by the table)
    top_serial: int
    colour: str | None
    pending: int                # cards the seat on turn must draw unless it stacks
    victim: int | None          # who must draw them
    owed: tuple[int, ...]       # cards each seat is committed to drawing still
    deck_size: int
    discard_size: int
    jump_open: bool             # the jump-in window on the top card is open to this seat
    jump_opened_at: float | None
    jump_deadline: float | None
    uno_targets: tuple[int, ...]            # seats with an open UNO window on them
    uno_open: tuple[int, ...]               # of those, the ones this seat may still call on
    uno_deadlines: tuple[float | None, ...]
    uno_safe: tuple[int, ...]                # seats that called UNO in time and still hold one card
    options: dict


class Phase(StrEnum):
    """Where a Combat UNO round stands (its string is the view's `phase`)."""
    READY = "ready"
    PLAY = "play"               # the round is being played
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


# Each phase also under its own name, for the rules below: Python 3.11 looks `Phase.TURN` up through
# the enum class's __getattr__ hook, several times slower than a module name, and the rules compare
# phases at every ask (bench_engine: Kombio 15% slower with `Phase.X`). tests/test_phases.py checks
# each name is its member.
READY, PLAY, ROUND_OVER, MATCH_OVER = Phase
