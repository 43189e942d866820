"""Combat UNO: shed your hand by matching colour or symbol; identical cards jump in out of turn,
draw cards stack, and the UNO call is a race. The lowest total wins.

The rules in the project's words are in game/rules/combat-uno.md; the action vocabulary is in
docs/combat-uno-actions.md. The piles, turn order and direction, round start, how the match is won
and the set of open windows come from the kit (docs/kit.md); hands, skips, reverses and stacked draws
are the shedding games' shared turn flow (game/core/hands.py, used by Kumbal too).

Real time: play never waits for the out-of-turn moves. While the seat on turn thinks, a jump-in
window on the top card is open to everybody else (the same offer whatever they hold); it closes
when a new card covers the top card or its deadline passes (an Expire taken by the table). A seat
going down to one card opens an UNO window on that seat, offered to every seat; it runs alongside
play and closes on the first call, on its deadline, or when that seat's hand changes.

A penalty draw is an explicit sequence: StartDrawing (touching the deck: the first card) and then
one DrawCard per remaining card. With the "touched the deck" rule on, touching fixes the draw: a
later identical draw card is a fresh jump-in and no longer adds to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, Hashable

from game.core.actions import TABLE, Action, Expire, Pass, StartRound
from game.core.cards import DECK, DISCARD, Card, DeckSpec, Place
from game.core.errors import IllegalAction, InvalidTarget, NotYourTurn, ShownRefusal, WindowClosed, WrongPhase
from game.core.events import CardMoved, Event, PenaltyGiven, passed, turn_started, window_closed
from game.core.events import WindowOpened
from game.core.game import Game
# Hands, skips, reverses and stacked pick-ups are the shedding games' shared turn flow (docs/kit.md);
# their events are re-exported here under the names the table and the tests have always used.
from game.core.hands import (DirectionChanged, DrawPending, HandRevealed, Skipped, Stacked,  # noqa: F401
                             deal_hands, give, hand_place, hand_zones, only, pass_on_pickup, reverse_play,
                             skip_next)
from game.core.options import REACTION_SECONDS, OptionSpec
from game.core.reaction import ReactionWindow
from game.core.view import SeatView, ZoneView
from game.core.windows import WindowSet

COLOURS = ("red", "yellow", "green", "blue")
SKIP, REVERSE, DRAW2, WILD, WILD4 = "skip", "reverse", "draw2", "wild", "wild4"
SYMBOLS = (SKIP, REVERSE, DRAW2)
WILDS = (WILD, WILD4)
DRAW_AMOUNT = {DRAW2: 2, WILD4: 4}

DECK_SPEC = DeckSpec(
    tuple(entry for colour in COLOURS for entry in (
        ((0, colour, 1),) + tuple((n, colour, 2) for n in range(1, 10))
        + tuple((symbol, colour, 2) for symbol in SYMBOLS)))
    + ((WILD, None, 4), (WILD4, None, 4))
)
DECK_CARDS = tuple(DECK_SPEC.build())  # cards are immutable, so every round reuses them
# Identical cards share a face number; legal_actions lists each face once.
FACES: tuple[tuple[int | str, str | None], ...] = tuple(sorted({(c.rank, c.suit) for c in DECK_CARDS}, key=str))
FACE_OF: tuple[int, ...] = tuple(FACES.index((c.rank, c.suit)) for c in DECK_CARDS)
# _FOLLOWS[colour, top rank][card id]: that card may be played on the top card on turn (a wild,
# the colour in play, the same number or symbol; anything while a Wild start card leaves the colour open).
_FOLLOWS: dict[tuple[str | None, int | str], tuple[bool, ...]] = {
    (colour, rank): tuple(c.suit is None or c.suit == colour or c.rank == rank or colour is None for c in DECK_CARDS)
    for colour in COLOURS + (None,) for rank in {c.rank for c in DECK_CARDS}}
HAND_SIZE = 7
UNO_PENALTY = 2


def card_points(card: Card) -> int:
    """What a card left in a hand scores: numbers face value, Skip/Reverse/Draw Two 20, wilds 50."""
    rank = card.rank
    if isinstance(rank, int):
        return rank
    return 50 if rank in WILDS else 20


def card_name(card: Card) -> str:
    names = {SKIP: "Skip", REVERSE: "Reverse", DRAW2: "Draw Two", WILD: "Wild", WILD4: "Wild Draw Four"}
    rank = names.get(card.rank, str(card.rank))  # type: ignore[arg-type]
    return f"{card.suit} {rank}" if card.suit else rank


# -- errors particular to Combat UNO -------------------------------------------------------------
class NotHeld(InvalidTarget):
    """The seat holds no card with that face."""


class BadColour(InvalidTarget):
    """A wild needs a colour named; any other card must not name one."""


class DoesNotMatch(InvalidTarget):
    """On your turn the card must match the colour or the number/symbol on top."""


class NotIdentical(InvalidTarget):
    """Out of turn only an identical card may be played."""


class LostRace(NotIdentical, ShownRefusal):
    """An out-of-turn claim on a card that another seat's card covered first: the card goes back
    to its owner's hand, and every seat is shown the attempt (ClaimLost)."""


class MustDrawOrStack(WrongPhase):
    """A draw penalty is pending on you: stack a matching draw card or start drawing."""


class StackingOff(IllegalAction):
    """The option that would allow this stack is turned off."""


class StillDrawing(NotYourTurn):
    """The seat is committed to drawing cards and must finish first."""


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card of this face from your hand: on your turn a matching card, out of turn an
    identical one (a jump-in or a stack). `choose` names the new colour for a Wild or Wild Draw
    Four and is None for every other card."""

    rank: int | str
    colour: str | None = None
    choose: str | None = None


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """On your turn, with no penalty pending: draw one card; your turn ends."""


@dataclass(frozen=True, slots=True)
class StartDrawing(Action):
    """A penalty is pending on you: touch the deck and take its first card. You are now committed."""


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Take the next card of a penalty you have started drawing."""


@dataclass(frozen=True, slots=True)
class CallUno(Action):
    """Call UNO on `target`, a seat down to one card: yourself (safe) or an opponent (they draw two)."""

    target: int
    reaction = True   # (Action.reaction) a catch on one's own turn is still a reaction


# Actions are immutable values, so the ones listed on every step are built once.
_play = lru_cache(maxsize=None)(Play)
_draw = lru_cache(maxsize=None)(Draw)
_start_drawing = lru_cache(maxsize=None)(StartDrawing)
_draw_card = lru_cache(maxsize=None)(DrawCard)
_call = lru_cache(maxsize=None)(CallUno)
_pass = lru_cache(maxsize=None)(Pass)
_EXPIRE = Expire()


@lru_cache(maxsize=None)
def _plays(seat: int) -> tuple[tuple[Play, ...], ...]:
    """For each face, the Play actions that put it down (a wild: one per colour it may name)."""
    return tuple(tuple(_play(seat, rank, None, colour) for colour in COLOURS) if suit is None
                 else (_play(seat, rank, suit, None),) for rank, suit in FACES)

# Seat by seat (every seat a table may have), read on every legal list.
_PLAYS = tuple(_plays(seat) for seat in range(6))
# _FOLLOW_FACE[colour, top rank][card id]: the card's face if it may be played on the top card on
# turn, else -1 (_FOLLOWS and FACE_OF in one look-up). _SAME_FACE[card id]: the ids of the cards
# identical to it (what may jump in on it).
_FOLLOW_FACE: dict[tuple[str | None, int | str], tuple[int, ...]] = {
    key: tuple(face if ok else -1 for face, ok in zip(FACE_OF, follows)) for key, follows in _FOLLOWS.items()}
_SAME_FACE: tuple[frozenset[int], ...] = tuple(
    frozenset(d.id for d in DECK_CARDS if FACE_OF[d.id] == FACE_OF[c.id]) for c in DECK_CARDS)

_START = StartRound()


# -- events particular to Combat UNO ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ColourChosen(Event):
    seat: int
    colour: str | None   # None: a Wild start card leaves the colour open


@dataclass(frozen=True, slots=True)
class JumpedIn(Event):
    """The card just played came out of turn; `stacked` if it added to a pending draw."""

    seat: int
    stacked: bool


@dataclass(frozen=True, slots=True)
class ClaimLost(Event):
    """`seat` tried to put `card` on the card just covered, too late: it stays in the hand, no penalty."""

    seat: int
    card: Card
    shown_to: frozenset[int] | None = None   # public


@dataclass(frozen=True, slots=True)
class StartedDrawing(Event):
    """`seat` touched the deck: it is committed to drawing `cards` in all."""

    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class TurnDrawn(Event):
    """`seat` drew instead of playing (it could not or chose not to follow) and its turn ends."""

    seat: int


_turn_drawn = lru_cache(maxsize=None)(TurnDrawn)


@dataclass(frozen=True, slots=True)
class UnoWindowOpened(Event):
    """`target` is down to one card: until the deadline (None: until everyone passes) any seat may call."""

    target: int
    seats: tuple[int, ...]
    opened_at: float
    deadline: float | None


@dataclass(frozen=True, slots=True)
class UnoWindowClosed(Event):
    target: int
    reason: str


@dataclass(frozen=True, slots=True)
class UnoCalled(Event):
    """`seat` called UNO on `target`: on itself it is safe; on an opponent, the opponent draws."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class CombatUnoView(SeatView):
    """What one seat may know right now (the common fields are SeatView's): its own hand face up,
    the others as counts."""

    turn_started_at: float
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    top: Card | None
    top_by: int | None          # who played the top card (None: flipped by the table)
    top_serial: int
    colour: str | None
    pending: int                # cards the seat on turn must draw unless it stacks
    victim: int | None          # who must draw them
    owed: tuple[int, ...]       # cards each seat is committed to drawing still
    deck_size: int
    discard_size: int
    jump_open: bool             # the jump-in window on the top card is open to this seat
    jump_opened_at: float | None
    jump_deadline: float | None
    uno_targets: tuple[int, ...]            # seats with an open UNO window on them
    uno_open: tuple[int, ...]               # of those, the ones this seat may still call on
    uno_deadlines: tuple[float | None, ...]
    uno_safe: tuple[int, ...]                # seats that called UNO in time and still hold one card
    options: dict


class Phase(StrEnum):
    """Where a Combat UNO round stands (its string is the view's `phase`)."""
    READY = "ready"
    PLAY = "play"               # the round is being played
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


# Each phase also under its own name, for the rules below: Python 3.11 looks `Phase.TURN` up through
# the enum class's __getattr__ hook, several times slower than a module name, and the rules compare
# phases at every ask (bench_engine: Kombio 15% slower with `Phase.X`). tests/test_phases.py checks
# each name is its member.
READY, PLAY, ROUND_OVER, MATCH_OVER = Phase


class CombatUno(Game):
    Phase = Phase
    # Its id, title, summary, aliases and seats: its entry in game/games.py.
    option_specs = (
        OptionSpec("length", "Game length", "target",
                   "Play until the last-placed total reaches the target score, or a set number of rounds.",
                   choices=("target", "rounds")),
        OptionSpec("target", "Target score", 200, "The match ends when the highest total reaches this.",
                   minimum=50, maximum=1000, step=25, only_when=("length", "target")),
        OptionSpec("rounds", "Rounds", 5, "Rounds in a match when the length is set by rounds.", minimum=1, maximum=20,
                   only_when=("length", "rounds")),
        OptionSpec("jump_in", "Jump-in", True,
                   "Anyone may play a card identical to the top card out of turn; play continues from them."),
        OptionSpec("stack_draw_four", "Stack Wild Draw Fours", True,
                   "A Wild Draw Four on a pending Wild Draw Four passes on the total, in turn or out of turn."),
        OptionSpec("stack_draw_two", "Stack Draw Twos", True,
                   "A Draw Two on a pending Draw Two passes on the total: any colour on your turn, "
                   "only the identical card out of turn."),
        OptionSpec("deck_commitment", "Touched the deck", True,
                   "Once the player who must draw has started drawing, a later stack no longer adds to "
                   "their draw. Off: a stack while they draw passes their undrawn cards on too."),
        OptionSpec("uno_call", "UNO call race", True,
                   "A player down to one card must call UNO before an opponent calls it on them, "
                   "or draw two."),
        REACTION_SECONDS,
    )
    actions = (Play, Draw, StartDrawing, DrawCard, CallUno)
    deck_cards = DECK_CARDS
    # How the match is won: the "Game length" options, lowest total (Game.make_match_rule).

    # -- state ----------------------------------------------------------------------------
    def setup(self) -> None:
        n = self.seats
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.turn_serial = 0
        self.turn_started = 0.0
        self.colour: str | None = None
        self.top_by: int | None = None
        self.top_serial = 0
        self.pending = 0                 # the live draw penalty on the seat on turn (untouched)
        self.owed = [0] * n              # cards each seat is committed to draw
        self.owed_turn = [-1] * n        # the turn_serial whose turn a committed draw ends (-1: none)
        self.absorb: int | None = None   # deck_commitment off: the seat whose undrawn cards a stack takes over
        # The jump-in window on the top card, and an UNO window on each seat down to one card.
        self.windows = WindowSet(("jump-in", "uno"))
        # The set's live dicts, read directly (the engine's hot paths); `jump` and `uno` below
        # are the same windows by the names the table and the tests use.
        self._jumps = self.windows["jump-in"]
        self._unos = self.windows["uno"]
        self.uno_serial = 0
        self.hand_serial = [0] * n
        self.uno_called: dict[int, int] = {}   # seat -> its hand serial when it called UNO on itself
        # The card the last play covered, with its jump-in window, the seat then on turn and whether
        # an identical card could claim it: a claim on it that arrives now has lost the race.
        self.covered: tuple[Card, ReactionWindow, int, bool] | None = None
        self._others = tuple(tuple(s for s in range(n) if s != p) for p in range(n))
        self._everyone = tuple(range(n))

    # The open windows by the names the table and the tests use.
    @property
    def jump(self) -> ReactionWindow | None:
        return self._jumps.get(None)

    @jump.setter
    def jump(self, window: ReactionWindow | None) -> None:
        self._jumps.clear()
        if window is not None:
            self._jumps[None] = window

    @property
    def uno(self) -> dict[int, ReactionWindow]:
        return self._unos  # type: ignore[return-value]

    @uno.setter
    def uno(self, windows: dict[int, ReactionWindow]) -> None:
        self._unos.clear()
        self._unos.update(windows)

    # -- small helpers ----------------------------------------------------------------------
    def hand_value(self, seat: int) -> int:
        return sum(card_points(c) for c in self.hands[seat])

    def live_penalty(self) -> int:
        """Cards a stack on the top card would take over: the pending draw, or (without the
        touched-deck rule) the cards its victim has not drawn yet."""
        if self.pending:
            return self.pending
        if self.absorb is not None:
            return self.owed[self.absorb]
        return 0

    def _stack_allowed(self, rank: Any) -> bool:
        if rank == DRAW2:
            return self.options["stack_draw_two"]
        if rank == WILD4:
            return self.options["stack_draw_four"]
        return False

    def _jump_open_to(self, seat: int) -> bool:
        if not self._jumps:
            return False
        w = self._jumps[None]
        return seat != self.turn and seat in w.offered and seat not in w.done

    def _windows_open_to(self, seat: int) -> bool:
        if self._jump_open_to(seat):
            return True
        for w in self._unos.values():
            if seat not in w.done:
                return True
        return False

    def _give(self, seat: int, count: int, events: list[Event]) -> int:
        """Deal `count` cards from the deck into `seat`'s hand (fewer if none are left)."""
        given = give(self.hands, seat, count, self.piles, self.rng, events)
        if given:
            self.hand_serial[seat] += 1
            if seat in self._unos:
                self._close_uno(seat, "no longer down to one card", events)
        return given

    def _start_turn(self, seat: int, t: float, events: list[Event]) -> None:
        self.turn = seat
        self.turn_serial += 1
        self.turn_started = t
        events.append(turn_started(seat))

    # -- windows ----------------------------------------------------------------------------
    def _open_jump(self, offered: tuple[int, ...], t: float, events: list[Event]) -> None:
        if self._jumps:
            events.append(window_closed("covered"))
        options = self.options
        rank = self.piles.discard[-1].rank
        if not (options["jump_in"] or (self.pending and self._stack_allowed(rank))):
            self.windows.close("jump-in")
            return
        w = self.windows.open("jump-in", offered, t, float(options["reaction_seconds"]))   # replaces the covered one
        events.append(WindowOpened("jump-in", offered, t, w.deadline))

    def _maybe_close_jump(self, reason: str, events: list[Event]) -> None:
        if not self._jumps:
            return
        w = self._jumps[None]
        # Every offered seat has passed, or is now on turn (a seat only passes on a window
        # offered to it, so `done` is a part of `offered`).
        done, offered, turn = w.done, w.offered, self.turn
        if len(done) + (turn in offered and turn not in done) == len(offered):
            self.windows.close("jump-in")
            events.append(window_closed(reason))

    def _open_uno(self, target: int, t: float, events: list[Event]) -> None:
        self.uno_serial += 1
        w = self.windows.open("uno", self._everyone, t, float(self.options["reaction_seconds"]), about=target)
        events.append(UnoWindowOpened(target, self._everyone, t, w.deadline))

    def _close_uno(self, target: int, reason: str, events: list[Event]) -> None:
        self.windows.close("uno", target)
        self.uno_serial += 1
        events.append(UnoWindowClosed(target, reason))

    # -- the table's actions ----------------------------------------------------------------
    def _on_StartRound(self, action: StartRound, t: float) -> list[Event]:
        first, events = self.begin_round(action)
        n = self.seats
        deck, discard = self.piles.deck, self.piles.discard
        self.hands = [[] for _ in range(n)]
        self.order.direction = 1
        self.pending, self.absorb = 0, None
        self.owed, self.owed_turn = [0] * n, [-1] * n
        self.windows.clear()
        self.uno_called = {}
        self.covered = None
        self.phase = PLAY
        deal_hands(self.hands, deck, first, HAND_SIZE, events)
        for seat in range(n):
            self.hand_serial[seat] += 1
        # The start card. A Wild Draw Four is covered by the next card until something else shows.
        while True:
            card = deck.pop()
            discard.append(card)
            events.append(CardMoved(card, DECK, DISCARD, None))
            if card.rank != WILD4:
                break
        self.top_by = None
        self.top_serial += 1
        rank = card.rank
        self.colour = card.suit
        if rank == WILD:
            events.append(ColourChosen(TABLE, None))
        dealer = self.dealer
        if rank == SKIP:
            nxt = skip_next(self.order, dealer, events)
        elif rank == REVERSE:
            # The dealer starts and play goes the other way (with two players: the first is skipped).
            self.order.reverse()
            events.append(DirectionChanged(-1))
            nxt = dealer
        elif rank == DRAW2:
            nxt = first
            self.pending = 2
            events.append(DrawPending(first, 2))
        else:
            nxt = first
        self._start_turn(nxt, t, events)
        self._open_jump(self._everyone, t, events)
        return events

    def _on_Expire(self, action: Expire, t: float) -> list[Event]:
        if action.seat != TABLE:
            raise NotYourTurn("only the table closes a window on time")
        if self.phase != PLAY:
            raise WrongPhase("no reaction window is open")
        self.windows.check_expire(t)
        events: list[Event] = []
        for kind, target in self.windows.due(t):
            if kind == "jump-in":
                self.windows.close(kind)
                events.append(window_closed("time"))
            else:
                self._close_uno(target, "time: nobody called", events)  # type: ignore[arg-type]
        return events

    # -- playing a card -------------------------------------------------------------------------
    def _on_Play(self, action: Play, t: float) -> list[Event]:
        seat = action.seat
        if self.phase != PLAY:
            raise WrongPhase(f"no card can be played now (phase: {self.phase})")
        if not 0 <= seat < self.seats:
            raise NotYourTurn(f"there is no seat {seat}")
        if self.owed[seat]:
            raise StillDrawing(f"seat {seat} must finish drawing {self.owed[seat]} more card(s) first")
        rank, colour = action.rank, action.colour
        hand = self.hands[seat]
        card = None
        for at, c in enumerate(hand):
            if c.rank == rank and c.suit == colour:
                card = c
                break
        if card is None:
            raise NotHeld(f"seat {seat} holds no {rank} {colour or ''}".rstrip())
        wild = rank in WILDS
        if wild:
            if action.choose not in COLOURS:
                raise BadColour(f"name the colour for the {card_name(card)}: one of {', '.join(COLOURS)}")
        elif action.choose is not None:
            raise BadColour("only a wild card names a colour")
        top = self.piles.discard[-1]
        absorb = self.absorb
        live = self.pending or (self.owed[absorb] if absorb is not None else 0)   # live_penalty()
        jump = self._jumps[None] if self._jumps else None
        stack = False
        if seat == self.turn:
            if self.pending:
                if rank != top.rank:
                    raise MustDrawOrStack(f"seat {seat} must draw {self.pending} or stack a {card_name(top)}")
                if not self._stack_allowed(rank):
                    raise StackingOff(f"stacking on a {card_name(top)} is turned off")
                stack = True
            elif not (wild or self.colour is None or colour == self.colour or rank == top.rank):
                raise DoesNotMatch(f"{card_name(card)} does not match {card_name(top)} "
                                   f"(colour {self.colour})")
            out_of_turn = False
        else:
            if rank != top.rank or colour != top.suit:
                self._check_lost_race(seat, card, t)
            if jump is None or not self._jump_open_to(seat):
                raise WindowClosed(f"seat {seat} cannot play out of turn now")
            jump.check_claim(seat, t)
            if rank != top.rank or colour != top.suit:
                raise NotIdentical(f"out of turn only a card identical to {card_name(top)} may be played")
            if live and rank in DRAW_AMOUNT:
                if not self._stack_allowed(rank):
                    raise StackingOff(f"stacking on a {card_name(top)} is turned off")
                stack = True
            elif not self.options["jump_in"]:
                raise WindowClosed("jumping in is turned off")
            out_of_turn = True

        # -- valid: change the state --------------------------------------------------------
        if jump is not None:
            claimable = (self._stack_allowed(top.rank) if live and top.rank in DRAW_AMOUNT
                         else self.options["jump_in"])
            self.covered = (top, jump, self.turn, claimable)
        else:
            self.covered = None
        del hand[at]   # (list.remove would compare the cards before it field by field)
        self.hand_serial[seat] += 1
        self.piles.discard.append(card)
        self.top_by = seat
        self.top_serial += 1
        self.colour = action.choose if wild else colour
        events: list[Event] = [CardMoved(card, hand_place(seat), DISCARD, None, seat)]
        if wild:
            events.append(ColourChosen(seat, self.colour))
        if out_of_turn:
            events.append(JumpedIn(seat, stack))
        if self._unos and not self.options["reaction_seconds"]:
            # Without deadlines an UNO window lasts until the next card lands.
            for target in list(self._unos):
                self._close_uno(target, "the next card was played", events)
        if not hand:
            self._end_round(seat, events)
            return events
        if len(hand) == 1 and self.options["uno_call"]:
            self._open_uno(seat, t, events)
        carried = 0
        if stack:
            carried = live
            if not self.pending:   # took over the undrawn cards of a victim still drawing
                victim = self.absorb
                assert victim is not None
                self.owed[victim] = 0
                self.owed_turn[victim] = -1
                events.append(PenaltyGiven(victim, "stops drawing: the stack takes over the rest", 0))
        self.absorb = None
        self.pending = 0
        order = self.order
        if rank == SKIP:
            nxt = skip_next(order, seat, events)
        elif rank == REVERSE:
            nxt = reverse_play(order, seat, events)
        elif rank in DRAW_AMOUNT:
            nxt = order.next(seat)
            self.pending = pass_on_pickup(seat, nxt, DRAW_AMOUNT[rank] + carried, stack, events)
        else:
            nxt = order.next(seat)
        self._start_turn(nxt, t, events)
        self._open_jump(self._others[seat], t, events)
        return events

    def _check_lost_race(self, seat: int, card: Card, t: float) -> None:
        """Two claims on one card: the one that landed first counts; the other, identical to the
        card now covered, is refused in front of everybody."""
        if self.covered is None:
            return
        old, window, turn_then, claimable = self.covered
        if (claimable and card.rank == old.rank and card.suit == old.suit and seat != turn_then
                and window.is_open_to(seat) and (window.deadline is None or t < window.deadline)):
            raise LostRace(f"{card_name(old)} was covered first: the {card_name(card)} goes back to the hand",
                           (ClaimLost(seat, card),))

    # -- drawing -------------------------------------------------------------------------------
    def _require_turn(self, action: Action) -> int:
        seat = action.seat
        if self.phase != PLAY:
            raise WrongPhase(f"{type(action).__name__} is not possible now (phase: {self.phase})")
        if seat != self.turn:
            raise NotYourTurn(f"it is seat {self.turn}'s turn, not seat {seat}'s")
        if self.owed[seat]:
            raise StillDrawing(f"seat {seat} must finish drawing {self.owed[seat]} more card(s) first")
        return seat

    def _on_Draw(self, action: Draw, t: float) -> list[Event]:
        seat = self._require_turn(action)
        if self.pending:
            raise MustDrawOrStack(f"a penalty of {self.pending} is pending: start drawing it (or stack)")
        events: list[Event] = [_turn_drawn(seat)]
        self._give(seat, 1, events)
        self._start_turn(self.order.next(seat), t, events)
        self._maybe_close_jump("every other seat has passed", events)
        return events

    def _on_StartDrawing(self, action: StartDrawing, t: float) -> list[Event]:
        seat = self._require_turn(action)
        if not self.pending:
            raise WrongPhase("there is no penalty to draw; use Draw to draw one card")
        amount = self.pending
        self.pending = 0
        self.owed[seat] = amount
        self.owed_turn[seat] = self.turn_serial
        if not self.options["deck_commitment"]:
            self.absorb = seat
        events: list[Event] = [StartedDrawing(seat, amount)]
        self._draw_owed(seat, t, events)
        return events

    def _on_DrawCard(self, action: DrawCard, t: float) -> list[Event]:
        seat = action.seat
        if self.phase != PLAY:
            raise WrongPhase(f"DrawCard is not possible now (phase: {self.phase})")
        if not 0 <= seat < self.seats or not self.owed[seat]:
            raise WrongPhase(f"seat {seat} has no penalty cards left to draw")
        events: list[Event] = []
        self._draw_owed(seat, t, events)
        return events

    def _draw_owed(self, seat: int, t: float, events: list[Event]) -> None:
        got = self._give(seat, 1, events)
        self.owed[seat] = self.owed[seat] - 1 if got else 0   # nothing left anywhere: the rest is void
        if self.owed[seat]:
            return
        if self.absorb == seat:
            self.absorb = None
        ends_turn = self.owed_turn[seat] == self.turn_serial and self.turn == seat
        self.owed_turn[seat] = -1
        if ends_turn:
            self._start_turn(self.order.next(seat), t, events)
            self._maybe_close_jump("every other seat has passed", events)

    # -- out of turn: UNO and passing ----------------------------------------------------------------
    def _on_CallUno(self, action: CallUno, t: float) -> list[Event]:
        seat, target = action.seat, action.target
        if self.phase != PLAY:
            raise WrongPhase("there is nobody to call UNO on now")
        w = self._unos.get(target)
        if w is None:
            raise WindowClosed(f"seat {target} has no open UNO window")
        w.check_claim(seat, t)
        if self.owed[seat]:
            raise StillDrawing(f"seat {seat} must finish drawing first")
        events: list[Event] = [UnoCalled(seat, target)]
        if seat == target:
            self.uno_called[seat] = self.hand_serial[seat]
            self._close_uno(target, "called in time", events)
        else:
            self._close_uno(target, "caught", events)
            given = self._give(target, UNO_PENALTY, events)
            events.append(PenaltyGiven(target, "caught without calling UNO", given))
        return events

    def _on_Pass(self, action: Pass, t: float) -> list[Event]:
        # The most frequent action (every seat offered a jump-in passes on it): the window is
        # looked up once, the checks in the order _windows_open_to and check_claim make them.
        seat = action.seat
        if self.phase != PLAY:
            raise WrongPhase("there is no window to pass on")
        jump = self._jumps.get(None)
        if jump is not None and (seat == self.turn or seat not in jump.offered or seat in jump.done):
            jump = None   # not open to this seat
        unos = self._unos
        if not 0 <= seat < self.seats or (jump is None and not self._windows_open_to(seat)):
            raise WindowClosed(f"seat {seat} has no open window to pass on")
        if self.owed[seat]:
            raise StillDrawing(f"seat {seat} must finish drawing first")
        if jump is not None and jump.deadline is not None and t >= jump.deadline:
            jump.check_claim(seat, t)   # (open to the seat, checked above: it raises for the deadline)
        if unos:
            for w in unos.values():
                if seat not in w.done:
                    w.check_claim(seat, t)
        events: list[Event] = [passed(seat)]
        if jump is not None:
            jump.done.add(seat)
            self._maybe_close_jump("every other seat has passed", events)
        if unos:
            for target in list(unos):
                w = unos[target]
                if seat not in w.done:
                    w.mark_done(seat)
                    if w.everyone_done:
                        self._close_uno(target, "everyone passed: nobody called", events)
        return events

    # -- the end of a round ------------------------------------------------------------------------
    def _end_round(self, winner: int, events: list[Event]) -> None:
        if self.windows.close("jump-in") is not None:
            events.append(window_closed("round over"))
        for target in list(self._unos):
            self._close_uno(target, "round over", events)
        self.pending, self.absorb = 0, None
        self.owed = [0] * self.seats
        self.owed_turn = [-1] * self.seats
        hands = tuple(self.hand_value(s) for s in range(self.seats))
        for seat in range(self.seats):
            events.append(HandRevealed(seat, tuple(self.hands[seat]), hands[seat]))
        self.score_round(hands, hands, (f"Seat {winner} went out.",), events)

    # -- what the driver asks ---------------------------------------------------------------
    def seats_to_act(self) -> tuple[int, ...]:
        if self.phase != PLAY:
            return ()
        turn, owed = self.turn, self.owed
        jump, uno = self._jumps[None] if self._jumps else None, self._unos
        if not uno and not any(owed):
            # The usual moment: the seat on turn, and a jump-in window nobody has passed on yet
            # offered to it and the others (an offer lists seats in order).
            if jump is None:
                return (turn,)
            offered = jump.offered
            if not jump.done and turn in offered:
                return offered
        acting = []
        for s in range(self.seats):
            if s == turn or owed[s]:
                acting.append(s)
            elif jump is not None and s in jump.offered and s not in jump.done:
                acting.append(s)
            else:
                for w in uno.values():
                    if s not in w.done:
                        acting.append(s)
                        break
        return tuple(acting)

    def table_action(self) -> tuple[Action, float | None] | None:
        if self.phase in (READY, ROUND_OVER):
            return _START, None
        if self.phase == PLAY:
            due = self.windows.next_deadline()
            if due is not None:
                return _EXPIRE, due
        return None

    def situation(self) -> Hashable:
        return self.version

    def situation_for(self, seat: int) -> Hashable:
        """A seat's pending reaction stays valid while the top card, its own hand, whether it is
        on turn, the pending draw and the UNO windows stay the same: other seats' passes, draws
        and calls elsewhere do not void it."""
        seated = 0 <= seat < self.seats
        jump = self._jumps.get(None)
        return (self.round, self.top_serial, self.turn_serial if self.turn == seat else -1,
                self.pending, self.absorb, self.hand_serial[seat] if seated else 0,
                self.owed[seat] if seated else 0, self.uno_serial,
                jump is not None and seat in jump.done)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat == TABLE:
            pending = self.table_action()
            return [pending[0]] if pending else []
        if self.phase != PLAY or not 0 <= seat < self.seats:
            return []
        if self.owed[seat]:
            return [_draw_card(seat)]
        hand = self.hands[seat]
        top = self.piles.discard[-1]
        top_rank = top.rank
        out: list[Action] = []
        if seat == self.turn:
            plays = _PLAYS[seat]
            if self.pending:
                if self._stack_allowed(top_rank):
                    seen = set()
                    for c in hand:
                        if c.rank == top_rank:
                            face = FACE_OF[c.id]
                            if face not in seen:
                                seen.add(face)
                                out.extend(plays[face])
                out.append(_start_drawing(seat))
            else:
                # Each card in the hand that follows the top card, each face once.
                follow = _FOLLOW_FACE[self.colour, top_rank]
                seen = []
                for c in hand:
                    face = follow[c.id]
                    if face >= 0 and face not in seen:
                        seen.append(face)
                        out += plays[face]
                out.append(_draw(seat))
        else:
            jump = self._jumps.get(None)
            if jump is not None and seat in jump.offered and seat not in jump.done:   # _jump_open_to
                if top_rank in DRAW_AMOUNT and self.live_penalty():
                    ok = self._stack_allowed(top_rank)
                else:
                    ok = self.options["jump_in"]
                if ok:
                    same = _SAME_FACE[top.id]
                    for c in hand:
                        if c.id in same:   # an identical card
                            out += _PLAYS[seat][FACE_OF[top.id]]
                            break
                out.append(_pass(seat))
                for target, w in self._unos.items():
                    if seat not in w.done:
                        out.append(_call(seat, target))
                return out
        if self._unos:
            can_pass = False
            for target, w in self._unos.items():
                if seat not in w.done:
                    out.append(_call(seat, target))
                    can_pass = True
            if can_pass:
                out.append(_pass(seat))
        return out

    def acts_out_of_turn(self, seat: int) -> bool:
        # Off turn and not drawing, a seat acts exactly when a window is still open to it
        # (seats_to_act's rule for such a seat, without listing every seat).
        if self.phase != PLAY or seat == self.turn or not 0 <= seat < self.seats or self.owed[seat]:
            return False
        jump = self._jumps.get(None)
        if jump is not None and seat in jump.offered and seat not in jump.done:
            return True
        for w in self._unos.values():
            if seat not in w.done:
                return True
        return False

    def observe(self, seat: int) -> CombatUnoView:
        jump = self._jumps.get(None)
        uno = self._unos
        targets = tuple(uno)
        acting = self.seats_to_act()
        hands = hand_zones(self.hands, seat, self.round_revealed())
        zones = hands + (ZoneView(DISCARD, "pile", tuple(self.piles.discard[-2:]), len(self.piles.discard)),
                         ZoneView(DECK, "deck", (), len(self.piles.deck)))
        in_play = self.phase == PLAY
        return CombatUnoView(
            seat=seat, seats=self.seats, round=self.round, phase=self.phase, dealer=self.dealer,
            turn=self.turn if in_play else None, acting=acting,
            out_of_turn=self.acts_out_of_turn(seat),
            direction=self.direction, zones=zones, windows=self.windows.views(), pending_draw=self.pending,
            totals=tuple(self.score.totals), round_scores=tuple(self.score.rounds), over=self.over,
            winners=self.winners, prompt=self._prompt(),
            turn_started_at=self.turn_started,
            hand=tuple(self.hands[seat]) if 0 <= seat < self.seats else (),
            hand_counts=tuple(len(h) for h in self.hands),
            top=self.piles.discard[-1] if self.piles.discard else None, top_by=self.top_by, top_serial=self.top_serial,
            colour=self.colour, pending=self.pending, victim=self.turn if self.pending else None,
            owed=tuple(self.owed), deck_size=len(self.piles.deck), discard_size=len(self.piles.discard),
            jump_open=self._jump_open_to(seat),
            jump_opened_at=jump.opened_at if jump else None, jump_deadline=jump.deadline if jump else None,
            uno_targets=targets, uno_open=tuple(s for s in targets if seat not in uno[s].done),
            uno_deadlines=tuple(uno[s].deadline for s in targets),
            uno_safe=tuple(s for s, serial in self.uno_called.items()
                           if serial == self.hand_serial[s] and len(self.hands[s]) == 1),
            options=dict(self.options),
        )

    def reaction_places(self, action: Action) -> tuple[Place, ...]:
        if isinstance(action, Play):
            for i, card in enumerate(self.hands[action.seat]):
                if card.rank == action.rank and card.suit == action.colour:
                    return (Place("hand", action.seat, i),)
        return ()

    def reaction_words(self, action: Action) -> str:
        if isinstance(action, Play):
            face = f"{action.colour} {action.rank}" if action.colour else str(action.rank)
            return f"jumped in with the {face}"
        if isinstance(action, CallUno):
            return "called UNO" if action.target == action.seat else f"caught Seat {action.target} without UNO"
        return super().reaction_words(action)

    def _prompt(self) -> str:
        if self.phase == READY:
            return "the first round is about to be dealt"
        if self.phase == ROUND_OVER:
            return f"round {self.round} is over"
        if self.phase == MATCH_OVER:
            return "the match is over"
        if self.pending:
            return f"seat {self.turn} to stack or draw {self.pending}"
        return f"seat {self.turn} to play a {self.colour or ''} card or draw".replace("a  card", "a card")
