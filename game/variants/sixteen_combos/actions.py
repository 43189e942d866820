"""16 Combos, the actions: what a character can do, in the order the rules meet them (placing,
the turn, reactions, the combos' choices, Change Stance)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.core.actions import Action, Expire, Pass, StartRound
from game.core.cards import Place

from .cards import hand_place, pair_place

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
