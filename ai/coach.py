"""The coach: "what would the hard bot do here?" for a human seat.

A coach is the variant's hard bot following one seat's events (the Session's watcher): it sees
that seat's view and events and nothing else, the same fairness rule as every bot. Asked, it
decides as if it were that seat and the table shows its choice with a one-line reason. A bot may
say why through `last_reason` (set while deciding): an ai.reasons.Reason, a key and its values that
the client words in the player's language; a bot that gives none leaves the move unexplained.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ai.reasons import Reason
from ai.registry import UnknownBot, make_agent
from game.core.actions import Action
from game.core.session import Agent

COACH_LEVEL = "hard"


@dataclass(frozen=True)
class Advice:
    action: Action
    reason: Reason | None


def coach_agent(variant: str, seed: int) -> Agent | None:
    """The hard bot of `variant` as a coach, or None if the variant has no hard bot."""
    try:
        return make_agent(variant, COACH_LEVEL, seed)
    except UnknownBot:
        return None


def advise(coach: Agent, view: Any, legal: list[Action], now: float) -> Advice:
    if hasattr(coach, "last_reason"):
        coach.last_reason = None   # type: ignore[attr-defined]
    intent = coach.decide(view, legal, now)
    action = intent.action if intent.action in legal else legal[0]
    reason = getattr(coach, "last_reason", None)
    return Advice(action, reason if isinstance(reason, Reason) else None)
