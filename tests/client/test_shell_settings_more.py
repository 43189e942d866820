"""Settings for window and text size, a quiet start without sound, level words and hot-seat names."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame
import pytest

from game.client.scenes import play as play_mod
from game.client.storage import Settings
from game.client.ui import text as T

pytestmark = pytest.mark.client


def _focus(drive, label):
    scene = drive.app.top
    scene.form.focus_on(next(w for w in scene.rows if w.label == label))


def test_text_size_scales_every_font_and_is_saved(drive, home):
    drive.key(pygame.K_s)
    before = T.font(20).get_height()
    _focus(drive, "Text size")
    drive.key(pygame.K_RIGHT)                     # Normal -> Large
    try:
        assert T.scale() == pytest.approx(1.15)
        assert T.font(20).get_height() > before
        assert "Large" in drive.texts
        data = json.loads((home / "config" / "settings.json").read_text())
        assert data["text_size"] == pytest.approx(1.15)
    finally:
        T.set_scale(1.0)


def test_window_size_changes_the_window_at_once(drive, home):
    drive.key(pygame.K_s)
    _focus(drive, "Window size")
    start = drive.app.size
    drive.key(pygame.K_RIGHT)
    assert drive.app.size != start
    assert tuple(drive.app.settings.window_size) == drive.app.size
    data = json.loads((home / "config" / "settings.json").read_text())
    assert tuple(data["window_size"]) == drive.app.size


def test_text_size_from_a_file_is_checked():
    settings, bad = Settings.from_json({"text_size": 7})
    assert settings.text_size == 1.0 and bad == ["text_size"]
    settings, bad = Settings.from_json({"text_size": 1.3})
    assert settings.text_size == 1.3 and bad == []


def test_no_sound_device_is_said_once_in_settings(drive):
    drive.app.sound.reason = "No sound device was found, so the game runs silent."
    drive.key(pygame.K_s)
    sound = next(w for w in drive.app.top.rows if w.label == "Sound")
    assert sound.help == "No sound device was found, so the game runs silent."
    drive.app.set_language("de")                 # (it was English in every language)
    try:
        sound = next(w for w in drive.app.top.rows if w.label == "Ton")
        assert sound.help == "Kein Audiogerät gefunden: Das Spiel läuft ohne Ton."
    finally:
        drive.app.set_language("en")


def test_start_prints_no_banner():
    code = "import game.client.app"
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0
    assert "pygame-ce" not in out.stdout and "Hello from the pygame community" not in out.stdout


def test_level_words_follow_the_focused_picker_or_the_seated_levels():
    seats = [{"name": "You", "kind": "human"}, {"name": "Ada", "kind": "hard"}, {"name": "Bo", "kind": "easy"}]
    assert play_mod._level_words_for(seats, "medium") == [play_mod.LEVEL_WORDS["medium"]]
    assert play_mod._level_words_for(seats, None) == [play_mod.LEVEL_WORDS["easy"], play_mod.LEVEL_WORDS["hard"]]


def test_hot_seat_players_are_never_called_you(drive):
    drive.key(pygame.K_p)
    drive.click_button("Kombio")
    setup = drive.app.top
    setup.seats = [{"name": "You", "kind": "human"}, {"name": "", "kind": "human"}, {"name": "Ada", "kind": "easy"}]
    names = [si.name for si in setup.seat_infos()]
    assert names == ["Player 1", "Player 2", "Ada"]
    setup.seats = [{"name": "You", "kind": "human"}, {"name": "Ada", "kind": "easy"}]
    assert [si.name for si in setup.seat_infos()] == ["You", "Ada"]   # one person: "You" reads right


def test_no_sound_device_prints_nothing_on_start():
    code = ("import game, pygame; pygame.display.init(); pygame.font.init()\n"
            "from game.client.sound import Sound\nfrom game.client.storage import Settings\n"
            "s = Sound(Settings()); print('silent' if not s.available else 'sound')")
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0
    assert "ALSA" not in out.stderr and out.stderr.strip() == ""


def test_settings_scroll_to_the_focused_row_in_a_small_window(make_app, driver_for):
    drive = driver_for(make_app(size=(960, 540)))
    drive.key(pygame.K_s)
    scene = drive.app.top
    assert scene.max_scroll > 0
    last = scene.rows[-1]
    scene.form.focus_on(last)
    drive.app.run_frames(2)
    assert scene.view.contains(last.rect)
    assert scene.scroll > 0
    scene.form.focus_on(scene.rows[0])
    drive.app.run_frames(2)
    assert scene.scroll == 0 and scene.view.contains(scene.rows[0].rect)


def test_bot_levels_screen_from_setup_shows_the_levels_and_the_ladder(drive, tmp_path, monkeypatch):
    from game.client.scenes import ladder as ladder_scene
    from game.ladder import LadderLine, VariantLadder, write_ladder

    path = tmp_path / "bot-ladder.json"
    write_ladder(path, {"kombio": VariantLadder("kombio", 4, 1000, "2026-11-23",
                                                (LadderLine("hard vs 3 easy", 0.9, 0.88, 0.92),))}, "test")
    monkeypatch.setattr(ladder_scene, "rules_file", lambda name: path)
    drive.key(pygame.K_p)
    drive.click_button("Kombio")
    drive.click_button("Bot levels…")
    page = drive.app.top
    assert type(page).__name__ == "LadderScene" and page.problem == ""
    text = " ".join(r.text for b in page.blocks for row in ([b.runs] + [c for r in b.rows for c in r]) for r in row)
    assert "Hard: keeps most of the table in mind" in text
    assert "hard vs 3 easy" in text and "90%" in text and "88% to 92%" in text
    drive.key(pygame.K_ESCAPE)
    assert drive.stack[-1] == "SetupScene"


def test_bot_levels_screen_says_when_the_figures_are_missing(drive, tmp_path, monkeypatch):
    from game.client.scenes import ladder as ladder_scene

    monkeypatch.setattr(ladder_scene, "rules_file", lambda name: tmp_path / "missing.json")
    drive.key(pygame.K_p)
    drive.click_button("Kombio")
    drive.click_button("Bot levels…")
    assert "could not be read" in drive.app.top.problem


def test_an_options_zero_reads_as_what_it_means():
    """16 Combos' columns at 0 choose for you ("Auto"), a reaction clock at 0 has no limit: the
    setup and its review show the words, not a bare 0."""
    from game.client.scenes.play import format_option
    from game.core.game import get_variant

    specs = {s.key: s for s in get_variant("sixteen-combos").option_specs}
    assert format_option(specs["columns"], 0) == "Auto" and format_option(specs["columns"], 6) == "6"
    assert format_option(specs["reaction_seconds"], 0.0) == "No limit"
    assert format_option(specs["reaction_seconds"], 3.0) == "3"
    uno = {s.key: s for s in get_variant("combat-uno").option_specs}
    assert format_option(uno["reaction_seconds"], 0.0) == "No limit"
    assert format_option(uno["target"], 200) == "200"


@pytest.fixture
def desktop(monkeypatch):
    """A real driver's desktop of 1366 x 768 (the dummy driver's is no screen to fit)."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768), (3840, 2160)])
    return (1366, 768)


def test_only_window_sizes_that_fit_the_desktop_are_offered(desktop, make_app, driver_for):
    """Issue 33: sizes up to 7680 x 4320 were offered whatever the screen (6 s to the first frame,
    524 MB); the sizes offered are those that fit the desktop the window opens on."""
    drive = driver_for(make_app())
    drive.key(pygame.K_s)
    _focus(drive, "Window size")
    row = drive.app.top.form.focused
    assert row.choices == [(960, 540), (1280, 720)]
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert drive.app.size in row.choices


def test_a_window_size_larger_than_the_desktop_is_refused_and_said(desktop, make_app, home):
    (home / "config").mkdir()
    (home / "config" / "settings.json").write_text(json.dumps({"window_size": [3840, 2160], "volume": 0.3}))
    app = make_app()
    assert app.size == (1280, 720) and app.settings.volume == 0.3
    assert app.storage.messages == ["The window size in your settings, 3840 × 2160, is larger than your screen "
                                    "(1366 × 768): the window opens at 1280 × 720."]
    app.run_frames(40)
    assert json.loads((home / "config" / "settings.json").read_text())["window_size"] == [1280, 720]


def test_without_a_real_desktop_nothing_is_fitted(make_app, home):
    from game.client.window import desktop_size

    assert pygame.display.get_driver() == "dummy" and desktop_size() is None
    (home / "config").mkdir()
    (home / "config" / "settings.json").write_text(json.dumps({"window_size": [1600, 900]}))
    app = make_app()
    assert app.size == (1600, 900) and app.storage.messages == []


def test_a_player_who_never_chose_a_name_sees_the_default_in_their_language(drive):
    """Settings and the table setup showed the stored default "You" to a German player: the default
    is shown as "Du" (and stays the default, so English shows "You" again), a chosen name is kept
    as typed."""
    from game import i18n
    from game.client.scenes.settings import SettingsScene
    from game.client.ui.widgets import TextInput

    app = drive.app
    assert app.settings.player_name == "You"
    try:
        app.set_language("de")
        settings = app.push(SettingsScene(app))
        app.run_frames(1)
        row = next(w for w in settings.rows if isinstance(w, TextInput))
        settings.form.focus_on(row)
        app.run_frames(1)
        assert row.value == "Du" and "Du" in drive.texts and "You" not in drive.texts
        drive.type("!")
        drive.key(pygame.K_BACKSPACE)             # an edit that ends on the default keeps the default
        assert row.value == "Du" and app.settings.player_name == "You"
        setup = app.push(play_mod.SetupScene(app, play_mod.VariantChooser(app).variants_listed()[0].engine_class()))
        app.run_frames(1)
        assert setup.seat_rows[0][0].value == "Du"
        assert [si.name for si in setup.seat_infos()][0] == "You"       # the default: "you" at the table
        app.pop()
        from game.client.scenes.network import JoinScene
        join = app.push(JoinScene(app))
        app.run_frames(1)
        assert join.name_input.value == "Du"
        join.back()
        for _ in range(2):
            drive.key(pygame.K_BACKSPACE)
        drive.type("Zoé")
        assert app.settings.player_name == "Zoé"
        app.set_language("en")
        assert next(w for w in app.top.rows if isinstance(w, TextInput)).value == "Zoé"
    finally:
        i18n.set_language("en")
