"""Hot-seat Combat UNO: every human turn begins behind the curtain, hands are face down between
turns, the player who looks sits at the bottom, and a claim key opens that player's hand for an
out-of-turn move while the table clock stands still."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes.curtain import Curtain
from game.client.table.privacy import CLAIM_KEYS
from game.variants.combat_uno import CallUno, JumpedIn, Play
from kombio_driver import DT, key, make_app, start
from hand_driver import card_point, run_hotseat, until
from test_combat_uno_table import UnoDriver, index_of, uno_record

pytestmark = pytest.mark.client


def test_hotseat_match_with_curtains(tmp_path):
    app = make_app(tmp_path)
    table = start(app, uno_record([("Ann", "human"), ("Bob", "human"), ("Ada", "medium")], seed=6, rounds=1))
    assert table.screen.hotseat and table.screen.viewer is None
    driver = UnoDriver(app, table, seed=2, jump_rate=0.5)
    # (a player just down to one card keeps their hand open while their UNO chance runs)
    curtains, viewers_on_bot_turns = run_hotseat(driver, lambda g, v: CallUno(v, v) in g.legal_actions(v), 60000)
    g = table.match.game
    assert g.over
    assert curtains >= 5
    assert driver.inputs.get("claim-key", 0) > 0
    # While a bot is on turn (and nobody claimed) no hand is open.
    assert viewers_on_bot_turns == {None}


def test_claim_key_jump_in_with_the_clock_stopped(tmp_path):
    app = make_app(tmp_path)
    table = start(app, uno_record([("Ann", "human"), ("Bob", "human"), ("Ada", "easy"), ("Bruno", "easy")],
                                  seed=13, reaction_seconds=3.0, rounds=6))
    driver = UnoDriver(app, table, seed=7, jump_rate=0.0, catch_rate=0.0)
    g = table.match.game

    def chance_for_other() -> int | None:
        if not (table.director.ready_for_input() and g.phase == "play" and not isinstance(app.top, Curtain)):
            return None
        for h in table.screen.humans:
            if h != table.screen.viewer and h != g.turn and any(isinstance(a, Play) for a in g.legal_actions(h)):
                return h
        return None
    assert until(driver, lambda: chance_for_other() is not None, 60000), "no out-of-turn chance for a human"
    seat = chance_for_other()
    top = g.discard[-1]
    n = len(g.history)
    key(CLAIM_KEYS[table.screen.humans.index(seat)])
    app.step(DT)
    assert isinstance(app.top, Curtain) and app.top.seat == seat
    assert table.screen.claimer == seat
    t0 = table.screen.table_time
    for _ in range(100):                 # five seconds behind the curtain: the window does not run out
        app.step(DT)
    assert table.screen.table_time == t0 and len(g.history) == n
    key(pygame.K_RETURN)
    app.step(DT)
    assert table.screen.viewer == seat and table.screen.layout.spot(seat).own
    faces = [f for f in table.draw_log[-1][2] if f[2] is not None]
    assert faces and all(f[2] == frozenset((seat,)) for f in faces), "only the claimer's own cards show"
    for _ in range(40):                  # thinking: the clock still stands
        app.step(DT)
    assert table.screen.table_time == t0
    i = index_of(table, seat, top.rank, top.suit)
    jumped: list = []
    table.match.listen(lambda events: (jumped.extend(e for e in events if isinstance(e, JumpedIn)),
                                             table.on_events(events)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=card_point(table, seat, i)))
    app.step(DT)
    if top.suit is None:
        key(pygame.K_r)
        app.step(DT)
    assert jumped and jumped[0].seat == seat
    assert table.screen.claimer is None
    for _ in range(5):
        app.step(DT)
    # The claim is over: the view goes neutral (or to the next human on turn, behind a curtain).
    assert table.screen.viewer is None or table.screen.viewer == g.turn


@pytest.mark.slow
def test_uno_call_right_after_going_down_to_one_card(tmp_path):
    """The player's turn has passed, but their hand stays open while their UNO chance runs: U calls
    it without a claim key or a curtain."""
    app = make_app(tmp_path)
    table = start(app, uno_record([("Ann", "human"), ("Bob", "human"), ("Ada", "easy")], seed=3,
                                  reaction_seconds=3.0, rounds=8))
    driver = UnoDriver(app, table, seed=5, call_rate=0.0, catch_rate=0.0, jump_rate=0.0, draw_rate=0.0)
    g = table.match.game

    def own_uno() -> bool:
        v = table.screen.viewer
        return table.director.ready_for_input() and not isinstance(app.top, Curtain) and v is not None \
            and g.turn != v and CallUno(v, v) in g.legal_actions(v)
    assert until(driver, own_uno, 60000), "no human went down to one card"
    seat = table.screen.viewer
    faces = [f for f in table.draw_log[-1][2] if f[2] is not None] if table.draw_log else []
    assert all(f[2] == frozenset((seat,)) for f in faces)
    assert any(b.text == "UNO!" for b in table.input.form.widgets)
    key(pygame.K_u)
    app.step(DT)
    assert any(a == CallUno(seat, seat) for _, a in g.history)
    for _ in range(5):
        app.step(DT)
    assert table.screen.viewer in (None, g.turn), "the hand closes once the chance is used"


def test_floating_texts_follow_their_seat_when_the_table_turns_to_the_next_player(tmp_path):
    from game.client.ui import text as T

    app = make_app(tmp_path, speed=1.0)
    table = start(app, uno_record([("Ann", "human"), ("Bob", "human"), ("Cy", "human"), ("Ada", "medium")],
                                  seed=6, rounds=1))
    driver = UnoDriver(app, table, seed=2, jump_rate=0.3)
    born: dict[int, tuple[int, tuple[float, float]]] = {}     # id(float) -> (bottom seat, spot) when it rose
    checked = 0
    for _ in range(30000):
        driver.act()
        app.step(DT)
        driver.check_frame()
        for f in table.hud.floating:
            if f.seat is not None and id(f) not in born:
                born[id(f)] = (table.screen.bottom, table.zones.seat_point(f.seat))
        if isinstance(app.top, Curtain):
            continue
        drawn = {text: rect for text, rect in T.DRAWN}
        for f in table.hud.floating:
            if f.seat is None or id(f) not in born or f.text not in drawn:
                continue
            bottom, spot = born[id(f)]
            if bottom == table.screen.bottom:
                continue
            # The table turned since the text rose: it is drawn over its seat's new place.
            now = table.zones.seat_point(f.seat)
            assert abs(drawn[f.text].centerx - now[0]) <= 1, (f.text, drawn[f.text], now, spot)
            assert abs(spot[0] - now[0]) + abs(spot[1] - now[1]) > 50      # (and that place moved)
            checked += 1
        if checked >= 3 or table.match.game.over:
            break
    assert checked >= 3, f"only {checked} frames with a text rising over a seat that moved"
