"""The round replay: one round of a record, step by step, with every card face up.

Opened from a table's round results ("Replay round", key V), and by `cardhall replay RECORD
--show`. Everything it shows comes from the pure replay (game/replay.py): the truth view at each
step, each seat's knowledge against it, the reactions not taken. This scene only draws them:

- every seat's cards face up, in rows; the piles and the deck on the right;
- for the chosen seat (click a name, or Tab): what it knew, card by card: a green outline for a
  card it sees, a blue one for a card it remembers, red for a card it remembers wrongly (with what
  it thought), a dimmed card marked "forgot" for one a bot had lost, a dimmed card with "?" for one
  it did not know. A bot seat shows what that bot had in mind in play; a person's seat its memory
  aid (a perfect memory of what it saw: a person's own memory is not recorded), which the side
  panel says;
- the step's line in the history panel's words (the game's own narrator tells the round's
  events as the table tells them), the step number and its time in the round;
- "could have" lines for a reaction not taken that opened at this step.

Keys: Left/Right step, Home/End, Tab the next seat, PgUp/PgDn the round before/after, M the next
missed reaction, Esc closes (back to the table, or out of `cardhall replay --show`). The replay
builds its own games from a copy of the record: the live match and its saved file are untouched.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import pygame

from game.client.scene import MenuScene, Scene
from game.client.narration.notes import english_note
from game.client.narration.record import told_steps
from game.client.narration.wording import reword, shown_names, you_form, you_seats
from game import games
from game.client.tables import table_for
from game.client.ui import cards as CARDS
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button, Form
from game.core.actions import Expire, Pass, StartRound
from game.core.cards import Card, Place
from game.core.errors import RecordError
from game.core.record import GameRecord
from game.i18n import _, _l, ngettext
from game.replay import (BOT_MEMORY, FORGOT, MEMORY_AID, NO_MEMORY, REMEMBERS, SEES, UNKNOWN, WRONG, RoundReplay,
                          round_results, round_spans, slots)

_log = logging.getLogger(__name__)


class StepWords:
    """The round told step by step in the history panel's words, by the game's own pure narrator
    (the events redacted for nobody at the screen), and the game's card faces (``face_of``)."""

    def __init__(self, record: GameRecord, start: int, steps: int):
        spec = getattr(table_for(record.variant), "spec", None)     # (the table's spec, not a table)
        narrator_class = spec.narrator if spec is not None else None
        self.narrator = narrator_class(shown_names(record.seats), you_seats(record.seats)) if narrator_class is not None else None
        self.record, self.start, self.stop = record, start, start + steps
        self.lines: list[list[str]] | None = None

    def face_of(self, card: Card) -> dict | None:
        if self.narrator is None:
            return {"rank": str(card.rank)}
        return self.narrator.face_of(card)

    def line(self, step: int) -> list[str]:
        """The narrated lines of `step` (0: the deal, whose words the scene says)."""
        if self.narrator is None:
            return []
        if self.lines is None:
            try:
                self.lines = [[you_form(text) for text in lines]
                              for lines in told_steps(self.record, self.narrator, self.start, self.stop)]
            except Exception:         # a record that cannot be told leaves the plain words
                _log.exception("the replay's narrator failed")
                self.lines = []
        return self.lines[step] if step < len(self.lines) else []


# -- the scene ----------------------------------------------------------------------------------------
STATUS_WORDS = {SEES: _l("in view now"), REMEMBERS: _l("remembered"), WRONG: _l("remembered wrongly"), FORGOT: _l("forgot"),
                UNKNOWN: _l("not known")}


class ReplayScene(Scene):

    def __init__(self, app: Any, record: GameRecord, number: int | None = None, seat: int | None = None):
        super().__init__(app)
        self.record = record
        self.spans = round_spans(record)
        self.names = shown_names(record.seats)
        self.you = you_seats(record.seats)
        titles = {e.id: e.title for e in games.entries()}
        self.variant_title = titles.get(record.variant, record.variant)
        humans = [i for i, s in enumerate(record.seats) if s.kind == "human"]
        self.seat = seat if seat is not None else (humans[0] if humans else 0)
        self.form = Form(sound=app.sound.play)
        self.card_rects: list[tuple[pygame.Rect, Any, int]] = []     # (rect, place, slot) drawn
        self.name_rects: list[tuple[pygame.Rect, int]] = []
        # What the last frame drew, for tests: face-up cards, knowledge marks, text lines.
        self.drawn_faces: list[tuple[Any, int, Card]] = []
        self.drawn_marks: dict[tuple[Any, int], str] = {}
        self.drawn_lines: list[str] = []
        self.drawn_side: list[str] = []      # the side panel's words on the chosen seat's knowledge
        self.missed_targets: set[tuple[Place, int]] = set()
        self.step_targets: set[tuple[Place, int]] = set()    # the cards this step's action named
        self.drawn_rings: list[pygame.Rect] = []             # cards or pairs ringed as a missed chance
        self._round_scores: dict[int, Any] | None = None
        self.open_round(number if number is not None else self.spans[-1].number if self.spans else 1)

    # -- the round and the step -----------------------------------------------------------------
    def open_round(self, number: int) -> None:
        self.replay = RoundReplay(self.record, number)
        self.narrator = StepWords(self.record, self.replay.span.start, self.replay.steps)
        self.step = 0
        self.relayout()

    def go(self, step: int) -> None:
        self.step = max(0, min(self.replay.steps - 1, step))
        self.relayout()

    def next_missed(self) -> None:
        later = [m.step for m in self.replay.missed() if m.step > self.step]
        if later:
            self.go(later[0])
        elif self.replay.missed():
            self.go(self.replay.missed()[0].step)

    def next_seat(self, delta: int = 1) -> None:
        self.seat = (self.seat + delta) % len(self.names)
        self.relayout()

    def other_round(self, delta: int) -> None:
        number = self.replay.number + delta
        if 1 <= number <= len(self.spans):
            self.open_round(number)

    def round_scores(self) -> dict[int, Any]:
        """Each scored round's RoundScored, worked out once (the whole record is replayed for it)."""
        if self._round_scores is None:
            try:
                self._round_scores = round_results(self.record)
            except RecordError as exc:        # the round itself shows what does not replay
                _log.warning("round scores for the Rounds list: %s", exc)
                self._round_scores = {}
        return self._round_scores

    def pick_round(self) -> None:
        if len(self.spans) > 1:
            self.app.push(RoundPicker(self.app, self))

    def close(self) -> None:
        self.app.pop()

    # -- words ---------------------------------------------------------------------------------------
    def named(self, text: str, seat: int | None = None) -> str:
        line = you_form(reword(re.sub(r"\bseat (\d+)", r"Seat \1", text), self.names))
        if seat is not None and seat in self.you:
            line = line.replace("their own", "your own")
        return line

    def prompt_words(self, view: Any) -> str:
        """What the table waited for after this step, in the game's narrator's words (the rules'
        own prompt is English data for the text paths)."""
        narrator = self.narrator.narrator
        return narrator.prompt_words(view) if narrator is not None else ""

    def step_lines(self) -> list[str]:
        frame = self.replay.frame(self.step)
        action = frame.action
        if frame.refused:
            return [_("Refused: {why}").format(why=frame.refused)]
        if isinstance(action, StartRound):
            truth = frame.truth
            if truth.dealer in self.you:
                return [_("Round {round}: You deal.").format(round=self.replay.number)]
            return [_("Round {round}: {name} deals.").format(round=self.replay.number, name=self.names[truth.dealer])]
        lines = self.narrator.line(self.step)
        if lines:
            return lines
        who = self.names[action.seat] if 0 <= action.seat < len(self.names) else _("The table")
        if isinstance(action, Pass):
            return [_("You pass.") if action.seat in self.you else _("{name} passes.").format(name=who)]
        if isinstance(action, Expire):
            return [_("Time is up: the reaction window closes.")]
        # (an action no narrator tells: its rules name, in English)
        verb, _sep, rest = "".join(" " + c.lower() if c.isupper() else c for c in type(action).__name__).strip().partition(" ")
        if action.seat not in self.you:      # ("You skips ability." read the third person for the player)
            verb += "es" if verb.endswith(("s", "sh", "ch", "x")) else "s"     # "Draw from deck": "draws from deck"
        return [you_form(f"{who} {verb} {rest}".rstrip() + ".")]

    def missed_lines(self) -> list[str]:
        out = []
        narrator = self.narrator.narrator
        for m in self.replay.missed_at(self.step):
            what = narrator.missed_words(m.note) if narrator is not None else english_note(m.note)
            if m.seat in self.you:
                what = what.replace("their own", "your own")      # (English; the player's own sentence)
            line = _("{what} at {seconds} s").format(what=you_form(what), seconds=f"{m.t:.1f}")
            if self.replay.hidden_memory and not m.known:
                line = (_("{line} (you had not seen it)") if m.seat in self.you else
                        _("{line} (they had not seen it)")).format(line=line)
            out.append(line)
        return out

    # -- layout and buttons ---------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.relayout()

    def relayout(self) -> None:
        w, h = self.app.size
        last = self.replay.steps - 1
        buttons = [Button("|◀", lambda: self.go(0), hint="Home", size=TH.SMALL),
                   Button(_("◀ Back"), lambda: self.go(self.step - 1), hint="←", size=TH.SMALL),
                   Button(_("Next ▶"), lambda: self.go(self.step + 1), hint="→", size=TH.SMALL, primary=True),
                   Button("▶|", lambda: self.go(last), hint="End", size=TH.SMALL)]
        buttons[0].enabled = buttons[1].enabled = self.step > 0
        buttons[2].enabled = buttons[3].enabled = self.step < last
        x = 16
        for b in buttons:
            bw = max(92, T.text(b.text, TH.SMALL, (0, 0, 0), True).get_width() + 64)
            b.rect = pygame.Rect(x, h - 56, bw, 42)
            x += bw + 10
        if self.replay.missed():
            m = Button(_("Next missed"), self.next_missed, shortcut=pygame.K_m, hint="M", size=TH.SMALL)
            m.rect = pygame.Rect(x + 10, h - 56, 190, 42)
            buttons.append(m)
        top = []
        close = Button(_("Close"), self.close, hint="Esc", size=TH.SMALL)
        close.rect = pygame.Rect(w - 150, 8, 138, 36)
        top.append(close)
        if len(self.spans) > 1:
            nxt = Button(_("Round ▶"), lambda: self.other_round(1), hint="PgDn", size=TH.SMALL)
            nxt.rect = pygame.Rect(w - 150 - 170, 8, 160, 36)
            nxt.enabled = self.replay.number < len(self.spans)
            prev = Button(_("◀ Round"), lambda: self.other_round(-1), hint="PgUp", size=TH.SMALL)
            prev.rect = pygame.Rect(w - 150 - 340, 8, 160, 36)
            prev.enabled = self.replay.number > 1
            rounds = Button(_("Rounds"), self.pick_round, shortcut=pygame.K_r, hint="R", size=TH.SMALL)
            rounds.rect = pygame.Rect(w - 150 - 340 - 150, 8, 140, 36)
            top += [rounds, prev, nxt]
        self.form.set_widgets(buttons + top, keep_focus=True)

    # -- input ---------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            key = event.key
            steps = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1}
            if key in steps:
                self.go(self.step + steps[key])
                return
            if key == pygame.K_HOME:
                self.go(0)
                return
            if key == pygame.K_END:
                self.go(self.replay.steps - 1)
                return
            if key == pygame.K_TAB:
                self.next_seat(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return
            if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.other_round(-1 if key == pygame.K_PAGEUP else 1)
                return
            if key == pygame.K_ESCAPE:
                self.close()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, seat in self.name_rects:
                if rect.collidepoint(event.pos):
                    self.seat = seat
                    self.relayout()
                    return
        self.form.handle_event(event)

    # -- drawing -----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        pal = self.palette
        w, h = surface.get_size()
        surface.blit(TH.felt_background((w, h), pal), (0, 0))
        self.card_rects, self.name_rects = [], []
        self.drawn_faces, self.drawn_marks, self.drawn_lines, self.drawn_rings = [], {}, [], []
        self.drawn_side = []
        frame = self.replay.frame(self.step)
        known = self.replay.knowledge(self.step, self.seat)
        truth = frame.truth
        self.missed_targets = {(Place(p.zone, p.seat), p.index) for m in self.replay.missed_at(self.step)
                               for p in m.places}
        self.step_targets = {(Place(p.zone, p.seat), p.index) for p in frame.action.targets() if p.index >= 0}
        room = min((wd.rect.x for wd in self.form.widgets if wd.rect.y < 50), default=w) - 32
        words = dict(game=self.variant_title, n=self.replay.number, count=len(self.spans))
        for title in (_("{game} replay · round {n} of {count} · every card face up").format(**words),
                      _("{game} replay · round {n} of {count}").format(**words),
                      _("Round {n} of {count}").format(**words)):
            if T.text(title, TH.BODY, pal.text, True).get_width() <= room:
                break      # the longest that leaves the buttons on the top bar clear
        T.blit_text(surface, title, TH.BODY, pal.text, (16, 14), bold=True)
        side_w = min(330, max(250, int(w * 0.26)))
        bottom_h = int(min(190, max(150, h * 0.27)))
        table = pygame.Rect(12, 54, w - side_w - 36, h - 54 - bottom_h)
        side = pygame.Rect(table.right + 12, 54, side_w, h - 54 - bottom_h)
        self.draw_seats(surface, pal, table, truth, known)
        self.draw_side(surface, pal, side, truth, known)
        self.draw_bottom(surface, pal, pygame.Rect(12, h - bottom_h + 6, w - 24, bottom_h - 70), frame)
        self.form.draw(surface, pal)

    def zones_of(self, truth: Any, seat: int) -> list[Any]:
        return [z for z in truth.zones if z.place.seat == seat and z.kind in ("grid", "fan", "held", "pairs")]

    def draw_seats(self, surface: pygame.Surface, pal: TH.Palette, area: pygame.Rect, truth: Any, known: Any) -> None:
        n = len(self.names)
        cols = 2 if n > 3 and area.h / n < 90 else 1      # a small window: the seats in two columns
        per = -(-n // cols)
        row_h = area.h // per
        col_w = (area.w + 8) // cols
        name_w = min(170, max(112, col_w // 4))
        for seat in range(n):
            col, line = divmod(seat, per)
            row = pygame.Rect(area.x + col * col_w, area.y + line * row_h, col_w - 8 if cols > 1 else area.w, row_h - 6)
            chosen = seat == self.seat
            colour = pal.seat_colour(seat)
            surface.blit(TH.panel(row.size, (6, 28, 20, 150 if not chosen else 215),
                                  pal.accent if chosen else TH.darken(colour, 0.3), 10, 2 if chosen else 1), row.topleft)
            tall = row.h >= 64
            plate = pygame.Rect(row.x + 8, row.y + 6, name_w - 12, min(row.h - 12, 52 if tall else 28))
            pygame.draw.rect(surface, TH.darken(colour, 0.45), plate, border_radius=8)
            pygame.draw.rect(surface, colour, plate, 2, border_radius=8)
            name = T.clean(self.names[seat], 18)
            while len(name) > 3 and T.text(name, TH.SMALL, pal.text, True).get_width() > plate.w - 14:
                name = name[:-2] + "…"
            T.blit_text(surface, name, TH.SMALL, pal.text, (plate.x + 8, plate.y + 5), bold=True)
            total = truth.totals[seat] if seat < len(truth.totals) else 0
            if tall:
                T.blit_text(surface, ngettext("{n} point", "{n} points", total).format(n=total), TH.TINY, pal.text_dim, (plate.x + 8, plate.y + 26))
            self.name_rects.append((plate.inflate(4, 4), seat))
            notes = [_("on turn")] if truth.turn == seat else []
            y = plate.bottom + 3
            for note in notes:
                if y + T.line_height(TH.TINY) > row.bottom:
                    break
                T.blit_text(surface, note, TH.TINY, pal.accent, (plate.x + 4, y))
                y += T.line_height(TH.TINY)
            cards_area = pygame.Rect(row.x + name_w + 4, row.y + 4, row.w - name_w - 12, row.h - 8)
            self.draw_cards(surface, pal, cards_area, self.zones_of(truth, seat), known)

    def draw_cards(self, surface: pygame.Surface, pal: TH.Palette, area: pygame.Rect, zones: list[Any], known: Any) -> None:
        groups: list[tuple[Any, list[tuple[int, Any]], str]] = []    # (place, [(slot, card)], label)
        pair_index: dict[int, int] = {}                                 # a pair's cards -> its index in the zone
        rings: list[pygame.Rect] = []
        for zone in zones:
            i = 0
            for j, item in enumerate(zone.cards):
                if item is not None and hasattr(item, "type_card"):
                    cards = slots((item,))
                    group = [(i + k, c) for k, c in enumerate(cards)]
                    pair_index[id(group)] = j
                    groups.append((zone.place, group, _("defense") if getattr(item, "defense", False) else ""))
                    i += len(cards)
                else:
                    groups.append((zone.place, [(i, item)], "held" if zone.kind == "held" else ""))
                    i += 1
        if not groups:
            T.blit_text(surface, _("no cards"), TH.TINY, pal.text_dim, area.midleft, "midleft")
            return
        overlap = 0.45       # a pair's cards overlap, each showing its corner
        ch = max(28, min(area.h - 16, 110))
        cw = int(ch * 0.7)
        gap = 8

        def width_of(cw: int) -> float:
            return sum(cw + (len(g[1]) - 1) * cw * overlap for g in groups) + gap * (len(groups) - 1)
        if width_of(cw) > area.w:
            ch = max(24, int(ch * max(0.55, area.w / width_of(cw))))
            cw = int(ch * 0.7)
        need = width_of(cw)
        squeeze = min(1.0, (area.w - cw) / max(1.0, need - cw)) if need > area.w else 1.0
        x = float(area.x)
        y = area.y + (area.h - ch) // 2 + 4
        placed = []
        for place, cards, label in groups:
            for k, (slot, card) in enumerate(cards):
                rect = pygame.Rect(int(x + k * cw * overlap * squeeze), y, cw, ch)
                placed.append((rect, place, slot, card))
            if label:
                T.blit_text(surface, label, TH.TINY, pal.accent, (int(x) + 2, y - 1), "bottomleft")
            if len(cards) > 1 and (place, pair_index[id(cards)]) in self.missed_targets:   # a whole pair
                whole = pygame.Rect(int(x), y, int(cw + (len(cards) - 1) * cw * overlap * squeeze), ch)
                rings.append(whole)
            x += (cw + (len(cards) - 1) * cw * overlap + gap) * squeeze
        for rect, place, slot, card in placed:
            self.draw_card(surface, pal, rect, place, slot, card, known, marks=False)
        for rect, place, slot, card in placed:       # the marks over every card
            self.draw_mark(surface, pal, rect, place, slot, card, known)
        for rect in rings:
            pygame.draw.rect(surface, pal.bad, rect.inflate(14, 14), 2, border_radius=10)
            T.blit_text(surface, _("could react"), TH.TINY, TH.lighten(pal.bad, 0.2), (rect.right + 7, rect.y - 1), "bottomright", bold=True)
            self.drawn_rings.append(rect)

    def draw_card(self, surface: pygame.Surface, pal: TH.Palette, rect: pygame.Rect, place: Any, slot: int,
                  card: Any, known: Any, marks: bool = True) -> None:
        if card is None:
            pygame.draw.rect(surface, TH.darken(pal.text_dim, 0.4), rect, 1, border_radius=6)
            return
        if isinstance(card, Card):
            surface.blit(CARDS.render_card(self.narrator.face_of(card), rect.size, pal), rect.topleft)
            self.drawn_faces.append((place, slot, card))
        else:
            surface.blit(CARDS.render_card(None, rect.size, pal), rect.topleft)
        self.card_rects.append((rect, place, slot))
        row = known.marks.get(place, ())
        if slot < len(row) and row[slot] in (UNKNOWN, FORGOT):     # a card the seat did not know dims
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 110))
            surface.blit(veil, rect.topleft)
        if marks:
            self.draw_mark(surface, pal, rect, place, slot, card, known)

    def draw_mark(self, surface: pygame.Surface, pal: TH.Palette, rect: pygame.Rect, place: Any, slot: int,
                  card: Any, known: Any) -> None:
        if card is None:
            return
        if (place, slot) in self.step_targets:
            pygame.draw.rect(surface, pal.accent, rect.inflate(12, 12), 3, border_radius=10)
        if (place, slot) in self.missed_targets and place.zone != "pairs":    # (a pair is ringed whole)
            self.drawn_rings.append(rect)
            T.blit_text(surface, "could match" if place.zone == "grid" else "could play", TH.TINY, TH.lighten(pal.bad, 0.2), (rect.centerx, rect.y - 1), "midbottom", bold=True)
            pygame.draw.rect(surface, pal.bad, rect.inflate(14, 14), 2, border_radius=10)
        marks = known.marks.get(place, ())
        mark = marks[slot] if slot < len(marks) else None
        if mark is None:
            return
        self.drawn_marks[(place, slot)] = mark
        width = max(2, rect.w // 22)
        if mark == SEES:
            pygame.draw.rect(surface, pal.good, rect.inflate(6, 6), width, border_radius=8)
        elif mark == REMEMBERS:
            pygame.draw.rect(surface, pal.info, rect.inflate(6, 6), width, border_radius=8)
        elif mark == WRONG:
            pygame.draw.rect(surface, pal.bad, rect.inflate(6, 6), width + 1, border_radius=8)
            thought = known.believed[place][slot]
            self.draw_badge(surface, pal, rect, _("thought {rank}").format(rank=thought.rank) if isinstance(thought, Card) else _("wrong"), pal.bad)
        elif mark == FORGOT:    # (dimmed by draw_card) the memory's blue, faded, and the word
            pygame.draw.rect(surface, TH.darken(pal.info, 0.4), rect.inflate(6, 6), width, border_radius=8)
            self.draw_badge(surface, pal, rect, _("forgot"), TH.darken(pal.info, 0.55))
        else:   # UNKNOWN: (dimmed by draw_card) a question mark in its lower left corner
            radius = max(7, min(11, rect.w // 6))
            centre = (rect.x + radius + 2, rect.bottom - radius - 2)
            pygame.draw.circle(surface, (20, 20, 20), centre, radius)
            pygame.draw.circle(surface, pal.text_dim, centre, radius, 1)
            T.blit_text(surface, "?", TH.TINY if radius < 10 else TH.SMALL, pal.text, centre, "center", bold=True)

    @staticmethod
    def draw_badge(surface: pygame.Surface, pal: TH.Palette, rect: pygame.Rect, words: str, colour: Any) -> None:
        """A word or two over a card's lower edge: on one line if it fits the card, else one word a
        line (two badges side by side must not run into each other)."""
        lines = [words] if T.text(words, TH.TINY, pal.text, True).get_width() <= rect.w else words.split()
        surfaces = [T.text(line, TH.TINY, pal.text, True) for line in lines]
        height = sum(t.get_height() for t in surfaces)
        box = pygame.Rect(0, 0, max(t.get_width() for t in surfaces), height).inflate(6, 2)
        box.midbottom = (rect.centerx, rect.bottom - 1)
        pygame.draw.rect(surface, colour, box, border_radius=4)
        y = box.y + 1
        for line, t in zip(lines, surfaces):
            T.blit_text(surface, line, TH.TINY, pal.text, (rect.centerx, y), "midtop", bold=True)
            y += t.get_height()

    def draw_side(self, surface: pygame.Surface, pal: TH.Palette, area: pygame.Rect, truth: Any, known: Any) -> None:
        surface.blit(TH.panel(area.size, (6, 28, 20, 200), pal.panel_border, 10, 1), area.topleft)
        x, y = area.x + 12, area.y + 10
        # Below the piles: the chosen seat's knowledge in numbers, whose memory it is, what the marks mean.
        who = self.names[self.seat]
        mind = self.mind_words(known)
        counts = [(SEES, pal.good), (REMEMBERS, pal.info), (WRONG, pal.bad), (FORGOT, TH.darken(pal.info, 0.4)),
                  (UNKNOWN, pal.text_dim)]
        shown = [(status, colour) for status, colour in counts if self.count_shown(known, status)]
        tip, legend = _("Tab or a click on a name: another seat"), _("Gold: this step's cards · red: a chance not taken")
        wrapped = {words: T.wrap(words, TH.TINY, area.w - 24) for words in (tip, mind, legend)}
        block = 20 + 4 + 20 * len(shown) + 2 + sum(map(len, wrapped.values())) * T.line_height(TH.TINY) + 10
        table_zones = [z for z in truth.zones if z.place.seat < 0]
        cw = min(64, (area.w - 40) // 4)
        ch = int(cw / 0.7)
        for zone in table_zones:
            cards = [c for c in zone.cards if isinstance(c, Card)][-4:]
            if y + 20 + (ch + 10 if cards else 0) > area.bottom - block:
                break      # (a small window: the knowledge keeps its room)
            label = {"discard": _("Discard pile"), "deck": _("Deck"), "dealdeck": _("Deal deck"), "waste": _("Waste")}.get(zone.place.zone, zone.place.zone.replace("_", " ").capitalize())
            T.blit_text(surface, f"{label} ({zone.count})", TH.SMALL, pal.text_dim, (x, y))
            y += 20
            if cards:
                for i, card in enumerate(cards):
                    r = pygame.Rect(x + i * (cw + 6), y, cw, ch)
                    self.draw_card(surface, pal, r, zone.place, len(zone.cards) - len(cards) + i, card, known)
                y += ch + 10
        y = max(y + 4, area.bottom - block)
        heading = _("What {name} knew").format(name=who) if self.seat not in self.you else _("What you knew")
        T.blit_text(surface, heading, TH.SMALL, pal.accent, (x, y), bold=True)
        y += 20
        for part in wrapped[tip]:
            T.blit_text(surface, part, TH.TINY, pal.text_dim, (x, y))
            y += T.line_height(TH.TINY)
        for part in wrapped[mind]:
            T.blit_text(surface, part, TH.TINY, pal.text, (x, y))
            self.drawn_side.append(part)
            y += T.line_height(TH.TINY)
        y += 4
        for status, colour in shown:
            pygame.draw.rect(surface, colour, pygame.Rect(x, y + 3, 14, 14), 2, border_radius=3)
            line = _("{n} {status}").format(n=known.count(status), status=STATUS_WORDS[status])
            T.blit_text(surface, line, TH.SMALL, pal.text, (x + 22, y))
            self.drawn_side.append(line)
            y += 20
        for part in wrapped[legend]:
            T.blit_text(surface, part, TH.TINY, pal.text_dim, (x, y + 2))
            y += T.line_height(TH.TINY)

    @staticmethod
    def count_shown(known: Any, status: str) -> bool:
        """Which counts the side panel lists: a memory's only where one is read; a bot's "wrongly"
        and "forgot" always (what its level does), a memory aid's never (it does neither)."""
        if status in (REMEMBERS, WRONG, FORGOT) and not known.memory:
            return False
        if status in (WRONG, FORGOT):
            return known.mind == BOT_MEMORY
        return True

    def mind_words(self, known: Any) -> str:
        """Whose memory the marks read, in a player's words."""
        you = self.seat in self.you
        if known.mind == BOT_MEMORY:
            return _("The bot's own memory, as it was in play: what it kept, mixed up and forgot.")
        if known.mind == MEMORY_AID:
            if you:
                return _("Your memory aid: all you saw, never forgotten (a person's own memory is not recorded).")
            return _("Their memory aid: all they saw, never forgotten (a person's own memory is not recorded).")
        if known.mind == NO_MEMORY:
            return _("Plays at random and remembers nothing: what its view showed.")
        return _("Nothing to remember in this game: what its own view showed.")

    def draw_bottom(self, surface: pygame.Surface, pal: TH.Palette, area: pygame.Rect, frame: Any) -> None:
        surface.blit(TH.panel(area.size, (6, 28, 20, 215), pal.panel_border, 10, 1), area.topleft)
        x, y = area.x + 14, area.y + 8
        head = _("Step {n} of {count} · {seconds} s into the round").format(n=self.step + 1, count=self.replay.steps, seconds=f"{frame.t:.1f}")
        T.blit_text(surface, head, TH.SMALL, pal.accent, (x, y), bold=True)
        self.drawn_lines.append(head)
        y += 24
        for line in self.step_lines()[:3]:
            for part in T.wrap(line, TH.BODY, area.w - 28)[:2]:
                T.blit_text(surface, part, TH.BODY, pal.text, (x, y))
                self.drawn_lines.append(part)
                y += T.line_height(TH.BODY) + 2
        prompt = self.prompt_words(frame.truth)
        if prompt and y < area.bottom - 40:
            then = _("Then: {what}.").format(what=you_form(prompt[:1].upper() + prompt[1:]))
            T.blit_text(surface, then, TH.SMALL, pal.text_dim, (x, y))
            self.drawn_lines.append(then)
            y += T.line_height(TH.SMALL) + 4
        for line in self.missed_lines()[:3]:
            if y > area.bottom - 18:
                break
            text = _("Missed: {line}").format(line=line)
            T.blit_text(surface, text, TH.SMALL, TH.lighten(pal.bad, 0.2), (x, y), bold=True)
            self.drawn_lines.append(text)
            y += T.line_height(TH.SMALL) + 2
        total = len(self.replay.missed())
        if total:
            T.blit_text(surface, ngettext("{n} reaction not taken this round (M: the next)",
                                          "{n} reactions not taken this round (M: the next)", total).format(n=total),
                        TH.TINY, pal.text_dim, (area.right - 14, area.y + 10), "topright")


class RoundPicker(MenuScene):
    """Every round of the match with its scores, to open one in the replay (long matches have many)."""

    title = _l("Rounds")
    hints = [("↑↓", _l("Move")), ("Enter", _l("Open")), ("PgUp PgDn", _l("Page")), ("Esc", _l("Back"))]

    def __init__(self, app: Any, replay_scene: ReplayScene):
        self.replay_scene = replay_scene
        self.page = 0
        self.per_page = 1
        self.results = replay_scene.round_scores()
        super().__init__(app)
        self.subtitle = _("{game}: {n} rounds · choose one to replay").format(game=replay_scene.variant_title, n=len(replay_scene.spans))

    def words(self, number: int) -> str:
        ev = self.results.get(number)
        names = self.replay_scene.names
        span = self.replay_scene.spans[number - 1]
        steps = ngettext("{n} step", "{n} steps", span.end - span.start).format(n=span.end - span.start)
        if ev is None:
            return _("Not scored (the match stopped in it) · {steps}").format(steps=steps)
        scores = ", ".join(f"{names[i]} {score}" for i, score in enumerate(ev.scores))
        return _("Scores: {scores} · {steps}").format(scores=scores, steps=steps)

    def build(self) -> None:
        current = self.replay_scene.replay.number
        self.buttons = [Button(_("Round {n}").format(n=span.number) + ("  · " + _("now open") if span.number == current else ""),
                               lambda n=span.number: self.open(n), sub=self.words(span.number),
                               primary=span.number == current)
                        for span in self.replay_scene.spans]
        self.earlier = Button(_("◀ Earlier"), lambda: self.turn_page(-1), hint="PgUp", size=TH.SMALL)
        self.later = Button(_("Later ▶"), lambda: self.turn_page(1), hint="PgDn", size=TH.SMALL)
        self.back_button = Button(_("Back"), self.back, hint="Esc")
        self.focus_round = current - 1         # the round whose page is shown, and focused

    def open(self, number: int) -> None:
        self.app.pop()
        if number != self.replay_scene.replay.number:
            self.replay_scene.open_round(number)

    def turn_page(self, delta: int) -> None:
        pages = self.pages()
        page = max(0, min(pages - 1, self.page + delta))
        if page != self.page:
            self.page = page
            self.focus_round = page * self.per_page
            self.layout(self.size)

    def pages(self) -> int:
        return max(1, -(-len(self.buttons) // self.per_page))

    def layout(self, size) -> None:
        w, h = size
        columns = 2 if w >= 1100 else 1
        cw = min(620, (w - 80 - 20 * (columns - 1)) // columns)
        bh = max(b.height_for(cw) for b in self.buttons) + 8
        top, bottom = 130, h - 140
        rows = max(1, (bottom - top) // (bh + 12))
        self.per_page = rows * columns
        self.page = min(self.focus_round // self.per_page, self.pages() - 1)
        shown = self.buttons[self.page * self.per_page:(self.page + 1) * self.per_page]
        x0 = (w - (columns * cw + 20 * (columns - 1))) // 2
        for i, b in enumerate(shown):
            col, row = divmod(i, rows)
            b.rect = pygame.Rect(x0 + col * (cw + 20), top + row * (bh + 12), cw, bh)
        widgets = list(shown)
        if self.pages() > 1:
            self.earlier.rect = pygame.Rect(w // 2 - 360, h - 104, 200, 44)
            self.later.rect = pygame.Rect(w // 2 + 160, h - 104, 200, 44)
            self.earlier.enabled, self.later.enabled = self.page > 0, self.page < self.pages() - 1
            widgets += [self.earlier, self.later]
        self.back_button.rect = pygame.Rect((w - 220) // 2, h - 104, 220, 44)
        widgets.append(self.back_button)
        self.form.set_widgets(widgets, keep_focus=False)
        self.form.focus_on(self.buttons[self.focus_round])

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn_page(-1 if event.key == pygame.K_PAGEUP else 1)
            return
        super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.pages() > 1:
            T.blit_text(surface, _("Page {n} of {count}").format(n=self.page + 1, count=self.pages()), TH.SMALL, self.palette.text_dim,
                        (surface.get_width() // 2, surface.get_height() - 124), "center")


def saved_match_record(path: Any) -> GameRecord | None:
    """A saved match of the game (`saves/<variant>.json` with its `<variant>.journal` beside it)
    as one record: both files are copied to a scratch folder and read there by the game's own
    loader, so the steps still in the journal are included and the saved files themselves are
    never touched. None if `path` has no journal beside it (a plain record file)."""
    import shutil
    import tempfile
    from pathlib import Path

    from game.client.storage import JOURNAL_SUFFIX, LEGACY_JOURNAL_FILE, LEGACY_SAVE_FILE, Storage

    path = Path(path)
    journal = path.with_name(LEGACY_JOURNAL_FILE) if path.name == LEGACY_SAVE_FILE else path.with_suffix(JOURNAL_SUFFIX)
    if not journal.is_file():
        return None
    variant = GameRecord.load(path).variant
    with tempfile.TemporaryDirectory() as scratch:
        storage = Storage(scratch)
        try:
            storage.saves_dir.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, storage.save_path(variant))
            shutil.copyfile(journal, storage.journal_path(variant))
            saved = storage.saved_match(variant)
        finally:
            storage.close()
    return saved[0] if saved else None

