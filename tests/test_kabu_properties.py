"""Properties of Kabu over random seeds and random legal play: the shared properties of
tests/properties.py (conservation, no leaks, illegal actions change nothing, replays identical)
and the memory-grid extras of tests/grid_properties.py."""

from __future__ import annotations

from game.variants.kabu import DECK_SPEC, GRID_SIZE, Kabu
from tests.grid_properties import GridExtras, GridPlay
from tests.properties import property_tests


class KabuPlay(GridPlay):
    game_class = Kabu
    deck_size = DECK_SPEC.size
    grid_size = GRID_SIZE
    one_round = {}                   # the default match: until a total goes above 100
    two_rounds = {"target": 150}
    replayed = one_round


class TestKabuProperties(GridExtras, property_tests(KabuPlay(), max_examples=25)):
    play = KabuPlay()
