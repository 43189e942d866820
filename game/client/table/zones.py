"""Zone views: the table's card sprites, one zone object per kind (zone_kinds.py), where they sit
and how they are drawn. ``sync_from_views`` rebuilds every sprite from the views (a continued
match); the event handlers move single sprites with ``take`` and ``put``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client.table.canvas import Canvas
from game.client.table.sprites import CardSprite, card_image, draw_sprite, memory_badge
from game.client.table.zone_kinds import FAN_STEP, Pose, Zone
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.core.cards import DECK, DISCARD, Card, Place
from game.core.view import SPECTATOR
from game.i18n import _


class Zones:
    """The sprite model of the table's zones, one object per kind of zone (the spec's kinds)."""

    interface = ("grid", "grid_len", "hands", "held", "discard", "deck_n", "kind", "peeking", "set_leftovers",
                 "drop_leftovers", "clear_all", "sync_from_views", "place_pose", "landing_pose", "pile_pose", "sprite_at", "place_at",
                 "take", "put", "hand_visible", "relayout_hand", "snap_all", "seat_area", "seat_point",
                 "resting", "card_rects", "own_card_rects", "place_rect", "draw", "draw_piles", "draw_card",
                 "face_at", "face_for")

    def __init__(self, screen: Any, spec: Any, director: Any, match: Any, narrator: Any, settings: Any):
        self.screen, self.spec, self.director, self.match, self.settings = screen, spec, director, match, settings
        self.narrator = narrator
        self.zones: dict[str, Zone] = {kind.name: kind(self) for kind in spec.zone_kinds}
        self.peeking: set[Place] = set()
        self._leftovers: list[CardSprite] = []     # cards flying back to the deck (a deal, a reshuffle)

    @property
    def layout(self) -> Any:
        return self.screen.layout

    def kind(self, name: str) -> Zone:
        """The zone object of a kind ("grid", "hand", "held", "discard", "deck", a game's own)."""
        return self.zones[name]

    # the sprites by kind, for the variants and the shared drawing
    @property
    def grid(self) -> dict[int, dict[int, CardSprite]]:
        return self.zones["grid"].slots

    @property
    def grid_len(self) -> dict[int, int]:
        return self.zones["grid"].size

    @property
    def hands(self) -> dict[int, list[CardSprite]]:
        return self.zones["hand"].hands

    @property
    def held(self) -> dict[int, CardSprite]:
        return self.zones["held"].cards

    @property
    def discard(self) -> list[CardSprite]:
        return self.zones["discard"].cards

    @property
    def deck_n(self) -> int:
        return self.zones["deck"].count

    @deck_n.setter
    def deck_n(self, count: int) -> None:
        self.zones["deck"].count = count

    def set_leftovers(self, sprites: list[CardSprite]) -> None:
        self._leftovers = sprites

    def drop_leftovers(self) -> None:
        self._leftovers = []

    # -- rebuilding from views -----------------------------------------------------------------------
    def clear_all(self) -> list[CardSprite]:
        """Empty every zone for a new deal; returns the sprites that were on the table."""
        seats = self.screen.seats
        return [s for name in ("grid", "held", "discard", "hand", "deck") for s in self.zones[name].clear(seats)]

    def sync_from_views(self) -> None:
        """Rebuild every sprite from the spectator's view, with each human's own view adding the
        faces that player may see now (their hand, a drawn card, cards being looked at)."""
        public = self.match.view(SPECTATOR)
        own = {h: self.match.view(h) for h in self.screen.humans}
        for zone in self.zones.values():
            zone.clear(0)
        for zone in public.zones:
            place = zone.place
            kind = self.zones.get(place.zone)
            if kind is None:
                continue
            if zone.kind == "deck":
                self.deck_n = zone.count
            if zone.kind == "grid":
                self.grid.setdefault(place.seat, {})
                self.grid_len[place.seat] = max(4, len(zone.cards))
            for i, card in enumerate(zone.cards):
                if card is None:
                    continue
                face, show_to = self._face_at(public, own, place, i)
                s = CardSprite(0, 0, 0, (1, 1), face, show_to, 1.0 if face is not None else 0.0)
                kind.load(place, i, s, len(zone.cards))
                if zone.kind == "grid" and show_to and face is not None:
                    self.peeking.add(Place(place.zone, place.seat, i))   # a card a human looks at now
        hand_key = self.spec.hand_key
        for seat, hand in self.hands.items():
            if hand and all(s.card is not None for s in hand) and hand_key(hand[0].card) is not None:
                hand.sort(key=lambda s: hand_key(s.card))
        self.snap_all()

    @staticmethod
    def _face_at(public, own: dict, place: Place, i: int) -> tuple[Card | None, frozenset | None]:
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
    def nominal_key(self) -> tuple:
        """What ``nominal`` answers by: the layout and the seat at the bottom."""
        return self.layout, self.screen.bottom

    def nominal(self, w: float, h: float) -> tuple[int, int]:
        L = self.layout
        bottom = self.screen.bottom
        for size in (L.spot(bottom).card, L.spots[(bottom + 1) % self.screen.seats].card, L.pile_card, L.big_card):
            if abs(size[0] - w) < 1.0 and abs(size[1] - h) < 1.0:
                return size
        return int(w), int(h)

    def place_pose(self, place: Place) -> Pose:
        return self.zones.get(place.zone, self.zones["deck"]).pose(place)

    def landing_pose(self, place: Place, sprite: CardSprite) -> Pose:
        """Where a card that has just moved to ``place`` comes to rest (the pile lays it its way)."""
        return self.pile_pose(sprite) if place == DISCARD else self.place_pose(place)

    def pile_pose(self, sprite: CardSprite) -> Pose:
        """Where a card of the discard pile lies, as the spec's ``pile_lay`` says."""
        (x, y), angle, size = self.place_pose(DISCARD)
        k = self.layout.unit
        if self.spec.pile_lay == "scattered":
            u = sprite.uid
            angle = ((u * 7) % 5 - 2) * 5                  # -10 .. 10 degrees, fixed per card
            return (x + ((u * 13) % 7 - 3) * 1.5 * k, y + ((u * 5) % 7 - 3) * 1.5 * k), angle, size
        if self.spec.pile_lay == "fanned":
            pile = self.discard
            index = pile.index(sprite) if sprite in pile else len(pile) - 1
            shown = min(len(pile), self.spec.discard_shown)
            step = index - (len(pile) - shown)             # the latest cards fan out, the top card last
            return (x + max(0, step) * self.layout.pile_card[0] * FAN_STEP, y), angle, size
        return (x, y), angle, size

    def sprite_at(self, place: Place) -> CardSprite | None:
        zone = self.zones.get(place.zone)
        return zone.at(place) if zone is not None else None

    def place_at(self, pos: tuple[int, int]) -> Place | None:
        """The place under the pointer: a held card, a grid slot, the topmost hand card, a pile."""
        for name in ("held", "grid"):
            for place, s in self.zones[name].resting():
                if s.rect().collidepoint(pos):
                    return place
        for place, s in reversed(self.zones["hand"].resting()):
            if s.rect().collidepoint(pos):
                return place
        L = self.layout
        r = pygame.Rect(0, 0, *L.pile_card)
        r.center = (int(L.deck_pos[0]), int(L.deck_pos[1]))
        if r.collidepoint(pos):
            return DECK
        # The discard pile is where its cards are drawn, each turned as it lies (Combat UNO tilts
        # them); an empty pile, its outline.
        shown = self.discard[-self.spec.discard_shown:]
        lying = [s for s in shown if not s.moving]
        r.center = (int(L.discard_pos[0]), int(L.discard_pos[1]))
        if any(s.contains(pos) for s in lying) or not lying and r.collidepoint(pos):
            return DISCARD
        if self.spec.pile_lay == "fanned" and any(s.rect().collidepoint(pos) for s in shown):
            return DISCARD          # any card of the fan counts as the pile, one settling too
        return None

    def place_rect(self, place: Place) -> pygame.Rect | None:
        """Where a place's card (or pile) is on the screen now (None: nowhere to point)."""
        sprite = self.sprite_at(place)
        if sprite is not None:
            return sprite.rect()
        L = self.layout
        pos = L.deck_pos if place == DECK else L.discard_pos if place == DISCARD else None
        if pos is None:
            return None
        rect = pygame.Rect(0, 0, *L.pile_card)
        rect.center = (int(pos[0]), int(pos[1]))
        return rect

    def take(self, place: Place, card: Card | None = None) -> CardSprite:
        """Detach the sprite at ``place`` from the view's model (a new one for the deck)."""
        s = self.zones.get(place.zone, self.zones["deck"]).take(place, card)
        if s is None:
            (x, y), angle, size = self.place_pose(place)
            s = CardSprite(x, y, angle, size)
        return s

    def put(self, place: Place, sprite: CardSprite) -> Place:
        """Attach a sprite at ``place``; returns where it really went (a hand's slot index)."""
        return self.zones.get(place.zone, self.zones["deck"]).put(place, sprite)

    def hand_visible(self, seat: int) -> bool:
        """Are the faces of ``seat``'s hand on screen for the current viewer?"""
        hand = self.hands.get(seat, [])
        if self.screen.curtain is not None:
            return False
        if not hand:
            return self.screen.viewer == seat
        return all(s.visible_to(self.screen.viewer) for s in hand if s.card is not None)

    def order_hand(self, seat: int, hand: list[CardSprite]) -> None:
        """Keep a hand in the spec's ``hand_key`` order. A visible hand is re-sorted (its cards slide
        to their places); a hidden one keeps its sprites where they are and only re-deals the faces
        it carries, so a new card's place among the backs gives nothing away."""
        hand_key = self.spec.hand_key
        if len(hand) < 2 or any(s.card is None for s in hand):
            return
        if hand_key(hand[0].card) is None:
            return
        if self.hand_visible(seat):
            hand.sort(key=lambda s: hand_key(s.card))
        else:
            data = sorted(((s.card, s.show_to) for s in hand), key=lambda d: hand_key(d[0]))
            for s, (card, show_to) in zip(hand, data):
                s.card, s.show_to = card, show_to

    def relayout_hand(self, seat: int, except_sprite: CardSprite | None = None) -> None:
        hand = self.hands.get(seat, [])
        for index, s in enumerate(hand):
            if s is except_sprite:
                continue
            (x, y), angle, size = self.place_pose(Place("hand", seat, index))
            if s.moving or abs(s.x - x) > 0.5 or abs(s.y - y) > 0.5 or abs(s.w - size[0]) > 0.5:
                self.director.fly(s, (x, y), angle, size, duration=0.2, delay=-self.director.step_delay)

    def snap_all(self) -> None:
        """Put every resting sprite exactly where the layout says (after a resize)."""
        for name in ("grid", "held", "hand"):
            for place, s in self.zones[name].resting():
                (s.x, s.y), s.angle, (s.w, s.h) = self.place_pose(place)
        for s in self.discard:
            (s.x, s.y), s.angle, (s.w, s.h) = self.pile_pose(s)

    def seat_area(self, seat: int) -> tuple[int, int, int, int]:
        """Screen rectangle (x, y, w, h) of a seat's cards: its glow, name plate and floating texts."""
        return self.zones["hand" if self.spec.uses_hands else "grid"].bounds(seat)

    def seat_point(self, seat: int) -> tuple[float, float]:
        x, y, w, h = self.spec.seat_area(seat)
        return x + w / 2, y + h / 2

    def resting(self) -> list[tuple[Place, CardSprite]]:
        """Every sprite in a zone, with its place."""
        return [(place, sprite) for zone in self.zones.values() for place, sprite in zone.resting()]

    def card_rects(self) -> list[pygame.Rect]:
        """Where the cards lie that are not on the move."""
        return [sprite.rect() for _, sprite in self.resting()]

    def own_card_rects(self) -> list[pygame.Rect]:
        """Of those, the cards of the people playing at this screen."""
        return [sprite.rect() for place, sprite in self.resting() if place.seat in self.screen.humans]

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, canvas: Canvas, highlight: set, selected: set) -> None:
        self.spec.draw_piles(canvas, highlight, selected)
        moving: list[tuple[Place | None, CardSprite]] = []
        for name in ("grid", "hand"):
            for place, s in self.zones[name].resting():
                if s.moving or s.lift > 0.01:
                    moving.append((place, s))
                else:
                    self.draw_card(canvas, place, s, place in highlight, place in selected)
        moving.extend((None, s) for s in self._leftovers)
        moving.extend(self.zones["held"].resting())
        for place, s in sorted(moving, key=lambda m: (m[1].lift, m[1].moving)):
            self.draw_card(canvas, place, s, place in highlight if place else False, place in selected if place else False)

    def face_for(self, sprite: CardSprite) -> dict | None:
        """The face the viewer sees on ``sprite`` (None: its back, or nothing while the curtain is up)."""
        if self.screen.curtain is not None:
            return None
        if sprite.face_shown(self.screen.viewer):
            return self.narrator.face_of(sprite.card)
        return None

    def face_at(self, sprite: CardSprite, place: Place | None) -> dict | None:
        """The face to draw for ``sprite`` at ``place``: its ability badge only where the ability
        can be used (a card just drawn from the deck), never on cards in grids or piles."""
        face = self.face_for(sprite)
        if face is not None and "caption" in face and (place is None or place.zone not in self.spec.ability_zones):
            face = {k: v for k, v in face.items() if k != "caption"}
        return face

    def draw_card(self, canvas: Canvas, place: Place | None, s: CardSprite, lit: bool, chosen: bool) -> None:
        surface, pal = canvas.surface, canvas.pal
        face = self.face_at(s, place)
        if face is not None:
            canvas.faces.append((place, s.card, s.show_to))
        rect = draw_sprite(surface, s, face, pal, self.nominal, self.reading_angle(s, face), self.nominal_key())
        if s.mark is not None:
            pygame.draw.rect(surface, s.mark, rect.inflate(6, 6), 3, border_radius=8)
        if chosen:
            pygame.draw.rect(surface, pal.good, rect.inflate(8, 8), 4, border_radius=9)
        elif lit:
            pulse = self.screen.pulse(5)
            colour = TH.lighten(pal.accent, 0.35 * pulse)
            pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=8)
        viewer = self.screen.viewer
        if face is None and place is not None and place.zone == "grid" and self.settings.memory_aid \
                and viewer is not None and self.screen.curtain is None and not s.moving:
            mem = self.screen.memories.get(viewer)
            card = mem.get(place) if mem else None
            if card is not None:
                canvas.faces.append(("memory", place, card))
                badge = memory_badge(str(card.rank), pal, max(11, int(14 * self.layout.unit)))
                surface.blit(badge, badge.get_rect(center=(rect.centerx, rect.centery)))

    def reading_angle(self, s: CardSprite, face: dict | None) -> float | None:
        """A face shown to the player at the screen alone is turned to be read from the screen's
        edge, where the player sits: like a card picked up to be looked at. In hot seat the player
        across read their own peeked cards upside down; alone at the screen, a card spied on in the
        grid across was upside down too (seen in a real window). None: the seat's way."""
        if face is None or s.show_to is None or self.screen.viewer not in s.show_to:
            return None
        return 0.0 if abs(((s.angle + 180) % 360) - 180) > 135 else None

    def draw_piles(self, canvas: Canvas, highlight: set, selected: set) -> None:
        surface, pal = canvas.surface, canvas.pal
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
        caption = _("Deck {n}").format(n=self.deck_n)
        spot = canvas.fit(T.text(caption, TH.TINY, pal.text_dim).get_rect(midtop=(rect.centerx, rect.bottom + 8)))
        T.blit_text(surface, caption, TH.TINY, pal.text_dim, spot.topleft)
        dx, dy = L.discard_pos
        drect = back.get_rect(center=(int(dx), int(dy)))
        pygame.draw.rect(surface, TH.darken(pal.felt, 0.25), drect, 2, border_radius=8)
        shown = self.discard[-self.spec.discard_shown:]
        for s in shown:
            if not s.moving:
                self.draw_card(canvas, DISCARD, s, False, False)
        for s in shown:
            if s.moving:
                self.draw_card(canvas, DISCARD, s, False, False)
        if DISCARD in highlight:
            frame = drect
            fan = [s.rect() for s in shown if not s.moving]
            if self.spec.pile_lay == "fanned" and fan:
                # Any card of the fan takes (place_at): the frame goes round the fan, a little outside
                # the frames its own cards may have (the one that may be taken, a last move).
                frame = drect.unionall(fan).inflate(8, 8)
            pygame.draw.rect(surface, pal.accent, frame.inflate(8, 8), 3, border_radius=9)
        spot = canvas.fit(T.text(_("Discard"), TH.TINY, pal.text_dim).get_rect(midtop=(drect.centerx, drect.bottom + 8)))
        T.blit_text(surface, _("Discard"), TH.TINY, pal.text_dim, spot.topleft)
