"""How a card sprite is drawn: a card in flight casts a shadow of its own shape, turned as it is."""

from __future__ import annotations

import pygame
import pytest

from game.client.table.sprites import CardSprite, draw_sprite
from game.client.ui.theme import STANDARD

FELT = (20, 90, 60)


def drawn(angle: float, moving: bool) -> tuple[pygame.Surface, pygame.Rect]:
    surface = pygame.Surface((300, 300))
    surface.fill(FELT)
    sprite = CardSprite(150, 150, angle, (70, 100))
    sprite.moving = 1 if moving else 0
    rect = draw_sprite(surface, sprite, None, STANDARD, lambda w, h: (int(w), int(h)))
    return surface, rect


@pytest.mark.parametrize("angle", [25, 40, -30])
def test_a_tilted_card_in_flight_casts_a_tilted_shadow(angle):
    surface, rect = drawn(angle, moving=True)
    # The corners of the tilted card's bounding box (moved as the shadow is) lie outside both the
    # card and its shadow: the felt shows there, untouched.
    for corner in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
        x, y = corner[0] + 3 + (4 if corner[0] == rect.left else -6), corner[1] + 5 + (4 if corner[1] == rect.top else -6)
        assert surface.get_at((x, y))[:3] == FELT, f"shadow at the bounding box's corner {x, y}"
    # Beside the card's lower edge, where the card does not reach, the shadow darkens the felt.
    still, _ = drawn(angle, moving=False)
    darker = [(x, y) for x in range(rect.left, rect.right + 8) for y in range(rect.top, rect.bottom + 8)
              if sum(surface.get_at((x, y))[:3]) < sum(still.get_at((x, y))[:3]) and still.get_at((x, y))[:3] == FELT]
    assert len(darker) > 100, "no shadow beside the card in flight"


def test_a_resting_card_casts_no_shadow():
    surface, rect = drawn(0, moving=False)
    below = (rect.centerx, rect.bottom + 2)   # the shadow falls 5 px down
    assert surface.get_at(below)[:3] == FELT
    moving, _ = drawn(0, moving=True)
    assert moving.get_at(below)[:3] != FELT


@pytest.mark.parametrize("angle, upright", [(0, True), (5, True), (-10, True), (180, True), (-175, True),
                                            (90, False), (85, False), (-90, False), (270, False), (265, False)])
def test_a_cards_rect_lies_on_its_side_only_near_a_quarter_turn(angle, upright):
    """A card tilted 5 or 10 degrees on Combat UNO's pile had a rect on its side: the ring round a
    seat's last move lay across the pile as a wide, flat frame (seen in a real window), and the
    labels kept off that frame instead of the card."""
    r = CardSprite(150, 150, angle, (70, 100)).rect()
    assert (r.size == (70, 100)) if upright else (r.size == (100, 70)), r
