"""What one seat remembers of face-down cards on the table, built only from the events that seat
received, and following cards as they move. Bots use it (with forgetting and misremembering at
lower levels); the client's optional memory aid uses a perfect one for a human seat."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.core.cards import Card, Place
from game.core.events import (CardMoved, CardRevealed, CardSeen, CardsSwapped, DeckReshuffled, Event,
                              RoundStarted, TurnStarted)


@dataclass
class TableMemory:
    seat: int
    forget_per_turn: float = 0.0   # chance, each turn, to lose each remembered position
    misremember: float = 0.0       # chance that a card seen is stored with a wrong value
    rng: random.Random = field(default_factory=random.Random)
    known: dict[Place, Card] = field(default_factory=dict)
    # Which seats are known (publicly) to have seen the card now at a place.
    seen_by: dict[Place, set[int]] = field(default_factory=dict)
    # Every face this seat has seen this round, by card id: lets a bot count what is still unseen.
    faces: dict[int, Card] = field(default_factory=dict)
    # The discard pile as this seat saw it land (every discard is public), bottom first. A deck
    # reshuffle puts all but the top back into the deck, where they are unseen again.
    pile: list[Card] = field(default_factory=list)
    # Forget only when this seat's own turn starts (False: at every turn, as before).
    forget_on_own_turn: bool = False

    def get(self, place: Place) -> Card | None:
        return self.known.get(place)

    def located_ids(self) -> set[int]:
        """Ids of the cards whose whereabouts this seat knows: remembered table cards and the
        discard pile. Every other card of the deck is somewhere unseen (deck or a face-down card)."""
        ids = {card.id for place, card in self.known.items() if place.zone != "discard"}
        ids.update(card.id for card in self.pile)
        return ids

    def remember(self, place: Place, card: Card) -> None:
        self.faces[card.id] = card
        if self.misremember and self.rng.random() < self.misremember and isinstance(card.rank, int):
            card = Card(-1, card.rank + self.rng.choice((-2, -1, 1, 2)), card.suit)
        self.known[place] = card

    def _move(self, src: Place, dst: Place) -> None:
        card = self.known.pop(src, None)
        if card is not None:
            self.known[dst] = card
        else:
            self.known.pop(dst, None)
        self.seen_by[dst] = self.seen_by.pop(src, set())

    def observe(self, event: Event) -> None:
        if isinstance(event, CardMoved):
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
                if event.shown_to is None:
                    self.seen_by[event.dst] = set(range(64))
                elif event.dst.seat >= 0:
                    self.seen_by[event.dst] = set(event.shown_to)
        elif isinstance(event, CardsSwapped):
            a, b = self.known.pop(event.a, None), self.known.pop(event.b, None)
            if a is not None:
                self.known[event.b] = a
            if b is not None:
                self.known[event.a] = b
            sa, sb = self.seen_by.pop(event.a, set()), self.seen_by.pop(event.b, set())
            self.seen_by[event.b], self.seen_by[event.a] = sa, sb
        elif isinstance(event, CardSeen):
            self.seen_by.setdefault(event.place, set()).add(event.seat)
            if event.card is not None:
                self.remember(event.place, event.card)
        elif isinstance(event, CardRevealed):
            self.remember(event.place, event.card)
            self.seen_by[event.place] = set(range(64))
        elif isinstance(event, DeckReshuffled):
            del self.pile[:-1]
        elif isinstance(event, RoundStarted):
            self.known.clear()
            self.seen_by.clear()
            self.faces.clear()
            self.pile.clear()
        elif (isinstance(event, TurnStarted) and self.forget_per_turn
              and (not self.forget_on_own_turn or event.seat == self.seat)):
            for place in list(self.known):
                if self.rng.random() < self.forget_per_turn:
                    del self.known[place]

    def observe_all(self, events: list[Event]) -> None:
        for event in events:
            self.observe(event)
