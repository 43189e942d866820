"""The draw pile and the discard pile.

Both are plain lists whose END is the top. A fresh deal shuffles (or stacks, see
`stacked_deck`) the variant's cards into the draw pile with the game's RNG, which the caller
passes in (the piles keep no RNG of their own, so replacing `game.rng` is all it takes). When the draw pile
runs out, the discard pile except its top card is shuffled into a new draw pile (DeckReshuffled).
"""

from __future__ import annotations

from random import Random
from typing import Iterable

from game.core.cards import Card, stacked_deck
from game.core.events import DeckReshuffled, Event


class Piles:
    __slots__ = ("deck", "discard")

    def __init__(self) -> None:
        self.deck: list[Card] = []      # the draw pile; top is the end
        self.discard: list[Card] = []   # top is the end

    def new_deal(self, cards: Iterable[Card], rng: Random, top: tuple[str, ...] | None = None) -> None:
        """All `cards` shuffled into the draw pile (with `top` named faces stacked on top, as a
        record's StartRound(deck=...) asks) and an empty discard pile. A bad `top` raises
        InvalidTarget before anything changes."""
        deck = stacked_deck(cards, top, rng)
        self.deck = deck
        self.discard = []

    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def can_draw(self) -> bool:
        """A card can be drawn: the draw pile has one, or a reshuffle would make one."""
        return bool(self.deck) or len(self.discard) > 1

    def draw(self, rng: Random, events: list[Event]) -> Card | None:
        """The top card of the draw pile, reshuffling the discards under their top card first if
        the draw pile is empty; None when there is no card anywhere to draw."""
        if not self.deck and len(self.discard) > 1:
            self.reshuffle(rng, events)
        return self.deck.pop() if self.deck else None

    def reshuffle(self, rng: Random, events: list[Event]) -> None:
        top = self.discard.pop()
        self.deck = self.discard
        self.discard = [top]
        rng.shuffle(self.deck)
        events.append(DeckReshuffled(len(self.deck)))
