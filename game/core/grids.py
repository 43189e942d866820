"""Memory grids: the table mechanics Kombio and Kabu share.

Each seat has a grid of face-down cards with stable slots (a card taken away leaves an empty
slot, None; a card put in fills the first empty slot or extends the grid). Seats peek at their own
cards, abilities look at cards or swap them blindly, anyone may claim a card against the top of
the discard pile out of turn (`Match`), a claim on an opponent's card is paid for by giving one of
your own cards unseen into the gap (`Give`), and mistakes cost a face-down penalty card from the
deck. What a seat has legitimately seen is kept in `seen` (card ids), which the no-leak checks in
the tests read.

`GridGame` holds these mechanics on top of `Game`, with the turn both games share: draw from the
deck or take the discard, exchange the card into your grid or play a drawn one for its ability, a
reaction window after every discard, and the round-ending call that gives everybody else one more
turn. A variant says which cards have abilities and what they do, what counts as a match, what
happens to an empty grid, how a round is scored, and builds its view from `grid_rows`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import compress
from typing import Any

from game.core.actions import TABLE, Action, Expire, Pass, StartRound
from game.core.cards import DECK, DISCARD, FACE_DOWN, Card, Place, grid_place, held_place
from game.core.errors import IllegalAction, InvalidTarget, NotYourTurn, WrongPhase
from game.core.events import (NOBODY, CardMoved, CardRevealed, CardSeen, CardsSwapped, Event, Note, PenaltyGiven,
                              TurnStarted, WindowClosed, WindowOpened, passed)
from game.core.game import Game
from game.core.reaction import ReactionWindow
from game.core.view import SeatView


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


# -- the events every memory-grid variant names the same way -------------------------------------
@dataclass(frozen=True, slots=True)
class AbilityEnded(Event):
    seat: int
    used: bool


@dataclass(frozen=True, slots=True)
class GridView(SeatView):
    """What one seat of a memory-grid game may know right now (the common fields are SeatView's).
    Grid slots hold None (empty), FACE_DOWN, or a Card the seat is looking at this very moment;
    remembering earlier looks is the seat's own business. A variant's view adds its own facts."""

    grids: tuple[tuple[Any, ...], ...]
    discard_top: Card | None
    discard_size: int
    deck_size: int
    holder: int | None
    held: Card | None
    held_from: str | None
    ability: Any                     # the ability being used (what names it is the variant's)
    looked: tuple[Place, ...]
    looked_cards: tuple[Card | None, ...]
    caller: int | None
    final_turns: tuple[int, ...]
    locked: tuple[int, ...]
    window_seats: tuple[int, ...]
    window_deadline: float | None
    pending_seat: int | None
    pending_place: Place | None
    options: dict


# Actions are immutable values, so the ones listed on every step are built once.
exchange_action = lru_cache(maxsize=None)(Exchange)
pass_action = lru_cache(maxsize=None)(Pass)
# The table's own actions likewise.
_START = StartRound()
_EXPIRE = Expire()


@lru_cache(maxsize=None)
def row_places(seat: int, slots: int) -> tuple[Place, ...]:
    """The places of a grid of `slots` slots (one tuple per seat and size: listing targets is hot)."""
    return tuple(grid_place(seat, i) for i in range(slots))


class GridPhase(StrEnum):
    """The phases of the grid games' shared turn flow (Kombio's and Kabu's Phase hold them all)."""
    READY = "ready"
    TURN = "turn"               # draw from the deck or take the discard
    DRAWN = "drawn"             # holding the card drawn from the deck
    TAKEN = "taken"             # holding the card taken from the discard
    ABILITY = "ability"         # a played card's ability, first step
    LOOK_BOTH = "look_both"     # an ability's look at two cards, then swap them or not
    REACTION = "reaction"       # the window to match the card just discarded
    GIVE = "give"               # a matcher gives one of its cards to the seat it matched from
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


# Each phase also under its own name, for the comparisons below (a phase is set as the variant's
# own member, `self.Phase.X`; members equal their strings, so comparing across enums holds): Python
# 3.11 looks `Phase.TURN` up through the enum class's __getattr__ hook, several times slower than a
# module name, and the rules compare phases at every ask (bench_engine: Kombio 15% slower with
# `Phase.X`). tests/test_phases.py checks each name is its member.
READY, TURN, DRAWN, TAKEN, ABILITY, LOOK_BOTH, REACTION, GIVE, ROUND_OVER, MATCH_OVER = GridPhase


class GridGame(Game):
    """A Game played on face-down grids. The variant's `setup` calls `setup_grids`."""

    Phase = GridPhase

    call_name = "the end"   # what the variant's round-ending call is named ("KOMBIO", "Kabu")
    window_name = "match"   # how the reaction window is named ("match 7", "claim 7h")
    hidden_memory = True

    def setup_grids(self) -> None:
        self.grids: list[list[Card | None]] = [[] for _ in range(self.seats)]
        # Card ids each seat has legitimately seen (for the no-leak checks in the tests).
        self.seen: list[set[int]] = [set() for _ in range(self.seats)]
        self.window_serial = 0
        self.clear_turn_state()

    def clear_turn_state(self) -> None:
        """What a round starts without: no call, no card in hand, no ability, no window, nobody owing a card."""
        self.caller: int | None = None
        self.final_turns: set[int] = set()
        self.turn_is_final = False
        self.held: Card | None = None
        self.held_from: str | None = None
        self.ability: Any = None
        self.looked: tuple[Place, ...] = ()
        self.window: ReactionWindow | None = None
        self.pending_seat: int | None = None    # who must act next out of turn order (Give, ...)
        self.pending_place: Place | None = None

    # -- reading the grids ------------------------------------------------------------------
    def acts_out_of_turn(self, seat: int) -> bool:
        """Out of turn in a memory-grid game means claiming during the reaction window."""
        if self.phase != REACTION:
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
            raise InvalidTarget(f"{what} must be a grid position", note=Note.of("refusal.choose-grid-card"))
        card = self.card_at(place)
        if card is None:
            raise InvalidTarget(f"there is no card at {place}", note=Note.of("refusal.no-card-there"))
        if place.seat in self.locked_seats():
            raise InvalidTarget(f"seat {place.seat} called {self.call_name}: that grid is locked",
                                note=Note.of("refusal.grid-locked", place.seat, call=self.call_name))
        if owner is not None and place.seat != owner:
            raise InvalidTarget(f"{what} must be one of your own cards", note=Note.of("refusal.own-card-only"))
        if not_owner is not None and place.seat == not_owner:
            raise InvalidTarget(f"{what} must be an opponent's card", note=Note.of("refusal.opponent-card-only"))
        return card

    def _targets(self, owner: int | None = None, not_owner: int | None = None) -> list[Place]:
        """Every occupied place outside locked grids (only `owner`'s, or not `not_owner`'s)."""
        if owner is None and not_owner is None:
            return list(self._all_target_list())
        return self._list_targets(owner, not_owner)

    def _all_target_list(self) -> list[Place]:
        """_targets(), not to be changed: every seat in a reaction window asks for the same list,
        so it is listed once per version (the state changes only through apply, which bumps the
        version), and stays the same object while the targets stay the same (what is worked out
        from it can be kept by it)."""
        memo = self._all_targets
        if memo[0] != self.version:
            places = self._list_targets(None, None)
            memo = self._all_targets = (self.version, memo[1] if places == memo[1] else places)
        return memo[1]

    _all_targets: tuple[int, list[Place]] = (-1, [])

    def _list_targets(self, owner: int | None, not_owner: int | None) -> list[Place]:
        locked = self.locked_seats()
        places: list[Place] = []
        for seat, grid in enumerate(self.grids):
            if seat in locked or (owner is not None and seat != owner) or seat == not_owner:
                continue
            places += compress(row_places(seat, len(grid)), grid)   # (the occupied slots' places, in C)
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

    def reaction_note(self, action: Action) -> Note:
        if isinstance(action, Match):
            card = self.card_at(action.place)
            if action.place.seat == action.seat:
                return Note.of("missed.match-own", action.seat, card=card)
            return Note.of("missed.match", action.seat, card=card, owner=action.place.seat)
        return super().reaction_note(action)

    def _looking_at(self, seat: int, phases: tuple[str, ...]) -> dict[Place, Card]:
        """The cards `seat` is looking at this very moment: its own ability's looks, in `phases`."""
        visible: dict[Place, Card] = {}
        if seat == self.turn and self.phase in phases:
            for place in self.looked:
                card = self.card_at(place)
                if card is not None:
                    visible[place] = card
        return visible

    def held_shown_to(self, seat: int, holder: int | None) -> Card | None:
        """The card in hand as `seat` sees it: the holder sees it, everybody sees a card taken from
        the discard pile (it was face up), nobody else sees a drawn one."""
        if self.held is not None and (seat == holder or self.held_from == "discard" or self.reveal_all):
            return self.held
        return None

    def _prompt(self) -> str:
        """The view's prompt: the shared steps here, the variant's own in `_step_prompt`."""
        phase = self.phase
        if phase == READY:
            return "the first round is about to be dealt"
        if phase == ROUND_OVER:
            return f"round {self.round} is over"
        if phase == MATCH_OVER:
            return "the match is over"
        if phase == TURN:
            can_call = self.caller is None and self.may_call_now()
            return f"seat {self.turn} to draw, take the discard" + (f" or call {self.call_name}" if can_call else "")
        if phase == GIVE:
            return f"seat {self.pending_seat} to give a card into the gap"
        return self._step_prompt(phase)

    def _step_prompt(self, phase: str) -> str:
        return phase

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

    def _reveal_grids(self, events: list[Event]) -> None:
        """The round is over: every card left in a grid is shown to everybody."""
        for seat, grid in enumerate(self.grids):
            for i, card in enumerate(grid):
                if card is not None:
                    self._show_all(card)
                    events.append(CardRevealed(grid_place(seat, i), card))

    def _land(self, card: Card) -> None:
        """`card` goes face up onto the discard pile."""
        self.piles.discard.append(card)
        self._show_all(card)

    # -- the variant's rules the shared turn asks for -------------------------------------------
    def _check_grids(self, seat: int, events: list[Event]) -> None:
        """A card left `seat`'s grid (or might have): what the variant does about an empty grid."""

    def _start_ability(self, seat: int, card: Card, events: list[Event]) -> bool:
        """`card` was played from the deck: start its ability, if it has one (True)."""
        return False

    # -- the turn ----------------------------------------------------------------------------
    def _require(self, action: Action, *phases: str) -> None:
        if self.phase not in phases:
            raise WrongPhase(f"{type(action).__name__} is not possible now (phase: {self.phase})",
                             note=Note.of("refusal.not-now"))
        if action.seat not in self.seats_to_act():
            raise NotYourTurn(f"seat {action.seat} cannot act now", note=Note.of("refusal.cannot-act-now"))

    def table_action(self) -> tuple[Action, float | None] | None:
        if self.phase in (READY, ROUND_OVER):
            return _START, None
        if self.phase == REACTION and self.window is not None and self.window.deadline is not None:
            return _EXPIRE, self.window.deadline
        return None

    def _turn_actions(self, seat: int, phase: str, own: list[int]) -> list[Action]:
        """The legal actions of the turn's own steps (`own`: the slots holding a card), for the
        call the variant's `call_action`."""
        if phase == TURN:
            actions: list[Action] = []
            if self.piles.can_draw():
                actions.append(DrawFromDeck(seat))
            if self.piles.discard and own:
                actions.append(TakeDiscard(seat))
            if self.caller is None and self.may_call_now():
                actions.append(self.call_action(seat))
            return actions
        if phase == DRAWN:
            return [exchange_action(seat, i) for i in own] + [PlayDrawn(seat)]
        if phase == TAKEN:
            return [exchange_action(seat, i) for i in own]
        if phase == LOOK_BOTH:
            return [SwapBoth(seat), SkipAbility(seat)]
        if phase == GIVE:
            return [Give(seat, i) for i in own]
        return []

    call_action: type[Action] = Action   # the variant's round-ending call (CallKombio, CallKabu)

    def may_call_now(self) -> bool:
        """Whether the round-ending call is allowed at this turn (nobody having called yet): by
        default not on the round's first turn, while the discard pile is still empty."""
        return bool(self.piles.discard)

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self.turn = seat
        self.phase = self.Phase.TURN
        self.turn_is_final = self.caller is not None
        events.append(TurnStarted(seat))
        if not self.legal_actions(seat):
            # Nothing to draw and nothing to exchange the discard with: the turn is lost.
            self._end_turn(self.now, events)

    def _end_turn(self, t: float, events: list[Event]) -> None:
        if self.turn_is_final:
            self.final_turns.discard(self.turn)
        if self.caller is not None and not self.final_turns:
            self._end_round(events)
            return
        # The caller takes no more turns.
        self._start_turn(self.order.next(self.turn, out=() if self.caller is None else (self.caller,)), events)

    def _end_round(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _begin_final_turns(self, seat: int, called: Event, events: list[Event]) -> None:
        """`seat` called the end of the round (`called` says so): everybody else gets one more turn."""
        self.caller = seat
        self.final_turns = set(range(self.seats)) - {seat}
        # A call made during someone's reaction window gives that player one more turn too.
        self.turn_is_final = False
        events.append(called)

    def _call_instead_of_turn(self, action: Action, called: Event, t: float) -> list[Event]:
        self._require(action, TURN)
        if self.caller is not None:
            raise IllegalAction(f"seat {self.caller} has already called {self.call_name}",
                                note=Note.of("refusal.already-called", self.caller, call=self.call_name))
        if not self.may_call_now():
            raise IllegalAction(f"the first turn of a round draws from the deck; {self.call_name} can be called "
                                "from the next turn", note=Note.of("refusal.call-after-first-turn", call=self.call_name))
        events: list[Event] = []
        self._begin_final_turns(action.seat, called, events)
        self._end_turn(t, events)
        return events

    def _on_DrawFromDeck(self, action: DrawFromDeck, t: float) -> list[Event]:
        self._require(action, TURN)
        if not self.piles.can_draw():
            raise IllegalAction("the deck is empty and the discard pile cannot refill it",
                                note=Note.of("refusal.deck-empty"))
        events: list[Event] = []
        card = self.piles.draw(self.rng, events)
        assert card is not None
        self.held, self.held_from, self.phase = card, "deck", self.Phase.DRAWN
        self._show(action.seat, card)
        events.append(CardMoved(card, DECK, held_place(action.seat), frozenset((action.seat,)), action.seat))
        return events

    def _on_TakeDiscard(self, action: TakeDiscard, t: float) -> list[Event]:
        self._require(action, TURN)
        if not self.piles.discard:
            raise IllegalAction("the discard pile is empty (the first turn draws from the deck)",
                                note=Note.of("refusal.discard-empty"))
        if not any(c is not None for c in self.grids[action.seat]):
            raise IllegalAction("you have no card to exchange the discard with",
                                note=Note.of("refusal.no-card-to-exchange"))
        card = self.piles.discard.pop()
        self.held, self.held_from, self.phase = card, "discard", self.Phase.TAKEN
        return [CardMoved(card, DISCARD, held_place(action.seat), None, action.seat)]

    def _on_Exchange(self, action: Exchange, t: float) -> list[Event]:
        self._require(action, DRAWN, TAKEN)
        seat = action.seat
        place = grid_place(seat, action.index)
        old = self.card_at(place)
        if old is None:
            raise InvalidTarget(f"you have no card in slot {action.index}", note=Note.of("refusal.no-card-in-slot"))
        held = self.held
        self.grids[seat][action.index] = held
        self._land(old)
        self.held = self.held_from = None
        events: list[Event] = [
            CardMoved(old, place, DISCARD, None, seat),
            CardMoved(held, held_place(seat), place, frozenset((seat,)), seat),
        ]
        self._check_grids(seat, events)
        self._open_window(t, events)
        return events

    def _on_PlayDrawn(self, action: PlayDrawn, t: float) -> list[Event]:
        self._require(action, DRAWN)
        card = self.held
        assert card is not None
        self._land(card)
        self.held = self.held_from = None
        events: list[Event] = [CardMoved(card, held_place(action.seat), DISCARD, None, action.seat)]
        if not self._start_ability(action.seat, card, events):
            self._open_window(t, events)
        return events

    def _finish_ability(self, seat: int, used: bool, t: float, events: list[Event]) -> None:
        self.ability, self.looked = None, ()
        events.append(AbilityEnded(seat, used))
        self._open_window(t, events)

    ability_phases = (ABILITY, LOOK_BOTH)   # the steps of an ability (it may be skipped in any)

    def _swap_blind(self, action: BlindSwap, t: float) -> list[Event]:
        """The blind-swap ability, once the variant has checked that the card played grants it."""
        self._check_target(action.a, "the first card")
        self._check_target(action.b, "the second card")
        if action.a == action.b:
            raise InvalidTarget("choose two different cards to swap", note=Note.of("refusal.swap-two-different"))
        events: list[Event] = []
        self._swap(action.a, action.b, action.seat, events)
        self._finish_ability(action.seat, True, t, events)
        return events

    def _on_SkipAbility(self, action: SkipAbility, t: float) -> list[Event]:
        self._require(action, *self.ability_phases)
        events: list[Event] = []
        # Skipping after a look (no swap) still counts as using the ability.
        self._finish_ability(action.seat, self.phase != ABILITY, t, events)
        return events

    def _on_SwapBoth(self, action: SwapBoth, t: float) -> list[Event]:
        self._require(action, LOOK_BOTH)
        events: list[Event] = []
        self._swap(self.looked[0], self.looked[1], action.seat, events)
        self._finish_ability(action.seat, True, t, events)
        return events

    # -- the reaction window after every discard ----------------------------------------------
    def _open_window(self, t: float, events: list[Event]) -> None:
        self.window_serial += 1
        offered = tuple(s for s in range(self.seats) if s not in self.locked_seats())
        self.window = ReactionWindow.open(f"{self.window_name} {self.piles.discard[-1]}", offered, t,
                                          float(self.options["reaction_seconds"]), self.window_serial)
        self.phase = self.Phase.REACTION
        events.append(WindowOpened("match", offered, t, self.window.deadline))

    def _close_window(self, reason: str, t: float, events: list[Event]) -> None:
        self.window = None
        events.append(WindowClosed(reason))
        self._end_turn(t, events)

    def _on_Expire(self, action: Expire, t: float) -> list[Event]:
        if action.seat != TABLE:
            raise NotYourTurn("only the table closes a window on time")
        if self.phase != REACTION or self.window is None:
            raise WrongPhase("no reaction window is open")
        self.window.check_expire(t)
        events: list[Event] = []
        self._close_window("time", t, events)
        return events

    def _on_Pass(self, action: Pass, t: float) -> list[Event]:
        if self.phase != REACTION or self.window is None:
            raise WrongPhase("there is no reaction window to pass on", note=Note.of("refusal.no-window-to-pass"))
        self.window.check_claim(action.seat, t)
        self.window.mark_done(action.seat)
        events: list[Event] = [passed(action.seat)]
        if self.window.everyone_done:
            self._close_window("everyone passed", t, events)
        return events

    def _on_Give(self, action: Give, t: float) -> list[Event]:
        self._require(action, GIVE)
        src = grid_place(action.seat, action.index)
        if self.card_at(src) is None:
            raise InvalidTarget(f"you have no card in slot {action.index} to give",
                                note=Note.of("refusal.no-card-to-give"))
        gap = self.pending_place
        assert gap is not None
        events: list[Event] = []
        self._give_unseen(src, gap, action.seat, events)
        self.pending_seat = self.pending_place = None
        self._check_grids(action.seat, events)
        self._open_window(t, events)
        return events
