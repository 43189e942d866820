"""Difficulty levels: how well a bot remembers, how often it errs, how cautious it is and how
fast it reacts. Never how much it can see."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.core.memory import Recall


# No person reacts faster than this to a card they have just seen (seconds): no bot reaction, at any
# level, in simulation or at the table, comes sooner after the moment the bot could see the card.
REACTION_FLOOR = 0.18


@dataclass(frozen=True)
class Level:
    name: str
    recall: Recall             # how it remembers face-down cards (game.core.memory's model)
    mistake_rate: float        # chance a decision is replaced by a plausible but weaker one
    caution: float             # 0 bold .. 1 cautious (e.g. how sure before calling or matching)
    react_median: float        # out-of-turn reaction delay, seconds: its median (see reaction_delay)
    react_spread: float        # ... and the log-normal spread of its part above REACTION_FLOOR
    think_mean: float          # in-turn thinking time, seconds
    skill: float               # 0..1: depth/quality of the decision model

    def reaction_delay(self, rng: random.Random) -> float:
        """A person's reaction time: REACTION_FLOOR plus a log-normal part (a shifted log-normal,
        a usual model of human reaction times). The floor is where the distribution starts, not a
        clamp: no delay is cut to a bound, so no value comes up more often than its neighbours."""
        return REACTION_FLOOR + (self.react_median - REACTION_FLOOR) * rng.lognormvariate(0.0, self.react_spread)

    def think_delay(self, rng: random.Random) -> float:
        return min(4.0, max(0.3, rng.lognormvariate(0.0, 0.35) * self.think_mean))


# Memory: easy holds four cards and visibly loses them within a few turns, mixes values up and
# loses track of swaps; hard is a careful player (most of a table in mind, rarely a slip), not an oracle.
LEVELS: dict[str, Level] = {
    "easy": Level("easy", Recall(capacity=4, half_life_events=60, half_life_seconds=90, own_boost=2.0,
                                 swap_slip=0.35, look_slip=0.10, confusion=0.08, pile_span=3),
                  mistake_rate=0.25, caution=0.3,
                  react_median=1.6, react_spread=0.40, think_mean=1.6, skill=0.2),
    "medium": Level("medium", Recall(capacity=6, half_life_events=160, half_life_seconds=240, own_boost=2.0,
                                     swap_slip=0.15, look_slip=0.03, confusion=0.03, pile_span=8),
                    mistake_rate=0.10, caution=0.5,
                    react_median=1.0, react_spread=0.37, think_mean=1.2, skill=0.6),
    "hard": Level("hard", Recall(capacity=10, half_life_events=700, half_life_seconds=1000, own_boost=2.0,
                                 swap_slip=0.04, look_slip=0.0, confusion=0.005, pile_span=None),
                  mistake_rate=0.0, caution=0.6,
                  react_median=0.65, react_spread=0.34, think_mean=0.9, skill=1.0),
}
