"""What does not change between frames is not worked out again (issue 31): a still table's
second frame places no plate, tag or news anew on the label board and works out no card image
again, and draws the same pixels and texts as the first; what a label depends on changing places
it again."""

from __future__ import annotations

import pygame
import pytest

from game.client.table import sprites
from game.client.table.canvas import LabelBoard
from game.client.ui import text as T
from grid_driver import make_app, start, table_record

pytestmark = pytest.mark.client

SEATS = [("You", "human"), ("Ada", "medium"), ("Bruno", "medium"), ("Chiara", "medium")]


def still_table(tmp_path):
    """A Kombio table after its deal, holding for the player to look at two cards: nothing moves."""
    app = make_app(tmp_path)
    table = start(app, table_record("kombio", SEATS, 5, {"rounds": 2, "reaction_seconds": 3.0}))
    for _ in range(600):
        table.update(0.05)
        if table.director.hold is not None and not table.moving():
            break
    assert table.director.hold is not None and not table.moving()
    return app, table


def frame(table, surface) -> tuple[bytes, list]:
    T.DRAWN.clear()
    table.draw(surface)
    return pygame.image.tobytes(surface, "RGB"), [(text, tuple(rect)) for text, rect in T.DRAWN]


def counting(monkeypatch, owner, name: str) -> list:
    calls: list = []
    original = getattr(owner, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)
    monkeypatch.setattr(owner, name, counted)
    return calls


def test_a_still_frame_places_no_label_and_makes_no_card_image_again(tmp_path, monkeypatch):
    app, table = still_table(tmp_path)
    surface = pygame.Surface(app.surface.get_size(), 0, app.surface)
    first = frame(table, surface)
    fits = counting(monkeypatch, LabelBoard, "fit")
    images = counting(monkeypatch, sprites, "card_image")
    second = frame(table, surface)
    assert second == first
    # Only the piles' two captions ask the board (they are placed beside piles that change);
    # the four plates, the news and the prompt keep their spots.
    assert len(fits) == 2, [tuple(args[1]) for args in fits]
    # Only the cards the player is looking at, raised off the table, are drawn afresh.
    raised = [s for _, s in table.zones.resting() if s.lift]
    assert len(raised) == 2
    assert len(images) == len(raised)


def test_a_plate_is_placed_again_when_its_words_change(tmp_path):
    app, table = still_table(tmp_path)
    surface = pygame.Surface(app.surface.get_size(), 0, app.surface)
    _, texts = frame(table, surface)
    plate = next(rect for text, rect in texts if text.startswith("Bruno"))
    table.screen.names[2] = "Bruno Bartholomew the Third"
    _, texts = frame(table, surface)
    assert not any(text.startswith("Bruno  ") for text, _ in texts)
    longer = next(rect for text, rect in texts if text.startswith("Bruno Bartholomew the Third"))
    assert longer[2] > plate[2]
