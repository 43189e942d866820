"""Issue 33, items 26 and 27, each first seen in a real window: confetti over the scores, a flying
card face down after the news had named it, a tilted pile card hit-tested upright, Kabu's
calculated score unexplained, and Enter ignored after a 7-10 look."""

from __future__ import annotations

import math

import pygame
import pytest

from game.client.table.kabu import KabuTable
from game.core.cards import DISCARD, grid_place
from game.core.actions import Pass
from hand_driver import hand_record
from kabu_driver import DT, KabuDriver, click, kabu_record, key, make_app, start


def _steps(app, table, done, frames: int, driver=None) -> None:
    for _ in range(frames):
        if done():
            return
        if driver is not None:
            driver.act()
        app.step(DT)
    raise AssertionError("the table never got there")


@pytest.mark.slow
def test_confetti_flies_behind_the_results_panel(tmp_path):
    """The burst rose over the round's scores and hid them; it goes behind the panel, around it."""
    app = make_app(tmp_path)
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy")], seed=3))
    driver = KabuDriver(app, table, seed=3, claim_rate=0.0, call_after=2)
    _steps(app, table, lambda: table.screen.round_result is not None and not table.director.animating, 20000, driver)
    panel = table.spec.overlay_rect()
    magenta = (255, 0, 255)
    table.results.confetti = [[panel.centerx, panel.centery, 0.0, 0.0, magenta, 0.0, 0.0, 9.0],
                      [8, 8, 0.0, 0.0, magenta, 0.0, 0.0, 9.0]]
    surface = pygame.Surface(table.screen.layout.size)
    table.draw(surface)
    assert tuple(surface.get_at(panel.center))[:3] != magenta       # the scores stay readable
    assert tuple(surface.get_at((8, 8)))[:3] == magenta             # the confetti still flies around them


@pytest.mark.slow
def test_a_card_named_by_the_news_shows_its_face_at_once(tmp_path):
    """"Bruno discards a 13" stood beside a card still face down for half its flight (0.19 s at
    normal speed); its face now shows by the next frame (0.05 s here) after its name."""
    app = make_app(tmp_path, speed=1.0)
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=5))
    driver = KabuDriver(app, table, seed=5, claim_rate=0.0, call_after=99)
    waits = []
    told = list(table.hud.narration)
    for _ in range(6000):
        driver.act()
        app.step(DT)
        if list(table.hud.narration) == told:
            continue
        told = list(table.hud.narration)
        if " discards the " not in told[-1]:
            continue
        flying = [s for s in table.zones.discard if s.moving and s.card is not None]
        frames = 0
        while flying and not all(s.face_shown(table.screen.viewer) for s in flying) and frames < 30:
            app.step(DT)
            frames += 1
        waits.append(frames)
        told = list(table.hud.narration)
        if len(waits) >= 4:
            break
    assert len(waits) >= 4, waits
    assert max(waits) <= 1, waits


def test_a_tilted_pile_card_is_hit_where_it_is_drawn(tmp_path):
    """Combat UNO's pile cards lie tilted up to 10 degrees: a click on a corner sticking out of the
    upright rectangle missed the pile, a click on the bare felt inside it hit."""
    app = make_app(tmp_path)
    table = start(app, hand_record("combat-uno", [("You", "human"), ("Ada", "easy")], 3, {}))
    _steps(app, table, lambda: table.zones.discard and not table.director.animating, 2000)
    top = table.zones.discard[-1]
    top.angle = 10.0                       # as landing_pose lays some of them
    (top.x, top.y), top.oy = table.screen.layout.discard_pos, 0.0   # (on the pile's place, not nudged off it)
    for under in table.zones.discard[:-1]:
        under.x = -1000.0                  # (only the top card on the felt)
    a = math.radians(top.angle)

    def on_card(u: float, v: float) -> tuple[int, int]:
        """Screen point of card coordinates (u, v) from its centre, turned as the card is."""
        return (round(top.x + u * math.cos(a) + v * math.sin(a)), round(top.y + top.oy - u * math.sin(a) + v * math.cos(a)))

    corner = on_card(-top.w / 2 + 3, -top.h / 2 + 3)     # the card's top left corner, drawn
    assert not top.rect().collidepoint(corner)
    assert table.spec.place_at(corner) == DISCARD
    bare = (top.rect().right - 2, top.rect().top + 2)     # inside the upright rectangle, off the card
    assert not top.contains(bare)
    assert table.spec.place_at(bare) is None
    assert table.spec.place_at((round(top.x), round(top.y))) == DISCARD


def test_the_calculated_score_says_how_it_is_made_and_what_it_is_for():
    """"calc -17: no card" explained neither the sum nor the "no card"."""
    from game.core.cards import Card

    assert KabuTable.calc_text(-17, Card(0, 7, "h"), Card(1, "K", "s")) == \
        ("calc 7 − black 24 = -17", "no card is worth -17")
    assert KabuTable.calc_text(10, Card(0, 6, "c"), Card(1, 4, "d")) == \
        ("calc 6 + red 4 = 10", "a card worth 10 fits too")


def _after_a_look(tmp_path):
    """The player has drawn a 7 or 8, discarded it and clicked one of their own cards to look at."""
    app = make_app(tmp_path, speed=1.0, bot_speed="quick")
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy")], seed=13, reaction_seconds=3.0))
    driver = KabuDriver(app, table, seed=13, claim_rate=0.0, call_after=99)

    def my_turn() -> bool:
        v = table.match.view(0)
        return table.director.ready_for_input() and v.phase == "turn" and v.turn == 0 and table.director.hold is None and v.holder is None
    _steps(app, table, my_turn, 3000, driver)
    key(pygame.K_d)
    _steps(app, table, lambda: table.director.ready_for_input() and table.match.view(0).held is not None, 200)
    assert table.match.view(0).held.rank in (7, 8), "seed 13 draws a 7 or an 8 first"
    key(pygame.K_p)
    _steps(app, table, lambda: table.director.ready_for_input() and table.match.view(0).phase == "ability", 200)
    click(table.zones.sprite_at(grid_place(0, 1)).rect().center)
    app.step(DT)
    assert table.spec.glimpse == grid_place(0, 1) and table.match.view(0).phase == "reaction"
    return app, table


def test_enter_as_your_look_turns_up_ends_it(tmp_path):
    """After a 7-10 look the card stays face up through the claim window (it may be claimed at
    once). Enter, which ends every other look, was dropped while the card turned up (the window
    then ran its 3 s with the card face up); it counts now, as a pass."""
    app, table = _after_a_look(tmp_path)
    assert table.director.animating                 # the card is still turning up
    key(pygame.K_RETURN)
    app.step(DT)
    assert any(isinstance(a, Pass) and a.seat == 0 for _, a in table.match.game.history[-3:])
    _steps(app, table, lambda: table.spec.glimpse is None, 200)


def test_the_window_after_your_look_offers_done_on_enter(tmp_path):
    """Once the card is up, Enter pressed a "Pass · Space" button it had no word of: the button is
    "Done · Enter", and the prompt ends "Enter: done"."""
    app, table = _after_a_look(tmp_path)
    _steps(app, table, lambda: table.director.ready_for_input(), 200)
    assert table.hud.current_prompt().endswith(" · Enter: done")
    assert [(b.text, b.primary) for b in table.input.form.widgets if b.text != "History"] == [("Done", True)]
    key(pygame.K_RETURN)
    app.step(DT)
    assert any(isinstance(a, Pass) and a.seat == 0 for _, a in table.match.game.history[-3:])
