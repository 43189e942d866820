"""Zone views: the card sprites of each kind of place, where they sit, and how they are drawn.

Kinds (as in game.core.view.ZoneView): "grid" (stable slots; penalty cards grow it), "fan" (a
hand that closes up; a card leaving it is found by its face), "held" (a card between drawing and
placing it), the discard "pile" and the "deck" (a count). ``sync_from_views`` rebuilds every
sprite from the views (a continued match); the event handlers move single sprites.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client.table.sprites import CardSprite, card_image, draw_sprite, memory_badge
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.core.cards import DECK, DISCARD, Card, Place
from game.core.view import SPECTATOR


class ZoneViews:
    """Mixin of TableScene: the sprite model of the table's zones."""

    uses_hands = False       # seats hold fanned hands ("hand" zone) rather than grids
    discard_shown = 2        # how many cards of the discard pile are drawn

    def init_zones(self) -> None:
        self.grid: dict[int, dict[int, CardSprite]] = {}
        self.grid_len: dict[int, int] = {}
        self.held: dict[int, CardSprite] = {}
        self.hands: dict[int, list[CardSprite]] = {}
        self.discard: list[CardSprite] = []
        self.deck_n = 0
        self.peeking: set[Place] = set()
        self._leftovers: list[CardSprite] = []

    # -- hooks for the variant ---------------------------------------------------------------------
    def face_of(self, card: Card) -> dict:
        return {"rank": card.rank, "suit": card.suit}

    def deck_size_at_start(self) -> int:
        """How many cards the deck holds before a deal (the variant's deck)."""
        return 0

    def hand_key(self, card: Card) -> Any:
        """The order a hand is kept in (None: the order the cards arrived)."""
        return None

    def landing_pose(self, place: Place, sprite: CardSprite) -> tuple[tuple[float, float], float, tuple[int, int]]:
        """Where a card that has just moved to ``place`` comes to rest (a variant may e.g. scatter
        the cards of a pile a little)."""
        return self.place_pose(place)

    # -- rebuilding from views -----------------------------------------------------------------------
    def clear_zones(self) -> list[CardSprite]:
        """Empty every zone for a new deal; returns the sprites that were on the table."""
        leftovers = [s for g in self.grid.values() for s in g.values()] + list(self.held.values()) + self.discard \
            + [s for hand in self.hands.values() for s in hand]
        seats = range(len(self.names))
        self.grid = {seat: {} for seat in seats}
        self.grid_len = {seat: 4 for seat in seats}
        self.held, self.discard = {}, []
        self.hands = {seat: [] for seat in seats} if self.uses_hands else {}
        self.deck_n = self.deck_size_at_start()
        return leftovers

    def sync_from_views(self) -> None:
        """Rebuild every sprite from the spectator's view, with each human's own view adding the
        faces that player may see now (their hand, a drawn card, cards being looked at)."""
        public = self.match.view(SPECTATOR)
        own = {h: self.match.view(h) for h in self.humans}
        self.grid, self.grid_len, self.held, self.discard, self.hands = {}, {}, {}, [], {}
        for zone in public.zones:
            place = zone.place
            for i, card in enumerate(zone.cards):
                if card is None:
                    continue
                slot = Place(place.zone, place.seat, i) if zone.kind in ("grid", "fan") else place
                face, show_to = self._face_at(public, own, zone.kind, place, i)
                s = CardSprite(0, 0, 0, (1, 1), face, show_to, 1.0 if face is not None else 0.0)
                if zone.kind == "grid":
                    self.grid.setdefault(place.seat, {})[i] = s
                    self.grid_len[place.seat] = max(4, len(zone.cards))
                    if show_to is not None and face is not None:
                        self.peeking.add(slot)     # a card a human is looking at right now
                elif zone.kind == "fan":
                    self.hands.setdefault(place.seat, []).append(s)
                elif zone.kind == "held":
                    self.held[place.seat] = s
                elif zone.kind == "pile":
                    self.discard.append(s)
            if zone.kind == "grid":
                self.grid.setdefault(place.seat, {})
                self.grid_len.setdefault(place.seat, max(4, len(zone.cards)))
            elif zone.kind == "deck":
                self.deck_n = zone.count
        for seat, hand in self.hands.items():
            if hand and all(s.card is not None for s in hand) and self.hand_key(hand[0].card) is not None:
                hand.sort(key=lambda s: self.hand_key(s.card))
        self.snap_all()

    @staticmethod
    def _face_at(public, own: dict, kind: str, place: Place, i: int) -> tuple[Card | None, frozenset | None]:
        zone = public.zone(place)
        card = zone.cards[i] if zone is not None and i < len(zone.cards) else None
        if isinstance(card, Card):
            return card, None
        for h, view in own.items():
            mine = view.zone(place)
            if mine is not None and i < len(mine.cards) and isinstance(mine.cards[i], Card):
                return mine.cards[i], frozenset((h,))
        return None, frozenset()

    # -- places and poses --------------------------------------------------------------------------
    def nominal(self, w: float, h: float) -> tuple[int, int]:
        L = self.layout
        for size in (L.spot(self.bottom).card, L.spots[(self.bottom + 1) % len(self.names)].card, L.pile_card, L.big_card):
            if abs(size[0] - w) < 1.0 and abs(size[1] - h) < 1.0:
                return size
        return int(w), int(h)

    def place_pose(self, place: Place) -> tuple[tuple[float, float], float, tuple[int, int]]:
        L = self.layout
        if place.zone == "grid":
            return L.grid_slot(place.seat, place.index, self.grid_len.get(place.seat, 4))
        if place.zone == "hand":
            n = len(self.hands.get(place.seat, ()))
            index = place.index if place.index >= 0 else n
            return L.hand_slot(place.seat, index, max(n, index + 1))
        if place.zone == "held":
            return L.held_pos(place.seat)
        if place == DISCARD:
            return L.discard_pos, 0, L.pile_card
        return L.deck_pos, 0, L.pile_card

    def sprite_at(self, place: Place) -> CardSprite | None:
        if place.zone == "grid":
            return self.grid.get(place.seat, {}).get(place.index)
        if place.zone == "hand":
            hand = self.hands.get(place.seat, [])
            return hand[place.index] if 0 <= place.index < len(hand) else None
        if place.zone == "held":
            return self.held.get(place.seat)
        if place == DISCARD:
            return self.discard[-1] if self.discard else None
        return None

    def place_at(self, pos: tuple[int, int]) -> Place | None:
        """The place under the pointer: a held card, a grid slot, the topmost hand card, a pile."""
        for seat, s in self.held.items():
            if s.rect().collidepoint(pos):
                return Place("held", seat)
        for seat, g in self.grid.items():
            for index, s in g.items():
                if s.rect().collidepoint(pos):
                    return Place("grid", seat, index)
        for seat, hand in self.hands.items():
            for i in range(len(hand) - 1, -1, -1):
                if hand[i].rect().collidepoint(pos):
                    return Place("hand", seat, i)
        L = self.layout
        for place, (x, y) in ((DECK, L.deck_pos), (DISCARD, L.discard_pos)):
            r = pygame.Rect(0, 0, *L.pile_card)
            r.center = (int(x), int(y))
            if r.collidepoint(pos):
                return place
        return None

    def take(self, place: Place, card: Card | None = None) -> CardSprite:
        """Detach the sprite at ``place`` from the view's model (a new one for the deck). From a
        hand: the sprite at the index if the place has one, else the one showing ``card`` (else
        the last); the rest of the hand closes up."""
        if place.zone == "grid":
            s = self.grid.setdefault(place.seat, {}).pop(place.index, None)
        elif place.zone == "hand":
            hand = self.hands.setdefault(place.seat, [])
            k = place.index if 0 <= place.index < len(hand) else -1
            if k < 0 and card is not None:
                k = next((i for i, h in enumerate(hand) if h.card is not None and h.card.id == card.id), -1)
            if k < 0 and card is not None:
                k = next((i for i, h in enumerate(hand) if h.card == card), -1)
            if hand and not self.hand_visible(place.seat):
                # Backs all look alike: where a card leaves a hidden hand must not tell which
                # card it was, so it always leaves from the middle and the faces close up.
                mid = len(hand) // 2
                if k >= 0 and k != mid:
                    hand[k].card, hand[mid].card = hand[mid].card, hand[k].card
                k = mid
            s = hand.pop(k) if hand else None
            if s is not None:
                self.order_hand(place.seat, hand)
                self.relayout_hand(place.seat)
        elif place.zone == "held":
            s = self.held.pop(place.seat, None)
        elif place == DISCARD:
            s = self.discard.pop() if self.discard else None
        else:
            self.deck_n = max(0, self.deck_n - 1)
            s = None
        if s is None:
            (x, y), angle, size = self.place_pose(place)
            s = CardSprite(x, y, angle, size)
        return s

    def put(self, place: Place, sprite: CardSprite) -> Place:
        """Attach a sprite at ``place``; returns where it really went (a hand's slot index)."""
        if place.zone == "hand":
            hand = self.hands.setdefault(place.seat, [])
            hand.insert(place.index if 0 <= place.index <= len(hand) else len(hand), sprite)
            self.order_hand(place.seat, hand)
            self.relayout_hand(place.seat, except_sprite=sprite)
            return Place("hand", place.seat, hand.index(sprite))
        if place.zone == "grid":
            self.grid.setdefault(place.seat, {})[place.index] = sprite
            if place.index + 1 > self.grid_len.get(place.seat, 4):
                self.grid_len[place.seat] = place.index + 1
                self.relayout_grid(place.seat, except_sprite=sprite)
        elif place.zone == "held":
            self.held[place.seat] = sprite
        elif place == DISCARD:
            self.discard.append(sprite)
            if len(self.discard) > 6:
                del self.discard[0]
        else:
            self.deck_n += 1
        return place

    def hand_visible(self, seat: int) -> bool:
        """Are the faces of ``seat``'s hand on screen for the current viewer?"""
        hand = self.hands.get(seat, [])
        if self.curtain_pending is not None:
            return False
        if not hand:
            return self.viewer == seat
        return all(s.visible_to(self.viewer) for s in hand if s.card is not None)

    def order_hand(self, seat: int, hand: list[CardSprite]) -> None:
        """Keep a hand in ``hand_key`` order. A visible hand is re-sorted (its cards slide to
        their places); a hidden one keeps its sprites where they are and only re-deals the faces
        it carries, so a new card's place among the backs gives nothing away."""
        if len(hand) < 2 or any(s.card is None for s in hand):
            return
        if self.hand_key(hand[0].card) is None:
            return
        if self.hand_visible(seat):
            hand.sort(key=lambda s: self.hand_key(s.card))
        else:
            data = sorted(((s.card, s.show_to) for s in hand), key=lambda d: self.hand_key(d[0]))
            for s, (card, show_to) in zip(hand, data):
                s.card, s.show_to = card, show_to

    def relayout_hand(self, seat: int, except_sprite: CardSprite | None = None) -> None:
        hand = self.hands.get(seat, [])
        for index, s in enumerate(hand):
            if s is except_sprite:
                continue
            (x, y), angle, size = self.place_pose(Place("hand", seat, index))
            if s.moving or abs(s.x - x) > 0.5 or abs(s.y - y) > 0.5 or abs(s.w - size[0]) > 0.5:
                self.fly(s, (x, y), angle, size, duration=0.2, delay=-self.step_delay)

    def relayout_grid(self, seat: int, except_sprite: CardSprite | None = None) -> None:
        for index, s in self.grid.get(seat, {}).items():
            if s is except_sprite:
                continue
            (x, y), angle, size = self.place_pose(Place("grid", seat, index))
            self.fly(s, (x, y), angle, size, duration=0.25)

    def snap_all(self) -> None:
        """Put every resting sprite exactly where the layout says (after a resize)."""
        for seat, g in self.grid.items():
            for index, s in g.items():
                (s.x, s.y), s.angle, (s.w, s.h) = self.place_pose(Place("grid", seat, index))
        for seat, s in self.held.items():
            (s.x, s.y), s.angle, (s.w, s.h) = self.place_pose(Place("held", seat))
        for seat, hand in self.hands.items():
            for index, s in enumerate(hand):
                (s.x, s.y), s.angle, (s.w, s.h) = self.place_pose(Place("hand", seat, index))
        for s in self.discard:
            (s.x, s.y), s.angle, (s.w, s.h) = self.landing_pose(DISCARD, s)

    def seat_area(self, seat: int) -> tuple[int, int, int, int]:
        """Screen rectangle (x, y, w, h) of a seat's cards: its glow, name plate and floating texts."""
        if self.uses_hands:
            return self.layout.hand_bounds(seat, len(self.hands.get(seat, ())))
        return self.layout.grid_bounds(seat, self.grid_len.get(seat, 4))

    def seat_point(self, seat: int) -> tuple[float, float]:
        x, y, w, h = self.seat_area(seat)
        return x + w / 2, y + h / 2

    # -- drawing -----------------------------------------------------------------------------------
    def draw_zones(self, surface: pygame.Surface, pal: TH.Palette, highlight: set, selected: set) -> None:
        self.draw_piles(surface, pal, highlight, selected)
        moving: list[tuple[Place | None, CardSprite]] = []
        for seat, g in self.grid.items():
            for index, s in g.items():
                place = Place("grid", seat, index)
                if s.moving or s.lift > 0.01:
                    moving.append((place, s))
                else:
                    self.draw_card(surface, place, s, place in highlight, place in selected)
        for seat, hand in self.hands.items():
            for index, s in enumerate(hand):
                place = Place("hand", seat, index)
                if s.moving or s.lift > 0.01:
                    moving.append((place, s))
                else:
                    self.draw_card(surface, place, s, place in highlight, place in selected)
        for s in self._leftovers:
            moving.append((None, s))
        for seat, s in self.held.items():
            moving.append((Place("held", seat), s))
        for place, s in sorted(moving, key=lambda m: (m[1].lift, m[1].moving)):
            self.draw_card(surface, place, s, place in highlight if place else False, place in selected if place else False)

    def draw_card(self, surface: pygame.Surface, place: Place | None, s: CardSprite, lit: bool, chosen: bool) -> None:
        face = self.face_for(s)
        if face is not None:
            self.frame_faces.append((place, s.card, s.show_to))
        rect = draw_sprite(surface, s, face, self.palette, self.nominal)
        if s.mark is not None:
            pygame.draw.rect(surface, s.mark, rect.inflate(6, 6), 3, border_radius=8)
        if chosen:
            pygame.draw.rect(surface, self.palette.good, rect.inflate(8, 8), 4, border_radius=9)
        elif lit:
            pulse = 0.5 + 0.5 * math.sin(self.time * 5)
            colour = TH.lighten(self.palette.accent, 0.35 * pulse)
            pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=8)
        if face is None and place is not None and place.zone == "grid" and self.settings.memory_aid \
                and self.viewer is not None and self.curtain_pending is None and not s.moving:
            mem = self.memories.get(self.viewer)
            card = mem.get(place) if mem else None
            if card is not None:
                self.frame_faces.append(("memory", place, card))
                badge = memory_badge(str(card.rank), self.palette, max(11, int(14 * self.layout.unit)))
                surface.blit(badge, badge.get_rect(center=(rect.centerx, rect.centery)))

    def draw_piles(self, surface: pygame.Surface, pal: TH.Palette, highlight: set, selected: set) -> None:
        L = self.layout
        back = card_image(None, L.pile_card, 0, pal)
        x, y = L.deck_pos
        rect = back.get_rect(center=(int(x), int(y)))
        if self.deck_n > 0:
            for k in range(min(3, (self.deck_n + 9) // 10), 0, -1):
                surface.blit(back, rect.move(-2 * k, -2 * k))
            surface.blit(back, rect)
        else:
            pygame.draw.rect(surface, pal.felt_dark, rect, 2, border_radius=8)
        if DECK in highlight:
            pygame.draw.rect(surface, pal.accent, rect.inflate(8, 8), 3, border_radius=9)
        T.blit_text(surface, f"Deck {self.deck_n}", TH.TINY, pal.text_dim, (rect.centerx, rect.bottom + 8), "midtop")
        dx, dy = L.discard_pos
        drect = back.get_rect(center=(int(dx), int(dy)))
        pygame.draw.rect(surface, TH.darken(pal.felt, 0.25), drect, 2, border_radius=8)
        shown = self.discard[-self.discard_shown:]
        for s in shown:
            if not s.moving:
                self.draw_card(surface, DISCARD, s, False, False)
        for s in shown:
            if s.moving:
                self.draw_card(surface, DISCARD, s, False, False)
        if DISCARD in highlight:
            pygame.draw.rect(surface, pal.accent, drect.inflate(8, 8), 3, border_radius=9)
        T.blit_text(surface, "Discard", TH.TINY, pal.text_dim, (drect.centerx, drect.bottom + 8), "midtop")
