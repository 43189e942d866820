"""Scenes: one screen each (menu, setup, table, pause...), kept on the app's stack.

Each frame the app gives the top scene its events (``handle_event``), then ``update(dt)``, then
draws the stack: the top scene and, while it is not ``opaque``, the ones under it (bottom
first). ``draw`` never changes state. Between inputs the app draws only as often as the top
scene's ``next_frame_due`` asks. Time comes only as ``update(dt)``, and only the top scene
gets it: a table under the pause menu, a question or the privacy curtain stands still. A scene
asks the app for another over it by a request (game/client/requests.py), not by importing it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button, Form
from game.i18n import _, _l

# Posted from a network thread when a message arrives: it only wakes a resting app loop (App.run).
# Here, beside the scenes, so a network scene can post it without importing the app that opens it.
WAKE_EVENT = pygame.event.custom_type()


class Scene:
    opaque = True       # False: the scene below is drawn first (overlays: pause menu, dialogs)

    def __init__(self, app: Any):
        self.app = app

    # -- what the scene can reach ----------------------------------------------------------
    @property
    def settings(self):
        return self.app.settings

    @property
    def storage(self):
        return self.app.storage

    @property
    def sound(self):
        return self.app.sound

    @property
    def palette(self) -> TH.Palette:
        return self.app.palette

    # -- lifecycle (the app calls these) -----------------------------------------------------
    def enter(self) -> None:
        """Pushed onto the stack (resize(size) follows at once)."""

    def leave(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again (settings may have changed)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window (or fullscreen) size is now ``size``: lay out again."""

    def shutdown(self) -> None:
        """The app is quitting (window closed): last chance to save."""

    # -- per frame ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    # -- speech (game/client/speech: the Announcer reads these after each frame) ----------------
    def spoken_screen(self) -> list[str]:
        """What speech says on arriving at this screen, before its focused item: the title and
        what the screen shows beside its controls."""
        return []

    def spoken_focus(self):
        """The widget that has the keyboard focus (speech says it, and its value), or None."""
        return None

    def next_frame_due(self) -> float | None:
        """Seconds from now at which this scene, on top, must be drawn again
        though no input came: 0 while something moves, a deadline while it waits (a countdown's
        next tick, a bot's move), None when only input changes what it shows (the app then rests).
        A scene that animates on its own says so here."""
        return None


def draw_hints(surface: pygame.Surface, pal: TH.Palette, hints: list[tuple[str, str]], y: int | None = None) -> None:
    """A key-hint bar at the bottom: [(key, what), ...], e.g. [("Esc", "Back")]."""
    if not hints:
        return
    y = surface.get_height() - 26 if y is None else y
    parts = []
    total = 0
    for key, what in hints:
        k = T.text(key, TH.TINY, pal.text, True)
        wsurf = T.text(what, TH.SMALL, pal.text_dim)
        parts.append((key, what, k, wsurf))
        total += k.get_width() + 12 + 6 + wsurf.get_width() + 26
    x = (surface.get_width() - total + 26) // 2
    for key, what, k, wsurf in parts:
        box = pygame.Rect(x, y - k.get_height() // 2 - 4, k.get_width() + 12, k.get_height() + 8)
        pygame.draw.rect(surface, pal.button, box, border_radius=4)
        pygame.draw.rect(surface, pal.button_border, box, 1, border_radius=4)
        T.blit_text(surface, key, TH.TINY, pal.text, box.center, "center", bold=True)
        x = box.right + 6
        T.blit_text(surface, what, TH.SMALL, pal.text_dim, (x, y), "midleft")
        x += wsurf.get_width() + 26


class MenuScene(Scene):
    """A full-screen menu on the felt: a title, a Form of widgets, a key-hint bar.

    Subclasses build widgets in ``build()`` and place them in ``layout(size)``. Esc calls
    ``back()`` (pop)."""

    title = ""
    subtitle = ""
    hints: list[tuple[str, str]] = [("↑↓", _l("Move")), ("Enter", _l("Select")), ("Esc", _l("Back"))]

    def __init__(self, app: Any):
        super().__init__(app)
        self.form = Form(sound=app.sound.play)
        self.size = app.size
        self.build()

    def build(self) -> None:
        pass

    def layout(self, size: tuple[int, int]) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.layout(size)

    def rebuild(self) -> None:
        self.build()
        self.layout(self.size)

    def back(self) -> None:
        self.app.sound.play("click")
        self.app.pop()

    def spoken_screen(self) -> list[str]:
        return [str(self.title), str(self.subtitle)]

    def spoken_focus(self):
        return self.form.focused

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.form.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(TH.felt_background(surface.get_size(), self.palette), (0, 0))

    def draw_title(self, surface: pygame.Surface, y: int = 56) -> None:
        pal = self.palette
        if self.title:
            # clear of the corner buttons (Back, Done: 174 px wide); a longer language's title smaller
            size = T.fitting_size(self.title, (TH.H1, TH.H2, TH.BODY), surface.get_width() - 2 * 190, True)
            T.blit_text(surface, self.title, size, pal.text, (surface.get_width() // 2, y), "center", bold=True)
        if self.subtitle:
            T.blit_text(surface, self.subtitle, TH.BODY, pal.text_dim, (surface.get_width() // 2, y + 40), "center")

    def draw_content(self, surface: pygame.Surface) -> None:
        """Panels and text between the title and the widgets."""

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface)
        self.draw_content(surface)
        self.form.draw(surface, self.palette)
        draw_hints(surface, self.palette, self.hints)


class VariantList(MenuScene):
    """One card per variant (title, one-line summary, number key); choosing one calls ``choose``.
    The Play and the Rules screens are both this list."""

    empty_text = ""

    def variants_listed(self) -> list:
        raise NotImplementedError

    def choose(self, variant) -> None:
        raise NotImplementedError

    def build(self) -> None:
        self.variants = self.variants_listed()
        self.buttons = [Button(v.title, lambda v=v: self.choose(v), sub=v.summary,
                               shortcut=pygame.K_1 + i if i < 9 else None, hint=str(i + 1) if i < 9 else "")
                        for i, v in enumerate(self.variants)]
        self.back_button = Button(_("Back"), self.back, hint="Esc")
        self.form.set_widgets(self.buttons + [self.back_button], keep_focus=False)
        self.subtitle = "" if self.variants else self.empty_text

    def layout(self, size) -> None:
        w, h = size
        # The list keeps above the Back button: where it does not fit (a small window, the larger
        # text sizes) the cards close up, grow wider, then go in two columns, and last without
        # their summaries. At 960x540, and at 1.3x text in 1280x720, the last card ran under the
        # key hints and Back left the screen.
        room = h - 110 - 20
        wide = min(1200, w - 80)
        narrow = min(760, w - 120)
        for cw, top, gap, summaries, cols in ((narrow, 130, 14, True, 1), (narrow, 110, 8, True, 1),
                                              (wide, 110, 8, True, 1), (wide, 100, 8, True, 2),
                                              (wide, 100, 8, False, 2)):
            for b, v in zip(self.buttons, self.variants):
                b.sub = v.summary if summaries else ""
            col_w = (cw - gap * (cols - 1)) // cols
            rows = [self.buttons[i:i + cols] for i in range(0, len(self.buttons), cols)]
            heights = [max(b.height_for(col_w) for b in row) + 14 for row in rows]
            if top + sum(heights) + gap * (len(rows) - 1) <= room:
                break
        y = top
        for row, bh in zip(rows, heights):
            for k, b in enumerate(row):
                b.rect = pygame.Rect((w - cw) // 2 + k * (col_w + gap), y, col_w, bh)
            y += bh + gap
        self.back_button.rect = pygame.Rect((w - 220) // 2, max(y - gap + 20, h - 110), 220, 44)
