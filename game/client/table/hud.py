"""HUD and narration: the seats' plates and glow, the prompt, what just happened, a refusal's
message, floating texts, the reaction ring, the key hints, and the round and match results (with
the match chart). Everything it shows comes from the views and the animated events."""

from __future__ import annotations

import functools

import logging
import math
import random
import re
from collections import deque
from typing import Callable, Sequence

import pygame

from game.client.table.history import repeated
from game.client.table.sprites import card_image
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.narration.wording import reword, seconds_left, whose, you_form
from game.core.view import SPECTATOR

PRACTICE_RESULT = "Practice match: not counted in your statistics."

_log = logging.getLogger(__name__)


class Floating:
    """A short text that rises and fades over a point of the table. The point is asked of `where`
    every frame when given, so a text over a seat follows that seat when the table turns to the
    next hot-seat player (or the window is resized)."""

    __slots__ = ("text", "pos", "where", "age", "life", "colour", "seat", "lane", "wrapped")

    def __init__(self, text: str, pos: tuple[float, float], colour, life: float = 1.6,
                 where: Callable[[], tuple[float, float]] | None = None, seat: int | None = None,
                 wrapped: Callable[[], list[str]] | None = None):
        self.text, self.pos, self.where, self.age, self.life, self.colour = text, pos, where, 0.0, life, colour
        self.seat = seat        # the seat it rises over (None: beside the deck)
        self.lane = 0           # one line lower per text still rising over the same seat
        self.wrapped = wrapped  # its lines this frame, when the room for it depends on the layout

    @property
    def lines(self) -> list[str]:
        return self.wrapped() if self.wrapped is not None else [self.text]

    @property
    def x(self) -> float:
        return (self.where() if self.where is not None else self.pos)[0]

    @property
    def y(self) -> float:
        return (self.where() if self.where is not None else self.pos)[1]



class LabelBoard:
    """Where the table's labels lie this frame, so none lands on another or off the screen.

    Fixed things are reserved first (buttons, the title, the key hints, the piles); every other
    label asks ``fit`` for its box: the box is kept inside the screen and, if it would cover a
    label already placed, moved by small steps in the preferred directions to the nearest free
    spot. A variant draws its own labels through ``Hud.fit_label`` too."""

    STEP = 4
    EDGE = 6   # a label keeps this far from the window's edge (a plate sat flush on it at 1000x620)

    def __init__(self, screen: pygame.Rect, cards: Sequence[pygame.Rect] = ()):
        self.screen = pygame.Rect(screen).inflate(-2 * self.EDGE, -2 * self.EDGE)
        self.taken: list[pygame.Rect] = []
        # Where the cards lie this frame: a label keeps off them too where it can (a card drawn
        # after it would hide its words), else off the labels alone.
        self.cards = list(cards)

    def reserve(self, rect: pygame.Rect) -> None:
        self.taken.append(pygame.Rect(rect))

    def free(self, rect: pygame.Rect, avoid: Sequence[pygame.Rect] = ()) -> bool:
        r = rect.inflate(2, 2)
        return self.screen.contains(rect) and r.collidelist(self.taken) < 0 and r.collidelist(avoid) < 0

    def fit(self, rect: pygame.Rect, prefer: tuple[str, ...] = ("down", "up", "right", "left"),
            off_cards: bool = True) -> pygame.Rect:
        r = pygame.Rect(rect).clamp(self.screen)
        spot = self.find(r, prefer, self.cards) if off_cards and self.cards else None
        if spot is None:
            spot = self.find(r, prefer)
        r = spot if spot is not None else r
        self.reserve(r)
        return r

    def find(self, rect: pygame.Rect, prefer: tuple[str, ...], avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
        """The free spot nearest `rect` (kept off `avoid` too), within reach; None if there is
        none. Nothing is reserved."""
        r = pygame.Rect(rect).clamp(self.screen)
        if self.free(r, avoid):
            return r
        ways = {"down": (0, 1), "up": (0, -1), "right": (1, 0), "left": (-1, 0)}
        for step in range(1, 60):
            for way in prefer:
                dx, dy = ways[way]
                c = r.move(dx * step * self.STEP, dy * step * self.STEP)
                if self.free(c, avoid):
                    return c
        return None

    def find_near(self, rect: pygame.Rect, avoid: Sequence[pygame.Rect] = (), far: bool = False) -> pygame.Rect | None:
        """The free spot nearest `rect` in any direction (up first between equals), kept off
        `avoid` too, within 240 px (`far`: 640 px, on a coarser grid); None if there is none.
        Nothing is reserved."""
        r = pygame.Rect(rect).clamp(self.screen)
        for dx, dy in (_offsets(640, 16) if far else _offsets(240, 8)):
            c = r.move(dx, dy)
            if self.free(c, avoid):
                return c
        return None


@functools.cache   # (worked out when first needed, not at start-up: 7 ms for both)
def _offsets(reach: int, step: int) -> list[tuple[int, int]]:
    """Every move within `reach` px on a `step` px grid, nearest first (upwards first between equals)."""
    return sorted(((dx, dy) for dx in range(-reach, reach + 1, step) for dy in range(-reach, reach + 1, step)
                   if dx * dx + dy * dy <= reach * reach), key=lambda d: (d[0] * d[0] + d[1] * d[1], d[1], abs(d[0])))



class Hud:
    """Mixin of TableScene: texts, plates, ring and overlays."""

    ring_label = ""          # the reaction ring's label while its window has no deadline

    def init_hud(self) -> None:
        self.floating: list[Floating] = []
        self.narration: deque[str] = deque(maxlen=3)
        self.message: tuple[str, float] | None = None   # (text, seconds left): why a click failed
        self.message_tone = "bad"                         # "bad" (a refusal) or "info" (the coach)
        self.message_turn = None                          # whose turn it was when it was said
        self.message_until: Callable[[], bool] | None = None   # while it holds (None: its time)
        self.chart: pygame.Surface | None = None
        self.shown_totals: dict[str, float] = {}
        self.final_round_seen = False      # the match result waits until the last round was shown
        self.confetti: list[list] = []
        self.label_layers: list[tuple[int, str]] = []
        self.labels = LabelBoard(pygame.Rect(0, 0, *self.layout.size))
        self.results_row = 0   # how wide the row of buttons under the results is (set where they are laid out)
        self._plates: tuple[list, list] = ([], [])   # the seats' plates and tags, placed by draw_seats for draw_plates

    def fit_label(self, rect: pygame.Rect, prefer: tuple[str, ...] | None = None,
                  on_card: bool = False) -> pygame.Rect:
        """The free spot nearest ``rect`` for a table label this frame, off the cards too where it
        can be (see LabelBoard), unless it marks a card (`on_card`: a badge on its corner)."""
        if prefer:
            return self.labels.fit(rect, prefer, off_cards=not on_card)
        return self.labels.fit(rect, off_cards=not on_card)

    def resting_card_rects(self) -> list[pygame.Rect]:
        """Where the cards lie that are not on the move."""
        return [sprite.rect() for zone in self.zones.values() for _, sprite in zone.resting()]

    def own_card_rects(self) -> list[pygame.Rect]:
        """Of those, the cards of the people playing at this screen."""
        return [sprite.rect() for zone in self.zones.values() for place, sprite in zone.resting()
                if place.seat in self.humans]

    def start_label_board(self, surface: pygame.Surface) -> None:
        """A fresh label board holding what every table draws in fixed places: the buttons, the
        title and the key hints."""
        self.labels = LabelBoard(surface.get_rect(), self.resting_card_rects())
        for widget in self.form.widgets:
            if widget.rect is not None:
                self.labels.reserve(widget.rect)
        self.labels.reserve(self.title_rect())
        for box, text_rect in self.hint_rows():
            self.labels.reserve(box.union(text_rect))

    def reserve_fixed_labels(self, surface: pygame.Surface) -> None:
        """Start the frame's label board: buttons, the title, the key hints and the piles first."""
        self.start_label_board(surface)
        L = self.layout
        for x, y in (L.deck_pos, L.discard_pos):
            r = pygame.Rect(0, 0, *L.pile_card)
            r.center = (int(x), int(y))
            self.labels.reserve(r)
        if self.ring_shown():
            self.labels.reserve(self.ring_rect())    # the pile's captions go round the countdown ring

    def title_text(self) -> str:
        return f"{self.variant_title} · round {max(1, self.match.view(SPECTATOR).round)}{self.practice_note()}"

    def practice_note(self) -> str:
        """What the title adds once a move was taken back (a practice match: take_back.py)."""
        return " · practice" if self.match.take_backs else ""

    def practice_result(self) -> str:
        """The line under a practice match's result ("" for a match that counts)."""
        return PRACTICE_RESULT if self.match.take_backs else ""

    def title_rect(self) -> pygame.Rect:
        return T.text(self.title_text(), TH.SMALL, self.palette.text_dim).get_rect(topleft=(14, 10))

    def hint_rows(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """(key box, words box) of each key hint, bottom left; two columns on a short screen.
        Worked out once for the hints, the window and the text size (asked twice a frame)."""
        hints = self.shown_key_hints()
        key = (tuple(hints), self.layout.size, T.scale())
        kept = getattr(self, "_hint_rows", None)
        if kept is None or kept[0] != key:
            kept = self._hint_rows = (key, self._place_hints(hints) if hints else [])
        return kept[1]

    def _place_hints(self, hints: list[tuple[str, str]]) -> list[tuple[pygame.Rect, pygame.Rect]]:
        w, h = self.layout.size
        columns = 2 if h < 700 and len(hints) > 4 else 1
        per = (len(hints) + columns - 1) // columns
        # each column as wide as its own longest hint (the second one must end before the hand)
        widths = [max(k.get_width() + 10, 26) + 8 + T.text(what, TH.TINY, (0, 0, 0)).get_width()
                  for k, what in ((T.text(key, TH.TINY, (0, 0, 0), True), what) for key, what in hints)]
        lefts = [14]
        for c in range(1, columns):
            lefts.append(lefts[-1] + max(widths[(c - 1) * per:c * per]) + 14)
        y0 = h - 14 - 20 * per
        rows = []
        for i, (key, what) in enumerate(hints):
            col, row = divmod(i, per)
            k = T.text(key, TH.TINY, (0, 0, 0), True)
            box = pygame.Rect(lefts[col], y0 + row * 20, max(k.get_width() + 10, 26), 18)
            words = T.text(what, TH.TINY, (0, 0, 0)).get_rect(midleft=(box.right + 8, box.centery))
            rows.append((box, words))
        return rows

    def label_layer(self, name: str) -> None:
        """Labels drawn from here on lie on ``name``: "table" labels must never overlap one another
        or leave the screen; an overlay's ("results", "picker", "history", "buttons") lie over the
        table; "floating" texts rise across it on purpose. The layout test reads these marks."""
        self.label_layers.append((len(T.DRAWN), name))

    def say(self, text: str, seconds: float = 2.2, tone: str = "bad",
            until: Callable[[], bool] | None = None) -> None:
        """A short message above the pile: a refusal ("bad", red) or advice ("info"); `until`:
        it goes as soon as that says it no longer holds."""
        self.message = (you_form(text), seconds)
        self.message_tone = tone
        self.message_turn = self._turn_now()
        self.message_until = until

    def _turn_now(self):
        return getattr(self.match.view(SPECTATOR), "turn", None)

    def narrate(self, text: str) -> None:
        """What just happened, in plain words: shown beside the pile and kept in the history."""
        line = you_form(text)
        again = repeated(self.narration[-1], line) if self.narration else None
        if again is not None:
            self.narration[-1] = again      # (the peek's two looks: one line, not two the same)
        else:
            self.narration.append(line)
        self.remember_line(line)

    def float_text(self, seat: int | None, text: str, colour=None) -> None:
        """A rising text over `seat`, or (None) beside the deck; placed from the current layout
        every frame, so it stays with its seat when the table rotates."""
        words = you_form(text)
        wrapped = None
        if seat is not None:
            def where() -> tuple[float, float]:
                return self.seat_point(seat)
        else:       # left of the deck: clear of the piles, their labels and the narration beside them
            def where() -> tuple[float, float]:
                return self.beside_deck(words)[:2]

            def wrapped() -> list[str]:
                return self.beside_deck(words)[2]
        f = Floating(words, where(), colour or self.palette.text, where=where, seat=seat, wrapped=wrapped)
        # Two texts over one seat at once (a claim and a wrong card, two outcomes) must not print on
        # top of each other: the new one takes the first free line below those still rising.
        busy = {g.lane for g in self.floating if g.seat == seat and g.age < g.life * 0.75}
        while f.lane in busy:
            f.lane += 1
        self.floating.append(f)

    def beside_deck(self, words: str) -> tuple[float, float, list[str]]:
        """Where a text that belongs to no seat rises (an ability played): left of the deck, ending
        a little before it, and no further left than the cards of a seat on the deck's row (it
        must not hide a seat's cards while a claim may be racing for them): on one line if that
        gap holds it, else wrapped to the gap."""
        L = self.layout
        right = L.deck_pos[0] - L.pile_card[0] * 0.5 - 28 * L.unit
        y = L.deck_pos[1]
        line = T.line_height(TH.BODY, True) + 8
        top, bottom = y - 40 - 1.5 * line, y + 1.5 * line      # the band it rises through
        deck_left = L.deck_pos[0] - L.pile_card[0] * 0.5
        left = 8.0
        for r in self.resting_card_rects():
            if r.right < deck_left and r.bottom > top and r.top < bottom:
                left = max(left, r.right + 16.0)
        width = T.text(words, TH.BODY, (0, 0, 0), True).get_width()
        room = right - left
        if width + 16 <= room or room < 160:    # (a gap narrower than a few words: over the cards, as before)
            lines = [words]
        else:
            lines = T.wrap(words, TH.BODY, int(room) - 16, True)
            width = max(T.text(ln, TH.BODY, (0, 0, 0), True).get_width() for ln in lines)
        return max(width / 2 + 8, right - width / 2), y, lines

    def update_hud(self, dt: float) -> None:
        if self.message is not None:
            text, left = self.message
            self.message = (text, left - dt) if left - dt > 0 else None
            # A refusal speaks of the moment it came ("It is Ada's turn."): once the turn has
            # passed on, it would be wrong, so it goes (advice stays its time).
            if self.message is not None and self.message_tone == "bad" and self._turn_now() != self.message_turn:
                self.message = None
            elif self.message is not None and self.message_until is not None and not self.message_until():
                self.message = None
        for f in self.floating:
            f.age += dt
        self.floating = [f for f in self.floating if f.age < f.life]
        if self.confetti:
            self.update_confetti(dt)

    def floating_rows(self, f: Floating, k: float) -> list[pygame.Rect]:
        """Where the lines of a rising text lie when it has risen `k` (0 to 1) of its way."""
        inner = T.line_height(TH.BODY, True)
        lines = f.lines
        at = (int(f.x), int(f.y - 40 * k + f.lane * (inner + 8) - (len(lines) - 1) * inner / 2))
        return [T.text(ln, TH.BODY, f.colour, True).get_rect(center=(at[0], at[1] + i * inner))
                for i, ln in enumerate(lines)]

    def floating_bands(self) -> list[pygame.Rect]:
        """The whole way each rising text passes (its pill from start to end): a message keeps off
        them (16 Combos' coach lay on "Missed" as it rose)."""
        bands = []
        for f in self.floating:
            start, end = self.floating_rows(f, 0.0), self.floating_rows(f, 1.0)
            bands.append(start[0].unionall(start[1:] + end).inflate(16, 6))
        return bands

    def draw_floating(self, surface: pygame.Surface) -> None:
        """The rising texts, each on a dark pill (readable over cards of any colour), one line apart
        when several rise over the same seat."""
        self.label_layer("floating")       # (rising texts pass over other labels by design)
        inner = T.line_height(TH.BODY, True)
        for f in self.floating:
            lines = f.lines
            rows = self.floating_rows(f, f.age / f.life)
            pill = rows[0].unionall(rows[1:]).inflate(16, 6)
            surface.blit(TH.panel(pill.size, (0, 0, 0, 170), None, min(pill.h, rows[0].h + 6) // 2), pill.topleft)
            for ln, r in zip(lines, rows):
                T.blit_text(surface, ln, TH.BODY, f.colour, r.center, "center", bold=True)

    def prompt(self) -> str:
        return ""

    def key_hints(self) -> list[tuple[str, str]]:
        return [("Esc", "Pause")]

    def shown_key_hints(self) -> list[tuple[str, str]]:
        """The variant's key hints and the table's own (take_back.py adds Ctrl+Z)."""
        return self.key_hints()

    def hint_enabled(self, key: str) -> bool:
        """Whether a key hint does something now (one that does not is dimmed)."""
        return True

    def ring_rect(self) -> pygame.Rect:
        L = self.layout
        r = int(max(L.pile_card) * 0.5 + 16 * L.unit)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (int(L.discard_pos[0]), int(L.discard_pos[1]))
        return rect

    def ring_shown(self) -> bool:
        ev = self.window
        return not (ev is None or self.queue or self.match.view(SPECTATOR).window(ev.trigger) is None)

    def draw_ring(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        """The reaction window's countdown ring around the discard pile."""
        ev = self.window
        if ev is None or self.queue or self.match.view(SPECTATOR).window(ev.trigger) is None:
            return      # (a window the rules have closed, or paused for a choice, shows no ring)
        rect = self.ring_rect()
        r = rect.w // 2
        pygame.draw.circle(surface, (0, 0, 0), rect.center, r, 7)
        if ev.deadline is None:
            frac = 1.0
            colour = TH.lighten(pal.info, 0.3 * self.pulse(4))
            label = self.ring_label
        else:
            total = max(1e-6, ev.deadline - ev.opened_at)
            left = max(0.0, ev.deadline - self.table_time)
            frac = left / total
            colour = pal.good if frac > 0.5 else (pal.accent if frac > 0.2 else pal.bad)
            label = seconds_left(left)
        if frac > 0:
            start = math.pi / 2
            pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * frac, 6)
        if label:
            spot = self.fit_label(T.text(label, TH.SMALL, colour, True).get_rect(midbottom=(rect.centerx, rect.top - 4)),
                                  ("up", "right", "left", "down"))
            T.blit_text(surface, label, TH.SMALL, colour, spot.topleft, bold=True)

    def draw_seats(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        acting = set(self.match.view(SPECTATOR).acting) if not self.animating else set()
        plates: list[tuple[pygame.Rect, tuple, tuple | None, str]] = []
        tags: list[tuple[tuple[str, tuple], pygame.Rect]] = []
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
            box = self.labels.fit(txt.get_rect(**{anchor: (px, py)}).inflate(18, 8), off_cards=False)   # (beside its cards by design)
            fill = (*TH.darken(pal.seat_colour(seat), 0.55), 220)
            plates.append((box, fill, pal.seat_colour(seat) if is_turn else None, label))
            tag = self.seat_tag(seat, acting)
            if tag:
                want = T.text(tag[0], TH.TINY, tag[1], True).get_rect(midtop=(box.centerx, box.bottom + 3))
                tags.append((tag, self.fit_label(want, ("down", "up", "right", "left"))))
        # The plates are placed now (the table's other labels keep off them) and drawn over the
        # cards (draw_plates): a card a top seat holds out used to hide its name.
        self._plates = (plates, tags)

    def draw_plates(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        plates, tags = self._plates
        for box, fill, edge, label in plates:
            surface.blit(TH.panel(box.size, fill, edge, 8, 2), box.topleft)
            T.blit_text(surface, label, TH.SMALL, pal.text, box.center, "center", bold=True)
        for (words, colour), spot in tags:
            T.blit_text(surface, words, TH.TINY, colour, spot.topleft, bold=True)
        self._plates = ([], [])

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

    def current_prompt(self) -> str:
        """What the prompt line says now: a hold's own words, nothing over the results, else the
        table's prompt while input is taken."""
        if self.hold is not None:
            return self.hold.prompt
        if self.match_result is not None or self.round_result is not None:
            return ""
        return self.prompt() if self.ready_for_input() else ""

    def draw_message(self, surface: pygame.Surface, pal: TH.Palette, centre: tuple[int, int]) -> None:
        """The short message (a refusal, or the coach in the info colour) in the free spot nearest
        `centre`, off the cards as well as the labels: on one line if it fits somewhere, else
        wrapped narrower until it does (a refusal laid over an opponent's hand hid it); where
        nothing clear is near, on one line off the labels alone."""
        if self.message is None:
            return
        text = self.message[0]
        # Off the rising texts too: they tell what just happened (a check's outcome) and are gone
        # in a moment; a message stays its seconds.
        cards = self.labels.cards + self.floating_bands()
        lh = T.line_height(TH.BODY, True)
        # The search is worked out once while the table lies still (it may try thousands of spots),
        # and a message stays where it was put while that spot stays clear (one moved aside for a
        # rising text does not jump back when the text is gone).
        key = (text, centre, tuple(map(tuple, self.labels.taken)), tuple(map(tuple, cards)))
        kept = getattr(self, "_message_spot", None)
        if kept is not None and (kept[0] == key or kept[0][:2] == key[:2] and self.labels.free(kept[1], cards)):
            box, lines = kept[1], kept[2]
        else:
            box, lines = self._message_place(text, centre, cards, lh)
        self._message_spot = (key, box, lines)
        self.labels.reserve(box)
        edge = pal.info if self.message_tone == "info" else pal.bad
        surface.blit(TH.panel(box.size, (*TH.darken(edge, 0.35), 235), edge, 10, 2), box.topleft)
        top = box.centery - lh * len(lines) // 2
        for i, line in enumerate(lines):
            T.blit_text(surface, line, TH.BODY, (255, 255, 255), (box.centerx, top + i * lh), "midtop", bold=True)

    def prompt_place(self, prompt: str, midtop: tuple[int, int]) -> tuple[pygame.Rect, list[str], int]:
        """The prompt's box (reserved), lines and font size: under the piles, off the labels and
        the cards (three lines at 960x540 lay over the player's own). Wrapped for half the width
        where that finds a clear spot near, else in fewer, wider lines, each as narrow as its count
        allows (even lines; two fit between the side seats where a greedy wrap's first line did
        not), else the same in the smaller type; where nothing is clear, as before, off the labels alone.
        Worked out once while the table lies still."""
        cards = self.labels.cards
        key = (prompt, midtop, self.layout.size, tuple(map(tuple, self.labels.taken)), tuple(map(tuple, cards)))
        kept = getattr(self, "_prompt_spot", None)
        if kept is not None and kept[0] == key:
            self.labels.reserve(kept[1])
            return kept[1], kept[2], kept[3]
        w = self.layout.size[0]

        def box_for(lines: list[str], size: int) -> pygame.Rect:
            width = max(T.text(line, size, (255, 255, 255), True).get_width() for line in lines)
            box = pygame.Rect(0, 0, width + 26, T.line_height(size, True) * len(lines) + 12)
            box.midtop = midtop
            return box

        def wraps(size: int) -> list[list[str]]:
            # In as many lines as half the width needs, then fewer: each wrap as narrow as its line
            # count allows, so the lines come out even (no "(D)" left alone on the last one).
            out = []
            for count in range(len(T.wrap(prompt, size, w // 2, True)), 0, -1):
                lo, hi = w // 8, (w // 2 if not out else int(w * 0.95))
                if len(T.wrap(prompt, size, hi, True)) > count:
                    break
                while lo < hi:
                    mid = (lo + hi) // 2
                    lo, hi = (lo, mid) if len(T.wrap(prompt, size, mid, True)) <= count else (mid + 1, hi)
                out.append(T.wrap(prompt, size, lo, True))
            return out
        for size in (TH.BODY, TH.SMALL):
            for lines in wraps(size):
                spot = self.labels.find(box_for(lines, size), ("down", "up", "right", "left"), cards)
                if spot is not None:
                    self.labels.reserve(spot)
                    break
            else:
                continue
            break
        else:
            size = TH.BODY
            lines = T.wrap(prompt, size, w // 2, True)
            spot = self.labels.fit(box_for(lines, size), ("down", "up", "right", "left"), off_cards=False)
        self._prompt_spot = (key, spot, lines, size)
        return spot, lines, size

    def _message_place(self, text: str, centre: tuple[int, int], cards: list[pygame.Rect],
                       lh: int) -> tuple[pygame.Rect, list[str]]:
        one_line = T.text(text, TH.BODY, (255, 255, 255), True).get_width()
        box, lines = None, [text]
        # Near and as wide as fits first; a long one on a crowded small table may go narrower
        # and farther (a six-seat table at 960x540 has no clear line within reach).
        for far in (False, True):
            for width in (one_line, one_line * 3 // 5, one_line * 2 // 5, one_line // 3, one_line // 4):
                lines = T.wrap(text, TH.BODY, max(width, 120), True) if width < one_line else [text]
                wide = max(T.text(line, TH.BODY, (255, 255, 255), True).get_width() for line in lines)
                want = pygame.Rect(0, 0, wide + 26, lh * len(lines) + 12)
                want.center = centre
                box = self.labels.find_near(want, cards, far)
                if box is not None:
                    break
            if box is not None:
                break
        if box is None:
            lines = [text]
            want = pygame.Rect(0, 0, one_line + 26, lh + 12)
            want.center = centre
            box = self.labels.find(want, ("up", "down", "right", "left")) or want.clamp(self.labels.screen)
        return box, lines

    def draw_texts(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        L = self.layout
        w, h = L.size
        cx, cy = L.centre
        base_y = cy + int(L.pile_card[1] * 0.5 + 46 * L.unit)
        prompt = self.current_prompt()
        if prompt:
            midtop = (cx, base_y - T.line_height(TH.BODY, True) // 2 - 6)
            box, lines, size = self.prompt_place(prompt, midtop)
            lh = T.line_height(size, True)
            surface.blit(TH.panel(box.size, (6, 28, 20, 235), pal.accent, 10, 2), box.topleft)
            for i, line in enumerate(lines):
                T.blit_text(surface, line, size, pal.text, (box.centerx, box.y + 6 + i * lh), "midtop", bold=True)
        # What just happened, to the right of the discard pile.
        nx = self.narration_left()
        width = max(120, int(w * 0.82) - nx) if len(self.names) > 3 else int(w * 0.95) - nx
        pitch = self.narration_pitch()
        prefer = ("down", "up", "right", "left")
        # Narrower where the widest wrap finds no spot off the cards (with six seats at 1000x620 a
        # long line ran under a side seat's card); else the widest, off the labels alone.
        widest = None
        for tried in (width, int(width * 0.8), int(width * 0.65)):
            lines, newest = self.narration_lines(max(120, tried))
            if not lines:
                break
            block = pygame.Rect(nx, int(cy - len(lines) * pitch / 2),
                                max(T.text(line, TH.SMALL, pal.text).get_width() for line in lines), len(lines) * pitch)
            widest = widest or (lines, newest, block)
            if self.labels.find(block, prefer, self.labels.cards) is not None:
                break
        else:
            lines, newest, block = widest
        if lines:
            block = self.fit_label(block, prefer)
            back = block.inflate(16, 10)
            surface.blit(TH.panel(back.size, (0, 0, 0, 90), None, 8), back.topleft)
            for i, line in enumerate(lines):
                colour = pal.text if i >= len(lines) - newest else pal.text_dim
                T.blit_text(surface, line, TH.SMALL, colour, (block.x, block.y + i * pitch), "topleft")
        self.draw_message(surface, pal, (cx, cy - L.pile_card[1] // 2 - int(44 * L.unit)))
        self.draw_floating(surface)
        self.label_layer("table")
        T.blit_text(surface, self.title_text(), TH.SMALL, pal.text_dim, self.title_rect().topleft)
        self.draw_key_hints(surface, pal)

    def draw_key_hints(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        """Bottom left, a key in its box and what it does; a key that does nothing now is dimmed."""
        for (key, what), (box, words) in zip(self.shown_key_hints(), self.hint_rows()):
            on = self.hint_enabled(key)
            pygame.draw.rect(surface, pal.button, box, border_radius=4)
            pygame.draw.rect(surface, pal.button_border, box, 1, border_radius=4)
            T.blit_text(surface, key, TH.TINY, pal.text if on else pal.disabled, box.center, "center", bold=True)
            T.blit_text(surface, what, TH.TINY, pal.text_dim if on else pal.disabled, words.topleft)

    # -- round and match results ------------------------------------------------------------------
    def match_end_reason(self) -> str:
        """A line under the winner saying why the match ended and how it is won ("" for none)."""
        return ""

    def over_target_reason(self, target: int, went: str) -> str:
        """ "Bob's total went past 100: the lowest total wins." for a match that ends on a target."""
        ev = self.match_result
        if ev is None:
            return ""
        over = [s for s, total in enumerate(ev.totals) if total > target]
        if not over:
            return ""
        whom = " and ".join(whose(self.names[s], start=(i == 0)) for i, s in enumerate(over))
        return f"{whom} total{'s' if len(over) > 1 else ''} {went} {target}: the lowest total wins."

    def showing_match_result(self) -> bool:
        """The match result shows once the final round's breakdown was seen (or there is none)."""
        return self.match_result is not None and (self.final_round_seen or self.round_result is None)

    def show_match_result(self) -> None:
        self.final_round_seen = True
        self._buttons_key = None
        if self.match_result is not None and set(self.match_result.winners) & set(self.humans):
            self.celebrate(big=True)

    def score_reasons(self, ev) -> tuple[dict[int, list[str]], list[str]]:
        """The rule that applied to each seat's score: ({seat: [reasons]}, notes for everybody).
        By default a rules note naming "Seat N" belongs to that seat; a variant may word its own."""
        per: dict[int, list[str]] = {}
        general: list[str] = []
        for note in ev.notes:
            seats = [int(m) for m in re.findall(r"Seat (\d+)", note) if int(m) < len(self.names)]
            if seats:
                for seat in seats:
                    per.setdefault(seat, []).append(reword(note, self.names))
            else:
                general.append(reword(note, self.names))
        return per, general

    def round_winners(self, ev) -> list[int]:
        """Who won the round (for the celebration): the lowest score, unless a variant says otherwise."""
        best = min(ev.scores) if ev.scores else 0
        return [s for s, v in enumerate(ev.scores) if v == best]

    def shown_hand(self, seat: int) -> list:
        """The cards of ``seat`` for the round's breakdown: its grid in slot order, or its hand."""
        grid = self.grid.get(seat)
        if grid:
            return [grid[i] for i in sorted(grid)]
        return list(self.hands.get(seat, []))

    def breakdown_geometry(self) -> tuple[int, int, int]:
        """(row height, mini card height, panel width) of the round's breakdown for this screen."""
        w, h = self.layout.size
        n = len(self.names)
        per, general = self.score_reasons(self.round_result) if self.round_result is not None else ({}, [])
        room = h - 40 - 58 - 26 - 20 * len(general) - 74
        row = max(34, min(86, room // max(1, n)))
        card_h = max(20, min(60, row - (18 if per else 4) - 8))
        return row, card_h, min(w - 24, 860)

    def narration_left(self) -> int:
        """Where the narration starts: right of the discard pile (a table whose pile fans out
        further moves it)."""
        L = self.layout
        return int(L.discard_pos[0] + L.pile_card[0] * 0.5 + 46 * L.unit)

    def overlay_rect(self) -> pygame.Rect:
        w, h = self.layout.size
        n = len(self.names)
        if self.showing_match_result():
            # (at the normal text size: a 44 px title, 24 px for the reason, 26 px a standing)
            top = 106 + self.result_title_h() + (self.result_reason_h() if self.match_end_reason() else 0) \
                + (self.result_reason_h() if self.practice_result() else 0)
            height = top + self.standing_h() * n + (250 if self.chart is not None else 0)
            r = pygame.Rect(0, 0, self.results_width(640), min(h - 24, height))
            if self.chart is not None and r.h < height:
                r.h = min(h - 24, top + self.standing_h() * n)     # no room for the chart: the standings only
        else:
            row, _, width = self.breakdown_geometry()
            general = self.score_reasons(self.round_result)[1] if self.round_result is not None else []
            heads = self.result_title_h() - 2 + self.result_head_h()      # (42 + 24 px at the normal size)
            r = pygame.Rect(0, 0, self.results_width(width),
                            min(h - 16, 16 + heads + row * n + self.note_h() * len(general) + 76))
        return self.place_results(r)

    def narration_lines(self, width: int) -> tuple[list[str], int]:
        """The narration's lines at `width`, and how many of them the newest message takes. Whole
        messages only, newest last: an older one that does not fit in five lines is left out rather
        than cut mid-sentence (the newest is bright on every one of its lines)."""
        lines: list[str] = []
        newest = 0
        for n, line in enumerate(reversed(list(self.narration)[-3:])):
            wrapped = T.wrap(line, TH.SMALL, width)
            if n and len(lines) + len(wrapped) > 5:
                break
            lines[:0] = wrapped
            newest = newest or len(wrapped)
        return lines, newest

    def narration_pitch(self) -> int:
        """The line pitch of the narration, from the type: 19 px at the normal text size."""
        return T.line_height(TH.SMALL) + 1

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

    def results_width(self, width: int) -> int:
        """A results panel's width: `width`, or wider where its buttons need it, within the screen."""
        return min(self.layout.size[0] - 24, max(width, self.results_row + 48))

    def draw_overlay(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        if self.tweens.busy and self.match_result is None and self.round_result is not None and self.queue:
            return
        self.label_layer("results")
        # A dark veil over the table and an opaque panel: the results read the same over any cards.
        surface.blit(TH.panel(surface.get_size(), (0, 0, 0, 140), None, 0), (0, 0))
        # The confetti flies behind the panel: over it, it hid the scores it celebrates.
        self.draw_confetti(surface)
        panel = self.overlay_rect()
        surface.blit(TH.panel(panel.size, (10, 34, 25, 252), pal.accent, 14, 2), panel.topleft)
        if self.showing_match_result():
            self.draw_match_result(surface, pal, panel)
        else:
            self.draw_round_breakdown(surface, pal, panel)

    def draw_match_result(self, surface: pygame.Surface, pal: TH.Palette, panel: pygame.Rect) -> None:
        ev = self.match_result
        y = panel.y + 18
        winners = " and ".join(self.names[w] for w in ev.winners)
        title = you_form(f"{winners} win{'s' if len(ev.winners) == 1 else ''} the match!")
        T.blit_text(surface, title, TH.H2, pal.accent, (panel.centerx, y), "midtop", bold=True)
        y += self.result_title_h()
        reason = self.match_end_reason()
        for text, colour in ((reason, pal.text_dim), (self.practice_result(), pal.accent)):
            if text:
                line = T.wrap(text, TH.SMALL, panel.w - 40)
                T.blit_text(surface, line[0] + ("…" if len(line) > 1 else ""), TH.SMALL, colour,
                            (panel.centerx, y - 6), "midtop")
                y += self.result_reason_h()
        order = sorted(range(len(self.names)), key=lambda s: ev.totals[s])
        for seat in order:
            colour = pal.accent if seat in ev.winners else pal.text
            place = 1 + sum(ev.totals[other] < ev.totals[seat] for other in order)   # equal totals share a place
            T.blit_text(surface, f"{place}.", TH.BODY, colour, (panel.x + 150, y), "topright", bold=True)
            T.blit_text(surface, self.names[seat], TH.BODY, colour, (panel.x + 166, y))
            T.blit_text(surface, str(ev.totals[seat]), TH.BODY, colour, (panel.right - 150, y), "topright", bold=True)
            y += self.standing_h()
        if self.chart is not None and panel.bottom - y - 70 >= self.chart.get_height():
            y += 8
            surface.blit(self.chart, self.chart.get_rect(midtop=(panel.centerx, y)))

    def draw_round_breakdown(self, surface: pygame.Surface, pal: TH.Palette, panel: pygame.Rect) -> None:
        """Every hand revealed (upright, for reading), its value, the rule that applied, the totals."""
        ev = self.round_result
        assert ev is not None
        row, card_h, _ = self.breakdown_geometry()
        card_w = int(card_h * 0.7)
        per, general = self.score_reasons(ev)
        y = panel.y + 16
        title = "The guided round: scores" if self.guided else \
            f"Final round ({ev.round}): scores" if self.match_result is not None else f"Round {ev.round}: scores"
        T.blit_text(surface, title, TH.H2, pal.text, (panel.centerx, y), "midtop", bold=True)
        y += self.result_title_h() - 2
        x0, right = panel.x + 22, panel.right - 22
        cols = (right - 236, right - 100, right)         # hand, round, total (right-aligned)
        name_w = min(150, max(80, panel.w // 6))
        for text, x, anchor in (("Player", x0, "topleft"), ("Cards", x0 + name_w, "topleft"), ("Hand", cols[0], "topright"),
                                ("Round", cols[1], "topright"), ("Total", cols[2], "topright")):
            T.blit_text(surface, text, TH.SMALL, pal.text_dim, (x, y), anchor)
        y += self.result_head_h()
        won = set(self.round_winners(ev))
        for seat in range(len(self.names)):
            colour = pal.seat_colour(seat)
            if seat in won:
                band = pygame.Rect(panel.x + 8, y - 3, panel.w - 16, row - 2)
                surface.blit(TH.panel(band.size, (*TH.darken(pal.accent, 0.6), 120), None, 8), band.topleft)
            name = self.names[seat] if T.text(self.names[seat], TH.BODY, colour, True).get_width() <= name_w - 8 \
                else self.names[seat][:10] + "…"
            T.blit_text(surface, name, TH.BODY, TH.lighten(colour, 0.2), (x0, y + 2), bold=True)
            # the hand, upright, squeezed to the room there is
            cards = self.shown_hand(seat)
            room = cols[0] - 70 - (x0 + name_w)
            step = card_w + 4 if len(cards) * (card_w + 4) <= room else max(6, (room - card_w) // max(1, len(cards) - 1))
            for i, sprite in enumerate(cards):
                face = self.face_at(sprite, None)
                if face is not None:
                    self.frame_faces.append((None, sprite.card, sprite.show_to))
                surface.blit(card_image(face, (card_w, card_h), 0, pal), (x0 + name_w + i * step, y))
            if not cards:
                T.blit_text(surface, "no cards", TH.SMALL, pal.text_dim, (x0 + name_w, y + 4))
            T.blit_text(surface, str(ev.hands[seat]), TH.BODY, pal.text, (cols[0], y + 2), "topright")
            bonus = ev.scores[seat] - ev.hands[seat]
            round_text = str(ev.scores[seat]) + (f" ({'+' if bonus > 0 else ''}{bonus})" if bonus else "")
            T.blit_text(surface, round_text, TH.BODY, pal.bad if bonus > 0 else (pal.good if bonus < 0 else pal.text),
                        (cols[1], y + 2), "topright", bold=bool(bonus))
            T.blit_text(surface, str(int(round(self.shown_totals.get(str(seat), 0)))), TH.BODY, pal.text,
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

    # -- celebration --------------------------------------------------------------------------------
    def celebrate(self, big: bool = False) -> None:
        """A short burst of confetti in the seats' colours around the results (none without animations)."""
        if self.tweens.scale() <= 0:
            return
        w, h = self.layout.size
        rng = random.Random(len(self.confetti) + int(self.time * 1000))   # looks only: no game randomness
        colours = [self.palette.seat_colour(i) for i in range(len(self.names))] + [self.palette.accent]
        for _ in range(120 if big else 60):
            side = rng.random() < 0.5
            x = rng.uniform(0, w * 0.15) if side else rng.uniform(w * 0.85, w)
            self.confetti.append([x, h * rng.uniform(0.55, 0.85), rng.uniform(60, 260) * (1 if side else -1),
                                  -rng.uniform(380, 720), rng.choice(colours), rng.uniform(0, 360), 0.0,
                                  rng.uniform(1.6, 2.6)])

    def update_confetti(self, dt: float) -> None:
        for c in self.confetti:
            c[0] += c[2] * dt
            c[1] += c[3] * dt
            c[3] += 620 * dt
            c[2] *= 0.99
            c[5] += 360 * dt
            c[6] += dt
        self.confetti = [c for c in self.confetti if c[6] < c[7]]

    def draw_confetti(self, surface: pygame.Surface) -> None:
        for x, y, _, _, colour, spin, age, life in self.confetti:
            k = abs(math.cos(math.radians(spin)))
            r = pygame.Rect(0, 0, 9, max(2, int(12 * k)))
            r.center = (int(x), int(y))
            pygame.draw.rect(surface, colour, r)

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
