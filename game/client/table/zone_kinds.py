"""The kinds of card zone a table shows, one class each, keyed by the zone name of their places:
GridZone "grid" (stable slots; penalty cards grow it), FanZone "hand" (a hand that closes up; a
card leaving a hidden hand leaves from its middle), HeldZone "held" (a card between drawing and
placing it), PileZone "discard" and DeckZone "deck" (a count). Each knows where its places sit
(``pose``), which sprite is where, and how a sprite leaves and arrives. A new kind (a column of
card pairs) is one more class here, listed in a spec's ``zone_kinds``. PairColumnZone "pair" is
that: 16 Combos' rows of type cards with value cards in front, drawn straight from the view.
Each zone belongs to the table's Zones (zones.py), its ``host``: the layout, flights, the hand order.
"""

from __future__ import annotations

from typing import Any

from game.client.table.sprites import CardSprite
from game.core.cards import DISCARD, Card, Place

Pose = tuple[tuple[float, float], float, tuple[int, int]]
FAN_STEP = 0.34       # a fanned discard pile's card lies this much of a card's width right of the one under it


class Zone:
    """The sprites of one kind of place, for every seat."""

    name = ""

    def __init__(self, host: Any):
        self.host = host

    def clear(self, seats: int) -> list[CardSprite]:
        """Empty the zone for a new deal; returns the sprites it held."""
        return []

    def pose(self, place: Place) -> Pose:
        raise NotImplementedError

    def at(self, place: Place) -> CardSprite | None:
        return None

    def take(self, place: Place, card: Card | None) -> CardSprite | None:
        return None

    def put(self, place: Place, sprite: CardSprite) -> Place:
        return place

    def resting(self) -> list[tuple[Place, CardSprite]]:
        """Every sprite with its place (for drawing, hit-testing and snapping)."""
        return []

    def load(self, place: Place, i: int, sprite: CardSprite, slots: int) -> None:
        """A continued match: ``sprite`` is the i-th card of the view's zone at ``place``."""


class GridZone(Zone):
    name = "grid"

    def __init__(self, host):
        super().__init__(host)
        self.slots: dict[int, dict[int, CardSprite]] = {}
        self.size: dict[int, int] = {}

    def clear(self, seats: int) -> list[CardSprite]:
        out = [s for g in self.slots.values() for s in g.values()]
        self.slots = {seat: {} for seat in range(seats)}
        self.size = {seat: self.host.layout.block for seat in range(seats)}
        return out

    def pose(self, place: Place) -> Pose:
        return self.host.layout.grid_slot(place.seat, place.index, self.size.get(place.seat, self.host.layout.block))

    def at(self, place: Place) -> CardSprite | None:
        return self.slots.get(place.seat, {}).get(place.index)

    def take(self, place: Place, card: Card | None) -> CardSprite | None:
        return self.slots.setdefault(place.seat, {}).pop(place.index, None)

    def put(self, place: Place, sprite: CardSprite) -> Place:
        self.slots.setdefault(place.seat, {})[place.index] = sprite
        if place.index + 1 > self.size.get(place.seat, self.host.layout.block):
            self.size[place.seat] = place.index + 1
            self.relayout(place.seat, except_sprite=sprite)
        return place

    def relayout(self, seat: int, except_sprite: CardSprite | None = None) -> None:
        for index, s in self.slots.get(seat, {}).items():
            if s is not except_sprite:
                (x, y), angle, size = self.pose(Place("grid", seat, index))
                self.host.director.fly(s, (x, y), angle, size, duration=0.25)

    def resting(self) -> list[tuple[Place, CardSprite]]:
        return [(Place("grid", seat, i), s) for seat, g in self.slots.items() for i, s in g.items()]

    def load(self, place: Place, i: int, sprite: CardSprite, slots: int) -> None:
        self.slots.setdefault(place.seat, {})[i] = sprite
        self.size[place.seat] = max(self.host.layout.block, slots)

    def bounds(self, seat: int) -> tuple[int, int, int, int]:
        return self.host.layout.grid_bounds(seat, self.size.get(seat, self.host.layout.block))


class FanZone(Zone):
    name = "hand"

    def __init__(self, host):
        super().__init__(host)
        self.hands: dict[int, list[CardSprite]] = {}

    def clear(self, seats: int) -> list[CardSprite]:
        out = [s for hand in self.hands.values() for s in hand]
        self.hands = {seat: [] for seat in range(seats)} if self.host.spec.uses_hands else {}
        return out

    def pose(self, place: Place) -> Pose:
        n = len(self.hands.get(place.seat, ()))
        index = place.index if place.index >= 0 else n
        return self.host.layout.hand_slot(place.seat, index, max(n, index + 1))

    def at(self, place: Place) -> CardSprite | None:
        hand = self.hands.get(place.seat, [])
        return hand[place.index] if 0 <= place.index < len(hand) else None

    def take(self, place: Place, card: Card | None) -> CardSprite | None:
        """The sprite at the index if the place has one, else the one showing ``card`` (else the
        last); the rest of the hand closes up."""
        t = self.host
        hand = self.hands.setdefault(place.seat, [])
        k = place.index if 0 <= place.index < len(hand) else -1
        if k < 0 and card is not None:
            k = next((i for i, h in enumerate(hand) if h.card is not None and h.card.id == card.id), -1)
        if k < 0 and card is not None:
            k = next((i for i, h in enumerate(hand) if h.card == card), -1)
        if hand and not t.hand_visible(place.seat):
            # Backs all look alike: where a card leaves a hidden hand must not tell which
            # card it was, so it always leaves from the middle and the faces close up.
            mid = len(hand) // 2
            if k >= 0 and k != mid:
                hand[k].card, hand[mid].card = hand[mid].card, hand[k].card
            k = mid
        s = hand.pop(k) if hand else None
        if s is not None:
            t.order_hand(place.seat, hand)
            t.relayout_hand(place.seat)
        return s

    def put(self, place: Place, sprite: CardSprite) -> Place:
        t = self.host
        hand = self.hands.setdefault(place.seat, [])
        hand.insert(place.index if 0 <= place.index <= len(hand) else len(hand), sprite)
        t.order_hand(place.seat, hand)
        t.relayout_hand(place.seat, except_sprite=sprite)
        return Place("hand", place.seat, hand.index(sprite))

    def resting(self) -> list[tuple[Place, CardSprite]]:
        return [(Place("hand", seat, i), s) for seat, hand in self.hands.items() for i, s in enumerate(hand)]

    def load(self, place: Place, i: int, sprite: CardSprite, slots: int) -> None:
        self.hands.setdefault(place.seat, []).append(sprite)

    def bounds(self, seat: int) -> tuple[int, int, int, int]:
        return self.host.layout.hand_bounds(seat, len(self.hands.get(seat, ())))


class HeldZone(Zone):
    name = "held"

    def __init__(self, host):
        super().__init__(host)
        self.cards: dict[int, CardSprite] = {}

    def clear(self, seats: int) -> list[CardSprite]:
        out, self.cards = list(self.cards.values()), {}
        return out

    def pose(self, place: Place) -> Pose:
        return self.host.layout.held_pos(place.seat)

    def at(self, place: Place) -> CardSprite | None:
        return self.cards.get(place.seat)

    def take(self, place: Place, card: Card | None) -> CardSprite | None:
        return self.cards.pop(place.seat, None)

    def put(self, place: Place, sprite: CardSprite) -> Place:
        self.cards[place.seat] = sprite
        return place

    def resting(self) -> list[tuple[Place, CardSprite]]:
        return [(Place("held", seat), s) for seat, s in self.cards.items()]

    def load(self, place: Place, i: int, sprite: CardSprite, slots: int) -> None:
        self.cards[place.seat] = sprite


class PileZone(Zone):
    """The discard pile: its top few sprites, the last one on top."""

    name = "discard"
    kept = 6

    def __init__(self, host):
        super().__init__(host)
        self.cards: list[CardSprite] = []

    def clear(self, seats: int) -> list[CardSprite]:
        out, self.cards = self.cards, []
        return out

    def pose(self, place: Place) -> Pose:
        L = self.host.layout
        return L.discard_pos, 0, L.pile_card

    def at(self, place: Place) -> CardSprite | None:
        return self.cards[-1] if self.cards else None

    def take(self, place: Place, card: Card | None) -> CardSprite | None:
        return self.cards.pop() if self.cards else None

    def put(self, place: Place, sprite: CardSprite) -> Place:
        self.cards.append(sprite)
        if len(self.cards) > self.kept:
            del self.cards[0]
        return place

    def resting(self) -> list[tuple[Place, CardSprite]]:
        return [(DISCARD, s) for s in self.cards]

    def load(self, place: Place, i: int, sprite: CardSprite, slots: int) -> None:
        self.cards.append(sprite)

    def under_top(self) -> list[CardSprite]:
        """A reshuffle: every card but the top one leaves the pile (returned)."""
        out, self.cards = self.cards[:-1], self.cards[-1:]
        return out


class DeckZone(Zone):
    name = "deck"

    def __init__(self, host):
        super().__init__(host)
        self.count = 0

    def clear(self, seats: int) -> list[CardSprite]:
        self.count = self.host.spec.deck_size()
        return []

    def pose(self, place: Place) -> Pose:
        L = self.host.layout
        return L.deck_pos, 0, L.pile_card

    def take(self, place: Place, card: Card | None) -> CardSprite | None:
        self.count = max(0, self.count - 1)
        return None

    def put(self, place: Place, sprite: CardSprite) -> Place:
        self.count += 1
        return place


class PairColumnZone(Zone):
    """16 Combos: each character's two rows of cards, a column per pair (a type card with its value
    card(s) in front), the defense pair (the rightmost) set apart. The table lays the columns out
    (``lay``) and draws them from the view; this zone knows where each pair and card sits and what
    is under the pointer. Places: ``pair`` (a whole column), ``type`` and ``value`` (its cards)."""

    name = "pair"

    def __init__(self, host):
        super().__init__(host)
        self.rects: dict[tuple[int, int], tuple[object, object]] = {}   # (seat, slot) -> (type rect, value rect)
        self.card: tuple[int, int] = (56, 80)
        self.spread = 0.0     # 0: columns as close as they go; 1: a third of a card apart, the defense a card apart

    def gaps(self, card: tuple[int, int]) -> tuple[int, int]:
        """(between two columns, before the defense pair) for this card size and spread."""
        w = card[0]
        return (max(3, w // 9) + int(self.spread * max(0, w // 3 - max(3, w // 9))),
                w // 2 + int(self.spread * (w - w // 2)))

    def clear(self, seats: int) -> list[CardSprite]:
        self.rects = {}
        return []

    def lay(self, seat: int, slots: int, defense: int | None, area, own: bool, card: tuple[int, int]) -> None:
        """Columns for ``seat`` in ``area`` (a pygame Rect): the type row above the value row for
        the others, the value row above for the seat at the bottom (as the printed picture has it);
        the defense pair sits a gap to the right."""
        import pygame

        self.card = card
        w, h = card
        gap, apart = self.gaps(card)
        for key in [k for k in self.rects if k[0] == seat]:
            del self.rects[key]
        x = area.x
        for slot in range(slots):
            if slot == defense:
                x += apart
            top = pygame.Rect(x, area.y, w, h)
            bottom = pygame.Rect(x, area.y + h + max(3, w // 9), w, h)     # (the spread is sideways only)
            self.rects[(seat, slot)] = (bottom, top) if own else (top, bottom)
            x += w + gap

    def width(self, slots: int, card: tuple[int, int]) -> int:
        gap, apart = self.gaps(card)
        return slots * (card[0] + gap) + apart

    def pose(self, place: Place) -> Pose:
        rects = self.rects.get((place.seat, place.index))
        if rects is None:
            return (0.0, 0.0), 0, self.card
        rect = rects[1] if place.zone == "value" else rects[0]
        if place.zone == "pair":
            rect = rects[0].union(rects[1])
        return (float(rect.centerx), float(rect.centery)), 0, self.card

    def rect(self, place: Place):
        rects = self.rects.get((place.seat, place.index))
        if rects is None:
            return None
        if place.zone == "pair":
            return rects[0].union(rects[1])
        return rects[1] if place.zone == "value" else rects[0]

    def hit(self, pos: tuple[int, int], zones: tuple[str, ...] = ("pair",)) -> Place | None:
        """The place under the pointer: a card of a pair (``type``/``value``) or the whole pair."""
        for (seat, slot), (type_rect, value_rect) in self.rects.items():
            for zone, rect in (("type", type_rect), ("value", value_rect)):
                if rect.collidepoint(pos):
                    return Place(zone if zone in zones else "pair", seat, slot)
            if "pair" in zones and type_rect.union(value_rect).collidepoint(pos):
                return Place("pair", seat, slot)
        return None
