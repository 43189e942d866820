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
from game.i18n import _

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

    def words(self) -> str:
        return _("{about} It stops at each new moment and shows you what to do; skip it any time with Esc. "
                 "It is not counted in your statistics.").format(about=self.guide.about if self.guide else "")

    def layout(self, size) -> None:
        """The panel holds the question, the words and the two buttons side by side, centred: it
        grows with the words (a longer language wraps to more lines) and takes the small type when
        the body type would not fit the window's height."""
        w, h = size
        pw = min(720, w - 80)
        gap, margin, bh = 16, 24, 48
        later_w = max(200, T.text(self.later_button.text, TH.BODY, (0, 0, 0)).get_width() + 80)
        play_w = max(340, T.text(self.play_button.text, TH.BODY, (0, 0, 0), True).get_width() + 90)
        room = pw - 2 * margin - gap
        if later_w + play_w > room:          # the labels take a smaller type in narrower buttons
            later_w = max(160, min(later_w, room * 2 // 5))
            play_w = room - later_w
        for size_ in (TH.BODY, TH.SMALL):
            self.body_size = size_
            self.lines = T.wrap(self.words(), size_, pw - 60)
            ph = 96 + len(self.lines) * T.line_height(size_) + 20 + bh + margin
            if ph <= h - 40:
                break
        self.panel = pygame.Rect(0, 0, pw, min(ph, h - 40))
        self.panel.center = (w // 2, h // 2)
        x = self.panel.centerx - (later_w + gap + play_w) // 2
        y = self.panel.bottom - margin - bh
        self.later_button.rect = pygame.Rect(x, y, later_w, bh)
        self.play_button.rect = pygame.Rect(x + later_w + gap, y, play_w, bh)

    def heading(self) -> str:
        return _("New to {game}?").format(game=self.variant.title)

    def spoken_screen(self) -> list[str]:
        return [self.heading(), self.words()]

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
        T.blit_text(surface, self.heading(), TH.H1, pal.text,
                    (self.panel.centerx, self.panel.y + 50), "center", bold=True)
        y = self.panel.y + 96
        for line in self.lines:
            T.blit_text(surface, line, self.body_size, pal.text_dim, (self.panel.centerx, y), "midtop")
            y += T.line_height(self.body_size)
        self.form.draw(surface, pal)      # (no key-hint bar: the buttons show Enter and Esc)
