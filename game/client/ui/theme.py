"""Colours, sizes and cached background/panel surfaces.

Two palettes: ``STANDARD`` and ``COLOUR_BLIND`` (Okabe-Ito based, with shape/letter markers on
cards so no information is carried by colour alone). ``palette_for(settings)`` picks one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import pygame

RGB = tuple[int, int, int]

# Type sizes
TITLE = 64
H1 = 38
H2 = 26
BODY = 20
SMALL = 15
TINY = 13

ROW_H = 46           # a menu/option row
RADIUS = 10


# A palette is told by its name (the caches key on palette.name, the two palettes are constants),
# so it has no generated __eq__ and __hash__ of its 27 fields: with them, making the class took
# 1.9 ms of the menu's first frame, without them 1.2 ms. (The dataclasses on that path have
# docstrings: dataclasses writes a missing one from the class's signature through inspect.)
@dataclass(frozen=True, eq=False)
class Palette:
    """The colours every screen draws with."""

    name: str
    felt: RGB = (18, 78, 52)
    felt_dark: RGB = (8, 40, 27)
    felt_light: RGB = (30, 104, 70)
    panel: tuple[int, int, int, int] = (6, 28, 20, 200)
    panel_border: RGB = (64, 120, 92)
    text: RGB = (240, 234, 214)
    text_dim: RGB = (168, 186, 170)
    accent: RGB = (232, 187, 72)          # gold: focus, primary buttons
    accent_text: RGB = (34, 26, 6)
    good: RGB = (96, 200, 120)
    bad: RGB = (230, 92, 80)
    info: RGB = (120, 180, 240)
    button: RGB = (22, 62, 46)
    button_hover: RGB = (34, 90, 66)
    button_border: RGB = (70, 128, 100)
    disabled: RGB = (90, 110, 100)
    card_face: RGB = (250, 247, 238)
    card_edge: RGB = (40, 40, 40)
    card_back: RGB = (128, 28, 36)
    card_back_pattern: RGB = (176, 64, 62)
    # Kombio-style numbered cards: (low, high, colour) bands
    value_bands: tuple[tuple[int, int, RGB], ...] = (
        (-1, 0, (36, 104, 176)),
        (1, 4, (58, 146, 78)),
        (5, 8, (222, 164, 36)),
        (9, 12, (206, 84, 48)),
        (13, 14, (128, 64, 160)),
    )
    suits: dict = field(default_factory=lambda: {
        "hearts": (200, 30, 40), "diamonds": (200, 30, 40),
        "clubs": (25, 25, 25), "spades": (25, 25, 25), "joker": (120, 40, 160)})
    uno: dict = field(default_factory=lambda: {
        "red": (214, 48, 49), "yellow": (240, 196, 25), "green": (46, 160, 67),
        "blue": (24, 104, 196), "wild": (30, 30, 30)})
    seats: tuple[RGB, ...] = ((232, 187, 72), (120, 180, 240), (230, 92, 80), (150, 220, 130),
                              (210, 140, 230), (240, 150, 80))
    markers: bool = False                 # draw shape/letter markers in addition to colour

    def band_colour(self, value: int) -> RGB:
        for low, high, colour in self.value_bands:
            if low <= value <= high:
                return colour
        return self.value_bands[-1][2] if value > 0 else self.value_bands[0][2]

    def band_index(self, value: int) -> int:
        for i, (low, high, _) in enumerate(self.value_bands):
            if low <= value <= high:
                return i
        return len(self.value_bands) - 1 if value > 0 else 0

    def seat_colour(self, seat: int) -> RGB:
        return self.seats[seat % len(self.seats)]


STANDARD = Palette("standard")

COLOUR_BLIND = Palette(
    "colour-blind",
    accent=(240, 228, 66),
    good=(86, 180, 233),
    bad=(213, 94, 0),
    info=(86, 180, 233),
    card_back=(0, 84, 140),
    card_back_pattern=(60, 140, 200),
    value_bands=(
        (-1, 0, (0, 114, 178)),
        (1, 4, (86, 180, 233)),
        (5, 8, (240, 228, 66)),
        (9, 12, (213, 94, 0)),
        (13, 14, (204, 121, 167)),
    ),
    suits={"hearts": (213, 94, 0), "diamonds": (0, 114, 178), "clubs": (0, 130, 90),
           "spades": (20, 20, 20), "joker": (204, 121, 167)},
    uno={"red": (213, 94, 0), "yellow": (240, 228, 66), "green": (0, 158, 115),
         "blue": (0, 114, 178), "wild": (30, 30, 30)},
    seats=((240, 228, 66), (86, 180, 233), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 230, 230)),
    markers=True,
)


def palette_for(settings) -> Palette:
    return COLOUR_BLIND if getattr(settings, "colour_blind", False) else STANDARD


def lighten(c: RGB, amount: float) -> RGB:
    return tuple(min(255, int(v + (255 - v) * amount)) for v in c[:3])  # type: ignore[return-value]


def darken(c: RGB, amount: float) -> RGB:
    return tuple(max(0, int(v * (1 - amount))) for v in c[:3])  # type: ignore[return-value]


_BG: dict[tuple, pygame.Surface] = {}
_PANELS: dict[tuple, pygame.Surface] = {}


def felt_background(size: tuple[int, int], palette: Palette) -> pygame.Surface:
    """A dark green felt with a soft centre light and vignette, cached per size and palette (and,
    for the first felt of a run, in a file: keep_felts_in)."""
    key = (tuple(size), palette.name)
    surf = _BG.get(key)
    if surf is not None:
        return surf
    w, h = max(1, size[0]), max(1, size[1])
    surf = _felt_from_file(w, h, palette)
    if surf is None:
        surf = pygame.transform.smoothscale(_felt_light(palette), (w, h))
        noise = _fibre_noise()
        for ty in range(0, h, 128):
            for tx in range(0, w, 128):
                surf.blit(noise, (tx, ty))
        window = pygame.display.get_surface()
        if window is not None:
            # (The light is made in the window's format when there is a window: no copy then.)
            if (surf.get_bitsize(), surf.get_masks()) != (window.get_bitsize(), window.get_masks()):
                surf = surf.convert()
            _felt_to_file(surf, palette)
    if len(_BG) > 8:
        _BG.clear()
    _BG[key] = surf
    return surf


# -- the felt kept in a file ------------------------------------------------------------------------
# Drawing the felt took 9 to 12 ms of the main menu's first frame in a fresh process (its light
# scaled up, the fibre noise, a copy into the window's format), reading its pixels back from a
# file 2.5 to 3.5 ms (benchmarks/bench_startup.py). The first felt of a run (the one the first
# frame shows, at the window's size) is read from the cache folder the app names, or drawn and
# written there; the felts of later sizes in the run (a resized window) are only drawn, so
# dragging a window's edge writes nothing. FELT_DRAWING changes with the drawing: a file drawn
# otherwise is never read (its name says the game's version, the drawing and the pixel format).
FELT_DRAWING = 1
FELT_FILES_KEPT = 3          # the newest felt files; older ones (other sizes, versions) are removed
_FELT_FILES: dict[str, Path | None] = {"folder": None}   # None once the run's first felt is made


def keep_felts_in(folder: Path | str | None) -> None:
    """Read the first felt of this run from `folder`, or write it there once drawn (None: draw
    every felt)."""
    _FELT_FILES["folder"] = None if folder is None else Path(folder)


def _felt_file(surf: pygame.Surface, palette: Palette) -> Path:
    folder = _FELT_FILES["folder"]
    assert folder is not None
    from game.about import version

    w, h = surf.get_size()
    pixels = "-".join([str(surf.get_bitsize()), str(surf.get_pitch())] + [f"{m:x}" for m in surf.get_masks()])
    return folder / f"felt-{w}x{h}-{palette.name}-{version()}-{FELT_DRAWING}-{pixels}.pixels"


def _felt_from_file(w: int, h: int, palette: Palette) -> pygame.Surface | None:
    """The felt's pixels read straight into a surface of the window's format, or None (no file
    of that name and length, not the run's first felt, no window)."""
    if _FELT_FILES["folder"] is None or pygame.display.get_surface() is None:
        return None
    surf = pygame.Surface((w, h))
    try:
        with open(_felt_file(surf, palette), "rb", buffering=0) as handle:
            if os.fstat(handle.fileno()).st_size != surf.get_pitch() * h or \
                    handle.readinto(surf.get_view("1")) != surf.get_pitch() * h:
                return None
    except (OSError, ValueError, pygame.error):
        return None
    _FELT_FILES["folder"] = None            # one felt a run goes through the file
    return surf


def _felt_to_file(surf: pygame.Surface, palette: Palette) -> None:
    """Write the run's first felt (drawn, in the window's format) for the next start: a temporary
    file renamed into place, so a killed write leaves no half felt; a cache, so no fsync. A
    folder that cannot be written costs the next start the drawing, nothing else."""
    if _FELT_FILES["folder"] is None:
        return
    path = _felt_file(surf, palette)
    _FELT_FILES["folder"] = None
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as handle:
            handle.write(surf.get_view("1"))          # (the pixels as they lie: no copy of them first)
        os.replace(tmp, path)
        kept = sorted(path.parent.glob("felt-*.pixels"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in kept[FELT_FILES_KEPT:]:
            old.unlink()
    except (OSError, pygame.error):
        try:
            tmp.unlink()
        except OSError:
            pass


def _felt_light(palette: Palette) -> pygame.Surface:
    """The felt's light at 64x36: the palette's light colour at the centre fading to its dark one
    at the edge (then scaled up). The light is symmetric, so each value is worked out once per
    quarter and mirrored: the first frame of the menu waits for this."""
    rows = []
    for y in range(18):
        dy = (y - 17.5) / 18
        half = []
        for x in range(32):
            dx = (x - 31.5) / 32
            t = min(1.0, (dx * dx + dy * dy) ** 0.5) ** 1.6
            half.append(bytes(int(a + (b - a) * t) for a, b in zip(palette.felt_light, palette.felt_dark)))
        rows.append(b"".join(half + half[::-1]))
    small = pygame.Surface((64, 36))
    small.blit(pygame.image.frombuffer(b"".join(rows + rows[::-1]), (64, 36), "RGB"), (0, 0))
    return small


_NOISE: list[pygame.Surface] = []


def _fibre_noise() -> pygame.Surface:
    """Fine fibre noise, a 128x128 tile of faint grey specks, deterministic (made once)."""
    if not _NOISE:
        import random

        # The draws random.Random(7).randint(0, 255), .randrange(128), .randrange(128) make for
        # each speck, without the per-call checks of randint and randrange (the same numbers).
        bits = random.Random(7).getrandbits

        def below(n: int, k: int) -> int:
            r = bits(k)
            while r >= n:
                r = bits(k)
            return r

        noise = pygame.Surface((128, 128), pygame.SRCALPHA)
        put = noise.set_at
        for _ in range(1400):
            v = below(256, 9)
            put((below(128, 8), below(128, 8)), (v, v, v, 10))
        _NOISE.append(noise)
    return _NOISE[0]


def panel(size: tuple[int, int], fill=(6, 28, 20, 200), border: RGB | None = None, radius: int = RADIUS,
          border_width: int = 2) -> pygame.Surface:
    """A translucent rounded panel, cached by its look and size."""
    key = (tuple(size), tuple(fill), tuple(border) if border else None, radius, border_width)
    surf = _PANELS.get(key)
    if surf is None:
        surf = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, fill, rect, border_radius=radius)
        if border:
            pygame.draw.rect(surf, border, rect, border_width, border_radius=radius)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        if len(_PANELS) > 200:
            _PANELS.clear()
        _PANELS[key] = surf
    return surf


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, palette: Palette, border: bool = True,
               fill=None) -> None:
    surface.blit(panel(rect.size, fill or palette.panel, palette.panel_border if border else None), rect.topleft)


def clear_cache() -> None:
    _BG.clear()
    _PANELS.clear()
