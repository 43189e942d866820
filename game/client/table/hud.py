"""The HUD: the seats' plates and glow, the prompt, what just happened (the narration), a
refusal's message, floating texts, the reaction ring, the title and the key hints. Everything it
shows comes from the views, the shared screen state and the animated events; the round and match
results are results.py's."""

from __future__ import annotations

import math
from collections import deque
from typing import Any, Callable

import pygame

from game.client.narration.wording import seconds_left, you_form
from game.client.table.canvas import Canvas, LabelBoard, Memo
from game.client.table.history import repeated
from game.client.table.zone_kinds import FAN_STEP
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.core.view import SPECTATOR
from game.i18n import _, pgettext


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


class Hud:
    """Texts, plates, the ring, the title and the key hints."""

    interface = ("narration", "message", "floating", "moving", "say", "narrate", "recalled", "float_text", "update", "standard_title",
                 "title_rect", "draw_title", "hint_rows", "shown_key_hints", "standard_tag", "start_board", "reserve_fixed",
                 "ring_rect", "ring_shown", "draw_seats", "draw_plates", "draw_ring", "current_prompt", "draw_message",
                 "draw_floating", "floating_bands", "draw_texts", "draw_key_hints", "narration_lines", "narration_pitch")

    def __init__(self, screen: Any, spec: Any, match: Any, app: Any, zones: Any, director: Any,
                 remember: Callable[[str, int | None], None], extra_hints: Callable[[], list[tuple[str, str]]],
                 hint_enabled: Callable[[str], bool], button_rects: Callable[[], list[pygame.Rect]],
                 shown_total: Callable[[int], float]):
        self.screen, self.spec, self.match, self.app, self.zones, self.director = screen, spec, match, app, zones, director
        self.remember = remember              # a narrated line is kept in the history too
        self.extra_hints = extra_hints        # the table's own key hints after the game's (Ctrl+Z)
        self.hint_enabled = hint_enabled      # whether a key hint does something now (dimmed if not)
        self.button_rects = button_rects      # where the buttons are (labels keep off them)
        self.shown_total = shown_total        # a seat's total as the plates count it up
        self.floating: list[Floating] = []
        self.narration: deque[str] = deque(maxlen=3)
        self.message: tuple[str, float] | None = None   # (text, seconds left): why a click failed
        self.message_tone = "bad"                         # "bad" (a refusal) or "info" (the coach)
        self.message_turn = None                          # whose turn it was when it was said
        self.message_until: Callable[[], bool] | None = None   # while it holds (None: its time)
        self._memo = Memo()

    # -- what is said ---------------------------------------------------------------------------------
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

    def narrate(self, text: str, seat: int | None = None) -> None:
        """What just happened, in plain words: shown beside the pile and kept in the history (with
        the seat it tells of)."""
        line = you_form(text)
        again = repeated(self.narration[-1], line) if self.narration else None
        if again is not None:
            self.narration[-1] = again      # (the peek's two looks: one line, not two the same)
        else:
            self.narration.append(line)
        self.remember(line, seat)

    def recalled(self, lines: list[str]) -> None:
        """A continued match: beside the pile, what happened last (when nothing was said since)."""
        if not self.narration:
            self.narration.extend(lines)

    def float_text(self, seat: int | None, text: str, colour=None) -> None:
        """A rising text over `seat`, or (None) beside the deck; placed from the current layout
        every frame, so it stays with its seat when the table rotates."""
        words = you_form(text)
        if seat is not None:
            def where() -> tuple[float, float]:
                return self.zones.seat_point(seat)
            wrapped = None
        else:       # left of the deck: clear of the piles, their labels and the narration beside them
            def where() -> tuple[float, float]:
                return self.beside_deck(words)[:2]

            def wrapped() -> list[str]:
                return self.beside_deck(words)[2]
        f = Floating(words, where(), colour or self.app.palette.text, where=where, seat=seat, wrapped=wrapped)
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
        L = self.screen.layout
        right = L.deck_pos[0] - L.pile_card[0] * 0.5 - 28 * L.unit
        y = L.deck_pos[1]
        line = T.line_height(TH.BODY, True) + 8
        top, bottom = y - 40 - 1.5 * line, y + 1.5 * line      # the band it rises through
        deck_left = L.deck_pos[0] - L.pile_card[0] * 0.5
        left = 8.0
        for r in self.spec.card_rects():
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

    def update(self, dt: float) -> None:
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

    # -- the title and the key hints ------------------------------------------------------------------
    def standard_title(self) -> str:
        """"Kombio · round 2" (and " · practice" once a move was taken back)."""
        words = dict(game=self.spec.title, n=max(1, self.match.view(SPECTATOR).round))
        if self.match.take_backs:
            return _("{game} · round {n} · practice").format(**words)
        return _("{game} · round {n}").format(**words)

    def title_lines(self) -> tuple[list[str], int]:
        """The title's lines and type: on one line in the small type while it ends before the cards
        of a top seat (a longer language's "Kombio · round 1" ran under the top left seat's grid
        at 960x540 with six seats), else in the tiny type, on two lines if one does not fit."""
        text = self.spec.title_text()
        band = pygame.Rect(14, 10, self.screen.layout.size[0], T.line_height(TH.SMALL))
        lefts = [r.left for r in self.zones.card_rects() if r.colliderect(band) and r.left > 14]
        room = min(lefts) - 8 - 14 if lefts else band.w
        for size in (TH.SMALL, TH.TINY):
            if T.text(text, size, (0, 0, 0)).get_width() <= room:
                return [text], size
        return T.wrap(text, TH.TINY, max(room, 80)), TH.TINY

    def title_rect(self) -> pygame.Rect:
        lines, size = self.title_lines()
        rects = [T.text(line, size, (0, 0, 0)).get_rect(topleft=(14, 10 + i * T.line_height(size)))
                 for i, line in enumerate(lines)]
        return rects[0].unionall(rects[1:])

    def draw_title(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        lines, size = self.title_lines()
        for i, line in enumerate(lines):
            T.blit_text(surface, line, size, pal.text_dim, (14, 10 + i * T.line_height(size)))

    def shown_key_hints(self) -> list[tuple[str, str]]:
        """The game's key hints and the table's own (Ctrl+Z)."""
        return self.spec.key_hints() + self.extra_hints()

    def hint_rows(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """(key box, words box) of each key hint, bottom left; two columns on a short screen.
        Worked out once for the hints, the window and the text size (asked twice a frame)."""
        hints = self.shown_key_hints()
        key = (tuple(hints), self.screen.layout.size, T.scale())
        kept = self._memo.get("hints", key)
        if kept is None:
            kept = self._memo.put("hints", key, self._place_hints(hints) if hints else [])
        return kept

    def _place_hints(self, hints: list[tuple[str, str]]) -> list[tuple[pygame.Rect, pygame.Rect]]:
        w, h = self.screen.layout.size
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

    # -- the frame's label board -------------------------------------------------------------------------
    def start_board(self, surface: pygame.Surface) -> LabelBoard:
        """A fresh label board holding what every table draws in fixed places: the buttons, the
        title and the key hints."""
        board = LabelBoard(surface.get_rect(), self.spec.card_rects())
        for rect in self.button_rects():
            board.reserve(rect)
        board.reserve(self.title_rect())
        for box, text_rect in self.hint_rows():
            board.reserve(box.union(text_rect))
        return board

    def reserve_fixed(self, canvas: Canvas) -> None:
        """The piles first, and the countdown ring (the pile's captions go round it)."""
        L = self.screen.layout
        for x, y in (L.deck_pos, L.discard_pos):
            r = pygame.Rect(0, 0, *L.pile_card)
            r.center = (int(x), int(y))
            canvas.board.reserve(r)
        if self.spec.ring_shown():
            canvas.board.reserve(self.ring_rect())

    # -- the reaction ring ---------------------------------------------------------------------------------
    def ring_rect(self) -> pygame.Rect:
        L = self.screen.layout
        r = int(max(L.pile_card) * 0.5 + 16 * L.unit)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (int(L.discard_pos[0]), int(L.discard_pos[1]))
        return rect

    def moving(self) -> bool:
        """A text is rising."""
        return bool(self.floating)

    def ring_shown(self) -> bool:
        ev = self.screen.window
        return not (ev is None or self.director.queue or self.match.view(SPECTATOR).window(ev.trigger) is None)

    def narration_left(self) -> int:
        """Where the narration starts: right of the discard pile (of its fan, where it fans out)."""
        L = self.screen.layout
        right = L.discard_pos[0] + L.pile_card[0] * 0.5
        if self.spec.pile_lay == "fanned":
            return int(right + (self.spec.discard_shown - 1) * L.pile_card[0] * FAN_STEP + 24 * L.unit)
        return int(right + 46 * L.unit)

    def draw_ring(self, canvas: Canvas) -> None:
        """The reaction window's countdown ring around the discard pile."""
        surface, pal = canvas.surface, canvas.pal
        ev = self.screen.window
        if ev is None or self.director.queue or self.match.view(SPECTATOR).window(ev.trigger) is None:
            return      # (a window the rules have closed, or paused for a choice, shows no ring)
        rect = self.ring_rect()
        r = rect.w // 2
        pygame.draw.circle(surface, (0, 0, 0), rect.center, r, 7)
        if ev.deadline is None:
            frac = 1.0
            colour = TH.lighten(pal.info, 0.3 * self.screen.pulse(4))
            label = self.spec.ring_label
        else:
            total = max(1e-6, ev.deadline - ev.opened_at)
            left = max(0.0, ev.deadline - self.screen.table_time)
            frac = left / total
            colour = pal.good if frac > 0.5 else (pal.accent if frac > 0.2 else pal.bad)
            label = seconds_left(left)
        if frac > 0:
            start = math.pi / 2
            pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * frac, 6)
        if label:
            spot = canvas.fit(T.text(label, TH.SMALL, colour, True).get_rect(midbottom=(rect.centerx, rect.top - 4)),
                              ("up", "right", "left", "down"))
            T.blit_text(surface, label, TH.SMALL, colour, spot.topleft, bold=True)

    # -- the seats -----------------------------------------------------------------------------------------
    def draw_seats(self, canvas: Canvas) -> None:
        """The glow of the seat on turn; each seat's plate and tag placed (drawn over the cards
        later by ``draw_plates``)."""
        surface, pal, screen = canvas.surface, canvas.pal, self.screen
        acting = set(self.match.view(SPECTATOR).acting) if not self.director.animating else set()
        asked = []
        unit = screen.layout.unit
        for seat in range(screen.seats):
            slots = self.zones.grid_len.get(seat, 4)
            x, y, w, h = bounds = self.spec.seat_area(seat)
            is_turn = seat == screen.turn and screen.round_result is None
            if is_turn:
                area = pygame.Rect(x, y, w, h).inflate(int(22 * unit), int(22 * unit))
                # The thinking seat glows (a few cached steps of a slow pulse; never a new surface per frame).
                glow = round((0.55 + 0.45 * math.sin(screen.time * 3.2)) * 4) / 4 if seat not in screen.humans else 1.0
                colour = TH.lighten(pal.seat_colour(seat), 0.2 * glow)
                surface.blit(TH.panel(area.size, (*pal.seat_colour(seat), int(40 + 40 * glow)), colour, 14, 3), area.topleft)
            place = self.spec.plate_at(seat, slots, bounds)
            label = self.spec.plate_text(seat, int(round(self.shown_total(seat))))
            asked.append((seat, place, label, is_turn, self.spec.seat_tag(seat, acting)))
        # The plates are placed now (the table's other labels keep off them) and drawn over the
        # cards (draw_plates): a card a top seat holds out used to hide its name. Their places are
        # worked out again only when what they are placed by changes (the labels, the board so far).
        board = canvas.board
        key = (asked, list(board.taken), board.cards, board.screen, pal.name, T.scale())
        kept = self._memo.get("plates", key)
        if kept is None:
            kept = self._memo.put("plates", key, self._place_plates(canvas, asked))
        else:
            board.taken.extend(pygame.Rect(r) for r in kept[2])     # the same spots, taken again
        canvas.notes["plates"] = kept[:2]

    def _place_plates(self, canvas: Canvas, asked: list) -> tuple[list, list, list[pygame.Rect]]:
        pal, board = canvas.pal, canvas.board
        before = len(board.taken)
        plates: list[tuple[pygame.Rect, tuple, tuple | None, str]] = []
        tags: list[tuple[tuple[str, tuple], pygame.Rect]] = []
        for seat, ((px, py), anchor), label, is_turn, tag in asked:
            txt = T.text(label, TH.SMALL, pal.text, True)
            box = board.fit(txt.get_rect(**{anchor: (px, py)}).inflate(18, 8), off_cards=False)   # (beside its cards by design)
            fill = (*TH.darken(pal.seat_colour(seat), 0.55), 220)
            plates.append((box, fill, pal.seat_colour(seat) if is_turn else None, label))
            if tag:
                want = T.text(tag[0], TH.TINY, tag[1], True).get_rect(midtop=(box.centerx, box.bottom + 3))
                tags.append((tag, canvas.fit(want, ("down", "up", "right", "left"))))
        return plates, tags, [pygame.Rect(r) for r in board.taken[before:]]

    def draw_plates(self, canvas: Canvas) -> None:
        plates, tags = canvas.notes.get("plates", ([], []))
        for box, fill, edge, label in plates:
            canvas.surface.blit(TH.panel(box.size, fill, edge, 8, 2), box.topleft)
            T.blit_text(canvas.surface, label, TH.SMALL, canvas.pal.text, box.center, "center", bold=True)
        for (words, colour), spot in tags:
            T.blit_text(canvas.surface, words, TH.TINY, colour, spot.topleft, bold=True)

    def standard_tag(self, seat: int) -> tuple[str, tuple] | None:
        """"thinking…" under a bot on turn, "pass" under a seat that passed the open window."""
        pal, screen = self.app.palette, self.screen
        if seat == screen.turn and seat not in screen.humans and screen.round_result is None:
            return _("thinking…"), pal.accent
        if screen.window is not None and seat in screen.window_passed:
            return pgettext("seat tag", "pass"), pal.text_dim
        return None

    # -- the prompt, the message, the narration --------------------------------------------------------
    def current_prompt(self) -> str:
        """What the prompt line says now: a hold's own words, nothing over the results, else the
        table's prompt while input is taken."""
        hold = self.director.hold
        if hold is not None:
            return hold.prompt
        if self.screen.match_result is not None or self.screen.round_result is not None:
            return ""
        return self.spec.prompt() if self.director.ready_for_input() else ""

    def draw_message(self, canvas: Canvas, centre: tuple[int, int]) -> None:
        """The short message (a refusal, or the coach in the info colour) in the free spot nearest
        `centre`, off the cards as well as the labels: on one line if it fits somewhere, else
        wrapped narrower until it does (a refusal laid over an opponent's hand hid it); where
        nothing clear is near, on one line off the labels alone."""
        if self.message is None:
            return
        surface, pal, board = canvas.surface, canvas.pal, canvas.board
        text = self.message[0]
        # Off the rising texts too: they tell what just happened (a check's outcome) and are gone
        # in a moment; a message stays its seconds.
        cards = board.cards + self.floating_bands()
        lh = T.line_height(TH.BODY, True)
        # The search is worked out once while the table lies still (it may try thousands of spots),
        # and a message stays where it was put while that spot stays clear (one moved aside for a
        # rising text does not jump back when the text is gone).
        key = (text, centre, tuple(map(tuple, board.taken)), tuple(map(tuple, cards)))
        last = self._memo.last("message")
        if last is not None and (last[0] == key or last[0][:2] == key[:2] and board.free(last[1][0], cards)):
            kept = last[1]
        else:
            kept = self._message_place(board, text, centre, cards, lh)
        box, lines = self._memo.put("message", key, kept)
        board.reserve(box)
        canvas.notes["message"] = box          # (the frame's record: where the message lay)
        edge = pal.info if self.message_tone == "info" else pal.bad
        surface.blit(TH.panel(box.size, (*TH.darken(edge, 0.35), 235), edge, 10, 2), box.topleft)
        top = box.centery - lh * len(lines) // 2
        for i, line in enumerate(lines):
            T.blit_text(surface, line, TH.BODY, (255, 255, 255), (box.centerx, top + i * lh), "midtop", bold=True)

    def prompt_place(self, board: LabelBoard, prompt: str, midtop: tuple[int, int]) -> tuple[pygame.Rect, list[str], int]:
        """The prompt's box (reserved), lines and font size: under the piles, off the labels and
        the cards (three lines at 960x540 lay over the player's own). Wrapped for half the width
        where that finds a clear spot near, else in fewer, wider lines, each as narrow as its count
        allows (even lines; two fit between the side seats where a greedy wrap's first line did
        not), else the same in the smaller type; where nothing is clear, as before, off the labels alone.
        Worked out once while the table lies still."""
        cards = board.cards
        key = (prompt, midtop, self.screen.layout.size, tuple(map(tuple, board.taken)), tuple(map(tuple, cards)))
        kept = self._memo.get("prompt", key)
        if kept is not None:
            board.reserve(kept[0])
            return kept
        w = self.screen.layout.size[0]

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
                spot = board.find(box_for(lines, size), ("down", "up", "right", "left"), cards)
                if spot is not None:
                    board.reserve(spot)
                    return self._memo.put("prompt", key, (spot, lines, size))
        # A longer language at 960x540 (a reaction window's two sentences) finds no clear spot
        # under the piles: in the smaller type, in more and narrower lines, wherever there is room
        # nearest (beside the player's own cards), before it would lie on labels or cards.
        for size in (TH.SMALL, TH.TINY):
            for width in (w * 2 // 5, w // 3, w // 4):
                lines = T.wrap(prompt, size, width, True)
                for far in (False, True):
                    spot = board.find_near(box_for(lines, size), cards, far)
                    if spot is not None:
                        board.reserve(spot)
                        return self._memo.put("prompt", key, (spot, lines, size))
        size = TH.BODY
        lines = T.wrap(prompt, size, w // 2, True)
        spot = board.fit(box_for(lines, size), ("down", "up", "right", "left"), off_cards=False)
        return self._memo.put("prompt", key, (spot, lines, size))

    @staticmethod
    def _message_place(board: LabelBoard, text: str, centre: tuple[int, int], cards: list[pygame.Rect],
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
                box = board.find_near(want, cards, far)
                if box is not None:
                    break
            if box is not None:
                break
        if box is None:
            lines = [text]
            want = pygame.Rect(0, 0, one_line + 26, lh + 12)
            want.center = centre
            box = board.find(want, ("up", "down", "right", "left")) or want.clamp(board.screen)
        return box, lines

    def draw_texts(self, canvas: Canvas) -> None:
        surface, pal, board = canvas.surface, canvas.pal, canvas.board
        L = self.screen.layout
        w, h = L.size
        cx, cy = L.centre
        base_y = cy + int(L.pile_card[1] * 0.5 + 46 * L.unit)
        prompt = self.current_prompt()
        if prompt:
            midtop = (cx, base_y - T.line_height(TH.BODY, True) // 2 - 6)
            box, lines, size = self.prompt_place(board, prompt, midtop)
            lh = T.line_height(size, True)
            surface.blit(TH.panel(box.size, (6, 28, 20, 235), pal.accent, 10, 2), box.topleft)
            for i, line in enumerate(lines):
                T.blit_text(surface, line, size, pal.text, (box.centerx, box.y + 6 + i * lh), "midtop", bold=True)
        # What just happened, to the right of the discard pile.
        nx = self.narration_left()
        width = max(120, int(w * 0.82) - nx) if self.screen.seats > 3 else int(w * 0.95) - nx
        pitch = self.narration_pitch()
        # Placed again only when the news or what it is placed by (the board so far) changes.
        key = (tuple(self.narration), nx, width, pitch, cy, list(board.taken), board.cards, board.screen, T.scale())
        kept = self._memo.get("narration", key)
        if kept is None:
            kept = self._memo.put("narration", key, self._place_narration(canvas, nx, width, pitch, cy))
        else:
            board.taken.extend(pygame.Rect(r) for r in kept[3])     # the same spot, taken again
        lines, newest, block, _ = kept
        if lines:
            back = block.inflate(16, 10)
            surface.blit(TH.panel(back.size, (0, 0, 0, 90), None, 8), back.topleft)
            for i, line in enumerate(lines):
                colour = pal.text if i >= len(lines) - newest else pal.text_dim
                T.blit_text(surface, line, TH.SMALL, colour, (block.x, block.y + i * pitch), "topleft")
        self.draw_message(canvas, (cx, cy - L.pile_card[1] // 2 - int(44 * L.unit)))
        self.draw_floating(canvas)
        canvas.layer("table")
        self.draw_title(surface, pal)
        self.draw_key_hints(canvas)

    def _place_narration(self, canvas: Canvas, nx: int, width: int, pitch: int,
                         cy: int) -> tuple[list[str], int, pygame.Rect | None, list[pygame.Rect]]:
        """The news's lines, how many the newest takes, its block (taken on the board) and what
        that took on the board."""
        board, pal = canvas.board, canvas.pal
        before = len(board.taken)
        prefer = ("down", "up", "right", "left")
        # Narrower where the widest wrap finds no spot off the cards (with six seats at 1000x620 a
        # long line ran under a side seat's card); else the widest, off the labels alone.
        # Where even the narrowest finds none (a longer language at 960x540, a top seat's grid grown
        # towards the piles), the older news gives way (it is kept in the history): the last two
        # messages, then the newest alone.
        def block_for(lines: list[str]) -> pygame.Rect:
            width = max(T.text(line, TH.SMALL, pal.text).get_width() for line in lines)
            return pygame.Rect(nx, int(cy - len(lines) * pitch / 2), width, len(lines) * pitch)
        widest = None
        for most, tried in [(most, tried) for most in (3, 2, 1) for tried in (width, int(width * 0.8), int(width * 0.65))]:
            lines, newest = self.narration_lines(max(120, tried), most)
            if not lines:
                break
            block = block_for(lines)
            widest = widest or (lines, newest, block)
            if board.find(block, prefer, board.cards) is not None:
                break
        else:
            lines, newest, block = widest
            # Nothing clear beside the pile: the newest message in the nearest clear spot anywhere.
            for tried, far in ((int(width * 0.65), False), (int(width * 0.65), True), (int(width * 0.5), True)):
                near_lines, near_newest = self.narration_lines(max(120, tried), 1)
                spot = board.find_near(block_for(near_lines), board.cards, far)
                if spot is not None:
                    lines, newest, block = near_lines, near_newest, spot
                    break
        if not lines:
            return lines, newest, None, []
        block = canvas.fit(block, prefer)
        return lines, newest, block, [pygame.Rect(r) for r in board.taken[before:]]

    def draw_key_hints(self, canvas: Canvas) -> None:
        """Bottom left, a key in its box and what it does; a key that does nothing now is dimmed."""
        surface, pal = canvas.surface, canvas.pal
        hints = [(str(key), str(what)) for key, what in self.shown_key_hints()]   # (words in today's language)
        on = tuple(self.hint_enabled(key) for key, _ in hints)
        # What each hint blits where, worked out once per hints, what is on, window, text size, palette.
        key = (hints, on, self.screen.layout.size, T.scale(), pal.name)
        kept = self._memo.get("hint blits", key)
        if kept is None:
            kept = self._memo.put("hint blits", key, self._hint_blits(hints, on, pal))
        for box, texts in kept:
            pygame.draw.rect(surface, pal.button, box, border_radius=4)
            pygame.draw.rect(surface, pal.button_border, box, 1, border_radius=4)
            for words, img, rect in texts:
                surface.blit(img, rect)
                T.DRAWN.append((words, pygame.Rect(rect)))

    def _hint_blits(self, hints: list[tuple[str, str]], on: tuple[bool, ...], pal: TH.Palette) -> list:
        """Each key hint's box and its texts as blit_text would draw them: (words, image, rect)."""
        out = []
        for (key, what), lit, (box, words) in zip(hints, on, self.hint_rows()):
            k = T.text(key, TH.TINY, pal.text if lit else pal.disabled, True)
            w = T.text(what, TH.TINY, pal.text_dim if lit else pal.disabled)
            out.append((box, ((T.clean(key), k, k.get_rect(center=box.center)),
                              (T.clean(what), w, w.get_rect(topleft=words.topleft)))))
        return out

    def floating_rows(self, f: Floating, k: float) -> list[pygame.Rect]:
        """Where the lines of a rising text lie when it has risen `k` (0 to 1) of its way."""
        inner = T.line_height(TH.BODY, True)
        lines = f.lines
        at = (int(f.x), int(f.y - 40 * k + f.lane * (inner + 8) - (len(lines) - 1) * inner / 2))
        rows = [T.text(ln, TH.BODY, f.colour, True).get_rect(center=(at[0], at[1] + i * inner))
                for i, ln in enumerate(lines)]
        # Kept inside the window, its pill too: over a side seat a longer language's "Ada: wrong
        # card" ran off the edge.
        w = self.screen.layout.size[0]
        left, right = min(r.left for r in rows) - 8, max(r.right for r in rows) + 8
        dx = 8 - left if left < 8 else (w - 8 - right if right > w - 8 else 0)
        return [r.move(dx, 0) for r in rows] if dx else rows

    def floating_bands(self) -> list[pygame.Rect]:
        """The whole way each rising text passes (its pill from start to end): a message keeps off
        them (16 Combos' coach lay on "Missed" as it rose)."""
        bands = []
        for f in self.floating:
            start, end = self.floating_rows(f, 0.0), self.floating_rows(f, 1.0)
            bands.append(start[0].unionall(start[1:] + end).inflate(16, 6))
        return bands

    def draw_floating(self, canvas: Canvas) -> None:
        """The rising texts, each on a dark pill (readable over cards of any colour), one line apart
        when several rise over the same seat."""
        surface = canvas.surface
        canvas.layer("floating")       # (rising texts pass over other labels by design)
        for f in self.floating:
            lines = f.lines
            rows = self.floating_rows(f, f.age / f.life)
            pill = rows[0].unionall(rows[1:]).inflate(16, 6)
            surface.blit(TH.panel(pill.size, (0, 0, 0, 170), None, min(pill.h, rows[0].h + 6) // 2), pill.topleft)
            for ln, r in zip(lines, rows):
                T.blit_text(surface, ln, TH.BODY, f.colour, r.center, "center", bold=True)

    def narration_lines(self, width: int, most: int = 3) -> tuple[list[str], int]:
        """The narration's lines at `width` (the `most` newest messages), and how many of them the
        newest message takes. Whole messages only, newest last: an older one that does not fit in
        five lines is left out rather than cut mid-sentence (the newest is bright on every one of
        its lines)."""
        lines: list[str] = []
        newest = 0
        for n, line in enumerate(reversed(list(self.narration)[-most:])):
            wrapped = T.wrap(line, TH.SMALL, width)
            if n and len(lines) + len(wrapped) > 5:
                break
            lines[:0] = wrapped
            newest = newest or len(wrapped)
        return lines, newest

    def narration_pitch(self) -> int:
        """The line pitch of the narration, from the type: 19 px at the normal text size."""
        return T.line_height(TH.SMALL) + 1

