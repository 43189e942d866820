"""The match chart: the running totals round by round, a line per seat with its legend. Drawn by
the statistics screen (the last match) and by a table's match result."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.ui import text as T
from game.client.ui import theme as TH
from game.i18n import _


def _nice_step(span: float, target: int = 5) -> int:
    raw = max(1.0, span / target)
    for m in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if m >= raw:
            return m
    return int(raw)


SIDE_BY_SIDE = 5    # px between the lines of seats with equal totals at a round


def render_chart(last: Any, size: tuple[int, int], pal: TH.Palette,
                 marks: list[tuple[int, int, str]] | tuple = ()) -> pygame.Surface:
    """A match's running totals as a line chart (drawn once, kept by whoever shows it). `last` has
    the seats' `names`, the running totals after each round (`totals_by_round`) and the `winners`
    (a storage.LastMatch); `marks` labels single points: (round, seat, text), e.g. Kabu's halving
    of a total of exactly 50."""
    w, h = size
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    # Bounded, so even numbers the statistics file should never hold keep the chart drawable.
    rounds = [[max(-T.NUMBER_MAX, min(T.NUMBER_MAX, int(v))) for v in row] for row in last.totals_by_round]
    n = len(rounds)
    values = [v for row in rounds for v in row] + [0]
    lo, hi = min(values), max(values)
    step = _nice_step(hi - lo)
    lo = (lo // step) * step
    hi = -(-hi // step) * step
    if hi == lo:
        hi = lo + step
    legend_w = 170
    plot = pygame.Rect(56, 14, w - 56 - legend_w - 16, h - 14 - 44)

    def px(i: int) -> int:
        return plot.x + (int(plot.w * i / n) if n else 0)

    def py(v: float) -> int:
        return plot.bottom - int(plot.h * (v - lo) / (hi - lo))

    # grid + y axis labels
    v = lo
    while v <= hi:
        y = py(v)
        pygame.draw.line(surf, (*pal.panel_border, 90) if v else (*pal.text_dim, 160), (plot.x, y), (plot.right, y), 1)
        label = T.text(T.number(v), TH.TINY, pal.text_dim)
        surf.blit(label, label.get_rect(midright=(plot.x - 8, y)))
        v += step
    # axes
    pygame.draw.line(surf, pal.text_dim, plot.bottomleft, plot.topleft, 2)
    pygame.draw.line(surf, pal.text_dim, (plot.x, plot.bottom), (plot.right, plot.bottom), 2)
    # x labels: round numbers (0 = start)
    every = max(1, n // 12)
    for i in range(0, n + 1):
        if i % every and i != n:
            continue
        x = px(i)
        pygame.draw.line(surf, pal.text_dim, (x, plot.bottom), (x, plot.bottom + 5), 1)
        label = T.text(T.number(i), TH.TINY, pal.text_dim)
        surf.blit(label, label.get_rect(midtop=(x, plot.bottom + 8)))
    cap = T.text(_("Round"), TH.TINY, pal.text_dim)
    surf.blit(cap, cap.get_rect(midtop=(plot.centerx, plot.bottom + 24)))
    # lines; seats with equal totals at a round are drawn side by side there (one line hid the
    # other: Ada's and Bruno's 31 showed as one red line), the legend says with whom
    series = [[0] + [row[seat] for row in rounds] for seat in range(len(last.names))]
    shift = [[0] * (n + 1) for _ in last.names]
    for i in range(1, n + 1):
        groups: dict[int, list[int]] = {}
        for seat in range(len(last.names)):
            groups.setdefault(series[seat][i], []).append(seat)
        for same in groups.values():
            for k, seat in enumerate(same):
                shift[seat][i] = round((k - (len(same) - 1) / 2) * SIDE_BY_SIDE)
    for seat in range(len(last.names)):
        shift[seat][0] = shift[seat][1] if n else 0    # (all start at 0: each line leaves from its own side)
    styles = [0, 1, 2, 0, 1, 2]
    for seat, name in enumerate(last.names):
        colour = pal.seat_colour(seat)
        points = [(px(i), py(series[seat][i]) + shift[seat][i]) for i in range(n + 1)]
        width = 4 if seat in last.winners else 3
        if len(points) >= 2:
            pygame.draw.lines(surf, colour, False, points, width)
        for p in points[1:]:
            if styles[seat % 6] == 0:
                pygame.draw.circle(surf, colour, p, 5)
            elif styles[seat % 6] == 1:
                pygame.draw.rect(surf, colour, (p[0] - 4, p[1] - 4, 9, 9))
            else:
                pygame.draw.polygon(surf, colour, [(p[0], p[1] - 6), (p[0] + 6, p[1] + 4), (p[0] - 6, p[1] + 4)])
    for rnd, seat, text in marks:
        if 1 <= rnd <= n and 0 <= seat < len(last.names):
            p = (px(rnd), py(rounds[rnd - 1][seat]))
            pygame.draw.circle(surf, pal.accent, p, 9, 2)
            tag = T.text(f"½ {text}", TH.TINY, pal.accent, True)
            surf.blit(tag, tag.get_rect(midbottom=(p[0], p[1] - 10)))
    # legend
    lx, ly = plot.right + 20, plot.y
    for seat, name in enumerate(last.names):
        colour = pal.seat_colour(seat)
        pygame.draw.line(surf, colour, (lx, ly + 10), (lx + 26, ly + 10), 4)
        total = rounds[-1][seat] if rounds else 0
        star = " ★" if seat in last.winners else ""
        label = T.text(f"{T.clean(name, 24)}: {T.number(total)}{star}", TH.SMALL, pal.text)
        surf.blit(label, (lx + 34, ly))
        ly += 26
        twins = [other for other in range(len(last.names)) if other != seat and n
                 and all(series[other][i] == series[seat][i] for i in range(1, n + 1))]
        if twins:
            # (the whole line beside another's: say so, or one of them seems to be missing)
            words = T.wrap(_("same totals as {names}").format(names=", ".join(T.clean(last.names[o], 24) for o in twins)), TH.TINY, w - lx - 4)
            same = T.text(words[0] + ("…" if len(words) > 1 else ""), TH.TINY, pal.text_dim)
            surf.blit(same, (lx, ly - 6))
            ly += same.get_height() - 2
    if any(any(row) for row in shift):
        # under the plot's left end, clear of the round numbers and of _("Round") in the middle
        note = T.text(_("Equal totals are drawn side by side."), TH.TINY, pal.text_dim)
        surf.blit(note, note.get_rect(topleft=(plot.x, plot.bottom + 24)))
    return surf
