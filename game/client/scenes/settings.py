"""Settings: applied at once and saved (atomically) on every change."""

from __future__ import annotations

import pygame

from game.client.scene import MenuScene, draw_hints
from game.client.storage import ANIMATION_SPEEDS, BOT_SPEEDS, TEXT_SIZES, WINDOW_SIZES
from game.client.ui import theme as TH
from game.client.ui.widgets import Button, Cycler, Stepper, TextInput, Toggle


TEXT_SIZE_LABELS = {0.9: "Small", 1.0: "Normal", 1.15: "Large", 1.3: "Larger"}


def _size_label(v) -> str:
    return f"{v[0]} × {v[1]}"


def _speed_label(v) -> str:
    return "Fastest (no animation)" if v == "fastest" else f"{v:g}×"


class SettingsScene(MenuScene):
    title = "Settings"
    hints = [("↑↓", "Move"), ("←→", "Change"), ("Esc", "Back")]

    def build(self) -> None:
        s = self.settings
        self.rows = [
            Toggle("Fullscreen (F11)", s.fullscreen, self._fullscreen),
            Cycler("Window size", self._window_sizes(), tuple(s.window_size), self.app.set_window_size, fmt=_size_label,
                   help="The window's size when not fullscreen (dragging its edge works too)."),
            Cycler("Text size", TEXT_SIZES, s.text_size, self.app.set_text_size,
                   fmt=lambda v: TEXT_SIZE_LABELS.get(v, f"{v:g}×")),
            Cycler("Animation speed", ANIMATION_SPEEDS, s.animation_speed, self._set("animation_speed"), fmt=_speed_label),
            Cycler("Bot speed", BOT_SPEEDS, s.bot_speed, self._set("bot_speed"), fmt=str.capitalize,
                   help="How long bots take to think and react."),
            Stepper("Reaction window", s.reaction_seconds, 0.0, 10.0, 0.5, self._set("reaction_seconds"),
                    fmt=lambda v: "Wait for all" if v == 0 else f"{v:g} s",
                    help="Default time for out-of-turn claims in new matches; 0 waits until every human has passed."),
            Toggle("Sound", s.sound, self._set("sound"), help=self.app.sound.reason),
            Stepper("Volume", int(round(s.volume * 100)), 0, 100, 10, lambda v: self._set("volume")(v / 100),
                    fmt=lambda v: f"{v}%"),
            Toggle("Memory aid", s.memory_aid, self._set("memory_aid"),
                   help="Show the cards you have already seen. Off by default; the easiest way to learn."),
            Toggle("Colour-blind palette", s.colour_blind, self._set("colour_blind"),
                   help="Okabe-Ito colours, plus shape and letter marks on the cards."),
            TextInput("Your name", s.player_name, self._name, max_len=16),
        ]
        self.back_button = Button("Done", self.back, hint="Esc")
        self.form.set_widgets(self.rows + [self.back_button], keep_focus=True)

    def _window_sizes(self) -> list[tuple[int, int]]:
        sizes = list(WINDOW_SIZES)
        current = tuple(self.settings.window_size)
        if current not in sizes:          # a size the player dragged the window to
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
            self.settings.player_name = value.strip()
            self.app.settings_changed()

    def _fullscreen(self, value: bool) -> None:
        self.app.set_fullscreen(value)

    def resume(self) -> None:
        self.rows[0].value = self.settings.fullscreen

    def resize(self, size) -> None:
        # F11 may have changed fullscreen while we are open
        if self.rows:
            self.rows[0].value = self.settings.fullscreen
        super().resize(size)

    def layout(self, size) -> None:
        w, h = size
        cw = min(820, w - 96)
        x = (w - cw) // 2
        y = 104
        for row in self.rows:
            rh = row.height_for(cw)
            row.rect = pygame.Rect(x, y, cw, rh)
            y += rh + 4
        self.panel = pygame.Rect(x - 16, 92, cw + 32, y - 92 + 12)
        self.back_button.rect = pygame.Rect(24, 24, 150, 40)

    def draw(self, surface) -> None:
        pal = self.palette
        self.draw_background(surface)
        self.draw_title(surface, 50)
        TH.draw_panel(surface, self.panel, pal)
        self.form.draw(surface, pal)
        draw_hints(surface, pal, self.hints)
