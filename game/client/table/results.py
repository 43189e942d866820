"""The round's and the match's results over the table: every hand revealed with the rule behind
each score, the running totals counting up on the plates, the final standings with the match
chart (ui/chart.py), a burst of confetti for a human's win."""

from __future__ import annotations

import logging
import math
import random
from typing import Any, Callable

import pygame

from game.client.narration.notes import note_words
from game.client.narration.wording import you_form
from game.client.table.canvas import Canvas
from game.client.table.sprites import card_image
from game.client.ui import chart
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.tween import ease_out_cubic
from game.core.view import SPECTATOR
from game.i18n import N_, _, pgettext

PRACTICE_RESULT = N_("Practice match: not counted in your statistics.")

_log = logging.getLogger(__name__)


class Results:
    """The results panels, the totals on the plates, the chart, the celebration."""

    interface = ("chart", "count_up", "shown_total", "celebrate", "moving", "update", "show_match_result", "reasons_from_notes",
                 "over_target_reason", "winners_words", "practice_result", "standard_rect", "results_width", "place", "set_buttons_row",
                 "build_chart", "totals_chart", "draw", "draw_confetti", "result_title_h", "result_reason_h",
                 "standing_h", "result_head_h", "note_h")

    def __init__(self, screen: Any, spec: Any, match: Any, app: Any, zones: Any, director: Any,
                 on_change: Callable[[], None], guide_strip: Callable[[], int | None], guided: bool = False):
        self.screen, self.spec, self.match, self.app, self.zones, self.director = screen, spec, match, app, zones, director
        self.on_change = on_change          # the buttons change with what the results show
        self.guide_strip = guide_strip      # the guide panel's narrowest width while it speaks (None: silent)
        self.guided = guided                # a guided match: one round, whose scores end it
        self.chart: pygame.Surface | None = None
        self.shown_totals: dict[str, float] = {str(seat): float(total)
                                               for seat, total in enumerate(match.view(SPECTATOR).totals)}
        self.confetti: list[list] = []
        self.results_row = 0   # how wide the row of buttons under the results is (set where they are laid out)

    # -- the totals, the celebration ------------------------------------------------------------------------
    def count_up(self, totals: Any) -> None:
        """The plates' totals count up to the round's new ones."""
        for seat, total in enumerate(totals):
            self.director.tween(self.shown_totals, 0.9, ease_out_cubic, delay=0.3, **{str(seat): float(total)})

    def shown_total(self, seat: int) -> float:
        return self.shown_totals.get(str(seat), 0)

    def moving(self) -> bool:
        """Confetti flies."""
        return bool(self.confetti)

    def celebrate(self, big: bool = False) -> None:
        """A short burst of confetti in the seats' colours around the results (none without animations)."""
        if self.director.instant():
            return
        w, h = self.screen.layout.size
        rng = random.Random(len(self.confetti) + int(self.screen.time * 1000))   # looks only: no game randomness
        pal = self.app.palette
        colours = [pal.seat_colour(i) for i in range(self.screen.seats)] + [pal.accent]
        for _n in range(120 if big else 60):
            side = rng.random() < 0.5
            x = rng.uniform(0, w * 0.15) if side else rng.uniform(w * 0.85, w)
            self.confetti.append([x, h * rng.uniform(0.55, 0.85), rng.uniform(60, 260) * (1 if side else -1),
                                  -rng.uniform(380, 720), rng.choice(colours), rng.uniform(0, 360), 0.0,
                                  rng.uniform(1.6, 2.6)])

    def update(self, dt: float) -> None:
        for c in self.confetti:
            c[0] += c[2] * dt
            c[1] += c[3] * dt
            c[3] += 620 * dt
            c[2] *= 0.99
            c[5] += 360 * dt
            c[6] += dt
        self.confetti = [c for c in self.confetti if c[6] < c[7]]

    def show_match_result(self) -> None:
        self.screen.final_round_seen = True
        self.on_change()
        result = self.screen.match_result
        if result is not None and set(result.winners) & set(self.screen.humans):
            self.celebrate(big=True)

    # -- words -----------------------------------------------------------------------------------------------
    def reasons_from_notes(self, ev: Any) -> tuple[dict[int, list[str]], list[str]]:
        """The rules' notes on a round's scores in the player's words: a note about a seat belongs to it."""
        names = self.screen.names
        per: dict[int, list[str]] = {}
        general: list[str] = []
        for note in ev.notes:
            line = note_words(note, names)
            seats = [s for s in note.seats() if 0 <= s < len(names)]
            if seats:
                for seat in seats:
                    per.setdefault(seat, []).append(line)
            else:
                general.append(line)
        return per, general

    def over_target_reason(self, target: int, went: str) -> str:
        """ "Bob's total went past 100: the lowest total wins." for a match that ends on a target."""
        ev = self.screen.match_result
        if ev is None:
            return ""
        over = [s for s, total in enumerate(ev.totals) if total > target]
        if not over:
            return ""
        you = self.screen.you
        if len(over) == 1:
            seat = over[0]
            if went == "went past":
                line = (_("Your total went past {target}: the lowest total wins.") if seat in you else
                        _("{name}'s total went past {target}: the lowest total wins."))
            else:
                line = (_("Your total went above {target}: the lowest total wins.") if seat in you else
                        _("{name}'s total went above {target}: the lowest total wins."))
            return line.format(name=self.screen.names[seat], target=target)
        owners = [_("Your") if s in you and i == 0 else _("your") if s in you else
                  _("{name}'s").format(name=self.screen.names[s]) for i, s in enumerate(over)]
        whom = _("{first} and {last}").format(first=", ".join(owners[:-1]), last=owners[-1])
        if went == "went past":
            return _("{whom} totals went past {target}: the lowest total wins.").format(whom=whom, target=target)
        return _("{whom} totals went above {target}: the lowest total wins.").format(whom=whom, target=target)

    def winners_words(self, winners: list[int], you: str, one: str, several: str) -> str:
        """A result's title for its winners: `you` (the player alone), `one` ({name}) or `several` ({names})."""
        names = self.screen.names
        if len(winners) == 1:
            return you if winners[0] in self.screen.you else one.format(name=names[winners[0]])
        listed = [names[w] for w in winners]
        return several.format(names=_("{first} and {last}").format(first=", ".join(listed[:-1]), last=listed[-1]))

    def practice_result(self) -> str:
        """The line under a practice match's result ("" for a match that counts)."""
        return _(PRACTICE_RESULT) if self.match.take_backs else ""

    # -- the panel's place ----------------------------------------------------------------------------------
    def shown_hand(self, seat: int) -> list:
        """The cards of ``seat`` for the round's breakdown: its grid in slot order, or its hand."""
        grid = self.zones.grid.get(seat)
        if grid:
            return [grid[i] for i in sorted(grid)]
        return list(self.zones.hands.get(seat, []))

    def breakdown_geometry(self) -> tuple[int, int, int]:
        """(row height, mini card height, panel width) of the round's breakdown for this screen."""
        w, h = self.screen.layout.size
        n = self.screen.seats
        result = self.screen.round_result
        per, general = self.spec.score_reasons(result) if result is not None else ({}, [])
        room = h - 40 - 58 - 26 - 20 * len(general) - 74
        row = max(34, min(86, room // max(1, n)))
        card_h = max(20, min(60, row - (18 if per else 4) - 8))
        return row, card_h, min(w - 24, 860)

    def standard_rect(self) -> pygame.Rect:
        """The results panel: the match's standings (and chart), else the round's breakdown."""
        w, h = self.screen.layout.size
        n = self.screen.seats
        if self.screen.showing_match_result():
            # (at the normal text size: a 44 px title, 24 px for the reason, 26 px a standing)
            top = 106 + self.result_title_h() + (self.result_reason_h() if self.spec.match_end_reason() else 0) \
                + (self.result_reason_h() if self.practice_result() else 0)
            height = top + self.standing_h() * n + (250 if self.chart is not None else 0)
            r = pygame.Rect(0, 0, self.results_width(640), min(h - 24, height))
            if self.chart is not None and r.h < height:
                r.h = min(h - 24, top + self.standing_h() * n)     # no room for the chart: the standings only
        else:
            row, _, width = self.breakdown_geometry()
            result = self.screen.round_result
            general = self.spec.score_reasons(result)[1] if result is not None else []
            heads = self.result_title_h() - 2 + self.result_head_h()      # (42 + 24 px at the normal size)
            r = pygame.Rect(0, 0, self.results_width(width),
                            min(h - 16, 16 + heads + row * n + self.note_h() * len(general) + 76))
        return self.place(r)

    def set_buttons_row(self, width: int) -> None:
        """How wide the row of buttons under the results is (the panel is made wide enough for it)."""
        self.results_row = width

    def results_width(self, width: int) -> int:
        """A results panel's width: `width`, or wider where its buttons need it, within the screen."""
        return min(self.screen.layout.size[0] - 24, max(width, self.results_row + 48))

    def place(self, panel: pygame.Rect) -> pygame.Rect:
        """The results panel (sized for its contents) placed: in the middle; but while the guide
        speaks over it in a window with no room for a guide panel beside it, narrower (its hands
        squeeze up) and at the left edge, leaving the guide a strip on the right (at 960x540 the
        guide covered scores and the Replay button)."""
        w, h = self.screen.layout.size
        r = pygame.Rect(panel)
        r.center = (w // 2, h // 2)
        narrow = self.guide_strip()
        if narrow is not None and (w - r.w) // 2 < narrow + 24:
            r.w = max(min(r.w, w - narrow - 36), self.results_row + 48)
            r.left = 12
        return r

    # The results panels' line pitches, from the type (the Text size setting): 44, 24, 26, 24 and
    # 20 px at the normal size, where they were fixed and lines ran into each other at 1.3x.
    def result_title_h(self) -> int:
        return T.line_height(TH.H2, True) + 13

    def result_reason_h(self) -> int:
        return T.line_height(TH.SMALL) + 6

    def standing_h(self) -> int:
        return T.line_height(TH.BODY, True) + 2

    def result_head_h(self) -> int:
        return T.line_height(TH.SMALL) + 6

    def note_h(self) -> int:
        return T.line_height(TH.SMALL) + 2

    # -- the chart ------------------------------------------------------------------------------------------
    def build_chart(self) -> None:
        try:
            self.chart = self.spec.chart()
        except Exception:  # the chart is a nicety; the standings are drawn regardless
            _log.exception("the match chart could not be drawn")
            self.chart = None

    def totals_chart(self, size: tuple[int, int] = (560, 220), rows: list | None = None, marks: list | tuple = ()) -> Any:
        """The match's running totals round by round (`rows`: as the game's match rule kept them)."""
        from game.client.storage import LastMatch

        view = self.match.view(SPECTATOR)
        if rows is None:
            running = [0] * self.screen.seats
            rows = []
            for r in view.round_scores:
                running = [a + int(b) for a, b in zip(running, r)]
                rows.append(list(running))
            rows[-1:] = [list(view.totals)] if rows else []
        last = LastMatch(self.spec.variant_id, list(self.screen.names), rows or [list(view.totals)], list(view.winners))
        return chart.render_chart(last, size, self.app.palette, marks=marks)

    def draw(self, canvas: Canvas) -> None:
        surface, pal, screen = canvas.surface, canvas.pal, self.screen
        if self.director.busy and screen.match_result is None and screen.round_result is not None and self.director.queue:
            return
        canvas.layer("results")
        # A dark veil over the table and an opaque panel: the results read the same over any cards.
        surface.blit(TH.panel(surface.get_size(), (0, 0, 0, 140), None, 0), (0, 0))
        # The confetti flies behind the panel: over it, it hid the scores it celebrates.
        self.draw_confetti(canvas)
        panel = self.spec.overlay_rect()
        surface.blit(TH.panel(panel.size, (10, 34, 25, 252), pal.accent, 14, 2), panel.topleft)
        if screen.showing_match_result():
            self.draw_match_result(canvas, panel)
        else:
            self.draw_round_breakdown(canvas, panel)

    def draw_match_result(self, canvas: Canvas, panel: pygame.Rect) -> None:
        surface, pal, names = canvas.surface, canvas.pal, self.screen.names
        ev = self.screen.match_result
        y = panel.y + 18
        title = self.winners_words(ev.winners, _("You win the match!"), _("{name} wins the match!"),
                                   _("{names} win the match!"))
        T.blit_text(surface, title, TH.H2, pal.accent, (panel.centerx, y), "midtop", bold=True)
        y += self.result_title_h()
        reason = self.spec.match_end_reason()
        for text, colour in ((reason, pal.text_dim), (self.practice_result(), pal.accent)):
            if text:
                line = T.wrap(text, TH.SMALL, panel.w - 40)
                T.blit_text(surface, line[0] + ("…" if len(line) > 1 else ""), TH.SMALL, colour,
                            (panel.centerx, y - 6), "midtop")
                y += self.result_reason_h()
        order = sorted(range(len(names)), key=lambda s: ev.totals[s])
        for seat in order:
            colour = pal.accent if seat in ev.winners else pal.text
            place = 1 + sum(ev.totals[other] < ev.totals[seat] for other in order)   # equal totals share a place
            T.blit_text(surface, f"{place}.", TH.BODY, colour, (panel.x + 150, y), "topright", bold=True)
            T.blit_text(surface, names[seat], TH.BODY, colour, (panel.x + 166, y))
            T.blit_text(surface, str(ev.totals[seat]), TH.BODY, colour, (panel.right - 150, y), "topright", bold=True)
            y += self.standing_h()
        if self.chart is not None and panel.bottom - y - 70 >= self.chart.get_height():
            y += 8
            surface.blit(self.chart, self.chart.get_rect(midtop=(panel.centerx, y)))

    def draw_round_breakdown(self, canvas: Canvas, panel: pygame.Rect) -> None:
        """Every hand revealed (upright, for reading), its value, the rule that applied, the totals."""
        surface, pal, names = canvas.surface, canvas.pal, self.screen.names
        ev = self.screen.round_result
        assert ev is not None
        row, card_h, _width = self.breakdown_geometry()
        card_w = int(card_h * 0.7)
        per, general = self.spec.score_reasons(ev)
        y = panel.y + 16
        title = _("The guided round: scores") if self.guided else \
            _("Final round ({n}): scores").format(n=ev.round) if self.screen.match_result is not None else \
            _("Round {n}: scores").format(n=ev.round)
        T.blit_text(surface, title, TH.H2, pal.text, (panel.centerx, y), "midtop", bold=True)
        y += self.result_title_h() - 2
        x0, right = panel.x + 22, panel.right - 22
        cols = (right - 236, right - 100, right)         # hand, round, total (right-aligned)
        name_w = min(150, max(80, panel.w // 6))
        for text, x, anchor in ((_("Player"), x0, "topleft"), (_("Cards"), x0 + name_w, "topleft"),
                                (pgettext("score column", "Hand"), cols[0], "topright"),
                                (pgettext("score column", "Round"), cols[1], "topright"),
                                (pgettext("score column", "Total"), cols[2], "topright")):
            T.blit_text(surface, text, TH.SMALL, pal.text_dim, (x, y), anchor)
        y += self.result_head_h()
        won = set(self.spec.round_winners(ev))
        for seat in range(len(names)):
            colour = pal.seat_colour(seat)
            if seat in won:
                band = pygame.Rect(panel.x + 8, y - 3, panel.w - 16, row - 2)
                surface.blit(TH.panel(band.size, (*TH.darken(pal.accent, 0.6), 120), None, 8), band.topleft)
            name = names[seat] if T.text(names[seat], TH.BODY, colour, True).get_width() <= name_w - 8 \
                else names[seat][:10] + "…"
            T.blit_text(surface, name, TH.BODY, TH.lighten(colour, 0.2), (x0, y + 2), bold=True)
            # the hand, upright, squeezed to the room there is
            cards = self.shown_hand(seat)
            room = cols[0] - 70 - (x0 + name_w)
            step = card_w + 4 if len(cards) * (card_w + 4) <= room else max(6, (room - card_w) // max(1, len(cards) - 1))
            for i, sprite in enumerate(cards):
                face = self.zones.face_at(sprite, None)
                if face is not None:
                    canvas.faces.append((None, sprite.card, sprite.show_to))
                surface.blit(card_image(face, (card_w, card_h), 0, pal), (x0 + name_w + i * step, y))
            if not cards:
                T.blit_text(surface, _("no cards"), TH.SMALL, pal.text_dim, (x0 + name_w, y + 4))
            T.blit_text(surface, str(ev.hands[seat]), TH.BODY, pal.text, (cols[0], y + 2), "topright")
            bonus = ev.scores[seat] - ev.hands[seat]
            round_text = str(ev.scores[seat]) + (f" ({'+' if bonus > 0 else ''}{bonus})" if bonus else "")
            T.blit_text(surface, round_text, TH.BODY, pal.bad if bonus > 0 else (pal.good if bonus < 0 else pal.text),
                        (cols[1], y + 2), "topright", bold=bool(bonus))
            T.blit_text(surface, str(int(round(self.shown_total(seat)))), TH.BODY, pal.text,
                        (cols[2], y + 2), "topright", bold=True)
            reasons = you_form("; ".join(per.get(seat, [])))
            if reasons:
                lines = T.wrap(reasons, TH.TINY, right - (x0 + name_w))
                text = lines[0] + ("…" if len(lines) > 1 else "")
                T.blit_text(surface, text, TH.TINY, pal.accent, (x0 + name_w, y + card_h + 3))
            y += row
        y += 4
        for note in general:
            T.blit_text(surface, you_form(note), TH.SMALL, pal.text_dim, (panel.centerx, y), "midtop")
            y += self.note_h()

    def draw_confetti(self, canvas: Canvas) -> None:
        for x, y, _vx, _vy, colour, spin, age, life in self.confetti:
            k = abs(math.cos(math.radians(spin)))
            r = pygame.Rect(0, 0, 9, max(2, int(12 * k)))
            r.center = (int(x), int(y))
            pygame.draw.rect(canvas.surface, colour, r)
