"""The engines' and the Session's shortcuts answer exactly what the long way would: the cheap
`acts_out_of_turn` equals the view's `out_of_turn`, and the Session's simulated-clock loop plays
the same match as stepping it with next_due/advance."""

from __future__ import annotations

import random

import pytest

from ai.registry import bot_seed, make_agent
from game.core.game import get_variant, variant_ids
from game.core.session import Session
from tests.randomplay import random_steps

VARIANTS = [v for v in variant_ids() if v in ("kombio", "combat-uno", "kabu", "kumbal", "sixteen-combos")]


@pytest.mark.parametrize("variant", VARIANTS)
def test_acts_out_of_turn_matches_the_view(variant):
    cls = get_variant(variant)
    checked = 0
    for seed in range(3):
        game = cls(min(4, cls.max_seats), None, seed)
        rng = random.Random(seed)
        for _ in random_steps(game, rng, 600):
            for seat in range(-1, game.seats):
                assert game.acts_out_of_turn(seat) == game.observe(seat).out_of_turn, (seed, seat, game.phase)
                checked += 1
    assert checked > 1000


def _history_stepwise(cls, bots, seed):
    game = cls(len(bots), None, seed)
    session = Session(game, {s: make_agent(cls.id, k, bot_seed(seed, s)) for s, k in enumerate(bots)})
    while not game.over:
        due = session.next_due()
        assert due is not None
        session.advance(due)
    return game.history, session.dropped, session.illegal


@pytest.mark.parametrize("variant", VARIANTS)
def test_run_to_end_plays_what_stepping_the_clock_plays(variant):
    cls = get_variant(variant)
    bots = ["random", "easy", "random"]
    for seed in range(2):
        game = cls(len(bots), None, seed)
        session = Session(game, {s: make_agent(cls.id, k, bot_seed(seed, s)) for s, k in enumerate(bots)})
        session.run_to_end()
        assert (game.history, session.dropped, session.illegal) == _history_stepwise(cls, bots, seed)
