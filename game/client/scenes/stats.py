"""Statistics: per variant matches played / won, best and average score; a line chart of the last
match's running totals round by round (one line per seat, legend, axes)."""

from __future__ import annotations

import pygame

from game import games
from game.client.scene import MenuScene, draw_hints
from game.client.ui import text as T
from game.client.ui.chart import render_chart
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.i18n import _, _l


class StatsScene(MenuScene):
    title = _l("Statistics")
    hints = [("Esc", _l("Back"))]

    def build(self) -> None:
        self.back_button = Button(_("Back"), self.back, hint="Esc")
        self.reset_button = Button(_("Reset statistics…"), self.reset)
        self.confirming = False
        self.form.set_widgets([self.back_button, self.reset_button], keep_focus=False)
        titles = {e.id: e.title for e in games.entries()}
        stats = self.storage.stats
        self.rows = []
        for vid in sorted(set(stats.variants) | set(titles)):
            vs = stats.variants.get(vid)
            if vs is None:
                self.rows.append((T.clean(titles.get(vid, vid), 30), "0", "0", "–", "–", "–"))
            else:
                avg = "–" if vs.average is None else f"{T.number(vs.average)} pts"
                best = "–" if vs.best is None else f"{T.number(vs.best)} pts"
                rate = f"{vs.won / vs.played:.0%}" if vs.played else "–"
                played = T.number(vs.played) + (f" ({T.number(vs.coached)} coached)" if vs.coached else "")
                self.rows.append((T.clean(titles.get(vid, vid), 30), played, T.number(vs.won), rate, best, avg))
        self.higher_better = sorted(titles.get(vid, vid) for vid, vs in stats.variants.items() if not vs.lowest_wins)
        self.last = stats.last_match
        self.last_title = T.clean(titles.get(self.last.variant, self.last.variant), 30) if self.last else ""
        self.chart = None

    def layout(self, size) -> None:
        w, h = size
        # Rows close up a little once there are more variants than five, so every one still shows.
        self.row_h = 36 if len(self.rows) <= 5 else 30
        self.table_rect = pygame.Rect(48, 100, w - 96, min(60 + self.row_h * max(1, len(self.rows)), 280) + 30)
        self.chart_rect = pygame.Rect(48, self.table_rect.bottom + 20, w - 96, h - self.table_rect.bottom - 20 - 100)
        self.back_button.rect = pygame.Rect(24, 24, 150, 40)
        self.reset_button.rect = pygame.Rect(w - 24 - 280, 24, 280, 40)
        self.chart = None
        if self.last is not None and self.chart_rect.h > 120:
            self.chart = render_chart(self.last, (self.chart_rect.w - 40, self.chart_rect.h - 60), self.palette)
            if pygame.display.get_surface() is not None:
                self.chart = self.chart.convert_alpha()

    def resume(self) -> None:
        self.rebuild()

    def heads(self) -> tuple[str, ...]:
        return (_("Game"), _("Played"), _("Won"), _("Win rate"), _("Best total"), _("Average total"))

    def note(self) -> str:
        if self.higher_better:
            return _("Totals are your points at the end of a match: fewer is better (more in {games}).").format(
                games=", ".join(self.higher_better))
        return _("Totals are your points at the end of a match: fewer is better.")

    def spoken_screen(self) -> list[str]:
        heads = self.heads()
        lines = [str(self.title)]
        lines += [f"{row[0]}: " + ", ".join(f"{head} {cell}" for head, cell in zip(heads[1:], row[1:]))
                  for row in self.rows] or [_("No games played yet.")]
        lines.append(self.note())
        if self.last is None:
            lines.append(_("Finish a match to see its scores round by round here."))
        else:
            totals = self.last.totals_by_round[-1] if self.last.totals_by_round else [0] * len(self.last.names)
            lines.append(_("Last match: {game}, totals after each round").format(game=self.last_title) + ": "
                         + ", ".join(f"{name} {T.number(total)}" for name, total in zip(self.last.names, totals)))
        return lines

    def reset(self) -> None:
        """Two presses: the first asks, the second erases."""
        if not self.confirming:
            self.confirming = True
            self.reset_button.text = _("Press again to erase all")
            return
        try:
            self.storage.reset_stats()
        except OSError as exc:
            self.app.toast(_("Statistics could not be reset: {error}").format(error=exc.strerror or exc))
            return
        self.app.toast(_("Statistics reset."))
        self.rebuild()

    # Where the columns start by default (fractions of the panel): kept where every cell fits.
    SHARES = (0.0, 0.34, 0.46, 0.56, 0.68, 0.84)

    def columns(self, r: pygame.Rect, heads: tuple[str, ...]) -> tuple[list[float], int]:
        """Each column's left edge and the cells' type: the usual places, but no column starts
        before the widest cell of the one before it has ended ("1 (1 coached)" ran into the Won
        column); the columns after it move right as far as the panel allows, the cells going to
        the smaller type where even that is too narrow."""
        inner = (r.x + 24, r.right - 16)
        for size, head_size in ((TH.BODY, TH.SMALL), (TH.SMALL, TH.SMALL), (TH.TINY, TH.SMALL), (TH.TINY, TH.TINY)):
            # (the heads drop to the smallest type last: a longer language's "Average total")
            widths = [max([T.text(head, head_size, (0, 0, 0), True).get_width()]
                          + [T.text(row[i], size, (0, 0, 0), i == 0).get_width() for row in self.rows]) + 16
                      for i, head in enumerate(heads)]
            cols: list[float] = []
            for i, share in enumerate(self.SHARES):
                x = r.x + 24 if i == 0 else max(r.x + r.w * share, cols[-1] + widths[i - 1])
                cols.append(x)
            if cols[-1] + widths[-1] - 16 <= inner[1]:
                return cols, size
        # Still too wide (a longer language's heads): the columns packed from the right edge back,
        # each as wide as its widest word, the first keeping what is left.
        x = inner[1] + 16
        for i in range(len(cols) - 1, 0, -1):
            x -= widths[i]
            cols[i] = max(x, cols[i - 1] + 24)
        return cols, TH.TINY

    def draw(self, surface) -> None:
        pal = self.palette
        self.draw_background(surface)
        self.draw_title(surface, 50)
        r = self.table_rect
        TH.draw_panel(surface, r, pal)
        heads = self.heads()
        cols, cell_size = self.columns(r, heads)
        # The heads in the smaller type where one would run into the next (the larger text sizes
        # in a small window: "Win rate Best total").
        room = [b - a - 8 for a, b in zip(cols, cols[1:] + [r.right - 16])]
        head_size = TH.SMALL if all(T.text(head, TH.SMALL, pal.text_dim, True).get_width() <= w
                                    for head, w in zip(heads, room)) else TH.TINY
        for i, (x, head) in enumerate(zip(cols, heads)):
            T.blit_text(surface, head, head_size, pal.text_dim, (int(x), r.y + 16), "topleft", bold=True)
        pygame.draw.line(surface, pal.panel_border, (r.x + 16, r.y + 44), (r.right - 16, r.y + 44))
        y = r.y + 54
        if not self.rows:
            T.blit_text(surface, _("No games played yet."), TH.BODY, pal.text_dim, (cols[0], y))
        for row in self.rows:
            if y > r.bottom - 60:
                break
            for i, (x, cell) in enumerate(zip(cols, row)):
                T.blit_text(surface, cell, cell_size, pal.text, (int(x), y), bold=(i == 0))
            y += self.row_h
        T.blit_text(surface, self.note(), TH.SMALL, pal.text_dim, (r.x + 24, r.bottom - 26))
        c = self.chart_rect
        TH.draw_panel(surface, c, pal)
        if self.last is None:
            T.blit_text(surface, _("Finish a match to see its scores round by round here."), TH.BODY, pal.text_dim, c.center, "center")
        else:
            T.blit_text(surface, _("Last match: {game}, totals after each round").format(game=self.last_title), TH.BODY, pal.text,
                        (c.x + 20, c.y + 14), bold=True)
            if self.chart is not None:
                surface.blit(self.chart, (c.x + 20, c.y + 48))
        self.form.draw(surface, pal)
        draw_hints(surface, pal, self.hints)
