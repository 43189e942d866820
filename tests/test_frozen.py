"""The quick constructor frozen events, actions and intents get (game.core.frozen) builds the very
values the dataclass constructor would, and they stay frozen."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from game.core.actions import Expire, StartRound
from game.core.cards import DECK, DISCARD, Card
from game.core.events import CardMoved, Event, passed, turn_started
from game.core.frozen import quick_init
from game.core.session import Intent
from game.variants.combat_uno import Play


def test_events_and_actions_are_built_with_their_defaults_and_stay_frozen():
    card = Card(3, 7, "red")
    moved = CardMoved(card, DECK, DISCARD)
    assert (moved.card, moved.src, moved.dst, moved.shown_to, moved.by) == (card, DECK, DISCARD, None, -1)
    assert CardMoved(card, DECK, DISCARD, by=2) == CardMoved(card=card, src=DECK, dst=DISCARD, shown_to=None, by=2)
    assert Play(1, "wild", choose="red") == Play(1, "wild", None, "red")
    assert Expire().seat == -1 and StartRound(deck=("7",)).deck == ("7",)
    assert Intent(Play(0, 5, "red"), 0.5).delay == 0.5
    for value, name in ((moved, "by"), (Play(1, 5, "red"), "seat"), (Intent(Expire(), 1.0), "delay")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, name, 4)
        assert pickle.loads(pickle.dumps(value)) == value
    assert dataclasses.replace(moved, by=3) == CardMoved(card, DECK, DISCARD, None, 3)
    with pytest.raises(TypeError):
        CardMoved(card, DECK)   # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Play(1, 5, "red", None, "extra")   # type: ignore[call-arg]


def test_the_shared_small_events_are_equal_to_new_ones():
    assert passed(2) == dataclasses.replace(passed(2)) and passed(2) is passed(2)
    assert turn_started(1).seat == 1 and turn_started(1) != turn_started(0)


def test_a_class_it_cannot_build_exactly_keeps_the_dataclass_constructor():
    @quick_init
    @dataclass(frozen=True, slots=True)
    class WithFactory(Event):
        seats: list = field(default_factory=list)

    @quick_init
    @dataclass(frozen=True, slots=True)
    class WithPostInit(Event):
        seat: int

        def __post_init__(self) -> None:
            if self.seat < 0:
                raise ValueError("no such seat")

    @quick_init
    @dataclass(frozen=True, slots=True)
    class WithInitVar(Event):
        seat: int
        scale: dataclasses.InitVar[int] = 1

    @quick_init
    @dataclass(frozen=True, slots=True)
    class WithHidden(Event):
        seat: int
        note: str = field(default="", init=False)

    @quick_init
    @dataclass(frozen=True, slots=True, kw_only=True)
    class KeywordsOnly(Event):
        seat: int

    def quick(cls) -> bool:      # quick_init's constructor stores through _set0, _set1, ...
        return "_set0" in cls.__init__.__code__.co_names

    assert quick(CardMoved) and quick(Intent)
    for cls in (WithFactory, WithPostInit, WithInitVar, WithHidden, KeywordsOnly):
        assert not quick(cls), cls.__name__
    assert WithInitVar(2, 3).seat == 2 and [f.name for f in dataclasses.fields(WithInitVar)] == ["seat"]
    assert WithHidden(4).note == ""
    with pytest.raises(TypeError):
        KeywordsOnly(1)
    assert KeywordsOnly(seat=1).seat == 1
    assert WithFactory().seats == [] and WithFactory().seats is not WithFactory().seats
    with pytest.raises(ValueError):
        WithPostInit(-1)
