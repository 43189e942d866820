"""Headless client tests: SDL's dummy video/audio drivers, a throwaway CARDHALL_HOME, a stand-in
variant ("Shelltest") with one option of each kind, and a stand-in table that records what
happens to it. Helpers post real pygame events and step the app frame by frame."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import games  # noqa: E402
from game.client import tables  # noqa: E402
from game.client.scene import Scene  # noqa: E402
from game.client.storage import Storage  # noqa: E402
from game.client.ui import text as T  # noqa: E402
from game.core.game import Game  # noqa: E402
from game.core.options import OptionSpec  # noqa: E402

TABLE_COLOUR = (255, 0, 255)


class ShellTestGame(Game):
    id = "shelltest"
    title = "Shelltest"
    summary = "A stand-in variant for the client shell tests."
    min_seats = 2
    max_seats = 5
    option_specs = (
        OptionSpec("rounds", "Number of rounds", 5, "How many rounds to play.", minimum=1, maximum=8),
        OptionSpec("addons", "Score add-ons", True, "Extra scoring rules."),
        OptionSpec("ending", "Game ends by", "rounds", "Rounds or a target.", choices=("rounds", "target")),
        OptionSpec("reaction_seconds", "Reaction window", 3.0, "Seconds for claims.", minimum=0.0, maximum=10.0, step=0.5),
    )

    def setup(self) -> None:
        pass


class NoTableGame(Game):
    id = "shellnotable"
    title = "Notable Absence"
    summary = "Registered, but no table: must not be offered under Play."




class FakeTable(Scene):
    """Fills the screen with TABLE_COLOUR; Esc opens the shared pause menu."""

    instances: list["FakeTable"] = []
    fail = False

    def __init__(self, app, record, storage):
        if FakeTable.fail:
            raise RuntimeError("this record cannot be rebuilt")
        super().__init__(app)
        self.record = record
        self.storage_given = storage
        self.draws = 0
        self.updates = 0
        FakeTable.instances.append(self)

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from game.client.scenes.pause import PauseMenu

            self.app.push(PauseMenu(self.app, self.record.variant, "Shelltest", on_save=lambda: self.record,
                                    save_meta=lambda: {"summary": "round 2"}))

    def update(self, dt):
        self.updates += 1

    def draw(self, surface):
        self.draws += 1
        surface.fill(TABLE_COLOUR)


@pytest.fixture(autouse=True)
def _stand_ins():
    """Register the stand-in variants and table for one test only, so nothing else in the
    session (smoke tests, variant-wide property tests) ever sees them."""
    FakeTable.instances.clear()
    FakeTable.fail = False
    with games.kept():
        games.register(games.GameEntry.of(ShellTestGame, table=FakeTable))
        games.register(games.GameEntry.of(NoTableGame))
        yield


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def make_app(home):
    from game.client.app import App

    apps = []

    def make(**kwargs):
        storage = kwargs.pop("storage", None)
        if storage is None:
            storage = Storage(home)
            # These tests are about the menus, not the guided match's once-only offer
            # (tests/client/test_guide.py is): it was offered already.
            storage.settings.guides_offered = games.game_ids()
        pygame.display.init()
        pygame.event.clear()
        app = App(storage=storage, **kwargs)
        app.run_frames(1)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.quit()
    if pygame.display.get_init():
        pygame.event.clear()


@pytest.fixture
def app(make_app):
    return make_app()


# -- driving the app with real events ------------------------------------------------------------

class Driver:
    """Posts real pygame events to the app and steps it; reads back what was drawn."""

    def __init__(self, app):
        self.app = app

    def key(self, k, mod=0, frames=1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
        self.app.run_frames(frames)

    def press(self, k, text):
        """A printable key as SDL delivers it: KEYDOWN, then its TEXTINPUT, then KEYUP, in one batch."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))
        self.app.run_frames(1)

    def type(self, s):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=s))
        self.app.run_frames(1)

    def move(self, pos):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(int, pos)), rel=(0, 0), buttons=(0, 0, 0)))
        self.app.run_frames(1)

    def click(self, pos, frames=1):
        pos = tuple(int(v) for v in pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.app.run_frames(frames)

    def wheel(self, y):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
        self.app.run_frames(1)

    def click_button(self, text, frames=1):
        self.click(self.button(text).rect.center, frames)

    def button(self, text):
        scene = self.app.top
        form = scene.input.form if hasattr(scene, "input") else scene.form     # (a table's buttons are its input's)
        for w in form.widgets:
            if getattr(w, "text", None) == text:
                return w
        raise AssertionError(f"no button {text!r} on {type(scene).__name__}")

    @property
    def texts(self) -> list[str]:
        """Texts drawn in the last frame."""
        return [t for t, _ in T.DRAWN]

    def rect_of(self, label: str) -> pygame.Rect:
        for t, r in T.DRAWN:
            if t == label:
                return r
        raise AssertionError(f"{label!r} was not drawn; drawn: {self.texts}")

    @property
    def stack(self) -> list[str]:
        return [type(s).__name__ for s in self.app.scenes]


@pytest.fixture
def drive(app):
    return Driver(app)


@pytest.fixture
def driver_for():
    return Driver


@pytest.fixture
def fake_table():
    return FakeTable
