"""The pause menu a table asks for on Esc: Resume, Take back last move (against bots), Rules,
Settings, Save and quit to menu.

    self.app.open(ShowPause(variant_id="kombio", title="Kombio", on_save=lambda: self.record()))

``on_save`` returns the match's current GameRecord (it is written as the saved match) or None
(nothing to save); a guided match's menu (``guided=True``) offers _("Quit guided match") instead.
``take_back`` (None where it is not offered) takes the player's last move back;
``take_back_refusal`` says why it cannot now ("" when it can): the entry is then disabled and says
why. The menu is an overlay: the table stays visible, dimmed, and stands still while the menu
(or anything it opens) is up.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from game.client.scene import MenuScene, draw_hints
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.i18n import _, _l

_log = logging.getLogger(__name__)


class PauseMenu(MenuScene):
    opaque = False
    title = _l("Paused")
    hints = [("↑↓", _l("Move")), ("Enter", _l("Select")), ("Esc", _l("Resume"))]

    def __init__(self, app, variant_id: str | None = None, title: str | None = None,
                 on_save: Callable[[], Any] | None = None, on_resume: Callable[[], None] | None = None,
                 save_meta: Callable[[], dict] | None = None, hides_table: bool = False,
                 take_back: Callable[[], None] | None = None, take_back_refusal: Callable[[], str] | None = None,
                 guided: bool = False):
        # Hot-seat: the next player may be looking, so the menu covers the table (and any hand).
        self.opaque = hides_table
        self.variant_id = variant_id
        self.variant_title = title or variant_id or ""
        self.on_save = on_save
        self.on_resume = on_resume
        self.save_meta = save_meta
        self.take_back = take_back
        self.take_back_refusal = take_back_refusal or (lambda: "")
        # A guided match is never saved (it would replace the player's own saved match, and its
        # guide would start over anyway): the menu offers what Q really does.
        self.guided = guided
        super().__init__(app)

    def build(self) -> None:
        self.buttons = [Button(_("Resume"), self.resume_match, hint="Esc", primary=True)]
        if self.take_back is not None:
            why = self.take_back_refusal()
            entry = Button(_("Take back last move"), self.take_back_move, hint="Ctrl+Z", sub=why)
            entry.enabled = not why
            self.buttons.append(entry)
        if self.variant_id:
            self.buttons.append(Button(_("Rules"), self.rules, shortcut=pygame.K_r))
        self.buttons += [
            Button(_("Settings"), self.open_settings, shortcut=pygame.K_s),
            Button(_("Quit guided match") if self.guided else _("Save and quit to menu"), self.save_and_quit,
                   shortcut=pygame.K_q),
        ]
        self.form.set_widgets(self.buttons, keep_focus=False)

    def layout(self, size) -> None:
        w, h = size
        bw = min(max([380] + [b.width_needed() for b in self.buttons]), w - 120)   # longer languages widen it
        total = sum(b.height_for(bw) + 12 for b in self.buttons) + 110
        self.panel = pygame.Rect(0, 0, bw + 80, total + 30)
        self.panel.center = (w // 2, h // 2)
        y = self.panel.y + 112
        for b in self.buttons:
            b.rect = pygame.Rect(self.panel.x + 40, y, bw, b.height_for(bw))
            y += b.rect.h + 12

    def about(self) -> str:
        if self.guided:
            return _("{game} · guided match, not saved").format(game=self.variant_title)
        return self.variant_title

    def spoken_screen(self) -> list[str]:
        return [_("Paused"), self.about()]

    def resume_match(self) -> None:
        self.app.pop()
        if self.on_resume:
            self.on_resume()

    def back(self) -> None:
        self.app.sound.play("click")
        self.resume_match()

    def take_back_move(self) -> None:
        """Back to the table, which takes the move back (asking first, the match's first time)."""
        self.resume_match()
        if self.take_back is not None:
            self.take_back()

    def handle_event(self, event) -> None:
        if self.take_back is not None and event.type == pygame.KEYDOWN:
            from game.client.table.take_back import is_take_back_key   # (a table is open, so imported)

            if is_take_back_key(event):
                if not self.take_back_refusal():
                    self.take_back_move()
                return
        super().handle_event(event)

    def rules(self) -> None:
        from game.client.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.variant_id, self.variant_title))

    def open_settings(self) -> None:
        from game.client.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def save_and_quit(self) -> None:
        if self.on_save is not None:
            try:
                record = self.on_save()
                if record is not None:
                    self.storage.save_match(record, self.save_meta() if self.save_meta else None)
                    self.app.toast(_("Match saved: Continue from the main menu"))
            except Exception as exc:
                _log.exception("saving the match failed")
                self.app.toast(getattr(exc, "text", "") or _("The match could not be saved: {error}").format(error=exc), 6.0)
        self.app.to_main_menu()

    def draw(self, surface) -> None:
        pal = self.palette
        if self.opaque:
            surface.blit(TH.felt_background(surface.get_size(), pal), (0, 0))
        surface.blit(TH.panel(surface.get_size(), (0, 0, 0, 150), None, 0), (0, 0))
        TH.draw_panel(surface, self.panel, pal, fill=(8, 32, 22, 255))   # (solid: the scores under it showed through)
        T.blit_text(surface, _("Paused"), TH.H1, pal.text, (self.panel.centerx, self.panel.y + 46), "center", bold=True)
        if self.variant_title:
            T.blit_text(surface, self.about(), TH.SMALL, pal.text_dim, (self.panel.centerx, self.panel.y + 82), "center")
        self.form.draw(surface, pal)
        draw_hints(surface, pal, self.hints)
