"""Widgets for menus and tables: Button, Toggle, Cycler (choice), Stepper (number), TextInput,
and Form, which owns a list of widgets and gives them mouse hover/click and keyboard focus
(Up/Down/Tab move, Left/Right adjust, Enter/Space activate, letter shortcuts on buttons).

A widget's ``rect`` is set by the scene's layout. Value widgets may carry a ``label`` (drawn on the
left of the rect) and a ``help`` text (wrapped under the label); ``height_for(width)`` says how
tall such a row needs to be.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.i18n import _

from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.theme import Palette

CONTROL_W = 230     # width of the control part of a labelled row


def _fmt_default(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class Widget:
    focusable = True
    consumes_keys = False          # True while editing text: shortcuts and letters go to it
    speak_as = ""                  # what speech calls it where its label is a sign ("✕") or missing

    def __init__(self, rect: Any = None, label: str = "", help: str = ""):
        self.rect = pygame.Rect(rect or (0, 0, 0, 0))
        self.label = label
        self.help = help
        self.enabled = True
        self.hovered = False
        self.clip: pygame.Rect | None = None    # when set, the mouse only reaches it inside clip
        self.sound: Callable[[str], None] | None = None   # set by Form

    def _click_sound(self) -> None:
        if self.sound:
            self.sound("click")

    # Layout helpers --------------------------------------------------------------------------
    def height_for(self, width: int) -> int:
        h = TH.ROW_H
        if self.help:
            h += len(T.wrap(self.help, TH.SMALL, max(50, width - 16))) * T.line_height(TH.SMALL) + 4
        return h

    @property
    def control_rect(self) -> pygame.Rect:
        """Where the control itself is: the right part of the first row when labelled."""
        row = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, min(self.rect.h, TH.ROW_H))
        if not self.label:
            return row.inflate(0, -6)
        w = min(CONTROL_W, row.w // 2)
        return pygame.Rect(row.right - w, row.y + 3, w, row.h - 6)

    # Speech (game/client/speech: what a player who cannot see the screen hears) -------------------
    def spoken_name(self) -> str:
        return str(self.speak_as or self.label)

    def spoken_value(self) -> str:
        return ""

    def spoken_role(self) -> str:
        return ""

    def spoken_more(self) -> str:
        """Said after the name, value and role: the help under the label."""
        return str(self.help or "")

    def spoken(self) -> str:
        """The whole item, as speech says it when the focus comes to it: "Sound, On. <help>"."""
        parts = [self.spoken_name(), self.spoken_value(), self.spoken_role()]
        if not self.enabled:
            parts.append(_("unavailable"))
        text = ", ".join(p for p in parts if p)
        more = self.spoken_more()
        return f"{text}. {more}" if more else text

    def spoken_change(self, old: str, new: str) -> str:
        """What speech says when the focused item's value went from ``old`` to ``new``."""
        return new

    # Behaviour -------------------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def activate(self) -> None:
        pass

    def adjust(self, delta: int) -> bool:
        """Left/Right. Returns False if the widget has no use for them."""
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """A key press while focused; True if used."""
        return False

    def text_input(self, s: str) -> bool:
        return False

    # Drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, pal: Palette, focused: bool) -> None:
        if self.label:
            self._draw_label_row(surface, pal, focused)

    def _draw_label_row(self, surface: pygame.Surface, pal: Palette, focused: bool) -> None:
        row = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, min(self.rect.h, TH.ROW_H))
        if focused or self.hovered:
            surface.blit(TH.panel(self.rect.size, (255, 255, 255, 18 if not focused else 26), None, 8), self.rect.topleft)
        if focused:
            pygame.draw.rect(surface, pal.accent, (self.rect.x, self.rect.y + 6, 4, self.rect.h - 12), border_radius=2)
        colour = pal.text if self.enabled else pal.disabled
        # A label longer than the room beside its control is set smaller, on two lines if need
        # be, rather than cut off.
        room = self.control_rect.x - row.x - 24
        if T.text(self.label, TH.BODY, colour).get_width() <= room:
            T.blit_text(surface, self.label, TH.BODY, colour, (row.x + 14, row.centery), "midleft")
        else:
            lines = T.wrap(self.label, TH.SMALL, max(50, room))[:2]
            lh = T.line_height(TH.SMALL)
            y = row.centery - lh * len(lines) // 2
            for line in lines:
                T.blit_text(surface, line, TH.SMALL, colour, (row.x + 14, y))
                y += lh
        if self.help:
            y = row.bottom - 4
            for line in T.wrap(self.help, TH.SMALL, max(50, self.rect.w - 28)):
                T.blit_text(surface, line, TH.SMALL, pal.text_dim if self.enabled else pal.disabled, (row.x + 14, y))
                y += T.line_height(TH.SMALL)


class Button(Widget):
    def __init__(self, text: str, on_click: Callable[[], None] | None = None, rect: Any = None,
                 shortcut: int | None = None, hint: str = "", primary: bool = False, size: int = TH.BODY,
                 sub: str = ""):
        super().__init__(rect)
        self.text = text
        self.on_click = on_click
        self.shortcut = shortcut
        self.hint = hint or (pygame.key.name(shortcut).upper() if shortcut and len(pygame.key.name(shortcut)) == 1 else "")
        self.primary = primary
        self.size = size
        self.sub = sub            # a second, smaller line (e.g. a variant's summary)

    def spoken_name(self) -> str:
        return str(self.speak_as or self.text)

    def spoken_role(self) -> str:
        role = _("button")
        return f"{role}, " + _("key {key}").format(key=self.hint) if self.hint else role

    def spoken_more(self) -> str:
        return str(self.sub or "")

    def _sub_lines(self, width: int) -> list[str]:
        hint_w = T.text(self.hint, TH.TINY, (0, 0, 0)).get_width() + 22 if self.hint else 0
        return T.wrap(self.sub, TH.SMALL, max(60, width - 36 - hint_w))

    def height_for(self, width: int) -> int:
        if not self.sub:
            return TH.ROW_H
        return T.line_height(self.size, True) + 16 + len(self._sub_lines(width)) * T.line_height(TH.SMALL)

    def width_needed(self) -> int:
        """The width that shows the label at its own size beside the key hint (a translation may be
        longer than the English a layout was first made for)."""
        hint_w = T.text(self.hint, TH.TINY, (0, 0, 0)).get_width() + 22 if self.hint else 0
        return T.text(self.text, self.size, (0, 0, 0), True).get_width() + 2 * hint_w + 24

    def activate(self) -> None:
        if self.enabled and self.on_click:
            self._click_sound()
            self.on_click()

    def draw(self, surface: pygame.Surface, pal: Palette, focused: bool) -> None:
        self.draw_at(surface, pal, self.rect, focused)

    def draw_at(self, surface: pygame.Surface, pal: Palette, r: pygame.Rect, focused: bool) -> None:
        """The button drawn at `r` (its own rect left as it is: a panel that places its buttons
        as it draws them)."""
        lit = focused or self.hovered
        if self.primary:
            fill = TH.lighten(pal.accent, 0.15) if lit else pal.accent
            fg = pal.accent_text
        else:
            fill = pal.button_hover if lit else pal.button
            fg = pal.text
        if not self.enabled:
            fill, fg = TH.darken(pal.button, 0.3), pal.disabled
        pygame.draw.rect(surface, TH.darken(pal.felt_dark, 0.4), r.move(0, 3), border_radius=TH.RADIUS)
        pygame.draw.rect(surface, fill, r, border_radius=TH.RADIUS)
        border = ((255, 255, 255) if self.primary else pal.accent) if focused else pal.button_border
        pygame.draw.rect(surface, border, r, 2 if focused else 1, border_radius=TH.RADIUS)
        hint_w = T.text(self.hint, TH.TINY, fg).get_width() + 22 if self.hint else 0
        if self.sub:
            T.blit_text(surface, self.text, self.size, fg, (r.x + 18, r.y + 8), "topleft", bold=True)
            y = r.y + 10 + T.line_height(self.size, True)
            for line in self._sub_lines(r.w):
                T.blit_text(surface, line, TH.SMALL, pal.text_dim if not self.primary else fg, (r.x + 18, y))
                y += T.line_height(TH.SMALL)
        else:
            # a label too long for the button at its size (a longer language) takes a smaller size
            room = r.w - hint_w - 16
            size = next((z for z in (self.size, TH.SMALL, TH.TINY) if z <= self.size
                         and T.text(self.text, z, fg, True).get_width() <= room), TH.TINY)
            label_w = T.text(self.text, size, fg, True).get_width()
            cx = r.centerx if label_w + 2 * hint_w + 16 <= r.w else r.x + (r.w - hint_w) // 2
            T.blit_text(surface, self.text, size, fg, (cx, r.centery), "center", bold=True)
        if self.hint:
            hint_rect = T.text(self.hint, TH.TINY, fg).get_rect(midright=(r.right - 12, r.centery))
            box = hint_rect.inflate(10, 6)
            pygame.draw.rect(surface, fg, box, 1, border_radius=4)
            T.blit_text(surface, self.hint, TH.TINY, fg, hint_rect.center, "center")


class Toggle(Widget):
    def __init__(self, label: str, value: bool, on_change: Callable[[bool], None] | None = None,
                 help: str = "", rect: Any = None):
        super().__init__(rect, label, help)
        self.value = bool(value)
        self.on_change = on_change

    def spoken_value(self) -> str:
        return _("On") if self.value else _("Off")

    def activate(self) -> None:
        if not self.enabled:
            return
        self.value = not self.value
        self._click_sound()
        if self.on_change:
            self.on_change(self.value)

    def adjust(self, delta: int) -> bool:
        want = delta > 0
        if want != self.value:
            self.activate()
        return True

    def draw(self, surface: pygame.Surface, pal: Palette, focused: bool) -> None:
        super().draw(surface, pal, focused)
        c = self.control_rect
        sw = pygame.Rect(0, 0, 60, 28)
        sw.midright = (c.right - 6, c.centery)
        on_colour = pal.good if self.enabled else pal.disabled
        pygame.draw.rect(surface, on_colour if self.value else (60, 70, 66), sw, border_radius=14)
        knob_x = sw.right - 14 if self.value else sw.x + 14
        pygame.draw.circle(surface, (245, 245, 240), (knob_x, sw.centery), 11)
        word = _("On") if self.value else _("Off")
        T.blit_text(surface, word, TH.BODY, pal.text if self.value else pal.text_dim, (sw.x - 12, sw.centery), "midright")


class Cycler(Widget):
    """A choice among values: ‹ value ›. Left/Right (or clicking either half) cycles."""

    def __init__(self, label: str, choices: Sequence[Any], value: Any,
                 on_change: Callable[[Any], None] | None = None, fmt: Callable[[Any], str] = _fmt_default,
                 help: str = "", rect: Any = None, wrap: bool = True):
        super().__init__(rect, label, help)
        self.choices = list(choices)
        self.index = self.choices.index(value) if value in self.choices else 0
        self.on_change = on_change
        self.fmt = fmt
        self.wrap = wrap

    @property
    def value(self) -> Any:
        return self.choices[self.index]

    def spoken_value(self) -> str:
        return str(self.fmt(self.value)) if self.choices else ""

    def spoken_role(self) -> str:
        return _("{n} of {count}").format(n=self.index + 1, count=len(self.choices)) if len(self.choices) > 1 else ""

    def set_value(self, value: Any) -> None:
        if value in self.choices:
            self.index = self.choices.index(value)

    def adjust(self, delta: int) -> bool:
        if not self.enabled or not self.choices:
            return True
        new = self.index + delta
        if self.wrap:
            new %= len(self.choices)
        new = max(0, min(len(self.choices) - 1, new))
        if new != self.index:
            self.index = new
            self._click_sound()
            if self.on_change:
                self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.adjust(1)

    def click(self, pos: tuple[int, int]) -> None:
        c = self.control_rect
        self.adjust(-1 if pos[0] < c.x + c.w * 0.35 else 1)

    def draw(self, surface: pygame.Surface, pal: Palette, focused: bool) -> None:
        super().draw(surface, pal, focused)
        c = self.control_rect
        fill = pal.button_hover if (focused or self.hovered) else pal.button
        pygame.draw.rect(surface, fill, c, border_radius=8)
        pygame.draw.rect(surface, pal.accent if focused else pal.button_border, c, 1, border_radius=8)
        colour = pal.text if self.enabled else pal.disabled
        T.blit_text(surface, "‹", TH.H2, pal.accent if focused else pal.text_dim, (c.x + 16, c.centery - 2), "center")
        T.blit_text(surface, "›", TH.H2, pal.accent if focused else pal.text_dim, (c.right - 16, c.centery - 2), "center")
        label = str(self.fmt(self.value))     # (a lazy string: game.i18n._l)
        room = c.w - 2 * 30       # between the arrows
        size = next((z for z in (TH.BODY, TH.SMALL) if T.font(z).size(label)[0] <= room), TH.TINY)
        lines = [label] if T.font(size).size(label)[0] <= room else T.wrap(label, TH.TINY, room)
        lh = T.line_height(TH.TINY)
        if len(lines) == 2 and 2 * lh <= c.h:
            # a longer language's word on two lines rather than under the arrows
            for i, line in enumerate(lines):
                T.blit_text(surface, line, TH.TINY, colour, (c.centerx, c.centery + (i - 1) * lh), "midtop")
        else:
            T.blit_text(surface, label, size, colour, c.center, "center")


class Stepper(Widget):
    """A number with − and + (Left/Right), clamped to [minimum, maximum] in steps."""

    def __init__(self, label: str, value: float, minimum: float | None, maximum: float | None, step: float = 1,
                 on_change: Callable[[Any], None] | None = None, fmt: Callable[[Any], str] = _fmt_default,
                 help: str = "", rect: Any = None):
        super().__init__(rect, label, help)
        self.value = value
        self.minimum, self.maximum, self.step = minimum, maximum, step or 1
        self.on_change = on_change
        self.fmt = fmt
        self._integer = isinstance(value, int) and float(self.step).is_integer()

    def spoken_value(self) -> str:
        return str(self.fmt(self.value))

    def adjust(self, delta: int) -> bool:
        if not self.enabled:
            return True
        new = self.value + delta * self.step
        new = round(new, 6)
        if self.minimum is not None:
            new = max(self.minimum, new)
        if self.maximum is not None:
            new = min(self.maximum, new)
        if self._integer:
            new = int(round(new))
        if new != self.value:
            self.value = new
            self._click_sound()
            if self.on_change:
                self.on_change(self.value)
        return True

    def activate(self) -> None:
        pass

    def click(self, pos: tuple[int, int]) -> None:
        c = self.control_rect
        if pos[0] < c.x + 44:
            self.adjust(-1)
        elif pos[0] > c.right - 44:
            self.adjust(1)

    def draw(self, surface: pygame.Surface, pal: Palette, focused: bool) -> None:
        super().draw(surface, pal, focused)
        c = self.control_rect
        fill = pal.button_hover if (focused or self.hovered) else pal.button
        pygame.draw.rect(surface, fill, c, border_radius=8)
        pygame.draw.rect(surface, pal.accent if focused else pal.button_border, c, 1, border_radius=8)
        at_min = self.minimum is not None and self.value <= self.minimum
        at_max = self.maximum is not None and self.value >= self.maximum
        for sign, x, off in (("−", c.x + 20, at_min or not self.enabled), ("+", c.right - 20, at_max or not self.enabled)):
            T.blit_text(surface, sign, TH.H2, pal.disabled if off else (pal.accent if focused else pal.text), (x, c.centery - 1), "center", bold=True)
        pygame.draw.line(surface, pal.button_border, (c.x + 40, c.y + 6), (c.x + 40, c.bottom - 6))
        pygame.draw.line(surface, pal.button_border, (c.right - 40, c.y + 6), (c.right - 40, c.bottom - 6))
        T.blit_text(surface, self.fmt(self.value), TH.BODY, pal.text if self.enabled else pal.disabled, c.center, "center")


class TextInput(Widget):
    """A one-line text field. Typing goes to it while it has focus; Backspace deletes,
    Ctrl+Backspace clears, Enter/Esc/Up/Down/Tab leave it to the form."""

    consumes_keys = True

    def __init__(self, label: str, value: str, on_change: Callable[[str], None] | None = None,
                 max_len: int = 16, help: str = "", rect: Any = None, placeholder: str = ""):
        super().__init__(rect, label, help)
        self.value = value
        self.on_change = on_change
        self.max_len = max_len
        self.placeholder = placeholder

    def spoken_value(self) -> str:
        return self.value or _("empty")

    def spoken_role(self) -> str:
        return _("text field")

    def spoken_change(self, old: str, new: str) -> str:
        # typing says the letters typed, as a screen reader echoes keys; a deletion what is left
        if self.value and old != _("empty") and new.startswith(old):
            return new[len(old):]
        return new

    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self.value)

    def text_input(self, s: str) -> bool:
        s = "".join(ch for ch in s if ch.isprintable())
        room = self.max_len - len(self.value)
        if room > 0 and s:
            self.value += s[:room]
            self._changed()
        return True

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            if event.mod & pygame.KMOD_CTRL:
                self.value = ""
            else:
                self.value = self.value[:-1]
            self._changed()
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER,
                         pygame.K_ESCAPE, pygame.K_LEFT, pygame.K_RIGHT) or pygame.K_F1 <= event.key <= pygame.K_F15:
            return False        # (function keys type nothing: the setup's "Guided match F3" works from a name)
        # Printable keys arrive as TEXTINPUT too: swallow their KEYDOWN so no shortcut fires.
        return True

    def draw(self, surface: pygame.Surface, pal: Palette, focused: bool) -> None:
        super().draw(surface, pal, focused)
        c = self.control_rect
        pygame.draw.rect(surface, (12, 36, 26) if not focused else (16, 48, 34), c, border_radius=6)
        pygame.draw.rect(surface, pal.accent if focused else pal.button_border, c, 2 if focused else 1, border_radius=6)
        shown = self.value or self.placeholder
        colour = pal.text if self.value else pal.text_dim
        r = T.blit_text(surface, shown, TH.BODY, colour, (c.x + 10, c.centery), "midleft")
        if focused:
            x = (r.right + 2) if self.value else c.x + 10
            pygame.draw.line(surface, pal.accent, (x, c.y + 8), (x, c.bottom - 8), 2)


def _hit(w: Widget, pos) -> bool:
    return w.rect.collidepoint(pos) and (w.clip is None or w.clip.collidepoint(pos))


class Form:
    """Focus, hover, clicks and keys for a list of widgets. Scenes own one per screen (or
    per panel) and call ``handle_event`` first; it returns True when it used the event."""

    def __init__(self, widgets: Sequence[Widget] = (), sound: Callable[[str], None] | None = None):
        self.widgets: list[Widget] = []
        self.focus = 0
        self.sound = sound
        self.set_widgets(widgets)

    def set_widgets(self, widgets: Sequence[Widget], keep_focus: bool = True) -> None:
        old = self.focused
        self.widgets = list(widgets)
        for w in self.widgets:
            w.sound = self.sound
        if keep_focus and old in self.widgets:
            self.focus = self.widgets.index(old)
        else:
            self.focus = self._first_focusable()

    def _first_focusable(self) -> int:
        for i, w in enumerate(self.widgets):
            if w.focusable and w.enabled:
                return i
        return 0

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus < len(self.widgets):
            return self.widgets[self.focus]
        return None

    def unfocus(self) -> None:
        """No widget has the focus (Enter presses nothing) until Tab or an arrow moves it."""
        self.focus = -1

    def focus_on(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.focus = self.widgets.index(widget)

    def move(self, delta: int) -> None:
        n = len(self.widgets)
        if not n:
            return
        i = self.focus
        for _step in range(n):
            i = (i + delta) % n
            w = self.widgets[i]
            if w.focusable and w.enabled:
                self.focus = i
                return

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for w in self.widgets:
            if w.enabled and _hit(w, pos):
                return w
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            hit = None
            for w in self.widgets:
                w.hovered = w.enabled and _hit(w, event.pos)
                if w.hovered:
                    hit = w
            if hit is not None and hit.focusable and not (self.focused and self.focused.consumes_keys and self.focused is not hit):
                self.focus_on(hit)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            w = self.widget_at(event.pos)
            if w is None:
                return False
            if w.focusable:
                self.focus_on(w)
            w.click(event.pos)
            return True
        if event.type == pygame.TEXTINPUT:
            f = self.focused
            return bool(f and f.enabled and f.text_input(event.text))
        if event.type != pygame.KEYDOWN:
            return False
        f = self.focused
        if f is not None and f.enabled and f.key(event):
            return True
        key = event.key
        if key in (pygame.K_DOWN,) or (key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT):
            self.move(1)
            return True
        if key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self.move(-1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            delta = -1 if key == pygame.K_LEFT else 1
            if f is not None and f.enabled and f.adjust(delta):
                return True
            self.move(delta)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if f is not None and f.enabled:
                f.activate()
                return True
            return False
        if not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)):
            for w in self.widgets:
                if isinstance(w, Button) and w.shortcut == key and w.enabled:
                    self.focus_on(w)
                    w.activate()
                    return True
        return False

    def draw(self, surface: pygame.Surface, pal: Palette) -> None:
        focused = self.focused
        for w in self.widgets:
            w.draw(surface, pal, w is focused)
