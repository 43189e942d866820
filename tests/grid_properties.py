"""The memory-grid variants (Kombio, Kabu) under the shared property tests (tests/properties.py):
``GridPlay`` describes a grid game to ``property_tests``, and ``GridExtras`` holds the properties
only the grids have: a view blind to unseen cards, every listed legal action accepted, and a pass
offered to every seat in a reaction window. A variant's test module names its game, its deck and
the options for a short and a longer match::

    class KombioPlay(GridPlay):
        game_class, deck_size, grid_size = Kombio, DECK_SPEC.size, GRID_SIZE
        one_round, two_rounds, replayed = {"rounds": 1}, {"rounds": 2}, {"rounds": 2}
    class TestKombioProperties(GridExtras, property_tests(KombioPlay(), max_examples=25)):
        play = KombioPlay()
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.actions import Pass
from game.core.cards import Place, grid_place
from game.core.game import Game
from tests.invariants import kombio_card_ids, kombio_leak, twin as copy_of
from tests.properties import RandomPlay, example_count, game_specs
from tests.randomplay import random_steps
from tests.state_probe import StateProbe

# Each variant's class runs the same extra test methods on its own game: by design, so the health
# check against one test being called from several classes does not apply.
SETTINGS = settings(max_examples=example_count(25), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])
TABLES = st.tuples(st.integers(2, 6), st.integers(0, 2**32 - 1))   # (seats, seed) for the grid-only properties


class GridPlay(RandomPlay):
    """A memory-grid game under random play (seat count and seed; options per match length)."""

    deck_size: int                   # how many cards it deals from
    grid_size: int                   # slots per grid at the deal (random targets go one past, both ways)
    one_round: dict = {}             # options for a short match (about one round)
    two_rounds: dict = {}            # options for a match of a few rounds
    replayed: dict = {}              # options for the match that is recorded and replayed

    games = game_specs((2, 6), ())
    max_steps = 3000
    replay_steps = 10_000
    replay_whole_match = True
    # every action of the first 600, 4 random candidates each (most illegal), tried now or later
    illegal_steps, illegal_every, illegal_tries = 600, 1, 4

    def options(self, spec) -> dict:
        return self.two_rounds

    def replay_options(self, spec) -> dict:
        return {**self.replayed, "reaction_seconds": 1.5}

    def check_cards(self, game: Game) -> None:
        if game.round:
            assert sorted(kombio_card_ids(game)) == list(range(self.deck_size))

    def leak(self, game: Game, events: list) -> str | None:
        return kombio_leak(game, events)

    def random_candidate(self, game: Game, rng: random.Random):
        """Any action of the vocabulary with random arguments: most are illegal. Half of them are
        by a seat that may act now, so that a step it may not take now is tried too."""
        cls = rng.choice(list(self.game_class.vocabulary().values()))
        kwargs = {}
        acting = game.seats_to_act()
        for f in dataclasses.fields(cls):
            if f.name == "seat":
                kwargs["seat"] = rng.choice(acting) if acting and rng.random() < 0.5 else \
                    rng.choice([-1, *range(game.seats), game.seats])
            elif f.type in ("int",):
                kwargs[f.name] = rng.randrange(-1, self.grid_size + 2)
            elif f.type in ("bool",):
                kwargs[f.name] = rng.random() < 0.5
            else:
                kwargs[f.name] = rng.choice([grid_place(rng.randrange(game.seats + 1), rng.randrange(-1, self.grid_size + 2)),
                                             Place("deck"), Place("discard")])
        return cls(**kwargs)

    def candidate_actions(self, game: Game, rng: random.Random) -> list:
        return [self.random_candidate(game, rng) for _ in range(self.illegal_tries)]

    def state_of(self, game: Game) -> tuple:
        return (game.round, game.phase, game.turn, game.dealer, game.ability, game.looked, game.caller,
                game.final_turns, game.turn_is_final, game.pending_seat, game.pending_place, game.window_serial,
                [tuple(g) for g in game.grids], tuple(game.deck), tuple(game.discard), game.held, game.held_from,
                [frozenset(s) for s in game.seen], tuple(game.score.totals), game.score.rounds,
                game.over, game.winners, game.version, game.now, game.rng.getstate())


class GridExtras:
    """The properties only the memory grids have; ``play`` is the variant's ``GridPlay``."""

    play: GridPlay

    @pytest.mark.slow
    @SETTINGS
    @given(TABLES)
    def test_a_view_does_not_change_when_cards_the_seat_has_not_seen_are_changed(self, spec):
        seats, seed = spec
        game = self.play.game_class(seats, self.play.one_round, seed)
        rng = random.Random(seed)
        for step, _ in enumerate(random_steps(game, rng, 400)):
            if game.phase in ("round_over", "match_over", "ready") or step % 7:
                continue
            seat = rng.randrange(seats)
            unseen = [(s, i) for s, grid in enumerate(game.grids) for i, c in enumerate(grid)
                      if c is not None and c.id not in game.seen[seat]]
            if len(unseen) < 2:
                continue
            (s1, i1), (s2, i2) = rng.sample(unseen, 2)
            twin = copy_of(game)
            twin.grids[s1][i1], twin.grids[s2][i2] = twin.grids[s2][i2], twin.grids[s1][i1]
            twin.deck.reverse()
            assert twin.observe(seat) == game.observe(seat)

    @pytest.mark.slow
    @SETTINGS
    @given(TABLES)
    def test_every_listed_legal_action_is_accepted(self, spec):
        seats, seed = spec
        game = self.play.game_class(seats, self.play.one_round, seed)
        rng = random.Random(seed)
        twins = StateProbe(game)
        for _ in random_steps(game, random.Random(seed), 500):
            for seat in game.seats_to_act():
                actions = rng.sample(game.legal_actions(seat), min(3, len(game.legal_actions(seat))))
                state = twins.pickled(game)     # pickled once, read back for each action tried
                for action in actions:
                    twins.read(state).apply(action, game.now)

    def test_passing_is_offered_to_every_seat_whatever_it_holds(self):
        game = self.play.game_class(4, seed=11)
        for _ in random_steps(game, random.Random(11), 2000):
            if game.phase == "reaction" and not game.window.done:
                assert game.window.offered == tuple(s for s in range(4) if s not in game.locked_seats())
                for seat in game.window.offered:
                    assert Pass(seat) in game.legal_actions(seat)
            if game.over:
                break
