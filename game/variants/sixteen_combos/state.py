"""16 Combos, the state the rule sections share: where an encounter stands (Phase), a pair of
cards on the table (Pair), the action under way (Attack)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from game.core.cards import Card

from .cards import MAX_VALUE, card_value


class Phase(StrEnum):
    """Where a 16 Combos encounter stands (its string is the view's `phase`)."""
    READY = "ready"
    PLACE = "place"             # the characters place their pairs
    PLAY = "play"               # the turns of the encounter
    ROUND_OVER = "round_over"   # an encounter is over
    MATCH_OVER = "match_over"


# Each phase also under its own name, for the rule sections: Python 3.11 looks `Phase.TURN` up through
# the enum class's __getattr__ hook, several times slower than a module name, and the rules compare
# phases at every ask (bench_engine: Kombio 15% slower with `Phase.X`). tests/test_phases.py checks
# each name is its member.
READY, PLACE, PLAY, ROUND_OVER, MATCH_OVER = Phase


class _Memo(dict):
    """What was worked out at one version of the game (legal actions, row counts): derived, never
    state, so it pickles and copies as empty and a refused action that filled it changed nothing."""

    version = -1

    def __reduce_ex__(self, protocol):
        return (_Memo, ())


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
