"""One frame of the table being drawn: the surface, the palette, where the labels lie, and what
the frame drew.

Labels cannot overlap: each frame starts a ``LabelBoard`` holding what lies in fixed places (the
buttons, the title, the key hints, the piles, the countdown ring), and every table label takes
the nearest free spot inside the screen through ``Canvas.fit``. ``Canvas`` also keeps what the
frame drew, for tests and for nothing else (the table never reads it back): the card faces shown
(``faces``), where each layer of labels starts in ``text.DRAWN`` (``layers``), the guide's panel
and arrows. Drawing changes no state of the table; all it leaves behind is this record.
"""

from __future__ import annotations

import functools
from typing import Any, Sequence

import pygame

from game.client.ui import text as T
from game.client.ui import theme as TH


class LabelBoard:
    """Where the table's labels lie this frame, so none lands on another or off the screen.

    Fixed things are reserved first (buttons, the title, the key hints, the piles); every other
    label asks ``fit`` for its box: the box is kept inside the screen and, if it would cover a
    label already placed, moved by small steps in the preferred directions to the nearest free
    spot. A variant draws its own labels through ``Hud.fit_label`` too."""

    STEP = 4
    EDGE = 6   # a label keeps this far from the window's edge (a plate sat flush on it at 1000x620)

    def __init__(self, screen: pygame.Rect, cards: Sequence[pygame.Rect] = ()):
        self.screen = pygame.Rect(screen).inflate(-2 * self.EDGE, -2 * self.EDGE)
        self.taken: list[pygame.Rect] = []
        # Where the cards lie this frame: a label keeps off them too where it can (a card drawn
        # after it would hide its words), else off the labels alone.
        self.cards = list(cards)

    def reserve(self, rect: pygame.Rect) -> None:
        self.taken.append(pygame.Rect(rect))

    def free(self, rect: pygame.Rect, avoid: Sequence[pygame.Rect] = ()) -> bool:
        r = rect.inflate(2, 2)
        return self.screen.contains(rect) and r.collidelist(self.taken) < 0 and r.collidelist(avoid) < 0

    def fit(self, rect: pygame.Rect, prefer: tuple[str, ...] = ("down", "up", "right", "left"),
            off_cards: bool = True) -> pygame.Rect:
        r = pygame.Rect(rect).clamp(self.screen)
        spot = self.find(r, prefer, self.cards) if off_cards and self.cards else None
        if spot is None:
            spot = self.find(r, prefer)
        r = spot if spot is not None else r
        self.reserve(r)
        return r

    def find(self, rect: pygame.Rect, prefer: tuple[str, ...], avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
        """The free spot nearest `rect` (kept off `avoid` too), within reach; None if there is
        none. Nothing is reserved."""
        r = pygame.Rect(rect).clamp(self.screen)
        if self.free(r, avoid):
            return r
        ways = {"down": (0, 1), "up": (0, -1), "right": (1, 0), "left": (-1, 0)}
        for step in range(1, 60):
            for way in prefer:
                dx, dy = ways[way]
                c = r.move(dx * step * self.STEP, dy * step * self.STEP)
                if self.free(c, avoid):
                    return c
        return None

    def find_near(self, rect: pygame.Rect, avoid: Sequence[pygame.Rect] = (), far: bool = False) -> pygame.Rect | None:
        """The free spot nearest `rect` in any direction (up first between equals), kept off
        `avoid` too, within 240 px (`far`: 640 px, on a coarser grid); None if there is none.
        Nothing is reserved."""
        r = pygame.Rect(rect).clamp(self.screen)
        for dx, dy in (_offsets(640, 16) if far else _offsets(240, 8)):
            c = r.move(dx, dy)
            if self.free(c, avoid):
                return c
        return None


@functools.cache   # (worked out when first needed, not at start-up: 7 ms for both)
def _offsets(reach: int, step: int) -> list[tuple[int, int]]:
    """Every move within `reach` px on a `step` px grid, nearest first (upwards first between equals)."""
    return sorted(((dx, dy) for dx in range(-reach, reach + 1, step) for dy in range(-reach, reach + 1, step)
                   if dx * dx + dy * dy <= reach * reach), key=lambda d: (d[0] * d[0] + d[1] * d[1], d[1], abs(d[0])))


class Canvas:
    """A frame in the drawing: ``surface``, ``pal``, the label ``board``, and the frame's record."""

    def __init__(self, surface: pygame.Surface, pal: TH.Palette, board: LabelBoard):
        self.surface = surface
        self.pal = pal
        self.board = board
        self.faces: list[tuple] = []                 # (place, card, show_to) of each face drawn
        self.layers: list[tuple[int, str]] = []      # (index in text.DRAWN, layer name)
        self.guide_panel: pygame.Rect | None = None
        self.guide_arrows: list[tuple[pygame.Vector2, pygame.Vector2]] = []   # (start, end), as drawn
        self.notes: dict[str, Any] = {}              # what one drawing step placed for a later one (the plates)

    def layer(self, name: str) -> None:
        """Labels drawn from here on lie on ``name``: "table" labels must never overlap one another
        or leave the screen; an overlay's ("results", "picker", "history", "buttons") lie over the
        table; "floating" texts rise across it on purpose. The layout test reads these marks."""
        self.layers.append((len(T.DRAWN), name))

    def fit(self, rect: pygame.Rect, prefer: tuple[str, ...] | None = None, on_card: bool = False) -> pygame.Rect:
        """The free spot nearest ``rect`` for a table label this frame, off the cards too where it
        can be (see LabelBoard), unless it marks a card (`on_card`: a badge on its corner)."""
        if prefer:
            return self.board.fit(rect, prefer, off_cards=not on_card)
        return self.board.fit(rect, off_cards=not on_card)

    def layer_texts(self, name: str) -> list[pygame.Rect]:
        """Where this frame's labels of layer `name` were written so far (a results panel's words,
        which the table's label board does not hold)."""
        marks = list(self.layers) + [(len(T.DRAWN), "")]
        return [pygame.Rect(rect) for (start, layer), (end, _) in zip(marks, marks[1:]) if layer == name
                for _, rect in T.DRAWN[start:end]]


class Memo:
    """Layout searches a drawing worked out (a spot for the prompt, for a message), kept for the
    next frames while the table lies still: the same answer for the same question, so drawing
    stays a function of the table's state (the state test leaves memos out)."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Any, Any]] = {}

    def get(self, name: str, key: Any) -> Any:
        kept = self._kept.get(name)
        return kept[1] if kept is not None and kept[0] == key else None

    def last(self, name: str) -> tuple[Any, Any] | None:
        """The last (question, answer) kept under `name`, whatever was asked since."""
        return self._kept.get(name)

    def put(self, name: str, key: Any, value: Any) -> Any:
        self._kept[name] = (key, value)
        return value
