"""Kombio: the lowest total wins. Four face-down cards each in a 2x2 grid; peek, draw and swap,
use the abilities of 7 to 14, match the last discard out of turn, and call KOMBIO.

The rules in the project's words are in game/rules/kombio.md; the action vocabulary is in
docs/kombio-actions.md. The piles, turn order, round start and how the match is won come from the
kit (docs/kit.md); the face-down grids, looks, swaps, claims, gifts and penalty cards from
game/core/grids.py (shared with Kabu). Grid slots are stable: slots 0 and 1 are the far row, 2 and 3 the row
nearest their owner; a matched card leaves an empty slot, and penalty cards fill the first empty
slot or extend the grid.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import compress, repeat
from typing import Any, Hashable

from game.core.actions import TABLE, Action, StartRound
from game.core.cards import DECK, DISCARD, FACE_DOWN, Card, DeckSpec, Place, grid_place, held_place
from game.core.errors import InvalidTarget, WrongPhase
from game.core.events import CardMoved, CardRevealed, Event, Note, PenaltyGiven
from game.core.grids import (AbilityEnded, BlindSwap, DrawFromDeck, Exchange, Give, GridGame,  # noqa: F401  (re-exported)
                             GridView, LookOpponent, LookOwn, Match, PlayDrawn, SkipAbility, SwapBoth, TakeDiscard,
                             pass_action)
from game.core.options import REACTION_SECONDS, OptionSpec
from game.core.view import WindowView, ZoneView, grid_zone

DECK_SPEC = DeckSpec(
    ((-1, None, 3), (0, None, 3))
    + tuple((value, None, 5) for value in range(1, 13))
    + ((13, None, 2), (14, None, 2))
)
DECK_CARDS = tuple(DECK_SPEC.build())  # cards are immutable, so every round reuses them
GRID_SIZE = 4
PEEK_SLOTS = (2, 3)

ABILITY_NAMES = {
    7: "look at one of your own cards", 8: "look at one of your own cards",
    9: "look at one opponent's card", 10: "look at one opponent's card",
    11: "blind swap of any two cards", 12: "blind swap of any two cards",
    13: "look at any card, then you may swap it unseen",
    14: "look at any two cards, then you may swap them",
}


# -- actions ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CallKombio(Action):
    """Instead of a turn: everybody else gets one more turn, then the round ends."""


@dataclass(frozen=True, slots=True)
class LookAny(Action):
    """13: look at any card on the table."""

    place: Place


@dataclass(frozen=True, slots=True)
class SwapLooked(Action):
    """13, after looking: swap the looked-at card with `other`, which stays unseen."""

    other: Place


@dataclass(frozen=True, slots=True)
class LookTwo(Action):
    """14: look at any two cards on the table."""

    a: Place
    b: Place


@dataclass(frozen=True, slots=True)
class DecidePenalty(Action):
    """The owner of a card wrongly claimed: the claimer takes that card (True) or a penalty card."""

    take_card: bool


# Actions are immutable values, so the ones listed on every step are built once.
_match = lru_cache(maxsize=None)(Match)
# (an ability's list holds up to a hundred pairs; a bot naming a pair through these gets the very
# action listed, which a check of its choice finds at once)
blind_swap_action = lru_cache(maxsize=None)(BlindSwap)
look_two_action = lru_cache(maxsize=None)(LookTwo)


@lru_cache(maxsize=None)
def _deck_zone(size: int) -> ZoneView:
    # Views are frozen, so one deck zone of a size serves every view.
    return ZoneView(DECK, "deck", (), size)


# -- events particular to Kombio ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AbilityStarted(Event):
    seat: int
    rank: int
    ability: str


@dataclass(frozen=True, slots=True)
class MatchAttempted(Event):
    """A match attempt; the claimed card is shown to everybody whether it was right or wrong."""

    seat: int
    place: Place
    card: Card
    correct: bool


@dataclass(frozen=True, slots=True)
class KombioCalled(Event):
    seat: int
    automatic: bool


@dataclass(frozen=True, slots=True)
class KombioView(GridView):
    """What one seat may know right now (the common fields are GridView's; `ability` is the rank
    whose ability is being used)."""

    wrong_claimer: int | None    # who wrongly claimed the pending card (the owner chooses their penalty)


# Where the fields a seat's view fills in itself are among KombioView's fields.
_SEAT, _OUT_OF_TURN, _ZONES, _GRIDS, _HELD, _LOOKED_CARDS, _OPTIONS = (
    [f.name for f in dataclasses.fields(KombioView)].index(name)
    for name in ("seat", "out_of_turn", "zones", "grids", "held", "looked_cards", "options"))


class Phase(StrEnum):
    """Where a Kombio round stands (its string is the view's `phase`)."""
    READY = "ready"
    TURN = "turn"               # draw from the deck or take the discard
    DRAWN = "drawn"             # holding the card drawn from the deck
    TAKEN = "taken"             # holding the card taken from the discard
    ABILITY = "ability"         # a played card's ability, first step
    LOOK_SWAP = "look_swap"     # a 7's look at an own card, then swap it with another or not
    LOOK_BOTH = "look_both"     # a look at two cards, then swap them or not
    REACTION = "reaction"       # the window to match the card just discarded
    GIVE = "give"               # a matcher gives one of its cards to the seat it matched from
    PENALTY_CHOICE = "penalty_choice"   # a wrong match from another's grid: its owner picks the penalty
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


# Each phase also under its own name, for the rules below: Python 3.11 looks `Phase.TURN` up through
# the enum class's __getattr__ hook, several times slower than a module name, and the rules compare
# phases at every ask (bench_engine: Kombio 15% slower with `Phase.X`). tests/test_phases.py checks
# each name is its member.
READY, TURN, DRAWN, TAKEN, ABILITY, LOOK_SWAP, LOOK_BOTH, REACTION, GIVE, PENALTY_CHOICE, ROUND_OVER, MATCH_OVER = Phase


class Kombio(GridGame):
    Phase = Phase
    # Its id, title, summary, aliases and seats: its entry in game/games.py.
    call_name = "KOMBIO"
    option_specs = (
        OptionSpec("length", "Game length", "rounds", "Play a number of rounds, or until someone reaches a target score.",
                   choices=("rounds", "target")),
        OptionSpec("rounds", "Rounds", 5, "Rounds in a match when the length is set by rounds.", minimum=1, maximum=20,
                   only_when=("length", "rounds")),
        OptionSpec("target", "Target score", 100, "The match ends when a total reaches this score.",
                   minimum=20, maximum=500, step=10, only_when=("length", "target")),
        OptionSpec("addons", "Fourteen add-ons", True,
                   "Both 14s and nothing else score -15; one 14 in a hand totalling exactly 25 scores -10."),
        REACTION_SECONDS,
    )
    actions = (DrawFromDeck, TakeDiscard, CallKombio, Exchange, PlayDrawn, LookOwn, LookOpponent,
               BlindSwap, LookAny, SwapLooked, LookTwo, SwapBoth, SkipAbility, Match, Give, DecidePenalty)
    deck_cards = DECK_CARDS
    call_action = CallKombio
    ability_phases = (ABILITY, LOOK_SWAP, LOOK_BOTH)
    # How the match is won: the "Game length" options, lowest total (Game.make_match_rule).

    # -- state ----------------------------------------------------------------------------
    def setup(self) -> None:
        self.setup_grids()       # the grids, the call, the card held, the window (game/core/grids.py)
        self.ability: int | None = None
        self.pending_claimer: int | None = None   # who wrongly claimed (the owner decides: DecidePenalty)
        # Each seat's reaction legal list, with the target list it was made from (legal_actions).
        self._reaction_legal: dict[int, tuple[list[Place], list[Action]]] = {}

    # -- helpers ----------------------------------------------------------------------------
    def locked_seats(self) -> tuple[int, ...]:
        if self.caller is not None and self.seats > 2:
            return (self.caller,)
        return ()

    def _check_empty_grids(self, events: list[Event]) -> None:
        """A player whose grid is empty calls KOMBIO automatically."""
        if self.caller is not None:
            return
        for seat, grid in enumerate(self.grids):
            # (asked after every action: any() tests each slot in C, where grid.count(None) called
            # Card's generated __eq__ once per card, 2.4 µs a grid of six)
            if not any(grid):
                self._begin_final_turns(seat, KombioCalled(seat, True), events)
                return

    def _check_grids(self, seat: int, events: list[Event]) -> None:
        self._check_empty_grids(events)

    def hand_value(self, seat: int) -> int:
        cards = [c for c in self.grids[seat] if c is not None]
        total = sum(c.rank for c in cards)  # type: ignore[misc]
        if self.options["addons"]:
            fourteens = sum(1 for c in cards if c.rank == 14)
            if fourteens == 2 and len(cards) == 2:
                return -15
            if fourteens == 1 and total == 25:
                return -10
        return total

    def _end_round(self, events: list[Event]) -> None:
        self._reveal_grids(events)
        hands = tuple(self.hand_value(s) for s in range(self.seats))
        notes: list[Note] = []
        if self.caller is None:
            scores = hands
            notes.append(Note.of("kombio.no-call"))
        else:
            c = self.caller
            if all(hands[c] < hands[o] for o in range(self.seats) if o != c):
                scores = tuple(h if s == c else h + 10 for s, h in enumerate(hands))
                notes.append(Note.of("kombio.call-made", c, bonus=10))
            else:
                scores = tuple(h + 15 if s == c else h for s, h in enumerate(hands))
                notes.append(Note.of("kombio.call-failed", c, penalty=15))
        if self.options["addons"]:
            for seat in range(self.seats):
                cards = [c for c in self.grids[seat] if c is not None]
                if hands[seat] == -15 and len(cards) == 2:
                    notes.append(Note.of("kombio.two-fourteens", seat, bonus=-15))
                elif hands[seat] == -10 and any(c.rank == 14 for c in cards):
                    notes.append(Note.of("kombio.fourteen-at-25", seat, bonus=-10))
        self.score_round(hands, scores, tuple(notes), events)

    # -- what the driver asks ---------------------------------------------------------------
    def seats_to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (TURN, DRAWN, TAKEN, ABILITY, LOOK_SWAP, LOOK_BOTH):
            return (self.turn,)
        if phase == REACTION:
            return self.window.remaining()  # type: ignore[union-attr]
        if phase in (GIVE, PENALTY_CHOICE):
            return (self.pending_seat,)  # type: ignore[return-value]
        return ()

    def situation(self) -> Hashable:
        return (self.round, self.phase, self.turn, len(self.piles.discard),
                self.window.serial if self.window else -1, self.pending_seat)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if seat == TABLE:
            pending = self.table_action()
            return [pending[0]] if pending else []
        if phase == REACTION:   # the most frequent ask: every seat, after every discard
            if not self.window.is_open_to(seat):  # type: ignore[union-attr]  (seats_to_act's rule)
                return []
            targets = self._all_target_list()
            kept = self._reaction_legal.get(seat)
            if kept is None or kept[0] is not targets:
                # (a window stays open over several versions with the same targets)
                claims = list(map(_match, repeat(seat, len(targets)), targets))
                claims.append(pass_action(seat))
                kept = self._reaction_legal[seat] = (targets, claims)
            return list(kept[1])
        if seat not in self.seats_to_act():
            return []
        if phase == ABILITY:
            return self._ability_actions(seat) + [SkipAbility(seat)]
        if phase == LOOK_SWAP:
            looked = self.looked[0]
            return [SwapLooked(seat, p) for p in self._targets() if p != looked] + [SkipAbility(seat)]
        if phase == PENALTY_CHOICE:
            return [DecidePenalty(seat, True), DecidePenalty(seat, False)]
        grid = self.grids[seat]
        return self._turn_actions(seat, phase, list(compress(range(len(grid)), grid)))   # (the occupied slots)

    def _ability_actions(self, seat: int) -> list[Action]:
        rank = self.ability
        if rank in (7, 8):
            return [LookOwn(seat, p.index) for p in self._targets(owner=seat)]
        if rank in (9, 10):
            return [LookOpponent(seat, p) for p in self._targets(not_owner=seat)]
        if rank in (13,):
            return [LookAny(seat, p) for p in self._targets()]
        places = self._targets()
        pair = blind_swap_action if rank in (11, 12) else look_two_action
        return [pair(seat, a, b) for i, a in enumerate(places) for b in places[i + 1:]]

    def observe(self, seat: int) -> KombioView:
        # What every seat's view shares (the table as the public sees it: every field of a view
        # with nothing private in it) is built once per version: every seat is shown a view after
        # every discard, and the state changes only through apply, which bumps the version. The
        # replay's truth view (every card face up) is built apart and never kept.
        if self.reveal_all:
            parts = self._public_view_parts()
        else:
            shared = self._shared_view
            if shared[0] != self.version:
                shared = self._shared_view = (self.version, self._public_view_parts())
            parts = shared[1]
        fields, holder = parts
        args = fields.copy()   # KombioView's fields in order
        args[_SEAT] = seat
        args[_OUT_OF_TURN] = self.acts_out_of_turn(seat)
        args[_OPTIONS] = dict(self.options)
        visible = self._looking_at(seat, ("look_swap", "look_both"))
        if visible:
            grids = tuple(self.grid_rows(self.round_revealed(), visible))
            args[_GRIDS] = grids
            args[_ZONES] = (*[grid_zone(s, row) for s, row in enumerate(grids)], *args[_ZONES][len(grids):])
            args[_LOOKED_CARDS] = tuple(visible.get(p) for p in self.looked)
        if holder is not None:
            held = args[_HELD] = self.held_shown_to(seat, holder)
            args[_ZONES] = (*args[_ZONES],
                            ZoneView(held_place(holder), "held", (held if held is not None else FACE_DOWN,), 1))
        return KombioView(*args)

    _shared_view: tuple[int, tuple[list[Any], int | None]] = (-1, ([], None))
    # The public grid rows and their zones, with what they were made from: whether all is
    # revealed and the cards in the grids (compared by identity first: cheaper than the rows).
    _grid_zones: tuple[tuple, tuple, tuple[ZoneView, ...]] = ((), (), ())

    def _public_view_parts(self) -> tuple[list[Any], int | None]:
        """The parts of a view that are the same for every seat (all immutable): the fields of the
        view of a seat that sees nothing private (its seat, out_of_turn and options to be filled
        in), and the seat holding a card."""
        reveal_all = self.round_revealed()
        made_from = (reveal_all, *map(tuple, self.grids))
        kept = self._grid_zones
        if kept[0] != made_from:
            grids = tuple(self.grid_rows(reveal_all, {}))
            # (most versions leave the grids as they were: a pass, a look, a card drawn; a swap
            # leaves the rows as they were)
            kept = self._grid_zones = (made_from, kept[1], kept[2]) if kept[1] == grids else \
                (made_from, grids, tuple([grid_zone(s, row) for s, row in enumerate(grids)]))
        grids = kept[1]
        window = self.window
        in_window = self.phase == REACTION and window is not None
        zones = (*kept[2], ZoneView(DISCARD, "pile", tuple(self.piles.discard[-2:]), len(self.piles.discard)),
                 _deck_zone(len(self.piles.deck)))
        holder = self.turn if self.held is not None else None
        remaining = window.remaining() if in_window else ()  # type: ignore[union-attr]
        step = self.phase in (ABILITY, LOOK_SWAP, LOOK_BOTH)
        pending = self.phase in (GIVE, PENALTY_CHOICE)
        # KombioView's fields in their order, one a line (tests/test_fast_paths.py checks what each
        # one holds): a view is made from their values. (A list: a dict of the names cost more
        # than the rest of the parts.)
        fields = [
            None,   # seat
            self.seats,
            self.round,
            self.phase,
            self.turn if self.round else None,
            self.dealer,
            remaining if in_window else self.seats_to_act(),   # acting (a window's: its remaining seats)
            None,   # out_of_turn
            1,      # direction
            zones,
            (WindowView("match", remaining, window.opened_at, window.deadline),)  # type: ignore[union-attr]
            if in_window else (),
            0,      # pending_draw
            tuple(self.score.totals),
            tuple(self.score.rounds),
            self.over,
            self.winners,
            self._prompt(),
            grids,
            self.piles.top,   # discard_top
            len(self.piles.discard),
            len(self.piles.deck),
            holder,
            None,   # held
            self.held_from if holder is not None else None,
            self.ability if step else None,
            self.looked,
            (None,) * len(self.looked),   # looked_cards
            self.caller,
            tuple(sorted(self.final_turns)),
            self.locked_seats(),
            remaining,   # window_seats
            window.deadline if window else None,
            self.pending_seat if pending else None,
            self.pending_place if pending else None,
            None,   # options
            self.pending_claimer if self.phase == PENALTY_CHOICE else None,   # wrong_claimer
        ]
        return fields, holder

    def claim_fits(self, card: Card) -> bool:
        return bool(self.piles.discard) and card.rank == self.piles.discard[-1].rank

    def _step_prompt(self, phase: str) -> str:
        turn = self.turn
        if phase in (DRAWN, TAKEN):
            return f"seat {turn} to exchange the card" + (" or play it" if phase == DRAWN else "")
        if phase in (ABILITY, LOOK_SWAP, LOOK_BOTH):
            return f"seat {turn} to use the {self.ability}'s ability: {ABILITY_NAMES.get(self.ability, '')}"
        if phase == REACTION:
            top = self.piles.discard[-1].rank if self.piles.discard else "?"
            return f"anyone may match the {top}"
        if phase == PENALTY_CHOICE:
            return f"seat {self.pending_seat} to choose the wrong claimer's penalty"
        return phase

    # -- the table's actions ----------------------------------------------------------------
    def _on_StartRound(self, action: StartRound, t: float) -> list[Event]:
        first, events = self.begin_round(action)
        self.clear_turn_state()
        self.pending_claimer = None
        self.deal_grids(first, GRID_SIZE, events)
        for seat in range(self.seats):
            for i in PEEK_SLOTS:
                self._look(seat, grid_place(seat, i), events)
        self._start_turn(first, events)
        return events

    # -- a turn -------------------------------------------------------------------------------
    def _on_CallKombio(self, action: CallKombio, t: float) -> list[Event]:
        return self._call_instead_of_turn(action, KombioCalled(action.seat, False), t)

    # -- abilities ----------------------------------------------------------------------------
    def _start_ability(self, seat: int, card: Card, events: list[Event]) -> bool:
        if card.rank not in ABILITY_NAMES:
            return False
        self.ability, self.phase = card.rank, ABILITY  # type: ignore[assignment]
        events.append(AbilityStarted(seat, card.rank, ABILITY_NAMES[card.rank]))  # type: ignore[index]
        return True

    def _require_ability(self, action: Action, *ranks: int) -> None:
        self._require(action, ABILITY)
        if self.ability not in ranks:
            raise WrongPhase(f"{type(action).__name__} is not the ability of a {self.ability}",
                             note=Note.of("refusal.not-the-ability"))

    def _on_LookOwn(self, action: LookOwn, t: float) -> list[Event]:
        self._require_ability(action, 7, 8)
        place = grid_place(action.seat, action.index)
        self._check_target(place, "the card to look at", owner=action.seat)
        events: list[Event] = []
        self._look(action.seat, place, events)
        self._finish_ability(action.seat, True, t, events)
        return events

    def _on_LookOpponent(self, action: LookOpponent, t: float) -> list[Event]:
        self._require_ability(action, 9, 10)
        self._check_target(action.place, "the card to look at", not_owner=action.seat)
        events: list[Event] = []
        self._look(action.seat, action.place, events)
        self._finish_ability(action.seat, True, t, events)
        return events

    def _on_BlindSwap(self, action: BlindSwap, t: float) -> list[Event]:
        self._require_ability(action, 11, 12)
        return self._swap_blind(action, t)

    def _on_LookAny(self, action: LookAny, t: float) -> list[Event]:
        self._require_ability(action, 13)
        self._check_target(action.place, "the card to look at")
        events: list[Event] = []
        self._look(action.seat, action.place, events)
        self.looked, self.phase = (action.place,), LOOK_SWAP
        return events

    def _on_SwapLooked(self, action: SwapLooked, t: float) -> list[Event]:
        self._require(action, LOOK_SWAP)
        self._check_target(action.other, "the card to swap with")
        if action.other == self.looked[0]:
            raise InvalidTarget("swap the card you looked at with a different card",
                                note=Note.of("refusal.swap-looked-with-other"))
        events: list[Event] = []
        self._swap(self.looked[0], action.other, action.seat, events)
        self._finish_ability(action.seat, True, t, events)
        return events

    def _on_LookTwo(self, action: LookTwo, t: float) -> list[Event]:
        self._require_ability(action, 14)
        self._check_target(action.a, "the first card")
        self._check_target(action.b, "the second card")
        if action.a == action.b:
            raise InvalidTarget("choose two different cards to look at", note=Note.of("refusal.look-two-different"))
        events: list[Event] = []
        self._look(action.seat, action.a, events)
        self._look(action.seat, action.b, events)
        self.looked, self.phase = (action.a, action.b), LOOK_BOTH
        return events


    # -- out of turn: matching ----------------------------------------------------------------
    def _on_Match(self, action: Match, t: float) -> list[Event]:
        if self.phase != REACTION or self.window is None:
            raise WrongPhase("there is no discard to match right now", note=Note.of("refusal.nothing-to-match"))
        self.window.check_claim(action.seat, t)
        card = self._check_target(action.place, "the card to match")
        seat, place = action.seat, action.place
        top = self.piles.discard[-1]
        correct = card.rank == top.rank
        self._show_all(card)
        events: list[Event] = [MatchAttempted(seat, place, card, correct)]
        if correct:
            self.piles.discard.append(self._take(place))
            events.append(CardMoved(card, place, DISCARD, None, seat))
            if place.seat != seat and any(c is not None for c in self.grids[seat]):
                self.phase, self.pending_seat, self.pending_place = GIVE, seat, place
                return events
            self._check_empty_grids(events)
            self._open_window(t, events)
            return events
        self.window.mark_done(seat)
        events.append(CardRevealed(place, card))
        if place.seat == seat:
            self._penalty(seat, "wrong match from own grid", events)
            self._after_attempt(t, events)
        else:
            self.phase, self.pending_seat, self.pending_place = PENALTY_CHOICE, place.seat, place
            self.pending_claimer = seat
        return events

    def _after_attempt(self, t: float, events: list[Event]) -> None:
        self.phase = REACTION
        self.pending_seat = self.pending_place = self.pending_claimer = None
        self._check_empty_grids(events)
        if self.window is not None and self.window.everyone_done:
            self._close_window("every seat has tried", t, events)

    def _on_DecidePenalty(self, action: DecidePenalty, t: float) -> list[Event]:
        self._require(action, PENALTY_CHOICE)
        place, claimer = self.pending_place, self.pending_claimer
        assert place is not None and claimer is not None
        events: list[Event] = []
        if action.take_card:
            card = self._take(place)
            dst = self._put_in_grid(claimer, card)
            events.append(CardMoved(card, place, dst, None, action.seat))
            events.append(PenaltyGiven(claimer, "takes the wrongly claimed card", 1))
        else:
            self._penalty(claimer, "wrong match on an opponent's card", events)
        self._after_attempt(t, events)
        return events
