"""What happened, kept: the history panel and each seat's last move on the table.

Every line the table narrates (``Hud.narrate``) is also kept here with its round and the seat it
tells of, so a player can open the history (the History button or H) and scroll back through the
whole match: each line marked in its seat's colour, the player's own in their colour whatever the
language, and each seat's name in its colour. The table also marks each seat's last move: the cards it moved or looked at
get a short bright outline in the seat's colour that settles to a thin one until the seat moves
again, and a swap draws a trace between its two cards. Both are built from the animated events in
the shared handlers (facts.py), so every variant gets them without a line of its own.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.client.narration.wording import you_form
from game.client.table.director import actor_of
from game.client.table.canvas import Canvas
from game.client.table.sprites import CardSprite
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.i18n import _, pgettext

TRACE_BRIGHT = 2.4      # seconds a last move is outlined brightly before it settles
HISTORY_KEY = pygame.K_h


def repeated(last: str, line: str) -> str | None:
    """``last`` counted once more if ``line`` says the same thing again at once (two cards looked
    at, a penalty drawn card by card): "Ada looks at their own card (×2)."; else None."""
    if re.sub(r" \(×\d+\)(?=\.?$)", "", last) != line:
        return None
    m = re.search(r"\(×(\d+)\)", last)
    n = int(m.group(1)) + 1 if m else 2
    stop = "." if line.endswith(".") else ""
    return f"{line.rstrip('.')} (×{n}){stop}"


@dataclass
class Trace:
    """A seat's last move: the sprites it touched, whether they swapped places, when."""

    seat: int
    step: int
    sprites: list[CardSprite] = field(default_factory=list)
    swap: bool = False
    born: float = 0.0
    draws: bool = False     # cards drawn into the seat's own hand (a penalty goes on with the next draw)


class History:
    """The kept narration, the panel that shows it, the last-move traces."""

    interface = ("lines", "is_open", "scroll", "traces", "remember", "recall", "next_step", "deal_started",
                 "mark_move", "clear_traces", "toggle", "handle", "rect", "draw_panel", "draw_traces")

    def __init__(self, screen: Any, zones: Any, narrator: Any, on_toggle: Callable[[], None]):
        self.screen, self.zones = screen, zones
        self.narrator = narrator          # (a fresh one of the same game tells a continued match's past)
        self.on_toggle = on_toggle        # (the History button says "Hide history" while it is open)
        self.lines: list[tuple[int, str]] = []       # (round, line) for the whole match
        self.seats: list[int | None] = []            # the seat each line tells of (None: the table's)
        self.is_open = False
        self.scroll = 0                              # lines scrolled up from the newest
        self.traces: dict[int, Trace] = {}
        self.trace_step = 0                          # one per batch of events (one action)
        self.deal_step: int | None = None            # the step that dealt the round (its peeks are nobody's move)
        self.last_mover: int | None = None           # the seat whose move was marked last

    # -- keeping ---------------------------------------------------------------------------------
    def recall(self, record) -> list[str]:
        """A continued match: the panel tells the match so far as the game's narrator tells the
        record, with a spectator's eyes, so nothing the player could not see (it was empty after
        Continue). Returns the last lines, for the news beside the pile."""
        from game.client.narration.record import told_record

        narrator = type(self.narrator)(self.screen.names, self.narrator.you)
        # the seat of each line told, as the table's director passes it for a line it narrates
        actors: list[int | None] = []
        tell = narrator.tell

        def telling(ev, nxt=None):
            line = tell(ev, nxt)
            if line:
                actors.append(actor_of(ev))
            return line
        narrator.tell = telling
        recalled: list[tuple[int, str]] = []
        seats: list[int | None] = []
        for (rnd, text), seat in zip(told_record(record, narrator), actors):
            line = you_form(text)
            again = repeated(recalled[-1][1], line) if recalled else None   # (counted, as narrate does)
            if again is not None:
                recalled[-1] = (recalled[-1][0], again)
            else:
                recalled.append((rnd, line))
                seats.append(seat)
        self.lines = recalled + self.lines
        self.seats = seats + self.seats
        return [line for _, line in recalled[-3:]]

    def remember(self, line: str, seat: int | None = None) -> None:
        rnd = max(1, getattr(self.screen.shown, "round", 1) or 1)
        again = repeated(self.lines[-1][1], line) if self.lines else None
        if again is not None:
            self.lines[-1] = (self.lines[-1][0], again)
            return
        most = self.max_scroll() if self.scroll else 0
        self.lines.append((rnd, line))
        self.seats.append(seat)
        if self.scroll:
            self.scroll = min(self.scroll, most) + 1     # keep the lines the player is reading where they are

    def next_step(self) -> None:
        """One action's events came: a seat's moves in it are one "last move"."""
        self.trace_step += 1

    def deal_started(self) -> None:
        self.deal_step = self.trace_step

    def mark_move(self, seat: int, sprites: list[CardSprite], swap: bool = False, draws: bool = False) -> None:
        """``seat`` moved or looked at these cards (in this action): its last move on the table.
        ``draws``: cards drawn into its own hand; draws that follow each other with nobody else
        moving in between (a penalty taken card after card, one action each) are one move."""
        if not 0 <= seat < self.screen.seats or self.trace_step == self.deal_step:
            return
        trace = self.traces.get(seat)
        goes_on = trace is not None and draws and trace.draws and self.last_mover == seat
        now = self.screen.time
        if trace is None or (trace.step != self.trace_step and not goes_on):
            trace = self.traces[seat] = Trace(seat, self.trace_step, born=now, draws=draws)
        trace.step = self.trace_step
        trace.draws = trace.draws and draws
        self.last_mover = seat
        for s in sprites:
            if s not in trace.sprites:
                trace.sprites.append(s)
        trace.swap = trace.swap or swap
        trace.born = now

    def clear_traces(self) -> None:
        self.traces.clear()
        self.last_mover = None

    # -- the panel ------------------------------------------------------------------------------
    def toggle(self) -> None:
        self.is_open = not self.is_open
        self.scroll = 0
        self.on_toggle()

    def handle(self, event: pygame.event.Event) -> bool:
        """Keys and the wheel for the panel, and a click on it (not on the table under it); True
        when the event was the panel's."""
        if event.type == pygame.KEYDOWN and event.key == HISTORY_KEY and not (event.mod & pygame.KMOD_CTRL):
            self.toggle()
            return True
        if not self.is_open:
            return False
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_PAGEUP: 8, pygame.K_PAGEDOWN: -8, pygame.K_HOME: 10 ** 6, pygame.K_END: -10 ** 6}.get(event.key)
            if step is not None:
                self.scroll_by(step)
                return True
            if event.key == pygame.K_ESCAPE:
                self.toggle()
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(3 * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return True          # (old-style wheel clicks: the MOUSEWHEEL event scrolls)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect().collidepoint(event.pos):
            return True          # a click on the open panel is not a click on the table under it
        return False

    def scroll_by(self, lines: int) -> None:
        most = self.max_scroll()
        self.scroll = max(0, min(min(self.scroll, most) + lines, most))

    def max_scroll(self) -> int:
        """How far up the panel can scroll: its rows but those that fit."""
        rect = self.rect()
        return max(0, len(self.rows(rect.w - 32)) - self.fits(rect))

    def fits(self, rect: pygame.Rect) -> int:
        return max(1, (rect.bottom - 12 - self.header(rect)[1]) // (T.line_height(TH.SMALL) + 3))

    @staticmethod
    def header(rect: pygame.Rect) -> tuple[list[str], int]:
        """The keys' hint in lines that end before the title, and where the rows begin: under the
        hint and the "▲ more" below it (in German "H schließt · Mausrad..." touched "▲ mehr", and a
        longer language's hint ran into the title)."""
        title = T.text(_("History"), TH.BODY, (0, 0, 0), True).get_width()
        room = max(120, rect.w - 16 - title - 16 - 14)
        lines = T.wrap(_("H close · wheel, PgUp/PgDn scroll"), TH.TINY, room)
        tiny = T.line_height(TH.TINY)
        return lines, max(rect.y + 44, rect.y + 8 + tiny * len(lines) + 2 + tiny + 2)

    def rect(self) -> pygame.Rect:
        w, h = self.screen.layout.size
        width = min(460, max(300, int(w * 0.36)))
        return pygame.Rect(w - width - 12, 52, width, h - 52 - 12)

    def rows(self, width: int) -> list[tuple[str, str, int | None]]:
        """("head" | "line", text, seat) rows of the panel, wrapped to ``width``."""
        rows: list[tuple[str, str, int | None]] = []
        last_round = None
        for (rnd, line), seat in zip(self.lines, self.seats):
            if rnd != last_round:
                rows.append(("head", _("Round {n}").format(n=rnd), None))
                last_round = rnd
            for i, part in enumerate(T.wrap(line, TH.SMALL, width - 14)):
                rows.append(("line", part if i == 0 else "  " + part, seat))
        return rows

    def draw_panel(self, canvas: Canvas) -> None:
        if not self.is_open:
            return
        surface, pal = canvas.surface, canvas.pal
        rect = self.rect()
        surface.blit(TH.panel(rect.size, (8, 24, 18, 246), pal.accent, 12, 2), rect.topleft)
        T.blit_text(surface, _("History"), TH.BODY, pal.text, (rect.x + 16, rect.y + 10), bold=True)
        hint, top = self.header(rect)
        for i, line in enumerate(hint):
            T.blit_text(surface, line, TH.TINY, pal.text_dim, (rect.right - 14, rect.y + 8 + i * T.line_height(TH.TINY)), "topright")
        rows = self.rows(rect.w - 32)
        lh = T.line_height(TH.SMALL) + 3
        bottom = rect.bottom - 12
        fits = self.fits(rect)
        scroll = min(self.scroll, max(0, len(rows) - fits))
        end = max(0, len(rows) - scroll)
        start = max(0, end - fits)
        y = top
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-4, -4))
        for kind, text, seat in rows[start:end]:
            if kind == "head":
                pygame.draw.line(surface, TH.darken(pal.text_dim, 0.4), (rect.x + 16, y + lh // 2), (rect.right - 16, y + lh // 2), 1)
                t = T.text(text, TH.TINY, pal.accent, True)
                bg = t.get_rect(center=(rect.centerx, y + lh // 2)).inflate(12, 2)
                pygame.draw.rect(surface, (8, 24, 18), bg)
                T.blit_text(surface, text, TH.TINY, pal.accent, bg.center, "center", bold=True)
            else:
                self.draw_named_line(surface, text, (rect.x + 16, y), pal, seat)
            y += lh
        surface.set_clip(clip)
        if start > 0:
            T.blit_text(surface, _("▲ more"), TH.TINY, pal.text_dim, (rect.right - 16, top - 2), "bottomright")
        if scroll:
            T.blit_text(surface, _("▼ newer"), TH.TINY, pal.text_dim, (rect.right - 16, bottom + 2), "bottomright")

    def name_colours(self, pal: TH.Palette) -> dict[str, tuple]:
        """Each seat's name in its colour, and the words the lines use for the player told in the
        second person, in the player's language (only English's "You" and "your" were coloured)."""
        colours = {name: pal.seat_colour(i) for i, name in enumerate(self.screen.names)}
        if len(self.screen.you) == 1:
            (seat,) = self.screen.you
            for word in pgettext("the history's words for the player (coloured as their seat), spaced",
                                 "You Your you your yours").split():
                if word.isalpha():          # (the pseudo-locale's brackets and padding are no word)
                    colours[word] = pal.seat_colour(seat)
        return colours

    def draw_named_line(self, surface: pygame.Surface, line: str, pos: tuple[int, int], pal: TH.Palette,
                        seat: int | None = None) -> None:
        """A line marked in the colour of the seat it tells of, the player's own line in the
        player's colour (in every language: only the words for the player were coloured), and every
        seat's name (and those words) in that seat's colour."""
        x, y = pos
        own = seat is not None and seat in self.narrator.you
        plain = TH.lighten(pal.seat_colour(seat), 0.25) if own else pal.text
        if seat is not None:
            lh = T.line_height(TH.SMALL)
            pygame.draw.rect(surface, pal.seat_colour(seat), (x - 9, y + 2, 3, lh - 3), border_radius=1)
        colours = self.name_colours(pal)
        names = sorted(colours, key=len, reverse=True)
        if not names:
            T.blit_text(surface, line, TH.SMALL, plain, pos)
            return
        pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\w)")
        at = 0
        for m in pattern.finditer(line):
            if m.start() > at:
                x = T.blit_text(surface, line[at:m.start()], TH.SMALL, plain, (x, y)).right
            x = T.blit_text(surface, m.group(1), TH.SMALL, TH.lighten(colours[m.group(1)], 0.25), (x, y), bold=True).right
            at = m.end()
        if at < len(line):
            T.blit_text(surface, line[at:], TH.SMALL, plain, (x, y))

    # -- the last moves on the table ------------------------------------------------------------------
    def draw_traces(self, canvas: Canvas) -> None:
        if self.screen.curtain is not None:
            return
        surface, pal = canvas.surface, canvas.pal
        on_table = {id(s) for name in ("grid", "hand", "held") for _, s in self.zones.kind(name).resting()}
        on_table.update(id(s) for s in self.zones.discard[-1:])
        unit = self.screen.layout.unit
        for seat, trace in self.traces.items():
            shown = [s for s in trace.sprites if id(s) in on_table and not s.moving]
            if not shown:
                continue
            age = self.screen.time - trace.born
            colour = pal.seat_colour(seat)
            bright = age < TRACE_BRIGHT
            width = max(2, int((4 if bright else 2) * unit))
            if bright:
                pulse = 0.5 + 0.5 * math.sin(age * 7)
                colour = TH.lighten(colour, 0.3 * pulse)
            rects = [s.rect() for s in shown]
            if trace.swap and len(rects) == 2 and age < 2 * TRACE_BRIGHT:
                self.draw_swap_trace(surface, rects[0].center, rects[1].center, colour, bright)
            for r in rects:
                pygame.draw.rect(surface, colour, r.inflate(10, 10), width, border_radius=9)

    def draw_swap_trace(self, surface: pygame.Surface, a, b, colour, bright: bool) -> None:
        """A dashed line between the two swapped cards, a dot at each end."""
        unit = self.screen.layout.unit
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        if length < 1:
            return
        dash = 14 * unit
        n = max(1, int(length / dash))
        width = max(2, int((3 if bright else 2) * unit))
        for i in range(0, n, 2):
            p0 = (a[0] + dx * i / n, a[1] + dy * i / n)
            p1 = (a[0] + dx * min(n, i + 1) / n, a[1] + dy * min(n, i + 1) / n)
            pygame.draw.line(surface, colour, p0, p1, width)
        for p in (a, b):
            pygame.draw.circle(surface, colour, (int(p[0]), int(p[1])), max(4, int(6 * unit)))
