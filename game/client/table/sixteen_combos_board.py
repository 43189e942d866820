"""16 Combos' board: where everything lies on the screen and how it is drawn, from the view of
whoever looks (the rows are not kept as sprites). The left column holds the combo table with the
cell of the current action type x target type lit, the outcome band lit after each check, the
value cards to place, the last check and the narration, and the piles above the key hints (the
draw deck in blue backs beside the deal deck in red, the waste and the discard pile); the step bar
(target, action type, reaction, draw, reaction, check, effect) sits beside the History button
(below it when the screen is too narrow); each character's two rows of cards (type cards with the
value cards in front, the defense pair set apart, counters on changed values, its order card)
lie right of the column. Every text goes on the frame's label board, so none covers another.

A helper of the 16 Combos spec (sixteen_combos.py), which hands it its hooks' drawing.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from game.client.narration.sixteen_combos import STATUS_LABELS, rule_label_words, ruleset_words, type_word
from game.client.narration.notes import combo_name
from game.client.narration.wording import SUIT_SIGNS
from game.client.table.canvas import Canvas, Memo
from game.client.table.zone_kinds import PairColumnZone
from game.client.ui import cards as CARDS
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.core.cards import DECK, Card, Place
from game.core.view import SPECTATOR
from game.variants.sixteen_combos import COMBOS, OUTCOMES, TYPES, card_value
from game.i18n import _, _l, ngettext, pgettext

SYMBOL = SUIT_SIGNS


def type_short(t: str) -> str:
    """A type's short name for the combo table's headers, in the player's language (its first three
    letters cut a translation oddly: French "for", "fin", the pseudo-locale's "[ṽî")."""
    return {"h": pgettext("pair type, short", "Vit"), "d": pgettext("pair type, short", "Wea"),
            "c": pgettext("pair type, short", "Str"), "s": pgettext("pair type, short", "Fin")}[t]
STEPS = (_l("target"), _l("action type"), _l("reaction"), _l("draw"), _l("reaction"), _l("check"), _l("effect"))
# the engine's step -> the step bar's box
STEP_BOX = {"target": 0, "type": 1, "consult": 2, "predict": 2, "draw": 3, "face": 3, "scavenge": 3,
            "inform": 4, "check": 5, "counter": 5, "combo": 6, "stance": 6}
ORDER_GAP = 22   # between the last pair and the order card
# Per character beyond its two rows: the plate above (24 px), its panel's edges and a gap to the
# next character (34 px left the characters touching: four at 1280x720 read as one block of cards).
BLOCK_EXTRA = 40
DEFENSE_GREEN = (80, 200, 110)
COMBOS_CAPTION = _l("Combos: action type (across) on target type (down)")
BAND_CAPTION = _l("Check: action value minus target value")
_BACKS: dict[str, TH.Palette] = {}   # palette name -> the same palette with the draw deck's backs


def draw_value_badge(surface: pygame.Surface, center: tuple[int, int], value: int, cw: int) -> pygame.Rect:
    """A pair's changed value on a gold disc at its corner; the disc grows to hold two digits
    (a "12" spilled over a disc sized for one)."""
    digits = T.text(str(value), TH.SMALL, (30, 20, 0), True)
    radius = max(9, cw // 4, digits.get_width() // 2 + 4, digits.get_height() // 2 + 1)
    pygame.draw.circle(surface, (250, 210, 60), center, radius)
    pygame.draw.circle(surface, (60, 40, 10), center, radius, 2)
    T.blit_text(surface, str(value), TH.SMALL, (30, 20, 0), center, "center", bold=True)
    return pygame.Rect(center[0] - radius, center[1] - radius, 2 * radius, 2 * radius)


class Board:
    """16 Combos' screen: its layout (laid once per view, size and bottom seat) and its drawing."""

    def __init__(self, spec: Any):
        self.spec = spec          # the 16 Combos spec (the view on screen, the outcome lit)
        self.t = spec.t
        self._memo = Memo()

    @property
    def zone(self) -> PairColumnZone:
        return self.t.zones.kind("pair")  # type: ignore[return-value]

    # Everything is placed from the screen size: the left column (combo table, outcome band, the value
    # cards to place, the last check and the narration, the piles above the key hints), the step bar
    # beside the History button (below it when the screen is too narrow), the characters' rows right of
    # the column. Every text goes on the label board (``fit_label``), so none covers another.
    def column_scale(self) -> float:
        """How much larger the left column is drawn than at 1280x720 (never smaller): on a 1920x1080
        screen its value cards to place, the cards the player clicks, were half the rows' size."""
        return max(1.0, min(1.5, self.t.screen.layout.unit))

    def left_width(self) -> int:
        return int(min(360 * self.column_scale(), max(296, self.t.screen.layout.size[0] * 0.28)))

    def step_bar(self) -> tuple[pygame.Rect, int]:
        """(the bar's rect, one box's width): left of the History button, or under it if no room."""
        w, _ = self.t.screen.layout.size
        x_min = self.left_width() + 20
        bw = 92
        span = len(STEPS) * (bw + 4) - 4
        x = w - 184 - 12 - span
        if x >= x_min:
            return pygame.Rect(x, 16, span, 24), bw
        bw = min(92, (w - 16 - x_min + 4) // len(STEPS) - 4)
        span = len(STEPS) * (bw + 4) - 4
        return pygame.Rect(w - 16 - span, 52, span, 24), bw

    def column(self) -> dict[str, Any]:
        """The left column's parts, top to bottom, for this screen size."""
        w, h = self.t.screen.layout.size
        small = h < 640
        u = self.column_scale()
        left = self.left_width()
        # "Combos: ...", "Check: ..." over the table and the band, on two lines where one would reach
        # the step bar or the rows (a longer language's "Check: ..." ran under the first row's cards)
        lh = T.line_height(TH.TINY)
        top = self.t.hud.title_rect().bottom + 6
        bar, _width = self.step_bar()
        combos = T.wrap(str(COMBOS_CAPTION), TH.TINY, (bar.x if bar.y < top + 2 * lh else w - 200) - 8 - 14)
        band = T.wrap(str(BAND_CAPTION), TH.TINY, left + 20 - 8 - 14)
        y0 = top + len(combos) * lh + 2
        cell_h = 30 if small else int(34 * u)
        head_h = int(22 * u)
        band_y = y0 + head_h + 4 * cell_h + 6 + len(band) * lh + 2
        rows = self.t.hud.hint_rows()
        hints_top = min(box.top for box, _ in rows) if rows else h - 14
        ph = 56 if small else int(74 * u)
        pw = int(ph * 0.7)
        piles_y = hints_top - 8 - 18 - ph
        hch = 50 if small else int(62 * u)
        return {"left": left, "x0": 14, "y0": y0, "captions": (combos, band), "head_h": head_h, "cell_h": cell_h, "band_y": band_y,
                "band_h": cell_h, "after": band_y + cell_h + 8, "pile": (pw, ph), "piles_y": piles_y,
                "gap": max(10, min(26, (left - 18 - 5 * pw - 14) // 4)), "hand": (int(hch * 0.7), hch)}

    def geometry(self, view) -> dict[str, Any]:
        w, h = self.t.screen.layout.size
        n = view.seats
        left = self.left_width()
        x0, x1 = left + 20, w - 190
        bar, _ = self.step_bar()
        # the rows end above the prompt's room (two lines at the bottom centre)
        top, bottom = (bar.bottom + 8 if bar.x < x1 else 64), h - 10 - (2 * T.line_height(TH.BODY, True) + 12) - 8
        # (as tall as the room allows, up to 84 px at 1280x720 and in proportion on a larger window:
        # a 1920x1080 screen kept 84 px cards in its left half)
        ch = int(min(84 * max(1.0, self.t.screen.layout.unit), (bottom - top - n * BLOCK_EXTRA) / (2.15 * n)))
        cw = int(ch * 0.7)
        slots = max([len(row) for row in view.pairs] + [1])
        zone = self.zone
        # (the order card lies beside the rows, and must end before the buttons' column too)
        zone.spread = 0.0
        while zone.width(slots, (cw, ch)) + ORDER_GAP + int(cw * 0.8) > x1 - x0 and cw > 18:
            cw -= 2
            ch = int(cw / 0.7)
        # Where the height, not the width, sets the cards' size (three or four characters), the
        # columns stand further apart and the defense pair clearly aside: the rows read as pairs
        # and there is room over the defense pair for its name.
        while zone.spread < 1.0:
            zone.spread = min(1.0, zone.spread + 0.25)
            if zone.width(slots, (cw, ch)) + ORDER_GAP + int(cw * 0.8) > x1 - x0:
                zone.spread -= 0.25
                break
        order = [s for s in range(n) if s != self.t.screen.bottom] + [self.t.screen.bottom]
        block = (bottom - top) / n
        blocks = {}
        for i, seat in enumerate(order):
            y = int(top + i * block)
            blocks[seat] = pygame.Rect(x0, y + 24, x1 - x0, int(2 * ch + ch * 0.15))
        return {"left": left, "card": (cw, ch), "blocks": blocks, "order": order}

    def lay_out(self, view) -> dict[str, Any]:
        # Laid once per view, size and bottom seat (each frame as the table updates, so drawing
        # and the clicks find the columns where the view puts them).
        screen = self.t.screen
        key = (id(view), screen.layout.size, screen.bottom)
        kept = self._memo.get("laid", key)
        if kept is not None and kept[0] is view:
            return kept[1]
        g = self.geometry(view)
        for seat, area in g["blocks"].items():
            row = view.pairs[seat]
            defense = next((p.slot for p in reversed(row) if p is not None), None)
            self.zone.lay(seat, len(row), defense, area, seat == screen.bottom, g["card"])
        self._memo.put("laid", key, (view, g))
        return g

    def card_rects(self) -> list[pygame.Rect]:
        """The pairs, the order cards and the value cards to place (drawn from the view, not as
        sprites): the labels, a refusal among them, keep off them where they can (one lay on the
        player's row)."""
        view = self.spec.screen_view()
        g = self.lay_out(view)
        rects = [pygame.Rect(r) for pair in self.zone.rects.values() for r in pair]
        rects += [r for seat in range(view.seats) if view.order_cards[seat] is not None
                  and (r := self.order_rect(seat, g)) is not None]
        return rects + (self.hand_rects(len(view.hand)) if view.hand else [])

    def guide_avoid(self) -> list[pygame.Rect]:
        """The guide's panel keeps off the rows of pairs, the hand and the left column."""
        view = self.spec.screen_view()
        g = self.lay_out(view)
        # each character's panel: its rows, its order card and its plate line
        rects = [self.block_rect(view, seat, g) for seat in range(view.seats) if seat in g["blocks"]]
        rects += self.hand_rects(len(view.hand)) if view.hand else []
        rects.append(pygame.Rect(0, 0, self.left_width(), self.t.screen.layout.size[1]))
        return rects

    def seat_area(self, seat: int) -> tuple[int, int, int, int]:
        g = self.geometry(self.spec.screen_view())
        r = g["blocks"].get(seat)
        return (r.x, r.y - 22, r.w, r.h + 22) if r is not None else (0, 0, 10, 10)

    def pile_rects(self, g=None) -> dict[str, pygame.Rect]:
        col = self.column()
        cw, ch = col["pile"]
        x, y, gap = 18, col["piles_y"], col["gap"]
        out = {}
        for i, key in enumerate(("draw", "deal", "waste", "discard")):
            out[key] = pygame.Rect(x + i * (cw + gap), y, cw, ch)
        out["action"] = pygame.Rect(x + 4 * (cw + gap), y, cw, ch)
        return out

    def hand_rects(self, count: int) -> list[pygame.Rect]:
        col = self.column()
        cw, ch = col["hand"]
        per = max(1, (col["left"] - 18) // (cw + 6))
        y = col["after"] + 20
        return [pygame.Rect(18 + (i % per) * (cw + 6), y + (i // per) * (ch + 6), cw, ch) for i in range(count)]

    def title_text(self) -> str:
        view = self.t.match.view(SPECTATOR)
        # The rule set's name without its long tail, the optional rules by letter (as the setup and
        # the Rules page name them): the whole line was cut off at 1280x720. The start of the
        # match says both in full.
        letters = [rule_label_words(label, short=True) for label in view.active_rules]
        rules = (ngettext("rule {letters}", "rules {letters}", len(letters)).format(letters=", ".join(letters)) if letters
                 else _("no optional rules"))
        practice = " · " + _("practice") if self.t.match.take_backs else ""
        text = f"16 Combos{practice} · {ruleset_words(view.ruleset, short=True)} · {rules}"   # (practice first: the end may be cut)
        bar, _width = self.step_bar()
        room = (bar.x if bar.y < 30 else self.t.screen.layout.size[0] - 184) - 14 - 12
        while len(text) > 12 and T.text(text, TH.SMALL, (0, 0, 0)).get_width() > room:
            text = text[:-2] + "…"
        return text

    def reserve(self, canvas: Canvas) -> None:
        """The board holds the buttons, the title, the key hints and this table's own piles, then the prompt."""
        for r in self.pile_rects().values():
            canvas.board.reserve(r)
        canvas.notes["prompt"] = place_prompt(self, canvas)

    def label(self, canvas: Canvas, text: str, size: int, colour, rect_kw: dict, bold: bool = False,
              prefer: tuple[str, ...] | None = None) -> pygame.Rect:
        """Draw a label at the free spot nearest where it belongs (``rect_kw``: an anchor and a point)."""
        spot = canvas.fit(T.text(text, size, colour, bold).get_rect(**rect_kw), prefer)
        T.blit_text(canvas.surface, text, size, colour, spot.topleft, bold=bold)
        return spot

    def place_rect(self, place: Place) -> pygame.Rect | None:
        """Where a place is drawn (the rows are drawn from the view, not kept as sprites), so shared
        parts such as the coach and the guide can ring a pair, a card or a hand card."""
        view = self.spec.screen_view()
        g = self.lay_out(view)
        if place.zone == "hand" and 0 <= place.index < len(view.hand):
            rect = self.hand_rects(len(view.hand))[place.index]
        elif place.zone in ("pair", "type", "value"):
            rect = self.zone.rect(place)
        elif place.zone == "order" and 0 <= place.seat < view.seats and view.order_cards[place.seat] is not None:
            rect = self.order_rect(place.seat, g)
        else:
            return None
        return rect

    def card(self, canvas: Canvas, rect: pygame.Rect, card: Any, where: Any, back: str = "deal") -> None:
        surface, pal = canvas.surface, canvas.pal
        if isinstance(card, Card) and self.t.screen.curtain is None:
            face = self.t.narrator.face_of(card)
            canvas.faces.append((where, card, None))
            img = CARDS.render_card(face, rect.size, pal)
        else:
            img = CARDS.render_card(None, rect.size, self.back_palette(pal, back))
        surface.blit(img, rect.topleft)

    @staticmethod
    def back_palette(pal: TH.Palette, back: str) -> TH.Palette:
        if back == "deal":
            return pal
        cached = _BACKS.get(pal.name)
        if cached is None:
            cached = _BACKS[pal.name] = Board.draw_back(pal)
        return cached

    @staticmethod
    def draw_back(pal: TH.Palette) -> TH.Palette:
        # the draw deck has clearly different backs
        return dataclasses.replace(pal, name=pal.name + "-draw", card_back=(24, 70, 130), card_back_pattern=(90, 150, 210)) \
            if pal.card_back[2] < 100 else dataclasses.replace(pal, name=pal.name + "-draw", card_back=(30, 110, 60),
                                                               card_back_pattern=(90, 180, 110))

    def draw(self, canvas: Canvas, highlight: set, selected: set) -> None:
        view = self.spec.screen_view()
        g = self.lay_out(view)
        self.draw_header(canvas, view)
        col = self.column()
        self.draw_combo_table(canvas, view, col)
        self.draw_piles_16(canvas, view, g, highlight)
        # each character on its own faint panel, then the plates (they matter most), then the rows
        # with their counters and order cards
        for seat in g["order"]:
            self.draw_block(canvas, view, seat, g)
        for seat in g["order"]:
            self.draw_plate(canvas, view, seat, g)
        for seat in g["order"]:
            self.draw_character(canvas, view, seat, g, highlight, selected)
        below = col["after"]
        if view.hand:
            rects = self.hand_rects(len(view.hand))
            for rect in rects:
                canvas.board.reserve(rect)
            hand_caption(canvas, _("Your value cards to place"), (18, col["after"]))
            for i, (card, rect) in enumerate(zip(view.hand, rects)):
                place = Place("hand", view.seat, i)
                self.card(canvas, rect, card, place)
                self.outline(canvas, rect, place, highlight, selected)
            below = max(r.bottom for r in rects) + 8
        self.draw_story(canvas, view, col, below)

    def outline(self, canvas: Canvas, rect, place, highlight, selected) -> None:
        surface, pal = canvas.surface, canvas.pal
        if place in selected:
            pygame.draw.rect(surface, pal.good, rect.inflate(8, 8), 4, border_radius=8)
        elif place in highlight:
            pulse = self.t.screen.pulse(5)
            pygame.draw.rect(surface, TH.lighten(pal.accent, 0.35 * pulse), rect.inflate(6, 6), 3, border_radius=8)

    def draw_header(self, canvas: Canvas, view) -> None:
        surface, pal = canvas.surface, canvas.pal
        self.t.hud.draw_title(surface, pal)
        bar, bw = self.step_bar()
        if view.phase == "place":       # no step lit while the pairs are prepared: the bar says so
            pygame.draw.rect(surface, pal.accent, bar, border_radius=6)
            self.label(canvas, _("Preparing pairs"), TH.SMALL, (20, 20, 20), {"center": bar.center}, bold=True)
            return
        active = STEP_BOX.get(view.step) if view.phase == "play" else None
        for i, label in enumerate(STEPS):
            r = pygame.Rect(bar.x + i * (bw + 4), bar.y, bw, bar.h)
            lit = active == i
            pygame.draw.rect(surface, pal.accent if lit else pal.button, r, border_radius=6)
            pygame.draw.rect(surface, pal.button_border, r, 1, border_radius=6)
            self.label(canvas, label, TH.TINY, (20, 20, 20) if lit else pal.text, {"center": r.center}, bold=lit)

    def draw_combo_table(self, canvas: Canvas, view, col) -> None:
        surface, pal = canvas.surface, canvas.pal
        x0, y0, left, cell_h, head_h = col["x0"], col["y0"], col["left"], col["cell_h"], col["head_h"]
        # What the table and the band are (the guide said it; the table alone did not)
        lh = T.line_height(TH.TINY)
        for lines, bottom in zip(col["captions"], (y0, col["band_y"])):
            for k, line in enumerate(lines):
                caption(canvas, line, (x0, bottom - 2 - (len(lines) - k) * lh))
        head_w = int(44 * self.column_scale())
        cell_w = (left - x0 - head_w - 8) // 4
        self.cell_text(canvas, _("action →"), pygame.Rect(x0, y0, head_w, head_h), pal.text_dim, False)
        cell = view.combo_cell
        across, down = type_heads(cell_w - 2), type_heads(head_w - 2)
        for j, a in enumerate(TYPES):
            r = pygame.Rect(x0 + head_w + j * cell_w, y0, cell_w - 2, head_h)
            lit = cell is not None and cell[0] == a
            self.cell_text(canvas, across[a], r, pal.accent if lit else pal.text, lit, lines=1)
        for i, t in enumerate(TYPES):
            y = y0 + head_h + 2 + i * cell_h
            lit_row = cell is not None and cell[1] == t
            self.cell_text(canvas, down[t], pygame.Rect(x0, y, head_w - 2, cell_h - 2),
                           pal.accent if lit_row else pal.text, lit_row, lines=1)
            for j, a in enumerate(TYPES):
                r = pygame.Rect(x0 + head_w + j * cell_w, y, cell_w - 2, cell_h - 2)
                lit = cell == (a, t)
                pygame.draw.rect(surface, pal.accent if lit else TH.darken(pal.felt, 0.3), r, border_radius=4)
                self.cell_text(canvas, combo_name(COMBOS[t][a]), r, (20, 20, 20) if lit else pal.text, lit)
        # the outcome band, lit after each check
        y = col["band_y"]
        bw = (left - x0 - 8) // 4
        colours = {"defeated": pal.good, "damaged": pal.accent, "missed": pal.text_dim, "critical failure": pal.bad}
        for k, outcome in enumerate(OUTCOMES):
            r = pygame.Rect(x0 + k * bw, y, bw - 3, col["band_h"])
            lit = self.spec.lit_outcome == outcome
            pygame.draw.rect(surface, colours[outcome] if lit else TH.darken(pal.felt, 0.3), r, border_radius=5)
            label = {"critical failure": _("critical -6"), "defeated": _("defeated 6+"), "damaged": _("damaged 1-5"),
                     "missed": _("missed -5-0")}[outcome]
            self.cell_text(canvas, label, r, (20, 20, 20) if lit else pal.text_dim, lit)

    def draw_story(self, canvas: Canvas, view, col, top: int) -> None:
        """The last check and what just happened, between the band (or the cards to place) and the piles."""
        pal = canvas.pal
        x0, width = col["x0"], col["left"] - 24
        pitch = self.t.hud.narration_pitch()
        # (down to the piles, or to a pile's name moved up over them: a longer language's "Waste"
        # went up beside "Deal 4", and the story's last line, pushed aside, ran into the rows)
        floor = min([col["piles_y"] - 10] + [r.top - 2 for r in canvas.board.taken
                                             if r.left < col["left"] and r.bottom > top and r.top < col["piles_y"]])
        room = max(0, (floor - top) // pitch)
        lines: list[tuple[str, Any, int]] = []      # (words, colour, extra space above)
        check = view.last_check
        if check is not None:
            text = _("Last check: {actor} {action} {value} against {target} {type} {against}").format(
                actor=self.spec.name(check.seat), action=type_word(check.action_type), value=check.action_value,
                target=self.spec.name(check.victim), type=type_word(check.target_type), against=check.target_value)
            lines += [(line, pal.text, 0) for line in T.wrap(text, TH.SMALL, width)[:2]]
        told: list[str] = []
        for line in list(self.t.hud.narration)[-4:]:
            told.extend(T.wrap(line, TH.SMALL, width))
        told = told[-6:]
        # (what happened a half line below the last check: the two ran together)
        lines += [(line, pal.text if i == len(told) - 1 else pal.text_dim, pitch // 2 if i == 0 and lines else 0)
                  for i, line in enumerate(told)]
        room -= 1 if check is not None and told else 0
        if len(lines) > room:       # a short screen keeps the newest narration
            lines = lines[len(lines) - room:] if room > 0 else []
        y = top
        for line, colour, space in lines:
            y += space
            self.label(canvas, line, TH.SMALL, colour, {"topleft": (x0, y)}, prefer=("down", "right"))
            y += pitch

    def cell_text(self, canvas: Canvas, text: str, r: pygame.Rect, colour, bold: bool, lines: int = 2) -> None:
        """A label inside a table cell: on one line, else on two (at a word, else hyphenated), in the
        largest small size that fits the cell; its boxes go on the label board."""
        surface = canvas.surface
        half = (len(text) + 1) // 2
        splits = [[text]]
        if lines > 1:
            splits.append(text.split(" ", 1) if " " in text else [text[:half] + "-", text[half:]])
        # (larger type where the column is drawn larger, and the words fit)
        sizes = ((TH.SMALL,) if self.column_scale() >= 1.2 else ()) + (TH.TINY, TH.TINY - 1, TH.TINY - 2, TH.TINY - 3)
        for size in sizes:
            for parts in splits:
                lh = max(T.text(p, size, colour, bold).get_height() for p in parts) - 2   # (lines touch, never overlap)
                if len(parts) * lh <= r.h + 2 and max(T.text(p, size, colour, bold).get_width() for p in parts) <= r.w - 4:
                    top = r.centery - len(parts) * lh // 2
                    for k, part in enumerate(parts):
                        surf = T.text(part, size, colour, bold)
                        box = surf.get_rect(midtop=(r.centerx, top + k * lh))
                        canvas.board.reserve(box)
                        T.blit_text(surface, part, size, colour, box.topleft, bold=bold)
                    return
        self.label(canvas, text[:6] + "…", TH.TINY - 3, colour, {"center": r.center}, bold=bold)

    def draw_piles_16(self, canvas: Canvas, view, g, highlight) -> None:
        surface, pal = canvas.surface, canvas.pal
        piles = self.pile_rects(g)
        deck = view.zone(DECK)
        labels = (("draw", _("Draw {n}").format(n=deck.count if deck else 0), "draw", view.deck_size),
                  ("deal", _("Deal {n}").format(n=view.deal_size), "deal", view.deal_size),
                  ("discard", _("Discard {n}").format(n=view.discard_size), "deal", view.discard_size))
        for key, label, back, count in labels:
            r = piles[key]
            if count:
                for k in range(min(3, (count + 9) // 10), 0, -1):
                    surface.blit(CARDS.render_card(None, r.size, self.back_palette(pal, back)), r.move(-2 * k, -2 * k))
                surface.blit(CARDS.render_card(None, r.size, self.back_palette(pal, back)), r)
            else:
                pygame.draw.rect(surface, pal.felt_dark, r, 2, border_radius=6)
            self.label(canvas, label, TH.TINY, pal.text_dim, {"midtop": (r.centerx, r.bottom + 4)}, prefer=("down", "up"))
        r = piles["waste"]
        if view.waste:
            for k, card in enumerate(view.waste[-3:]):
                self.card(canvas, r.move(k * 6, k * 4), card, "waste")
        else:
            pygame.draw.rect(surface, TH.darken(pal.felt, 0.25), r, 2, border_radius=6)
        self.label(canvas, _("Waste"), TH.TINY, pal.text_dim, {"midtop": (r.centerx, r.bottom + 4)}, prefer=("down", "up"))
        if view.action_cards:
            r = piles["action"]
            for k, card in enumerate(view.action_cards):
                self.card(canvas, r.move(k * 14, 0), card, "action", back="draw")
            self.label(canvas, _("Action {value}").format(value=view.action_value if view.action_value is not None else "").strip(), TH.TINY,
                       pal.accent, {"midtop": (r.centerx, r.bottom + 4)}, bold=True, prefer=("down", "up"))
            if DECK in highlight:
                pygame.draw.rect(surface, pal.accent, r.inflate(8, 8), 3, border_radius=8)

    def draw_plate(self, canvas: Canvas, view, seat: int, g) -> None:
        """The character's plate above its rows: name, order card, pairs left, statuses; then "◀ acting"."""
        pal = canvas.pal
        area = g["blocks"][seat]
        acting = seat in view.acting and view.phase == "play"
        plate = self.plate_words(view, seat, g)
        self.label(canvas, plate, TH.SMALL, pal.seat_colour(seat), {"topleft": (area.x, area.y - 22)}, bold=True)
        if acting:   # right after the name, where the eye already is
            after = area.x + T.text(plate, TH.SMALL, pal.text, True).get_width() + 10
            self.label(canvas, _("◀ acting"), TH.SMALL, pal.accent, {"topleft": (after, area.y - 22)}, bold=True)

    def plate_end(self, view, seat: int, g) -> int:
        """Where the plate's line ends: its words and "◀ acting"."""
        acting = seat in view.acting and view.phase == "play"
        return g["blocks"][seat].x + T.text(self.plate_words(view, seat, g), TH.SMALL, (0, 0, 0), True).get_width() \
            + (T.text(_("◀ acting"), TH.SMALL, (0, 0, 0), True).get_width() + 10 if acting else 0)

    def plate_words(self, view, seat: int, g) -> str:
        """The plate's words, cut to the room beside "◀ acting"."""
        area = g["blocks"][seat]
        acting = seat in view.acting and view.phase == "play"
        order = view.order_cards[seat]
        plate = f"{self.spec.name(seat)}"
        if order is not None:
            plate += " · " + _("order {card}").format(card=f"{order.rank}{SYMBOL.get(order.suit or '', '')}")
        pairs = sum(1 for p in view.pairs[seat] if p is not None)
        plate += " · " + ngettext("{n} pair", "{n} pairs", pairs).format(n=pairs)
        status = [_(STATUS_LABELS[s]) if s in STATUS_LABELS else s for s in view.statuses[seat] if s != "reaction used"]
        if view.reacted[seat] and view.phase == "play":
            status.append(_("reaction used"))
        if view.wilds[seat] is not None:
            status.append(_("wild {n}").format(n=card_value(view.wilds[seat])))
        if view.consults[seat] is not None:
            cp = view.consults[seat]
            status.append(_("consultation {type} {n}").format(type=type_word(cp.type), n=cp.value))
        if status:
            plate += " · " + ", ".join(status)
        room = area.w - (T.text(_("◀ acting"), TH.SMALL, (0, 0, 0), True).get_width() + 12 if acting else 0)
        while len(plate) > 8 and T.text(plate, TH.SMALL, (0, 0, 0), True).get_width() > room:
            plate = plate[:-2] + "…"
        return plate

    def block_rect(self, view, seat: int, g) -> pygame.Rect:
        """A character's panel: its plate, its rows and its order card (four characters at 1280x720
        ran together as one block of cards)."""
        area = g["blocks"][seat]
        rects = [pygame.Rect(r) for (s_, _), rs in self.zone.rects.items() if s_ == seat for r in rs]
        order = self.order_rect(seat, g)
        # (wide enough for the plate line too: the plate, "◀ acting" and the defense pair's name)
        words = self.plate_end(view, seat, g) + T.text(_("defense"), TH.TINY, (0, 0, 0), True).get_width() + 8
        right = max([r.right for r in rects] + ([order.right] if order is not None else []) + [words])
        bottom = max([r.bottom for r in rects] + [area.bottom])
        return pygame.Rect(area.x - 8, area.y - 26, right - area.x + 18, bottom - area.y + 26 + 6)

    def draw_block(self, canvas: Canvas, view, seat: int, g) -> None:
        box = self.block_rect(view, seat, g)
        edge = TH.darken(canvas.pal.seat_colour(seat), 0.35 if seat in view.acting and view.phase == "play" else 0.6)
        canvas.surface.blit(TH.panel(box.size, (0, 0, 0, 46), edge, 10, 1), box.topleft)

    def order_rect(self, seat: int, g) -> pygame.Rect | None:
        """Where a seat's order card lies: beside the end of its rows (None before they are laid)."""
        ends = [r.right for (s_, _), rs in self.zone.rects.items() if s_ == seat for r in rs]
        if not ends:
            return None
        area = g["blocks"][seat]
        cw, ch = g["card"]
        return pygame.Rect(max(ends) + ORDER_GAP, area.y + ch // 4, int(cw * 0.8), int(ch * 0.8))

    def draw_character(self, canvas: Canvas, view, seat: int, g, highlight, selected) -> None:
        surface, pal = canvas.surface, canvas.pal
        cw, ch = g["card"]
        zone = self.zone
        order = view.order_cards[seat]
        r = self.order_rect(seat, g)
        if order is not None and r is not None:
            # the order card, face up beside the rows for the whole encounter (from the draw deck)
            self.card(canvas, r, order, "order")
            self.label(canvas, pgettext("order card", "order"), TH.TINY, pal.text_dim, {"midtop": (r.centerx, r.bottom + 3)}, prefer=("right", "down", "up"))
        badges: list[tuple[tuple[int, int], int]] = []
        for pv in view.pairs[seat]:
            if pv is None:
                continue
            rects = zone.rects.get((seat, pv.slot))
            if rects is None:
                continue
            type_rect, value_rect = rects
            if pv.defense:
                frame = type_rect.union(value_rect).inflate(8, 8)
                pygame.draw.rect(surface, DEFENSE_GREEN, frame, 3, border_radius=8)
                # named over its frame, in the plate's line: the guide had to say which pair defends;
                # after the plate's words where they reach over it (a longer language's plate did)
                name = T.text(_("defense"), TH.TINY, DEFENSE_GREEN, True).get_rect(midbottom=(frame.centerx, frame.top - 1))
                name.left = max(name.left, self.plate_end(view, seat, g) + 8)
                self.label(canvas, _("defense"), TH.TINY, DEFENSE_GREEN, {"topleft": name.topleft},
                           bold=True, prefer=("right", "left"))
            self.card(canvas, type_rect, pv.type_card, Place("type", seat, pv.slot))
            values = pv.values or (None,)
            for k, card in enumerate(values):
                r = value_rect.move(0, (-1 if seat == self.t.screen.bottom else 1) * k * max(4, ch // 8))
                if card is None:
                    pygame.draw.rect(surface, pal.felt_dark, r, 2, border_radius=6)
                else:
                    self.card(canvas, r, card, Place("value", seat, pv.slot))
            if pv.counter and pv.value is not None:
                # a counter on a changed value (its number kept clear of other labels)
                spot = canvas.fit(T.text(str(pv.value), TH.SMALL, (30, 20, 0), True).get_rect(
                    center=(value_rect.right - 4, value_rect.top + 4)), ("down", "left", "right", "up"), on_card=True)
                badges.append((spot.center, pv.value))
            pair_place = Place("pair", seat, pv.slot)
            union = type_rect.union(value_rect)
            self.outline(canvas, union, pair_place, highlight, selected)
            for zone_name, r in (("type", type_rect), ("value", value_rect)):
                self.outline(canvas, r, Place(zone_name, seat, pv.slot), highlight, selected)
            if view.victim == seat and view.target_slot == pv.slot and view.phase == "play":
                pygame.draw.rect(surface, pal.bad, union.inflate(12, 12), 2, border_radius=10)
        for center, value in badges:        # over the cards: the next pair's card hid the disc's edge
            draw_value_badge(surface, center, value, cw)

    def draw_texts(self, canvas: Canvas) -> None:
        surface, pal = canvas.surface, canvas.pal
        w, h = self.t.screen.layout.size
        prompt_box = canvas.notes.get("prompt")
        if prompt_box is not None:
            box, lines, size = prompt_box
            lh = T.line_height(size, True)
            surface.blit(TH.panel(box.size, (6, 28, 20, 225), pal.accent, 10, 2), box.topleft)
            for i, line in enumerate(lines):
                T.blit_text(surface, line, size, pal.text, (box.centerx, box.y + 6 + i * lh), "midtop", bold=True)
        self.t.hud.draw_message(canvas, (w // 2, h // 2))
        self.t.hud.draw_floating(canvas)
        canvas.layer("table")
        self.t.hud.draw_key_hints(canvas)


class EncounterResults:
    """16 Combos' results panel: who won the encounter (or the match), why, and each character's
    pairs left and encounters won, over a veil on the board."""

    def __init__(self, spec: Any):
        self.spec = spec
        self.t = spec.t

    def rect(self) -> pygame.Rect:
        w, h = self.t.screen.layout.size
        # title, the reason the match ended, the column heads, a row per character, the buttons
        practice = self.t.results.practice_result() if self.t.screen.match_result is not None else ""
        height = (18 + self.t.results.result_title_h() - 4 + (self.t.results.result_reason_h() if self.spec.match_end_reason() else 0)
                  + (self.t.results.result_reason_h() if practice else 0) + self.t.results.result_head_h() + 8 + (self.t.results.standing_h() + 2) * len(self.t.screen.names) + 74)
        r = pygame.Rect(0, 0, self.t.results.results_width(560), min(h - 16, height))
        return self.t.results.place(r)

    def draw(self, canvas: Canvas) -> None:
        surface, pal = canvas.surface, canvas.pal
        if self.t.director.queue:
            return
        canvas.layer("results")
        # a dark veil over the table and an opaque panel: the results read the same over any cards
        surface.blit(TH.panel(surface.get_size(), (0, 0, 0, 140), None, 0), (0, 0))
        panel = self.rect()
        surface.blit(TH.panel(panel.size, (6, 26, 18, 246), pal.accent, 14, 2), panel.topleft)
        view = self.t.match.view(SPECTATOR)
        y = panel.y + 18
        ev = self.t.screen.match_result or self.t.screen.round_result
        if self.t.screen.match_result is not None:
            winners = self.t.screen.match_result.winners
            if self.t.guide.guided:      # (a guided match is one encounter)
                title = self.t.results.winners_words(winners, _("You win the guided encounter!"),
                                                     _("{name} wins the guided encounter!"), _("{names} win the guided encounter!"))
            else:
                title = self.t.results.winners_words(winners, _("You win the match!"), _("{name} wins the match!"),
                                                     _("{names} win the match!"))
        else:
            title = _("Encounter {n} is over").format(n=view.round)
        # (the pitches follow the type, as the other tables' results do: 40, 24, 26 and 28 px at the normal size)
        T.blit_text(surface, title, TH.H2, pal.accent, (panel.centerx, y), "midtop", bold=True)
        y += self.t.results.result_title_h() - 4
        reason = self.spec.match_end_reason()
        if reason:
            T.blit_text(surface, reason, TH.SMALL, pal.text, (panel.centerx, y), "midtop")
            y += self.t.results.result_reason_h()
        if self.t.screen.match_result is not None and self.t.results.practice_result():
            T.blit_text(surface, self.t.results.practice_result(), TH.SMALL, pal.accent, (panel.centerx, y), "midtop")
            y += self.t.results.result_reason_h()
        y += 6
        won_w = T.text(_("encounters won"), TH.SMALL, pal.text_dim).get_width()
        pairs_x = min(panel.right - 190, panel.right - 40 - won_w - 24)
        T.blit_text(surface, _("Character"), TH.SMALL, pal.text_dim, (panel.x + 40, y))
        T.blit_text(surface, _("pairs left"), TH.SMALL, pal.text_dim, (pairs_x, y), "topright")
        T.blit_text(surface, _("encounters won"), TH.SMALL, pal.text_dim, (panel.right - 40, y), "topright")
        y += self.t.results.result_head_h() + 2
        last = view.round_scores[-1] if view.round_scores else ()
        for seat in range(len(self.t.screen.names)):
            colour = pal.accent if last and last[seat] else pal.text
            pairs = sum(1 for p in view.pairs[seat] if p is not None)
            T.blit_text(surface, self.spec.name(seat), TH.BODY, colour, (panel.x + 40, y), bold=True)
            T.blit_text(surface, str(pairs), TH.BODY, colour, (pairs_x, y), "topright")
            T.blit_text(surface, str(view.totals[seat]), TH.BODY, colour, (panel.right - 40, y), "topright", bold=True)
            y += self.t.results.standing_h() + 2
        del ev


def hand_caption(canvas: Canvas, text: str, topleft: tuple[int, int]) -> None:
    """The caption over the player's value cards, on its line between the band and the cards:
    a longer language's words take a smaller size there, else are cut, rather than moving onto
    the cards or the waste pile's name beside them (pseudo-locale at 960x540)."""
    text = str(text)
    fits = lambda t, size: canvas.board.free(T.text(t, size, (0, 0, 0)).get_rect(topleft=topleft))
    size = next((size for size in (TH.TINY, TH.TINY - 1, TH.TINY - 2) if fits(text, size)), TH.TINY - 2)
    while len(text) > 8 and not fits(text, size):
        text = text[:-2] + "…"
    box = T.text(text, size, (0, 0, 0)).get_rect(topleft=topleft)
    canvas.board.reserve(box)
    T.blit_text(canvas.surface, text, size, canvas.pal.text_dim, box.topleft)


def type_heads(width: int) -> dict[str, str]:
    """The types' headers in the combo table, a row's or a column's: each type's suit sign and
    short name ("♥ Vit"), or the signs alone where a name would not fit even in the cells'
    smallest type (all four alike)."""
    texts = {t: f"{SYMBOL[t]} {type_short(t)}" for t in TYPES}
    if any(T.text(text, TH.TINY - 3, (0, 0, 0), True).get_width() > width - 4 for text in texts.values()):
        return {t: SYMBOL[t] for t in TYPES}
    return texts


def place_prompt(table_board: Board, canvas: Canvas) -> tuple[pygame.Rect, list[str], int] | None:
    """The prompt's box, bottom centre of the rows, reserved before the rows' labels."""
    w, h = table_board.t.screen.layout.size
    left = table_board.left_width()
    prompt = table_board.t.hud.current_prompt()
    if not prompt:
        return None
    # Between the key hints and the buttons' column, under the rows (a longer language's prompt
    # in three lines was pushed up by the key hints onto the player's row at 960x540).
    hints = [box.union(words) for box, words in table_board.t.hud.hint_rows()]
    start = max([left] + [r.right + 16 for r in hints if r.right < w // 2])
    room = min(int(w * 0.5), w - 190 - start - 24)
    height = 2 * T.line_height(TH.BODY, True) + 12 + 8      # the room the rows leave (geometry)
    board, prefer = canvas.board, ("up", "left", "right", "down")
    # off the cards and the rows' plate lines (drawn after it)
    avoid = board.cards + [pygame.Rect(area.x, area.y - 24, area.w, 22)
                           for area in table_board.lay_out(table_board.spec.screen_view())["blocks"].values()]

    def box_for(text: str, size: int, width: int) -> tuple[pygame.Rect, list[str]]:
        lines = T.wrap(text, size, width, True)
        wide = max(T.text(line, size, (0, 0, 0), True).get_width() for line in lines)
        box = pygame.Rect(0, 0, wide + 26, T.line_height(size, True) * len(lines) + 12)
        box.midbottom = ((start + w - 190) // 2, h - 10)
        return box, lines

    def clear_spot(text: str) -> tuple[pygame.Rect, list[str], int] | None:
        # a long prompt on a narrow screen: smaller, to stay off the rows; where it still finds
        # no clear spot (a longer language at 960x540), in the tiny type wherever is clear nearest
        for size in (TH.BODY, TH.SMALL, TH.TINY):
            box, lines = box_for(text, size, room)
            spot = board.find(box, prefer, avoid) if box.h <= height or size == TH.TINY else None
            if spot is not None:
                return spot, lines, size
        for width in (room, int(w * 0.4), int(w * 0.45)):
            box, lines = box_for(text, TH.TINY, width)
            spot = board.find_near(box, avoid, far=True)
            if spot is not None:
                return spot, lines, TH.TINY
        return None
    # Where the whole prompt finds no clear spot, it goes without a pass's cost (the Pass button
    # says it: "Pass the turn (-1)"): with it, a longer language's prompt at 960x540 found room
    # only on the player's plate line, over its name and the "defense" label.
    short = table_board.spec.prompt(pass_cost=False) if prompt == table_board.spec.prompt() else prompt
    placed = clear_spot(prompt) or (clear_spot(short) if short != prompt else None)
    if placed is None:
        for width in (room, int(w * 0.4), int(w * 0.45)):
            box, lines = box_for(prompt, TH.TINY, width)
            spot = board.find_near(box, board.cards, far=True)
            if spot is not None:
                placed = spot, lines, TH.TINY
                break
    if placed is None:
        box, lines = box_for(prompt, TH.TINY, room)
        return canvas.fit(box, prefer), lines, TH.TINY
    board.reserve(placed[0])
    return placed


def caption(canvas: Canvas, text: str, topleft: tuple[int, int], width: int | None = None) -> None:
    """A caption at its place, held on the label board: within `width` (its column), in a
    smaller size where a longer language needs it, else cut."""
    text = str(text)
    for size in (TH.TINY, TH.TINY - 1, TH.TINY - 2):
        if width is None or T.text(text, size, (0, 0, 0)).get_width() <= width:
            break
    else:
        while len(text) > 8 and T.text(text, size, (0, 0, 0)).get_width() > width:
            text = text[:-2] + "…"
    box = T.text(text, size, (0, 0, 0)).get_rect(topleft=topleft)
    canvas.board.reserve(box)
    T.blit_text(canvas.surface, text, size, canvas.pal.text_dim, box.topleft)
