"""Text that reaches the renderer is bounded and sanitised in one place (game/client/ui/text.py):
a 10 MB name, NUL, lone surrogates, escape codes or a 40-digit number put straight into what the
Statistics, Settings, setup and Continue screens draw cannot crash them or run off the screen.
(The loaders already refuse such files; these tests bypass them and hand the screens the data.)"""

from __future__ import annotations

import pygame
import pytest

from game.client.storage import LastMatch, Storage, VariantStats
from game.client.ui import text as T
from game.core.record import GameRecord, SeatInfo

pytestmark = pytest.mark.client

HUGE_NAME = "Z" * 10_000_000 + "\x00\ud800\x1b[2J"
HUGE = 10 ** 40


def assert_drawn_safely(drive):
    texts = drive.texts
    assert texts
    for t in texts:
        assert len(t) <= T.TEXT_MAX and "\x00" not in t and "\x1b" not in t
        assert not any("\ud800" <= ch <= "\udfff" for ch in t)
    width = drive.app.surface.get_width()
    assert all(r.w <= 4 * width for _, r in T.DRAWN)


def test_clean_and_number_bound_what_is_drawn():
    assert T.clean("Zoë") == "Zoë"
    assert T.clean("a\x00b\ud800c\x1bd") == "ab\ufffdc d"
    assert len(T.clean("x" * 1_000_000)) == T.TEXT_MAX and T.clean("x" * 1_000_000).endswith("…")
    assert T.clean(HUGE) == "≥ 10^9" and T.number(-HUGE) == "≤ -10^9" and T.number(float("nan")) == "–"
    assert T.number(7) == "7" and T.number(2.25) == "2.2"
    assert T.wrap("a\nb\x00c", 14, 400) == ["a", "bc"]


def test_statistics_with_a_huge_name_and_huge_numbers(make_app, home, driver_for):
    storage = Storage(home)
    storage.stats.variants["shelltest"] = VariantStats(HUGE, HUGE, [HUGE, -HUGE, 3])
    storage.stats.variants["x\x00" * 1000] = VariantStats(1, 0, [])
    storage.stats.last_match = LastMatch("shelltest", [HUGE_NAME, "\ud800"], [[HUGE, -HUGE], [1, 2]], [0])
    drive = driver_for(make_app(storage=storage))
    drive.key(pygame.K_t)
    assert drive.stack[-1] == "StatsScene"
    drive.app.run_frames(2)
    assert_drawn_safely(drive)
    assert "≥ 10^9" in drive.texts and drive.app.top.chart is not None


def test_settings_with_a_huge_player_name(make_app, home, driver_for):
    storage = Storage(home)
    storage.settings.player_name = HUGE_NAME
    drive = driver_for(make_app(storage=storage))
    drive.key(pygame.K_s)
    assert drive.stack[-1] == "SettingsScene"
    drive.app.run_frames(2)
    assert_drawn_safely(drive)


def test_setup_with_hostile_last_setup_names_and_options(make_app, home, driver_for):
    from game.client.scenes.play import SetupScene
    from game.core.game import get_variant

    storage = Storage(home)
    storage.settings.player_name = HUGE_NAME
    storage.settings.last_setup = {"shelltest": {
        "seats": [{"name": HUGE_NAME, "kind": "human"}, {"name": "\x00\ud800", "kind": "easy"}],
        "options": {"rounds": float("nan"), "reaction_seconds": float("inf"), "ending": HUGE}}}
    drive = driver_for(make_app(storage=storage))
    setup = drive.app.push(SetupScene(drive.app, get_variant("shelltest")))
    drive.app.run_frames(2)
    assert_drawn_safely(drive)
    assert setup.options["rounds"] == 5 and setup.options["reaction_seconds"] == 3.0   # defaults, not NaN
    assert setup.options["ending"] == "rounds"


def test_continue_with_a_hostile_summary(make_app, home, driver_for):
    storage = Storage(home)
    record = GameRecord("shelltest", {}, [SeatInfo(HUGE_NAME, "human"), SeatInfo("B")], 5)
    storage._saved = {"shelltest": (record, {"summary": HUGE_NAME})}
    drive = driver_for(make_app(storage=storage))
    assert "Continue" in [b.text for b in drive.app.top.menu_buttons]
    drive.app.run_frames(2)
    assert_drawn_safely(drive)
