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
    assert table.screen.hotseat and table.screen.viewer is None
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
            assert table.screen.viewer is None
            key(pygame.K_RETURN)
            app.step(DT)
            assert table.screen.viewer == seat
            shown_for.append((seat, table.screen.viewer))
            continue
        if table.director.hold is not None:
            assert table.screen.viewer == table.director.hold.seat
            key(pygame.K_RETURN)
        app.step(DT)
        if len(shown_for) >= 2 and table.match.game.phase == "turn" and table.director.ready_for_input():
            break
    assert [s for s, _ in shown_for][:2] == [0, 1]
    assert table.screen.viewer is None
    # The first player draws: the curtain comes up for them before the card is shown.
    actor = table.spec.actor()
    key(pygame.K_d)
    app.step(DT)
    app.step(DT)
    assert isinstance(app.top, Curtain) and app.top.seat == actor
    held = [e for e in table.director.queue if isinstance(e, CardMoved)]
    assert held and held[0].dst.zone == "held", "the drawn card waits behind the curtain"
    key(pygame.K_RETURN)
    for _ in range(10):
        app.step(DT)
    assert table.screen.viewer == actor
    faces = [f for f in table.draw_log[-1][2] if f[0] != "memory" and f[2] is not None]
    assert [f[1] for f in faces] == [table.match.game.held]


@pytest.mark.slow
def test_claim_key_pauses_the_clock(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("Ann", "human"), ("Bob", "human"), ("Ada", "random")], seed=12,
                                  reaction_seconds=2.0))
    driver = Driver(app, table, seed=5, claim_rate=0.0)
    # Play until a reaction window is open to both humans.
    for _ in range(20000):
        if table.director.ready_for_input() and table.match.game.phase == "reaction" and len(table.spec.claimants()) == 2:
            break
        driver.act()
        app.step(DT)
    assert table.match.game.phase == "reaction"
    serial = table.match.game.window.serial
    key(pygame.K_w)                        # Bob's claim key
    app.step(DT)
    assert table.screen.claimer == 1
    t0 = table.screen.table_time
    for _ in range(200):                   # ten seconds of thinking: the window does not run out
        app.step(DT)
    assert table.screen.table_time == t0
    assert table.match.game.phase == "reaction" and table.match.game.window.serial == serial
    key(pygame.K_ESCAPE)                   # changed his mind
    app.step(DT)
    assert table.screen.claimer is None
    for _ in range(100):
        app.step(DT)
    assert table.screen.table_time > t0


def test_the_player_across_reads_their_peeked_cards_upright(tmp_path):
    """In hot seat everybody holds the device from the screen's edge: the cards a player across
    the table peeks at are turned to be read, where they lay upside down. The backs and the other
    seats' cards keep their seat's way; alone at the screen, a card looked at across the table (a
    spy) is read upright too."""
    app = make_app(tmp_path)
    table = start(app, new_record([("Ann", "human"), ("Bob", "human"), ("Cy", "easy")], seed=3))
    for _ in range(600):
        app.step(DT)
        if app.top is not table:
            key(pygame.K_RETURN)
            continue
        if table.director.hold is not None and table.director.hold.seat == 1 and table.screen.viewer == 1:
            break
        if table.director.hold is not None:
            table.director.release_hold()
    else:
        raise AssertionError("Bob's peek never came")
    shown = [s for s in table.zones.grid[1].values() if table.zones.face_at(s, None) is not None]
    assert len(shown) == 2 and all(abs(s.angle - 180) < 1 for s in shown)
    assert all(table.zones.reading_angle(s, table.zones.face_at(s, None)) == 0.0 for s in shown)
    # Drawn upright: every draw of those faces this frame is at angle 0.
    import game.client.table.zones as zones
    drawn_at = []
    real = zones.draw_sprite

    def spy(surface, sprite, face, palette, nominal, angle=None, *rest, **kwargs):
        drawn_at.append((sprite, face, angle))
        return real(surface, sprite, face, palette, nominal, angle, *rest, **kwargs)
    zones.draw_sprite = spy
    try:
        table.draw(pygame.Surface(app.size))
    finally:
        zones.draw_sprite = real
    faces = [(sprite, angle) for sprite, face, angle in drawn_at if sprite in shown]
    assert len(faces) == 2 and all(angle == 0.0 for _, angle in faces), faces
    hidden = [s for s in table.zones.grid[1].values() if table.zones.face_at(s, None) is None]
    assert hidden and all(table.zones.reading_angle(s, None) is None for s in hidden)
    table.screen.humans = [1]      # alone at the screen: the same
    assert all(table.zones.reading_angle(s, table.zones.face_at(s, None)) == 0.0 for s in shown)
    table.screen.viewer = 0     # whoever else is at the screen sees them as they lie (backs)
    assert all(table.zones.reading_angle(s, table.zones.face_at(s, None)) is None for s in shown)
