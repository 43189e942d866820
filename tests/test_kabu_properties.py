"""Properties of Kabu over random seeds and random legal play (the memory-grid property tests,
tests/grid_properties.py: conservation, no leaks, illegal actions change nothing, replays identical)."""

from __future__ import annotations

from game.variants.kabu import DECK_SPEC, GRID_SIZE, Kabu
from tests.grid_properties import GridProperties


class TestKabuProperties(GridProperties):
    game_class = Kabu
    deck_size = DECK_SPEC.size
    grid_size = GRID_SIZE
    one_round = {}                   # the default match: until a total goes above 100
    two_rounds = {"target": 150}
    replayed = one_round
