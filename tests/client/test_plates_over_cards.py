"""The seats' name plates stay readable while cards move (issue 33, item 26: "incoming cards briefly
cover name plates"): through the deal and the first turns of every game, at the animation speed a
player sees and at two window sizes, no card is drawn over a plate after the plate, in any frame.
Cards flying in (a deal, a draw, a card given) pass over the plates on their way; the plates are
drawn after every card, so a flight shows under them."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pygame
import pytest

from game.client.table import zones as zones_module
from game.client.table.hud import Hud
from table_snapshots import _match

pytestmark = pytest.mark.slow

DT = 1 / 30
FRAMES = 900


def _app(size):
    from game.client.app import App
    from game.client.scene import Scene
    from game.client.storage import Storage

    storage = Storage(Path(tempfile.mkdtemp()))
    storage.settings.animation_speed = 1.0
    storage.settings.bot_speed = "quick"
    storage.settings.sound = False
    return App(storage=storage, size=size, first_scene=Scene)


class DrawOrder:
    """What one frame drew, in order: ("card", rect) for every card sprite, ("plates", boxes)."""

    def __init__(self, monkeypatch):
        self.log: list[tuple[str, object]] = []
        draw_sprite, draw_plates = zones_module.draw_sprite, Hud.draw_plates
        log = self.log

        def logged_sprite(*args, **kwargs):
            rect = draw_sprite(*args, **kwargs)
            log.append(("card", pygame.Rect(rect)))
            return rect

        def logged_plates(hud, canvas):
            plates, _ = canvas.notes.get("plates", ([], []))
            log.append(("plates", [pygame.Rect(box) for box, *_ in plates]))
            return draw_plates(hud, canvas)

        monkeypatch.setattr(zones_module, "draw_sprite", logged_sprite)
        monkeypatch.setattr(Hud, "draw_plates", logged_plates)

    def frame(self, table, surface) -> tuple[int, int]:
        """(cards drawn over a plate after it, cards lying on a plate at all) in one drawn frame."""
        self.log.clear()
        table.draw(surface)
        plates = next((what for kind, what in self.log if kind == "plates"), [])
        after_plates = False
        over = touching = 0
        for kind, what in self.log:
            if kind == "plates":
                after_plates = True
            elif what.collidelist(plates) >= 0:
                touching += 1
                over += after_plates
        return over, touching


def play(monkeypatch, game: str, mode: str, size, first_only: bool = False) -> tuple[list[int], int]:
    from grid_driver import start

    order = DrawOrder(monkeypatch)
    record, driver_cls, kwargs = _match(game, mode)
    app = _app(size)
    table = start(app, record)
    driver = driver_cls(app, table, **kwargs)
    surface = pygame.Surface(app.size)
    covered, touching = [], 0
    for n in range(FRAMES):
        if table.match.over:
            break
        driver.act()
        app.step(DT)
        if app.top is not table:
            continue
        over, touched = order.frame(table, surface)
        touching += touched
        if over:
            covered.append(n)
            if first_only:
                break
    return covered, touching


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)], ids=["960x540", "1280x720"])
@pytest.mark.parametrize("game, mode", [("kombio", "single"), ("kabu", "single"), ("combat-uno", "single"),
                                        ("kumbal", "single"), ("combat-uno", "hotseat")])
def test_no_card_is_drawn_over_a_plate(monkeypatch, game, mode, size):
    covered, touching = play(monkeypatch, game, mode, size)
    assert not covered, f"a card drawn over a seat's plate in frames {covered[:10]}"
    if game in ("kombio", "combat-uno"):
        # The check looks at something: cards do pass over or lie on plates in these matches.
        assert touching > 0


def test_the_check_sees_a_card_over_a_plate(monkeypatch):
    """Drawn once more after the plates (as a flight drawn on a later layer would be), the cards
    are caught."""
    draw_plates = Hud.draw_plates

    def plates_then_cards(hud, canvas):
        draw_plates(hud, canvas)
        hud.spec.draw_cards(canvas, set(), set())

    monkeypatch.setattr(Hud, "draw_plates", plates_then_cards)
    covered, _ = play(monkeypatch, "kombio", "single", (960, 540), first_only=True)
    assert covered
