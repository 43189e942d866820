"""16 Combos (Poikilos 1.0 RC1, digital interpretation): a turn-based battle between 2 to 4
characters. Each character is a row of type cards (the suit is the type) with a row of value cards
in front of them, forming pairs; the rightmost pair defends. An action is a type and a drawn value
against a target pair; the difference decides defeated / damaged / missed / critical failure, and a
defeat sets off one of sixteen combos (action type x target type). The last character standing wins.

Every rule and every decision the printed text leaves open is in game/rules/sixteen-combos.md, by
the rule's name; this module follows it section by section. Reactions are prompts to the target,
never races: the turn waits for the answer (with an optional clock, `reaction_seconds`).

Places: Place("pair", seat, slot) is a whole pair (what a player clicks), Place("type"/"value",
seat, slot) its cards. Slots are stable for the encounter: a discarded pair leaves its slot empty,
a pair added to the right takes a new slot; the defense pair is the rightmost filled slot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any, Hashable

from game.core.actions import TABLE, Action, Expire, Pass, StartRound
from game.core.cards import DECK, DISCARD, FACE_DOWN, Card, DeckSpec, Place, stacked_deck
from game.core.errors import IllegalAction, InvalidTarget, NotAChoice, NotYourTurn, WrongPhase
from game.core.events import (PUBLIC, CardMoved, CardRevealed, CardsSwapped, DeckReshuffled, Event, Passed,
                               TurnStarted)
from game.core.game import Game
from game.core.match import HighestAfterRounds
from game.core.options import OptionSpec
from game.core.view import SeatView, ZoneView
from game.core.standard_deck import JOKER, RANKS, SUITS

RULESET = "Poikilos 1.0 RC1, digital interpretation"

# -- the four types and the combo table -----------------------------------------------------------
VIT, WTH, STR, FIN = "h", "d", "c", "s"
TYPES = (VIT, WTH, STR, FIN)
TYPE_NAMES = {VIT: "vitality", WTH: "wealth", STR: "strength", FIN: "finesse"}

# COMBOS[target type][action type]
COMBOS: dict[str, dict[str, str]] = {
    VIT: {VIT: "Poison", WTH: "Hire Assassin", STR: "Throw", FIN: "Insight"},
    WTH: {VIT: "Scavenge", WTH: "Bribe", STR: "Steal", FIN: "Snipe"},
    STR: {VIT: "Defend", WTH: "Hire Guard", STR: "Grapple", FIN: "Stealth"},
    FIN: {VIT: "Adrenaline", WTH: "Consultation", STR: "Shove", FIN: "Dodge"},
}
CAVEATS: dict[str, tuple[str, ...]] = {
    "Poison": (), "Hire Assassin": ("Surprise",), "Throw": ("Incapacitated",), "Insight": ("Surprise",),
    "Scavenge": ("Unlimited", "Passive"), "Bribe": ("Save Wild",), "Steal": ("Surprise",), "Snipe": ("Surprise",),
    "Defend": ("Unlimited", "Passive"), "Hire Guard": (), "Grapple": ("Once", "Incapacitated"),
    "Stealth": ("Surprise",), "Adrenaline": ("Limited", "Surprise"), "Consultation": (),
    "Shove": ("Incapacitated",), "Dodge": (),
}
OUTCOMES = ("defeated", "damaged", "missed", "critical failure")
MAX_VALUE = 14

# -- the two decks --------------------------------------------------------------------------------
# Both decks always hold two jokers in the spec so card ids stay fixed; without rule G they are
# simply not used. Deal deck ids 0..53, draw deck ids 54..107.
_ONE_DECK = DeckSpec(tuple((rank, suit, 1) for suit in SUITS for rank in RANKS) + ((JOKER, None, 2),))
DEAL_CARDS = tuple(_ONE_DECK.build())
DRAW_CARDS = tuple(Card(c.id + len(DEAL_CARDS), c.rank, c.suit) for c in DEAL_CARDS)
ALL_IDS = frozenset(c.id for c in DEAL_CARDS + DRAW_CARDS)
JOKER_IDS = frozenset(c.id for c in DEAL_CARDS + DRAW_CARDS if c.rank == JOKER)
DEAL_DECK = Place("dealdeck")
WASTE = Place("waste")
STACK_SPLIT = "|"   # in StartRound(deck=...): deal deck faces before it, draw deck faces after

_FACE_VALUE = {"J": 11, "Q": 12, "K": 12, "A": 13, JOKER: 14}
FACE_TYPES: dict[Any, tuple[str, ...]] = {"J": (STR,), "Q": (WTH,), "K": (WTH,), "A": (FIN,), JOKER: (FIN, VIT)}


def card_value(card: Card) -> int:
    """2-10 their number; Jack 11, Queen and King 12, Ace 13, Joker 14."""
    rank = card.rank
    return rank if isinstance(rank, int) else _FACE_VALUE[rank]


def is_face(card: Card) -> bool:
    return not isinstance(card.rank, int)


def row_types(card: Card) -> tuple[str, ...]:
    """The types a value-row card counts as (a joker: finesse and vitality)."""
    return (FIN, VIT) if card.rank == JOKER else (card.suit,)  # type: ignore[return-value]


def outcome_of(diff: int) -> str:
    if diff >= 6:
        return "defeated"
    if diff >= 1:
        return "damaged"
    if diff >= -5:
        return "missed"
    return "critical failure"


def max_columns(seats: int, options: dict[str, Any]) -> int:
    """The most columns the deal deck allows (a joker dealt to a type row is replaced, so two cards
    are kept spare with jokers; the extra value card of C/E/F needs one more per character)."""
    size = len(DEAL_CARDS) if options["jokers"] else len(DEAL_CARDS) - 2
    spare = 2 if options["jokers"] else 0
    extra = 1 if (options["drop_lowest"] or options["multiple_values"]) else 0
    return max(1, ((size - spare) // seats - extra) // 2)


def columns_for(seats: int, options: dict[str, Any]) -> int:
    if options["one_of_each"]:
        return 4
    wanted = options["columns"] or (10 if seats == 2 else 99)
    return min(wanted, max_columns(seats, options))


@lru_cache(maxsize=None)
def pair_place(seat: int, slot: int) -> Place:
    return Place("pair", seat, slot)


@lru_cache(maxsize=None)
def type_place(seat: int, slot: int) -> Place:
    return Place("type", seat, slot)


@lru_cache(maxsize=None)
def value_place(seat: int, slot: int) -> Place:
    return Place("value", seat, slot)


@lru_cache(maxsize=None)
def hand_place(seat: int, index: int = -1) -> Place:
    return Place("hand", seat, index)


@lru_cache(maxsize=None)
def seat_place(zone: str, seat: int) -> Place:
    return Place(zone, seat)


@lru_cache(maxsize=None)
def only(seat: int) -> frozenset[int]:
    return frozenset((seat,))


NOBODY: frozenset[int] = frozenset()


class _Memo(dict):
    """What was worked out at one version of the game (legal actions, row counts): derived, never
    state, so it pickles and copies as empty and a refused action that filled it changed nothing."""

    version = -1

    def __reduce_ex__(self, protocol):
        return (_Memo, ())


# -- the table's state ---------------------------------------------------------------------------------
class Pair:
    """A type card with its value card(s) (a stack: the first dealt, raises on top) and the current
    value, which a counter shows once it differs from the cards."""

    __slots__ = ("type_card", "values", "value", "retyped", "up", "told")

    def __init__(self, type_card: Card, values: list[Card] | None = None, value: int = 0) -> None:
        self.type_card = type_card
        self.values: list[Card] = values or []
        self.value = value
        self.retyped: str | None = None     # a face-card reaction gave the pair this type
        self.up: set[int] = set()           # ids of its cards lying face up for everybody
        # A counter everybody reads shows the current value. A change the table cannot follow (a
        # card stacked face down, a face-down card swapped in) is told to the owner alone.
        self.told = False

    @property
    def type(self) -> str:
        return self.retyped or self.type_card.suit  # type: ignore[return-value]

    @property
    def printed(self) -> int:
        return min(MAX_VALUE, sum(card_value(c) for c in self.values))

    @property
    def changed(self) -> bool:
        return len(self.values) != 1 or self.value != card_value(self.values[0])

    @property
    def value_public(self) -> bool:
        """Whether every seat may know the current value: a counter shows it, or its cards lie
        face up (a change since was told to everybody, or the counter would say otherwise)."""
        return self.told or (bool(self.values) and all(c.id in self.up for c in self.values))

    @property
    def type_up(self) -> bool:
        return self.type_card.id in self.up

    def cards(self) -> list[Card]:
        return [self.type_card, *self.values]

    def clone(self) -> "Pair":
        p = Pair(self.type_card, list(self.values), self.value)
        p.retyped, p.up, p.told = self.retyped, set(self.up), self.told
        return p


@dataclass
class Attack:
    """The action under way: who, against which pair, with what type and value."""

    seat: int
    victim: int | None = None
    slot: int | None = None
    consult: bool | None = None          # the victim's choice: its consultation pair takes it
    atype: str | None = None
    wild: bool = False                   # the value is the saved wild card
    fixed: str | None = None             # "shove" / "steal": type and value given, no draw
    cards: list[Card] = field(default_factory=list)   # drawn value card(s), in play
    value: int | None = None
    risky: bool = False                  # the type is held once: the drawn card must match
    second: bool = False                 # an extra turn or a counter (Once applies)
    counter: bool = False
    free_target: bool = False            # Hire Assassin's turn: any pair of anybody
    locked_victim: int | None = None     # Grapple's extra turn: this character
    grapple: bool = False                # Grapple's extra action: its target turns face up
    noted: bool = False                  # rule B: the drawn card went at once, its value kept as a counter


# -- actions ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlaceValue(Action):
    """Placement step: put a value card from your hand in front of a type card (`pair`); once every
    column has one, the extra card (rules C/E/F) is stacked on a pair the same way."""

    card: Place
    pair: Place


@dataclass(frozen=True, slots=True)
class ChooseDefense(Action):
    """Rule E: choose which of your pairs is the defense pair (the end of your placement)."""

    pair: Place


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Announce the target: another character's defense pair (any pair on a Hire Assassin turn)."""

    pair: Place


@dataclass(frozen=True, slots=True)
class Announce(Action):
    """Choose the action type; `wild` uses the saved wild card as the value instead of drawing."""

    atype: str
    wild: bool = False


@dataclass(frozen=True, slots=True)
class PassTurn(Action):
    """Take no action this turn."""


@dataclass(frozen=True, slots=True)
class Consult(Action):
    """Targeted while holding a consultation pair: `use` it to take this action instead."""

    use: bool


@dataclass(frozen=True, slots=True)
class Retype(Action):
    """Reaction: the target pair's face-card value changes the pair's type to `to`."""

    to: str


@dataclass(frozen=True, slots=True)
class SwapPair(Action):
    """Reaction: swap the type and value cards of the target pair (a pair holding a face card)."""


@dataclass(frozen=True, slots=True)
class FaceType(Action):
    """The drawn value is a face card: switch the action type to its type, `to`."""

    to: str


@dataclass(frozen=True, slots=True)
class Scavenge(Action):
    """Scavenge's two drawn cards: add them together, or `waste` takes the waste's value."""

    waste: bool


@dataclass(frozen=True, slots=True)
class Counter(Action):
    """After a critical failure against you: strike back with your target pair's type and value."""


@dataclass(frozen=True, slots=True)
class Recover(Action):
    """Rule A, after a critical failure against you: add the action card to one of your pairs."""

    pair: Place


@dataclass(frozen=True, slots=True)
class PickPair(Action):
    """A combo's choice of one pair (Snipe, Defend, Stealth, Dodge)."""

    pair: Place


@dataclass(frozen=True, slots=True)
class Throw(Action):
    """Throw: two of the target's pairs change places."""

    a: Place
    b: Place


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Insight: the target turns this face-down card up."""

    card: Place


@dataclass(frozen=True, slots=True)
class HireGuard(Action):
    """Hire Guard: replace your type card at `type_card` with the drawn card (`using` is the draw
    pile's place, DECK) or swap it with your wealth value card at `using`."""

    type_card: Place
    using: Place


@dataclass(frozen=True, slots=True)
class Decide(Action):
    """A yes/no combo choice: Bribe (the target accepts the wild card), Steal (keep the pair as
    your new defense pair; no: use it as your next action)."""

    yes: bool


@dataclass(frozen=True, slots=True)
class ChangeStance(Action):
    """Rule E: at the end of your turn, make another of your pairs the defense pair."""

    pair: Place


_pass = lru_cache(maxsize=None)(Pass)


@lru_cache(maxsize=4096)
def _placements(seat: int, cards: int, slots: tuple[int, ...]) -> tuple[PlaceValue, ...]:
    """Every card in the hand onto every open column (the lists repeat from deal to deal)."""
    return tuple(PlaceValue(seat, hand_place(seat, i), pair_place(seat, slot)) for i in range(cards) for slot in slots)


_target = lru_cache(maxsize=None)(Target)
_announce = lru_cache(maxsize=None)(Announce)
_pass_turn = lru_cache(maxsize=None)(PassTurn)
_EXPIRE = Expire()
_START = StartRound()


# -- events ----------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EncounterDealt(Event):
    """The order of play for this encounter (seats, first to last) and the columns dealt."""

    order: tuple[int, ...]
    columns: int


@dataclass(frozen=True, slots=True)
class PairsReady(Event):
    """Every character has placed its values: the defense pairs show their types."""


@dataclass(frozen=True, slots=True)
class RoundBegan(Event):
    number: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TargetChosen(Event):
    seat: int
    victim: int
    slot: int


@dataclass(frozen=True, slots=True)
class TypeAnnounced(Event):
    seat: int
    type: str
    wild: bool
    fixed: str | None = None     # "shove" / "steal": the type and value were given


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class ConsultationChosen(Event):
    seat: int
    use: bool


@dataclass(frozen=True, slots=True)
class Reacted(Event):
    """`seat` used its reaction: "retype" (now `type`), "swap", "counter" or "recover"."""

    seat: int
    kind: str
    type: str | None = None


@dataclass(frozen=True, slots=True)
class ActionTypeChanged(Event):
    seat: int
    type: str


@dataclass(frozen=True, slots=True)
class ValueSet(Event):
    """The action's value is final: `value` (from the drawn card(s), the wild card, a shove...)."""

    seat: int
    value: int
    how: str


@dataclass(frozen=True, slots=True)
class Fizzled(Event):
    """The action type was held once and the drawn card did not match it: nothing happens."""

    seat: int
    type: str


@dataclass(frozen=True, slots=True)
class Checked(Event):
    """A check, announced by the referee: both numbers, the outcome and the combo cell."""

    seat: int
    victim: int
    slot: int
    action_type: str
    target_type: str
    action_value: int
    target_value: int
    outcome: str
    combo: str
    counter: bool = False
    consultation: bool = False


@dataclass(frozen=True, slots=True)
class ValueChanged(Event):
    """A pair's current value moved (damage, a raise, a raise ending): the counter shows `value`.
    A change nobody else could follow (shown_to: the owner) reaches the others without the value
    and the change: they learn only that the pair changed."""

    seat: int
    slot: int
    value: int | None
    by: int | None
    why: str
    shown_to: frozenset[int] | None = PUBLIC

    def for_seat(self, seat: int) -> "ValueChanged":
        if self.shown_to is PUBLIC or seat in self.shown_to:
            return self
        return ValueChanged(self.seat, self.slot, None, None, self.why, self.shown_to)

    def to_json(self) -> dict[str, Any]:
        data = Event.to_json(self)
        if self.shown_to is PUBLIC:     # (the records written before a change could be private)
            del data["shown_to"]
        return data


@dataclass(frozen=True, slots=True)
class PairDefeated(Event):
    seat: int
    slot: int
    why: str


@dataclass(frozen=True, slots=True)
class ComboDone(Event):
    """A combo took effect; `detail` says what became of it in words with seat numbers."""

    seat: int
    victim: int
    combo: str
    detail: str


@dataclass(frozen=True, slots=True)
class PairsMoved(Event):
    """Two of `seat`'s slots exchanged their pairs (Throw, Stealth, Dodge, Change Stance)."""

    seat: int
    a: int
    b: int
    why: str


@dataclass(frozen=True, slots=True)
class PairMovedTo(Event):
    """A whole pair went somewhere: "aside" (Grapple, Steal to use), "row" of `to_seat` at `slot`."""

    seat: int
    slot: int
    to: str
    to_seat: int
    to_slot: int


@dataclass(frozen=True, slots=True)
class StatusChanged(Event):
    """`seat` is now incapacitated / shoved / scavenging / has lost its reaction / holds a wild card."""

    seat: int
    status: str
    on: bool = True


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    seat: int
    why: str


@dataclass(frozen=True, slots=True)
class CharacterOut(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class EncounterWon(Event):
    winner: int
    why: str


# -- the view --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PairView:
    slot: int
    type_card: Any               # Card or FACE_DOWN
    values: tuple[Any, ...]      # Card or FACE_DOWN, the first dealt first
    value: int | None            # the current value if this seat may know it (owner, a counter)
    counter: bool                # a counter lies on it (its value changed)
    type: str | None             # its type if this seat may know it
    defense: bool


@dataclass(frozen=True, slots=True)
class SixteenCombosView(SeatView):
    ruleset: str
    active_rules: tuple[str, ...]
    step: str                                   # the step bar: "place", "target", "type", "reaction", ...
    active: int | None
    victim: int | None
    target_slot: int | None
    consulting: bool                            # the victim's consultation pair takes this action
    action_type: str | None
    action_value: int | None
    action_cards: tuple[Card, ...]
    combo_cell: tuple[str, str] | None          # (action type, target type) when both are known
    combo: str | None                           # the combo of that cell
    last_check: Checked | None
    pairs: tuple[tuple[PairView | None, ...], ...]
    hand: tuple[Card, ...]                      # this seat's value cards still to place
    hand_counts: tuple[int, ...]
    order_cards: tuple[Card | None, ...]
    play_order: tuple[int, ...]
    wilds: tuple[Card | None, ...]
    consults: tuple[PairView | None, ...]
    aside: tuple[PairView | None, ...]
    reacted: tuple[bool, ...]
    incapacitated: tuple[bool, ...]
    out: tuple[bool, ...]
    statuses: tuple[tuple[str, ...], ...]
    waste: tuple[Card, ...]
    deck_size: int
    deal_size: int
    discard_size: int
    encounter_round: int
    deadline: float | None
    options: dict
    pass_cost: int = 0                          # what passing now costs this seat's defense pair


def active_rule_labels(options: dict[str, Any]) -> tuple[str, ...]:
    """The lettered optional rules that are on, then this program's rule choices that are not
    their defaults (an old saved match, say, plays with free passes)."""
    labels = []
    for key, label in OPTIONAL_RULES:
        if options.get(key):
            labels.append(label)
    cost = options.get("pass_cost", 1)
    if cost != 1:
        labels.append("Free passing" if not cost else f"A pass costs {cost}")
    if options.get("counter_with", "defense pair") != "defense pair":
        labels.append("Counter with the target pair")
    if options.get("ask_reactions", "every attack") != "every attack":
        labels.append("Reactions asked only when there is one")
    return tuple(labels)


OPTIONAL_RULES = (("recovery", "A. Recovery"), ("reuse_values", "B. Reusing Value Cards"),
                  ("drop_lowest", "C. Drop Lowest Dealt"), ("round_robin", "D. Round-robin Order"),
                  ("one_of_each", "E. One of Each Type"), ("multiple_values", "F. Multiple Values Dealt"),
                  ("jokers", "G. Using Jokers"))


class Phase(StrEnum):
    """Where a 16 Combos encounter stands (its string is the view's `phase`)."""
    READY = "ready"
    PLACE = "place"             # the characters place their pairs
    PLAY = "play"               # the turns of the encounter
    ROUND_OVER = "round_over"   # an encounter is over
    MATCH_OVER = "match_over"


# Each phase also under its own name, for the rules below: Python 3.11 looks `Phase.TURN` up through
# the enum class's __getattr__ hook, several times slower than a module name, and the rules compare
# phases at every ask (bench_engine: Kombio 15% slower with `Phase.X`). tests/test_phases.py checks
# each name is its member.
READY, PLACE, PLAY, ROUND_OVER, MATCH_OVER = Phase


class SixteenCombos(Game):
    Phase = Phase
    # Its id, title, summary, aliases and seats: its entry in game/games.py.
    option_specs = (
        OptionSpec("columns", "Columns", 0,
                   "Pairs per character; Auto: 10 with two characters, else the most the deal deck allows.",
                   minimum=0, maximum=13, zero_label="Auto"),
        OptionSpec("encounters", "Encounters", 1, "Encounters in a match; the most encounters won takes it.",
                   minimum=1, maximum=5),
        OptionSpec("round_limit", "Round limit", 40,
                   "An encounter ends after this many rounds: the most pairs left wins.", minimum=5, maximum=200),
        OptionSpec("pass_cost", "Pass cost", 1,
                   "Passing your turn lowers your defense pair by this many points; Free: a pass costs nothing.",
                   minimum=0, maximum=3, zero_label="Free", legacy=0),
        OptionSpec("counter_with", "Counter with", "defense pair",
                   "A counter uses the defense pair's type and value (as printed) or the attacked pair's.",
                   choices=("defense pair", "target pair"), legacy="target pair"),
        OptionSpec("ask_reactions", "Ask for reactions", "every attack",
                   "Every attack: the target is asked before and after the draw unless the table can see it has no "
                   "reaction, so a wait tells nobody what its face-down cards are. Only when it has one: faster, but "
                   "a wait tells everybody it holds a face card.",
                   choices=("every attack", "only when it has one"), legacy="only when it has one"),
        OptionSpec("reaction_seconds", "Reaction clock (seconds)", 0.0,
                   "Time to answer a reaction prompt; No limit waits for the answer.", minimum=0.0, maximum=30.0,
                   step=1.0, zero_label="No limit"),
        OptionSpec("recovery", "A. Recovery", False,
                   "On a critical failure the target may take the action card onto one of its pairs."),
        OptionSpec("reuse_values", "B. Reusing Value Cards", False,
                   "Drawn action cards are discarded as soon as their value is noted; counters stand in."),
        OptionSpec("drop_lowest", "C. Drop Lowest Dealt", False,
                   "One extra value card each; the one not placed is discarded."),
        OptionSpec("round_robin", "D. Round-robin Order", False,
                   "The highest order card starts; then seat order instead of order cards."),
        OptionSpec("one_of_each", "E. One of Each Type", False,
                   "Four pairs, one of each type; choose your defense pair; change stance after your turn."),
        OptionSpec("multiple_values", "F. Multiple Values Dealt", False,
                   "One extra value card each, stacked on a pair of your choice (14 at most)."),
        OptionSpec("jokers", "G. Using Jokers", False, "Two jokers in each deck (value 14)."),
    )
    actions = (PlaceValue, ChooseDefense, Target, Announce, PassTurn, Consult, Retype, SwapPair, FaceType,
               Scavenge, Counter, Recover, PickPair, Throw, Reveal, HireGuard, Decide, ChangeStance)
    deck_cards = DEAL_CARDS + DRAW_CARDS

    def make_match_rule(self):
        return HighestAfterRounds(self.options["encounters"])

    # -- state ---------------------------------------------------------------------------------------
    def setup(self) -> None:
        n = self.seats
        self.deal_deck: list[Card] = []
        self.waste: list[Card] = []
        self.waste_step = -1        # the step (game version) whose discards form the waste
        self.rows: list[list[Pair | None]] = [[] for _ in range(n)]
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.placing: list[str] = ["done"] * n     # "values", "stack", "defense", "done"
        self.order_cards: list[Card | None] = [None] * n
        self.play_order: tuple[int, ...] = ()
        self.wilds: list[Card | None] = [None] * n
        self.consults: list[Pair | None] = [None] * n
        # Pairs held aside by Grapples, back at the owner's next turn (two attackers may each
        # grapple the same character before that turn comes).
        self.grappled: list[list[Pair]] = [[] for _ in range(n)]
        self.stolen: list[Pair | None] = [None] * n     # a stolen pair kept to use as the next action
        self.boosts: list[list[tuple[int, int, Card | None]]] = [[] for _ in range(n)]  # Defend: (slot, amount, card)
        self.reacted = [False] * n
        self.incap = [0] * n        # the round in which the character was incapacitated (0: not)
        self.shoved = [False] * n
        self.scavenging = [False] * n
        self.out = [False] * n
        self.columns = 0
        self.enc_round = 0
        self.queue: list[int] = []  # seats still to take their turn this round
        self.attack: Attack | None = None
        self.extra: list[Attack] = []     # extra turns waiting (Hire Assassin, Grapple) for the active seat
        self.prompt_seat: int | None = None
        self.deadline: float | None = None
        self.combo_pending: str | None = None
        self.combo_chooser: int | None = None
        self.combo_data: dict[str, Any] = {}
        self.after_counter: Attack | None = None     # the turn a counter interrupted
        self.last_check: Checked | None = None
        self.in_play: list[Card] = []      # cards drawn for the action under way (also attack.cards)
        self._counts = _Memo()
        self._memo = _Memo()

    # -- small helpers ------------------------------------------------------------------------------------
    def defense_slot(self, seat: int) -> int | None:
        row = self.rows[seat]
        for slot in range(len(row) - 1, -1, -1):
            if row[slot] is not None:
                return slot
        return None

    def pair_at(self, seat: int, slot: int) -> Pair | None:
        row = self.rows[seat]
        return row[slot] if 0 <= slot < len(row) else None

    def pairs_left(self, seat: int) -> int:
        return sum(1 for p in self.rows[seat] if p is not None)

    def standing(self) -> list[int]:
        return [s for s in range(self.seats) if not self.out[s]]

    def row_counts(self, seat: int) -> dict[str, int]:
        """How many value cards of each type the seat's value row holds (computed once per step)."""
        memo = self._counts
        if memo.version != self.version:
            memo.clear()
            memo.version = self.version
        cached = memo.get(seat)
        if cached is not None:
            return cached
        counts = {VIT: 0, WTH: 0, STR: 0, FIN: 0}
        for pair in self.rows[seat]:
            if pair is not None and pair.values:
                top = pair.values[-1]
                if top.rank == JOKER:
                    counts[FIN] += 1
                    counts[VIT] += 1
                else:
                    counts[top.suit] += 1  # type: ignore[index]
        memo[seat] = counts
        return counts

    def incapacitated(self, seat: int) -> bool:
        return self.incap[seat] != 0

    def _draw(self, events: list[Event]) -> Card | None:
        return self.piles.draw(self.rng, events)

    def _discard(self, type_cards: list[Card], value_cards: list[Card], events: list[Event],
                 src: dict[int, Place], shown: dict[int, frozenset[int] | None]) -> None:
        """One batch of discards: the old waste goes face down, type cards face down, the value cards
        become the new waste (face up)."""
        if not type_cards and not value_cards:
            return
        if value_cards and self.waste_step != self.version:
            # a new step's discards: the old waste goes face down (one step's discards land together)
            for card in self.waste:
                self.piles.discard.append(card)
                events.append(CardMoved(card, WASTE, DISCARD))
            self.waste = []
        if value_cards:
            self.waste_step = self.version
        for card in type_cards:
            self.piles.discard.append(card)
            events.append(CardMoved(card, src[card.id], DISCARD, shown.get(card.id, None)))
        for card in value_cards:
            self.waste.append(card)
            events.append(CardMoved(card, src[card.id], WASTE))

    def _discard_pair(self, pair: Pair, seat: int, where: Place, events: list[Event],
                      extra_values: list[Card] = ()) -> None:  # type: ignore[assignment]
        src = {pair.type_card.id: type_place(seat, where.index) if where.zone == "pair" else where}
        for c in pair.values:
            src[c.id] = value_place(seat, where.index) if where.zone == "pair" else where
        for c in extra_values:
            src[c.id] = seat_place("action", self.attack.seat if self.attack else seat)
        shown = {pair.type_card.id: None if pair.type_up else only(seat)}
        self._discard([pair.type_card], list(pair.values) + list(extra_values), events, src, shown)

    # -- dealing --------------------------------------------------------------------------------------------
    def _on_StartRound(self, action: StartRound, t: float) -> list[Event]:
        if action.seat != TABLE:
            raise NotYourTurn("only the table deals an encounter")
        if self.phase not in (READY, ROUND_OVER):
            raise WrongPhase("an encounter is still being played")
        top_deal: tuple[str, ...] | None = None
        top_draw: tuple[str, ...] | None = None
        if action.deck:
            faces = list(action.deck)
            if STACK_SPLIT in faces:
                i = faces.index(STACK_SPLIT)
                top_deal, top_draw = tuple(faces[:i]) or None, tuple(faces[i + 1:]) or None
            else:
                top_deal = tuple(faces)
        jokers = self.options["jokers"]
        deal_cards = [c for c in DEAL_CARDS if jokers or c.rank != JOKER]
        draw_cards = [c for c in DRAW_CARDS if jokers or c.rank != JOKER]
        deal = stacked_deck(deal_cards, top_deal, self.rng)     # refuses a bad stack before any change
        draw = stacked_deck(draw_cards, top_draw, self.rng)
        self.setup()
        self.deal_deck = deal
        self.piles.deck, self.piles.discard = draw, []
        self.round += 1
        self.dealer = self.seats - 1
        n = self.seats
        events: list[Event] = []
        from game.core.events import RoundStarted
        events.append(RoundStarted(self.round, self.dealer, 0))
        # Character Order: one order card each from the draw deck, face up for the encounter.
        for s in range(n):
            card = self.piles.deck.pop()
            self.order_cards[s] = card
            events.append(CardMoved(card, DECK, seat_place("order", s)))
        by_card = sorted(range(n), key=lambda s: (-card_value(self.order_cards[s]), s))  # type: ignore[arg-type]
        if self.options["round_robin"]:
            first = by_card[0]
            self.play_order = tuple((first + i) % n for i in range(n))
        else:
            self.play_order = tuple(by_card)
        self.columns = cols = columns_for(n, self.options)
        events.append(EncounterDealt(self.play_order, cols))
        # Target Type Order: type cards dealt left to right (a joker goes under the deal deck).
        if self.options["one_of_each"]:
            for s in range(n):
                for slot, suit in enumerate(self._one_of_each()):
                    self.rows[s].append(Pair(suit))
                    events.append(CardMoved(suit, DEAL_DECK, type_place(s, slot), only(s)))
        else:
            self.rows = [[] for _ in range(n)]
            for slot in range(cols):
                for s in range(n):
                    card = self._deal_type_card()
                    self.rows[s].append(Pair(card))
                    events.append(CardMoved(card, DEAL_DECK, type_place(s, slot), only(s)))
        extra = 1 if (self.options["drop_lowest"] or self.options["multiple_values"]
                      or self.options["one_of_each"]) else 0
        for s in range(n):
            for i in range(len(self.rows[s]) + extra):
                card = self.deal_deck.pop()
                self.hands[s].append(card)
                events.append(CardMoved(card, DEAL_DECK, hand_place(s), only(s)))
            self.placing[s] = "values"
        self.phase = PLACE
        self.step = "place"
        return events

    def _deal_type_card(self) -> Card:
        while True:
            card = self.deal_deck.pop()
            if card.rank != JOKER:
                return card
            self.deal_deck.insert(0, card)

    def _one_of_each(self) -> list[Card]:
        found: dict[str, Card] = {}
        skipped: list[Card] = []
        while len(found) < 4:
            card = self.deal_deck.pop()
            if card.suit is not None and card.suit not in found:
                found[card.suit] = card
            else:
                skipped.append(card)
        self.deal_deck.extend(reversed(skipped))   # passed-over cards stay in the deck in their order
        return [found[t] for t in TYPES]

    # -- the placement step -----------------------------------------------------------------------------------
    def _placement_legal(self, seat: int) -> list[Action]:
        stage = self.placing[seat]
        out: list[Action] = []
        row = self.rows[seat]
        if stage in ("values", "stack"):
            slots = tuple(slot for slot, p in enumerate(row) if p is not None and (stage == "stack" or not p.values))
            return list(_placements(seat, len(self.hands[seat]), slots))
        elif stage == "defense":
            for slot, p in enumerate(row):
                if p is not None:
                    out.append(ChooseDefense(seat, pair_place(seat, slot)))
        return out

    def _on_PlaceValue(self, action: PlaceValue, t: float) -> list[Event]:
        if not self._placement_ok(action):
            self._require_legal(action)   # raises the specific error
        seat, i, slot = action.seat, action.card.index, action.pair.index
        card = self.hands[seat].pop(i)
        pair = self.rows[seat][slot]
        assert pair is not None
        pair.values.append(card)
        pair.value = pair.printed
        events: list[Event] = [CardMoved(card, hand_place(seat), value_place(seat, slot), only(seat), seat)]
        if len(pair.values) > 1:
            # placed face down: the sum is the owner's to know (no counter for the table)
            events.append(ValueChanged(seat, slot, pair.value, card_value(card), "stacked", only(seat)))
        if self.placing[seat] == "values" and all(p is None or p.values for p in self.rows[seat]):
            if self.hands[seat]:
                if self.options["multiple_values"] or self.options["one_of_each"]:
                    self.placing[seat] = "stack"
                else:   # C: the card not placed is discarded
                    left = self.hands[seat]
                    self.hands[seat] = []
                    self._discard([], left, events, {c.id: hand_place(seat) for c in left}, {})
                    self._placed(seat, events)
            else:
                self._placed(seat, events)
        elif self.placing[seat] == "stack" and not self.hands[seat]:
            self._placed(seat, events)
        self._maybe_begin(events)
        return events

    def _placement_ok(self, action: PlaceValue) -> bool:
        """The placement step's legality without listing every card x column choice (the hot path)."""
        seat, card, pair = action.seat, action.card, action.pair
        if self.phase != PLACE or not 0 <= seat < self.seats or self.placing[seat] not in ("values", "stack"):
            return False
        if card != hand_place(seat, card.index) or pair != pair_place(seat, pair.index):
            return False
        if not 0 <= card.index < len(self.hands[seat]) or not 0 <= pair.index < len(self.rows[seat]):
            return False
        target = self.rows[seat][pair.index]
        return target is not None and (self.placing[seat] == "stack" or not target.values)

    def _placed(self, seat: int, events: list[Event]) -> None:
        self.placing[seat] = "defense" if self.options["one_of_each"] else "done"

    def _on_ChooseDefense(self, action: ChooseDefense, t: float) -> list[Event]:
        self._require_legal(action)
        seat, slot = action.seat, action.pair.index
        events: list[Event] = []
        last = self.defense_slot(seat)
        if last is not None and last != slot:
            self._swap_slots(seat, slot, last, "chosen defense", events)
        self.placing[seat] = "done"
        self._maybe_begin(events)
        return events

    def _maybe_begin(self, events: list[Event]) -> None:
        if any(stage != "done" for stage in self.placing):
            return
        for s in range(self.seats):
            slot = self.defense_slot(s)
            if slot is not None:
                self._show_type(s, slot, events)
        events.append(PairsReady())
        self.phase = PLAY
        self._begin_round(events)

    def _show_type(self, seat: int, slot: int, events: list[Event]) -> None:
        pair = self.rows[seat][slot]
        if pair is not None and not pair.type_up:
            pair.up.add(pair.type_card.id)
            events.append(CardRevealed(type_place(seat, slot), pair.type_card))

    # -- rounds and turns -----------------------------------------------------------------------------------------
    def _begin_round(self, events: list[Event]) -> None:
        self.enc_round += 1
        self.reacted = [False] * self.seats
        if self.enc_round > self.options["round_limit"]:
            self._end_by_limit(events)
            return
        self.queue = [s for s in self.play_order if not self.out[s]]
        events.append(RoundBegan(self.enc_round, tuple(self.queue)))
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        while True:
            if self.phase != PLAY:
                return
            if not self.queue:
                self._begin_round(events)
                return
            seat = self.queue.pop(0)
            if self.out[seat]:
                continue
            if self._start_turn(seat, events):
                return

    def _start_turn(self, seat: int, events: list[Event]) -> bool:
        """Turn-start effects; False when the turn is skipped (incapacitated this round)."""
        self.turn = seat
        # Grapple: the held pair comes back as the defense pair.
        held = self.grappled[seat]
        if held:
            self.grappled[seat] = []
            # The first pair taken was the defense pair then: it comes back last, as the defense
            # pair again.
            for pair in reversed(held):
                slot = len(self.rows[seat])
                self.rows[seat].append(pair)
                events.append(PairMovedTo(seat, -1, "row", seat, slot))
            self._show_type(seat, slot, events)
        # Defend's raise lasts until the owner's next turn.
        for slot, amount, card in self.boosts[seat]:
            pair = self.pair_at(seat, slot)
            if pair is not None and (card is None or card in pair.values):
                if card is not None:
                    pair.values.remove(card)
                public = pair.value_public
                pair.value = max(1, pair.value - amount)
                events.append(self._value_changed(seat, slot, pair, -amount, "Defend ends", public))
                if card is not None:
                    self._discard([], [card], events, {card.id: value_place(seat, slot)}, {})
        self.boosts[seat] = []
        if self.incap[seat]:
            if self.incap[seat] == self.enc_round:
                events.append(TurnSkipped(seat, "incapacitated"))
                return False
            self.incap[seat] = 0
            events.append(StatusChanged(seat, "incapacitated", False))
        events.append(TurnStarted(seat))
        self._begin_action(Attack(seat), events)
        return True

    def _begin_action(self, attack: Attack, events: list[Event]) -> None:
        seat = attack.seat
        self.attack = attack
        if self.shoved[seat]:
            attack.fixed = "shove"
        elif self.stolen[seat] is not None:
            attack.fixed = "steal"
        self.step = "target"
        self.prompt_seat = seat
        if attack.locked_victim is not None and not self._target_choices(attack):
            self._end_turn(events)

    def _target_choices(self, attack: Attack) -> list[Place]:
        out = []
        for s in range(self.seats):
            if s == attack.seat or self.out[s]:
                continue
            if attack.locked_victim is not None and s != attack.locked_victim:
                continue
            if attack.free_target:
                out.extend(pair_place(s, slot) for slot, p in enumerate(self.rows[s]) if p is not None)
            else:
                slot = self.defense_slot(s)
                if slot is not None:
                    out.append(pair_place(s, slot))
        return out

    def available_types(self, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(types held twice or more: sure; types held once: the drawn card must match)."""
        counts = self.row_counts(seat)
        return (tuple(t for t in TYPES if counts[t] >= 2), tuple(t for t in TYPES if counts[t] == 1))

    def _require_legal(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("the match is over")
        if action not in self.legal_actions(action.seat):
            if self.phase not in (PLACE, PLAY):
                raise WrongPhase(f"{type(action).__name__} is not possible now (phase: {self.phase})")
            if action.seat not in self.seats_to_act():
                raise NotYourTurn(f"seat {action.seat} may not act now")
            if type(action) not in {type(a) for a in self.legal_actions(action.seat)}:
                raise WrongPhase(f"{type(action).__name__} is not possible at the {self.step} step")
            if isinstance(action, Target) and self.attack is not None:
                self._refuse_target(action.pair, self.attack)
            raise NotAChoice(f"{action} is not one of the choices now")

    def _refuse_target(self, pair: Place, attack: Attack) -> None:
        """Why a pair is not a target of this attack, when the rules say why."""
        s = pair.seat
        if pair.zone != "pair" or not 0 <= s < self.seats:
            return
        if s == attack.seat:
            raise InvalidTarget("you attack another character's pair, not your own")
        if self.out[s]:
            raise InvalidTarget(f"seat {s} is already defeated")
        if attack.locked_victim is not None and s != attack.locked_victim:
            raise InvalidTarget(f"this extra turn attacks seat {attack.locked_victim} again")
        if not attack.free_target and 0 <= pair.index < len(self.rows[s]) and self.rows[s][pair.index] is not None:
            raise InvalidTarget("only a character's defense pair (the rightmost) can be targeted")

    # -- target and type -------------------------------------------------------------------------------------------
    def _on_PassTurn(self, action: PassTurn, t: float) -> list[Event]:
        self._require_legal(action)
        seat = action.seat
        events: list[Event] = [TurnPassed(seat)]
        cost = self.pass_cost(seat)
        self.attack = None
        if cost:
            # Passing costs a point (the rules page says why): the passer's guard drops.
            self._damage(seat, self.defense_slot(seat), cost, "a pass", events)  # type: ignore[arg-type]
            if self._encounter_over(events):
                return events
        self._end_turn(events)
        return events

    def pass_cost(self, seat: int) -> int:
        """What passing now costs `seat`'s defense pair, in points: the option's cost on the
        character's own turn, nothing for an extra action (Hire Assassin, Grapple) it declines,
        nothing when it may not pass now."""
        attack = self.attack
        if (attack is None or attack.seat != seat or attack.second or self.prompt_seat != seat
                or self.step not in ("target", "type") or self.defense_slot(seat) is None):
            return 0
        return self.options["pass_cost"]

    def _on_Target(self, action: Target, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        attack.victim, attack.slot = action.pair.seat, action.pair.index
        events: list[Event] = [TargetChosen(attack.seat, attack.victim, attack.slot)]
        if attack.fixed == "shove":
            pair = self.rows[attack.seat][self.defense_slot(attack.seat)]  # type: ignore[index]
            attack.atype, attack.value = pair.type, pair.value   # type: ignore[union-attr]
            self.shoved[attack.seat] = False
            events.append(StatusChanged(attack.seat, "shoved", False))
            events.append(TypeAnnounced(attack.seat, attack.atype, False, "shove"))  # type: ignore[arg-type]
            self._after_announce(events, t)
        elif attack.fixed == "steal":
            pair = self.stolen[attack.seat]
            assert pair is not None
            attack.atype, attack.value = pair.type, pair.value
            events.append(TypeAnnounced(attack.seat, attack.atype, False, "steal"))
            self._after_announce(events, t)
        else:
            self.step = "type"
        return events

    def _on_Announce(self, action: Announce, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        sure, _ = self.available_types(attack.seat)
        attack.atype, attack.wild = action.atype, action.wild
        attack.risky = action.atype not in sure and not action.wild
        events: list[Event] = [TypeAnnounced(attack.seat, action.atype, action.wild)]
        self._after_announce(events, t)
        return events

    def _after_announce(self, events: list[Event], t: float) -> None:
        attack = self.attack
        assert attack is not None and attack.victim is not None
        victim = attack.victim
        if (not attack.counter and self.consults[victim] is not None and attack.slot == self.defense_slot(victim)
                and not self.incapacitated(victim)):
            self._prompt("consult", victim, t)
            return
        self._predictive(events, t)

    def _on_Consult(self, action: Consult, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        attack.consult = action.use
        events: list[Event] = [ConsultationChosen(action.seat, action.use)]
        self._predictive(events, t)
        return events

    # -- reactions --------------------------------------------------------------------------------------------------
    def target_pair(self) -> Pair | None:
        attack = self.attack
        if attack is None or attack.victim is None:
            return None
        if attack.consult:
            return self.consults[attack.victim]
        return self.pair_at(attack.victim, attack.slot)  # type: ignore[arg-type]

    def _reaction_moves(self, seat: int) -> list[Action]:
        if self.reacted[seat] or self.incapacitated(seat):
            return []
        pair = self.target_pair()
        if pair is None:
            return []
        out: list[Action] = []
        top = pair.values[-1] if pair.values else None
        kinds: tuple[str, ...] = ()
        if top is not None and is_face(top):
            kinds = FACE_TYPES[top.rank]
        if pair.value >= MAX_VALUE:
            kinds = tuple(dict.fromkeys(kinds + (FIN, VIT)))
        for kind in kinds:
            if kind != pair.type:
                out.append(Retype(seat, kind))
        if (len(pair.values) == 1 and top is not None and top.rank != JOKER
                and (is_face(top) or is_face(pair.type_card))):
            out.append(SwapPair(seat))
        return out

    def _reaction_offered(self, victim: int) -> bool:
        """Whether the target is asked for a reaction, decided on what every seat knows: whether it
        has one can hang on its face-down cards, and a turn that waited only then would tell the
        table. A target with nothing to do is asked all the same; its one answer is to pass."""
        if self.reacted[victim] or self.incapacitated(victim):
            return False
        pair = self.target_pair()
        if pair is None:
            return False
        attack = self.attack
        if (self.options["ask_reactions"] != "every attack" or (attack is not None and attack.consult)
                or all(c.id in pair.up for c in pair.cards())):
            return bool(self._reaction_moves(victim))    # every card is in sight (or the house rule)
        return True

    def _surprised(self) -> bool:
        """The action is a Surprise: no informed reaction (the program knows the cell)."""
        combo = self._combo_name()
        return combo is not None and "Surprise" in CAVEATS[combo]

    def _predictive(self, events: list[Event], t: float) -> None:
        attack = self.attack
        assert attack is not None and attack.victim is not None
        if self._reaction_offered(attack.victim):
            self._prompt("predict", attack.victim, t)
            return
        self._draw_value(events, t)

    def _prompt(self, step: str, seat: int, t: float) -> None:
        self.step = step
        self.prompt_seat = seat
        seconds = self.options["reaction_seconds"]
        self.deadline = t + seconds if seconds and step in ("consult", "predict", "inform", "counter") else None

    def _on_Retype(self, action: Retype, t: float) -> list[Event]:
        self._require_legal(action)
        pair = self.target_pair()
        assert pair is not None
        pair.retyped = action.to
        self.reacted[action.seat] = True
        events: list[Event] = [Reacted(action.seat, "retype", action.to)]
        self._reaction_done(events, t)
        return events

    def _on_SwapPair(self, action: SwapPair, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        pair = self.target_pair()
        assert pair is not None
        old_type, old_value = pair.type_card, pair.values[0]
        damage = pair.printed - pair.value      # the counter's change travels with the pair
        pair.told = pair.told and (old_type.id in pair.up or bool(attack.consult))
        pair.type_card, pair.values = old_value, [old_type]
        pair.retyped = None
        pair.value = max(1, pair.printed - damage)
        self.reacted[action.seat] = True
        events: list[Event] = [Reacted(action.seat, "swap", pair.type)]
        if attack.consult:
            where = seat_place("consult", action.seat)
            events.append(CardsSwapped(where, where, action.seat))
        else:
            a, b = type_place(action.seat, attack.slot), value_place(action.seat, attack.slot)  # type: ignore[arg-type]
            events.append(CardsSwapped(a, b, action.seat))
        # The type card of a target pair is face up (everybody sees what it is attacked as).
        pair.up.discard(old_type.id)
        pair.up.add(pair.type_card.id)
        place = seat_place("consult", action.seat) if attack.consult else type_place(action.seat, attack.slot)  # type: ignore[arg-type]
        events.append(CardRevealed(place, pair.type_card))
        self._reaction_done(events, t)
        return events

    def _reaction_done(self, events: list[Event], t: float) -> None:
        step = self.step
        self.deadline = None
        if step == "predict":
            self._draw_value(events, t)
        elif step == "inform":
            self._check(events, t)

    def _on_Pass(self, action: Pass, t: float) -> list[Event]:
        self._require_legal(action)
        return self._decline(action.seat, t, [Passed(action.seat)])

    def _on_Expire(self, action: Expire, t: float) -> list[Event]:
        if action.seat != TABLE:
            raise NotYourTurn("only the table lets a prompt run out")
        if self.deadline is None or self.prompt_seat is None or t < self.deadline:
            raise WrongPhase("no reaction prompt has run out")
        return self._decline(self.prompt_seat, t, [Passed(self.prompt_seat)])

    def _decline(self, seat: int, t: float, events: list[Event]) -> list[Event]:
        step = self.step
        self.deadline = None
        if step == "consult":
            assert self.attack is not None
            self.attack.consult = False
            events.append(ConsultationChosen(seat, False))
            self._predictive(events, t)
        elif step == "predict":
            self._draw_value(events, t)
        elif step == "face":
            self._value_final(events, t)
        elif step == "inform":
            self._check(events, t)
        elif step == "counter":
            self._after_counter_choice(events, t)
        elif step == "combo":
            self._combo_done(events, t)
        elif step == "stance":
            self._turn_over(events)
        return events

    # -- drawing the value -------------------------------------------------------------------------------------------
    def _draw_value(self, events: list[Event], t: float) -> None:
        attack = self.attack
        assert attack is not None
        seat = attack.seat
        self.step = "draw"
        self.prompt_seat = None
        if attack.fixed:
            events.append(ValueSet(seat, attack.value, attack.fixed))  # type: ignore[arg-type]
            self._value_final(events, t)
            return
        if attack.wild:
            card = self.wilds[seat]
            assert card is not None
            self.wilds[seat] = None
            attack.cards = [card]
            self.in_play = attack.cards
            events.append(CardMoved(card, seat_place("wild", seat), seat_place("action", seat)))
            events.append(StatusChanged(seat, "wild card", False))
            attack.value = card_value(card)
            events.append(ValueSet(seat, attack.value, "wild card"))
            self._value_final(events, t)
            return
        if self.scavenging[seat]:
            self.scavenging[seat] = False
            events.append(StatusChanged(seat, "scavenging", False))
            for _ in range(2):
                card = self._draw(events)
                if card is not None:
                    attack.cards.append(card)
                    events.append(CardMoved(card, DECK, seat_place("action", seat)))
            self.in_play = attack.cards
            if not attack.cards:
                self._fizzle(events, t, "nothing left to draw")
                return
            self.step = "scavenge"
            self.prompt_seat = seat
            return
        card = self._draw(events)
        if card is None:
            self._fizzle(events, t, "nothing left to draw")
            return
        attack.cards = [card]
        self.in_play = attack.cards
        events.append(CardMoved(card, DECK, seat_place("action", seat)))
        attack.value = card_value(card)
        events.append(ValueSet(seat, attack.value, "drawn"))
        if is_face(card) and self._face_types(seat, card):
            self.step = "face"
            self.prompt_seat = seat
            return
        self._value_final(events, t)

    def _face_types(self, seat: int, card: Card) -> tuple[str, ...]:
        attack = self.attack
        assert attack is not None
        counts = self.row_counts(seat)
        drawn = row_types(card)
        return tuple(t for t in FACE_TYPES[card.rank] if t != attack.atype
                     and (counts[t] >= 2 or (counts[t] == 1 and t in drawn)))

    def _on_FaceType(self, action: FaceType, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        attack.atype = action.to
        attack.risky = False
        events: list[Event] = [ActionTypeChanged(action.seat, action.to)]
        self._value_final(events, t)
        return events

    def _on_Scavenge(self, action: Scavenge, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        if action.waste and self.waste:
            attack.value = card_value(self.waste[-1])
            how = "the waste's value"
        else:
            attack.value = sum(card_value(c) for c in attack.cards)   # Unlimited: may pass 14
            how = "the two cards added"
        events: list[Event] = [ValueSet(action.seat, attack.value, how)]
        if action.waste and self.waste:
            # the two drawn cards are discarded now, the second drawn becoming the waste
            cards = attack.cards
            attack.cards = []
            self.in_play = []
            self._discard([], cards, events, {c.id: seat_place("action", action.seat) for c in cards}, {})
        self._value_final(events, t, checked_type=False)
        return events

    def _value_final(self, events: list[Event], t: float, checked_type: bool = True) -> None:
        attack = self.attack
        assert attack is not None
        seat = attack.seat
        if attack.value is None:
            attack.value = sum(card_value(c) for c in attack.cards)
        if attack.risky and attack.cards and checked_type:
            if attack.atype not in row_types(attack.cards[0]):
                self._fizzle(events, t, "type")
                return
        if self.options["reuse_values"] and attack.cards:
            # B: the value is noted (a counter) and the card goes at once
            attack.noted = True
            cards = attack.cards
            attack.cards = []
            self.in_play = []
            self._discard([], cards, events, {c.id: seat_place("action", seat) for c in cards}, {})
        victim = attack.victim
        assert victim is not None
        pair = self.target_pair()
        # Whether the cell is a Surprise is public when the target pair's type is; when the type
        # card lies face down the target is asked either way (and, surprised, may only pass).
        type_public = pair is not None and (pair.type_card.id in pair.up or pair.retyped is not None
                                            or bool(attack.consult) or self.options["ask_reactions"] != "every attack")
        if (not attack.counter and self._combo_name() is not None and (not self._surprised() or not type_public)
                and self._reaction_offered(victim)):
            self._prompt("inform", victim, t)
            return
        self._check(events, t)

    def _fizzle(self, events: list[Event], t: float, why: str) -> None:
        attack = self.attack
        assert attack is not None
        events.append(Fizzled(attack.seat, attack.atype or ""))
        self._discard_action_cards(events)
        self._end_turn(events)

    def _discard_action_cards(self, events: list[Event]) -> None:
        attack = self.attack
        if attack is None or not attack.cards:
            return
        cards = attack.cards
        attack.cards = []
        self.in_play = []
        self._discard([], cards, events, {c.id: seat_place("action", attack.seat) for c in cards}, {})

    def _combo_name(self) -> str | None:
        attack = self.attack
        pair = self.target_pair()
        if attack is None or pair is None or attack.atype is None:
            return None
        return COMBOS[pair.type][attack.atype]

    # -- the check -------------------------------------------------------------------------------------------
    def _check(self, events: list[Event], t: float) -> None:
        attack = self.attack
        assert attack is not None and attack.victim is not None and attack.value is not None
        self.deadline = None
        self.prompt_seat = None
        self.step = "check"
        seat, victim = attack.seat, attack.victim
        pair = self.target_pair()
        assert pair is not None
        combo = COMBOS[pair.type][attack.atype]  # type: ignore[index]
        diff = attack.value - pair.value
        outcome = outcome_of(diff)
        check = Checked(seat, victim, -1 if attack.consult else attack.slot, attack.atype, pair.type,  # type: ignore[arg-type]
                        attack.value, pair.value, outcome, combo, attack.counter, bool(attack.consult))
        self.last_check = check
        events.append(check)
        caveats = CAVEATS[combo]
        if attack.grapple and outcome != "critical failure":
            where = (seat_place("consult", victim), seat_place("consult", victim)) if attack.consult else \
                (type_place(victim, attack.slot), value_place(victim, attack.slot))  # type: ignore[arg-type]
            for card, place in zip((pair.type_card, pair.values[-1]), where):
                if card.id not in pair.up:
                    pair.up.add(card.id)
                    events.append(CardRevealed(place, card))
        if outcome in ("defeated", "damaged") and "Incapacitated" in caveats and not self.out[victim]:
            # a turn still to come this round is skipped; otherwise it sits out until its next turn
            self.incap[victim] = self.enc_round if victim in self.queue else -1
            events.append(StatusChanged(victim, "incapacitated"))
        if outcome == "damaged":
            if "Passive" not in caveats:
                self._damage(victim, attack.slot, diff, "damaged", events, consult=bool(attack.consult))  # type: ignore[arg-type]
            self._action_over(events, t)
        elif outcome == "missed":
            self._action_over(events, t)
        elif outcome == "critical failure":
            if not self.reacted[seat] and not attack.counter:
                events.append(StatusChanged(seat, "lost reaction"))
            self.reacted[seat] = True
            self._action_over(events, t, critical=True)
        else:
            self._combo(combo, diff, events, t)

    def _damage(self, seat: int, slot: int, amount: int, why: str, events: list[Event], consult: bool = False) -> None:
        pair = self.consults[seat] if consult else self.pair_at(seat, slot)
        if pair is None:
            return
        # A check announced the value and a pass's counter shows it (Passing costs a point); a
        # Poison spill lowers a pair nobody checked: its value stays as known as it was.
        public = why != "Poison" or pair.value_public or consult
        pair.value -= amount
        events.append(self._value_changed(seat, -1 if consult else slot, pair, -amount, why, public))
        if pair.value <= 0:
            self._remove_pair(seat, slot, "worn down", events, consult=consult)

    def _remove_pair(self, seat: int, slot: int, why: str, events: list[Event], consult: bool = False) -> None:
        if consult:
            pair = self.consults[seat]
            assert pair is not None
            self.consults[seat] = None
            events.append(PairDefeated(seat, -1, why))
            self._discard_pair(pair, seat, seat_place("consult", seat), events)
            return
        pair = self.rows[seat][slot]
        assert pair is not None
        was_defense = slot == self.defense_slot(seat)
        self.rows[seat][slot] = None
        self.boosts[seat] = [b for b in self.boosts[seat] if b[0] != slot]
        events.append(PairDefeated(seat, slot, why))
        self._discard_pair(pair, seat, pair_place(seat, slot), events)
        if was_defense:
            new = self.defense_slot(seat)
            if new is not None:
                self._show_type(seat, new, events)
        if not self.pairs_left(seat) and not self.out[seat] and not self.grappled[seat]:
            self._knock_out(seat, events)

    def _knock_out(self, seat: int, events: list[Event]) -> None:
        self.out[seat] = True
        events.append(CharacterOut(seat))
        for holder in (self.consults, self.stolen):
            pair = holder[seat]
            if pair is not None:
                holder[seat] = None
                zone = "consult" if holder is self.consults else "aside"
                self._discard_pair(pair, seat, seat_place(zone, seat), events)
        if self.wilds[seat] is not None:
            card = self.wilds[seat]
            self.wilds[seat] = None
            self._discard([], [card], events, {card.id: seat_place("wild", seat)}, {})  # type: ignore[union-attr]
        self.incap[seat] = 0
        self.shoved[seat] = self.scavenging[seat] = False

    def _take_pair(self, seat: int, slot: int, consult: bool) -> Pair:
        """Take a pair off the table without discarding it (Steal, Grapple)."""
        if consult:
            pair = self.consults[seat]
            self.consults[seat] = None
        else:
            pair = self.rows[seat][slot]
            self.rows[seat][slot] = None
            self.boosts[seat] = [b for b in self.boosts[seat] if b[0] != slot]
        assert pair is not None
        return pair

    # -- the combos ---------------------------------------------------------------------------------------
    def _combo(self, combo: str, diff: int, events: list[Event], t: float) -> None:
        attack = self.attack
        assert attack is not None and attack.victim is not None
        seat, victim, slot = attack.seat, attack.victim, attack.slot
        consult = bool(attack.consult)
        self.combo_pending, self.combo_chooser, self.combo_data = combo, seat, {}
        card = attack.cards[-1] if attack.cards else None

        def defeat_target() -> None:
            self._remove_pair(victim, slot, "defeated", events, consult=consult)  # type: ignore[arg-type]

        if combo in ("Scavenge", "Defend"):        # Passive: the target pair stays
            if combo == "Scavenge":
                self.scavenging[seat] = True
                events.append(StatusChanged(seat, "scavenging"))
                events.append(ComboDone(seat, victim, combo, f"seat {seat} draws two on its next action"))
                self._combo_done(events, t)
            elif (card is None and not attack.noted) or not self._own_slots(seat):
                events.append(ComboDone(seat, victim, combo, "no drawn card to place"))
                self._combo_done(events, t)
            else:
                self._await_combo(seat)
            return
        if combo == "Steal":
            pair = self._take_pair(victim, slot, consult)  # type: ignore[arg-type]
            self.combo_data["pair"] = pair
            events.append(PairMovedTo(victim, -1 if consult else slot, "aside", seat, -1))  # type: ignore[arg-type]
            self._after_loss(victim, events)
            self._await_combo(seat)
            return
        if combo == "Grapple" and not attack.second and not self.out[victim]:
            pair = self._take_pair(victim, slot, consult)  # type: ignore[arg-type]
            if consult:
                self._discard_pair(pair, victim, seat_place("consult", victim), events)
            else:
                self.grappled[victim].append(pair)
                events.append(PairMovedTo(victim, slot, "aside", victim, -1))  # type: ignore[arg-type]
                nxt = self.defense_slot(victim)
                if nxt is not None:
                    self._show_type(victim, nxt, events)
            self._after_loss(victim, events)
            if self.pairs_left(victim):
                self.extra.append(Attack(seat, second=True, locked_victim=victim, grapple=True))
                self.reacted[seat] = True
                events.append(ComboDone(seat, victim, combo, f"seat {seat} gets an extra action on seat {victim}"))
            else:
                events.append(ComboDone(seat, victim, combo, "no pair left to go on with"))
            self._combo_done(events, t)
            return
        if combo == "Snipe":
            if self._victim_slots():
                self._await_combo(seat)
            else:
                defeat_target()
                self._combo_done(events, t)
            return
        defeat_target()
        if combo == "Poison":
            self._poison(victim, slot if not consult else None, diff, events)   # type: ignore[arg-type]
            events.append(ComboDone(seat, victim, combo, f"{diff} spills over"))
            self._combo_done(events, t)
        elif combo == "Hire Assassin":
            if attack.counter:
                events.append(ComboDone(seat, victim, combo, "a counter gives no extra turn"))
            else:
                self.extra.append(Attack(seat, second=True, free_target=True))
                self.reacted[seat] = True
                events.append(ComboDone(seat, victim, combo, f"seat {seat} takes another turn against any pair"))
            self._combo_done(events, t)
        elif combo == "Throw":
            if not self.out[victim] and self.pairs_left(victim) >= 2:
                self._await_combo(seat)
            else:
                self._combo_done(events, t)
        elif combo == "Insight":
            if self._hidden_cards(victim):
                self._await_combo(seat)
            else:
                self._combo_done(events, t)
        elif combo == "Bribe":
            if card is not None and not self.out[victim]:
                self.combo_chooser = victim
                self._await_combo(victim)
            else:
                self._combo_done(events, t)
        elif combo == "Hire Guard":
            if self._hire_guard_moves(seat):
                self._await_combo(seat)
            else:
                self._combo_done(events, t)
        elif combo in ("Stealth", "Dodge"):
            if self.pairs_left(seat) >= 2:
                self._await_combo(seat)
            else:
                self._combo_done(events, t)
        elif combo == "Adrenaline":
            dslot = self.defense_slot(seat)
            if card is not None and dslot is not None:
                self._raise(seat, dslot, card, card_value(card), MAX_VALUE, "Adrenaline", events)
                events.append(ComboDone(seat, victim, combo, f"seat {seat}'s defense pair is raised"))
            elif attack.noted and dslot is not None:   # B: the noted value raises it as a counter
                self._raise_by_counter(seat, dslot, attack.value, MAX_VALUE, "Adrenaline", events)  # type: ignore[arg-type]
                events.append(ComboDone(seat, victim, combo, f"seat {seat}'s defense pair is raised"))
            self._combo_done(events, t)
        elif combo == "Consultation":
            if card is not None:
                type_card = self._draw(events)
                if type_card is not None:
                    old = self.consults[seat]
                    if old is not None:
                        self.consults[seat] = None
                        self._discard_pair(old, seat, seat_place("consult", seat), events)
                    attack.cards.remove(card)
                    pair = Pair(type_card, [card], min(MAX_VALUE, card_value(card)))
                    pair.up = {type_card.id, card.id}
                    if type_card.rank == JOKER:
                        pair.retyped = FIN
                    self.consults[seat] = pair
                    events.append(CardMoved(type_card, DECK, seat_place("consult", seat)))
                    events.append(CardMoved(card, seat_place("action", seat), seat_place("consult", seat)))
                    events.append(ComboDone(seat, victim, combo, f"seat {seat} has a consultation pair"))
            self._combo_done(events, t)
        elif combo == "Shove":
            if not self.out[victim]:
                self.shoved[victim] = True
                events.append(StatusChanged(victim, "shoved"))
                events.append(ComboDone(seat, victim, combo, f"seat {victim} must act with its defense pair"))
            self._combo_done(events, t)
        else:   # Grapple as a second action (Once): a plain defeat
            self._combo_done(events, t)

    def _await_combo(self, chooser: int) -> None:
        self.step = "combo"
        self.prompt_seat = chooser
        self.combo_chooser = chooser

    def _after_loss(self, victim: int, events: list[Event]) -> None:
        if not self.pairs_left(victim) and not self.grappled[victim] and not self.out[victim]:
            self._knock_out(victim, events)

    def _own_slots(self, seat: int) -> list[int]:
        return [slot for slot, p in enumerate(self.rows[seat]) if p is not None]

    def _victim_slots(self) -> list[int]:
        attack = self.attack
        assert attack is not None and attack.victim is not None
        return self._own_slots(attack.victim)

    def _hidden_cards(self, seat: int) -> list[Place]:
        out = []
        for slot, p in enumerate(self.rows[seat]):
            if p is None:
                continue
            if p.type_card.id not in p.up:
                out.append(type_place(seat, slot))
            if p.values and p.values[-1].id not in p.up:
                out.append(value_place(seat, slot))
        return out

    def _hire_guard_moves(self, seat: int) -> list[Action]:
        attack = self.attack
        assert attack is not None
        card = attack.cards[-1] if attack.cards else None
        out: list[Action] = []
        slots = self._own_slots(seat)
        wealth = [s for s in slots if WTH in row_types(self.rows[seat][s].values[-1])  # type: ignore[union-attr]
                  and self.rows[seat][s].values[-1].rank != JOKER and len(self.rows[seat][s].values) == 1]  # type: ignore[union-attr]
        for slot in slots:
            if card is not None and card.rank != JOKER:
                out.append(HireGuard(seat, type_place(seat, slot), DECK))
            for w in wealth:
                out.append(HireGuard(seat, type_place(seat, slot), value_place(seat, w)))
        return out

    def _raise(self, seat: int, slot: int, card: Card, amount: int, cap: int | None, why: str,
               events: list[Event]) -> None:
        pair = self.rows[seat][slot]
        assert pair is not None
        attack = self.attack
        if attack is not None and card in attack.cards:
            attack.cards.remove(card)
        public = pair.value_public     # a face-up card on a value the table does not know
        pair.values.append(card)
        pair.up.add(card.id)
        new = pair.value + amount
        pair.value = min(cap, new) if cap is not None else new
        events.append(CardMoved(card, seat_place("action", attack.seat if attack else seat), value_place(seat, slot)))
        events.append(self._value_changed(seat, slot, pair, amount, why, public))

    def _value_changed(self, seat: int, slot: int, pair: Pair, by: int, why: str, public: bool) -> ValueChanged:
        """The event of a change to `pair`'s value, told to everybody only when the table can
        follow it (`public`); the pair's counter is public as long as every change was."""
        pair.told = public
        return ValueChanged(seat, slot, pair.value, by, why, PUBLIC if public else only(seat))

    def _raise_by_counter(self, seat: int, slot: int, amount: int, cap: int | None, why: str,
                          events: list[Event]) -> int:
        """Rule B: a raise with no card, only a counter. Returns how much the value went up."""
        pair = self.rows[seat][slot]
        assert pair is not None
        before, public = pair.value, pair.value_public
        pair.value = min(cap, before + amount) if cap is not None else before + amount
        events.append(self._value_changed(seat, slot, pair, amount, why, public))
        return pair.value - before

    def _poison(self, victim: int, slot: int | None, spill: int, events: list[Event]) -> None:
        if self.out[victim] or not self.pairs_left(victim):
            return
        left = [s for s in self._own_slots(victim) if slot is None or s < slot]
        nxt = left[-1] if left else self.defense_slot(victim)
        if nxt is not None:
            self._damage(victim, nxt, spill, "Poison", events)

    def _combo_legal(self, seat: int) -> list[Action]:
        combo = self.combo_pending
        attack = self.attack
        assert attack is not None
        victim = attack.victim
        out: list[Action] = []
        if combo == "Defend":
            out = [PickPair(seat, pair_place(seat, s)) for s in self._own_slots(seat)]
        elif combo == "Snipe":
            out = [PickPair(seat, pair_place(victim, s)) for s in self._own_slots(victim)]  # type: ignore[arg-type]
        elif combo in ("Stealth", "Dodge"):
            d = self.defense_slot(seat)
            out = [PickPair(seat, pair_place(seat, s)) for s in self._own_slots(seat) if s != d]
        elif combo == "Throw":
            slots = self._own_slots(victim)  # type: ignore[arg-type]
            out = [Throw(seat, pair_place(victim, a), pair_place(victim, b))  # type: ignore[arg-type]
                   for i, a in enumerate(slots) for b in slots[i + 1:]]
        elif combo == "Insight":
            out = [Reveal(seat, p) for p in self._hidden_cards(victim)]  # type: ignore[arg-type]
        elif combo == "Hire Guard":
            out = self._hire_guard_moves(seat)
        elif combo in ("Bribe", "Steal"):
            return [Decide(seat, True), Decide(seat, False)]
        return out + [_pass(seat)]

    def _on_PickPair(self, action: PickPair, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        combo, seat, slot = self.combo_pending, action.seat, action.pair.index
        events: list[Event] = []
        if combo == "Defend":
            if attack.cards:
                card = attack.cards[-1]
                self._raise(seat, slot, card, card_value(card), None, "Defend", events)
                self.boosts[seat].append((slot, card_value(card), card))
            else:   # B: the noted value is the raise, on a counter
                amount = self._raise_by_counter(seat, slot, attack.value, None, "Defend", events)  # type: ignore[arg-type]
                self.boosts[seat].append((slot, amount, None))
            events.append(ComboDone(seat, attack.victim, combo, f"seat {seat} raises a pair until its next turn"))  # type: ignore[arg-type]
        elif combo == "Snipe":
            self._remove_pair(action.pair.seat, slot, "sniped", events)
            events.append(ComboDone(seat, attack.victim, combo, "another pair is hit instead"))  # type: ignore[arg-type]
        else:   # Stealth / Dodge
            d = self.defense_slot(seat)
            assert d is not None
            self._swap_slots(seat, slot, d, combo, events)  # type: ignore[arg-type]
            pair = self.rows[seat][d]
            assert pair is not None
            if combo == "Stealth":
                for card in pair.cards():
                    if card.id in pair.up:
                        pair.up.discard(card.id)
                events.append(StatusChanged(seat, "defense hidden"))
            else:
                self._show_type(seat, d, events)
            events.append(ComboDone(seat, attack.victim, combo, f"seat {seat} has a new defense pair"))  # type: ignore[arg-type]
        self._combo_done(events, t)
        return events

    def _swap_slots(self, seat: int, a: int, b: int, why: str, events: list[Event]) -> None:
        row = self.rows[seat]
        row[a], row[b] = row[b], row[a]
        boosts = []
        for slot, amount, card in self.boosts[seat]:
            boosts.append((b if slot == a else a if slot == b else slot, amount, card))
        self.boosts[seat] = boosts
        events.append(CardsSwapped(type_place(seat, a), type_place(seat, b), seat))
        events.append(CardsSwapped(value_place(seat, a), value_place(seat, b), seat))
        events.append(PairsMoved(seat, a, b, why))

    def _on_Throw(self, action: Throw, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        victim = action.a.seat
        events: list[Event] = []
        self._swap_slots(victim, action.a.index, action.b.index, "Throw", events)
        d = self.defense_slot(victim)
        if d in (action.a.index, action.b.index):
            self._show_type(victim, d, events)  # type: ignore[arg-type]
        events.append(ComboDone(action.seat, victim, "Throw", "two pairs change places"))
        self._combo_done(events, t)
        return events

    def _on_Reveal(self, action: Reveal, t: float) -> list[Event]:
        self._require_legal(action)
        seat, slot = action.card.seat, action.card.index
        pair = self.rows[seat][slot]
        assert pair is not None
        card = pair.type_card if action.card.zone == "type" else pair.values[-1]
        pair.up.add(card.id)
        events: list[Event] = [CardRevealed(action.card, card),
                               ComboDone(action.seat, seat, "Insight", "a card is turned face up")]
        self._combo_done(events, t)
        return events

    def _on_HireGuard(self, action: HireGuard, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        seat, slot = action.seat, action.type_card.index
        pair = self.rows[seat][slot]
        assert pair is not None
        events: list[Event] = []
        old = pair.type_card
        was_up = old.id in pair.up
        if action.using == DECK:
            card = attack.cards.pop()
            pair.type_card = card
            pair.retyped = None
            pair.up.discard(old.id)
            events.append(CardMoved(card, seat_place("action", seat), type_place(seat, slot)))
            self._discard([old], [], events, {old.id: type_place(seat, slot)}, {old.id: None if was_up else only(seat)})
            pair.up.add(card.id)   # everybody saw it drawn
        else:
            w = action.using.index
            other = self.rows[seat][w]
            assert other is not None
            value_card = other.values[0]
            pair.type_card, other.values = value_card, [old]
            pair.retyped = None
            other.value = card_value(old)
            pair.up.discard(old.id)
            if value_card.id in other.up:
                other.up.discard(value_card.id)
                pair.up.add(value_card.id)
            events.append(CardsSwapped(type_place(seat, slot), value_place(seat, w), seat))
            # the old type card's value is the table's only if it lay face up
            events.append(self._value_changed(seat, w, other, 0, "Hire Guard", was_up))
            if slot == self.defense_slot(seat) and value_card.id not in pair.up:
                pair.up.add(value_card.id)
                events.append(CardRevealed(type_place(seat, slot), value_card))
        events.append(ComboDone(seat, attack.victim, "Hire Guard", f"seat {seat} hires a new type"))  # type: ignore[arg-type]
        self._combo_done(events, t)
        return events

    def _on_Decide(self, action: Decide, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        events: list[Event] = []
        if self.combo_pending == "Bribe":
            if action.yes:
                card = attack.cards.pop()
                old = self.wilds[action.seat]
                if old is not None:
                    self._discard([], [old], events, {old.id: seat_place("wild", action.seat)}, {})
                self.wilds[action.seat] = card
                events.append(CardMoved(card, seat_place("action", attack.seat), seat_place("wild", action.seat)))
                events.append(StatusChanged(action.seat, "wild card"))
            events.append(ComboDone(attack.seat, action.seat, "Bribe",
                                    f"seat {action.seat} {'takes' if action.yes else 'declines'} the wild card"))
        else:   # Steal
            pair: Pair = self.combo_data["pair"]
            seat = action.seat
            if action.yes:
                slot = len(self.rows[seat])
                self.rows[seat].append(pair)
                pair.retyped = pair.retyped
                events.append(PairMovedTo(attack.victim, -1, "row", seat, slot))  # type: ignore[arg-type]
                self._show_type(seat, slot, events)
                events.append(ComboDone(seat, attack.victim, "Steal", f"seat {seat} takes the pair as its defense"))  # type: ignore[arg-type]
            else:
                old = self.stolen[seat]
                if old is not None:
                    self._discard_pair(old, seat, seat_place("aside", seat), events)
                self.stolen[seat] = pair
                for card in pair.cards():
                    if card.id not in pair.up:
                        pair.up.add(card.id)
                events.append(PairMovedTo(attack.victim, -1, "aside", seat, -1))  # type: ignore[arg-type]
                events.append(StatusChanged(seat, "stolen pair"))
                events.append(ComboDone(seat, attack.victim, "Steal", f"seat {seat} keeps the pair for its next action"))  # type: ignore[arg-type]
        self._combo_done(events, t)
        return events

    def _combo_done(self, events: list[Event], t: float) -> None:
        self.combo_pending = None
        self.combo_chooser = None
        self.combo_data = {}
        self._action_over(events, t)

    # -- after the check ---------------------------------------------------------------------------------------
    def _action_over(self, events: list[Event], t: float, critical: bool = False) -> None:
        attack = self.attack
        assert attack is not None
        victim = attack.victim
        # Recovery (A) may still take the action card after a critical failure: it waits in play.
        keep = critical and not attack.counter and self.options["recovery"] and bool(attack.cards)
        if not keep:
            self._discard_action_cards(events)
        if attack.fixed == "steal":
            pair = self.stolen[attack.seat]
            if pair is not None:
                self.stolen[attack.seat] = None
                events.append(StatusChanged(attack.seat, "stolen pair", False))
                self._discard_pair(pair, attack.seat, seat_place("aside", attack.seat), events)
        if attack.consult is not None and victim is not None and self.consults[victim] is not None \
                and not attack.counter:
            # the consultation pair leaves play after this one use, taken or not
            pair = self.consults[victim]
            self.consults[victim] = None
            self._discard_pair(pair, victim, seat_place("consult", victim), events)  # type: ignore[arg-type]
        if self._encounter_over(events):
            return
        if critical and not attack.counter and victim is not None and not self.out[victim] \
                and not self.reacted[victim] and not self.incapacitated(victim):
            if len(self._counter_legal(victim)) > 1:
                self._prompt("counter", victim, t)
                return
        self._discard_action_cards(events)
        if attack.counter:
            self.attack = self.after_counter
            self.after_counter = None
        self._end_turn(events)

    def counter_pair(self, victim: int) -> Pair | None:
        """The pair whose type and value a counter uses: the victim's defense pair (the printed
        rule), or with the "target pair" option the pair that was attacked, if it still stands."""
        attack = self.attack
        if self.options["counter_with"] == "defense pair":
            slot = self.defense_slot(victim)
            return None if slot is None else self.pair_at(victim, slot)
        if attack is None or attack.consult:
            return None   # a consultation pair is gone after its one use
        return self.pair_at(victim, attack.slot)  # type: ignore[arg-type]

    def _counter_legal(self, seat: int) -> list[Action]:
        out: list[Action] = []
        attack = self.attack
        assert attack is not None
        if self.counter_pair(seat) is not None and self.defense_slot(attack.seat) is not None:
            out.append(Counter(seat))
        if self.options["recovery"] and attack.cards:
            out.extend(Recover(seat, pair_place(seat, s)) for s in self._own_slots(seat))
        return out + [_pass(seat)]

    def _on_Counter(self, action: Counter, t: float) -> list[Event]:
        self._require_legal(action)
        first = self.attack
        assert first is not None
        seat = action.seat
        pair = self.counter_pair(seat)
        assert pair is not None
        self.reacted[seat] = True
        self.deadline = None
        events: list[Event] = [Reacted(seat, "counter", pair.type)]
        self._discard_action_cards(events)
        self.after_counter = first
        counter = Attack(seat, victim=first.seat, slot=self.defense_slot(first.seat), atype=pair.type,
                         value=pair.value, second=True, counter=True, consult=False)
        self.attack = counter
        events.append(TargetChosen(seat, first.seat, counter.slot))  # type: ignore[arg-type]
        events.append(TypeAnnounced(seat, pair.type, False, "counter"))
        events.append(ValueSet(seat, pair.value, "counter"))
        self._check(events, t)
        return events

    def _on_Recover(self, action: Recover, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        seat, slot = action.seat, action.pair.index
        card = attack.cards.pop()
        pair = self.rows[seat][slot]
        assert pair is not None
        self.reacted[seat] = True
        self.deadline = None
        public = pair.value_public
        pair.values.append(card)
        pair.up.add(card.id)
        amount = card_value(card)
        pair.value = min(MAX_VALUE, pair.value + amount)
        events: list[Event] = [Reacted(seat, "recover"),
                               CardMoved(card, seat_place("action", attack.seat), value_place(seat, slot)),
                               self._value_changed(seat, slot, pair, amount, "Recovery", public)]
        self._after_counter_choice(events, t)
        return events

    def _after_counter_choice(self, events: list[Event], t: float) -> None:
        self.deadline = None
        self._discard_action_cards(events)
        self._end_turn(events)

    # -- the end of a turn --------------------------------------------------------------------------------------
    def _end_turn(self, events: list[Event]) -> None:
        if self.phase != PLAY:
            return
        attack = self.attack
        seat = self.turn
        self.prompt_seat = None
        self.deadline = None
        critical = self.last_check is not None and self.last_check.seat == seat \
            and self.last_check.outcome == "critical failure" and attack is not None and not attack.counter
        if (self.options["one_of_each"] and not self.out[seat] and not self.incapacitated(seat)
                and not critical and self.pairs_left(seat) >= 2 and self.step != "stance"):
            self.step = "stance"
            self.prompt_seat = seat
            return
        self._turn_over(events)

    def _on_ChangeStance(self, action: ChangeStance, t: float) -> list[Event]:
        self._require_legal(action)
        seat = action.seat
        events: list[Event] = []
        d = self.defense_slot(seat)
        assert d is not None
        self._swap_slots(seat, action.pair.index, d, "Change Stance", events)
        self._show_type(seat, d, events)
        self._turn_over(events)
        return events

    def _turn_over(self, events: list[Event]) -> None:
        seat = self.turn
        self.attack = None
        self.step = "turn"
        self.prompt_seat = None
        if self._encounter_over(events):
            return
        if self.extra and not self.out[seat] and not self.incapacitated(seat):
            attack = self.extra.pop(0)
            events.append(TurnStarted(seat))
            self._begin_action(attack, events)
            return
        self.extra = []
        self._next_turn(events)

    def _encounter_over(self, events: list[Event]) -> bool:
        if self.phase != PLAY:
            return True
        for s in range(self.seats):
            if not self.out[s] and not self.pairs_left(s) and not self.grappled[s]:
                self._knock_out(s, events)
        left = self.standing()
        if len(left) > 1:
            return False
        winner = left[0] if left else (self.attack.seat if self.attack else 0)
        self._finish(winner, "last character standing", events)
        return True

    def _end_by_limit(self, events: list[Event]) -> None:
        def strength(s: int) -> tuple:
            total = sum(p.value for p in self.rows[s] if p is not None)
            return (self.pairs_left(s), total, card_value(self.order_cards[s]), -s)  # type: ignore[arg-type]
        winner = max(self.standing(), key=strength)
        self._finish(winner, "the round limit: the most pairs left", events)

    def _finish(self, winner: int, why: str, events: list[Event]) -> None:
        self.attack = None
        self.step = "over"
        self.prompt_seat = None
        self.deadline = None
        events.append(EncounterWon(winner, why))
        hands = tuple(self.pairs_left(s) for s in range(self.seats))
        scores = tuple(1 if s == winner else 0 for s in range(self.seats))
        self.score_round(hands, scores, (f"Seat {winner} wins: {why}.",), events)

    # -- what the driver asks ---------------------------------------------------------------------------------
    step: str = "ready"

    def seats_to_act(self) -> tuple[int, ...]:
        if self.phase == PLACE:
            return tuple(s for s in range(self.seats) if self.placing[s] != "done")
        if self.phase == PLAY and self.prompt_seat is not None:
            return (self.prompt_seat,)
        return ()

    def table_action(self) -> tuple[Action, float | None] | None:
        if self.phase in (READY, ROUND_OVER):
            return _START, None
        if self.phase == PLAY and self.deadline is not None:
            return _EXPIRE, self.deadline
        return None

    def situation_for(self, seat: int) -> Hashable:
        return self.version

    def acts_out_of_turn(self, seat: int) -> bool:
        """The view's out_of_turn without building the view: prompted in play while not on turn."""
        return self.phase == PLAY and seat != self.turn and seat == self.prompt_seat

    def legal_actions(self, seat: int) -> list[Action]:
        # asked twice per step (by whoever acts, then by apply's check): listed once per version
        memo = self._memo
        if memo.version != self.version:
            memo.clear()
            memo.version = self.version
        out = memo.get(seat)
        if out is None:
            out = memo[seat] = self._list_legal(seat)
        return list(out)

    def _list_legal(self, seat: int) -> list[Action]:
        if seat == TABLE:
            pending = self.table_action()
            return [pending[0]] if pending else []
        if not 0 <= seat < self.seats:
            return []
        if self.phase == PLACE:
            return self._placement_legal(seat)
        if self.phase != PLAY or seat != self.prompt_seat:
            return []
        step = self.step
        attack = self.attack
        if step == "target":
            assert attack is not None
            out: list[Action] = [_target(seat, p) for p in self._target_choices(attack)]
            if attack.fixed != "shove":
                out.append(_pass_turn(seat))
            return out
        if step == "type":
            assert attack is not None
            sure, once = self.available_types(seat)
            out = [_announce(seat, t) for t in TYPES if t in sure or t in once]
            if self.wilds[seat] is not None:
                counts = self.row_counts(seat)
                out.extend(Announce(seat, t, True) for t in TYPES if counts[t] >= 1)
            out.append(_pass_turn(seat))
            return out
        if step == "consult":
            return [Consult(seat, True), Consult(seat, False)]
        if step in ("predict", "inform"):
            if step == "inform" and self._surprised():
                return [_pass(seat)]
            return self._reaction_moves(seat) + [_pass(seat)]
        if step == "face":
            assert attack is not None
            return [FaceType(seat, t) for t in self._face_types(seat, attack.cards[-1])] + [_pass(seat)]
        if step == "scavenge":
            out = [Scavenge(seat, False)]
            if self.waste:
                out.append(Scavenge(seat, True))
            return out
        if step == "counter":
            return self._counter_legal(seat)
        if step == "combo":
            return self._combo_legal(seat)
        if step == "stance":
            d = self.defense_slot(seat)
            return [ChangeStance(seat, pair_place(seat, s)) for s in self._own_slots(seat) if s != d] + [_pass(seat)]
        return []

    # -- the view ---------------------------------------------------------------------------------------------
    def _pair_view(self, pair: Pair, viewer: int, owner: int, slot: int, defense: bool, public: bool) -> PairView:
        mine = viewer == owner or public
        up = pair.up
        tc = pair.type_card if (mine or pair.type_card.id in up) else FACE_DOWN
        values = tuple(c if (mine or c.id in up) else FACE_DOWN for c in pair.values)
        all_up = bool(pair.values) and all(c.id in up for c in pair.values)
        # a counter shows a changed value the table followed; an unchanged one lies face down
        known = mine or all_up or (pair.told and pair.changed)
        counter = bool(pair.values) and pair.changed and known
        type_known = mine or pair.type_card.id in up
        return PairView(slot, tc, values, pair.value if known and pair.values else None, counter,
                        pair.type if type_known else None, defense)

    def observe(self, seat: int) -> SixteenCombosView:
        n = self.seats
        public = self.round_revealed()
        pairs = []
        for s in range(n):
            d = self.defense_slot(s)
            pairs.append(tuple(None if p is None else self._pair_view(p, seat, s, slot, slot == d, public)
                               for slot, p in enumerate(self.rows[s])))
        zones = [ZoneView(seat_place("pairs", s), "pairs", pairs[s], self.pairs_left(s)) for s in range(n)]
        for s in range(n):
            if self.hands[s]:
                cards = tuple(self.hands[s]) if s == seat or self.reveal_all else (FACE_DOWN,) * len(self.hands[s])
                zones.append(ZoneView(hand_place(s), "fan", cards, len(cards)))
        zones += [ZoneView(DECK, "deck", (), len(self.piles.deck)),
                  ZoneView(DEAL_DECK, "deck", (), len(self.deal_deck)),
                  ZoneView(WASTE, "pile", tuple(self.waste), len(self.waste)),
                  ZoneView(DISCARD, "deck", (), len(self.piles.discard))]
        attack = self.attack
        in_play = self.phase == PLAY
        cell = None
        combo = None
        if attack is not None and attack.atype is not None and attack.victim is not None:
            tp = self.target_pair()
            if tp is not None:
                known = seat == attack.victim or tp.type_card.id in tp.up or public
                if known:
                    cell = (attack.atype, tp.type)
                    combo = COMBOS[tp.type][attack.atype]
        statuses = []
        for s in range(n):
            st = []
            if self.out[s]:
                st.append("out")
            if self.incap[s]:
                st.append("incapacitated")
            if self.shoved[s]:
                st.append("shoved")
            if self.scavenging[s]:
                st.append("scavenging")
            if self.stolen[s] is not None:
                st.append("stolen pair")
            if self.grappled[s]:
                st.append("grappled")
            if self.reacted[s]:
                st.append("reaction used")
            statuses.append(tuple(st))
        acting = self.seats_to_act()
        return SixteenCombosView(
            seat=seat, seats=n, round=self.round, phase=self.phase, turn=self.turn if in_play else None,
            dealer=self.dealer, acting=acting,
            out_of_turn=in_play and seat in acting and seat != self.turn,
            direction=1, zones=tuple(zones), windows=(), pending_draw=0, totals=tuple(self.score.totals),
            round_scores=tuple(self.score.rounds), over=self.over, winners=self.winners, prompt=self._prompt_text(),
            ruleset=RULESET, active_rules=active_rule_labels(self.options),
            step=self.step if in_play or self.phase == PLACE else self.phase,
            active=attack.seat if attack else None, victim=attack.victim if attack else None,
            target_slot=attack.slot if attack else None, consulting=bool(attack and attack.consult),
            action_type=attack.atype if attack else None,
            action_value=attack.value if attack and attack.value is not None and self.step not in ("target", "type") else None,
            action_cards=tuple(attack.cards) if attack else (), combo_cell=cell, combo=combo,
            last_check=self.last_check, pairs=tuple(pairs),
            hand=tuple(self.hands[seat]) if 0 <= seat < n else (),
            hand_counts=tuple(len(h) for h in self.hands), order_cards=tuple(self.order_cards),
            play_order=self.play_order, wilds=tuple(self.wilds),
            consults=tuple(None if p is None else self._pair_view(p, seat, s, -1, False, True)
                           for s, p in enumerate(self.consults)),
            aside=tuple(None if p is None else self._pair_view(p, seat, s, -1, False, s == seat or public)
                        for s, p in enumerate(self.stolen)),
            reacted=tuple(self.reacted), incapacitated=tuple(bool(i) for i in self.incap), out=tuple(self.out),
            statuses=tuple(statuses), waste=tuple(self.waste), deck_size=len(self.piles.deck),
            deal_size=len(self.deal_deck), discard_size=len(self.piles.discard), encounter_round=self.enc_round,
            deadline=self.deadline, options=dict(self.options),
            pass_cost=self.pass_cost(seat) if in_play else 0,
        )

    def reactions(self, seat: int) -> list[Action]:
        """A victim's reactions before or after the draw (a retype, a swap of the pair) and a
        counter-strike: the out-of-turn chances a replay lists when not taken."""
        if self.phase != PLAY or seat != self.prompt_seat or seat == self.turn:
            return []
        if self.step in ("predict", "inform"):
            return [] if self.step == "inform" and self._surprised() else self._reaction_moves(seat)
        if self.step == "counter":
            return [a for a in self._counter_legal(seat) if isinstance(a, Counter)]
        return []

    def reaction_places(self, action: Action) -> tuple[Place, ...]:
        attack = self.attack
        if isinstance(action, (Retype, SwapPair)) and attack is not None and attack.victim is not None \
                and not attack.consult and attack.slot is not None:
            return (Place("pairs", attack.victim, attack.slot),)    # the pair it would have changed
        return ()

    def reaction_words(self, action: Action) -> str:
        if isinstance(action, Retype):
            return f"reacted by changing the pair's type to {TYPE_NAMES.get(action.to, action.to)}"
        if isinstance(action, SwapPair):
            return "reacted by swapping the pair's type and value cards"
        if isinstance(action, Counter):
            return "countered"
        return super().reaction_words(action)

    def _prompt_text(self) -> str:
        if self.phase == READY:
            return "the encounter is about to be dealt"
        if self.phase == PLACE:
            return "every character places its value cards"
        if self.phase == ROUND_OVER:
            return f"encounter {self.round} is over"
        if self.phase == MATCH_OVER:
            return "the match is over"
        s = self.prompt_seat
        texts = {"target": f"seat {s} to choose a target or pass", "type": f"seat {s} to choose an action type",
                 "consult": f"seat {s} to use its consultation pair or not",
                 "predict": f"seat {s} to react before the draw", "inform": f"seat {s} to react to the value",
                 "face": f"seat {s} to keep the action type or take the face card's",
                 "scavenge": f"seat {s} to add the two cards or take the waste",
                 "counter": f"seat {s} to counter or not", "combo": f"seat {s} to choose for {self.combo_pending}",
                 "stance": f"seat {s} to change stance or not"}
        return texts.get(self.step, f"seat {self.turn} is acting")
