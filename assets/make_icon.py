"""Draw Cardhall's app icon, assets/icon.png (256x256): a fan of three cards on a felt badge.

Run: ``python assets/make_icon.py`` (uses pygame only, no window needed).
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

SIZE = 256
SS = 4                          # supersampling factor for smooth edges
OUT = Path(__file__).resolve().parent / "icon.png"


def card(w: int, h: int, fill, band, mark: str | None, font: pygame.font.Font) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = w // 9
    pygame.draw.rect(s, (250, 246, 236), s.get_rect(), border_radius=r)
    pygame.draw.rect(s, (40, 40, 40), s.get_rect(), max(2, w // 60), border_radius=r)
    inner = s.get_rect().inflate(-w // 7, -w // 7)
    pygame.draw.rect(s, band, inner, border_radius=r)
    if mark is None:
        # back: a lattice
        step = w // 6
        for x in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(s, fill, (inner.x + x, inner.y), (inner.x + x + inner.h, inner.bottom), w // 40)
        pygame.draw.rect(s, (250, 246, 236), s.get_rect(), w // 14 - 4, border_radius=r)
        pygame.draw.rect(s, (40, 40, 40), s.get_rect(), max(2, w // 60), border_radius=r)
    else:
        pygame.draw.ellipse(s, fill, inner.inflate(-w // 10, -h // 3))
        glyph = font.render(mark, True, (255, 255, 255))
        shadow = font.render(mark, True, (40, 30, 20))
        rect = glyph.get_rect(center=inner.center)
        for dx, dy in ((-4, 0), (4, 0), (0, -4), (0, 4), (3, 3), (-3, -3), (3, -3), (-3, 3)):
            s.blit(shadow, rect.move(dx, dy))
        s.blit(glyph, rect)
    return s


def draw(size: int = SIZE) -> pygame.Surface:
    """The icon at ``size`` pixels square, drawn at four times that and scaled down (the platform
    icons, packaging/make_icons.py, draw the larger sizes this way rather than enlarging the PNG)."""
    pygame.font.init()
    big = size * SS
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    badge = surf.get_rect().inflate(-big // 32, -big // 32)
    pygame.draw.rect(surf, (8, 40, 27), badge, border_radius=big // 5)
    pygame.draw.rect(surf, (22, 92, 60), badge.inflate(-big // 28, -big // 28), border_radius=big // 5)
    pygame.draw.rect(surf, (232, 187, 72), badge, big // 64, border_radius=big // 5)
    font = pygame.font.Font(None, int(big * 0.30))
    cw, ch = int(big * 0.36), int(big * 0.52)
    specs = [(24, (176, 64, 62), (128, 28, 36), None),
             (0, (120, 200, 140), (58, 146, 78), "0"),
             (-24, (240, 200, 110), (222, 164, 36), "7")]
    pivot = (big // 2, int(big * 0.86))
    for angle, fill, band, mark in specs:
        c = card(cw, ch, fill, band, mark, font)
        # rotate around the bottom centre of the card, placed at the pivot
        holder = pygame.Surface((cw, ch * 2), pygame.SRCALPHA)
        holder.blit(c, (0, 0))
        rotated = pygame.transform.rotate(holder, angle)
        shadow = rotated.copy()
        shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
        rect = rotated.get_rect(center=(pivot[0], pivot[1] - int(ch * 0.12)))
        surf.blit(shadow, rect.move(big // 90, big // 70))
        surf.blit(rotated, rect)
    return pygame.transform.smoothscale(surf, (size, size))


def main() -> None:
    pygame.image.save(draw(SIZE), str(OUT))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
