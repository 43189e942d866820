"""Running match totals over rounds, and the end conditions the variants share."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


@dataclass
class MatchScore:
    seats: int
    totals: list[int] = field(default_factory=list)
    rounds: list[tuple[int, ...]] = field(default_factory=list)
    # A variant rule that rewrites a total after each round (Kabu's 50/100, Kumbal's 49-rule).
    adjust: Callable[[int], int] | None = None

    def __post_init__(self) -> None:
        if not self.totals:
            self.totals = [0] * self.seats

    def add_round(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        self.rounds.append(tuple(scores))
        for seat, score in enumerate(scores):
            total = self.totals[seat] + score
            self.totals[seat] = self.adjust(total) if self.adjust else total
        return tuple(self.totals)

    def lowest(self) -> tuple[int, ...]:
        best = min(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == best)

    def highest(self) -> tuple[int, ...]:
        best = max(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == best)

    def reached(self, target: int) -> bool:
        return max(self.totals) >= target

    def exceeded(self, target: int) -> bool:
        return max(self.totals) > target
