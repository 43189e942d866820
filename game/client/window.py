"""The desktop the window opens on and the window sizes that fit it: asked by the app when it
opens or resizes its window, and by Settings for the sizes it offers (so Settings need not import
the app that opens it)."""

from __future__ import annotations

import pygame

from game.client.storage import WINDOW_SIZES
from game.resources import asset_path

_ICON: list[pygame.Surface | None] = []


def desktop_size() -> tuple[int, int] | None:
    """The size of the desktop the window opens on (the first display: SDL centres it there), or
    None where there is none to fit (the dummy and offscreen drivers of tests and the smoke test)."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (int(sizes[0][0]), int(sizes[0][1])) if sizes else None


def fits(size: tuple[int, int], desktop: tuple[int, int] | None) -> bool:
    return desktop is None or (size[0] <= desktop[0] and size[1] <= desktop[1])


def window_sizes(desktop: tuple[int, int] | None) -> list[tuple[int, int]]:
    """The window sizes Settings offers: those that fit the desktop (the smallest if none does)."""
    return [s for s in WINDOW_SIZES if fits(s, desktop)] or [WINDOW_SIZES[0]]


def icon() -> pygame.Surface | None:
    """The game's icon (assets/icon.png, 256x256), loaded once: the window's icon and the main
    menu's logo are the same picture (it was loaded twice before the menu's first frame)."""
    if not _ICON:
        try:
            _ICON.append(pygame.image.load(str(asset_path("icon.png"))))
        except (pygame.error, FileNotFoundError, OSError):
            _ICON.append(None)
    return _ICON[0]
