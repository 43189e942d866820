"""F1 at every variant's table: the coach answers for the human whose move it is with one of their
legal moves, says it in the info line, and the table draws the ring around the cards it names."""

from __future__ import annotations

import pygame
import pytest

from game.client import tables
from game.core.record import GameRecord, SeatInfo
from tests.client.kombio_driver import DT, key, make_app

pytestmark = pytest.mark.client

VARIANTS = [e.id for e in tables.playable_variants()]
RING = (120, 220, 255)


def _ready(table) -> bool:
    return (table.input.input_seat() == 0 and not table.director.animating and table.director.hold is None
            and table.director.ready_for_input() and table.screen.round_result is None and bool(table.match.legal(0)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_f1_advises_a_legal_move_at_every_table(tmp_path, variant):
    app = make_app(tmp_path)
    record = GameRecord(variant, {}, [SeatInfo("You", "human", None), SeatInfo("Ada", "bot", "easy"),
                                      SeatInfo("Bo", "bot", "easy")], 11)
    table = tables.start_match(app, record)
    for _ in range(6000):
        if _ready(table):
            break
        if table.director.hold is not None:
            table.director.release_hold()
        app.step(DT)
    assert _ready(table), "the human never got a move"
    legal = table.match.legal(0)
    version = table.match.version
    key(pygame.K_F1)
    app.step(DT)
    assert table.coach.coached
    seat, _, advice = table.coach.advice
    assert seat == 0 and advice.action in legal
    assert table.hud.message is not None and table.hud.message[0].startswith("Coach: ")
    assert table.match.version == version          # advice only; nothing was played
    # Every first move here names a card or a pile: the words say which, and the ring shows it.
    assert table.coach.targets(), advice.action
    assert "ringed" in table.hud.message[0]
    # A few frames on (others may move meanwhile, as in 16 Combos' placement) the ring still shows.
    for _ in range(8):
        app.step(DT)
    surface = pygame.display.get_surface()
    width, height = surface.get_size()
    ringed = sum(1 for x in range(0, width, 3) for y in range(0, height, 3)
                 if tuple(surface.get_at((x, y)))[:3] == RING)
    assert ringed > 0, "the advised cards are not ringed"
