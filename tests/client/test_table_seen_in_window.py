"""Issue 33, items 26 and 27, each first seen in a real window: confetti over the scores, a flying
card face down after the news had named it, a tilted pile card hit-tested upright, Kabu's
calculated score unexplained, and Enter ignored after a 7-10 look."""

from __future__ import annotations

import math

import pygame

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


def test_confetti_flies_behind_the_results_panel(tmp_path):
    """The burst rose over the round's scores and hid them; it goes behind the panel, around it."""
    app = make_app(tmp_path)
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy")], seed=3))
    driver = KabuDriver(app, table, seed=3, claim_rate=0.0, call_after=2)
    _steps(app, table, lambda: table.round_result is not None and not table.animating, 20000, driver)
    panel = table.overlay_rect()
    magenta = (255, 0, 255)
    table.confetti = [[panel.centerx, panel.centery, 0.0, 0.0, magenta, 0.0, 0.0, 9.0],
                      [8, 8, 0.0, 0.0, magenta, 0.0, 0.0, 9.0]]
    surface = pygame.Surface(table.layout.size)
    table.draw(surface)
    assert tuple(surface.get_at(panel.center))[:3] != magenta       # the scores stay readable
    assert tuple(surface.get_at((8, 8)))[:3] == magenta             # the confetti still flies around them


def test_a_card_named_by_the_news_shows_its_face_at_once(tmp_path):
    """"Bruno discards a 13" stood beside a card still face down for half its flight (0.19 s at
    normal speed); its face now shows by the next frame (0.05 s here) after its name."""
    app = make_app(tmp_path, speed=1.0)
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=5))
    driver = KabuDriver(app, table, seed=5, claim_rate=0.0, call_after=99)
    waits = []
    told = list(table.narration)
    for _ in range(6000):
        driver.act()
        app.step(DT)
        if list(table.narration) == told:
            continue
        told = list(table.narration)
        if " discards the " not in told[-1]:
            continue
        flying = [s for s in table.discard if s.moving and s.card is not None]
        frames = 0
        while flying and not all(s.face_shown(table.viewer) for s in flying) and frames < 30:
            app.step(DT)
            frames += 1
        waits.append(frames)
        told = list(table.narration)
        if len(waits) >= 4:
            break
    assert len(waits) >= 4, waits
    assert max(waits) <= 1, waits


def test_a_tilted_pile_card_is_hit_where_it_is_drawn(tmp_path):
    """Combat UNO's pile cards lie tilted up to 10 degrees: a click on a corner sticking out of the
    upright rectangle missed the pile, a click on the bare felt inside it hit."""
    app = make_app(tmp_path)
    table = start(app, hand_record("combat-uno", [("You", "human"), ("Ada", "easy")], 3, {}))
    _steps(app, table, lambda: table.discard and not table.animating, 2000)
    top = table.discard[-1]
    top.angle = 10.0                       # as landing_pose lays some of them
    (top.x, top.y), top.oy = table.layout.discard_pos, 0.0   # (on the pile's place, not nudged off it)
    for under in table.discard[:-1]:
        under.x = -1000.0                  # (only the top card on the felt)
    a = math.radians(top.angle)

    def on_card(u: float, v: float) -> tuple[int, int]:
        """Screen point of card coordinates (u, v) from its centre, turned as the card is."""
        return (round(top.x + u * math.cos(a) + v * math.sin(a)), round(top.y + top.oy - u * math.sin(a) + v * math.cos(a)))

    corner = on_card(-top.w / 2 + 3, -top.h / 2 + 3)     # the card's top left corner, drawn
    assert not top.rect().collidepoint(corner)
    assert table.place_at(corner) == DISCARD
    bare = (top.rect().right - 2, top.rect().top + 2)     # inside the upright rectangle, off the card
    assert not top.contains(bare)
    assert table.place_at(bare) is None
    assert table.place_at((round(top.x), round(top.y))) == DISCARD


def test_the_calculated_score_says_how_it_is_made_and_what_it_is_for():
    """"calc -17: no card" explained neither the sum nor the "no card"."""
    from game.core.cards import Card

    assert KabuTable.calc_text(-17, Card(0, 7, "h"), Card(1, "K", "s")) == \
        ("calc 7 − black 24 = -17", "no card is worth -17")
    assert KabuTable.calc_text(10, Card(0, 6, "c"), Card(1, 4, "d")) == \
        ("calc 6 + red 4 = 10", "a card worth 10 fits too")
