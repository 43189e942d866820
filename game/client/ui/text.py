"""Fonts and cached text surfaces.

Rendering text is the most expensive thing a pygame frame usually does, so every rendered string
is cached by (text, size, colour, bold) and reused; draw code calls ``text(...)`` or
``blit_text(...)`` every frame without allocating. The bundled DejaVu Sans is used (pygame's
default font as a fallback).

``DRAWN`` records (text, rect) of every ``blit_text`` call in the current frame; the app clears it
at the start of each frame. Tests read it to assert on what was on screen.

This is the one place text reaches the renderer, so it is where text is made safe to draw:
`clean` clips a string to TEXT_MAX characters and replaces control characters, NUL and lone
surrogates (SDL_ttf crashes or fails on a megabyte line, a NUL ends its string, a surrogate cannot
be encoded); `number` bounds a number's width. Names and numbers come from files and records, so
every string drawn goes through `clean` here, whoever passes it.
"""

from __future__ import annotations

import math
import unicodedata
from collections import OrderedDict

import pygame

from game.resources import asset_path

_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}
_TEXT: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_WRAP: "OrderedDict[tuple, list[str]]" = OrderedDict()
_TEXT_LIMIT = 3000
_SCALE = 1.0               # the player's text size setting: every font is this much larger


def set_scale(scale: float) -> None:
    """Scale every font (Settings → Text size); cached fonts and text are dropped."""
    global _SCALE
    scale = max(0.5, min(2.0, float(scale)))
    if scale != _SCALE:
        _SCALE = scale
        _FONTS.clear()
        _TEXT.clear()
        _WRAP.clear()


def scale() -> float:
    return _SCALE
TEXT_MAX = 200          # characters in one drawn line (a paragraph to wrap may hold WRAP_MAX)
WRAP_MAX = 20_000
NUMBER_MAX = 10 ** 9    # numbers beyond this are drawn as "≥ 10^9"
DRAWN: list[tuple[str, pygame.Rect]] = []


def clean(s: object, most: int = TEXT_MAX, newlines: bool = False) -> str:
    """`s` as a string that is safe to render: at most `most` characters (an ellipsis marks a
    cut), control characters as spaces (newlines kept if `newlines`), NUL dropped, lone
    surrogates and other unencodable characters as U+FFFD."""
    if not isinstance(s, str):
        s = number(s) if isinstance(s, (int, float)) and not isinstance(s, bool) else str(s)
    if len(s) > most:
        s = s[: most - 1] + "…"
    if s.isprintable():
        return s
    out = []
    for ch in s:
        cat = unicodedata.category(ch)
        if ch == "\x00":
            continue
        if ch == "\n" and newlines:
            out.append(ch)
        elif cat == "Cc":
            out.append(" ")
        elif cat == "Cs":
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def number(value: object, digits: int = 1) -> str:
    """A number for display, bounded in width: whole numbers as they are up to NUMBER_MAX,
    floats with `digits` decimals, anything larger (or not finite) as a short marker."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return clean(str(value))
    if isinstance(value, float) and not math.isfinite(value):
        return "–"
    if abs(value) >= NUMBER_MAX:
        return "≥ 10^9" if value > 0 else "≤ -10^9"
    return str(value) if isinstance(value, int) else f"{value:.{digits}f}"


def font_path(bold: bool = False):
    return asset_path("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (int(size), bool(bold))
    f = _FONTS.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = font_path(bold)
        px = max(6, round(key[0] * _SCALE))
        try:
            f = pygame.font.Font(str(path), px)
        except (OSError, FileNotFoundError, pygame.error):
            f = pygame.font.Font(None, int(px * 1.3))
            f.set_bold(bold)
        _FONTS[key] = f
    return f


def text(s: str, size: int, color, bold: bool = False) -> pygame.Surface:
    """The rendered (antialiased, transparent) surface of a string, from the cache."""
    if s.__class__ is not str:
        s = str(s)                       # a lazy string (game.i18n._l), in the language of now
    key = (s, int(size), tuple(color), bool(bold))
    surf = _TEXT.get(key)
    if surf is None:
        safe = clean(s)
        try:
            surf = font(size, bold).render(safe, True, color)
        except (pygame.error, ValueError):       # a glyph or size SDL_ttf refuses: draw what it can
            surf = font(size, bold).render(safe.encode("ascii", "replace").decode("ascii"), True, color)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _TEXT[key] = surf
        if len(_TEXT) > _TEXT_LIMIT:
            _TEXT.popitem(last=False)    # the oldest made (a hit is not moved up: a table asks ~100 a frame)
    return surf


def blit_text(surface: pygame.Surface, s: str, size: int, color, pos, anchor: str = "topleft",
              bold: bool = False) -> pygame.Rect:
    """Blit cached text with ``pos`` at the given rect anchor ("center", "midleft", ...)."""
    if s.__class__ is not str:
        s = str(s)
    surf = text(s, size, color, bold)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    DRAWN.append((clean(s), rect))
    return rect


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Word-wrap a paragraph to lines that fit ``width`` pixels (cached)."""
    if s.__class__ is not str:
        s = str(s)
    key = (s, int(size), int(width), bool(bold))
    lines = _WRAP.get(key)
    if lines is not None:
        return lines
    f = font(size, bold)
    lines = []
    for para in clean(s, WRAP_MAX, newlines=True).split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if f.size(clean(trial))[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    _WRAP[key] = lines
    if len(_WRAP) > 500:
        _WRAP.popitem(last=False)
    return lines


def fitting_size(s: str, sizes, width: int, bold: bool = False) -> int:
    """The first of ``sizes`` (largest first) at which ``s`` is at most ``width`` wide, else the
    last: a heading a longer language would run out of its panel takes a smaller type."""
    s = str(s)
    for size in sizes:
        if text(s, size, (0, 0, 0), bold).get_width() <= width:
            return size
    return sizes[-1]


def line_height(size: int, bold: bool = False) -> int:
    return font(size, bold).get_linesize()


def clear_cache() -> None:
    """Forget rendered text (after the display mode changes, so surfaces convert again)."""
    _TEXT.clear()


def forget_fonts() -> None:
    """Forget fonts and rendered text (after pygame.quit(): a later window loads them again)."""
    _FONTS.clear()
    _TEXT.clear()
