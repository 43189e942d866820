"""What one seat remembers of face-down cards on the table, built only from the events that seat
received, and following cards as they move. One model for every memory variant: bots remember
through it with their level's Recall (how people forget cards), the client's optional memory aid
for a human seat uses it with perfect recall.

How a person forgets cards, and so how this model does:
- Capacity: only so many table cards fit in mind at once; a new one pushes out the one least
  thought of (own cards hold on longer: people watch their own hand).
- Decay: an unrefreshed card fades with time and with the number of things that happened since it
  was seen (a half-life in events and one in seconds; own cards last `own_boost` times longer).
  Seeing the card again refreshes it.
- Interference: a card that moves may be lost track of; a swap of face-down cards is harder to
  follow (`swap_slip`) than a card moving in plain view (`look_slip`).
- Confusion: a card may be stored as a value close to it or as one seen a moment ago, and only a
  value the deck holds (never a 15 in a deck that stops at 14).
- The discard pile: only the latest `pile_span` discards are kept counted.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Iterable

from game.core.cards import Card, Place
from game.core.events import (CardMoved, CardRevealed, CardSeen, CardsSwapped, DeckReshuffled, Event,
                              RoundStarted, TurnStarted)


@dataclass(frozen=True)
class Recall:
    """The knobs of the memory model. The defaults are perfect recall (the memory aid)."""

    capacity: int | None = None              # table cards held in mind at once (None: no limit)
    half_life_events: float | None = None    # events after which an unrefreshed card is 50% gone
    half_life_seconds: float | None = None   # seconds after which ... (None: no decay)
    own_boost: float = 1.0                   # own cards fade this many times more slowly
    swap_slip: float = 0.0                   # chance to lose a card moved face down (a swap, a give)
    look_slip: float = 0.0                   # chance to lose a card moved face up
    confusion: float = 0.0                   # chance a card seen is stored with a wrong, plausible value
    pile_span: int | None = None             # latest discards kept counted (None: the whole pile)


PERFECT = Recall()
_ID = attrgetter("id")
_EVERYONE = frozenset(range(64))   # the seats a public card is seen by (shared: never changed in place)


@dataclass(slots=True)
class _Trace:
    events: int      # the event count when it was last seen (decay counts from the later of this and
    time: float      # the time then                          the memory's last decay pass, `checked`)
    seen: int        # the event count when it was last seen (for capacity)


@dataclass
class TableMemory:
    seat: int
    recall: Recall = PERFECT
    rng: random.Random = field(default_factory=random.Random)
    # The values the deck holds (a confusion picks only among them; None: no confusions).
    values: tuple[int, ...] | None = None
    known: dict[Place, Card] = field(default_factory=dict)
    # Which seats are known (publicly) to have seen the card now at a place.
    seen_by: dict[Place, set[int]] = field(default_factory=dict)
    # Every face this seat has seen this round, by card id.
    faces: dict[int, Card] = field(default_factory=dict)
    # The discard pile as this seat saw it land (every discard is public), bottom first. A deck
    # reshuffle puts all but the top back into the deck, where they are unseen again.
    pile: list[Card] = field(default_factory=list)
    events: int = 0          # events observed (the clock of decay by events)
    now: float = 0.0         # the latest time it was told (tick)
    traces: dict[Place, _Trace] = field(default_factory=dict)
    recent: list[int] = field(default_factory=list)   # the latest values seen, newest last
    # The event count and time of the last decay pass: every card remembered then was checked
    # then, so a trace seen no later counts its fading from here (one load for all of them).
    checked: tuple[int, float] = (0, 0.0)

    def get(self, place: Place) -> Card | None:
        return self.known.get(place)

    def located_ids(self) -> set[int]:
        """Ids of the cards whose whereabouts this seat knows: remembered table cards and the
        discard pile (the part of it it keeps counted). Every other card of the deck is somewhere
        unseen (deck or a face-down card)."""
        ids = {card.id for place, card in self.known.items() if place.zone != "discard"}
        span = self.recall.pile_span
        pile = self.pile if span is None else self.pile[-span:] if span > 0 else []
        ids.update(map(_ID, pile))
        return ids

    # -- storing and losing ------------------------------------------------------------------------
    def remember(self, place: Place, card: Card) -> None:
        self.faces[card.id] = card
        stored = card
        if self.recall.confusion and self.values and isinstance(card.rank, int) \
                and self.rng.random() < self.recall.confusion:
            stored = Card(-1, self._confused(card.rank), card.suit)
        if isinstance(card.rank, int):
            self.recent = (self.recent + [card.rank])[-4:]
        self.known[place] = stored
        self.traces[place] = _Trace(self.events, self.now, self.events)
        self._fit()

    def _confused(self, rank: int) -> int:
        """A plausible wrong value: a close one, or one seen a moment ago; always one the deck has."""
        near = [v for v in self.values or () if v != rank and abs(v - rank) <= 2]
        lately = [v for v in self.recent if v != rank]
        pool = lately if lately and self.rng.random() < 0.4 else near
        return self.rng.choice(pool) if pool else rank

    def _forget(self, place: Place) -> None:
        self.known.pop(place, None)
        self.traces.pop(place, None)

    def _strength(self, place: Place) -> float:
        return self.recall.own_boost if place.seat == self.seat else 1.0

    def _fit(self) -> None:
        cap = self.recall.capacity
        if cap is None:
            return
        while len(self.known) > cap:
            # The card least thought of goes: the longest since seen, own cards counting as fresher.
            def activation(p: Place) -> float:
                trace = self.traces.get(p)
                age = self.events - (trace.seen if trace else 0)
                return -age / self._strength(p)
            self._forget(min(self.known, key=activation))

    def _decay(self) -> None:
        r = self.recall
        by_events, by_seconds = r.half_life_events, r.half_life_seconds
        if by_events is None and by_seconds is None:
            return
        # (it runs at every turn and every decision: the loop reads locals)
        events, now, seat, boost = self.events, self.now, self.seat, r.own_boost
        checked_events, checked_time = self.checked
        self.checked = (events, now)
        known = self.known
        if not known:
            return
        traces, random = self.traces, self.rng.random
        load = self._load(checked_events, checked_time)
        # The chance to keep a card checked at the last pass, own and other (the divisor is
        # _strength(place)).
        keep_own, keep_other = 0.5 ** (load / boost), 0.5 ** (load / 1.0)
        for place in list(known):
            trace = traces.get(place)
            if trace is None:
                continue
            if trace.events > checked_events:   # seen since the last pass: its own load
                fresh = self._load(trace.events, trace.time)
                if fresh and random() >= 0.5 ** (fresh / (boost if place.seat == seat else 1.0)):
                    self._forget(place)
            elif load and random() >= (keep_own if place.seat == seat else keep_other):
                self._forget(place)

    def _load(self, events: int, time: float) -> float:
        """How far a card last checked at (`events`, `time`) has faded since, in half-lives."""
        r = self.recall
        load = 0.0
        if r.half_life_events:
            load += (self.events - events) / r.half_life_events
        if r.half_life_seconds:
            elapsed = self.now - time
            if elapsed > 0.0:   # (max(0.0, elapsed): adding 0.0 changes nothing)
                load += elapsed / r.half_life_seconds
        return load

    def tick(self, now: float) -> None:
        """Time passes (a bot tells it the time when it decides): fading catches up."""
        self.now = max(self.now, now)
        self._decay()

    def clock(self, now: float) -> None:
        """The time of the events it is about to be told (a bot's Session passes it on): cards seen
        now are timed from it, and the fading it adds up is counted at the next pass (a turn's start).
        Unlike `tick`, it draws nothing, so a memory told the same events at the same times forgets
        the same cards however often its bot was asked in between."""
        if now > self.now:
            self.now = now

    def _slip(self, place: Place, chance: float) -> None:
        if chance and place in self.known and self.rng.random() < chance:
            self._forget(place)

    # -- following the table ----------------------------------------------------------------------
    def _move(self, src: Place, dst: Place) -> None:
        card = self.known.pop(src, None)
        trace = self.traces.pop(src, None)
        self.traces.pop(dst, None)
        if card is not None:
            self.known[dst] = card
            if trace is not None:
                self.traces[dst] = trace
        else:
            self.known.pop(dst, None)
        seen = self.seen_by.pop(src, None)
        self.seen_by[dst] = set() if seen is None else seen

    def observe(self, event: Event) -> None:
        self.observe_all((event,))

    def observe_all(self, events: Iterable[Event]) -> None:
        # (a bot hears every event of the table: the handler is looked up by the event's class;
        # most events only advance its clock, which is stored before each handler and at the end)
        handlers = _HANDLERS
        count = self.events
        for event in events:
            count += 1
            kind = type(event)
            handler = handlers.get(kind, _UNSET)
            if handler is _UNSET:
                handler = handlers[kind] = next((h for base, h in _HANDLED if issubclass(kind, base)), None)
            if handler is not None:
                self.events = count
                handler(self, event)
                count = self.events
        self.events = count

    def _on_moved(self, event: CardMoved) -> None:
        if event.src.zone == "discard" and self.pile:
            self.pile.pop()
        if event.dst.zone == "discard" and event.card is not None:
            self.pile.append(event.card)
        self._move(event.src, event.dst)
        if event.card is not None:
            if event.dst.zone in ("grid", "hand", "held"):
                self.remember(event.dst, event.card)
            else:
                self.faces[event.card.id] = event.card
        elif event.src.zone not in ("deck", "discard"):
            self._slip(event.dst, self.recall.swap_slip)   # a card it knew moved face down
        if event.shown_to is None:
            self.seen_by[event.dst] = _EVERYONE
        elif event.dst.seat >= 0:
            self.seen_by[event.dst] = set(event.shown_to)

    def _on_swapped(self, event: CardsSwapped) -> None:
        a, b = self.known.pop(event.a, None), self.known.pop(event.b, None)
        ta, tb = self.traces.pop(event.a, None), self.traces.pop(event.b, None)
        if a is not None:
            self.known[event.b] = a
            if ta is not None:
                self.traces[event.b] = ta
        if b is not None:
            self.known[event.a] = b
            if tb is not None:
                self.traces[event.a] = tb
        sa, sb = self.seen_by.pop(event.a, set()), self.seen_by.pop(event.b, set())
        self.seen_by[event.b], self.seen_by[event.a] = sa, sb
        # Following two face-down cards crossing the table is hard: either may be lost.
        slip = self.recall.swap_slip if event.by != self.seat else self.recall.look_slip
        self._slip(event.a, slip)
        self._slip(event.b, slip)

    def _on_seen(self, event: CardSeen) -> None:
        seen = self.seen_by.setdefault(event.place, set())
        if event.seat not in seen:   # (never true of _EVERYONE, which is not changed in place)
            seen.add(event.seat)
        if event.card is not None:
            self.remember(event.place, event.card)

    def _on_revealed(self, event: CardRevealed) -> None:
        self.remember(event.place, event.card)
        self.seen_by[event.place] = _EVERYONE

    def _on_reshuffled(self, event: DeckReshuffled) -> None:
        del self.pile[:-1]

    def _on_round(self, event: RoundStarted) -> None:
        self.known.clear()
        self.traces.clear()
        self.seen_by.clear()
        self.faces.clear()
        self.pile.clear()
        self.recent.clear()

    def _on_turn(self, event: TurnStarted) -> None:
        self._decay()


# What each kind of event does to a memory (the first entry the event is an instance of; other
# events only advance its clock), and each event class's handler once it has been looked up.
_HANDLED = ((CardMoved, TableMemory._on_moved), (CardsSwapped, TableMemory._on_swapped),
            (CardSeen, TableMemory._on_seen), (CardRevealed, TableMemory._on_revealed),
            (DeckReshuffled, TableMemory._on_reshuffled), (RoundStarted, TableMemory._on_round),
            (TurnStarted, TableMemory._on_turn))
_HANDLERS: dict[type, Any] = {}
_UNSET = object()
