"""The felt behind every screen is drawn the same, pixel for pixel, as the plain per-pixel drawing
it replaced (theme.felt_background works each light value out once per quarter and draws the
fibre noise's specks without random's per-call checks, for the menu's first frame)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client.ui import theme as TH


def reference_felt(size: tuple[int, int], palette: TH.Palette) -> pygame.Surface:
    """The felt as it was first drawn: every pixel of the light, every speck drawn by randint and
    randrange."""
    w, h = size
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            t = min(1.0, (dx * dx + dy * dy) ** 0.5) ** 1.6
            small.set_at((x, y), tuple(int(a + (b - a) * t) for a, b in zip(palette.felt_light, palette.felt_dark)))
    surf = pygame.transform.smoothscale(small, (w, h))
    rng = random.Random(7)
    noise = pygame.Surface((128, 128), pygame.SRCALPHA)
    for _ in range(1400):
        v = rng.randint(0, 255)
        noise.set_at((rng.randrange(128), rng.randrange(128)), (v, v, v, 10))
    for ty in range(0, h, 128):
        for tx in range(0, w, 128):
            surf.blit(noise, (tx, ty))
    return surf.convert()


@pytest.mark.parametrize("palette", [TH.STANDARD, TH.COLOUR_BLIND], ids=lambda p: p.name)
@pytest.mark.parametrize("size", [(1280, 720), (961, 541)])
def test_the_felt_is_the_same_pixels_as_the_per_pixel_drawing(palette, size):
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        TH.clear_cache()
        felt = TH.felt_background(size, palette)
        want = reference_felt(size, palette)
        assert felt.get_size() == want.get_size()
        assert pygame.image.tobytes(felt, "RGB") == pygame.image.tobytes(want, "RGB")
    finally:
        TH.clear_cache()
        pygame.display.quit()
