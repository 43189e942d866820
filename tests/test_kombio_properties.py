"""Properties of Kombio over random seeds and random legal play: the shared properties of
tests/properties.py and the memory-grid extras of tests/grid_properties.py."""

from __future__ import annotations

from game.variants.kombio import DECK_SPEC, GRID_SIZE, Kombio
from tests.grid_properties import GridExtras, GridPlay
from tests.properties import property_tests


class KombioPlay(GridPlay):
    game_class = Kombio
    deck_size = DECK_SPEC.size
    grid_size = GRID_SIZE
    one_round = {"rounds": 1}
    two_rounds = {"rounds": 2}
    replayed = two_rounds


class TestKombioProperties(GridExtras, property_tests(KombioPlay(), max_examples=25)):
    play = KombioPlay()
