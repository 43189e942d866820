"""16 Combos, Dealing Steps: the Character Order cards, the type cards dealt left to right (Target
Type Order), Preparing Pairs (each character places its value cards; optional rules C, E and F
add a card), then Show Defense Pair Type, and the encounter's turns begin."""

from __future__ import annotations

from game.core.actions import TABLE, Action, StartRound
from game.core.cards import DECK, Card, stacked_deck
from game.core.errors import NotYourTurn, WrongPhase
from game.core.events import CardMoved, Event, RoundStarted

from .actions import ChooseDefense, PlaceValue, _placements
from .cards import (DEAL_CARDS, DEAL_DECK, DRAW_CARDS, JOKER, STACK_SPLIT, TYPES, card_value, columns_for, hand_place,
                    only, pair_place, seat_place, type_place, value_place)
from .events import EncounterDealt, PairsReady, ValueChanged
from .state import PLACE, PLAY, READY, ROUND_OVER, Pair


class Dealing:
    """Rule section: dealing an encounter and placing the pairs (part of SixteenCombos)."""

    # -- dealing -------------------------------------------------------------------------------
    def _on_StartRound(self, action: StartRound, t: float) -> list[Event]:
        if action.seat != TABLE:
            raise NotYourTurn("only the table deals an encounter")
        if self.phase not in (READY, ROUND_OVER):
            raise WrongPhase("an encounter is still being played")
        top_deal: tuple[str, ...] | None = None
        top_draw: tuple[str, ...] | None = None
        if action.deck:
            faces = list(action.deck)
            if STACK_SPLIT in faces:
                i = faces.index(STACK_SPLIT)
                top_deal, top_draw = tuple(faces[:i]) or None, tuple(faces[i + 1:]) or None
            else:
                top_deal = tuple(faces)
        jokers = self.options["jokers"]
        deal_cards = [c for c in DEAL_CARDS if jokers or c.rank != JOKER]
        draw_cards = [c for c in DRAW_CARDS if jokers or c.rank != JOKER]
        deal = stacked_deck(deal_cards, top_deal, self.rng)     # refuses a bad stack before any change
        draw = stacked_deck(draw_cards, top_draw, self.rng)
        self.setup()
        self.deal_deck = deal
        self.piles.deck, self.piles.discard = draw, []
        self.round += 1
        self.dealer = self.seats - 1
        n = self.seats
        events: list[Event] = []
        events.append(RoundStarted(self.round, self.dealer, 0))
        # Character Order: one order card each from the draw deck, face up for the encounter.
        for s in range(n):
            card = self.piles.deck.pop()
            self.order_cards[s] = card
            events.append(CardMoved(card, DECK, seat_place("order", s)))
        by_card = sorted(range(n), key=lambda s: (-card_value(self.order_cards[s]), s))  # type: ignore[arg-type]
        if self.options["round_robin"]:
            first = by_card[0]
            self.play_order = tuple((first + i) % n for i in range(n))
        else:
            self.play_order = tuple(by_card)
        self.columns = cols = columns_for(n, self.options)
        events.append(EncounterDealt(self.play_order, cols))
        # Target Type Order: type cards dealt left to right (a joker goes under the deal deck).
        if self.options["one_of_each"]:
            for s in range(n):
                for slot, suit in enumerate(self._one_of_each()):
                    self.rows[s].append(Pair(suit))
                    events.append(CardMoved(suit, DEAL_DECK, type_place(s, slot), only(s)))
        else:
            self.rows = [[] for _ in range(n)]
            for slot in range(cols):
                for s in range(n):
                    card = self._deal_type_card()
                    self.rows[s].append(Pair(card))
                    events.append(CardMoved(card, DEAL_DECK, type_place(s, slot), only(s)))
        extra = 1 if (self.options["drop_lowest"] or self.options["multiple_values"]
                      or self.options["one_of_each"]) else 0
        for s in range(n):
            for i in range(len(self.rows[s]) + extra):
                card = self.deal_deck.pop()
                self.hands[s].append(card)
                events.append(CardMoved(card, DEAL_DECK, hand_place(s), only(s)))
            self.placing[s] = "values"
        self.phase = PLACE
        self.step = "place"
        return events

    def _deal_type_card(self) -> Card:
        while True:
            card = self.deal_deck.pop()
            if card.rank != JOKER:
                return card
            self.deal_deck.insert(0, card)

    def _one_of_each(self) -> list[Card]:
        found: dict[str, Card] = {}
        skipped: list[Card] = []
        while len(found) < 4:
            card = self.deal_deck.pop()
            if card.suit is not None and card.suit not in found:
                found[card.suit] = card
            else:
                skipped.append(card)
        self.deal_deck.extend(reversed(skipped))   # passed-over cards stay in the deck in their order
        return [found[t] for t in TYPES]

    # -- preparing pairs -----------------------------------------------------------------------
    def _placement_legal(self, seat: int) -> list[Action]:
        stage = self.placing[seat]
        out: list[Action] = []
        row = self.rows[seat]
        if stage in ("values", "stack"):
            slots = tuple(slot for slot, p in enumerate(row) if p is not None and (stage == "stack" or not p.values))
            return list(_placements(seat, len(self.hands[seat]), slots))
        elif stage == "defense":
            for slot, p in enumerate(row):
                if p is not None:
                    out.append(ChooseDefense(seat, pair_place(seat, slot)))
        return out

    def _on_PlaceValue(self, action: PlaceValue, t: float) -> list[Event]:
        if not self._placement_ok(action):
            self._require_legal(action)   # raises the specific error
        seat, i, slot = action.seat, action.card.index, action.pair.index
        card = self.hands[seat].pop(i)
        pair = self.rows[seat][slot]
        assert pair is not None
        pair.values.append(card)
        pair.value = pair.printed
        events: list[Event] = [CardMoved(card, hand_place(seat), value_place(seat, slot), only(seat), seat)]
        if len(pair.values) > 1:
            # placed face down: the sum is the owner's to know (no counter for the table)
            events.append(ValueChanged(seat, slot, pair.value, card_value(card), "stacked", only(seat)))
        if self.placing[seat] == "values" and all(p is None or p.values for p in self.rows[seat]):
            if self.hands[seat]:
                if self.options["multiple_values"] or self.options["one_of_each"]:
                    self.placing[seat] = "stack"
                else:   # C: the card not placed is discarded
                    left = self.hands[seat]
                    self.hands[seat] = []
                    self._discard([], left, events, {c.id: hand_place(seat) for c in left}, {})
                    self._placed(seat, events)
            else:
                self._placed(seat, events)
        elif self.placing[seat] == "stack" and not self.hands[seat]:
            self._placed(seat, events)
        self._maybe_begin(events)
        return events

    def _placement_ok(self, action: PlaceValue) -> bool:
        """The placement step's legality without listing every card x column choice (the hot path)."""
        seat, card, pair = action.seat, action.card, action.pair
        if self.phase != PLACE or not 0 <= seat < self.seats or self.placing[seat] not in ("values", "stack"):
            return False
        if card != hand_place(seat, card.index) or pair != pair_place(seat, pair.index):
            return False
        if not 0 <= card.index < len(self.hands[seat]) or not 0 <= pair.index < len(self.rows[seat]):
            return False
        target = self.rows[seat][pair.index]
        return target is not None and (self.placing[seat] == "stack" or not target.values)

    def _placed(self, seat: int, events: list[Event]) -> None:
        self.placing[seat] = "defense" if self.options["one_of_each"] else "done"

    def _on_ChooseDefense(self, action: ChooseDefense, t: float) -> list[Event]:
        self._require_legal(action)
        seat, slot = action.seat, action.pair.index
        events: list[Event] = []
        last = self.defense_slot(seat)
        if last is not None and last != slot:
            self._swap_slots(seat, slot, last, "chosen defense", events)
        self.placing[seat] = "done"
        self._maybe_begin(events)
        return events

    def _maybe_begin(self, events: list[Event]) -> None:
        if any(stage != "done" for stage in self.placing):
            return
        for s in range(self.seats):
            slot = self.defense_slot(s)
            if slot is not None:
                self._show_type(s, slot, events)
        events.append(PairsReady())
        self.phase = PLAY
        self._begin_round(events)
