"""Turn order: seats round the table, a direction of play, and seats that are passed over.

Seat numbers go up to the left; direction +1 is clockwise in seat numbers, -1 the other way.
Seats that are out (eliminated, or locked like a Kombio caller) are not counted as steps.
"""

from __future__ import annotations

from typing import Collection


class TurnOrder:
    __slots__ = ("seats", "direction")

    def __init__(self, seats: int, direction: int = 1) -> None:
        self.seats = seats
        self.direction = direction

    def next(self, seat: int, steps: int = 1, out: Collection[int] = ()) -> int:
        """The seat `steps` places on from `seat` in the direction of play, counting only seats
        that are not `out` (steps=2 is "the next player is skipped")."""
        if not out:
            return (seat + steps * self.direction) % self.seats
        n, d = self.seats, self.direction
        for _ in range(steps):
            for _ in range(n):
                seat = (seat + d) % n
                if seat not in out:
                    break
            else:
                raise ValueError("every seat is out: nobody can take a turn")
        return seat

    def reverse(self) -> int:
        """Play changes direction; returns the new direction."""
        self.direction = -self.direction
        return self.direction

    def left_of(self, seat: int) -> int:
        """The seat to `seat`'s left whatever the direction (who is dealt to and plays first)."""
        return (seat + 1) % self.seats
