"""Properties of Kombio over random seeds and random legal play (the memory-grid property tests,
tests/grid_properties.py)."""

from __future__ import annotations

from game.variants.kombio import DECK_SPEC, GRID_SIZE, Kombio
from tests.grid_properties import GridProperties


class TestKombioProperties(GridProperties):
    game_class = Kombio
    deck_size = DECK_SPEC.size
    grid_size = GRID_SIZE
    one_round = {"rounds": 1}
    two_rounds = {"rounds": 2}
    replayed = two_rounds
