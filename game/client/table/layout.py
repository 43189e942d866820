"""Where things are on a card table: seats around the felt for 2 to 6 players, each with an
orientation so its cards face their owner, and the centre piles.

A seat's cards are laid out in the seat's own coordinates (x to the owner's right, y towards the
owner) and turned by the seat's angle onto the screen. The bottom seat (angle 0) is the player's
own (the first human); the others follow clockwise in play order: left, top, right. Angles are
multiples of 90 degrees so rotated card images stay crisp and are cached.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class SeatSpot:
    seat: int
    centre: tuple[int, int]   # the centre of the seat's card area
    angle: int                # pygame rotation (counter-clockwise degrees) of the seat's cards
    card: tuple[int, int]     # card size (w, h) at this seat, before rotation
    max_span: int             # the most room the seat's cards may take across (owner's x), pixels
    own: bool = False         # the bottom seat

    def to_screen(self, lx: float, ly: float) -> Point:
        """A point in seat coordinates (pixels from the seat centre) on the screen."""
        a = math.radians(self.angle)
        c, s = round(math.cos(a)), round(math.sin(a))
        return (self.centre[0] + lx * c + ly * s, self.centre[1] - lx * s + ly * c)

    @property
    def sideways(self) -> bool:
        return self.angle % 180 != 0


# Seat spots as fractions of the screen, keyed by the number of seats. Index 0 is the bottom seat;
# the rest follow clockwise (the play order). Each: (x, y, angle).
_SPOTS: dict[int, list[tuple[float, float, int]]] = {
    2: [(0.5, 0.815, 0), (0.5, 0.155, 180)],
    3: [(0.5, 0.815, 0), (0.27, 0.155, 180), (0.73, 0.155, 180)],
    4: [(0.5, 0.815, 0), (0.105, 0.47, -90), (0.5, 0.155, 180), (0.895, 0.47, 90)],
    # (the side seats sit a little above the middle: a grid that grows downwards, or a long hand,
    # stays clear of the buttons stacked in the lower right corner)
    5: [(0.5, 0.815, 0), (0.095, 0.45, -90), (0.34, 0.155, 180), (0.66, 0.155, 180), (0.905, 0.45, 90)],
    6: [(0.5, 0.815, 0), (0.09, 0.45, -90), (0.28, 0.155, 180), (0.49, 0.155, 180), (0.70, 0.155, 180),
        (0.91, 0.45, 90)],
}


class TableLayout:
    """Seat spots and pile positions for a screen size, a seat count and the bottom seat."""

    def __init__(self, size: tuple[int, int], seats: int, bottom: int = 0, grid_columns: int = 2):
        if not 2 <= seats <= 6:
            raise ValueError(f"a table seats 2 to 6 players, not {seats}")
        self.size = size
        self.seats = seats
        self.bottom = bottom
        # A grid is blocks of two rows of `grid_columns` cards (Kombio 2x2, Kabu 2x3); penalty
        # cards past the first block start another block to the owner's right.
        self.grid_columns = grid_columns
        self.block = 2 * grid_columns
        w, h = size
        unit = min(w / 1280, h / 720)
        self.unit = unit
        own_card = (int(74 * unit), int(104 * unit))
        other_card = (int(54 * unit), int(76 * unit)) if seats > 3 else (int(62 * unit), int(87 * unit))
        self.pile_card = (int(70 * unit), int(98 * unit))
        self.big_card = (int(96 * unit), int(134 * unit))
        self.spots: dict[int, SeatSpot] = {}
        tops = sum(1 for _, _, a in _SPOTS[seats] if a == 180)
        top_span = int(w * 0.8 / max(1, tops)) - int(40 * unit)
        for k, (fx, fy, angle) in enumerate(_SPOTS[seats]):
            seat = (bottom + k) % seats
            card = own_card if k == 0 else other_card
            span = int(w * 0.42) if k == 0 else (int(h * 0.42) if angle % 180 else top_span)
            self.spots[seat] = SeatSpot(seat, (int(fx * w), int(fy * h)), angle, card, span, own=k == 0)
        cx, cy = int(w * 0.5), int(h * 0.43)
        gap = int(16 * unit)
        self.centre = (cx, cy)
        self.deck_pos = (cx - self.pile_card[0] // 2 - gap, cy)
        self._slots: dict[tuple[int, int, int], tuple] = {}
        self._bounds: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self.discard_pos = (cx + self.pile_card[0] // 2 + gap, cy)

    def spot(self, seat: int) -> SeatSpot:
        return self.spots[seat]

    def keep_own_cards_right_of(self, x: int) -> None:
        """Narrow the bottom seat's room so that its cards start right of ``x`` (the key hints in
        the lower left corner, whose width follows the text size), down to three cards' width."""
        for seat, spot in self.spots.items():
            room = 2 * (spot.centre[0] - x)
            if spot.own and room < spot.max_span:
                self.spots[seat] = dataclasses.replace(spot, max_span=max(room, 3 * spot.card[0]))
                self._slots.clear()
                self._bounds.clear()

    # -- grids ------------------------------------------------------------------------------------
    def grid_cell(self, index: int) -> tuple[int, int]:
        """(column, row) of a grid slot: with two columns 0,1 far row and 2,3 near row (with three
        0-2 and 3-5); slots past the first block add blocks to the owner's right."""
        cols = self.grid_columns
        block, k = divmod(index, self.block)
        return block * cols + k % cols, k // cols

    def grid_slot(self, seat: int, index: int, slots: int) -> tuple[Point, int, tuple[int, int]]:
        """Screen centre, angle and card size of slot ``index`` in a grid of ``slots`` slots."""
        key = (seat, index, slots)
        hit = self._slots.get(key)
        if hit is None:
            hit = self._slots[key] = self._grid_slot(seat, index, slots)
        return hit

    def _grid_slot(self, seat: int, index: int, slots: int) -> tuple[Point, int, tuple[int, int]]:
        spot = self.spots[seat]
        cw, ch = spot.card
        cols = max(self.grid_columns, self.grid_columns * math.ceil(max(slots, 1) / self.block))
        gap = max(4, cw // 9)
        step_x = min(cw + gap, (spot.max_span - cw) / max(1, cols - 1))
        col, row = self.grid_cell(index)
        lx = (col - (cols - 1) / 2) * step_x
        ly = (row - 0.5) * (ch + gap)
        return spot.to_screen(lx, ly), spot.angle, spot.card

    def grid_bounds(self, seat: int, slots: int) -> tuple[int, int, int, int]:
        """Screen rectangle (x, y, w, h) around a grid of ``slots`` slots."""
        key = (seat, slots)
        hit = self._bounds.get(key)
        if hit is None:
            hit = self._bounds[key] = self._grid_bounds(seat, slots)
        return hit

    def _grid_bounds(self, seat: int, slots: int) -> tuple[int, int, int, int]:
        pts = []
        spot = self.spots[seat]
        cw, ch = spot.card
        if spot.sideways:
            cw, ch = ch, cw
        for i in range(max(slots, self.block)):
            (x, y), _, _ = self.grid_slot(seat, i, max(slots, self.block))
            pts.append((x, y))
        x0 = min(p[0] for p in pts) - cw / 2
        x1 = max(p[0] for p in pts) + cw / 2
        y0 = min(p[1] for p in pts) - ch / 2
        y1 = max(p[1] for p in pts) + ch / 2
        return int(x0), int(y0), int(x1 - x0), int(y1 - y0)

    def held_pos(self, seat: int) -> tuple[Point, int, tuple[int, int]]:
        """Where a seat shows the card it has drawn: in front of its grid, towards the centre
        (for the bottom seat: to the right of its grid, large)."""
        spot = self.spots[seat]
        if spot.own:
            x, y, w, h = self.grid_bounds(seat, self.block)
            return (x + w + self.big_card[0] * 0.5 + 40 * self.unit, y + h / 2), 0, self.big_card
        cw, ch = spot.card
        # In front of the grid; moved along it where that spot would lie on the piles (the seat
        # across at 1280x720 with six seats held its card over the deck).
        pw, ph = self.pile_card[0] / 2 + 6, self.pile_card[1] / 2 + 6
        hw, hh = ((ch, cw) if spot.sideways else (cw, ch))
        hw, hh = hw / 2, hh / 2
        ahead = -(ch + ch * 0.75 + 8)
        for k in range(0, 13):
            for lx in ((0,) if k == 0 else (k * cw / 4, -k * cw / 4)):
                x, y = spot.to_screen(lx, ahead)
                if all(abs(x - px) >= hw + pw or abs(y - py) >= hh + ph for px, py in (self.deck_pos, self.discard_pos)):
                    return (x, y), spot.angle, spot.card
        return spot.to_screen(0, ahead), spot.angle, spot.card

    # -- hands ------------------------------------------------------------------------------------
    def hand_step(self, seat: int, count: int) -> float:
        """Distance between neighbouring cards of a hand of ``count``: the player's own hand
        spreads its cards apart while they fit and overlaps them after that; the others' hands
        (backs) overlap by half."""
        spot = self.spots[seat]
        cw = spot.card[0]
        natural = cw + max(4, cw // 10) if spot.own else cw * 0.5
        if count <= 1:
            return natural
        return min(natural, (spot.max_span - cw) / (count - 1))

    def hand_slot(self, seat: int, index: int, count: int) -> tuple[Point, int, tuple[int, int]]:
        """Screen centre, angle and card size of card ``index`` in a fanned hand of ``count``
        cards, left to right from the owner's side, with a gentle arc away from the owner."""
        key = (seat, -1 - index, count)
        hit = self._slots.get(key)
        if hit is None:
            spot = self.spots[seat]
            step = self.hand_step(seat, count)
            off = index - (count - 1) / 2
            lx = off * step
            half = max(1.0, (count - 1) / 2)
            ly = (off / half) ** 2 * spot.card[1] * (0.06 if spot.own else 0.04)
            hit = self._slots[key] = (spot.to_screen(lx, ly), spot.angle, spot.card)
        return hit

    def hand_bounds(self, seat: int, count: int) -> tuple[int, int, int, int]:
        """Screen rectangle (x, y, w, h) around a hand of ``count`` cards (an empty hand keeps
        the room of one card)."""
        key = (seat, -1 - count)
        hit = self._bounds.get(key)
        if hit is None:
            spot = self.spots[seat]
            cw, ch = spot.card
            n = max(1, count)
            span = cw + self.hand_step(seat, n) * (n - 1)
            lw, lh = span, ch * 1.08
            a, b = spot.to_screen(-lw / 2, -lh / 2), spot.to_screen(lw / 2, lh / 2)
            x0, x1 = sorted((a[0], b[0]))
            y0, y1 = sorted((a[1], b[1]))
            hit = self._bounds[key] = (int(x0), int(y0), int(x1 - x0), int(y1 - y0))
        return hit

    def plate_pos(self, seat: int, slots: int, bounds: tuple[int, int, int, int] | None = None
                  ) -> tuple[tuple[int, int], str]:
        """Where the seat's name plate goes and the anchor to use, beside its grid of ``slots``
        (or beside ``bounds``, the seat's cards however they are laid out)."""
        spot = self.spots[seat]
        x, y, w, h = bounds if bounds is not None else self.grid_bounds(seat, slots)
        if spot.own:
            return (x - int(18 * self.unit), y + h // 2), "midright"
        if spot.angle == 180:
            return (x + w // 2, y + h + int(8 * self.unit)), "midtop"
        return (x + w // 2, y + h + int(8 * self.unit)), "midtop"
