"""What the memory-grid bots (Kombio, Kabu) share: the Agent protocol around a TableMemory.

A grid bot sees only its seat's view (passed to decide) and its redacted events (passed to
observe). What it knows about face-down cards it remembers itself, in a game.core.memory.TableMemory
built from those events with its level's recall; with its memory off it knows only the faces shown
in the last batch of events. All its randomness comes from its own random.Random(seed).

A variant's bot subclasses GridBot and brings its strategy: `_choose` (an action, or None when
its model has no answer: then a default legal move is taken and counted), its tweakable knobs
(`defaults`, which must include "memory" and "recall") and the values a remembered card may be
confused with (`memory_values`).
"""

from __future__ import annotations

import random
from itertools import repeat
from operator import is_
from typing import Any

from ai.levels import Level
from game.core.actions import Action
from game.core.cards import Card, Place
from game.core.events import CardRevealed, CardSeen, Event, RoundStarted, TurnStarted
from game.core.memory import PERFECT, TableMemory
from game.core.session import Intent


def listed(action: Action, legal: list[Action]) -> bool:
    """`action in legal`, looking for the very object first: an action's == is a Python call, an
    ability lists up to a hundred pairs, and the usual answer in a reaction, the listed pass
    itself, is listed last."""
    return action is legal[-1] or any(map(is_, repeat(action), legal)) or action in legal


class GridBot:
    variant_name = ""                    # in error messages: "unknown Kombio bot tweak(s)"
    defaults: dict[str, Any] = {}        # its tweakable knobs (make_agent(..., **tweaks) overrides them)
    memory_values: tuple[int, ...] = ()  # the values a remembered card may be misremembered as
    fallback_kinds: tuple[type, ...] = ()  # the action kinds a default move is, in order of preference

    def __init__(self, level: Level, seed: int = 0, **tweaks: Any):
        unknown = set(tweaks) - set(self.defaults)
        if unknown:
            raise ValueError(f"unknown {self.variant_name} bot tweak(s): {', '.join(sorted(unknown))}")
        self.level = level
        self.seed = seed
        self.rng = random.Random(seed)
        self.cfg = {**self.defaults, **tweaks}
        self.use_memory = bool(self.cfg["memory"])
        self.seat = 0
        self.seats = 0
        self.options: dict[str, Any] = {}
        self.memory = self._new_memory(0)
        self.recent: dict[Place, Card] = {}   # faces shown in the last batch of events (memory off)
        self.my_turns = 0
        self.fallbacks = 0     # decisions its model had no answer for (a default legal action instead)

    def _new_memory(self, seat: int) -> TableMemory:
        recall = (PERFECT if self.cfg["memory"] == "perfect"
                  else self.cfg["recall"] if self.cfg["recall"] is not None else self.level.recall)
        return TableMemory(seat, recall, rng=random.Random(self.rng.getrandbits(64)), values=self.memory_values)

    # -- the Agent protocol ---------------------------------------------------------------------
    def begin(self, seat: int, game_type: Any, seats: int, options: dict[str, Any]) -> None:
        self.seat, self.seats = seat, seats
        self.options = dict(options)
        self.memory = self._new_memory(seat)
        self.my_turns = 0

    def observe(self, events: list[Event]) -> None:
        self.recent = {}
        for event in events:
            if isinstance(event, TurnStarted):
                if event.seat == self.seat:
                    self.my_turns += 1
            elif isinstance(event, RoundStarted):
                self.my_turns = 0
            elif not self.use_memory and isinstance(event, (CardRevealed, CardSeen)) and event.card is not None:
                self.recent[event.place] = event.card
        if self.use_memory:
            self.memory.observe_all(events)

    def clock(self, now: float) -> None:
        """The time of the events it is about to observe (the Session's `clock`): its memory fades
        with the events and their times alone, so the memory is rebuilt exactly from a record."""
        if self.use_memory:
            self.memory.clock(now)

    def decide(self, view: Any, legal: list[Action], now: float) -> Intent:
        if not legal:
            raise ValueError("decide needs at least one legal action")
        if self.use_memory:
            # (the time only: fading is counted at each turn's start, never because it was asked)
            self.memory.clock(now)
        action = self._choose(view, legal)
        if action is None or not listed(action, legal):
            # Its model found nothing: counted like an illegal action (tests and simulate report it).
            self.fallbacks += 1
            action = self._fallback(legal)
        return Intent(action, self._delay(view))

    # -- what a variant's bot brings (with _mine and _known_values below) -------------------------
    def _choose(self, view: Any, legal: list[Action]) -> Action | None:
        raise NotImplementedError

    def _delay(self, view: Any) -> float:
        """How long it takes over this decision: a reaction out of turn, thinking in turn."""
        return self.level.reaction_delay(self.rng) if view.out_of_turn else self.level.think_delay(self.rng)

    # -- shared pieces of a decision ----------------------------------------------------------------
    def _learning_worths(self, view: Any) -> None:
        """What learning a card (its own, an opponent's) and replacing an unknown card are worth now:
        nothing on a last turn after somebody's call (only totals count then), and no learning
        without a memory to keep it in."""
        last = view.caller is not None
        self.info_own = 0.0 if last or not self.use_memory else self.cfg["info_own"]
        self.info_opp = 0.0 if last or not self.use_memory else self.cfg["info_opp"]
        self.unknown_bonus = 0.0 if last else self.cfg["unknown_bonus"]

    def _mistake(self) -> bool:
        return self.level.mistake_rate > 0 and self.rng.random() < self.level.mistake_rate

    def _mine(self) -> list[Place]:
        """Its own occupied grid places (set up per decision)."""
        raise NotImplementedError

    def _known_values(self) -> dict[Place, int]:
        """The value it believes each grid place it knows holds (set up per decision)."""
        raise NotImplementedError

    def _slip_slot(self, value: float) -> Place | None:
        """A slot a hurried person might put a card of `value` into: one it does not know, or one it
        knows holds about as much or more. Never one it knows holds a much lower card."""
        known = self._known_values()
        slots = [p for p in self._mine() if p not in known or known[p] >= value - 2]
        return self.rng.choice(slots) if slots else None

    def _fallback(self, legal: list[Action]) -> Action:
        for kind in self.fallback_kinds:
            for a in legal:
                if type(a) is kind:
                    return a
        return legal[0]
