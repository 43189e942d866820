"""Kumbal: shed penalty points from a hand of seven. Each turn you discard first (one card, a set of
one value, or a run in one suit with jokers standing in) and then draw from the deck or take the
card that lay on top of the discard pile when your turn began. With 7 points or fewer at the start
of your turn you may call Kumbal: strictly the fewest points scores 0, anything else costs 25 more.

The rules in the project's words are in game/rules/kumbal.md (every decision the seed leaves open);
the action vocabulary is in docs/kumbal-actions.md. The piles, round start and how the match is won
come from the kit (docs/kit.md); hands, skips, reverses and stacked pick-ups are the shedding games'
shared turn flow (game/core/hands.py), the same as Combat UNO's.

A turn has two steps: "discard" (or call Kumbal, or answer a pick-up owed) and then "draw". A card
drawn from the deck equal in value to the top of the pile may be discarded for free (option) in a
reaction window open to the drawer alone, until the next player makes their first move or the
deadline passes. The window opens after every draw from the deck, so that its opening tells the
other seats nothing of the card drawn; only the drawer learns whether it may use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import combinations, repeat

from game.core.actions import TABLE, Action, Expire, Pass, StartRound
from game.core.cards import DECK, DISCARD, Card, Place
from game.core.errors import IllegalAction, InvalidTarget, NotYourTurn, WindowClosed, WrongPhase
from game.core.events import CardMoved, DeckReshuffled, Event, Note, TurnStarted
from game.core.events import WindowClosed as WindowClosedEvent
from game.core.events import WindowOpened
from game.core.game import Game
from game.core.hands import (HandRevealed, deal_hands, give, hand_place, hand_zones, pass_on_pickup, reverse_play,
                             skip_next)
from game.core.match import LowestAtTarget, MatchRule
from game.core.options import REACTION_SECONDS, OptionSpec
from game.core.standard_deck import JOKER, PIPS, SUITS, card_values, standard_deck
from game.core.view import SeatView, ZoneView
from game.core.windows import WindowSet

VALUE = card_values(joker=0)          # joker 0, A 1, 2-10 face value, J 11, Q 12, K 13
DECK_SPEC = standard_deck(decks=1, jokers=2)
SIX_SEAT_SPEC = standard_deck(decks=2, jokers=4)   # a second deck joins at six players
DECK_CARDS = tuple(DECK_SPEC.build())
SIX_SEAT_CARDS = tuple(SIX_SEAT_SPEC.build())
HAND_SIZE, GOAL = 7, 7
LOW_HAND_SIZE, LOW_GOAL = 5, 5
FAILED_CALL = 25
SKIP_RANK, REVERSE_RANK = 8, 7
PICKUP = {2: 2, JOKER: 5}             # pick-up cards and what they make the next player pick up
CUT_MARGIN = 4                        # a cut leaves at least this many cards in each part
SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}


@lru_cache(maxsize=None)
def only_seat(seat: int) -> tuple[int, ...]:
    """The seats a free-discard window is offered to: the drawer alone."""
    return (seat,)


def deck_spec(seats: int):
    return SIX_SEAT_SPEC if seats >= 6 else DECK_SPEC


def hand_points(cards) -> int:
    return sum(map(VALUE, cards))


def forty_nine_rule(total: int) -> int:
    """A total landing on 49, 99, 149, ... drops by 49."""
    return total - 49 if total % 50 == 49 else total


# -- reading discards ---------------------------------------------------------------------------------
def _parse(face: str) -> tuple[int, str | None]:
    """A face as written by str(card) -> (pips, suit); a joker is (0, None)."""
    if face == JOKER:
        return 0, None
    rank, suit = face[:-1], face[-1]
    return PIPS[int(rank) if rank.isdigit() else rank], suit


# Why a choice of cards is not a discard (classify's English words), as a refusal's key.
NOT_A_COMBINATION = {"choose at least one card": "no-card", "two cards must be of the same value (a pair)": "pair",
                     "a run must be all one suit, and a set all one value": "suit-or-value",
                     "a run cannot hold the same card twice": "twice", "a run has at most 13 cards": "too-long"}


# Why the discard cannot be taken (the blocked kind of card), in English and as a refusal's key.
CANNOT_TAKE = {"joker": ("a joker is never taken", "refusal.joker-never-taken"),
               "action card": ("a card played as an action is never taken", "refusal.action-card-never-taken")}


def _gaps(why: str) -> int:
    """The gaps no joker fills, from classify's "the run has N gap(s) ..." (0 for another reason)."""
    return int(why.split()[3]) if why.startswith("the run has ") else 0


@lru_cache(maxsize=65536)
def classify(faces: tuple[str, ...]) -> tuple[str | None, str]:
    """What a discard of these faces is: ("single" | "set" | "run", "") or (None, why not)."""
    n = len(faces)
    if n == 0:
        return None, "choose at least one card"
    if n == 1:
        return "single", ""
    parsed = [FACE_INFO[f] for f in faces]
    naturals = [(p, s) for p, s in parsed if s is not None]
    jokers = n - len(naturals)
    if len({p for p, _ in naturals}) <= 1:
        return "set", ""          # two or more of one value (jokers standing in)
    if n < 3:
        return None, "two cards must be of the same value (a pair)"
    if len({s for _, s in naturals}) > 1:
        return None, "a run must be all one suit, and a set all one value"
    pips = sorted(p for p, _ in naturals)
    if len(set(pips)) != len(pips):
        return None, "a run cannot hold the same card twice"
    gaps = pips[-1] - pips[0] + 1 - len(pips)
    if n > 13:
        return None, "a run has at most 13 cards"
    if gaps > jokers:
        missing = gaps - jokers
        return None, f"the run has {missing} gap{'s' if missing > 1 else ''} that no joker fills"
    return "run", ""


def discard_problem(faces: tuple[str, ...]) -> str | None:
    """Why these cards are not one discard (None: they are). The table shows it as the player
    selects cards; the engine refuses such a discard with the same words."""
    kind, why = classify(tuple(faces))
    return None if kind else why


def run_order(faces: tuple[str, ...]) -> tuple[str, ...]:
    """A run laid out in order, jokers in the gaps, then above its top (below an ace-high end)."""
    naturals = sorted((FACE_INFO[f][0], f) for f in faces if f != JOKER)
    jokers = len(faces) - len(naturals)
    out: list[str] = []
    for i, (p, f) in enumerate(naturals):
        if i:
            for _ in range(p - naturals[i - 1][0] - 1):
                out.append(JOKER)
                jokers -= 1
        out.append(f)
    top = naturals[-1][0]
    while jokers and top < 13:
        out.append(JOKER)
        jokers, top = jokers - 1, top + 1
    return (JOKER,) * jokers + tuple(out)


def _set_order(faces) -> tuple[str, ...]:
    return tuple(sorted(faces, key=lambda f: (f == JOKER, SUIT_ORDER.get(f[-1], 9), f)))


FACE_INFO: dict[str, tuple[int, str | None]] = {str(c): _parse(str(c)) for c in SIX_SEAT_CARDS}
_SUIT_KEY = {f: SUIT_ORDER.get(f[-1], 9) for f in FACE_INFO}


@lru_cache(maxsize=65536)
def discard_options(faces: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every distinct discard a hand of these faces (sorted) allows, each in its laid-out order:
    singles, sets (jokers standing in), runs (jokers filling gaps or extending). Exactly the
    combinations `classify` accepts, each once."""
    jokers = faces.count(JOKER)
    out: list[tuple[str, ...]] = []
    prev = None
    by_pips: dict[int, list[str]] = {}
    by_suit: dict[str | None, dict[int, str]] = {}
    info = FACE_INFO
    for f in faces:
        if f != prev:
            out.append((f,))
            prev = f
        if f == JOKER:
            continue
        p, s = info[f]
        group = by_pips.get(p)
        if group is None:
            by_pips[p] = [f]
        else:
            group.append(f)
        held = by_suit.get(s)
        if held is None:
            by_suit[s] = {p: f}
        else:
            held[p] = f
    # Hands rarely repeat, but their sets and their runs in one suit do: those parts are cached.
    for group in by_pips.values():
        if len(group) > 1 or jokers:
            out.extend(_set_options(tuple(group), jokers))
    for j in range(2, jokers + 1):
        out.append((JOKER,) * j)
    for held in by_suit.values():
        if len(held) >= 2:
            out.extend(_run_options(tuple(held[p] for p in sorted(held)), jokers))
    return tuple(out)


@lru_cache(maxsize=16384)
def _set_options(group: tuple[str, ...], jokers: int) -> tuple[tuple[str, ...], ...]:
    """The sets one value's cards (and the hand's jokers) make, beyond the singles."""
    jk = (JOKER,)
    if len(group) == 1:
        return tuple((group[0],) + jk * j for j in range(1, jokers + 1))
    out: list[tuple[str, ...]] = []
    ordered = sorted(group, key=_SUIT_KEY.__getitem__)
    seen: set[tuple[str, ...]] | None = set() if len(set(ordered)) < len(ordered) else None   # two decks: twins
    for size in range(1, len(ordered) + 1):
        for naturals in combinations(ordered, size):
            if seen is not None:
                if naturals in seen:
                    continue
                seen.add(naturals)
            for j in range(0 if size >= 2 else 1, jokers + 1):
                out.append(naturals + jk * j)
    return tuple(out)


@lru_cache(maxsize=16384)
def _run_options(suited: tuple[str, ...], jokers: int) -> tuple[tuple[str, ...], ...]:
    """The runs one suit's cards (in pip order, no twins) and the hand's jokers make."""
    jk = (JOKER,)
    held = {FACE_INFO[f][0]: f for f in suited}
    pips = sorted(held)
    out: list[tuple[str, ...]] = []
    for size in range(2, len(pips) + 1):
        for combo in combinations(pips, size):
            gaps = combo[-1] - combo[0] + 1 - size
            if gaps > jokers:
                continue
            naturals = tuple(held[p] for p in combo)
            for j in range(max(gaps, 3 - size), min(jokers, 13 - size) + 1):
                out.append(run_order(naturals + jk * j))
    return tuple(out)


# -- errors particular to Kumbal --------------------------------------------------------------------
class NotHeld(InvalidTarget):
    """The seat does not hold those cards."""


class NotACombination(InvalidTarget):
    """The cards are not a single card, a set of one value or a run in one suit."""


class CannotTake(InvalidTarget):
    """The card on top of the pile when the turn began is a joker, or was played as an action card,
    or is not there to take."""


class NoMatch(InvalidTarget):
    """A free discard of a drawn card that does not have the value of the top card."""


class CannotCall(IllegalAction):
    """Kumbal is called only at the start of your turn with few enough points, and not with a
    pick-up owed."""


class MustPickUp(WrongPhase):
    """A pick-up is owed: pick up the cards or pass it on with a 2 or a joker played alone."""


# -- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """The first step of a turn: put down one card, a set of one value or a run of three or more in
    one suit, named by their faces ("9h", "10s", "joker"). A 2, 7, 8 or joker played alone is an
    action card when action cards are on. Passing a pick-up on is a Discard of a lone 2 or joker."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DrawFromDeck(Action):
    """The second step: take the top card of the deck."""


@dataclass(frozen=True, slots=True)
class TakeDiscard(Action):
    """The second step: take the card that was on top of the discard pile when the turn began."""


@dataclass(frozen=True, slots=True)
class CallKumbal(Action):
    """At the start of your turn, instead of discarding: end the round with your hand's points."""


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    """A pick-up is owed: pick the cards up; that is the whole turn."""


@dataclass(frozen=True, slots=True)
class FreeDiscard(Action):
    """Out of turn, the card just drawn from the deck matched the top of the pile: discard it free."""


@dataclass(frozen=True, slots=True)
class Cut(Action):
    """Between rounds with cutting on: lift `at` cards off the top of the gathered deck and put
    them underneath."""

    at: int


_discard = lru_cache(maxsize=None)(Discard)


_draw = lru_cache(maxsize=None)(DrawFromDeck)
_take = lru_cache(maxsize=None)(TakeDiscard)
_call = lru_cache(maxsize=None)(CallKumbal)
_pick_up = lru_cache(maxsize=None)(PickUp)
_free = lru_cache(maxsize=None)(FreeDiscard)
_pass = lru_cache(maxsize=None)(Pass)
_cut = lru_cache(maxsize=None)(Cut)
_START = StartRound()
_EXPIRE = Expire()


# -- events particular to Kumbal --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """`seat` put down `cards` (already moved by CardMoved events) as a single, set or run;
    `action` names what a lone action card does ("skip", "reverse", "pick up 2", "pick up 5")."""

    seat: int
    cards: tuple[Card, ...]
    kind: str
    action: str | None


@dataclass(frozen=True, slots=True)
class FreeDiscarded(Event):
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PickedUp(Event):
    """`seat` picked up `cards` it owed (fewer if the deck and pile ran out); its turn is over."""

    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class KumbalCalled(Event):
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class CallResult(Event):
    """The call is settled: `made` if the caller had strictly the fewest points."""

    seat: int
    made: bool
    points: int
    lowest_other: int


@dataclass(frozen=True, slots=True)
class FortyNine(Event):
    """The 49-rule: `seat`'s total reached `reached` (49, 99, ...) and drops to `total`."""

    seat: int
    reached: int
    total: int


@dataclass(frozen=True, slots=True)
class CutWanted(Event):
    """The cards are gathered (not shuffled): `seat` cuts the deck of `cards` before the deal."""

    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class DeckCut(Event):
    seat: int
    at: int


@dataclass(frozen=True, slots=True)
class KumbalView(SeatView):
    """What one seat may know right now (the common fields are SeatView's): its own hand face up,
    the others as counts; the pile's top and whether it may be taken this turn."""

    turn_started_at: float
    step: str | None               # "discard" or "draw" on the turn's seat (None between turns)
    hand: tuple[Card, ...]
    hand_points: int               # this seat's points in hand
    hand_counts: tuple[int, ...]
    top: Card | None
    takeable: Card | None          # the card the seat on turn may take at the draw step
    blocked: str | None            # why the turn-start top card cannot be taken ("joker", "action card")
    blocked_card: Card | None      # that card (under the turn's discard by the draw step)
    top_dead: bool                 # the current top card can never be taken (a joker or an action card)
    deck_size: int
    discard_size: int
    pending: int                   # cards the seat on turn must pick up unless it passes them on
    victim: int | None
    goal: int                      # call Kumbal with this many points or fewer
    can_call: bool                 # this seat may call Kumbal now
    caller: int | None             # who called this round (shown at the round's end)
    free_open: bool                # this seat's free-discard window is open (after each of its draws)
    free_card: Card | None         # the card drawn, if it may go free (only in its owner's view)
    free_deadline: float | None
    cutter: int | None             # who cuts the gathered deck before this deal
    cut_range: tuple[int, int]     # the cut points allowed (cards lifted off the top)
    forty_nine: tuple[tuple[int, int, int, int], ...]   # (round, seat, reached, dropped to)
    options: dict


class Phase(StrEnum):
    """Where a Kumbal round stands (its string is the view's `phase`)."""
    READY = "ready"
    CUT = "cut"                 # the seat before the dealer cuts the deck
    PLAY = "play"               # the round is being played
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


# Each phase also under its own name, for the rules below: Python 3.11 looks `Phase.TURN` up through
# the enum class's __getattr__ hook, several times slower than a module name, and the rules compare
# phases at every ask (bench_engine: Kombio 15% slower with `Phase.X`). tests/test_phases.py checks
# each name is its member.
READY, CUT, PLAY, ROUND_OVER, MATCH_OVER = Phase


class Kumbal(Game):
    Phase = Phase
    # Its id, title, summary, aliases and seats: its entry in game/games.py.
    option_specs = (
        OptionSpec("target", "Match ends past", 100, "The match ends when a total passes this; fewest points wins.",
                   choices=(100, 200, 500)),
        OptionSpec("action_cards", "Action cards", True,
                   "Played alone: an 8 skips the next player, a 7 reverses play, a 2 makes the next player pick "
                   "up 2 and a joker 5; a lone 2 or joker passes a pick-up on, growing it."),
        OptionSpec("seven_skips_with_two", "7 skips with two players", False,
                   "House rule: with two players a lone 7 gives its player another turn. Off, as the rules say: "
                   "it reverses play, which with two players changes nothing.",
                   only_when=("action_cards", True), legacy=True),
        OptionSpec("free_discards", "Free discards", True,
                   "A card drawn from the deck equal in value to the top of the pile may be discarded free, "
                   "until the next player has moved."),
        OptionSpec("free_discard_timer", "Free discard on a timer", False,
                   "House rule: the free discard also ends when the window's time (below) runs out. Off, as the "
                   "rules say: it lasts until the next player makes a move.",
                   only_when=("free_discards", True), legacy=True),
        OptionSpec(REACTION_SECONDS.key, "Free-discard window (seconds)", REACTION_SECONDS.default,
                   "With the timer on: how long a free discard stays possible (the next player's move ends it "
                   "sooner); No limit waits until the player passes or the next player moves.",
                   minimum=0.0, maximum=10.0, step=0.5,
                   only_when=(("free_discards", True), ("free_discard_timer", True)), zero_label="No limit"),
        OptionSpec("cut_deck", "Cut, don't shuffle", False,
                   "Between rounds the cards are gathered and cut by a player instead of shuffled."),
        OptionSpec("lower_goal", "Lower the goal", False, "Five cards each, and Kumbal is called with 5 points or fewer."),
        OptionSpec("forty_nine", "The 49-rule", False, "A total that lands on 49, 99, 149, ... drops by 49."),
    )
    actions = (Discard, DrawFromDeck, TakeDiscard, CallKumbal, PickUp, FreeDiscard, Cut)
    deck_cards = DECK_CARDS

    # -- state ----------------------------------------------------------------------------
    def setup(self) -> None:
        n = self.seats
        if n >= 6:
            self.deck_cards = SIX_SEAT_CARDS
        self.face_of = [str(c) for c in self.deck_cards]   # by card id: how actions name cards
        self.points_of = [VALUE(c) for c in self.deck_cards]   # by card id: what a card counts in hand
        low = self.options["lower_goal"]
        # The free discard lasts until the next player moves; with the timer option, until its
        # deadline too (0: no deadline, the window closes on the next move or a pass).
        self.free_seconds = float(self.options["reaction_seconds"]) if self.options["free_discard_timer"] else 0.0
        self.hand_size = LOW_HAND_SIZE if low else HAND_SIZE
        self.goal = LOW_GOAL if low else GOAL
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.step: str | None = None
        self.turn_started = 0.0
        self.takeable: Card | None = None     # the turn-start top card, if it may be taken
        self.blocked_card: Card | None = None   # the turn-start top card, if it may not be taken
        self.dead: set[int] = set()           # ids of pile cards played as actions (never taken)
        self.pending = 0
        # What this turn's action card does when the turn ends: ("skip"|"reverse"|"pick up", owed, stacked).
        self.effect: tuple[str, int, bool] | None = None
        self.windows = WindowSet(("free-discard",))
        # (drawer, the drawn card if it may go free, else None) while the drawer's window is open
        self.free: tuple[int, Card | None] | None = None
        self.caller: int | None = None
        self.cutter: int | None = None
        self.gathered: list[Card] | None = None
        self.drops: list[tuple[int, int, int, int]] = []
        self.hand_serial = [0] * n

    def make_match_rule(self) -> MatchRule:
        return LowestAtTarget(self.options["target"], "exceeded",
                              adjust=forty_nine_rule if self.options["forty_nine"] else None)

    # -- helpers --------------------------------------------------------------------------------
    def hand_value(self, seat: int) -> int:
        return hand_points(self.hands[seat])

    @property
    def blocked(self) -> str | None:
        """Why the turn-start top card may not be taken: "joker" or "action card" (None: it may)."""
        card = self.blocked_card
        return None if card is None else "joker" if card.rank == JOKER else "action card"

    def _start_turn(self, seat: int, t: float, events: list[Event]) -> None:
        self.turn = seat
        self.step = "discard"
        self.turn_started = t
        top = self.piles.top
        self.takeable, self.blocked_card = None, None
        if top is not None:
            if top.rank == JOKER or top.id in self.dead:
                self.blocked_card = top
            else:
                self.takeable = top
        events.append(TurnStarted(seat))

    def _close_free(self, reason: str, events: list[Event]) -> None:
        if self.free is not None:
            self.free = None
            self.windows.close("free-discard")
            events.append(WindowClosedEvent(reason))

    def _require_turn(self, action: Action, step: str) -> int:
        seat = action.seat
        if self.phase != PLAY:
            raise WrongPhase(f"{type(action).__name__} is not possible now (phase: {self.phase})",
                             note=Note.of("refusal.not-now"))
        if seat != self.turn:
            raise NotYourTurn(f"it is seat {self.turn}'s turn, not seat {seat}'s",
                              note=Note.of("refusal.not-your-turn", self.turn))
        if self.step != step:
            key = "refusal.discard-then-draw" if step == "draw" else "refusal.now-draw"
            raise WrongPhase("discard first, then draw" if step == "draw" else "you have discarded: now draw",
                             note=Note.of(key))
        return seat

    def _end_turn(self, seat: int, t: float, events: list[Event]) -> None:
        """The turn is over: the action card played this turn, if any, says who is next."""
        order = self.order
        effect, self.effect = self.effect, None
        if effect is None:
            nxt = order.next(seat)
        elif effect[0] == "skip":
            nxt = skip_next(order, seat, events)
        elif effect[0] == "reverse":
            nxt = reverse_play(order, seat, events, two_seats_skip=self.options["seven_skips_with_two"])
        else:
            _, total, stacked = effect
            nxt = order.next(seat)
            self.pending = pass_on_pickup(seat, nxt, total, stacked, events)
        self._start_turn(nxt, t, events)

    # -- the table's actions ----------------------------------------------------------------
    def _on_StartRound(self, action: StartRound, t: float) -> list[Event]:
        cut = self.options["cut_deck"] and self.round >= 1 and action.deck is None
        gathered = self._gather() if cut else None
        first, events = self.begin_round(action)
        n = self.seats
        self.hands = [[] for _ in range(n)]
        self.order.direction = 1
        self.pending, self.effect, self.dead = 0, None, set()
        self.windows.clear()
        self.free, self.caller = None, None
        self.step, self.takeable, self.blocked_card = None, None, None
        if gathered is not None:
            # Not shuffled: the gathered cards wait for the cut (the seat to the dealer's right).
            self.piles.deck = gathered
            self.cutter = (self.dealer - 1) % n
            self.phase = CUT
            events.append(CutWanted(self.cutter, len(gathered)))
            return events
        self._deal(first, t, events)
        return events

    def _gather(self) -> list[Card]:
        """The cards as they lie after a round, bottom first: the hands (from the next dealer's
        left), the discard pile turned over, and the draw pile on top as it was."""
        n = self.seats
        start = (self.dealer + 2) % n
        cards: list[Card] = []
        for k in range(n):
            cards.extend(self.hands[(start + k) % n])
        cards.extend(reversed(self.piles.discard))
        cards.extend(self.piles.deck)
        return cards

    def _deal(self, first: int, t: float, events: list[Event]) -> None:
        deal_hands(self.hands, self.piles.deck, first, self.hand_size, events)
        for seat in range(self.seats):
            self.hand_serial[seat] += 1
        card = self.piles.deck.pop()
        self.piles.discard.append(card)
        events.append(CardMoved(card, DECK, DISCARD, None))   # the start card never acts
        self.phase = PLAY
        self._start_turn(first, t, events)

    def _on_Cut(self, action: Cut, t: float) -> list[Event]:
        if self.phase != CUT:
            raise WrongPhase("the deck is cut only between rounds, with cutting on", note=Note.of("refusal.no-cut-now"))
        if action.seat != self.cutter:
            raise NotYourTurn(f"seat {self.cutter} cuts the deck", note=Note.of("refusal.someone-cuts", self.cutter))
        lo, hi = self._cut_range()
        if not lo <= action.at <= hi:
            raise InvalidTarget(f"cut between {lo} and {hi} cards from the top",
                                note=Note.of("refusal.cut-range", lo=lo, hi=hi))
        deck = self.piles.deck
        at = action.at
        self.piles.deck = deck[-at:] + deck[:-at]   # the lifted part goes underneath
        self.cutter = None
        events: list[Event] = [DeckCut(action.seat, at)]
        self._deal(self.order.left_of(self.dealer), t, events)
        return events

    def _cut_range(self) -> tuple[int, int]:
        return CUT_MARGIN, len(self.piles.deck) - CUT_MARGIN

    def _on_Expire(self, action: Expire, t: float) -> list[Event]:
        if action.seat != TABLE:
            raise NotYourTurn("only the table closes a window on time")
        if self.phase != PLAY or self.free is None:
            raise WrongPhase("no reaction window is open")
        self.windows.check_expire(t)
        events: list[Event] = []
        self._close_free("time", events)
        return events

    # -- the turn ---------------------------------------------------------------------------------
    def _on_Discard(self, action: Discard, t: float) -> list[Event]:
        seat = self._require_turn(action, "discard")
        faces = tuple(action.cards)
        face_of = self.face_of
        hand = self.hands[seat]
        cards: list[Card] = []
        rest = list(hand)
        for face in faces:
            for i, c in enumerate(rest):
                if face_of[c.id] == face:
                    cards.append(rest.pop(i))
                    break
            else:
                twice = any(face_of[c.id] == face for c in hand)
                raise NotHeld(f"seat {seat} holds no {face}" + (" (not that many)" if twice else ""),
                              note=Note.of("refusal.not-held"))
        kind, why = classify(faces)
        if kind is None:
            raise NotACombination(f"not a discard: {why}",
                                  note=Note.of("refusal.not-a-combination", why=NOT_A_COMBINATION.get(why, "gaps"), gaps=_gaps(why)))
        lone = kind == "single" and self.options["action_cards"]
        rank = cards[0].rank
        if self.pending:
            if not (lone and rank in PICKUP):
                raise MustPickUp(f"{self.pending} cards are owed: pick them up or pass them on with a lone 2 or joker",
                                 note=Note.of("refusal.owed-pass-or-pick-up", n=self.pending))
        # -- valid: change the state ------------------------------------------------------------
        events: list[Event] = []
        self._close_free("the next player moved", events)
        laid = cards
        if kind != "single":
            ordered = run_order(faces) if kind == "run" else _set_order(faces)
            laid, pool = [], list(cards)
            for face in ordered:
                for i, c in enumerate(pool):
                    if face_of[c.id] == face:
                        laid.append(pool.pop(i))
                        break
        gone = {c.id for c in laid}
        hand[:] = [c for c in hand if c.id not in gone]
        for c in laid:
            self.piles.discard.append(c)
            events.append(CardMoved(c, hand_place(seat), DISCARD, None, seat))
        self.hand_serial[seat] += 1
        what = None
        if lone and (rank in PICKUP or rank in (SKIP_RANK, REVERSE_RANK)):
            self.dead.add(laid[0].id)
            if rank in PICKUP:
                carried, self.pending = self.pending, 0
                what = f"pick up {PICKUP[rank]}"   # type: ignore[index]
                self.effect = ("pick up", PICKUP[rank] + carried, bool(carried))   # type: ignore[index]
            elif rank == SKIP_RANK:
                self.effect, what = ("skip", 0, False), "skip"
            else:
                self.effect, what = ("reverse", 0, False), "reverse"
        events.append(Discarded(seat, tuple(laid), kind, what))
        self.step = "draw"
        if not self.piles.can_draw() and self.takeable is None:
            self._end_turn(seat, t, events)    # nothing to draw anywhere: the turn ends here
        return events

    def _on_DrawFromDeck(self, action: DrawFromDeck, t: float) -> list[Event]:
        seat = self._require_turn(action, "draw")
        if not self.piles.can_draw():
            raise IllegalAction("the deck is empty and there is nothing to reshuffle",
                                note=Note.of("refusal.deck-empty"))
        events: list[Event] = []
        give(self.hands, seat, 1, self.piles, self.rng, events)
        top = self.piles.top
        if events and isinstance(events[0], DeckReshuffled):
            # The reshuffled cards are fresh cards again; only the top card keeps its mark.
            self.dead = {top.id} if top is not None and top.id in self.dead else set()
        self.hand_serial[seat] += 1
        card = self.hands[seat][-1]
        if self.options["free_discards"] and top is not None:
            # The window opens on every draw, whatever the card: only the drawer may know whether
            # it matches (a window opened on a match alone would tell the table its rank).
            self.free = (seat, card if card.rank == top.rank else None)
            w = self.windows.open("free-discard", only_seat(seat), t, self.free_seconds)
            events.append(WindowOpened("free-discard", only_seat(seat), t, w.deadline))
        self._end_turn(seat, t, events)
        return events

    def _on_TakeDiscard(self, action: TakeDiscard, t: float) -> list[Event]:
        seat = self._require_turn(action, "draw")
        card = self.takeable
        pile = self.piles.discard
        at = next((i for i in range(len(pile) - 1, -1, -1) if pile[i] is card), None) if card is not None else None
        if at is None:
            reason, key = CANNOT_TAKE.get(self.blocked or "", ("there is no card to take", "refusal.nothing-to-take"))
            raise CannotTake(reason, note=Note.of(key))
        del pile[at]
        self.hands[seat].append(card)
        self.hand_serial[seat] += 1
        events: list[Event] = [CardMoved(card, DISCARD, hand_place(seat), None, seat)]
        self._end_turn(seat, t, events)
        return events

    def _on_PickUp(self, action: PickUp, t: float) -> list[Event]:
        seat = self._require_turn(action, "discard")
        if not self.pending:
            raise WrongPhase("there is nothing to pick up", note=Note.of("refusal.nothing-to-pick-up"))
        events: list[Event] = []
        self._close_free("the next player moved", events)
        owed, self.pending = self.pending, 0
        got = give(self.hands, seat, owed, self.piles, self.rng, events)
        self.hand_serial[seat] += 1
        events.append(PickedUp(seat, got))
        self._start_turn(self.order.next(seat), t, events)
        return events

    def _on_CallKumbal(self, action: CallKumbal, t: float) -> list[Event]:
        seat = self._require_turn(action, "discard")
        if self.pending:
            raise CannotCall(f"{self.pending} cards are owed: pick them up or pass them on first",
                             note=Note.of("refusal.call-while-owed", n=self.pending))
        points = self.hand_value(seat)
        if points > self.goal:
            raise CannotCall(f"Kumbal needs {self.goal} points or fewer in hand, not {points}",
                             note=Note.of("refusal.call-above-limit", goal=self.goal, points=points))
        events: list[Event] = []
        self._close_free("the next player moved", events)
        self.caller = seat
        events.append(KumbalCalled(seat, points))
        self._end_round(seat, events)
        return events

    def _on_FreeDiscard(self, action: FreeDiscard, t: float) -> list[Event]:
        seat = action.seat
        if self.phase != PLAY or self.free is None or self.free[0] != seat:
            raise WindowClosed(f"seat {seat} has no free discard open", note=Note.of("refusal.no-free-discard"))
        self.windows.get("free-discard").check_claim(seat, t)  # type: ignore[union-attr]
        card = self.free[1]
        if card is None:
            raise NoMatch("the card you drew does not have the value of the top card",
                          note=Note.of("refusal.drawn-does-not-match"))
        events: list[Event] = []
        self._close_free("free discard", events)
        self.hands[seat].remove(card)
        self.hand_serial[seat] += 1
        self.piles.discard.append(card)
        events.append(CardMoved(card, hand_place(seat), DISCARD, None, seat))
        events.append(FreeDiscarded(seat, card))
        return events

    def _on_Pass(self, action: Pass, t: float) -> list[Event]:
        seat = action.seat
        if self.phase != PLAY or self.free is None or self.free[0] != seat:
            raise WindowClosed(f"seat {seat} has no window to pass on", note=Note.of("refusal.no-window-to-pass"))
        self.windows.get("free-discard").check_claim(seat, t)  # type: ignore[union-attr]
        events: list[Event] = []
        self._close_free("passed", events)
        return events

    # -- the end of a round ------------------------------------------------------------------------
    def _end_round(self, caller: int, events: list[Event]) -> None:
        self.pending, self.effect, self.step = 0, None, None
        self._close_free("round over", events)
        hands = tuple(self.hand_value(s) for s in range(self.seats))
        for seat in range(self.seats):
            events.append(HandRevealed(seat, tuple(self.hands[seat]), hands[seat]))
        mine = hands[caller]
        others = min(h for s, h in enumerate(hands) if s != caller)
        made = mine < others
        scores = tuple(0 if s == caller and made else h + FAILED_CALL if s == caller else h
                       for s, h in enumerate(hands))
        events.append(CallResult(caller, made, mine, others))
        notes = [Note.of("kumbal.call-made", caller, hand=mine) if made else
                 Note.of("kumbal.call-failed", caller, hand=mine, other=others, penalty=FAILED_CALL)]
        if self.options["forty_nine"]:
            for seat, (total, score) in enumerate(zip(self.score.totals, scores)):
                reached = total + score
                if forty_nine_rule(reached) != reached:
                    self.drops.append((self.round, seat, reached, reached - 49))
                    events.append(FortyNine(seat, reached, reached - 49))
                    notes.append(Note.of("kumbal.forty-nine", seat, reached=reached, dropped=reached - 49))
        self.score_round(hands, scores, tuple(notes), events)

    # -- what the driver asks ---------------------------------------------------------------
    def seats_to_act(self) -> tuple[int, ...]:
        if self.phase == CUT:
            return (self.cutter,)  # type: ignore[return-value]
        if self.phase != PLAY:
            return ()
        if self.free is not None and self.free[0] != self.turn:
            return (self.turn, self.free[0])
        return (self.turn,)

    def table_action(self) -> tuple[Action, float | None] | None:
        if self.phase in (READY, ROUND_OVER):
            return _START, None
        if self.phase == PLAY and self.free is not None:
            due = self.windows.next_deadline()
            if due is not None:
                return _EXPIRE, due
        return None

    def legal_actions(self, seat: int) -> list[Action]:
        if seat == TABLE:
            pending = self.table_action()
            return [pending[0]] if pending else []
        if self.phase == CUT:
            if seat != self.cutter:
                return []
            lo, hi = self._cut_range()
            return [_cut(seat, at) for at in range(lo, hi + 1)]
        if self.phase != PLAY or not 0 <= seat < self.seats:
            return []
        out: list[Action] = []
        if seat == self.turn:
            if self.step == "discard":
                hand = self.hands[seat]
                if self.pending:
                    for face in sorted({str(c) for c in hand if c.rank in PICKUP}):
                        out.append(_discard(seat, (face,)))
                    out.append(_pick_up(seat))
                else:
                    face_of = self.face_of
                    options = discard_options(tuple(sorted([face_of[c.id] for c in hand])))
                    out += map(_discard, repeat(seat, len(options)), options)
                    points_of = self.points_of
                    if sum([points_of[c.id] for c in hand]) <= self.goal:   # (hand_points, by id)
                        out.append(_call(seat))
            else:
                if self.piles.can_draw():
                    out.append(_draw(seat))
                if self.takeable is not None:
                    out.append(_take(seat))
        if self.free is not None and self.free[0] == seat:
            if self.free[1] is not None:
                out.append(_free(seat))
            out.append(_pass(seat))
        return out

    def acts_out_of_turn(self, seat: int) -> bool:
        return self.phase == PLAY and seat != self.turn and self.free is not None and self.free[0] == seat

    def observe(self, seat: int) -> KumbalView:
        acting = self.seats_to_act()
        in_play = self.phase == PLAY
        revealed = self.round_revealed()
        zones = hand_zones(self.hands, seat, revealed) + (
            ZoneView(DISCARD, "pile", tuple(self.piles.discard[-3:]), len(self.piles.discard)),
            ZoneView(DECK, "deck", (), len(self.piles.deck)))
        mine = 0 <= seat < self.seats
        top = self.piles.top
        free_mine = self.free is not None and self.free[0] == seat
        w = self.windows.get("free-discard")
        return KumbalView(
            seat=seat, seats=self.seats, round=self.round, phase=self.phase, dealer=self.dealer,
            turn=self.turn if in_play else None, acting=acting,
            out_of_turn=in_play and seat in acting and seat != self.turn,
            direction=self.direction, zones=zones, windows=self.windows.views(), pending_draw=self.pending,
            totals=tuple(self.score.totals), round_scores=tuple(self.score.rounds), over=self.over,
            winners=self.winners, prompt=self._prompt(seat),
            turn_started_at=self.turn_started, step=self.step if in_play else None,
            hand=tuple(self.hands[seat]) if mine else (),
            hand_points=self.hand_value(seat) if mine else 0,
            hand_counts=tuple(len(h) for h in self.hands),
            top=top, takeable=self.takeable if in_play else None, blocked=self.blocked if in_play else None,
            blocked_card=self.blocked_card if in_play else None,
            top_dead=top is not None and (top.rank == JOKER or top.id in self.dead),
            deck_size=len(self.piles.deck), discard_size=len(self.piles.discard),
            pending=self.pending, victim=self.turn if self.pending and in_play else None,
            goal=self.goal,
            can_call=in_play and seat == self.turn and self.step == "discard" and not self.pending
            and mine and self.hand_value(seat) <= self.goal,
            caller=self.caller,
            free_open=free_mine, free_card=self.free[1] if free_mine else None,  # type: ignore[index]
            free_deadline=w.deadline if w is not None and free_mine else None,
            cutter=self.cutter if self.phase == CUT else None,
            cut_range=self._cut_range() if self.phase == CUT else (0, 0),
            forty_nine=tuple(self.drops), options=dict(self.options),
        )

    def reaction_places(self, action: Action) -> tuple[Place, ...]:
        if isinstance(action, FreeDiscard) and self.free is not None:
            hand = self.hands[action.seat]
            if self.free[1] in hand:
                return (Place("hand", action.seat, hand.index(self.free[1])),)
        return ()

    def reaction_note(self, action: Action) -> Note:
        if isinstance(action, FreeDiscard) and self.free is not None and self.free[1] is not None:
            return Note.of("missed.free-discard", action.seat, card=self.free[1])
        return super().reaction_note(action)

    def _prompt(self, seat: int) -> str:
        """The view's prompt for `seat`: whether the player on turn may call is theirs alone to know."""
        if self.phase == READY:
            return "the first round is about to be dealt"
        if self.phase == CUT:
            return f"seat {self.cutter} to cut the deck"
        if self.phase == ROUND_OVER:
            return f"round {self.round} is over"
        if self.phase == MATCH_OVER:
            return "the match is over"
        if self.pending:
            return f"seat {self.turn} to pick up {self.pending} or pass it on with a 2 or a joker"
        if self.step == "draw":
            return f"seat {self.turn} to draw from the deck" + (" or take the discard" if self.takeable else "")
        return f"seat {self.turn} to discard" + (" or call Kumbal" if seat == self.turn and
                                                 self.hand_value(seat) <= self.goal else "")

