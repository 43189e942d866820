"""HUD and narration: the seats' plates and glow, the prompt, what just happened, a refusal's
message, floating texts, the reaction ring, the key hints, and the round and match results (with
the match chart). Everything it shows comes from the views and the animated events."""

from __future__ import annotations

import logging
import math
from collections import deque

import pygame

from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.table.wording import reword, you_form
from game.core.view import SPECTATOR

_log = logging.getLogger(__name__)


class Floating:
    """A short text that rises and fades over a point of the table."""

    __slots__ = ("text", "x", "y", "age", "life", "colour")

    def __init__(self, text: str, pos: tuple[float, float], colour, life: float = 1.6):
        self.text, self.x, self.y, self.age, self.life, self.colour = text, pos[0], pos[1], 0.0, life, colour



class Hud:
    """Mixin of TableScene: texts, plates, ring and overlays."""

    ring_label = ""          # the reaction ring's label while its window has no deadline

    def init_hud(self) -> None:
        self.floating: list[Floating] = []
        self.narration: deque[str] = deque(maxlen=3)
        self.message: tuple[str, float] | None = None   # (text, seconds left): why a click failed
        self.chart: pygame.Surface | None = None
        self.shown_totals: dict[str, float] = {}

    def say(self, text: str, seconds: float = 2.2) -> None:
        self.message = (text, seconds)

    def narrate(self, text: str) -> None:
        self.narration.append(you_form(text))

    def float_text(self, seat: int | None, text: str, colour=None) -> None:
        pos = self.seat_point(seat) if seat is not None else self.layout.centre
        self.floating.append(Floating(text, pos, colour or self.palette.text))

    def update_hud(self, dt: float) -> None:
        if self.message is not None:
            text, left = self.message
            self.message = (text, left - dt) if left - dt > 0 else None
        for f in self.floating:
            f.age += dt
        self.floating = [f for f in self.floating if f.age < f.life]

    def prompt(self) -> str:
        return ""

    def key_hints(self) -> list[tuple[str, str]]:
        return [("Esc", "Pause")]

    def draw_ring(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        """The reaction window's countdown ring around the discard pile."""
        ev = self.window
        if ev is None or self.queue or self.match.view(SPECTATOR).window(ev.trigger) is None:
            return      # (a window the rules have closed, or paused for a choice, shows no ring)
        L = self.layout
        cx, cy = L.discard_pos
        r = int(max(L.pile_card) * 0.5 + 16 * L.unit)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (int(cx), int(cy))
        pygame.draw.circle(surface, (0, 0, 0), rect.center, r, 7)
        if ev.deadline is None:
            frac = 1.0
            colour = TH.lighten(pal.info, 0.3 * (0.5 + 0.5 * math.sin(self.time * 4)))
            label = self.ring_label
        else:
            total = max(1e-6, ev.deadline - ev.opened_at)
            left = max(0.0, ev.deadline - self.table_time)
            frac = left / total
            colour = pal.good if frac > 0.5 else (pal.accent if frac > 0.2 else pal.bad)
            label = f"{left:0.1f}s"
        if frac > 0:
            start = math.pi / 2
            pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * frac, 6)
        T.blit_text(surface, label, TH.SMALL, colour, (rect.centerx, rect.top - 4), "midbottom", bold=True)

    def draw_seats(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        acting = set(self.match.view(SPECTATOR).acting) if not self.animating else set()
        for seat in range(len(self.names)):
            slots = self.grid_len.get(seat, 4)
            x, y, w, h = bounds = self.seat_area(seat)
            area = pygame.Rect(x, y, w, h).inflate(int(22 * self.layout.unit), int(22 * self.layout.unit))
            is_turn = seat == self.turn and self.round_result is None
            if is_turn:
                # The thinking seat glows (a few cached steps of a slow pulse; never a new surface per frame).
                glow = round((0.55 + 0.45 * math.sin(self.time * 3.2)) * 4) / 4 if seat not in self.humans else 1.0
                colour = TH.lighten(pal.seat_colour(seat), 0.2 * glow)
                surface.blit(TH.panel(area.size, (*pal.seat_colour(seat), int(40 + 40 * glow)), colour, 14, 3), area.topleft)
            (px, py), anchor = self.plate_at(seat, slots, bounds)
            total = int(round(self.shown_totals.get(str(seat), 0)))
            label = self.plate_text(seat, total)
            txt = T.text(label, TH.SMALL, pal.text, True)
            box = txt.get_rect(**{anchor: (px, py)}).inflate(18, 8)
            fill = (*TH.darken(pal.seat_colour(seat), 0.55), 220)
            surface.blit(TH.panel(box.size, fill, pal.seat_colour(seat) if is_turn else None, 8, 2), box.topleft)
            T.blit_text(surface, label, TH.SMALL, pal.text, box.center, "center", bold=True)
            tag = self.seat_tag(seat, acting)
            if tag:
                T.blit_text(surface, tag[0], TH.TINY, tag[1], (box.centerx, box.bottom + 3), "midtop", bold=True)

    def plate_at(self, seat: int, slots: int, bounds: tuple[int, int, int, int]) -> tuple[tuple[int, int], str]:
        """Where a seat's name plate goes (and its anchor), beside the seat's cards."""
        return self.layout.plate_pos(seat, slots, bounds)

    def plate_text(self, seat: int, total: int) -> str:
        return f"{self.names[seat]}  ·  {total}"

    def seat_tag(self, seat: int, acting: set) -> tuple[str, tuple] | None:
        pal = self.palette
        if seat == self.turn and seat not in self.humans and self.round_result is None:
            return "thinking…", pal.accent
        if self.window is not None and seat in self.window_passed:
            return "pass", pal.text_dim
        return None

    def draw_texts(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        L = self.layout
        w, h = L.size
        cx, cy = L.centre
        base_y = cy + int(L.pile_card[1] * 0.5 + 46 * L.unit)
        if self.hold is not None:
            prompt = self.hold.prompt
        elif self.match_result is not None or self.round_result is not None:
            prompt = ""
        else:
            prompt = self.prompt() if self.ready_for_input() else ""
        if prompt:
            lines = T.wrap(prompt, TH.BODY, int(w * 0.5), True)
            lh = T.line_height(TH.BODY, True)
            width = max(T.text(line, TH.BODY, pal.text, True).get_width() for line in lines)
            box = pygame.Rect(0, 0, width + 26, lh * len(lines) + 12)
            box.midtop = (cx, base_y - lh // 2 - 6)
            surface.blit(TH.panel(box.size, (6, 28, 20, 215), pal.accent, 10, 2), box.topleft)
            for i, line in enumerate(lines):
                T.blit_text(surface, line, TH.BODY, pal.text, (cx, box.y + 6 + i * lh), "midtop", bold=True)
        # What just happened, to the right of the discard pile.
        nx = self.narration_left()
        width = max(120, int(w * 0.82) - nx) if len(self.names) > 3 else int(w * 0.95) - nx
        lines: list[str] = []
        for line in list(self.narration)[-3:]:
            lines.extend(T.wrap(line, TH.SMALL, width))
        lines = lines[-5:]
        ny = int(cy - len(lines) * 19 / 2)
        for i, line in enumerate(lines):
            colour = pal.text if i == len(lines) - 1 else pal.text_dim
            T.blit_text(surface, line, TH.SMALL, colour, (nx, ny + i * 19), "topleft")
        if self.message is not None:
            text, left = self.message
            txt = T.text(text, TH.BODY, (255, 255, 255), True)
            box = txt.get_rect(center=(cx, cy - L.pile_card[1] // 2 - int(44 * L.unit))).inflate(26, 12)
            surface.blit(TH.panel(box.size, (*TH.darken(pal.bad, 0.35), 235), pal.bad, 10, 2), box.topleft)
            T.blit_text(surface, text, TH.BODY, (255, 255, 255), box.center, "center", bold=True)
        for f in self.floating:
            k = f.age / f.life
            T.blit_text(surface, f.text, TH.BODY, f.colour, (int(f.x), int(f.y - 40 * k)), "center", bold=True)
        T.blit_text(surface, f"{self.variant_title} · round {max(1, self.match.view(SPECTATOR).round)}", TH.SMALL, pal.text_dim, (14, 10))
        hints = self.key_hints()
        if hints:
            y0 = h - 14 - 20 * len(hints)
            for i, (key, what) in enumerate(hints):
                k = T.text(key, TH.TINY, pal.text, True)
                box = pygame.Rect(14, y0 + i * 20, max(k.get_width() + 10, 26), 18)
                pygame.draw.rect(surface, pal.button, box, border_radius=4)
                pygame.draw.rect(surface, pal.button_border, box, 1, border_radius=4)
                T.blit_text(surface, key, TH.TINY, pal.text, box.center, "center", bold=True)
                T.blit_text(surface, what, TH.TINY, pal.text_dim, (box.right + 8, box.centery), "midleft")

    def narration_left(self) -> int:
        """Where the narration starts: right of the discard pile (a table whose pile fans out
        further moves it)."""
        L = self.layout
        return int(L.discard_pos[0] + L.pile_card[0] * 0.5 + 46 * L.unit)

    def overlay_rect(self) -> pygame.Rect:
        w, h = self.layout.size
        n = len(self.names)
        if self.match_result is not None:
            height = 150 + 26 * n + (250 if self.chart is not None else 0)
            r = pygame.Rect(0, 0, 640, min(h - 40, height))
        else:
            notes = len(self.round_result.notes) if self.round_result else 0
            r = pygame.Rect(0, 0, 560, 130 + 26 * n + 20 * notes + 50)
        r.center = (w // 2, h // 2 - (0 if self.match_result is not None else int(10 * self.layout.unit)))
        return r

    def draw_overlay(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        if self.tweens.busy and self.match_result is None and self.round_result is not None and self.queue:
            return
        panel = self.overlay_rect()
        surface.blit(TH.panel(panel.size, (6, 26, 18, 232), pal.accent, 14, 2), panel.topleft)
        y = panel.y + 18
        if self.match_result is not None:
            ev = self.match_result
            winners = " and ".join(self.names[w] for w in ev.winners)
            title = you_form(f"{winners} win{'s' if len(ev.winners) == 1 else ''} the match!")
            T.blit_text(surface, title, TH.H2, pal.accent, (panel.centerx, y), "midtop", bold=True)
            y += 44
            order = sorted(range(len(self.names)), key=lambda s: ev.totals[s])
            for rank, seat in enumerate(order):
                colour = pal.accent if seat in ev.winners else pal.text
                T.blit_text(surface, f"{rank + 1}.", TH.BODY, colour, (panel.x + 150, y), "topright", bold=True)
                T.blit_text(surface, self.names[seat], TH.BODY, colour, (panel.x + 166, y))
                T.blit_text(surface, str(ev.totals[seat]), TH.BODY, colour, (panel.right - 150, y), "topright", bold=True)
                y += 26
            if self.chart is not None:
                y += 8
                surface.blit(self.chart, self.chart.get_rect(midtop=(panel.centerx, y)))
            return
        ev = self.round_result
        assert ev is not None
        T.blit_text(surface, f"Round {ev.round}: scores", TH.H2, pal.text, (panel.centerx, y), "midtop", bold=True)
        y += 42
        cols = (panel.x + 30, panel.x + 300, panel.x + 400, panel.right - 30)
        for text, x, anchor in (("Player", cols[0], "topleft"), ("Hand", cols[1], "topright"),
                                ("Round", cols[2], "topright"), ("Total", cols[3], "topright")):
            T.blit_text(surface, text, TH.SMALL, pal.text_dim, (x, y), anchor)
        y += 24
        for seat in range(len(self.names)):
            colour = pal.seat_colour(seat)
            T.blit_text(surface, self.names[seat], TH.BODY, colour, (cols[0], y), bold=True)
            T.blit_text(surface, str(ev.hands[seat]), TH.BODY, pal.text, (cols[1], y), "topright")
            bonus = ev.scores[seat] - ev.hands[seat]
            round_text = str(ev.scores[seat]) + (f" ({'+' if bonus > 0 else ''}{bonus})" if bonus else "")
            T.blit_text(surface, round_text, TH.BODY, pal.bad if bonus > 0 else pal.text, (cols[2], y), "topright")
            T.blit_text(surface, str(int(round(self.shown_totals.get(str(seat), 0)))), TH.BODY, pal.text, (cols[3], y), "topright", bold=True)
            y += 26
        y += 6
        for note in ev.notes:
            T.blit_text(surface, reword(note, self.names), TH.SMALL, pal.text_dim, (panel.centerx, y), "midtop")
            y += 20

    def build_chart(self) -> None:
        try:
            from game.client.scenes.stats import render_chart
            from game.client.storage import LastMatch

            view = self.match.view(SPECTATOR)
            running = [0] * len(self.names)
            rows = []
            for r in view.round_scores:
                running = [a + int(b) for a, b in zip(running, r)]
                rows.append(list(running))
            rows[-1:] = [list(view.totals)] if rows else []
            last = LastMatch(self.variant_id, list(self.names), rows or [list(view.totals)], list(view.winners))
            self.chart = render_chart(last, (560, 220), self.palette)
        except Exception:  # the chart is a nicety; the standings are drawn regardless
            _log.exception("the match chart could not be drawn")
            self.chart = None
