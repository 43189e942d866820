"""The properties every variant's rules keep under random legal play (random seeds, seat counts and
options), written once:

- every card is in exactly one place after every action;
- no seat is shown what it may not see (the variant's leak check);
- an action not listed as legal raises and changes nothing, tried now and a little later;
- a recorded match replays to the same events and state, and every seat observes the same.

A variant's property test describes its game with a ``RandomPlay`` and collects the properties
with ``property_tests``; its own properties stay beside it as plain tests::

    class CombatUnoPlay(RandomPlay):
        game_class = CombatUno
        games = game_specs((2, 6), TOGGLES, st.sampled_from([0.0, 0.5, 3.0]))
        def options(self, spec): ...
    TestCombatUnoProperties = property_tests(CombatUnoPlay(), max_examples=25)
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.actions import TABLE, Action
from game.core.errors import IllegalAction
from game.core.game import Game
from game.core.record import GameRecord
from tests.invariants import unchanged
from tests.state_probe import StateProbe
from tests.randomplay import random_steps


def game_specs(seats: tuple[int, int], toggles: tuple[str, ...], *more: st.SearchStrategy) -> st.SearchStrategy:
    """Specs (seat count, seed, {toggle: on}, *more): a table size, a seed, each optional rule on or off."""
    return st.tuples(st.integers(*seats), st.integers(0, 2**32 - 1),
                     st.fixed_dictionaries({k: st.booleans() for k in toggles}), *more)


class RandomPlay:
    """A variant under random play: how to make a game, what to check, what to try."""

    games: st.SearchStrategy     # the spec of a game (seats, seed, options...: see game_specs)
    max_steps = 1500             # actions a game is played for (or until it ends)
    illegal_steps = 600          # actions played while illegal ones are tried
    illegal_every = 11           # illegal actions are tried at every n-th action
    illegal_tries = 10           # candidate actions tried each time
    illegal_delays = (0.0, 0.1, 5.0)   # illegal actions are tried this long after the last action
    replay_steps: int | None = None    # actions the replayed match is played for (None: max_steps)
    replay_whole_match = False   # the replayed match must have ended within replay_steps

    game_class: type[Game]

    def options(self, spec) -> dict:
        """The match options a spec asks for (``spec[2]``, the optional rules, plus ``spec[3:]``)."""
        raise NotImplementedError

    def new_game(self, spec, options: dict | None = None) -> tuple[Game, random.Random]:
        """The game for a spec (its seat count and seed first; its options unless given), and the
        random source that plays it."""
        seats, seed = spec[0], spec[1]
        return self.game_class(seats, self.options(spec) if options is None else options, seed), random.Random(seed)

    def check_cards(self, game: Game) -> None:
        """Assert that every card is in exactly one place."""
        raise NotImplementedError

    def leak(self, game: Game, events: list) -> str | None:
        """What some seat was shown that it may not see (None: nothing)."""
        raise NotImplementedError

    def candidate_actions(self, game: Game, rng: random.Random) -> list[Action]:
        """Actions of every kind, for every seat and beyond, with random arguments: most are illegal."""
        raise NotImplementedError

    def is_listed(self, game: Game, action: Action, t: float) -> bool:
        """``action`` is legal at ``t``: listed for its seat, or the table's own action when due."""
        if action.seat == TABLE:
            pending = game.table_action()
            return pending is not None and pending[0] == action and (pending[1] is None or pending[1] <= t)
        return action in game.legal_actions(action.seat)

    def replay_options(self, spec) -> dict:
        """The match options of the game that is recorded and replayed."""
        return self.options(spec)

    def state_of(self, game: Game) -> tuple:
        """Everything that must be the same after a replay."""
        raise NotImplementedError

    def observers(self, game: Game) -> range:
        """The seats whose observations must be the same after a replay."""
        return range(game.seats)


def example_count(n: int) -> int:
    """`n` examples in the default run, scaled by the Hypothesis profile loaded (tests/conftest.py:
    quick a fifth, thorough four times)."""
    return max(1, round(n * settings().max_examples / 100))


def property_tests(play: RandomPlay, max_examples: int = 25) -> type:
    """The shared properties as a test class for ``play``'s variant (name it ``Test...`` in the
    module); ``max_examples`` is for the default profile (example_count)."""
    examples = settings(max_examples=example_count(max_examples), deadline=None,
                        suppress_health_check=[HealthCheck.too_slow])

    class Properties:
        @pytest.mark.slow
        @examples
        @given(play.games)
        def test_every_card_is_in_exactly_one_place_after_every_action(self, spec):
            game, rng = play.new_game(spec)
            for _ in random_steps(game, rng, play.max_steps):
                play.check_cards(game)

        @pytest.mark.slow
        @examples
        @given(play.games)
        def test_no_seat_sees_a_card_it_may_not_see(self, spec):
            game, rng = play.new_game(spec)
            for action, t, events in random_steps(game, rng, play.max_steps):
                assert play.leak(game, events) is None

        @pytest.mark.slow
        @examples
        @given(play.games)
        def test_an_action_not_listed_as_legal_raises_and_changes_nothing(self, spec):
            game, rng = play.new_game(spec)
            probe = StateProbe(game)
            checked = 0
            for step, _ in enumerate(random_steps(game, rng, play.illegal_steps)):
                if step % play.illegal_every or game.over:
                    continue
                tries = [(action, game.now + rng.choice(play.illegal_delays))
                         for action in rng.sample(play.candidate_actions(game, rng), play.illegal_tries)]
                # Asking what is listed may fill the engine's caches; then the state is taken once
                # and must come out of every refused action the same.
                tries = [(action, t) for action, t in tries if not play.is_listed(game, action, t)]
                if tries:
                    probe.take()
                for action, t in tries:
                    unchanged(game, action, IllegalAction, t, probe)
                    checked += 1
            assert checked > 0

        @pytest.mark.slow
        @examples
        @given(play.games)
        def test_a_recorded_match_replays_identically(self, spec):
            game, rng = play.new_game(spec, play.replay_options(spec))
            events = [e for _, _, evs in random_steps(game, rng, play.replay_steps or play.max_steps) for e in evs]
            assert game.over or not play.replay_whole_match
            record = GameRecord.from_json(json.loads(json.dumps(GameRecord.of(game).to_json())))
            replayed = record.new_game()
            assert [e for t, action in record.actions for e in replayed.apply(action, t)] == events
            assert play.state_of(replayed) == play.state_of(game)
            for seat in play.observers(game):
                assert replayed.observe(seat) == game.observe(seat)

    return Properties
