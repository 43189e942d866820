"""A question over the scene below: a title, a few lines on what the choice means, and two
buttons. Enter (or the first button) says yes, Esc (or the second) no.

    self.app.open(AskFirst("Take back your last move?", ("It becomes a practice match.",),
                           "Take back", self.take_back, "Keep playing"))

Like the pause menu it is an overlay: what is below stays in view, dimmed, and stands still
while it is up.
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.client.scene import MenuScene, draw_hints
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.i18n import _, _l


class ConfirmDialog(MenuScene):
    opaque = False
    hints = [("Enter", _l("Yes")), ("Esc", _l("No"))]

    def __init__(self, app, title: str, lines: list[str], yes: str, on_yes: Callable[[], object],
                 no: str | None = None):
        self.title_text, self.lines = title, list(lines)
        self.yes_text, self.no_text, self.on_yes = yes, no or _("Cancel"), on_yes
        super().__init__(app)

    def build(self) -> None:
        self.yes = Button(self.yes_text, self.confirm, hint="Enter", primary=True)
        self.no = Button(self.no_text, self.back, hint="Esc")
        self.form.set_widgets([self.yes, self.no], keep_focus=False)
        self.form.focus_on(self.yes)

    def spoken_screen(self) -> list[str]:
        return [self.title_text] + self.lines

    def wrapped(self, width: int) -> list[str]:
        return [part for line in self.lines for part in T.wrap(line, TH.BODY, width)]

    def layout(self, size) -> None:
        w, h = size
        # wider when a translation's answers need it (two buttons side by side)
        width = min(w - 40, max(700, 2 * max(self.yes.width_needed(), self.no.width_needed()) + 76))
        lines = self.wrapped(width - 60)
        title_h = T.line_height(TH.H2, True)
        height = 30 + title_h + 16 + len(lines) * T.line_height(TH.BODY) + 28 + TH.ROW_H + 26
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        bw = (width - 60 - 16) // 2
        y = self.panel.bottom - 26 - TH.ROW_H
        self.yes.rect = pygame.Rect(self.panel.x + 30, y, bw, TH.ROW_H)
        self.no.rect = pygame.Rect(self.yes.rect.right + 16, y, bw, TH.ROW_H)

    def confirm(self) -> None:
        self.app.pop()
        self.on_yes()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.focused is not self.no:
            self.confirm()
            return
        super().handle_event(event)

    def draw(self, surface) -> None:
        pal = self.palette
        surface.blit(TH.panel(surface.get_size(), (0, 0, 0, 150), None, 0), (0, 0))
        TH.draw_panel(surface, self.panel, pal, fill=(8, 32, 22, 255))
        y = self.panel.y + 30
        T.blit_text(surface, self.title_text, TH.H2, pal.text, (self.panel.centerx, y), "midtop", bold=True)
        y += T.line_height(TH.H2, True) + 16
        for line in self.wrapped(self.panel.w - 60):
            T.blit_text(surface, line, TH.BODY, pal.text_dim, (self.panel.centerx, y), "midtop")
            y += T.line_height(TH.BODY)
        self.form.draw(surface, pal)
        draw_hints(surface, pal, self.hints)
