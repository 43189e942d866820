"""Memory grids: the table mechanics Kombio and Kabu share.

Each seat has a grid of face-down cards with stable slots (a card taken away leaves an empty
slot, None; a card put in fills the first empty slot or extends the grid). Seats peek at their own
cards, abilities look at cards or swap them blindly, anyone may claim a card against the top of
the discard pile out of turn (`Match`), a claim on an opponent's card is paid for by giving one of
your own cards unseen into the gap (`Give`), and mistakes cost a face-down penalty card from the
deck. What a seat has legitimately seen is kept in `seen` (card ids), which the no-leak checks in
the tests read.

`GridGame` holds these mechanics on top of `Game`; a variant decides when each one is allowed
(its phases, windows and what counts as a match) and builds its view from `grid_rows`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.core.actions import Action
from game.core.cards import DECK, FACE_DOWN, Card, Place, grid_place
from game.core.errors import InvalidTarget
from game.core.events import NOBODY, CardMoved, CardSeen, CardsSwapped, Event, PenaltyGiven
from game.core.game import Game


# -- the actions every memory-grid variant names the same way -----------------------------------
@dataclass(frozen=True, slots=True)
class DrawFromDeck(Action):
    """Draw the top card of the deck, seen only by you."""


@dataclass(frozen=True, slots=True)
class TakeDiscard(Action):
    """Take the top of the discard pile; it must be exchanged into your grid."""


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Put the card you hold into your slot `index`; the card there goes face up to the discard."""

    index: int

    def targets(self) -> tuple[Place, ...]:
        return (grid_place(self.seat, self.index),)


@dataclass(frozen=True, slots=True)
class PlayDrawn(Action):
    """Play the card drawn from the deck straight to the discard pile (using its ability, if any)."""


@dataclass(frozen=True, slots=True)
class SwapBoth(Action):
    """After looking at two cards: swap them with each other."""


@dataclass(frozen=True, slots=True)
class SkipAbility(Action):
    """Do not use the ability (or, after a look that offers a swap, keep the cards where they are)."""


@dataclass(frozen=True, slots=True)
class LookOwn(Action):
    """Look at one of your own cards (slot `index`)."""

    index: int

    def targets(self) -> tuple[Place, ...]:
        return (grid_place(self.seat, self.index),)


@dataclass(frozen=True, slots=True)
class LookOpponent(Action):
    """Look at one card in an opponent's grid."""

    place: Place


@dataclass(frozen=True, slots=True)
class BlindSwap(Action):
    """Swap any two cards on the table without looking."""

    a: Place
    b: Place


@dataclass(frozen=True, slots=True)
class Match(Action):
    """Out of turn: claim that the card at `place` (yours or an opponent's) matches the top discard."""

    place: Place


@dataclass(frozen=True, slots=True)
class Give(Action):
    """After claiming an opponent's card: give them your slot `index`, unseen, into the gap."""

    index: int

    def targets(self) -> tuple[Place, ...]:
        return (grid_place(self.seat, self.index),)


@lru_cache(maxsize=None)
def row_places(seat: int, slots: int) -> tuple[Place, ...]:
    """The places of a grid of `slots` slots (one tuple per seat and size: listing targets is hot)."""
    return tuple(grid_place(seat, i) for i in range(slots))


class GridGame(Game):
    """A Game played on face-down grids. The variant's `setup` calls `setup_grids`."""

    call_name = "the end"   # what the variant's round-ending call is named ("KOMBIO", "Kabu")
    hidden_memory = True

    def setup_grids(self) -> None:
        self.grids: list[list[Card | None]] = [[] for _ in range(self.seats)]
        # Card ids each seat has legitimately seen (for the no-leak checks in the tests).
        self.seen: list[set[int]] = [set() for _ in range(self.seats)]

    # -- reading the grids ------------------------------------------------------------------
    def acts_out_of_turn(self, seat: int) -> bool:
        """Out of turn in a memory-grid game means claiming during the reaction window."""
        if self.phase != "reaction":
            return False
        window = getattr(self, "window", None)
        # In the reaction phase the seats to act are the window's remaining seats (Kombio, Kabu).
        return window is not None and window.is_open_to(seat)

    def card_at(self, place: Place) -> Card | None:
        if place.zone != "grid" or not 0 <= place.seat < self.seats:
            return None
        grid = self.grids[place.seat]
        return grid[place.index] if 0 <= place.index < len(grid) else None

    def locked_seats(self) -> tuple[int, ...]:
        """Grids nobody may touch right now (a caller's, where the variant locks it)."""
        return ()

    def cards_of(self, seat: int) -> list[Card]:
        return [c for c in self.grids[seat] if c is not None]

    def _check_target(self, place: Place, what: str, *, owner: int | None = None,
                      not_owner: int | None = None) -> Card:
        if not isinstance(place, Place) or place.zone != "grid":
            raise InvalidTarget(f"{what} must be a grid position")
        card = self.card_at(place)
        if card is None:
            raise InvalidTarget(f"there is no card at {place}")
        if place.seat in self.locked_seats():
            raise InvalidTarget(f"seat {place.seat} called {self.call_name}: that grid is locked")
        if owner is not None and place.seat != owner:
            raise InvalidTarget(f"{what} must be one of your own cards")
        if not_owner is not None and place.seat == not_owner:
            raise InvalidTarget(f"{what} must be an opponent's card")
        return card

    def _targets(self, owner: int | None = None, not_owner: int | None = None) -> list[Place]:
        """Every occupied place outside locked grids (only `owner`'s, or not `not_owner`'s)."""
        if owner is None and not_owner is None:
            # Every seat in a reaction window asks for the same list: listed once per version
            # (the state changes only through apply, which bumps the version).
            memo = self._all_targets
            if memo[0] != self.version:
                memo = self._all_targets = (self.version, self._list_targets(None, None))
            return list(memo[1])
        return self._list_targets(owner, not_owner)

    _all_targets: tuple[int, list[Place]] = (-1, [])

    def _list_targets(self, owner: int | None, not_owner: int | None) -> list[Place]:
        locked = self.locked_seats()
        places: list[Place] = []
        for seat, grid in enumerate(self.grids):
            if seat in locked or (owner is not None and seat != owner) or seat == not_owner:
                continue
            places += [p for p, card in zip(row_places(seat, len(grid)), grid) if card is not None]
        return places

    def grid_rows(self, reveal_all: bool, visible: dict[Place, Card]) -> list[tuple[Any, ...]]:
        """The grids as a seat's view shows them: None for an empty slot, the face where it is
        shown right now (`visible`, or every card once the round is revealed), else FACE_DOWN."""
        rows = []
        for s, grid in enumerate(self.grids):
            if reveal_all:
                rows.append(tuple(grid))
                continue
            if not visible:   # the usual case: nothing shown right now, one pass per grid
                rows.append(tuple([None if card is None else FACE_DOWN for card in grid]))
                continue
            row = []
            for i, card in enumerate(grid):
                if card is None:
                    row.append(None)
                elif reveal_all:
                    row.append(card)
                else:
                    row.append(visible.get(grid_place(s, i), FACE_DOWN))
            rows.append(tuple(row))
        return rows

    # -- reactions (what a replay lists as possible but not taken) ----------------------------
    def claim_fits(self, card: Card) -> bool:
        """Would claiming `card` against the top of the discard pile be right? (The variant's
        matching rule; used by `reactions`, never by the rules themselves.)"""
        raise NotImplementedError

    def reactions(self, seat: int) -> list[Action]:
        """The claims open to `seat` that would be right: a claim on any card is legal (a wrong
        one costs a penalty), so only the cards that really match count as a chance."""
        if not self.piles.discard or not self.acts_out_of_turn(seat):
            return []
        return [a for a in self.legal_actions(seat)
                if isinstance(a, Match) and (card := self.card_at(a.place)) is not None and self.claim_fits(card)]

    def reaction_words(self, action: Action) -> str:
        if isinstance(action, Match):
            card = self.card_at(action.place)
            rank = card.rank if card is not None else "?"
            where = "their own grid" if action.place.seat == action.seat else f"Seat {action.place.seat}'s grid"
            return f"matched the {rank} from {where}"
        return super().reaction_words(action)

    # -- knowledge --------------------------------------------------------------------------
    def _show(self, seat: int, card: Card) -> None:
        self.seen[seat].add(card.id)

    def _show_all(self, card: Card) -> None:
        for seen in self.seen:
            seen.add(card.id)

    def _look(self, seat: int, place: Place, events: list[Event]) -> None:
        card = self.card_at(place)
        assert card is not None
        self._show(seat, card)
        events.append(CardSeen(seat, place, card, frozenset((seat,))))

    # -- moving cards -----------------------------------------------------------------------
    def deal_grids(self, first: int, size: int, events: list[Event]) -> None:
        """A fresh grid of `size` face-down cards each, dealt one slot at a time from `first` on;
        nobody has seen anything yet."""
        self.grids = [[None] * size for _ in range(self.seats)]
        self.seen = [set() for _ in range(self.seats)]
        deck = self.piles.deck
        for i in range(size):
            for k in range(self.seats):
                seat = (first + k) % self.seats
                self.grids[seat][i] = deck.pop()
                events.append(CardMoved(None, DECK, grid_place(seat, i), NOBODY))

    def _put_in_grid(self, seat: int, card: Card) -> Place:
        grid = self.grids[seat]
        for i, slot in enumerate(grid):
            if slot is None:
                grid[i] = card
                return grid_place(seat, i)
        grid.append(card)
        return grid_place(seat, len(grid) - 1)

    def _take(self, place: Place) -> Card:
        """Lift the card at `place` out of its grid, leaving the slot empty."""
        card = self.grids[place.seat][place.index]
        assert card is not None
        self.grids[place.seat][place.index] = None
        return card

    def _swap(self, a: Place, b: Place, seat: int, events: list[Event]) -> None:
        ga, gb = self.grids[a.seat], self.grids[b.seat]
        ga[a.index], gb[b.index] = gb[b.index], ga[a.index]
        events.append(CardsSwapped(a, b, seat))

    def _give_unseen(self, src: Place, gap: Place, by: int, events: list[Event]) -> None:
        """Move the card at `src` face down into the empty slot `gap` (paying for a claim)."""
        card = self._take(src)
        self.grids[gap.seat][gap.index] = card
        events.append(CardMoved(None, src, gap, NOBODY, by))

    def _draw_face_down(self, seat: int, events: list[Event]) -> Place | None:
        """A card from the deck face down into `seat`'s grid (None: no card left to draw)."""
        card = self.piles.draw(self.rng, events)
        if card is None:
            return None
        place = self._put_in_grid(seat, card)
        events.append(CardMoved(None, DECK, place, NOBODY, seat))
        return place

    def _penalty(self, seat: int, reason: str, events: list[Event]) -> None:
        if self._draw_face_down(seat, events) is None:
            events.append(PenaltyGiven(seat, reason + " (no card left to draw)", 0))
            return
        events.append(PenaltyGiven(seat, reason, 1))
