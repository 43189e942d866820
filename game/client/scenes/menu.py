"""The main menu: Continue (when a saved match can be resumed), Play, Rules, Statistics, Settings,
Quit; plus the notices Storage collected (a file that could not be read...)."""

from __future__ import annotations

import logging

import pygame

import game
from game.client import tables
from game.client.scene import MenuScene, draw_hints
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.resources import asset_path

_log = logging.getLogger(__name__)
BUTTON_W = 380
HINT_BAR = 52          # the key hints along the bottom edge
TITLE_HEAD = 150       # the title and subtitle above the first button
LOGO_HEAD = TITLE_HEAD + 24 + 150    # with the logo (150 high) and a gap above the title
LOGO_HEAD_MIN = 292    # the tightest fit of the logo: it sits 140 above the first button


class MainMenu(MenuScene):
    hints = [("↑↓", "Move"), ("Enter", "Select"), ("F11", "Fullscreen")]

    def __init__(self, app):
        self._logo = None
        self._logo_loaded = False
        self._show_logo = True
        super().__init__(app)

    # -- widgets -----------------------------------------------------------------------------
    def saved(self):
        saved = self.storage.saved_match()
        if saved is None or tables.table_for(saved[0].variant) is None:
            return None
        return saved

    def build(self) -> None:
        buttons = []
        saved = self.saved()
        self.continue_button = None
        if saved is not None:
            record, meta = saved
            try:
                from game.core.game import get_variant

                title = get_variant(record.variant).title
            except Exception:
                title = record.variant
            detail = meta.get("summary") or f"{len(record.seats)} players"
            self.continue_button = Button("Continue", self.continue_match, shortcut=pygame.K_c,
                                          sub=f"{title} · {detail}", primary=True)
            buttons.append(self.continue_button)
        buttons += [
            Button("Play", self.play, shortcut=pygame.K_p, primary=saved is None),
            Button("Rules", self.rules, shortcut=pygame.K_r),
            Button("Statistics", self.statistics, shortcut=pygame.K_t),
            Button("Settings", self.open_settings, shortcut=pygame.K_s),
            Button("Quit", self.app.quit, shortcut=pygame.K_q),
        ]
        self.menu_buttons = buttons
        self.dismiss_button = Button("Dismiss", self.dismiss, shortcut=pygame.K_d, size=TH.SMALL)
        widgets = list(buttons)
        if self.storage.messages:
            widgets.append(self.dismiss_button)
        self.form.set_widgets(widgets, keep_focus=False)

    def layout(self, size) -> None:
        w, h = size
        room = h - 16 - HINT_BAR        # between the top margin and the key hints at the bottom
        heights = [b.height_for(BUTTON_W) for b in self.menu_buttons]
        gap = 12 if sum(heights) + 12 * len(heights) + TITLE_HEAD <= room else 6   # a short window packs tighter
        stack = sum(heights) + gap * len(heights)
        head = LOGO_HEAD
        if self.storage.messages or stack + LOGO_HEAD_MIN > room:
            head = TITLE_HEAD           # no room for the logo (or a notice takes its place)
        elif stack + head > room:
            head = room - stack         # the logo moves closer to the title rather than onto the hints
        self._show_logo = head >= LOGO_HEAD_MIN
        top = max(16, (room - head - stack) // 2 + 16) + head
        self._notice_rect = None
        if self.storage.messages:
            nw = min(760, w - 80)
            nh = 48 + len(self._notice_lines(nw - 48)) * T.line_height(TH.SMALL) + 10
            top = max(top, 16 + nh + 150)
        y = top
        for b in self.menu_buttons:
            bh = b.height_for(BUTTON_W)
            b.rect = pygame.Rect((w - BUTTON_W) // 2, y, BUTTON_W, bh)
            y += bh + gap
        if self.storage.messages:
            self._notice_rect = pygame.Rect((w - nw) // 2, 16, nw, nh)
            self.dismiss_button.rect = pygame.Rect(self._notice_rect.right - 150, self._notice_rect.y + 8, 136, 32)

    def _notice_lines(self, width: int) -> list[str]:
        lines = []
        for m in self.storage.messages:
            lines += T.wrap(m, TH.SMALL, width)
        return lines

    # -- actions -----------------------------------------------------------------------------
    def play(self) -> None:
        from game.client.scenes.play import VariantChooser

        self.app.push(VariantChooser(self.app))

    def rules(self) -> None:
        from game.client.scenes.rules import RulesChooser

        self.app.push(RulesChooser(self.app))

    def statistics(self) -> None:
        from game.client.scenes.stats import StatsScene

        self.app.push(StatsScene(self.app))

    def open_settings(self) -> None:
        from game.client.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def continue_match(self) -> None:
        saved = self.saved()
        if saved is None:
            self.rebuild()
            return
        record, _meta = saved
        try:
            tables.start_match(self.app, record)
        except Exception:
            _log.exception("the saved match could not be continued")
            self.app.to_main_menu()
            self.storage.discard_saved_as_broken()
            self.rebuild()

    def dismiss(self) -> None:
        self.storage.messages.clear()
        self.rebuild()

    # -- scene hooks -----------------------------------------------------------------------------
    def resume(self) -> None:
        self.rebuild()

    def back(self) -> None:
        if self.storage.messages:
            self.dismiss()

    # -- drawing ---------------------------------------------------------------------------------
    def _logo_surface(self):
        if not self._logo_loaded:
            self._logo_loaded = True
            try:
                img = pygame.image.load(str(asset_path("icon.png")))
                img = pygame.transform.smoothscale(img, (150, 150))
                self._logo = img.convert_alpha() if pygame.display.get_surface() else img
            except (pygame.error, FileNotFoundError, OSError):
                self._logo = None
        return self._logo

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.palette
        self.draw_background(surface)
        w, h = surface.get_size()
        first = self.menu_buttons[0].rect.y
        title_y = first - 62
        T.blit_text(surface, "Cardhall", TH.TITLE, pal.text, (w // 2, title_y), "midbottom", bold=True)
        T.blit_text(surface, "Fast memory-and-reaction card games", TH.BODY, pal.text_dim, (w // 2, title_y + 8), "midtop")
        logo = self._logo_surface()
        if logo is not None and self._show_logo:
            surface.blit(logo, logo.get_rect(midbottom=(w // 2, title_y - 78)))
        if self._notice_rect is not None:
            r = self._notice_rect
            TH.draw_panel(surface, r, pal, fill=(60, 24, 14, 230))
            pygame.draw.rect(surface, pal.bad, r, 2, border_radius=TH.RADIUS)
            T.blit_text(surface, "Notice", TH.BODY, pal.text, (r.x + 24, r.y + 14), bold=True)
            y = r.y + 44
            for line in self._notice_lines(r.w - 48):
                T.blit_text(surface, line, TH.SMALL, pal.text, (r.x + 24, y))
                y += T.line_height(TH.SMALL)
        self.form.draw(surface, pal)
        T.blit_text(surface, f"v{game.__version__}", TH.TINY, pal.text_dim, (12, h - 12), "bottomleft")
        draw_hints(surface, pal, self.hints)
