"""Take-back: which of a match's steps make up one seat's last move, and whether it may be undone.

A match against bots may let its one player take their last move back: the match is then rebuilt
from its record cut just before that move (same seed, same actions, so the same cards lie where
they lay, the deck in the same order). `TakeBackLedger` follows the match step by step, as the
record replays and as it is played on, for that player's seat, and answers what a take-back would
undo. It reads only the steps and the events as that seat received them, so it knows no more than
the player does.

What counts, and why:
- A move is the seat's last action together with its own actions right before it at the same
  moment (a penalty drawn card after card with one key: one move, each card an action).
  Out-of-turn claims and passes are moves like any other.
- Only within the round being played: the round's scores show every hand, so a round that is
  scored is settled.
- Not a move that showed the player a card they had not seen this round, other than one coming
  off the deck (a look, a peek, an unseen card exchanged away, a wrong claim's card): taking it
  back and looking elsewhere would show cards no line of play could. A card from the deck is
  exempt: the rebuilt deck is in the same order, so the same card comes again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from game.core.actions import Action, StartRound
from game.core.cards import Card, Place
from game.core.events import CardMoved, Event, MatchEnded, RoundScored

NOT_OFFERED = "not offered"  # not a table of one player and bots
NOTHING_YET = "nothing"      # no move of the player's this round
ROUND_SCORED = "scored"      # the round (or the match) is over
SHOWED_A_CARD = "showed"     # the last move showed the player a card they had not seen


def player_of(humans: list[int], seats: int) -> int | None:
    """The seat that may take its moves back at a table with these human seats: its one player,
    when every other seat is a bot (in hot-seat the others would have to agree); else None."""
    return humans[0] if len(humans) == 1 and seats > 1 else None


@dataclass(frozen=True)
class LastMove:
    """The seat's last move this round: the record is cut at `start` to take it back; `steps` is
    how many of the record's actions that removes (the move and everything after it). `refused`
    is one of the reasons above when it may not be taken back, else ""."""

    start: int
    steps: int
    refused: str = ""

    @property
    def allowed(self) -> bool:
        return not self.refused


class TakeBackLedger:
    def __init__(self, seat: int):
        self.seat = seat
        self.steps = 0                  # steps followed so far (the record's length)
        self.scored = False             # the current round (or the match) is over
        self._seen: set[int] = set()    # ids of the cards the seat has seen this round
        self._move: tuple[int, float, bool] | None = None   # (start, time, showed a card) of its last move
        self._move_end = -1             # the index of the move's last action

    def follow(self, t: float, action: Action, events: list[Event]) -> None:
        """The next step of the match: `action` applied at `t` produced `events` (unredacted, or
        already redacted for this seat)."""
        index = self.steps
        self.steps += 1
        if isinstance(action, StartRound):
            self.scored, self._seen, self._move = False, set(), None
        new_faces = self._look(events)
        if action.seat == self.seat:
            move = self._move
            if move is not None and self._move_end == index - 1 and move[1] == t:
                self._move = (move[0], t, move[2] or new_faces)
            else:
                self._move = (index, t, new_faces)
            self._move_end = index
        if any(isinstance(e, (RoundScored, MatchEnded)) for e in events):
            self.scored = True

    def _look(self, events: list[Event]) -> bool:
        """Take in the faces these events show the seat; whether one was new to it and came from
        somewhere other than the deck."""
        new = False
        for event in events:
            event = event.for_seat(self.seat)
            from_deck = isinstance(event, CardMoved) and event.src.zone == "deck"
            for card in _cards(event):
                if card.id not in self._seen:
                    self._seen.add(card.id)
                    new = new or not from_deck
        return new

    def last_move(self) -> LastMove | None:
        """The seat's last move this round, allowed or refused; None when it has made none this
        round (see `reason`)."""
        if self._move is None or self.scored:
            return None
        start, _, showed = self._move
        return LastMove(start, self.steps - start, SHOWED_A_CARD if showed else "")

    def reason(self) -> str:
        """Why nothing may be taken back now ("" when the last move may be)."""
        if self.scored:
            return ROUND_SCORED
        move = self.last_move()
        return NOTHING_YET if move is None else move.refused


def _cards(value: Any) -> Iterator[Card]:
    """Every card face an event (or a field of one) carries."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, Event):
        for name in value.__dataclass_fields__:
            yield from _cards(getattr(value, name))
    elif isinstance(value, (tuple, list)) and not isinstance(value, Place):
        for item in value:
            yield from _cards(item)
