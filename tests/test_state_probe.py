"""The property tests' cheap "an illegal action changed nothing" (tests/state_probe.py) catches an
engine that changes its state while refusing an action, whatever it changes, as the full pickle
of the state did; and a twin it makes is the game as pickle copies it."""

from __future__ import annotations

import random

import pytest

from game.core.errors import IllegalAction
from game.core.events import Event
from game.variants.combat_uno import CombatUno
from game.variants.kombio import Kombio
from tests.invariants import twin, unchanged
from tests.randomplay import random_steps
from tests.state_probe import StateChanged, StateProbe, values


class Carelessly:
    """An engine whose refusals first do `mutation` to the game (its own refusals when None)."""

    mutation = None

    def apply(self, action, t=None):
        if type(self).mutation is None:
            return super().apply(action, t)
        type(self).mutation(self)
        raise IllegalAction("refused, after changing something")


class Careless(Carelessly, Kombio):
    pass


class CarelessUno(Carelessly, CombatUno):
    pass


def played(cls, steps=120, seats=4, seed=5):
    """A game of `cls` some way into its match (cards dealt, seen, moved; a history)."""
    cls.mutation = None
    game = cls(seats, {}, seed)
    for _ in random_steps(game, random.Random(seed), steps):
        pass
    assert len(game.history) > 50 and not game.over and game.deck
    return game


def swap_two_grid_cards(game):
    grid = next(g for g in game.grids if len(g) > 1)
    grid[0], grid[1] = grid[1], grid[0]


def put_equal_values_back(game):
    """What leaves the state as it was: the clock set again to the time it shows (another float
    object), a list replaced by an equal one that nothing else held."""
    game.now = float(repr(game.now))
    game.options = dict(game.options)


MUTATIONS = {
    "two cards of a grid swapped": swap_two_grid_cards,
    "the deck in another order": lambda game: game.deck.reverse(),
    "a card moved from the deck to the discard": lambda game: game.discard.append(game.deck.pop()),
    "the random generator drawn from": lambda game: game.rng.random(),
    "a seat has seen one card more": lambda game: game.seen[0].add(max(c.id for c in game.deck)),
    "an entry added to the history": lambda game: game.history.append(game.history[-1]),
    "the last history entry dropped": lambda game: game.history.pop(),
    "the clock moved": lambda game: setattr(game, "now", game.now + 0.25),
    "the turn given to the next seat": lambda game: setattr(game, "turn", (game.turn + 1) % game.seats),
    "False that became 0": lambda game: setattr(game, "over", 0),
    "a whole number that became a float": lambda game: setattr(game, "dealer", float(game.dealer)),
    "a score total changed": lambda game: game.score.totals.__setitem__(0, game.score.totals[0] + 1),
    "an attribute added": lambda game: setattr(game, "note", None),
    "an attribute removed": lambda game: delattr(game, "held_from"),
    "an option changed": lambda game: game.options.__setitem__("rounds", 99),
    "a card of a grid replaced by a card of the deck": lambda game: game.grids[1].__setitem__(0, game.deck[0]),
}


@pytest.mark.parametrize("mutation", MUTATIONS.values(), ids=MUTATIONS.keys())
def test_a_refusal_that_changes_the_state_is_caught(mutation):
    game = played(Careless)
    probe = StateProbe(game)
    for _ in range(FIRST_CHEAP_TAKE):
        probe.take()      # past the state the probe also pickles in full: the cheap check alone
    assert probe.before_full is None
    Careless.mutation = staticmethod(mutation)
    try:
        with pytest.raises(StateChanged, match="the state changed"):
            unchanged(game, Event(), IllegalAction, None, probe)
    finally:
        Careless.mutation = None


FIRST_CHEAP_TAKE = 2


def test_the_probe_says_which_attributes_changed():
    game = played(Careless)
    probe = StateProbe(game).take()
    Careless.mutation = staticmethod(lambda game: game.deck.reverse())
    try:
        with pytest.raises(StateChanged, match=r"the state changed: piles was \{'deck': \[Card.*, now \{'deck': \[Card[^;]*$"):
            unchanged(game, Event(), IllegalAction, None, probe)
    finally:
        Careless.mutation = None


def test_a_frozen_value_written_behind_its_back_is_caught_by_the_full_pickle_taken_now_and_then():
    game = played(Careless)
    probe = StateProbe(game).take()       # the first state a probe takes is pickled in full too
    assert probe.before_full is not None
    card = next(c for grid in game.grids for c in grid if c is not None)

    def write_behind(game):
        type(card).__dict__["rank"].__set__(card, card.rank + 1)    # as object.__setattr__ would
    Careless.mutation = staticmethod(write_behind)
    try:
        with pytest.raises(StateChanged, match="full pickle"):
            unchanged(game, Event(), IllegalAction, None, probe)
    finally:
        type(card).__dict__["rank"].__set__(card, card.rank - 1)
        Careless.mutation = None


@pytest.mark.parametrize("cls", [Careless, CarelessUno])
def test_a_refusal_that_changes_nothing_passes_and_an_equal_value_put_back_is_no_change(cls):
    game = played(cls)
    probe = StateProbe(game)
    for take in range(3):
        probe.take()
        cls.mutation = staticmethod(put_equal_values_back if take else (lambda game: None))
        try:
            unchanged(game, Event(), IllegalAction, None, probe)
            unchanged(game, Event(), IllegalAction, None, probe)
        finally:
            cls.mutation = None


@pytest.mark.parametrize("cls", [Careless, CarelessUno])
def test_a_twin_is_the_game_as_pickle_copies_it_and_plays_on_alone(cls):
    game = played(cls)
    probe = StateProbe(game)
    state = probe.pickled(game)
    first, second = probe.read(state), probe.twin()
    for copy in (first, second):
        assert type(copy) is cls
        assert values(copy.__dict__) == values(twin(game).__dict__) == values(game.__dict__)
        assert copy.rng is not game.rng and copy.history is not game.history and copy.deck is not game.deck
        assert copy.history[-1] is game.history[-1]     # a frozen value: shared
    before = values(game.__dict__)
    for _ in range(10):
        seats, pending = first.seats_to_act(), first.table_action()
        action, t = (first.legal_actions(seats[0])[0], first.now) if seats else (pending[0], max(first.now, pending[1] or 0))
        first.apply(action, t)
    assert first.version > game.version and values(game.__dict__) == before == values(second.__dict__)
