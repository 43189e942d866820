"""Hot-seat Kombio: the "Pass to <name>" curtain before every private moment, a neutral view in
between, per-seat claim keys, and the session clock standing still while a claimer picks."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes.curtain import Curtain
from game.core.events import CardMoved
from kombio_driver import DT, Driver, key, make_app, new_record, start

pytestmark = pytest.mark.client


def test_hotseat_match_with_curtains(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("Ann", "human"), ("Bob", "human"), ("Ada", "random")], seed=6, rounds=2))
    assert table.hotseat and table.viewer is None
    driver = Driver(app, table, seed=2, claim_rate=0.4)
    curtains, viewers_during_turns = driver.run_hotseat(40000)
    g = table.match.game
    assert g.over
    # Two humans peek at the start of each of the two rounds: at least four curtains, plus draws.
    assert curtains >= 4 + 2
    assert driver.inputs.get("claim-key", 0) + driver.inputs.get("Pass", 0) > 0
    # Between private moments nobody's perspective is on screen.
    assert viewers_during_turns == {None}
    assert g.seen  # (the rules' own record of who saw what is what check_frame compared against)


def test_private_events_wait_for_their_player(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("Ann", "human"), ("Bob", "human")], seed=4))
    shown_for: list[tuple[int, int | None]] = []
    for _ in range(3000):
        if isinstance(app.top, Curtain):
            seat = app.top.seat
            # Nothing of that seat's is visible yet; confirm.
            assert table.viewer is None
            key(pygame.K_RETURN)
            app.step(DT)
            assert table.viewer == seat
            shown_for.append((seat, table.viewer))
            continue
        if table.hold is not None:
            assert table.viewer == table.hold.seat
            key(pygame.K_RETURN)
        app.step(DT)
        if len(shown_for) >= 2 and table.match.game.phase == "turn" and table.ready_for_input():
            break
    assert [s for s, _ in shown_for][:2] == [0, 1]
    assert table.viewer is None
    # The first player draws: the curtain comes up for them before the card is shown.
    actor = table.actor()
    key(pygame.K_d)
    app.step(DT)
    app.step(DT)
    assert isinstance(app.top, Curtain) and app.top.seat == actor
    held = [e for e in table.queue if isinstance(e, CardMoved)]
    assert held and held[0].dst.zone == "held", "the drawn card waits behind the curtain"
    key(pygame.K_RETURN)
    for _ in range(10):
        app.step(DT)
    assert table.viewer == actor
    faces = [f for f in table.draw_log[-1][2] if f[0] != "memory" and f[2] is not None]
    assert [f[1] for f in faces] == [table.match.game.held]


def test_claim_key_pauses_the_clock(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("Ann", "human"), ("Bob", "human"), ("Ada", "random")], seed=12,
                                  reaction_seconds=2.0))
    driver = Driver(app, table, seed=5, claim_rate=0.0)
    # Play until a reaction window is open to both humans.
    for _ in range(20000):
        if table.ready_for_input() and table.match.game.phase == "reaction" and len(table.claimants()) == 2:
            break
        driver.act()
        app.step(DT)
    assert table.match.game.phase == "reaction"
    serial = table.match.game.window.serial
    key(pygame.K_w)                        # Bob's claim key
    app.step(DT)
    assert table.claimer == 1
    t0 = table.table_time
    for _ in range(200):                   # ten seconds of thinking: the window does not run out
        app.step(DT)
    assert table.table_time == t0
    assert table.match.game.phase == "reaction" and table.match.game.window.serial == serial
    key(pygame.K_ESCAPE)                   # changed his mind
    app.step(DT)
    assert table.claimer is None
    for _ in range(100):
        app.step(DT)
    assert table.table_time > t0
