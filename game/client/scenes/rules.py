"""Rules pages: a per-variant text from ``game/rules/<variant_id>.md``, parsed as Markdown
(markdown-it-py) and drawn with its headings, emphasis, lists, tables and card pictures
(game/client/ui/richtext.py), scrollable."""

from __future__ import annotations

import pygame

from game import games
from game.client.scene import MenuScene, VariantList, draw_hints
from game.client.ui import richtext as RT
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.resources import rules_path
from game.i18n import _, _l


class RulesChooser(VariantList):
    title = _l("Rules")
    empty_text = _l("No games are installed in this build yet.")

    def variants_listed(self) -> list:
        return list(games.entries())

    def choose(self, variant) -> None:
        self.app.push(RulesScene(self.app, variant.id, variant.title))


class PageScene(MenuScene):
    """A scrollable page of Markdown on a panel (rules, bot levels, About). Wheel, ↑↓, PgUp/PgDn,
    Home/End scroll; Esc goes back. Subclasses give ``_load`` (the page's blocks)."""

    hints = [("↑↓", _l("Scroll")), ("PgUp PgDn", _l("Page")), ("Esc", _l("Back"))]
    page_width = 900
    # Speech reads the page a block (a heading, a paragraph, a table row) at a time, as a screen
    # reader's browse mode: on arrival the title and the first block, then these keys read on,
    # back, or from either end (the page scrolls as before).
    reading_keys = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}
    reading_hint = _l("The down arrow reads on, the up arrow goes back.")

    def __init__(self, app, title: str = ""):
        self.app = app            # _load may read the storage or the settings
        self.title = title
        self.scroll = 0.0
        self.doc: pygame.Surface | None = None
        self.missing = False
        self.blocks = self._load()
        self.reading = 0              # the block speech read last
        self._lines: list[str] | None = None
        super().__init__(app)

    def _load(self) -> list[RT.Block]:
        return []

    def page_lines(self) -> list[str]:
        if self._lines is None:
            self._lines = RT.plain_lines(self.blocks)
        return self._lines

    def spoken_screen(self) -> list[str]:
        self.reading = 0
        lines = self.page_lines()
        return [str(self.title)] + lines[:1] + ([str(self.reading_hint)] if len(lines) > 1 else [])

    def read(self, step: int) -> None:
        """Speech: the block ``step`` blocks on from the last one read (said at once)."""
        lines = self.page_lines()
        if not lines:
            return
        if step > 0 and self.reading >= len(lines) - 1:
            self.app.voice.say(_("End of the page."), interrupt=True)
            return
        self.reading = max(0, min(len(lines) - 1, self.reading + step))
        self.app.voice.say(lines[self.reading], interrupt=True)

    def set_blocks(self, blocks: list[RT.Block]) -> None:
        """Show another page in the same place, from its top."""
        self.blocks = blocks
        self.scroll = 0.0
        self.reading = 0
        self._lines = None
        self.layout(self.size)

    def page_rect(self, size) -> pygame.Rect:
        w, h = size
        page = pygame.Rect(0, 0, min(self.page_width, w - 96), h - 96 - 80)
        page.midtop = (w // 2, 96)
        return page

    def build(self) -> None:
        self.back_button = Button(_("Back"), self.back, hint="Esc")
        self.form.set_widgets([self.back_button], keep_focus=False)

    def layout(self, size) -> None:
        self.page = self.page_rect(size)
        self.view = self.page.inflate(-56, -40)
        self.doc = RT.render(self.blocks, self.view.w, self.palette)
        if pygame.display.get_surface() is not None:
            self.doc = self.doc.convert_alpha()
        self.back_button.rect = pygame.Rect(24, 24, 150, 40)
        self._clamp()

    @property
    def max_scroll(self) -> int:
        return max(0, (self.doc.get_height() if self.doc else 0) - self.view.h)

    def _clamp(self) -> None:
        self.scroll = max(0.0, min(float(self.max_scroll), self.scroll))

    def scroll_by(self, dy: float) -> None:
        self.scroll += dy
        self._clamp()

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
            return
        if event.type == pygame.KEYDOWN and event.key in self.reading_keys and self.app.voice.on:
            self.read(self.reading_keys[event.key])
        if event.type == pygame.KEYDOWN:
            page = self.view.h - 60
            moves = {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_j: 40, pygame.K_k: -40,
                     pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_SPACE: page,
                     pygame.K_HOME: -1e9, pygame.K_END: 1e9}
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return
        super().handle_event(event)

    def draw(self, surface) -> None:
        pal = self.palette
        self.draw_background(surface)
        self.draw_title(surface, 44)
        TH.draw_panel(surface, self.page, pal, fill=(4, 22, 15, 225))
        if self.doc is not None:
            area = pygame.Rect(0, int(self.scroll), self.view.w, self.view.h)
            surface.blit(self.doc, self.view.topleft, area)
        if self.max_scroll:
            track = pygame.Rect(self.page.right - 14, self.view.y, 5, self.view.h)
            pygame.draw.rect(surface, pal.button, track, border_radius=2)
            th = max(30, int(track.h * self.view.h / (self.view.h + self.max_scroll)))
            ty = track.y + int((track.h - th) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, pal.text_dim, (track.x, ty, 5, th), border_radius=2)
        self.draw_content(surface)
        self.form.draw(surface, pal)
        draw_hints(surface, pal, self.hints)


class RulesScene(PageScene):
    """One variant's rules page, ``game/rules/<variant_id>.md``."""

    def __init__(self, app, variant_id: str, title: str | None = None):
        self.variant_id = variant_id
        super().__init__(app, _("{game}: rules").format(game=title or variant_id))

    def _load(self) -> list[RT.Block]:
        path = rules_path(self.variant_id)
        try:
            return RT.parse(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            self.missing = True
            return RT.parse("## " + _("No rules page yet") + "\n\n"
                            + _("The rules text for this game could not be found ({file}). "
                                "The game itself still plays by its full rules.").format(file=path.name))
