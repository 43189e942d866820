"""The offer of a variant's guided first match, shown once: the first time the variant is chosen
under Play. The guided match can be played again any time from the variant's setup screen
("Guided match")."""

from __future__ import annotations

import logging

import pygame

from game.client.scene import MenuScene
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.i18n import _, _l, ngettext

_log = logging.getLogger(__name__)


def offer_once(app, variant) -> bool:
    """Push the offer over the setup screen if this variant has a guide and it was never offered;
    remember (in the settings, written atomically) that it was. True if it was pushed."""
    from game.guides import guide_for

    s = app.settings
    offered = list(s.guides_offered) if isinstance(s.guides_offered, list) else []
    if variant.id in offered or guide_for(variant.id) is None:
        return False
    s.guides_offered = offered + [variant.id]
    app.save_settings()
    app.push(GuideOffer(app, variant))
    return True


def play_guided(app, variant_id: str) -> None:
    from game.client.table.guide import start_guided

    try:
        start_guided(app, variant_id)
    except Exception as exc:     # a broken guide must not take the menus down with it
        _log.exception("the guided match could not start")
        app.toast(_("The guided match cannot start: {error}").format(error=exc))
        return
    app.sound.play("deal")


class GuideOffer(MenuScene):
    opaque = False

    def __init__(self, app, variant):
        from game.guides import guide_for

        self.variant = variant
        self.guide = guide_for(variant.id)
        self.title = ""
        super().__init__(app)

    def build(self) -> None:
        self.play_button = Button(_("Play the guided match"), self.play, primary=True, hint="Enter")
        self.later_button = Button(_("Not now"), self.back, hint="Esc")
        self.form.set_widgets([self.play_button, self.later_button], keep_focus=False)

    def layout(self, size) -> None:
        w, h = size
        self.panel = pygame.Rect(0, 0, min(720, w - 80), 300)
        self.panel.center = (w // 2, h // 2)
        bw = max(340, T.text(self.play_button.text, TH.BODY, (0, 0, 0), True).get_width() + 90)
        self.play_button.rect = pygame.Rect(self.panel.centerx - 100, self.panel.bottom - 24 - 48, bw, 48)
        self.later_button.rect = pygame.Rect(self.play_button.rect.x - 16 - 200, self.panel.bottom - 24 - 48, 200, 48)

    def play(self) -> None:
        self.app.pop()
        play_guided(self.app, self.variant.id)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.focused is not self.later_button:
            self.play()
            return
        super().handle_event(event)

    def draw(self, surface) -> None:
        pal = self.palette
        surface.blit(TH.panel(surface.get_size(), (0, 0, 0, 160), None, 0), (0, 0))
        TH.draw_panel(surface, self.panel, pal, fill=(8, 32, 22, 245))
        T.blit_text(surface, _("New to {game}?").format(game=self.variant.title), TH.H1, pal.text,
                    (self.panel.centerx, self.panel.y + 50), "center", bold=True)
        y = self.panel.y + 96
        words = (self.guide.about if self.guide else "") + " It stops at each new moment and shows you what to do; " \
            "skip it any time with Esc. It is not counted in your statistics."
        for line in T.wrap(words, TH.BODY, self.panel.w - 60):
            T.blit_text(surface, line, TH.BODY, pal.text_dim, (self.panel.centerx, y), "midtop")
            y += T.line_height(TH.BODY)
        self.form.draw(surface, pal)      # (no key-hint bar: the buttons show Enter and Esc)
