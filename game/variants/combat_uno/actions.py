"""Combat UNO's actions, and the refusals particular to it (each a specific error, so a table or a
bot can say why a move was not taken)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.core.actions import Action, Expire, Pass, StartRound
from game.core.errors import IllegalAction, InvalidTarget, NotYourTurn, ShownRefusal, WrongPhase

from .cards import COLOURS, DECK_CARDS, FACE_OF, FACES, _FOLLOWS

# -- errors particular to Combat UNO -------------------------------------------------------------
class NotHeld(InvalidTarget):
    """The seat holds no card with that face."""


class BadColour(InvalidTarget):
    """A wild needs a colour named; any other card must not name one."""


class DoesNotMatch(InvalidTarget):
    """On your turn the card must match the colour or the number/symbol on top."""


class NotIdentical(InvalidTarget):
    """Out of turn only an identical card may be played."""


class LostRace(NotIdentical, ShownRefusal):
    """An out-of-turn claim on a card that another seat's card covered first: the card goes back
    to its owner's hand, and every seat is shown the attempt (ClaimLost)."""


class MustDrawOrStack(WrongPhase):
    """A draw penalty is pending on you: stack a matching draw card or start drawing."""


class StackingOff(IllegalAction):
    """The option that would allow this stack is turned off."""


class StillDrawing(NotYourTurn):
    """The seat is committed to drawing cards and must finish first."""


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card of this face from your hand: on your turn a matching card, out of turn an
    identical one (a jump-in or a stack). `choose` names the new colour for a Wild or Wild Draw
    Four and is None for every other card."""

    rank: int | str
    colour: str | None = None
    choose: str | None = None


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """On your turn, with no penalty pending: draw one card; your turn ends."""


@dataclass(frozen=True, slots=True)
class StartDrawing(Action):
    """A penalty is pending on you: touch the deck and take its first card. You are now committed."""


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Take the next card of a penalty you have started drawing."""


@dataclass(frozen=True, slots=True)
class CallUno(Action):
    """Call UNO on `target`, a seat down to one card: yourself (safe) or an opponent (they draw two)."""

    target: int
    reaction = True   # (Action.reaction) a catch on one's own turn is still a reaction


# Actions are immutable values, so the ones listed on every step are built once.
_play = lru_cache(maxsize=None)(Play)
_draw = lru_cache(maxsize=None)(Draw)
_start_drawing = lru_cache(maxsize=None)(StartDrawing)
_draw_card = lru_cache(maxsize=None)(DrawCard)
_call = lru_cache(maxsize=None)(CallUno)
_pass = lru_cache(maxsize=None)(Pass)
_EXPIRE = Expire()


@lru_cache(maxsize=None)
def _plays(seat: int) -> tuple[tuple[Play, ...], ...]:
    """For each face, the Play actions that put it down (a wild: one per colour it may name)."""
    return tuple(tuple(_play(seat, rank, None, colour) for colour in COLOURS) if suit is None
                 else (_play(seat, rank, suit, None),) for rank, suit in FACES)

# Seat by seat (every seat a table may have), read on every legal list.
_PLAYS = tuple(_plays(seat) for seat in range(6))
# _FOLLOW_FACE[colour, top rank][card id]: the card's face if it may be played on the top card on
# turn, else -1 (_FOLLOWS and FACE_OF in one look-up). _SAME_FACE[card id]: the ids of the cards
# identical to it (what may jump in on it).
_FOLLOW_FACE: dict[tuple[str | None, int | str], tuple[int, ...]] = {
    key: tuple(face if ok else -1 for face, ok in zip(FACE_OF, follows)) for key, follows in _FOLLOWS.items()}
_SAME_FACE: tuple[frozenset[int], ...] = tuple(
    frozenset(d.id for d in DECK_CARDS if FACE_OF[d.id] == FACE_OF[c.id]) for c in DECK_CARDS)

_START = StartRound()
