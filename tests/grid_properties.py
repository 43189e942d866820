"""The property tests every memory-grid variant (Kombio, Kabu) must pass over random seeds and
random legal play: every card in exactly one place, no leaks, a view blind to unseen cards,
illegal actions change nothing, every listed action is accepted, replays identical, and a pass
offered to every seat in a window. A variant's test module subclasses `GridProperties` and
names its game, its deck and the options for a short and a longer match."""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.actions import Expire, Pass, StartRound
from game.core.cards import Place, grid_place
from game.core.errors import IllegalAction
from game.core.record import GameRecord
from tests.invariants import kombio_card_ids as all_card_ids, kombio_leak
from tests.randomplay import random_steps

# Each variant's subclass runs the same test methods on its own game: by design, so the health
# check against one test being called from several classes does not apply.
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])
games = st.tuples(st.integers(2, 6), st.integers(0, 2**32 - 1))


class GridProperties:
    game_class: Any                  # the variant's Game class
    deck_size: int                   # how many cards it deals from
    grid_size: int                   # slots per grid at the deal (random targets go one past, both ways)
    one_round: dict = {}             # options for a short match (about one round)
    two_rounds: dict = {}            # options for a match of a few rounds
    replayed: dict = {}              # options for the match that is recorded and replayed

    @SETTINGS
    @given(games)
    def test_every_card_is_in_exactly_one_place_after_every_action(self, spec):
        seats, seed = spec
        game = self.game_class(seats, self.two_rounds, seed)
        for _ in random_steps(game, random.Random(seed)):
            if game.round:
                ids = all_card_ids(game)
                assert sorted(ids) == list(range(self.deck_size))

    @SETTINGS
    @given(games)
    def test_no_seat_ever_sees_a_face_down_card_it_has_not_legitimately_seen(self, spec):
        seats, seed = spec
        game = self.game_class(seats, self.two_rounds, seed)
        for action, t, events in random_steps(game, random.Random(seed)):
            assert kombio_leak(game, events) is None

    @SETTINGS
    @given(games)
    def test_a_view_does_not_change_when_cards_the_seat_has_not_seen_are_changed(self, spec):
        seats, seed = spec
        game = self.game_class(seats, self.one_round, seed)
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
            twin = pickle.loads(pickle.dumps(game))
            twin.grids[s1][i1], twin.grids[s2][i2] = twin.grids[s2][i2], twin.grids[s1][i1]
            twin.deck.reverse()
            assert twin.observe(seat) == game.observe(seat)

    def random_candidate(self, game, rng: random.Random):
        """Any action of the vocabulary with random arguments: most are illegal."""
        cls = rng.choice(list(self.game_class.vocabulary().values()))
        kwargs = {}
        for f in dataclasses.fields(cls):
            if f.name == "seat":
                kwargs["seat"] = rng.choice([-1, *range(game.seats), game.seats])
            elif f.type in ("int",):
                kwargs[f.name] = rng.randrange(-1, self.grid_size + 2)
            elif f.type in ("bool",):
                kwargs[f.name] = rng.random() < 0.5
            else:
                kwargs[f.name] = rng.choice([grid_place(rng.randrange(game.seats + 1), rng.randrange(-1, self.grid_size + 2)),
                                             Place("deck"), Place("discard")])
        return cls(**kwargs)

    @SETTINGS
    @given(games)
    def test_an_illegal_action_raises_and_leaves_the_state_unchanged(self, spec):
        seats, seed = spec
        game = self.game_class(seats, self.one_round, seed)
        rng = random.Random(seed ^ 0x5EED)
        checked = 0
        for _ in random_steps(game, random.Random(seed), 600):
            if game.over:
                break
            for _ in range(4):
                action = self.random_candidate(game, rng)
                t = game.now + rng.choice((0.0, 0.1, 5.0))
                legal = action in game.legal_actions(action.seat)
                pending = game.table_action()
                expiry_ok = isinstance(action, (Expire, StartRound)) and pending is not None \
                    and pending[0] == action and (pending[1] is None or t >= pending[1])
                if legal or expiry_ok:
                    continue
                before = pickle.dumps(game.__dict__)
                try:
                    game.apply(action, t)
                except IllegalAction:
                    assert pickle.dumps(game.__dict__) == before
                    checked += 1
                else:
                    raise AssertionError(f"{action} was applied but is not in legal_actions")
        assert checked > 0

    @SETTINGS
    @given(games)
    def test_every_listed_legal_action_is_accepted(self, spec):
        seats, seed = spec
        game = self.game_class(seats, self.one_round, seed)
        rng = random.Random(seed)
        for _ in random_steps(game, random.Random(seed), 500):
            for seat in game.seats_to_act():
                for action in rng.sample(game.legal_actions(seat), min(3, len(game.legal_actions(seat)))):
                    twin = pickle.loads(pickle.dumps(game))
                    twin.apply(action, game.now)

    @SETTINGS
    @given(games)
    def test_a_recorded_match_replays_identically(self, spec):
        seats, seed = spec
        game = self.game_class(seats, {**self.replayed, "reaction_seconds": 1.5}, seed)
        events = [e for _, _, evs in random_steps(game, random.Random(seed), 10_000) for e in evs]
        assert game.over
        record = GameRecord.from_json(pickle.loads(pickle.dumps(GameRecord.of(game).to_json())))
        replay = self.game_class(seats, record.options, record.seed)
        replayed = []
        for t, action in record.actions:
            replayed += replay.apply(action, t)
        assert replayed == events
        assert replay.score.totals == game.score.totals and replay.winners == game.winners
        assert record.replay().score.rounds == game.score.rounds

    def test_passing_is_offered_to_every_seat_whatever_it_holds(self):
        game = self.game_class(4, seed=11)
        for _ in random_steps(game, random.Random(11), 2000):
            if game.phase == "reaction" and not game.window.done:
                assert game.window.offered == tuple(s for s in range(4) if s not in game.locked_seats())
                for seat in game.window.offered:
                    assert Pass(seat) in game.legal_actions(seat)
            if game.over:
                break
