"""Phases are enums: each engine's phase is always a member of its own Phase (a StrEnum, so views,
records and comparisons with the old strings see the same string), every phase it passes through
is declared, and a variant's Phase holds the phases of the kit code it builds on."""

from __future__ import annotations

import json
import random
import sys
from enum import StrEnum

import pytest

from game.core.game import Game, Phase, get_variant
from game.core.grids import GridGame, GridPhase
from game.games import game_ids
from tests.randomplay import random_steps


@pytest.mark.parametrize("variant", game_ids())
def test_the_phase_is_always_a_member_of_the_games_own_phase_enum(variant):
    cls = get_variant(variant)
    assert issubclass(cls.Phase, StrEnum) and cls.Phase is not Phase
    reached = set()
    for seed in range(6):
        game = cls(cls.min_seats + seed % (cls.max_seats - cls.min_seats + 1), {}, seed)
        assert type(game.phase) is cls.Phase
        reached.add(game.phase)
        for _ in random_steps(game, random.Random(seed), 1500):
            assert type(game.phase) is cls.Phase, (variant, game.phase)
            reached.add(game.phase)
        view = game.observe(0)
        assert view.phase == game.phase.value and json.loads(json.dumps({"phase": view.phase})) == {"phase": str(view.phase)}
    # Random play passes through most phases; every one it met is declared (none is a bare string).
    assert reached <= set(cls.Phase) and len(reached) >= 3


@pytest.mark.parametrize("variant", game_ids())
def test_each_phase_is_also_its_modules_name_for_it(variant):
    cls = get_variant(variant)
    module = sys.modules[cls.__module__]
    for phase in cls.Phase:
        assert getattr(module, phase.name) is phase, phase
    for kit, enum in ((sys.modules["game.core.game"], Phase), (sys.modules["game.core.grids"], GridPhase)):
        for phase in enum:
            assert getattr(kit, phase.name) is phase


def test_a_variant_phase_enum_must_hold_the_phases_of_what_it_builds_on():
    class Short(StrEnum):
        READY = "ready"
        TURN = "turn"

    with pytest.raises(TypeError, match="ShortGrid.Phase lacks the phases .*DRAWN.* of GridGame"):
        type("ShortGrid", (GridGame,), {"Phase": Short})

    class NoOver(StrEnum):
        READY = "ready"
        ROUND_OVER = "round_over"

    with pytest.raises(TypeError, match="lacks the phases MATCH_OVER of Game"):
        type("NoOver", (Game,), {"Phase": NoOver})
    assert set(GridPhase) >= set(Phase)
