"""About Cardhall (main menu, key A): the version, the licence, the credits, where this copy keeps
its files (the real folders, as Storage uses them), and the third-party notices of what a built
program bundles (NOTICES.md), one component at a time."""

from __future__ import annotations

import os

import pygame

from game import about
from game.client.scenes.rules import PageScene
from game.client.ui import richtext as RT
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.i18n import _, _l, ngettext

CREDITS = [
    _l("**Kombio** follows the rules published at kombiocards.com."),
    _l("**Combat UNO** is a house variant of UNO. UNO is a trademark of Mattel, which has no part in Cardhall."),
    _l("**Kabu** and **Kumbal** follow house rules that players pass on; **16 Combos** follows Poikilos's "
       "rules, version 1.0 RC1, in a digital interpretation."),
    _l("Every gap in the printed rules is decided, by rule, on each game's rules page."),
    _l("Made with Python, pygame-ce and SDL. Words are set in the DejaVu fonts; the sounds and the icon "
       "are Cardhall's own, made by scripts in its source."),
]


def _code(path) -> str:
    return f"`{path}`"


def files_markdown(storage) -> list[str]:
    """Where this copy keeps its files: the folders Storage really uses."""
    rows = [(_("Settings"), storage.settings_path),
            (_("Statistics"), storage.stats_path),
            (_("Unfinished matches (one per game)"), storage.saves_dir)]
    out = ["## " + _("Where your files live"), ""]
    if os.environ.get("CARDHALL_HOME"):
        out += [_("`CARDHALL_HOME` is set, so everything is kept under that folder instead of the "
                  "system's usual places."), ""]
    out += ["| " + _("what") + " | " + _("where") + " |", "| --- | --- |"]
    out += [f"| {what} | {_code(path)} |" for what, path in rows]
    out += ["", _("Uninstalling Cardhall leaves these files in place (the Windows uninstaller asks). "
                  "A file that cannot be read is set aside beside itself as `NAME.corrupt-<time>`."), ""]
    return out


def about_markdown(storage, notices: list[about.Notice] | None) -> str:
    home = about.homepage()
    out = [f"# Cardhall {about.version()}", "",
           _("Fast memory-and-reaction card games on one desktop table: play against bots that remember, "
             "forget and react like people, or pass the computer around in hot-seat."), ""]
    if home:
        out += [_("Home page: {url}").format(url=home), ""]
    out += ["## " + _("Licence"), "",
            _("Cardhall is free software under the **MIT licence**: you may use, copy, change and share it, "
              "also for money, as long as the copyright and licence notice go with it. It comes with no "
              "warranty."), "",
            "Copyright (c) 2026 The Cardhall developers.", ""]
    out += files_markdown(storage)
    out += ["## " + _("Credits"), ""] + [f"- {line}" for line in CREDITS] + [""]
    out += ["## " + _("Third-party software"), ""]
    if notices:
        components = [n for n in notices if n.licence]
        named = [f"{n.name} ({n.licence})" for n in components[:4]]
        out += [ngettext("A built Cardhall carries {n} piece of other people's software, under its own "
                         "licence: {named} and {more} more.",
                         "A built Cardhall carries {n} pieces of other people's software, each under "
                         "its own licence: {named} and {more} more.", len(components)).format(
                    n=len(components), named=", ".join(named), more=len(components) - len(named)), "",
                _("Choose **Licences** (key L) to read each one in full."), ""]
    else:
        out += [_("The notices of the third-party software (NOTICES.md) are missing from this copy."), ""]
    return "\n".join(out)


def load_notices() -> tuple[str, list[about.Notice]] | None:
    source = about.document_text("NOTICES.md")
    if source is None:
        return None
    return about.parse_notices(source)


class AboutScene(PageScene):
    def __init__(self, app):
        found = load_notices()
        self.notices = found[1] if found else None
        super().__init__(app, _("About Cardhall"))

    def _load(self) -> list[RT.Block]:
        return RT.parse(about_markdown(self.storage, self.notices))

    def build(self) -> None:
        super().build()
        self.licences_button = Button(_("Licences"), self.open_notices, shortcut=pygame.K_l)
        self.licences_button.enabled = bool(self.notices)
        self.form.set_widgets([self.back_button, self.licences_button], keep_focus=False)

    def layout(self, size) -> None:
        super().layout(size)
        self.licences_button.rect = pygame.Rect(size[0] - 24 - 170, 24, 170, 40)

    def open_notices(self) -> None:
        self.app.push(NoticesScene(self.app))


class NoticesScene(PageScene):
    """NOTICES.md: the components on the left (↑↓ or a click chooses), the chosen one's notice and
    licence on the right (wheel, PgUp/PgDn, Home/End scroll)."""

    hints = [("↑↓", _l("Choose")), ("PgUp PgDn", _l("Scroll")), ("Esc", _l("Back"))]
    reading_keys = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: -1, pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}
    reading_hint = _l("The up and down arrows choose a component; Page Down reads on, Page Up goes back.")
    LIST_W = 280
    GAP = 16

    def __init__(self, app):
        found = load_notices()
        intro, notices = found if found else (_("The notices file (NOTICES.md) is missing from this copy."), [])
        # The first entry is the file's introduction with every component and its licence.
        table = ["| " + _("component") + " | " + _("licence") + " |", "| --- | --- |"] + [f"| {n.name} | {n.licence} |" for n in notices if n.licence]
        overview = about.Notice(_("Overview"), "", (), intro + "\n\n" + "\n".join(table))
        self.entries = [overview] + notices
        self.chosen = 0
        self.list_scroll = 0
        super().__init__(app, _("Licences"))

    def _load(self) -> list[RT.Block]:
        return RT.parse(self.entries[self.chosen].text)

    def page_rect(self, size) -> pygame.Rect:
        w, h = size
        total = min(1180, w - 48)
        left = (w - total) // 2
        return pygame.Rect(left + self.LIST_W + self.GAP, 96, total - self.LIST_W - self.GAP, h - 96 - 80)

    def layout(self, size) -> None:
        super().layout(size)
        self.list_rect = pygame.Rect(self.page.x - self.GAP - self.LIST_W, self.page.y, self.LIST_W, self.page.h)
        self._keep_chosen_in_view()

    # -- the list --------------------------------------------------------------------------------
    @property
    def row_h(self) -> int:
        return T.line_height(TH.SMALL) + 10

    def _rows_shown(self) -> int:
        return max(1, (self.list_rect.h - 16) // self.row_h)

    def _keep_chosen_in_view(self) -> None:
        shown = self._rows_shown()
        if self.chosen < self.list_scroll:
            self.list_scroll = self.chosen
        elif self.chosen >= self.list_scroll + shown:
            self.list_scroll = self.chosen - shown + 1
        self.list_scroll = max(0, min(self.list_scroll, max(0, len(self.entries) - shown)))

    def row_rect(self, index: int) -> pygame.Rect | None:
        shown = self._rows_shown()
        pos = index - self.list_scroll
        if not 0 <= pos < shown:
            return None
        return pygame.Rect(self.list_rect.x + 8, self.list_rect.y + 8 + pos * self.row_h, self.list_rect.w - 16, self.row_h)

    def choose(self, index: int) -> None:
        index = max(0, min(len(self.entries) - 1, index))
        if index != self.chosen:
            self.chosen = index
            self._keep_chosen_in_view()
            self.set_blocks(self._load())
            self.app.voice.say(self.entries[index].name, interrupt=True)     # (speech: its name, then its first block)
            self.app.voice.say(next(iter(self.page_lines()), ""))

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.choose(self.chosen + (1 if event.key == pygame.K_DOWN else -1))
            return
        if event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(pygame.mouse.get_pos()):
            shown = self._rows_shown()
            self.list_scroll = max(0, min(len(self.entries) - shown, self.list_scroll - event.y))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(len(self.entries)):
                rect = self.row_rect(i)
                if rect is not None and rect.collidepoint(event.pos):
                    self.sound.play("click")
                    self.choose(i)
                    return
        super().handle_event(event)

    # -- drawing ---------------------------------------------------------------------------------
    def draw_content(self, surface) -> None:
        pal = self.palette
        TH.draw_panel(surface, self.list_rect, pal, fill=(4, 22, 15, 225))
        for i, entry in enumerate(self.entries):
            rect = self.row_rect(i)
            if rect is None:
                continue
            if i == self.chosen:
                pygame.draw.rect(surface, pal.button_hover, rect, border_radius=6)
                pygame.draw.rect(surface, pal.accent, (rect.x, rect.y + 5, 4, rect.h - 10), border_radius=2)
            words = T.wrap(entry.name, TH.SMALL, rect.w - 24)
            name = words[0] + ("…" if len(words) > 1 else "")
            T.blit_text(surface, name, TH.SMALL, pal.text if i == self.chosen else pal.text_dim,
                        (rect.x + 14, rect.centery), "midleft", bold=i == self.chosen)
        shown = self._rows_shown()
        if len(self.entries) > shown:
            more = []
            if self.list_scroll > 0:
                more.append("▲")
            if self.list_scroll + shown < len(self.entries):
                more.append("▼")
            T.blit_text(surface, " ".join(more), TH.TINY, pal.text_dim,
                        (self.list_rect.right - 10, self.list_rect.bottom - 4), "bottomright")

