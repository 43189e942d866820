"""The hot-seat privacy curtain: "Pass to <name>", confirmed with a button, Enter or Space.

While it is up, nothing under it is drawn (it is opaque), so no private card can show, and the
table under it stands still (only the top scene is updated). A table asks for it (the app opens
it) before showing a human seat's private view:

    self.app.open(ShowCurtain("Ada", seat=1, on_confirm=self.show_seat_view))
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.client.scene import MenuScene, draw_hints
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button


class Curtain(MenuScene):
    opaque = True
    hints = [("Enter", "I am ready"), ("Esc", "Pause")]

    def __init__(self, app, name: str, on_confirm: Callable[[], None] | None = None,
                 message: str = "", on_pause: Callable[[], None] | None = None, seat: int | None = None):
        self.name = name
        self.seat = seat
        self.message = message or "Everyone else, please look away."
        self.on_confirm = on_confirm
        self.on_pause = on_pause
        super().__init__(app)

    def build(self) -> None:
        self.ready = Button(f"I am {self.name}: show my cards", self.confirm, primary=True, hint="Enter")
        self.form.set_widgets([self.ready], keep_focus=False)

    def layout(self, size) -> None:
        w, h = size
        bw = min(520, w - 80)
        self.ready.rect = pygame.Rect((w - bw) // 2, h // 2 + 70, bw, 56)

    def confirm(self) -> None:
        if self.app.top is self:
            self.app.pop()
        if self.on_confirm:
            self.on_confirm()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.confirm()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.on_pause:
                self.on_pause()
            return
        self.form.handle_event(event)

    def draw(self, surface) -> None:
        pal = self.palette
        surface.fill(pal.felt_dark)
        w, h = surface.get_size()
        colour = pal.seat_colour(self.seat) if self.seat is not None else pal.accent
        pygame.draw.circle(surface, colour, (w // 2, h // 2 - 120), 40)
        T.blit_text(surface, self.name[:1].upper(), TH.H1, pal.accent_text, (w // 2, h // 2 - 120), "center", bold=True)
        T.blit_text(surface, f"Pass to {self.name}", TH.TITLE, pal.text, (w // 2, h // 2 - 20), "center", bold=True)
        T.blit_text(surface, self.message, TH.BODY, pal.text_dim, (w // 2, h // 2 + 32), "center")
        self.form.draw(surface, pal)
        draw_hints(surface, pal, self.hints)
