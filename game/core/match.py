"""How a match is won: the rule a variant chooses, read after every round's scores.

A rule says whether the match is over and who won, from the running totals (MatchScore), and may
rewrite a total after each round (`adjust`: Kabu halves a total of exactly 50 or 100, Kumbal's
49-rule). The rules the variants use:

- LowestAfterRounds(n): after n rounds the lowest total wins.
- LowestAtTarget(target, ends="reached" | "exceeded"): once some total reaches (>=) or exceeds (>)
  the target, the lowest total wins.
- HighestAfterRounds(n): after n rounds the highest total wins (16 Combos: encounters won).
- LastOneStanding(limit, ends=...): a seat whose total reaches (or exceeds) the limit is out; when
  one seat is left it wins (if the last ones go out together, the lowest of them).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from game.core.scoring import MatchScore

Adjust = Callable[[int], int]


class MatchRule:
    adjust: Adjust | None = None

    def over(self, score: MatchScore) -> bool:
        raise NotImplementedError

    def winners(self, score: MatchScore) -> tuple[int, ...]:
        return score.lowest()

    def out(self, score: MatchScore) -> tuple[int, ...]:
        """Seats that no longer play (only a last-one-standing rule puts seats out)."""
        return ()


def _passed(total: int, limit: int, ends: str) -> bool:
    return total > limit if ends == "exceeded" else total >= limit


def _check_ends(ends: str) -> str:
    if ends not in ("reached", "exceeded"):
        raise ValueError(f"a limit is 'reached' or 'exceeded', not {ends!r}")
    return ends


class LowestAfterRounds(MatchRule):
    def __init__(self, rounds: int, adjust: Adjust | None = None) -> None:
        self.rounds, self.adjust = rounds, adjust

    def over(self, score: MatchScore) -> bool:
        return len(score.rounds) >= self.rounds


class HighestAfterRounds(MatchRule):
    def __init__(self, rounds: int, adjust: Adjust | None = None) -> None:
        self.rounds, self.adjust = rounds, adjust

    def over(self, score: MatchScore) -> bool:
        return len(score.rounds) >= self.rounds

    def winners(self, score: MatchScore) -> tuple[int, ...]:
        return score.highest()


class LowestAtTarget(MatchRule):
    def __init__(self, target: int, ends: str = "reached", adjust: Adjust | None = None) -> None:
        self.target, self.ends, self.adjust = target, _check_ends(ends), adjust

    def over(self, score: MatchScore) -> bool:
        return score.exceeded(self.target) if self.ends == "exceeded" else score.reached(self.target)


class LastOneStanding(MatchRule):
    def __init__(self, limit: int, ends: str = "exceeded", adjust: Adjust | None = None) -> None:
        self.limit, self.ends, self.adjust = limit, _check_ends(ends), adjust

    def out(self, score: MatchScore) -> tuple[int, ...]:
        return tuple(s for s, total in enumerate(score.totals) if _passed(total, self.limit, self.ends))

    def over(self, score: MatchScore) -> bool:
        return score.seats - len(self.out(score)) <= 1

    def winners(self, score: MatchScore) -> tuple[int, ...]:
        out = self.out(score)
        standing = tuple(s for s in range(score.seats) if s not in out)
        if standing:
            return standing
        best = min(score.totals)   # everyone went out in the same round: the lowest of them
        return tuple(s for s, t in enumerate(score.totals) if t == best)


def by_length_option(options: Mapping[str, Any], ends: str = "reached",
                     adjust: Adjust | None = None) -> MatchRule:
    """The usual "Game length" options: length "rounds" (with "rounds") or "target" (with "target")."""
    if options["length"] == "rounds":
        return LowestAfterRounds(options["rounds"], adjust)
    return LowestAtTarget(options["target"], ends, adjust)


class _HalveAt:
    """A total landing exactly on one of the marks is halved (a class, not a closure, so a game
    holding it can be copied with pickle)."""

    def __init__(self, marks: frozenset[int]) -> None:
        self.marks = marks

    def __call__(self, total: int) -> int:
        return total // 2 if total in self.marks else total


def halve_at(*totals: int) -> Adjust:
    """An adjust hook that halves a total landing exactly on one of `totals` (Kabu: 50 and 100)."""
    return _HalveAt(frozenset(totals))
