"""16 Combos, the events it adds to the core's (game.core.events): what the table, the bots and the
records learn from each step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.events import PUBLIC, Event, Note

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
    """A combo took effect: `combo` is its name in the Combo Table (a key the client words),
    `detail` what became of it, as a Note (game.client.narration.notes words it)."""

    seat: int
    victim: int
    combo: str
    detail: Note


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
