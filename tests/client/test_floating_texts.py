"""Rising texts over a seat (play-test findings): each sits on a dark pill on every table (16 Combos
drew bare text over the cards), and two rising over the same seat at once do not print on top of
each other ("✓ Ada: discard!" under "✗ You: wrong card")."""

from __future__ import annotations

import pygame
import pytest

from game.client.table import hud
from game.client.ui import text as T
from game.client.ui import theme as TH
from kabu_driver import DT, kabu_record, make_app, start
from sixteen_combos_driver import new_record

pytestmark = pytest.mark.client


def drawn_floats(monkeypatch, table, app) -> tuple[dict[str, pygame.Rect], list[pygame.Rect]]:
    """Where each rising text was drawn, and the pills drawn behind texts."""
    words = {f.text for f in table.hud.floating}
    texts: dict[str, pygame.Rect] = {}
    pills: list[tuple[int, int]] = []
    blit, panel = T.blit_text, TH.panel

    def spy_text(surface, text, font, colour, pos, anchor="topleft", *a, **kw):
        if text in words and anchor == "center":
            texts[text] = T.text(text, font, colour, kw.get("bold", True)).get_rect(center=pos)
        return blit(surface, text, font, colour, pos, anchor, *a, **kw)

    def spy_panel(size, fill, *a, **kw):
        if tuple(fill) == (0, 0, 0, 170):
            pills.append(tuple(size))
        return panel(size, fill, *a, **kw)
    monkeypatch.setattr(T, "blit_text", spy_text)
    monkeypatch.setattr(TH, "panel", spy_panel)
    table.draw(pygame.Surface(app.size))
    monkeypatch.undo()
    return texts, pills


def test_two_texts_over_one_seat_stand_apart(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=4))
    app.step(DT)
    table.hud.floating.clear()
    table.hud.float_text(1, "✓ Ada: discard!", table.palette.good)
    table.hud.float_text(1, "✗ You: wrong card", table.palette.bad)
    table.hud.float_text(2, "KABU!", table.palette.accent)
    texts, pills = drawn_floats(monkeypatch, table, app)
    a, b = texts["✓ Ada: discard!"], texts["✗ You: wrong card"]
    assert not a.inflate(0, 6).colliderect(b.inflate(0, 6)), (a, b)
    assert len(pills) == 3


def test_sixteen_combos_rising_texts_sit_on_a_pill(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=3))
    app.step(DT)
    table.hud.floating.clear()
    table.hud.float_text(1, "Critical failure", table.palette.bad)
    table.hud.float_text(2, "Lost reaction", table.palette.bad)
    texts, pills = drawn_floats(monkeypatch, table, app)
    assert set(texts) == {"Critical failure", "Lost reaction"}
    assert len(pills) == 2, pills
