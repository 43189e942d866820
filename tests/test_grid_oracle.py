"""The independent no-leak oracle of the memory grids (tests/grid_oracle.py): it passes the real
Kombio and Kabu over random legal play and over every recorded match, and it catches engines that
show a card to a seat that may not see it even when they keep their own bookkeeping (`seen`,
`shown_to`) in step with the leak, which the engine-trusting check cannot see."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from game.core.errors import CardhallError
from game.core.events import PUBLIC, CardMoved, CardSeen
from game.core.grids import GridGame
from game.core.record import GameRecord
from game.variants.kabu import Kabu
from game.variants.kombio import Kombio
from tests.grid_oracle import grid_oracle_leak, oracle_for
from tests.invariants import kombio_leak, kombio_seen_leak
from tests.randomplay import random_steps


def calm_steps(game, rng: random.Random, max_steps: int = 3000, avoid: tuple[str, ...] = ("Match",),
               slip: float = 0.0):
    """Random legal play (as tests/randomplay.py) without the actions named in `avoid` (but for a
    `slip` of the time): by default nobody claims out of turn. Random claims turn most cards face
    up for everybody, so a round played calmly keeps far more of its cards known to one seat only
    (peeks, draws, looks) while they are swapped and given about; avoiding the calls too makes
    rounds long enough for the deck to run out and the discard pile to be reshuffled."""
    t = 0.0
    for _ in range(max_steps):
        if game.over:
            return
        seats, pending = game.seats_to_act(), game.table_action()
        step = t + rng.choice((0.0, 0.05, 0.3))
        if seats and (pending is None or pending[1] is None or step < pending[1]):
            legal = game.legal_actions(rng.choice(seats))
            calm = legal if rng.random() < slip else [a for a in legal if type(a).__name__ not in avoid]
            action = rng.choice(calm or legal)
            t = step
        else:
            action, due = pending
            t = max(t, due if due is not None else t)
        yield action, t, game.apply(action, t)


RECORDS = sorted(p for p in (Path(__file__).resolve().parent / "records").rglob("*.json")
                 if p.name.startswith(("kombio-", "kabu-")))

# (variant, seats, options): every seat count, and the options that change who may see what.
TABLES = [
    (Kombio, 2, {"rounds": 3}), (Kombio, 3, {"rounds": 2, "addons": False}), (Kombio, 4, {"rounds": 3}),
    (Kombio, 5, {"length": "target", "target": 60, "reaction_seconds": 0.0}), (Kombio, 6, {"rounds": 2}),
    (Kabu, 2, {}), (Kabu, 3, {"lock_caller": False, "target": 60}), (Kabu, 4, {"sniping": False}),
    (Kabu, 5, {"calculation": False, "halving": False, "target": 60}), (Kabu, 6, {"reaction_seconds": 0.0}),
]


@pytest.mark.parametrize("cls, seats, options", TABLES, ids=lambda v: getattr(v, "id", str(v)))
def test_the_oracle_finds_no_leak_in_random_legal_play(cls, seats, options):
    private = 0
    for seed in range(4):
        game = cls(seats, options, seed)
        for _, _, events in (random_steps if seed % 2 else calm_steps)(game, random.Random(seed), 3000):
            assert grid_oracle_leak(game, events) is None
            oracle = oracle_for(game)
            private += sum(len(known - oracle.public) for known in oracle.known)
    assert private > 0   # the seats did see cards of their own, so the oracle was put to work


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_no_seat_sees_a_card_it_may_not_see_in_a_recorded_match(path):
    record = GameRecord.load(path)
    game = record.new_game()
    for index, (t, action) in enumerate(record.actions):
        if "refused" in record.expect.get(index, {}):
            with pytest.raises(CardhallError):
                game.apply(action, t)
            continue
        events = game.apply(action, t)
        assert kombio_leak(game, events) is None, f"step {index} ({action})"


def test_the_oracle_catches_up_with_a_game_it_was_not_shown_every_step_of():
    game = Kabu(4, {}, 3)
    steps = list(random_steps(game, random.Random(3), 200))
    assert grid_oracle_leak(game, steps[-1][2]) is None
    assert oracle_for(game).steps == len(game.history)


# -- engines that leak, each keeping its own bookkeeping in step with the leak ---------------------
class DrawnCardShownIntoTheGrid(Kombio):
    """A card drawn from the deck goes into the grid with its face shown to everybody."""

    def _on_Exchange(self, action, t):
        events = super()._on_Exchange(action, t)
        for i, event in enumerate(events):
            if isinstance(event, CardMoved) and event.dst.zone == "grid":
                events[i] = dataclasses.replace(event, shown_to=PUBLIC)
                self._show_all(event.card)
        return events


class PeekShownToTheNeighbour(Kombio):
    """Every look is shown to the next seat too, which the engine duly marks as seen."""

    def _look(self, seat, place, events):
        super()._look(seat, place, events)
        neighbour = (seat + 1) % self.seats
        self._show(neighbour, self.card_at(place))
        events[-1] = dataclasses.replace(events[-1], shown_to=frozenset((seat, neighbour)))


class OpponentLookShownToAll(Kabu):
    """A 9 or 10 played for its ability shows the looked-at card to every seat."""

    def _on_LookOpponent(self, action, t):
        events = super()._on_LookOpponent(action, t)
        for i, event in enumerate(events):
            if isinstance(event, CardSeen):
                events[i] = dataclasses.replace(event, shown_to=PUBLIC)
                self._show_all(event.card)
        return events


class EverybodyWatchesTheLook(Kombio):
    """While a 13 or 14 is used, every seat's view shows the looked-at cards."""

    def _looking_at(self, seat, phases):
        return GridGame._looking_at(self, self.turn, phases)

    def _look(self, seat, place, events):
        super()._look(seat, place, events)
        self._show_all(self.card_at(place))


class RemembersEveryCardItSaw(Kombio):
    """A memory aid in the engine: a seat's view shows every grid card whose face it has seen this
    round, even one seen on the discard pile, shuffled back into the deck and drawn by another."""

    def observe(self, seat):
        view = super().observe(seat)
        if seat < 0 or self.phase in ("round_over", "match_over"):
            return view
        grids = tuple(tuple(card if card is not None and card.id in self.seen[seat] else shown
                            for card, shown in zip(grid, row)) for grid, row in zip(self.grids, view.grids))
        return dataclasses.replace(view, grids=grids)


def test_the_oracle_forgets_the_cards_shuffled_back_into_the_deck():
    for seed in range(20):
        game = RemembersEveryCardItSaw(3, {}, seed)
        for _, _, events in calm_steps(game, random.Random(seed), 3000, ("Match", "CallKombio"), slip=0.01):
            assert kombio_seen_leak(game, events) is None
            found = kombio_leak(game, events)
            if found:
                assert "in its view" in found
                return
    pytest.fail("no leak found")


@pytest.mark.parametrize("cls", [DrawnCardShownIntoTheGrid, PeekShownToTheNeighbour, OpponentLookShownToAll,
                                 EverybodyWatchesTheLook], ids=lambda c: c.__name__)
@pytest.mark.slow
def test_the_oracle_catches_a_leak_the_engines_own_bookkeeping_hides(cls):
    for seed in range(20):
        game = cls(4, {}, seed)
        for _, _, events in calm_steps(game, random.Random(seed), 3000):
            assert kombio_seen_leak(game, events) is None   # the engine's own record agrees with the leak
            found = kombio_leak(game, events)
            if found:
                assert "without having seen it legitimately" in found
                return
    pytest.fail(f"no leak found in {cls.__name__}")
