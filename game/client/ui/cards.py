"""Card faces and backs, drawn with pygame.draw and cached.

    render_card(face, (w, h), palette) -> Surface (per-pixel alpha, rounded corners)

``face`` is None for a face-down back, else a dict with ``rank`` and ``suit``:

* numbered cards (Kombio): ``{"rank": -1..14}`` (suit None or "kombio"); the colour follows the
  value band of the palette; an optional ``"caption"`` (e.g. "LOOK") is printed at the bottom;
* standard cards: suit "hearts" / "diamonds" / "clubs" / "spades", rank "A", "2".."10", "J",
  "Q", "K"; a joker is ``{"rank": "JOKER", "suit": "joker", "colour": "red"|"black"}``;
* UNO cards: suit "red" / "yellow" / "green" / "blue" / "wild", rank 0..9, "skip", "reverse",
  "draw2", "wild", "wild4".

The same (face, size, palette) returns the same Surface object: never draw on it.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pygame

from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.theme import Palette

STANDARD_SUITS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
UNO_COLOURS = ("red", "yellow", "green", "blue", "wild")
_CACHE: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_LIMIT = 600


def _key(face: dict | None, size: tuple[int, int], palette: Palette) -> tuple:
    if face is None:
        return (None, tuple(size), palette.name)
    try:                                      # (every card drawn, every frame: the quick way first)
        items = tuple(sorted(face.items()))
        hash(items)
    except TypeError:
        items = tuple(sorted((str(k), v if isinstance(v, (int, float, str, type(None))) else repr(v))
                             for k, v in face.items()))
    return (items, tuple(size), palette.name)


def render_card(face: dict | None, size: tuple[int, int], palette: Palette = TH.STANDARD) -> pygame.Surface:
    key = _key(face, size, palette)
    surf = _CACHE.get(key)
    if surf is not None:
        _CACHE.move_to_end(key)
        return surf
    w, h = int(size[0]), int(size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    if face is None:
        _draw_back(surf, palette)
    else:
        suit = face.get("suit")
        if suit in STANDARD_SUITS or suit == "joker":
            _draw_standard(surf, face, palette)
        elif suit in UNO_COLOURS:
            _draw_uno(surf, face, palette)
        else:
            _draw_number(surf, face, palette)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    _CACHE[key] = surf
    if len(_CACHE) > _LIMIT:
        _CACHE.popitem(last=False)
    return surf


def clear_cache() -> None:
    _CACHE.clear()


def _radius(w: int) -> int:
    return max(3, w // 11)


def _base(surf: pygame.Surface, fill, edge=(30, 30, 30)) -> pygame.Rect:
    rect = surf.get_rect()
    r = _radius(rect.w)
    pygame.draw.rect(surf, fill, rect, border_radius=r)
    pygame.draw.rect(surf, edge, rect, max(1, rect.w // 70), border_radius=r)
    return rect


def _draw_back(surf: pygame.Surface, pal: Palette) -> None:
    rect = _base(surf, (246, 242, 232), pal.card_edge)
    inner = rect.inflate(-max(6, rect.w // 9), -max(6, rect.w // 9))
    r = _radius(inner.w)
    pygame.draw.rect(surf, pal.card_back, inner, border_radius=r)
    # diamond lattice, clipped to the inner panel
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(8, inner.w // 6)
    colour = (*pal.card_back_pattern, 255)
    for x in range(-inner.h, inner.w + inner.h, step):
        pygame.draw.line(lattice, colour, (x, 0), (x + inner.h, inner.h), max(1, inner.w // 60))
        pygame.draw.line(lattice, colour, (x + inner.h, 0), (x, inner.h), max(1, inner.w // 60))
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
    lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(lattice, inner.topleft)
    pygame.draw.rect(surf, TH.lighten(pal.card_back_pattern, 0.4), inner, max(1, inner.w // 40), border_radius=r)
    # emblem: a small gold diamond with a C
    cx, cy = inner.center
    d = max(8, inner.w // 4)
    pygame.draw.polygon(surf, pal.card_back, [(cx, cy - d - 3), (cx + d + 3, cy), (cx, cy + d + 3), (cx - d - 3, cy)])
    pygame.draw.polygon(surf, (232, 187, 72), [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
    f = max(8, d)
    glyph = T.font(f, True).render("C", True, pal.card_back)
    surf.blit(glyph, glyph.get_rect(center=(cx, cy + 1)))


_TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def ambiguous(label: str) -> bool:
    """Does the label read as another number upside down (6 / 9, 16 / 91, 68 / 89)? Such an index
    is underlined, as real cards do, so a card seen from across the table is never misread."""
    if not label or any(ch not in _TURNED for ch in label):
        return False
    turned = "".join(_TURNED[ch] for ch in reversed(label))
    return turned != label and not (len(turned) > 1 and turned.startswith("0"))


def _underline(surf: pygame.Surface, glyph: pygame.Rect, colour, outline=None) -> None:
    """A bar under an index's glyph box (its ink sits a little above the box's bottom)."""
    t = max(1, glyph.h // 14)
    bar = pygame.Rect(0, 0, max(4, int(glyph.w * 0.8)), t)
    bar.midbottom = (glyph.centerx, glyph.bottom - max(0, glyph.h // 14))
    if outline is not None:
        pygame.draw.rect(surf, outline, bar.inflate(2, 2))
    pygame.draw.rect(surf, colour, bar)


def _corner(surf: pygame.Surface, glyph: pygame.Surface, label: str, ink, topleft, bottomright) -> None:
    """An index in the top-left corner and again, turned, in the bottom-right one; underlined
    when it reads as another number upside down."""
    if ambiguous(label):
        glyph = glyph.copy()
        _underline(glyph, glyph.get_rect(), ink)
    surf.blit(glyph, topleft)
    flipped = pygame.transform.rotate(glyph, 180)
    surf.blit(flipped, flipped.get_rect(bottomright=bottomright))


def _outlined(surf: pygame.Surface, s: str, size: int, fg, outline, center, bold=True, width: int = 2) -> pygame.Rect:
    f = T.font(size, bold)
    base = f.render(s, True, outline)
    r = base.get_rect(center=center)
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if dx or dy:
                surf.blit(base, r.move(dx, dy))
    surf.blit(f.render(s, True, fg), r)
    if ambiguous(s):
        _underline(surf, r, fg, outline)
    return r


def _number_label(value: Any) -> str:
    return f"−{abs(value)}" if isinstance(value, int) and value < 0 else str(value)


def _draw_number(surf: pygame.Surface, face: dict, pal: Palette) -> None:
    value = face.get("rank")
    rect = _base(surf, pal.card_face, pal.card_edge)
    w, h = rect.size
    band = pal.band_colour(int(value)) if isinstance(value, int) else (120, 120, 120)
    inner = rect.inflate(-max(6, w // 8), -max(6, w // 8))
    pygame.draw.rect(surf, band, inner, border_radius=_radius(inner.w))
    # a soft lighter oval behind the number
    oval = pygame.Rect(0, 0, int(inner.w * 0.86), int(inner.h * 0.56))
    oval.center = (inner.centerx, inner.centery - (h // 20 if face.get("caption") else 0))
    pygame.draw.ellipse(surf, TH.lighten(band, 0.28), oval)
    label = _number_label(value)
    dark = TH.darken(band, 0.55)
    light_band = (0.299 * band[0] + 0.587 * band[1] + 0.114 * band[2]) > 190
    ink, outline = ((40, 34, 10), (255, 255, 255)) if light_band else ((255, 255, 255), dark)
    big = max(10, int(h * (0.40 if len(label) < 2 else 0.31)))
    _outlined(surf, label, big, ink, outline, oval.center, width=max(1, h // 60))
    small = max(8, int(h * 0.13))
    corner = T.font(small, True).render(label, True, ink)
    _corner(surf, corner, label, ink, (inner.x + max(3, w // 24), inner.y + max(2, h // 50)),
            (inner.right - max(3, w // 24), inner.bottom - max(2, h // 50)))
    caption = face.get("caption")
    if caption:
        cs = max(7, int(h * 0.085))
        c = T.font(cs, True).render(str(caption), True, (255, 255, 255))
        if c.get_width() > inner.w - 8:
            c = pygame.transform.smoothscale(c, (inner.w - 8, c.get_height()))
        cr = c.get_rect(midbottom=(inner.centerx, inner.bottom - max(3, h // 10)))
        pygame.draw.rect(surf, dark, cr.inflate(8, 2), border_radius=4)
        surf.blit(c, cr)
    if pal.markers and isinstance(value, int):
        # dots in the top-right corner: one per band, so colour is never the only cue
        n = pal.band_index(value) + 1
        rdot = max(2, w // 30)
        for i in range(n):
            pygame.draw.circle(surf, (255, 255, 255), (inner.right - rdot * 2 - i * rdot * 3, inner.y + rdot * 2 + 1), rdot)
            pygame.draw.circle(surf, dark, (inner.right - rdot * 2 - i * rdot * 3, inner.y + rdot * 2 + 1), rdot, 1)


def _draw_standard(surf: pygame.Surface, face: dict, pal: Palette) -> None:
    rect = _base(surf, pal.card_face, pal.card_edge)
    w, h = rect.size
    suit = face.get("suit")
    rank = str(face.get("rank", ""))
    if suit == "joker":
        colour = pal.suits["hearts"] if face.get("colour", "red") == "red" else pal.suits["spades"]
        star_size = int(h * 0.42)
        _outlined(surf, "★", star_size, colour, TH.darken(colour, 0.4), rect.center, bold=False, width=1)
        small = max(7, int(h * 0.1))
        y = rect.y + max(3, h // 30)
        for ch in "JOKER":
            g = T.font(small, True).render(ch, True, colour)
            surf.blit(g, g.get_rect(midtop=(rect.x + max(8, w // 8), y)))
            y += g.get_height() - 2
        return
    colour = pal.suits.get(suit, (0, 0, 0))
    symbol = STANDARD_SUITS[suit]
    small = max(8, int(h * 0.15))
    pad = max(3, w // 18)
    r1 = T.font(small, True).render(rank, True, colour)
    if ambiguous(rank):
        r1 = r1.copy()
        _underline(r1, r1.get_rect(), colour)
    s1 = T.font(int(small * 0.9), False).render(symbol, True, colour)
    corner = pygame.Surface((max(r1.get_width(), s1.get_width()), r1.get_height() + s1.get_height() - 4), pygame.SRCALPHA)
    corner.blit(r1, r1.get_rect(midtop=(corner.get_width() // 2, 0)))
    corner.blit(s1, s1.get_rect(midtop=(corner.get_width() // 2, r1.get_height() - 4)))
    surf.blit(corner, (pad, pad))
    flipped = pygame.transform.rotate(corner, 180)
    surf.blit(flipped, flipped.get_rect(bottomright=(w - pad, h - pad)))
    if rank in ("J", "Q", "K"):
        frame = rect.inflate(-w * 0.42, -h * 0.36)
        pygame.draw.rect(surf, TH.lighten(colour, 0.8), frame, border_radius=4)
        pygame.draw.rect(surf, colour, frame, max(1, w // 50), border_radius=4)
        _outlined(surf, rank, int(h * 0.3), colour, (255, 255, 255), frame.center, width=1)
    else:
        big = T.font(int(h * 0.42), False).render(symbol, True, colour)
        surf.blit(big, big.get_rect(center=rect.center))
    if pal.markers:
        # four-colour deck already separates suits; add nothing else
        pass


_UNO_LABEL = {"skip": "⊘", "reverse": "⇄", "draw2": "+2", "wild": "W", "wild4": "+4"}


def _draw_uno(surf: pygame.Surface, face: dict, pal: Palette) -> None:
    suit = face.get("suit")
    colour = pal.uno[suit]
    rect = _base(surf, (250, 250, 250), pal.card_edge)
    w, h = rect.size
    inner = rect.inflate(-max(6, w // 9), -max(6, w // 9))
    pygame.draw.rect(surf, colour, inner, border_radius=_radius(inner.w))
    oval = pygame.Surface((int(inner.w * 0.9), int(inner.h * 0.62)), pygame.SRCALPHA)
    rank = face.get("rank")
    if suit == "wild":
        o = oval.get_rect()
        quads = [pal.uno["red"], pal.uno["blue"], pal.uno["yellow"], pal.uno["green"]]
        pygame.draw.ellipse(oval, (255, 255, 255), o)
        for i, q in enumerate(quads):
            part = pygame.Surface(o.size, pygame.SRCALPHA)
            pygame.draw.ellipse(part, q, o.inflate(-8, -8))
            clip = pygame.Rect((i % 2) * o.w // 2, (i // 2) * o.h // 2, o.w // 2, o.h // 2)
            oval.blit(part, clip.topleft, clip)
    else:
        pygame.draw.ellipse(oval, (255, 255, 255), oval.get_rect())
    oval = pygame.transform.rotate(oval, 28)
    surf.blit(oval, oval.get_rect(center=inner.center))
    label = _UNO_LABEL.get(str(rank), str(rank))
    ink = colour if suit != "wild" else (255, 255, 255)
    outline = TH.darken(colour, 0.5) if suit != "wild" else (20, 20, 20)
    _outlined(surf, label, int(h * (0.36 if len(label) == 1 else 0.28)), ink, outline, inner.center, width=max(1, h // 60))
    small = max(8, int(h * 0.13))
    c = T.font(small, True).render(label, True, (255, 255, 255))
    _corner(surf, c, label, (255, 255, 255), (inner.x + 4, inner.y + 2), (inner.right - 4, inner.bottom - 2))
    if pal.markers and suit != "wild":
        letter = suit[0].upper()
        m = T.font(max(8, int(h * 0.11)), True).render(letter, True, (20, 20, 20))
        box = m.get_rect(topright=(inner.right - 4, inner.y + 4)).inflate(6, 2)
        pygame.draw.rect(surf, (255, 255, 255), box, border_radius=3)
        surf.blit(m, m.get_rect(center=box.center))
