"""Difficulty levels: how well a bot remembers, how often it errs, how cautious it is and how
fast it reacts. Never how much it can see."""

from __future__ import annotations

import random
from dataclasses import dataclass


# No person reacts faster than this to a card they have just seen (seconds): no bot reaction, at any
# level, in simulation or at the table, comes sooner after the moment the bot could see the card.
REACTION_FLOOR = 0.18


@dataclass(frozen=True)
class Level:
    name: str
    forget_per_turn: float     # chance per turn to forget each remembered card
    misremember: float         # chance a seen card is stored with a wrong value
    mistake_rate: float        # chance a decision is replaced by a plausible but weaker one
    caution: float             # 0 bold .. 1 cautious (e.g. how sure before calling or matching)
    react_mean: float          # out-of-turn reaction delay, seconds (log-normal around this)
    react_spread: float
    think_mean: float          # in-turn thinking time, seconds
    skill: float               # 0..1: depth/quality of the decision model

    def reaction_delay(self, rng: random.Random) -> float:
        delay = rng.lognormvariate(0.0, self.react_spread) * self.react_mean
        return min(2.5, max(0.4, REACTION_FLOOR, delay))

    def think_delay(self, rng: random.Random) -> float:
        return min(4.0, max(0.3, rng.lognormvariate(0.0, 0.35) * self.think_mean))


LEVELS: dict[str, Level] = {
    "easy": Level("easy", forget_per_turn=0.12, misremember=0.10, mistake_rate=0.25, caution=0.3,
                  react_mean=1.6, react_spread=0.35, think_mean=1.6, skill=0.2),
    "medium": Level("medium", forget_per_turn=0.04, misremember=0.04, mistake_rate=0.10, caution=0.5,
                    react_mean=1.0, react_spread=0.3, think_mean=1.2, skill=0.6),
    "hard": Level("hard", forget_per_turn=0.0, misremember=0.0, mistake_rate=0.0, caution=0.6,
                  react_mean=0.65, react_spread=0.25, think_mean=0.9, skill=1.0),
}

