"""The app draws only when something changes: App.loop runs on a fake clock here (no wall time);
at rest it waits for input or for the next deadline the top scene reports (next_frame_due), and
while anything moves it draws 60 frames a second."""

from __future__ import annotations

import pygame
import pytest

from game.client.app import FPS, REST_POLL
from game.client.table.base import PULSE_FPS, TICK_FPS
from game.client.table.screen import PULSE_SECONDS
from grid_driver import make_app as make_table_app
from grid_driver import start, table_record

pytestmark = pytest.mark.client


class FakeTime:
    """now/sleep for App.loop, input events posted at given moments, and when each frame began."""

    def __init__(self, app, inputs: list[tuple[float, pygame.event.Event]] = ()):
        self.t = 0.0
        self.inputs = sorted(inputs, key=lambda x: x[0])
        self.sleeps: list[float] = []
        self.frames: list[float] = []
        step = app.step

        def counted(dt=None):
            self.frames.append(self.t)
            return step(dt)
        app.step = counted

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        assert seconds > 0
        self.sleeps.append(seconds)
        self.t += seconds

    def input_waiting(self) -> bool:
        while self.inputs and self.inputs[0][0] <= self.t:
            pygame.event.post(self.inputs.pop(0)[1])
        return bool(pygame.event.peek())

    def run(self, app, seconds: float) -> None:
        app.loop(seconds, now=self.now, sleep=self.sleep, input_waiting=self.input_waiting)

    def between(self, a: float, b: float) -> list[float]:
        return [f for f in self.frames if a <= f < b]


def key_event(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_the_menu_draws_once_and_rests(app):
    fake = FakeTime(app)
    fake.run(app, 20.0)
    assert len(fake.frames) <= 2          # the first frame, and one as the 20 s end
    assert app.next_frame_due() is None
    # Resting, it looks for input at least every REST_POLL (as often as a drawn frame would).
    assert max(fake.sleeps) <= REST_POLL + 1e-9
    assert sum(fake.sleeps) == pytest.approx(20.0, abs=REST_POLL)


def test_input_wakes_a_resting_app_at_once(app):
    focused = app.top.form.focused
    fake = FakeTime(app, [(5.0, key_event(pygame.K_DOWN))])
    fake.run(app, 10.0)
    woke = fake.between(4.0, 10.0)
    assert len(woke) == 1 and 5.0 <= woke[0] <= 5.0 + REST_POLL + 1e-9
    assert app.top.form.focused is not focused        # the key was handled in that frame


@pytest.mark.parametrize("kind", ["WINDOWEXPOSED", "WINDOWSIZECHANGED", "VIDEOEXPOSE"])
def test_the_window_shown_again_is_drawn_again(app, kind):
    fake = FakeTime(app, [(3.0, pygame.event.Event(getattr(pygame, kind), x=1280, y=720))])
    fake.run(app, 6.0)
    assert len(fake.between(3.0, 3.0 + REST_POLL + 1e-9)) == 1


def test_a_toast_is_drawn_until_it_goes_then_the_app_rests(app):
    app.toast("Match saved", seconds=2.5)
    fake = FakeTime(app)
    fake.run(app, 10.0)
    assert app.next_frame_due() is None and not app._toasts
    assert fake.between(0.1, 2.5) == []
    assert len(fake.between(2.5, 2.6)) == 1               # the frame that takes it away
    assert fake.between(2.6, 10.0) == []


def tick(app, table, frames: int) -> None:
    """Frames of 1/60 s without drawing them (what the table holds is the same)."""
    for _ in range(frames):
        table.update(1 / 60)


def test_a_result_a_full_disk_held_back_is_tried_again_while_resting(app):
    from game.client.app import RETRY_WRITES_EVERY

    tries = []
    app.storage.unsaved_result = "kombio"
    app.storage.retry_writes = lambda: tries.append(1)      # the disk is still full
    fake = FakeTime(app)
    fake.run(app, 3 * RETRY_WRITES_EVERY + 0.5)
    assert len(tries) >= 3                # every RETRY_WRITES_EVERY, though nothing is drawn between
    assert len(fake.frames) <= len(tries) + 2


def new_table(tmp_path, seats, variant="kombio", seed=5, options=None):
    app = make_table_app(tmp_path, speed=1.0, bot_speed="normal")
    options = {"rounds": 2, "reaction_seconds": 3.0} if options is None else options
    table = start(app, table_record(variant, seats, seed, options))
    return app, table


@pytest.mark.slow
def test_a_table_waiting_for_the_player_rests_after_its_deal_at_60_fps(tmp_path):
    app, table = new_table(tmp_path, [("You", "human"), ("Ada", "medium"), ("Bruno", "medium"), ("Chiara", "medium")])
    fake = FakeTime(app)
    fake.run(app, 30.0)
    assert table.director.hold is not None and table.director.hold.seat == 0      # "remember your two near cards"
    assert len(fake.between(0.0, 1.0)) >= FPS - 1               # the deal flies at 60 frames a second
    last_move = max(f for f in fake.frames if f < 29.9)
    assert last_move < 10.0, "the table kept drawing while it waited"
    assert fake.between(10.0, 29.9) == []
    assert table.next_frame_due() is None
    # The highlights stopped pulsing: the frame at rest is the one the next frame would draw.
    assert table.screen.pulse(5) == table.screen.pulse(4) == 1.0


def test_pulses_tick_at_their_own_rate_then_settle(tmp_path):
    app, table = new_table(tmp_path, [("You", "human"), ("Ada", "medium")])
    tick(app, table, 600)                # dealt and still (waiting for the player's look)
    assert not table.moving()
    table.screen.still_since = table.screen.time        # as if the last card had just landed
    assert table.next_frame_due() == pytest.approx(1 / PULSE_FPS)
    waves = set()
    for _ in range(30):
        tick(app, table, 1)
        waves.add(round(table.screen.pulse(5), 3))
    assert len(waves) > 5                 # a wave while the table has just come to rest
    tick(app, table, int(PULSE_SECONDS * 60) + 1)
    assert table.screen.pulse(5) == 1.0 and table.next_frame_due() is None
    # A key or a click (the hint's rings, F1) makes what it brings up pulse again for a while.
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    assert table.next_frame_due() == pytest.approx(1 / PULSE_FPS)


@pytest.mark.slow
def test_resting_keeps_the_pace_of_a_match_of_bots(tmp_path):
    """The loop rests between a bot's moves and wakes when one is due: the match stands where
    60 frames a second of fixed steps take it, to the action, and its clock within a frame or two
    (fixed steps see a deadline up to a frame late; the loop wakes on it)."""
    seats = [("Ada", "medium"), ("Bruno", "medium"), ("Chiara", "medium")]
    app, table = new_table(tmp_path / "a", seats, seed=9)
    tick(app, table, 20 * 60)
    paced = table.match.version, table.screen.table_time
    app2, table2 = new_table(tmp_path / "b", seats, seed=9)
    fake = FakeTime(app2)
    fake.run(app2, 20.0)
    assert table2.match.version == paced[0]
    assert table2.screen.table_time == pytest.approx(paced[1], abs=2 / 60)
    assert table2.match.version > 10
    assert len(fake.frames) < 20 * 60      # it did rest


def test_a_table_never_rests_past_what_it_shows_changing(tmp_path):
    """Frame by frame through a match of bots: while anything moves, a frame at once; a countdown
    ring, at least TICK_FPS; a thinking bot's glow, PULSE_FPS; a bot's move or a window's end,
    no later than it is due by the table's clock."""
    app, table = new_table(tmp_path, [("Ada", "medium"), ("Bruno", "medium"), ("Chiara", "medium")], seed=9)
    seen = set()
    for _ in range(40 * 60):
        tick(app, table, 1)
        due = table.next_frame_due()
        if table.moving():
            assert due == 0.0
            continue
        assert due is not None
        if table.spec.ring_shown() and table.screen.window.deadline is not None:
            seen.add("ring")
            assert due <= 1 / TICK_FPS
        if table.screen.turn is not None and table.screen.round_result is None:
            seen.add("thinking")
            assert due <= 1 / PULSE_FPS
        if table.idle() and table.match.next_due() is not None:
            seen.add("bot")
            assert due <= max(0.0, table.match.next_due() - table.screen.table_time) + 1e-9
    assert seen == {"ring", "thinking", "bot"}


# -- cheaper frames: what a frame no longer works out again --------------------------------------

def test_the_key_hints_are_placed_again_when_they_or_the_text_size_change(tmp_path):
    from game.client.ui import text as T

    app, table = new_table(tmp_path, [("You", "human"), ("Ada", "medium")])
    rows = table.hud.hint_rows()
    assert rows and table.hud.hint_rows() is rows                 # kept while nothing changes
    try:
        T.set_scale(1.3)
        wider = table.hud.hint_rows()
        assert wider[0][1].width > rows[0][1].width           # the words in a larger type
    finally:
        T.set_scale(1.0)
    table.hud.shown_key_hints = lambda: [("Q", "quit")]
    assert len(table.hud.hint_rows()) == 1


def test_a_card_face_with_any_values_keeps_one_image():
    from game.client.ui import cards as CARDS
    from game.client.ui.theme import STANDARD

    plain = {"rank": 7, "suit": "hearts"}
    listed = {"rank": 7, "suit": "hearts", "marks": [1, 2]}        # a value that cannot be hashed
    assert CARDS._key(plain, (60, 90), STANDARD) == CARDS._key(dict(reversed(plain.items())), (60, 90), STANDARD)
    assert CARDS._key(listed, (60, 90), STANDARD) == CARDS._key({"marks": [1, 2], "suit": "hearts", "rank": 7},
                                                                 (60, 90), STANDARD)
    assert CARDS._key(listed, (60, 90), STANDARD) != CARDS._key(plain, (60, 90), STANDARD)
