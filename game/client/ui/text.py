"""Fonts and cached text surfaces.

Rendering text is the most expensive thing a pygame frame usually does, so every rendered string
is cached by (text, size, colour, bold) and reused; draw code calls ``text(...)`` or
``blit_text(...)`` every frame without allocating. The bundled DejaVu Sans is used (pygame's
default font as a fallback).

``DRAWN`` records (text, rect) of every ``blit_text`` call in the current frame; the app clears it
at the start of each frame. Tests read it to assert on what was on screen.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.resources import asset_path

_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}
_TEXT: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_WRAP: "OrderedDict[tuple, list[str]]" = OrderedDict()
_TEXT_LIMIT = 3000
DRAWN: list[tuple[str, pygame.Rect]] = []


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (int(size), bool(bold))
    f = _FONTS.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = asset_path("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
        try:
            f = pygame.font.Font(str(path), key[0])
        except (OSError, FileNotFoundError, pygame.error):
            f = pygame.font.Font(None, int(key[0] * 1.3))
            f.set_bold(bold)
        _FONTS[key] = f
    return f


def text(s: str, size: int, color, bold: bool = False) -> pygame.Surface:
    """The rendered (antialiased, transparent) surface of a string, from the cache."""
    key = (s, int(size), tuple(color), bool(bold))
    surf = _TEXT.get(key)
    if surf is None:
        surf = font(size, bold).render(s, True, color)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _TEXT[key] = surf
        if len(_TEXT) > _TEXT_LIMIT:
            _TEXT.popitem(last=False)
    else:
        _TEXT.move_to_end(key)
    return surf


def blit_text(surface: pygame.Surface, s: str, size: int, color, pos, anchor: str = "topleft",
              bold: bool = False) -> pygame.Rect:
    """Blit cached text with ``pos`` at the given rect anchor ("center", "midleft", ...)."""
    surf = text(s, size, color, bold)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    DRAWN.append((s, rect))
    return rect


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Word-wrap a paragraph to lines that fit ``width`` pixels (cached)."""
    key = (s, int(size), int(width), bool(bold))
    lines = _WRAP.get(key)
    if lines is not None:
        return lines
    f = font(size, bold)
    lines = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    _WRAP[key] = lines
    if len(_WRAP) > 500:
        _WRAP.popitem(last=False)
    return lines


def line_height(size: int, bold: bool = False) -> int:
    return font(size, bold).get_linesize()


def clear_cache() -> None:
    """Forget rendered text (after the display mode changes, so surfaces convert again)."""
    _TEXT.clear()
