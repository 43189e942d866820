"""Card sprites: the table view's own model of the cards on screen.

A sprite knows where it is (centre, angle, size), how far it is turned (``turn`` 0 face down, 1
face up), the face the view was told (``card``) and who may see that face (``show_to``: None for
everybody, else a set of seats). The face is drawn only when the sprite is turned up *and* the
current viewer may see it, so a private card can never show for the wrong player whatever the
animations do. Rendered images (faces, backs, rotations) are cached; only a card that is moving
or flipping is scaled on the fly.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any, Callable

import pygame

from game.client.ui import cards as CARDS
from game.client.ui import text as T
from game.client.ui.theme import Palette

_ROTATED: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_LIMIT = 800


class CardSprite:
    __slots__ = ("card", "show_to", "x", "y", "angle", "w", "h", "turn", "lift", "moving", "z", "uid", "mark", "oy")
    _next = 0

    def __init__(self, x: float, y: float, angle: float, size: tuple[int, int], card: Any = None,
                 show_to: frozenset[int] | None = frozenset(), turn: float = 0.0):
        self.card = card
        self.show_to = show_to
        self.x, self.y = float(x), float(y)
        self.angle = float(angle)
        self.w, self.h = float(size[0]), float(size[1])
        self.turn = turn
        self.lift = 0.0          # 0..1: raised towards the viewer (bigger, with a shadow)
        self.moving = 0          # running tweens that move it (drawn above the others)
        self.z = 0
        self.mark: tuple[int, int, int] | None = None   # a coloured outline (e.g. who looks at it)
        self.oy = 0.0            # a vertical nudge on screen, pixels (e.g. a playable card raised)
        CardSprite._next += 1
        self.uid = CardSprite._next

    def visible_to(self, viewer: int | None) -> bool:
        """Would this sprite's face show for ``viewer`` if it were turned up?"""
        if self.card is None:
            return False
        if self.show_to is None:
            return True
        return viewer is not None and viewer in self.show_to

    def face_shown(self, viewer: int | None) -> bool:
        return self.turn >= 0.5 and self.visible_to(viewer)

    def rect(self) -> pygame.Rect:
        # Turned nearer a quarter turn than upright (a side seat's card); a card tilted a few
        # degrees on Combat UNO's pile is still upright (its rect came out on its side).
        w, h = (self.h, self.w) if round(self.angle / 90) % 2 else (self.w, self.h)
        k = 1 + 0.12 * self.lift
        r = pygame.Rect(0, 0, int(w * k), int(h * k))
        r.center = (int(self.x), int(self.y + self.oy))
        return r


    def contains(self, pos: tuple[float, float]) -> bool:
        """Is ``pos`` on the card as drawn, turned as it is? (rect() is upright: a card tilted on
        a pile took clicks beside its corners and missed them on its corners.)"""
        w, h = self.w * (1 + 0.12 * self.lift), self.h * (1 + 0.12 * self.lift)
        dx, dy = pos[0] - self.x, pos[1] - (self.y + self.oy)
        a = math.radians(self.angle)      # pygame turns counter-clockwise on screen (y down)
        u = dx * math.cos(a) - dy * math.sin(a)
        v = dx * math.sin(a) + dy * math.cos(a)
        return abs(u) <= w / 2 and abs(v) <= h / 2


def _quant(angle: float) -> int:
    return int(round(angle / 5.0)) * 5 % 360


def card_image(face: dict | None, size: tuple[int, int], angle: float, palette: Palette) -> pygame.Surface:
    """A cached card image at an exact size, rotated (angle quantised to 5 degrees)."""
    q = _quant(angle)
    key = (CARDS._key(face, size, palette), q)
    surf = _ROTATED.get(key)
    if surf is not None:
        return surf
    base = CARDS.render_card(face, size, palette)
    surf = base if q == 0 else pygame.transform.rotate(base, q)
    _ROTATED[key] = surf
    if len(_ROTATED) > _LIMIT:
        _ROTATED.popitem(last=False)
    return surf


# A card lying still (not lifted, not moving) is drawn with the image and place it had the frame
# before: (its sprite, pose, face, the palette, the layout) -> (face, image, rect).
_STILL: dict[tuple, tuple[dict | None, pygame.Surface, pygame.Rect]] = {}
_STILL_LIMIT = 2000


def clear_cache() -> None:
    _ROTATED.clear()
    _STILL.clear()


def draw_sprite(surface: pygame.Surface, sprite: CardSprite, face: dict | None, palette: Palette,
                nominal: Callable[[float, float], tuple[int, int]], angle: float | None = None,
                still_key: Any = None) -> pygame.Rect:
    """Draw one sprite. ``face`` is the face dict to show (None: the back). ``nominal`` snaps a size
    to one of the table's standard sizes so a resting card is always a cached image. ``angle``
    draws it turned otherwise than its seat's way (a face turned to the player reading it).
    ``still_key``: what else ``nominal`` answers by (the table's layout); given, a card lying
    still is blitted as it was last drawn, without working its image and place out again."""
    key = None
    if still_key is not None and not sprite.lift and not sprite.moving:
        key = (sprite.uid, sprite.x, sprite.y, sprite.oy, sprite.w, sprite.h, sprite.turn, sprite.angle, angle,
               palette.name, still_key)
        kept = _STILL.get(key)
        if kept is not None and kept[0] == face:
            surface.blit(kept[1], kept[2])
            return pygame.Rect(kept[2])
    w, h = sprite.w, sprite.h
    angle = sprite.angle if angle is None else angle
    if sprite.lift:
        k = 1 + 0.12 * sprite.lift
        w, h = w * k, h * k
    squash = abs(math.cos(math.pi * sprite.turn))
    snapped = nominal(w, h)
    still = squash > 0.999 and snapped == (int(w), int(h))
    q = _quant(angle)
    if still:
        img = card_image(face, snapped, angle, palette)
        upright = snapped
    else:
        base = CARDS.render_card(face, snapped, palette)
        upright = (max(1, int(w * squash)), max(1, int(h)))
        img = pygame.transform.scale(base, upright)
        if q:
            img = pygame.transform.rotate(img, q)
    rect = img.get_rect(center=(int(sprite.x), int(sprite.y + sprite.oy)))
    if sprite.lift > 0.05 or sprite.moving:
        shadow = _shadow(upright, q)
        surface.blit(shadow, shadow.get_rect(center=rect.center).move(3, 5))
    surface.blit(img, rect)
    if key is not None:
        if len(_STILL) > _STILL_LIMIT:
            _STILL.clear()
        _STILL[key] = (face, img, pygame.Rect(rect))
    return rect


_SHADOWS: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def _shadow(size: tuple[int, int], angle: int) -> pygame.Surface:
    """The card's shadow: its rounded outline, turned as the card is (a tilted card in flight
    casts a tilted shadow, not its bounding box's)."""
    key = (size, angle)
    surf = _SHADOWS.get(key)
    if surf is None:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=max(3, min(size) // 10))
        if angle:
            surf = pygame.transform.rotate(surf, angle)
        if len(_SHADOWS) > 200:
            _SHADOWS.clear()
        _SHADOWS[key] = surf
    return surf


_BADGES: dict[tuple, pygame.Surface] = {}


def memory_badge(label: str, palette: Palette, size: int) -> pygame.Surface:
    """The memory aid's small face overlay: a rounded tag with the remembered value."""
    key = (label, palette.name, size)
    surf = _BADGES.get(key)
    if surf is None:
        txt = T.text(label, size, (255, 255, 255), True)
        surf = pygame.Surface((max(txt.get_width() + 10, size + 8), txt.get_height() + 4), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*palette.info, 235), surf.get_rect(), border_radius=6)
        pygame.draw.rect(surf, (255, 255, 255, 255), surf.get_rect(), 1, border_radius=6)
        surf.blit(txt, txt.get_rect(center=surf.get_rect().center))
        _BADGES[key] = surf
    return surf
