"""Settings: applied at once and saved (atomically) on every change."""

from __future__ import annotations

import pygame

from game import i18n
from game.client.narration.wording import editable_name, stored_name
from game.client.scene import MenuScene, draw_hints
from game.i18n import _, _l
from game.client.scenes.play import reaction_value
from game.client.window import desktop_size, fits, window_sizes
from game.client.storage import ANIMATION_SPEEDS, BOT_SPEEDS, TEXT_SIZES
from game.client.ui import theme as TH
from game.client.ui.widgets import Button, Cycler, Stepper, TextInput, Toggle


TEXT_SIZE_LABELS = {0.9: _l("Small"), 1.0: _l("Normal"), 1.15: _l("Large"), 1.3: _l("Larger")}
BOT_SPEED_LABELS = {"relaxed": _l("Relaxed"), "normal": _l("Normal"), "quick": _l("Quick")}


def _size_label(v) -> str:
    return f"{v[0]} × {v[1]}"


def _speed_label(v) -> str:
    return _("Fastest (no animation)") if v == "fastest" else f"{v:g}×"


def _rate_label(v: int) -> str:
    return _("Normal") if not v else f"{v:+d}"


def _language_label(code: str) -> str:
    if not code:
        return _("System ({language})").format(language=i18n.LANGUAGE_NAMES[i18n.system_language()])
    return i18n.LANGUAGE_NAMES.get(code, code)


class SettingsScene(MenuScene):
    title = _l("Settings")
    hints = [("↑↓", _l("Move")), ("←→", _l("Change")), ("Esc", _l("Back"))]

    def build(self) -> None:
        s = self.settings
        self.fullscreen_row = Toggle(_("Fullscreen (F11)"), s.fullscreen, self._fullscreen)
        self.speech_row = Toggle(_("Speech (Ctrl+S)"), s.speech, self._speech, help=self._speech_help())
        self.speech_rate_row = Stepper(_("Speech rate"), s.speech_rate, -100, 100, 10, self.app.set_speech_rate,
                                       fmt=_rate_label)
        self._speech_rate_usable()
        self.rows = [
            Cycler(_("Language"), self._languages(), s.language, self.app.set_language, fmt=_language_label,
                   help=_("System follows your computer's language.")),
            self.fullscreen_row,
            Cycler(_("Window size"), self._window_sizes(), tuple(s.window_size), self.app.set_window_size, fmt=_size_label,
                   help=_("The window's size when not fullscreen (dragging its edge works too).")),
            Cycler(_("Text size"), TEXT_SIZES, s.text_size, self.app.set_text_size,
                   fmt=lambda v: str(TEXT_SIZE_LABELS.get(v, f"{v:g}×"))),
            Cycler(_("Animation speed"), ANIMATION_SPEEDS, s.animation_speed, self._set("animation_speed"), fmt=_speed_label),
            Cycler(_("Bot speed"), BOT_SPEEDS, s.bot_speed, self._set("bot_speed"),
                   fmt=lambda v: str(BOT_SPEED_LABELS.get(v, v)),
                   help=_("How long bots take to think and react.")),
            Stepper(_("Reaction window"), s.reaction_seconds, 0.0, 10.0, 0.5, self._set("reaction_seconds"),
                    fmt=reaction_value,
                    help=_("Default time for out-of-turn claims in new matches (Kombio and Kabu with one player "
                           "start at 2 s); No limit waits until every human has passed.")),
            Toggle(_("Sound"), s.sound, self._set("sound"), help=_(self.app.sound.reason) if self.app.sound.reason else ""),
            Stepper(_("Volume"), int(round(s.volume * 100)), 0, 100, 10, lambda v: self._set("volume")(v / 100),
                    fmt=lambda v: f"{v}%"),
            self.speech_row,
            self.speech_rate_row,
            Toggle(_("Memory aid"), s.memory_aid, self._set("memory_aid"),
                   help=_("Show the cards you have already seen. Off by default; the easiest way to learn.")),
            Toggle(_("Colour-blind palette"), s.colour_blind, self._set("colour_blind"),
                   help=_("Okabe-Ito colours, plus shape and letter marks on the cards.")),
            TextInput(_("Your name"), editable_name(s.player_name), self._name, max_len=16),
        ]
        self.back_button = Button(_("Done"), self.back, hint="Esc")
        self.form.set_widgets(self.rows + [self.back_button], keep_focus=True)

    def _languages(self) -> list[str]:
        """The system's language, then each shipped one (the pseudo-locale only when chosen)."""
        codes = [""] + list(i18n.LANGUAGES)
        if self.settings.language and self.settings.language not in codes:
            codes.append(self.settings.language)
        return codes

    def _window_sizes(self) -> list[tuple[int, int]]:
        """The sizes that fit the desktop (7680 x 4320 was offered on any screen)."""
        desktop = desktop_size()
        sizes = window_sizes(desktop)
        current = tuple(self.settings.window_size)
        if current not in sizes and fits(current, desktop):     # a size the player dragged the window to
            sizes.append(current)
            sizes.sort()
        return sizes

    def _set(self, key):
        def apply(value) -> None:
            setattr(self.settings, key, value)
            self.app.settings_changed()
        return apply

    def _name(self, value: str) -> None:
        if value.strip():
            self.settings.player_name = stored_name(value)
            self.app.settings_changed()

    def _fullscreen(self, value: bool) -> None:
        self.app.set_fullscreen(value)

    def _speech_help(self) -> str:
        words = _("Says each screen, the item you are on and its value. Ctrl+S turns speech on or off "
                  "anywhere; Ctrl+R says the last line again.")
        status = self.app.voice.status() if self.settings.speech else ""
        return f"{words} {status}" if status else words

    def _speech_rate_usable(self) -> None:
        # (kept usable while speech is off: the rate is stored and applies when it comes on)
        chosen = self.app.voice.chosen
        self.speech_rate_row.enabled = chosen is None or chosen.has_rate

    def _speech(self, value: bool) -> None:
        self.app.set_speech(value)
        self._speech_follows()

    def _speech_follows(self) -> None:
        """Speech turned on or off (here or with Ctrl+S): the row, its engine and the rate follow."""
        self.speech_row.value = self.settings.speech
        self.speech_row.help = self._speech_help()
        self._speech_rate_usable()
        self.layout(self.size)

    def resume(self) -> None:
        self.fullscreen_row.value = self.settings.fullscreen

    def resize(self, size) -> None:
        # F11 may have changed fullscreen while we are open
        if self.rows:
            self.fullscreen_row.value = self.settings.fullscreen
        super().resize(size)

    def layout(self, size) -> None:
        w, h = size
        cw = min(820, w - 96)
        x = (w - cw) // 2
        self.view = pygame.Rect(x - 16, 92, cw + 32, max(100, h - 92 - 44))
        self._heights = [row.height_for(cw) for row in self.rows]
        self.content_h = sum(hh + 4 for hh in self._heights) + 12
        self.view.h = min(self.view.h, self.content_h + 12)
        self.scroll = getattr(self, "scroll", 0)
        self._place(x, cw)
        self.back_button.rect = pygame.Rect(24, 24, 150, 40)

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h + 12 - self.view.h)

    def _place(self, x: int | None = None, cw: int | None = None) -> None:
        """Rows from the top of the panel, shifted by the scroll (small windows scroll)."""
        x = self.view.x + 16 if x is None else x
        cw = self.view.w - 32 if cw is None else cw
        self.scroll = max(0, min(self.max_scroll, self.scroll))
        y = self.view.y + 12 - self.scroll
        for row, rh in zip(self.rows, self._heights):
            row.rect = pygame.Rect(x, y, cw, rh)
            y += rh + 4
        self.panel = self.view

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.max_scroll:
            self.scroll -= event.y * 48
            self._place()
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.speech_row.value != self.settings.speech:      # Ctrl+S while Settings is open
            self._speech_follows()
        focused = self.form.focused
        if focused in self.rows and self.max_scroll:
            # Keyboard focus on a row below or above the panel brings it into view.
            inner = self.view.inflate(0, -24)
            if focused.rect.bottom > inner.bottom:
                self.scroll += focused.rect.bottom - inner.bottom
                self._place()
            elif focused.rect.top < inner.top:
                self.scroll -= inner.top - focused.rect.top
                self._place()

    def draw(self, surface) -> None:
        pal = self.palette
        self.draw_background(surface)
        self.draw_title(surface, 50)
        TH.draw_panel(surface, self.panel, pal)
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(-4, -4))
        focused = self.form.focused
        for row in self.rows:
            if row.rect.colliderect(self.view):
                row.draw(surface, pal, row is focused)
        surface.set_clip(clip)
        self.back_button.draw(surface, pal, self.back_button is focused)
        if self.max_scroll:
            track = pygame.Rect(self.view.right - 9, self.view.y + 8, 4, self.view.h - 16)
            pygame.draw.rect(surface, pal.button, track, border_radius=2)
            th = max(24, int(track.h * self.view.h / (self.view.h + self.max_scroll)))
            ty = track.y + int((track.h - th) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, pal.text_dim, (track.x, ty, 4, th), border_radius=2)
        draw_hints(surface, pal, self.hints)
