"""Kabu: the lowest total wins. Six face-down cards each in a 2x3 grid from two decks and four
jokers; choose two to peek at, draw and swap, use the abilities of 7 to 10 and the red jacks and
queens, discard and snipe out of turn on the top card or the calculated score, and call Kabu.

The rules in the project's words, with every decision the printed rules leave open, are in
game/rules/kabu.md. The piles, turn order, round start and the 50/100 halving come from the kit
(docs/kit.md); the face-down grids, looks, swaps, claims, gifts and penalty cards from
game/core/grids.py (shared with Kombio). Slots 0 to 2 are the far row, 3 to 5 the row nearest
their owner; a claimed card leaves an empty slot, and penalty cards fill the first empty slot or
extend the grid.

Out-of-turn play is one kind of action, `Match(place)`: a claim on your own card is an instant
discard, on an opponent's card a snipe (paid for with `Give`). The races:
- the race for the card: a claim on a card another seat has just claimed (its slot is still empty
  and the top of the pile is still that card) is refused in front of everybody, with no penalty
  (`LostCardRace`);
- the race for the pile: a claim that would have fitted the card just covered, but not the new
  top, missed the pile: the card goes back and the claimer takes a penalty card.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import compress
from typing import Hashable

from game.core.actions import TABLE, Action, StartRound
from game.core.cards import DECK, DISCARD, FACE_DOWN, Card, Place, grid_place, held_place
from game.core.errors import InvalidTarget, ShownRefusal, WrongPhase
from game.core.events import CardMoved, CardRevealed, Event, Note
from game.core.grids import (AbilityEnded, BlindSwap, DrawFromDeck, Exchange, Give, GridGame,  # noqa: F401  (re-exported)
                             GridView, LookOpponent, LookOwn, Match, PlayDrawn, SkipAbility, SwapBoth, TakeDiscard, pass_action)
from game.core.match import LowestAtTarget, MatchRule, halve_at
from game.core.options import REACTION_SECONDS, OptionSpec
from game.core.standard_deck import card_name, card_values, colour, standard_deck
from game.core.view import WindowView, ZoneView, grid_zone

DECK_SPEC = standard_deck(decks=2, jokers=4)
DECK_CARDS = tuple(DECK_SPEC.build())   # 108 cards; cards are immutable, so every round reuses them
GRID_SIZE = 6
PEEKS = 2
HALVING_TOTALS = (50, 100)

card_value = card_values({("K", "red"): 0, ("K", "black"): 24}, joker=-1)
# What a card can be worth (-1, 0 to 12, 24): a calculated score outside them fits no card.
WORTHS = frozenset(card_value(c) for c in DECK_CARDS)

# The ability of a card played straight from the deck, by (rank, colour); colour None: either.
OWN, OPPONENT, BLIND, DECIDE = "own", "opponent", "blind", "decide"
ABILITY_NAMES = {
    OWN: "look at one of your own cards",
    OPPONENT: "look at one opponent's card",
    BLIND: "swap any two cards on the table unseen",
    DECIDE: "look at one of yours and one opponent's card, then swap them or not",
}


def ability_of(card: Card) -> str | None:
    if card.rank in (7, 8):
        return OWN
    if card.rank in (9, 10):
        return OPPONENT
    if card.rank == "J" and colour(card) == "red":
        return BLIND
    if card.rank == "Q" and colour(card) == "red":
        return DECIDE
    return None


def calculated_score(pile: list[Card]) -> int | None:
    """The calculated score of the pile: the card under the top at its value, plus a red top
    card's value or minus a black one's. None with fewer than two cards or a joker on top."""
    if len(pile) < 2:
        return None
    top = pile[-1]
    tone = colour(top)
    if tone is None:
        return None
    under = card_value(pile[-2])
    return under + card_value(top) if tone == "red" else under - card_value(top)


def fits(card: Card, top: Card, calculated: int | None) -> str | None:
    """Why `card` may be discarded on `top` ("rank" or "calculated"), or None."""
    if card.rank == top.rank:
        return "rank"
    if calculated is not None and card_value(card) == calculated:
        return "calculated"
    return None


# -- actions particular to Kabu ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Peek(Action):
    """At the start of a round: look once at one of your own cards (two each)."""

    index: int

    def targets(self) -> tuple[Place, ...]:
        return (grid_place(self.seat, self.index),)


@dataclass(frozen=True, slots=True)
class CallKabu(Action):
    """Instead of a turn: everybody else gets one last turn, then the round ends."""


@dataclass(frozen=True, slots=True)
class LookPair(Action):
    """Red queen: look at your slot `index` and the opponent's card at `place`."""

    index: int
    place: Place

    def targets(self) -> tuple[Place, ...]:
        return (grid_place(self.seat, self.index), self.place)


@lru_cache(maxsize=None)
def _matches_at(seat: int, owner: int) -> tuple[Match, ...]:
    """`seat`'s claim on each slot of `owner`'s grid, as many as the deck has cards (a grid
    grows only when every slot is full, so it never holds more slots than that)."""
    return tuple(Match(seat, grid_place(owner, index)) for index in range(len(DECK_CARDS)))



# -- events particular to Kabu -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AbilityStarted(Event):
    seat: int
    card: Card
    ability: str


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    """A claim that landed on the pile: `kind` "discard" (own card) or "snipe" (an opponent's);
    `why` "rank" (same rank as the top) or "calculated" (the value of the calculated score)."""

    seat: int
    place: Place
    card: Card
    kind: str
    why: str


@dataclass(frozen=True, slots=True)
class ClaimMissed(Event):
    """A wrong claim: the card is shown to everybody and stays where it is; `reason` says why it
    was wrong ("wrong", "missed-pile": the race for the pile was lost, "follow-up": it followed
    another player's wrong card). A penalty card follows (PenaltyGiven)."""

    seat: int
    place: Place
    card: Card
    reason: str
    winner: int   # the seat whose card landed first (missed-pile), the seat whose mistake it followed (follow-up), else -1


@dataclass(frozen=True, slots=True)
class RaceLost(Event):
    """A claim on a card another seat had claimed first: refused with no penalty."""

    seat: int
    place: Place
    winner: int


@dataclass(frozen=True, slots=True)
class Refilled(Event):
    """A seat left with no cards draws one, face down."""

    seat: int


@dataclass(frozen=True, slots=True)
class KabuCalled(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class TotalHalved(Event):
    """A match total landed on exactly 50 or 100 and was halved."""

    seat: int
    before: int
    after: int


PENALTY_REASONS = {"wrong": "wrong claim", "missed-pile": "missed the pile", "follow-up": "follow-up mistake"}


class LostCardRace(ShownRefusal):
    """The card was claimed first by another seat: refused with no penalty, shown to everybody."""


@dataclass(frozen=True, slots=True)
class KabuView(GridView):
    """What one seat may know right now (the common fields are GridView's; `ability` is OWN,
    OPPONENT, BLIND or DECIDE while one is being used)."""

    discard_under: Card | None
    calculated: int | None          # the calculated score of the pile (None: none applies)
    ability_card: Card | None
    peeks_left: tuple[int, ...]
    halved: tuple[tuple[int, int, int, int], ...]   # (round, seat, total before, after)


class Phase(StrEnum):
    """Where a Kabu round stands (its string is the view's `phase`)."""
    READY = "ready"
    PEEK = "peek"               # the round's opening peeks at own cards
    TURN = "turn"               # draw from the deck or take the discard
    DRAWN = "drawn"             # holding the card drawn from the deck
    TAKEN = "taken"             # holding the card taken from the discard
    ABILITY = "ability"         # a played card's ability, first step
    LOOK_BOTH = "look_both"     # a look at two cards, then swap them or not
    REACTION = "reaction"       # the window to snipe or discard the card just played
    GIVE = "give"               # a sniper gives one of its cards to the seat it sniped from
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


# Each phase also under its own name, for the rules below: Python 3.11 looks `Phase.TURN` up through
# the enum class's __getattr__ hook, several times slower than a module name, and the rules compare
# phases at every ask (bench_engine: Kombio 15% slower with `Phase.X`). tests/test_phases.py checks
# each name is its member.
READY, PEEK, TURN, DRAWN, TAKEN, ABILITY, LOOK_BOTH, REACTION, GIVE, ROUND_OVER, MATCH_OVER = Phase


class Kabu(GridGame):
    Phase = Phase
    # Its id, title, summary, aliases and seats: its entry in game/games.py.
    call_name = "Kabu"
    option_specs = (
        OptionSpec("target", "Match ends above", 100, "The match ends when a total goes above this score.",
                   minimum=20, maximum=500, step=10),
        OptionSpec("halving", "50/100 rule", True, "A total of exactly 50 or 100 is halved."),
        OptionSpec("calculation", "Calculated score", True,
                   "Besides the top card's rank, a card worth the calculated score may be discarded."),
        OptionSpec("sniping", "Sniping", True, "Opponents' cards you know may be claimed out of turn."),
        OptionSpec("lock_caller", "Lock the caller", False,
                   "House rule: after a Kabu call nobody may look at, swap, snipe or give into the caller's "
                   "grid, and the caller makes no more claims. Off, as the rules say: the call only ends "
                   "the round after everyone else's last turn.", legacy=True),
        OptionSpec("call_first_turn", "Kabu on the first turn", True,
                   "Kabu may be called instead of the round's very first turn, as the rules allow any turn. "
                   "Off (a house rule): the first turn must draw, Kabu comes later.", legacy=False),
        REACTION_SECONDS,
    )
    actions = (Peek, DrawFromDeck, TakeDiscard, CallKabu, Exchange, PlayDrawn, LookOwn, LookOpponent,
               BlindSwap, LookPair, SwapBoth, SkipAbility, Match, Give)
    deck_cards = DECK_CARDS
    call_action = CallKabu
    window_name = "claim"

    def make_match_rule(self) -> MatchRule:
        adjust = halve_at(*HALVING_TOTALS) if self.options["halving"] else None
        return LowestAtTarget(self.options["target"], "exceeded", adjust=adjust)

    # -- state ----------------------------------------------------------------------------
    def setup(self) -> None:
        self.setup_grids()       # the grids, the call, the card held, the window (game/core/grids.py)
        self.peeked: list[set[int]] = [set() for _ in range(self.seats)]
        self.ability: str | None = None
        self.ability_card: Card | None = None
        # Instant knowledge: the card a 7-10 look showed stays in view for the looker through the
        # window that follows (seat, place, card).
        self.glimpse: tuple[int, Place, Card] | None = None
        self.top_serial = 0   # bumped whenever the top of the pile changes (the two races compare it)
        # The latest claim that landed (place, seat, top_serial then) and what the card it covered
        # would have taken (its rank, the calculated score then): for the two races.
        self.last_claim: tuple[Place, int, int] | None = None
        self.covered: tuple[int | str, int | None] | None = None
        self.faulty: tuple[Card, int] | None = None   # the latest wrong card in this window, and whose
        self.halved: list[tuple[int, int, int, int]] = []

    # -- helpers ----------------------------------------------------------------------------
    def locked_seats(self) -> tuple[int, ...]:
        if self.caller is not None and self.options["lock_caller"]:
            return (self.caller,)
        return ()

    def may_call_now(self) -> bool:
        return self.options["call_first_turn"] or super().may_call_now()

    def hand_value(self, seat: int) -> int:
        return sum(card_value(c) for c in self.grids[seat] if c is not None)

    def calculated(self) -> int | None:
        return calculated_score(self.piles.discard) if self.options["calculation"] else None

    def _check_grids(self, seat: int, events: list[Event]) -> None:
        """Whoever is left with no cards draws one, face down."""
        grid = self.grids[seat]
        if not any(grid) and self._draw_face_down(seat, events) is not None:   # (see Kombio's _check_empty_grids)
            events.append(Refilled(seat))

    def _land(self, card: Card) -> None:
        super()._land(card)
        self.top_serial += 1

    def _open_window(self, t: float, events: list[Event]) -> None:
        self.glimpse = None
        self.faulty = None
        super()._open_window(t, events)

    def _close_window(self, reason: str, t: float, events: list[Event]) -> None:
        self.glimpse = None
        super()._close_window(reason, t, events)

    def _end_round(self, events: list[Event]) -> None:
        self._reveal_grids(events)
        hands = tuple(self.hand_value(s) for s in range(self.seats))
        before = [t + h for t, h in zip(self.score.totals, hands)]
        notes = []
        if self.caller is not None:
            notes.append(Note.of("kabu.called", self.caller))
        halved = []
        if self.options["halving"]:
            for seat, total in enumerate(before):
                if total in HALVING_TOTALS:
                    halved.append((seat, total, total // 2))
                    notes.append(Note.of("kabu.halved", seat, total=total, halved=total // 2))
        self.score_round(hands, hands, tuple(notes), events)
        for seat, total, after in halved:
            self.halved.append((self.round, seat, total, after))
            events.append(TotalHalved(seat, total, after))

    # -- what the driver asks ---------------------------------------------------------------
    def seats_to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (TURN, DRAWN, TAKEN, ABILITY, LOOK_BOTH):
            return (self.turn,)
        if phase == REACTION:
            return self.window.remaining()  # type: ignore[union-attr]
        if phase == GIVE:
            return (self.pending_seat,)  # type: ignore[return-value]
        if phase == PEEK:
            return tuple([s for s in range(self.seats) if len(self.peeked[s]) < PEEKS])
        return ()

    def situation(self) -> Hashable:
        return (self.round, self.phase, self.turn, self.top_serial,
                self.window.serial if self.window else -1, self.pending_seat)

    def situation_for(self, seat: int) -> Hashable:
        if self.phase == PEEK:   # the others' peeks do not change what a seat may peek at
            return (self.round, "peek", len(self.peeked[seat]) if 0 <= seat < self.seats else 0)
        return self.situation()

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if seat == TABLE:
            pending = self.table_action()
            return [pending[0]] if pending else []
        if phase == REACTION:
            # The hottest list of the game: built from ints (cheap to hash), not from Places.
            window = self.window
            if window is None or not window.is_open_to(seat):
                return []
            locked = self.locked_seats()
            sniping = self.options["sniping"]
            out: list[Action] = []
            for s, grid in enumerate(self.grids):
                if s not in locked and (sniping or s == seat):
                    # A claim on each occupied slot, picked in C (a grid never outgrows the deck)
                    out += compress(_matches_at(seat, s), grid)
            out.append(pass_action(seat))
            return out
        if seat not in self.seats_to_act():
            return []
        grid = self.grids[seat]
        own = list(compress(range(len(grid)), grid))   # (the occupied slots)
        if phase == PEEK:
            return [Peek(seat, i) for i in own if i not in self.peeked[seat]]
        if phase == ABILITY:
            return self._ability_actions(seat) + [SkipAbility(seat)]
        return self._turn_actions(seat, phase, own)

    def _ability_actions(self, seat: int) -> list[Action]:
        kind = self.ability
        if kind == OWN:
            return [LookOwn(seat, p.index) for p in self._targets(owner=seat)]
        if kind == OPPONENT:
            return [LookOpponent(seat, p) for p in self._targets(not_owner=seat)]
        if kind == DECIDE:
            theirs = self._targets(not_owner=seat)
            return [LookPair(seat, p.index, q) for p in self._targets(owner=seat) for q in theirs]
        places = self._targets()
        return [BlindSwap(seat, a, b) for i, a in enumerate(places) for b in places[i + 1:]]

    def observe(self, seat: int) -> KabuView:
        reveal_all = self.round_revealed()
        visible = self._looking_at(seat, ("look_both",))
        glimpse = self.glimpse
        if glimpse is not None and glimpse[0] == seat and self.card_at(glimpse[1]) is glimpse[2]:
            visible[glimpse[1]] = glimpse[2]
        grids = self.grid_rows(reveal_all, visible)
        holder = self.turn if self.held is not None else None
        held = self.held_shown_to(seat, holder)
        window = self.window
        acting = self.seats_to_act()
        in_window = self.phase == REACTION and window is not None
        pile = self.piles.discard
        zones = [grid_zone(s, row) for s, row in enumerate(grids)]
        zones.append(ZoneView(DISCARD, "pile", tuple(pile[-2:]), len(pile)))
        zones.append(ZoneView(DECK, "deck", (), len(self.piles.deck)))
        if holder is not None:
            zones.append(ZoneView(held_place(holder), "held", (held if held is not None else FACE_DOWN,), 1))
        looked = self.looked if self.phase == LOOK_BOTH else ()
        if glimpse is not None and glimpse[0] == seat and glimpse[1] in visible:
            looked = (glimpse[1],)
        in_play = self.phase not in (READY, ROUND_OVER, MATCH_OVER, PEEK)
        return KabuView(
            seat=seat, seats=self.seats, round=self.round, phase=self.phase,
            turn=self.turn if self.round else None, dealer=self.dealer, acting=acting,
            out_of_turn=self.acts_out_of_turn(seat), direction=1, zones=tuple(zones),
            windows=(WindowView("match", window.remaining(), window.opened_at, window.deadline),) if in_window else (),
            pending_draw=0, totals=tuple(self.score.totals), round_scores=tuple(self.score.rounds),
            over=self.over, winners=self.winners, prompt=self._prompt(),
            grids=tuple(grids),
            discard_top=self.piles.top, discard_under=pile[-2] if len(pile) > 1 else None,
            calculated=self.calculated() if in_play else None,
            discard_size=len(pile), deck_size=len(self.piles.deck),
            holder=holder, held=held, held_from=self.held_from if holder is not None else None,
            ability=self.ability if self.phase in (ABILITY, LOOK_BOTH) else None,
            ability_card=self.ability_card if self.phase in (ABILITY, LOOK_BOTH) else None,
            looked=looked, looked_cards=tuple(visible.get(p) for p in looked),
            peeks_left=tuple(PEEKS - len(p) if self.phase == PEEK else 0 for p in self.peeked),
            caller=self.caller, final_turns=tuple(sorted(self.final_turns)), locked=self.locked_seats(),
            window_seats=window.remaining() if in_window else (),
            window_deadline=window.deadline if window else None,
            pending_seat=self.pending_seat if self.phase == GIVE else None,
            pending_place=self.pending_place if self.phase == GIVE else None,
            halved=tuple(self.halved),
            options=dict(self.options),
        )

    def claim_fits(self, card: Card) -> bool:
        return bool(self.piles.discard) and fits(card, self.piles.discard[-1], self.calculated()) is not None

    def _step_prompt(self, phase: str) -> str:
        turn = self.turn
        if phase == PEEK:
            return "everyone chooses two of their own cards to look at"
        if phase in (DRAWN, TAKEN):
            return f"seat {turn} to swap the card in" + (" or discard it" if phase == DRAWN else "")
        if phase in (ABILITY, LOOK_BOTH):
            return f"seat {turn} to use the {card_name(self.ability_card)}: {ABILITY_NAMES.get(self.ability, '')}"  # type: ignore[arg-type]
        if phase == REACTION:
            top = self.piles.discard[-1]
            calc = self.calculated()
            return f"anyone may discard or snipe on the {card_name(top)}" + ("" if calc is None else f" or a {calc}")
        return phase

    # -- the table's actions ----------------------------------------------------------------
    def _on_StartRound(self, action: StartRound, t: float) -> list[Event]:
        first, events = self.begin_round(action)
        self.clear_turn_state()
        self.ability_card = self.glimpse = None
        self.last_claim = self.covered = self.faulty = None
        self.peeked = [set() for _ in range(self.seats)]
        self.deal_grids(first, GRID_SIZE, events)
        self.turn, self.phase = first, PEEK
        return events

    def _on_Peek(self, action: Peek, t: float) -> list[Event]:
        self._require(action, PEEK)
        place = grid_place(action.seat, action.index)
        self._check_target(place, "the card to peek at", owner=action.seat)
        if action.index in self.peeked[action.seat]:
            raise InvalidTarget("you have already looked at that card", note=Note.of("refusal.already-looked"))
        events: list[Event] = []
        self.peeked[action.seat].add(action.index)
        self._look(action.seat, place, events)
        if not self.seats_to_act():
            self._start_turn(self.turn, events)
        return events

    # -- a turn -------------------------------------------------------------------------------
    def _on_TakeDiscard(self, action: TakeDiscard, t: float) -> list[Event]:
        events = super()._on_TakeDiscard(action, t)
        # No stale discards: the card under it is not claimable; the next window opens on the
        # card this swap puts on the pile.
        self.top_serial += 1
        return events

    def _on_CallKabu(self, action: CallKabu, t: float) -> list[Event]:
        return self._call_instead_of_turn(action, KabuCalled(action.seat), t)

    # -- abilities ----------------------------------------------------------------------------
    def _start_ability(self, seat: int, card: Card, events: list[Event]) -> bool:
        kind = ability_of(card)
        if kind is None:
            return False
        self.ability, self.ability_card, self.phase = kind, card, ABILITY
        events.append(AbilityStarted(seat, card, ABILITY_NAMES[kind]))
        return True

    def _finish_ability(self, seat: int, used: bool, t: float, events: list[Event],
                        glimpse: tuple[int, Place, Card] | None = None) -> None:
        self.ability_card = None
        super()._finish_ability(seat, used, t, events)
        self.glimpse = glimpse   # instant knowledge: the looked-at card stays in view for this window

    def _require_ability(self, action: Action, kind: str) -> None:
        self._require(action, ABILITY)
        if self.ability != kind:
            raise WrongPhase(f"{type(action).__name__} is not the ability of the {card_name(self.ability_card)}",
                             note=Note.of("refusal.not-the-ability"))  # type: ignore[arg-type]

    def _on_LookOwn(self, action: LookOwn, t: float) -> list[Event]:
        self._require_ability(action, OWN)
        place = grid_place(action.seat, action.index)
        card = self._check_target(place, "the card to look at", owner=action.seat)
        events: list[Event] = []
        self._look(action.seat, place, events)
        self._finish_ability(action.seat, True, t, events, (action.seat, place, card))
        return events

    def _on_LookOpponent(self, action: LookOpponent, t: float) -> list[Event]:
        self._require_ability(action, OPPONENT)
        card = self._check_target(action.place, "the card to look at", not_owner=action.seat)
        events: list[Event] = []
        self._look(action.seat, action.place, events)
        self._finish_ability(action.seat, True, t, events, (action.seat, action.place, card))
        return events

    def _on_BlindSwap(self, action: BlindSwap, t: float) -> list[Event]:
        self._require_ability(action, BLIND)
        return self._swap_blind(action, t)

    def _on_LookPair(self, action: LookPair, t: float) -> list[Event]:
        self._require_ability(action, DECIDE)
        own = grid_place(action.seat, action.index)
        self._check_target(own, "your card to look at", owner=action.seat)
        self._check_target(action.place, "the opponent's card to look at", not_owner=action.seat)
        events: list[Event] = []
        self._look(action.seat, own, events)
        self._look(action.seat, action.place, events)
        self.looked, self.phase = (own, action.place), LOOK_BOTH
        return events


    # -- out of turn: instant discards and snipes -----------------------------------------------
    def _on_Match(self, action: Match, t: float) -> list[Event]:
        seat, place = action.seat, action.place
        last = self.last_claim
        if (last is not None and last[0] == place and last[2] == self.top_serial and last[1] != seat
                and 0 <= seat < self.seats and self.phase in (REACTION, GIVE) and self.card_at(place) is None):
            # The race for the card: the first touch wins; the slower claim costs nothing.
            raise LostCardRace(f"seat {last[1]} claimed that card first", (RaceLost(seat, place, last[1]),),
                               note=Note.of("refusal.beaten-to-card", last[1]))
        if self.phase != REACTION or self.window is None:
            raise WrongPhase("there is no discard to claim on right now", note=Note.of("refusal.nothing-to-claim"))
        self.window.check_claim(seat, t)
        card = self._check_target(place, "the card to claim")
        if place.seat != seat and not self.options["sniping"]:
            raise InvalidTarget("sniping is turned off: claim only your own cards", note=Note.of("refusal.sniping-off"))
        top = self.piles.discard[-1]
        calc = self.calculated()
        why = fits(card, top, calc)
        self._show_all(card)
        if why is not None:
            self.covered = (top.rank, calc)
            self._land(self._take(place))
            self.last_claim = (place, seat, self.top_serial)
            kind = "discard" if place.seat == seat else "snipe"
            events: list[Event] = [Claimed(seat, place, card, kind, why), CardMoved(card, place, DISCARD, None, seat)]
            if kind == "snipe":
                self.phase, self.pending_seat, self.pending_place = GIVE, seat, place
                return events
            self._check_grids(seat, events)   # a refill if that was the last card
            self._open_window(t, events)
            return events
        # A wrong claim: the card is shown and stays; the claimer takes a penalty card.
        reason, winner = "wrong", -1
        covered = self.covered
        if (last is not None and last[2] == self.top_serial and last[1] != seat and covered is not None
                and (card.rank == covered[0] or (covered[1] is not None and card_value(card) == covered[1]))):
            reason, winner = "missed-pile", last[1]
        elif self.faulty is not None and card.rank == self.faulty[0].rank:
            reason, winner = "follow-up", self.faulty[1]
        self.faulty = (card, seat)
        self.window.mark_done(seat)
        events = [ClaimMissed(seat, place, card, reason, winner), CardRevealed(place, card)]
        # The penalty's reason is the kind of mistake; ClaimMissed carries the cards and seats.
        self._penalty(seat, PENALTY_REASONS[reason], events)
        if self.window.everyone_done:
            self._close_window("every seat has tried", t, events)
        return events
