"""The shell driven like a player would: real pygame events through App.step, assertions on the
scene stack, on stored files and on what was drawn."""

from __future__ import annotations

import dataclasses
import json

import pygame
import pytest

from game import games
from game.client import tables
from game.client.save_summary import summary_words
from game.client.storage import Storage

pytestmark = pytest.mark.client


def test_main_menu_shows_its_entries_and_no_continue_without_a_save(drive):
    assert drive.stack == ["MainMenu"]
    texts = drive.texts
    for label in ("Cardhall", "Play", "Play on the network", "Rules", "Statistics", "Settings", "Quit"):
        assert label in texts
    assert "Continue" not in texts


def test_keyboard_navigation_moves_focus_and_enter_activates(drive):
    menu = drive.app.top
    assert menu.form.focused.text == "Play"
    drive.key(pygame.K_DOWN)
    assert menu.form.focused.text == "Play on the network"
    drive.key(pygame.K_DOWN)
    assert menu.form.focused.text == "Rules"
    drive.key(pygame.K_UP)
    drive.key(pygame.K_UP)
    drive.key(pygame.K_UP)          # wraps to the last entry: About, in the corner
    assert menu.form.focused.text == "About"
    drive.key(pygame.K_UP)
    assert menu.form.focused.text == "Quit"
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    assert drive.stack == ["MainMenu", "VariantChooser"]
    drive.key(pygame.K_ESCAPE)
    assert drive.stack == ["MainMenu"]


def test_hovering_a_button_lights_it_up(drive):
    rect = drive.button("Statistics").rect
    probe = (rect.x + 8, rect.centery)
    before = tuple(drive.app.surface.get_at(probe))
    drive.move(rect.center)
    after = tuple(drive.app.surface.get_at(probe))
    assert drive.button("Statistics").hovered
    assert before != after


def test_play_offers_only_variants_with_a_table(drive):
    drive.key(pygame.K_p)
    assert drive.stack[-1] == "VariantChooser"
    assert "Shelltest" in drive.texts
    assert "A stand-in variant for the client shell tests." in drive.texts
    assert "Notable Absence" not in drive.texts


def test_the_key_that_opens_a_screen_does_not_type_into_it(drive):
    drive.press(pygame.K_p, "p")
    assert drive.stack[-1] == "VariantChooser"
    drive.press(pygame.K_1, "1")
    setup = drive.app.top
    assert drive.stack[-1] == "SetupScene"
    name = setup.form.focused
    assert name.consumes_keys and not name.value.endswith("1")
    drive.press(pygame.K_x, "x")        # the next key types as usual
    assert name.value.endswith("x")


def _to_setup(drive):
    drive.key(pygame.K_p)
    drive.click_button("Shelltest")
    assert drive.stack[-1] == "SetupScene"
    return drive.app.top


def test_setup_edits_seats_and_options_then_summary_then_start(drive, fake_table):
    setup = _to_setup(drive)
    assert len(setup.seats) == 4                       # default: 4 when the variant allows it
    name, kind, remove = setup.seat_rows[0]
    drive.click(name.rect.center)
    drive.key(pygame.K_BACKSPACE, mod=pygame.KMOD_CTRL)
    drive.type("Zoe")
    drive.key(pygame.K_q)                              # a shortcut letter while typing: no effect
    assert drive.stack[-1] == "SetupScene"
    assert setup.seats[0]["name"] == "Zoe"
    # seat 2 becomes a hard bot (two clicks on the right half of the cycler)
    kind2 = setup.seat_rows[1][1]
    right = (kind2.rect.right - 10, kind2.rect.centery)
    drive.click(right)
    assert setup.seats[1]["kind"] == "hard"
    # remove seat 4, add one again, remove two: never below the minimum
    drive.click(setup.seat_rows[3][2].rect.center)
    assert len(setup.seats) == 3
    for _ in range(3):
        drive.click(setup.add_button.rect.center)
    assert len(setup.seats) == 5 and not setup.add_button.enabled   # max_seats
    for _ in range(5):
        if setup.seat_rows[-1][2] is not None:
            drive.click(setup.seat_rows[-1][2].rect.center)
    assert len(setup.seats) == 2 and setup.seat_rows[0][2] is None   # min_seats: no remove buttons
    # options: the stepper clamps at its maximum; the toggle flips; the cycler cycles
    rounds, addons, ending, reaction = setup.option_widgets
    for _ in range(6):
        drive.click((rounds.control_rect.right - 10, rounds.control_rect.centery))
    assert setup.options["rounds"] == 8
    drive.click(addons.control_rect.center)
    assert setup.options["addons"] is False
    drive.click((ending.control_rect.right - 10, ending.control_rect.centery))
    assert setup.options["ending"] == "target"
    assert "How many rounds to play." in drive.texts                # help text is shown
    drive.click_button("Review")
    assert drive.stack[-1] == "SummaryScene"
    texts = drive.texts
    assert "Zoe" in texts and "Bot (hard)" in texts and "Human" in texts
    assert "Number of rounds" in texts and "8" in texts and "Off" in texts and "target" in texts
    drive.key(pygame.K_RETURN)
    assert drive.stack == ["MainMenu", "FakeTable"]
    table = fake_table.instances[-1]
    record = table.record
    assert record.variant == "shelltest" and record.actions == []
    assert [(s.name, s.kind, s.level) for s in record.seats] == [("Zoe", "human", None), ("Ada", "bot", "hard")]
    assert record.options == {"rounds": 8, "addons": False, "ending": "target", "reaction_seconds": 3.0}
    assert table.storage_given is drive.app.storage
    # the setup is remembered for next time
    again = Storage(drive.app.storage.config_dir.parent)
    assert again.settings.last_setup["shelltest"]["options"]["rounds"] == 8
    assert again.settings.player_name == "Zoe"


def test_setup_remembers_the_last_setup(drive):
    setup = _to_setup(drive)
    setup.seat_rows[0][0].value = "Mia"
    setup.set_name(0, "Mia")
    drive.click_button("Review")
    drive.key(pygame.K_RETURN)
    drive.app.to_main_menu()
    setup = _to_setup(drive)
    assert setup.seats[0] == {"name": "Mia", "kind": "human"}


def test_enter_on_a_field_goes_to_review_and_escape_goes_back(drive):
    _to_setup(drive)
    drive.key(pygame.K_RETURN)          # focus starts on the first name field
    assert drive.stack[-1] == "SummaryScene"
    drive.key(pygame.K_ESCAPE)
    assert drive.stack[-1] == "SetupScene"
    drive.key(pygame.K_ESCAPE)
    assert drive.stack[-1] == "VariantChooser"


def _start(drive):
    _to_setup(drive)
    drive.click_button("Review")
    drive.key(pygame.K_RETURN)
    assert drive.stack[-1] == "FakeTable"
    return drive.app.top


def test_pause_menu_overlays_the_table_and_stops_its_time(drive, fake_table):
    table = _start(drive)
    updates = table.updates
    drive.app.run_frames(30, dt=0.1)
    assert table.updates == updates + 30
    drive.key(pygame.K_ESCAPE)
    assert drive.stack[-1] == "PauseMenu"
    draws, updates = table.draws, table.updates
    drive.app.run_frames(30, dt=0.1)
    assert table.updates == updates               # paused: no game time passes for the table
    assert table.draws == draws + 30              # ...but the table is still drawn under the menu
    assert "Paused" in drive.texts and "Save and quit to menu" in drive.texts
    # the table shows through (dimmed) outside the menu panel
    r, g, b, _ = drive.app.surface.get_at((5, 5))
    assert r > g and b > g
    drive.key(pygame.K_ESCAPE)
    assert drive.stack[-1] == "FakeTable"
    updates = table.updates
    drive.app.run_frames(10, dt=0.1)
    assert table.updates == updates + 10


def test_the_pause_panel_hides_what_lies_under_it(drive, fake_table):
    """Over the round's scores the pause panel let the cards and figures under it show through
    (seen in a real window): the panel is solid; only the veil round it lets the table show."""
    _start(drive)
    drive.key(pygame.K_ESCAPE)
    menu = drive.app.top
    inside = []
    for under in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface(drive.app.surface.get_size())
        surface.fill(under)
        menu.draw(surface)
        inside.append(pygame.image.tobytes(surface.subsurface(menu.panel.inflate(-8, -8)), "RGB"))
    assert inside[0] == inside[1]


def test_pause_rules_and_settings_return_to_the_pause_menu(drive):
    _start(drive)
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_r)
    assert drive.stack[-1] == "RulesScene"
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_s)
    assert drive.stack[-1] == "SettingsScene"
    drive.key(pygame.K_ESCAPE)
    assert drive.stack[-1] == "PauseMenu"


def test_save_and_quit_then_continue_resumes_the_same_match(drive, fake_table, home):
    table = _start(drive)
    drive.key(pygame.K_ESCAPE)
    drive.click_button("Save and quit to menu")
    assert drive.stack == ["MainMenu"]
    saved = json.loads((home / "data" / "saves" / "shelltest.json").read_text())
    assert saved["variant"] == "shelltest" and saved["client"] == {"summary": "round 2"}
    drive.app.run_frames(1)
    assert "Continue" in drive.texts and "Shelltest · round 2 · just now" in drive.texts
    assert drive.app.top.form.focused.text == "Continue"
    drive.key(pygame.K_c)
    assert drive.stack == ["MainMenu", "FakeTable"]
    resumed = fake_table.instances[-1]
    assert resumed is not table and resumed.record.seed == table.record.seed


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600), (960, 540)])
def test_the_menu_stays_clear_of_the_key_hints_with_continue(drive, fake_table, size):
    from game.client.scenes.menu import HINT_BAR

    _start(drive)
    drive.key(pygame.K_ESCAPE)
    drive.click_button("Save and quit to menu")
    menu = drive.app.top
    menu.layout(size)
    buttons = menu.menu_buttons
    assert buttons[0].text == "Continue" and len(buttons) == 6
    assert all(b.rect.bottom <= size[1] - HINT_BAR + 8 for b in buttons)
    assert all(a.rect.bottom < b.rect.top for a, b in zip(buttons, buttons[1:]))
    if size[1] >= 720:
        assert menu._show_logo


def test_a_saved_match_without_a_table_offers_no_continue(make_app, home):
    from game.core.record import GameRecord, SeatInfo

    storage = Storage(home)
    storage.save_match(GameRecord("shellnotable", {}, [SeatInfo("A"), SeatInfo("B")], 5))
    app = make_app(storage=Storage(home))
    assert "Continue" not in [b.text for b in app.top.menu_buttons]


def test_a_saved_match_the_table_cannot_rebuild_is_set_aside_with_a_notice(make_app, home, fake_table, driver_for):
    from game.core.record import GameRecord, SeatInfo

    Storage(home).save_match(GameRecord("shelltest", {}, [SeatInfo("A", "human"), SeatInfo("B")], 5))
    drive = driver_for(make_app())
    fake_table.fail = True
    drive.key(pygame.K_c)
    assert drive.stack == ["MainMenu"]
    drive.app.run_frames(1)
    assert "Continue" not in drive.texts
    notice = " ".join(drive.app.storage.messages)
    assert notice.startswith("Your saved Shelltest match cannot be continued (this record cannot be rebuilt).")
    assert any(t.startswith("Your saved") for t in drive.texts)
    assert list((home / "data" / "saves").glob("shelltest.json.corrupt-*"))


def _broken_table():
    """The stand-in game's table now names a module that fails to import (a bug in a build)."""
    entry = games.find("shelltest")
    games.unregister("shelltest")
    games.register(dataclasses.replace(entry, table="tests.client.no_such_table_module:make"))


def test_a_game_whose_table_cannot_load_is_listed_but_does_not_start_and_says_why(drive, caplog):
    _broken_table()
    setup = _to_setup(drive)                # listed from its entry: nothing was imported to list it
    drive.click_button("Review")
    drive.key(pygame.K_RETURN)
    assert drive.stack[-1] == "SummaryScene" and setup.variant.id == "shelltest"
    assert any("The match cannot start: the table for 'shelltest' is not available" in t
               for t, _ in drive.app._toasts)
    assert "the card table of shelltest failed to import" in caplog.text


def test_a_saved_match_whose_table_cannot_load_is_kept(make_app, home, driver_for):
    from game.core.record import GameRecord, SeatInfo

    Storage(home).save_match(GameRecord("shelltest", {}, [SeatInfo("A", "human"), SeatInfo("B")], 5))
    _broken_table()
    drive = driver_for(make_app())
    drive.key(pygame.K_c)
    assert drive.stack == ["MainMenu"]
    assert any("cannot be continued" in t for t, _ in drive.app._toasts)
    assert (home / "data" / "saves" / "shelltest.json").exists()
    assert not list((home / "data" / "saves").glob("shelltest.json.corrupt-*"))


def test_corrupt_files_show_a_dismissible_notice(make_app, home, driver_for):
    (home / "config").mkdir()
    (home / "config" / "settings.json").write_text("{oops")
    (home / "data").mkdir()
    (home / "data" / "statistics.json").write_text('{"format": 1, "variants": {"x": {"played": 1, "won": 5}}}')
    drive = driver_for(make_app())
    texts = " ".join(drive.texts)
    assert "Notice" in drive.texts
    assert "settings file could not be read" in texts and "statistics file could not be read" in texts
    drive.key(pygame.K_d)
    assert "Notice" not in drive.texts
    assert drive.app.storage.messages == []


def test_quit_button_ends_the_app(drive):
    drive.click_button("Quit")
    assert not drive.app.running
    assert drive.app.step(0.016) is False


def test_window_close_saves_pending_settings(drive, home):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    drive.app.run_frames(1)
    assert not drive.app.running
    assert json.loads((home / "config" / "settings.json").read_text())["window_size"] == [1100, 700]


def test_resize_is_saved_once_the_size_settles(drive, home):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 600), w=1000, h=600))
    drive.app.run_frames(1)
    assert drive.app.settings.window_size == (1000, 600)
    assert not (home / "config" / "settings.json").exists()
    drive.app.run_frames(40)
    assert json.loads((home / "config" / "settings.json").read_text())["window_size"] == [1000, 600]


def test_f11_toggles_fullscreen_and_saves_it(drive, home):
    drive.key(pygame.K_F11)
    assert drive.app.settings.fullscreen is True
    assert json.loads((home / "config" / "settings.json").read_text())["fullscreen"] is True
    drive.key(pygame.K_F11)
    assert drive.app.settings.fullscreen is False
    assert drive.app.size == (1280, 720)


def test_window_size_comes_from_settings(make_app, home):
    storage = Storage(home)
    storage.settings.window_size = (1024, 600)
    storage.save_settings()
    app = make_app()
    assert app.size == (1024, 600)
    assert pygame.display.get_caption()[0] == "Cardhall"


def test_options_that_do_not_apply_are_greyed_and_left_out_of_the_summary(drive):
    from game.client.scenes.play import SetupScene
    from game.core.game import get_variant

    uno = get_variant("combat-uno")
    setup = drive.app.push(SetupScene(drive.app, uno))
    widget = {spec.key: w for spec, w in zip(uno.option_specs, setup.option_widgets)}
    setup.set_option("length", "target")
    assert widget["target"].enabled and not widget["rounds"].enabled
    setup.set_option("length", "rounds")
    assert widget["rounds"].enabled and not widget["target"].enabled
    drive.app.run_frames(1)
    setup.next()
    drive.app.run_frames(1)
    assert drive.stack[-1] == "SummaryScene"
    assert "Rounds" in drive.texts and "Target score" not in drive.texts


def test_a_match_whose_bot_is_missing_does_not_start_and_says_why(drive, fake_table, monkeypatch):
    from ai.registry import UnknownBot

    def no_bot(app, record, storage):
        raise UnknownBot("no 'hard' bot for shelltest; choose from random")

    monkeypatch.setattr(tables, "table_for", lambda variant: no_bot)
    _to_setup(drive)
    drive.click_button("Review")
    drive.key(pygame.K_RETURN)
    assert drive.stack[-1] == "SummaryScene"          # still there, nothing opened
    assert any("The match cannot start: no 'hard' bot for shelltest" in t for t, _ in drive.app._toasts)


def test_starting_a_new_match_over_a_saved_one_asks_first(make_app, home, fake_table, driver_for):
    from game.core.record import GameRecord, SeatInfo

    Storage(home).save_match(GameRecord("shelltest", {}, [SeatInfo("A", "human"), SeatInfo("B")], 5),
                             {"summary": "round 3 of 5"})
    drive = driver_for(make_app())
    setup = _to_setup(drive)
    assert setup is drive.app.top
    drive.click_button("Review")
    drive.key(pygame.K_RETURN)                     # the first press only asks
    assert drive.stack[-1] == "SummaryScene" and not fake_table.instances
    assert any("unfinished Shelltest match (round 3 of 5)" in t for t in drive.texts)
    assert "Replace it and start" in drive.texts
    drive.key(pygame.K_RETURN)                     # the second starts
    assert drive.stack[-1] == "FakeTable"


def test_without_a_saved_match_start_starts_at_once(drive, fake_table):
    _to_setup(drive)
    drive.click_button("Review")
    drive.key(pygame.K_RETURN)
    assert drive.stack[-1] == "FakeTable"


def _second_variant(monkeypatch, fake_table):
    """shellnotable gets a table too: two variants that can each keep a saved match (the stand-ins'
    fixture puts the registry back after the test)."""
    entry = games.find("shellnotable")
    games.unregister("shellnotable")
    games.register(dataclasses.replace(entry, table=fake_table))


def _two_saves(home):
    from game.core.record import GameRecord, SeatInfo

    Storage(home).save_match(GameRecord("shelltest", {}, [SeatInfo("A", "human"), SeatInfo("B")], 5),
                             {"summary": "round 3 of 5"})
    Storage(home).save_match(GameRecord("shellnotable", {}, [SeatInfo("C", "human"), SeatInfo("D")], 7),
                             {"summary": "round 1 of 2"})


def test_continue_lists_each_variants_saved_match_with_its_summary(make_app, home, fake_table, driver_for, monkeypatch):
    _second_variant(monkeypatch, fake_table)
    _two_saves(home)
    drive = driver_for(make_app())
    assert drive.app.top.continue_button.sub == "2 games: Notable Absence, Shelltest"
    assert "2 games: Notable Absence, Shelltest" in drive.texts
    drive.key(pygame.K_c)
    assert drive.stack == ["MainMenu", "ContinueChooser"]
    texts = drive.texts
    assert "Continue a match" in texts
    for title, summary in (("Shelltest", "round 3 of 5 · just now"), ("Notable Absence", "round 1 of 2 · just now")):
        assert title in texts and summary in texts
    drive.click_button("Notable Absence")
    assert drive.stack[-1] == "FakeTable"
    assert fake_table.instances[-1].record.seed == 7 and fake_table.instances[-1].record.variant == "shellnotable"


def test_continue_lists_the_match_saved_last_first(make_app, home, fake_table, driver_for, monkeypatch):
    import os
    import time

    _second_variant(monkeypatch, fake_table)
    _two_saves(home)
    storage = Storage(home)
    old = time.time() - 3 * 3600
    for path in (storage.save_path("shellnotable"), storage.journal_path("shellnotable")):
        if path.exists():
            os.utime(path, (old, old))
    drive = driver_for(make_app())
    assert drive.app.top.continue_button.sub == "2 games: Shelltest, Notable Absence"
    drive.key(pygame.K_c)
    texts = drive.texts
    assert texts.index("Shelltest") < texts.index("Notable Absence")
    assert "round 3 of 5 · just now" in texts
    assert any(t.startswith("round 1 of 2 · today ") or t.startswith("round 1 of 2 · yesterday ") for t in texts), texts


def test_a_new_match_asks_only_about_its_own_variants_save_and_keeps_the_other(make_app, home, fake_table,
                                                                              driver_for, monkeypatch):
    from game.core.record import GameRecord, SeatInfo

    _second_variant(monkeypatch, fake_table)
    Storage(home).save_match(GameRecord("shellnotable", {}, [SeatInfo("C", "human"), SeatInfo("D")], 7),
                             {"summary": "round 1 of 2"})
    drive = driver_for(make_app())
    _to_setup(drive)
    drive.click_button("Review")
    drive.key(pygame.K_RETURN)                     # no Shelltest save: starts at once
    assert drive.stack[-1] == "FakeTable"
    assert not any("unfinished" in t for t in drive.texts)
    assert Storage(home).saved_match("shellnotable")[1] == {"summary": "round 1 of 2"}


def test_the_single_save_of_an_earlier_version_shows_under_continue(make_app, home, fake_table, driver_for):
    from game.core.record import GameRecord, SeatInfo

    (home / "data").mkdir(parents=True, exist_ok=True)
    data = GameRecord("shelltest", {}, [SeatInfo("A", "human"), SeatInfo("B")], 5).to_json()
    data["client"] = {"summary": "round 2"}
    (home / "data" / "saved-match.json").write_text(json.dumps(data))
    drive = driver_for(make_app())
    assert "Shelltest · round 2 · just now" in drive.texts
    assert (home / "data" / "saves" / "shelltest.json").exists() and not (home / "data" / "saved-match.json").exists()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600), (960, 540)])
@pytest.mark.parametrize("seats", [2, 6])
def test_setup_seat_rows_stay_inside_their_panel_and_level_names_fit(make_app, size, seats):
    from game.client.scenes.play import SetupScene
    from game.client.ui import text as T
    from game.client.ui import theme as TH
    from game.core.game import get_variant

    app = make_app()
    scene = SetupScene(app, get_variant("kumbal"))
    app.push(scene)
    while len(scene.seats) < seats:
        scene.add_seat()
    while len(scene.seats) > seats:
        scene.remove_seat(len(scene.seats) - 1)
    scene.layout(size)
    rows = [w for row in scene.seat_rows for w in row if w is not None]
    for widget in rows + [scene.add_button, scene.levels_button]:
        assert scene.left.contains(widget.rect), (widget, widget.rect, scene.left)
    for a, b in zip(scene.seat_rows, scene.seat_rows[1:]):
        assert a[0].rect.bottom <= b[0].rect.top
    # The longest level name is drawn whole between the picker's arrows (at its smallest size at most).
    kind = scene.seat_rows[-1][1]
    longest = max((kind.fmt(v) for v in kind.choices), key=lambda s: T.font(TH.TINY).size(s)[0])
    assert T.font(TH.TINY).size(longest)[0] <= kind.rect.w - 60


def test_continue_says_when_each_match_was_saved():
    """In a player's words, by the local clock; a save from the future (a clock set back) says nothing."""
    import time

    from game.client.scenes.menu import when_saved

    now = time.mktime((2026, 11, 25, 15, 30, 0, 0, 0, -1))
    at = lambda *hm_day: time.mktime((2026, 11, hm_day[2] if len(hm_day) > 2 else 25, hm_day[0], hm_day[1], 0, 0, 0, -1))
    assert when_saved(None, now) == ""
    assert when_saved(now - 20, now) == "just now"
    assert when_saved(now - 12 * 60, now) == "12 min ago"
    assert when_saved(at(9, 5), now) == "today 09:05"
    assert when_saved(at(23, 59, 24), now) == "yesterday 23:59"
    assert when_saved(at(8, 0, 3), now) == "3 Nov"
    assert when_saved(time.mktime((2025, 12, 31, 8, 0, 0, 0, 0, -1)), now) == "31 Dec 2025"
    assert when_saved(now + 600, now) == ""


def test_a_real_table_saves_what_continue_says_of_it(tmp_path):
    """The table's save carries its summary ("3 players · round 1 of 5"): Continue said only "3 players"."""
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from kombio_driver import DT, make_app as grid_app, new_record, start

    app = grid_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "random"), ("Bruno", "random")], seed=21, rounds=5))
    for _ in range(40):
        app.step(DT)
    table.flush_save()
    table.match.flush()
    record, meta = app.storage.saved_match("kombio")
    assert summary_words(record, meta) == "3 players · round 1 of 5"


@pytest.mark.parametrize("variant, options, summary", [
    ("kombio", {"rounds": 1}, "3 players"),                          # one round: "round 1" says nothing
    ("combat-uno", {"length": "rounds", "rounds": 3}, "3 players · round 1 of 3"),
    ("combat-uno", {}, "3 players · round 1"),                       # (to a target score: no count)
    ("kabu", {}, "3 players · round 1"),
    ("sixteen-combos", {"encounters": 3}, "3 players · encounter 1 of 3"),
])
def test_continue_says_where_a_match_stands_only_where_it_means_something(tmp_path, variant, options, summary):
    """Seen in a real window: Continue said "3 players · round 1" for a match of one round."""
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from grid_driver import DT, make_app as grid_app, start, table_record

    app = grid_app(tmp_path)
    table = start(app, table_record(variant, [("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], 21, options))
    for _ in range(40):
        app.step(DT)
    table.flush_save()
    table.match.flush()
    assert summary_words(*app.storage.saved_match(variant)) == summary


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_choose_a_game_fits_above_back_at_the_largest_text_size(make_app, size):
    """At text size 1.3 (and at 960x540 at the normal size) the list of five games ran under the
    key hints and pushed Back off the screen: the cards grow wider and closer, go in two columns,
    and last drop their summaries, to keep above Back; 1280x720 at the normal size keeps them."""
    from game.client.scenes.menu import HINT_BAR
    from game.client.scenes.play import VariantChooser
    from game.client.ui import text as T

    app = make_app()
    try:
        T.set_scale(1.3)
        chooser = VariantChooser(app)
        chooser.resize(size)
        cards, back = chooser.buttons, chooser.back_button
        assert len(cards) >= 5          # (the tests' own variant too)
        assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(cards) for b in cards[i + 1:])
        assert all(0 <= card.rect.left and card.rect.right <= size[0] for card in cards)
        assert max(card.rect.bottom for card in cards) < back.rect.top and back.rect.bottom <= size[1] - HINT_BAR + 8
        T.set_scale(1.0)
        chooser.resize((1280, 720))
        assert all(card.sub for card in chooser.buttons)
    finally:
        T.set_scale(1.0)


def test_choose_a_game_fits_the_smallest_window_at_the_normal_text_size(make_app):
    from game.client.scenes.menu import HINT_BAR
    from game.client.scenes.play import VariantChooser

    chooser = VariantChooser(make_app())
    chooser.resize((960, 540))
    cards, back = chooser.buttons, chooser.back_button
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(cards) for b in cards[i + 1:])
    assert max(card.rect.bottom for card in cards) < back.rect.top and back.rect.bottom <= 540 - HINT_BAR + 8


@pytest.mark.parametrize("size", [(960, 540), (1000, 620), (1280, 720), (1920, 1080)])
def test_a_toast_covers_no_title_and_no_button(drive, size):
    """Toasts sat at the top: "Match saved: Continue from the main menu" lay on the menu's logo
    and, at 1000x620, on Statistics' title and half its "Reset statistics..." button (seen in a
    real window). They show at the bottom, over the key hints, one after another (a second one
    stacked above the first lay on the menu's last button)."""
    drive.app.set_window_size(size)
    drive.app.run_frames(1)
    for opening, title in ((None, "Cardhall"), (pygame.K_t, "Statistics")):
        if opening is not None:
            drive.key(opening)
        drive.app.toast("Match saved: Continue from the main menu", seconds=1.0)
        drive.app.toast("Statistics reset.", seconds=1.0)
        covered = [drive.rect_of(title)] + [w.rect for w in drive.app.top.form.widgets if w.rect is not None]
        for text in ("Match saved: Continue from the main menu", "Statistics reset."):
            drive.app.run_frames(1)
            assert text in drive.texts and len([t for t, _ in drive.app._toasts if t in drive.texts]) == 1
            toast = drive.rect_of(text)
            assert drive.app.surface.get_rect().contains(toast.inflate(36, 18))
            hit = [r for r in covered if r.colliderect(toast.inflate(36, 18))]
            assert not hit, f"at {size} on {drive.stack[-1]} the toast {toast} covers {hit}"
            drive.app.run_frames(1, dt=1.0)     # its time runs out: the next one shows
        assert not drive.app._toasts


def test_continue_plays_on_from_the_last_good_step_of_a_journal_with_a_refused_line(make_app, home, driver_for):
    """Issue 33: a journal line the rules refuse (the last step written twice) made Continue set the
    whole match aside with "could not be read" and no reason (5 of 5); the table now opens on the
    steps before it and the notice says which step was left out and why."""
    from game.client.storage import MatchSaver, journal_mark
    from game.core.record import GameRecord, SeatInfo
    from game.simulate import play_match

    _, full = play_match("kombio", ["random", "random", "random"], seed=9, options={"rounds": 2})
    full.seats[0] = SeatInfo("You", "human")
    saver = MatchSaver(Storage(home))
    for n in range(1, 21):
        saver.save(GameRecord(full.variant, full.options, full.seats, full.seed, full.actions[:n]),
                   {"table": "kombio", "summary": "3 players · round 1"})
    saver.close()                           # all 20 steps in the snapshot; then step 20 is step 19 again:
    journal = Storage(home).journal_path("kombio")
    twenty = GameRecord(full.variant, full.options, full.seats, full.seed, full.actions[:20])
    journal.write_text(json.dumps({"i": 20, "m": journal_mark(twenty), "step": twenty.step_json(19, *full.actions[19])})
                       + "\n")
    drive = driver_for(make_app())
    assert "Continue" in drive.texts and "Notice" in drive.texts
    assert any(t.startswith("Your saved Kombio match goes on from step 20: step 21") for t in drive.texts)
    drive.key(pygame.K_c)
    drive.app.run_frames(2)
    table = drive.app.top
    assert type(table.spec).__name__ == "KombioTable"
    assert table.match.record().actions == full.actions[:20]
    assert not list(journal.parent.glob("kombio.json.corrupt-*"))


def test_a_second_copy_shows_the_saved_match_as_the_other_windows_and_does_not_continue_it(make_app, home, fake_table):
    """Issue 33: the copy without the home lock continued the other copy's match (2 runs of 3). Its
    Continue is greyed and says why; the notice says this window only reads."""
    from game.client.ui import text as T
    from game.core.record import GameRecord, SeatInfo

    first = Storage(home, lock=True)
    first.save_match(GameRecord("shelltest", {}, [SeatInfo("A", "human"), SeatInfo("B")], 5), {"summary": "round 2"})
    second = Storage(home, lock=True)
    try:
        app = make_app(storage=second)
        menu = app.top
        button = menu.continue_button
        assert button is not None and not button.enabled and not button.primary
        assert button.sub == "Only the other Cardhall window can continue your saved Shelltest match."
        assert "Notice" in [text for text, _ in T.DRAWN]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0))
        app.run_frames(2)
        button.activate()
        app.run_frames(2)
        assert app.top is menu and fake_table.instances == []
        assert first.saved_match("shelltest")[0].seed == 5
    finally:
        second.close()
        first.close()


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_many_notices_leave_the_buttons_clear_of_the_key_hints(make_app, home, driver_for, size):
    """Three saves set aside at once (each notice says why and where it is kept) pushed Quit onto
    the key hints; the notice shows the ones that fit, and Next shows the rest."""
    from game.client.scenes.menu import HINT_BAR

    app = make_app(size=size)
    long = ("Your saved Kabu match could not be read (not valid JSON (Expecting property name enclosed in double "
            "quotes: line 1 column 2 (char 1))) and cannot be continued. It is kept as kabu.json.corrupt-20261128-"
            "080403, its newest steps as kabu.journal.corrupt-20261128-080403.")
    app.storage.messages[:] = [f"{n}. {long}" for n in range(1, 4)]
    drive = driver_for(app)
    drive.app.top.rebuild()
    seen = []
    for _ in range(3):
        drive.app.run_frames(1)
        menu = drive.app.top
        assert all(b.rect.bottom <= size[1] - HINT_BAR for b in menu.menu_buttons)
        if not app.storage.messages:
            break
        assert menu._notice_rect.bottom < menu.menu_buttons[0].rect.top
        seen += [n for n in "123" if any(t.startswith(f"{n}. Your saved") for t in drive.texts)]
        assert menu.dismiss_button.text in ("Dismiss", "Next (1 more)", "Next (2 more)")
        drive.key(pygame.K_d)
    assert seen == ["1", "2", "3"] and app.storage.messages == []
    assert "Notice" not in drive.texts


def test_continue_words_a_match_saved_in_english_in_german(tmp_path):
    """Continue kept the words of the language a match was saved in ("3 players · encounter 1 of
    3" to a German player): the save holds where the match stands as data, worded when shown; an
    old save's English summary of the tables' shape is worded again, any other is shown as saved."""
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from grid_driver import DT, make_app as grid_app, start, table_record
    from game import i18n
    from game.client.scenes.menu import saved_matches

    app = grid_app(tmp_path)
    table = start(app, table_record("sixteen-combos", [("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], 21,
                                    {"encounters": 3}))
    for _ in range(40):
        app.step(DT)
    table.flush_save()
    table.match.flush()
    record, meta = app.storage.saved_match("sixteen-combos")
    assert "summary" not in meta and (meta["round"], meta["rounds"], meta["round_kind"]) == (1, 3, "encounter")
    try:
        i18n.set_language("de")
        assert [s.summary for s in saved_matches(Storage(app.storage.config_dir.parent))] == [
            "3 Spieler · Begegnung 1 von 3 · gerade eben"]
        assert summary_words(record, {"summary": "4 players · round 2 of 5"}) == "4 Spieler · Runde 2 von 5"
        assert summary_words(record, {"summary": "2 players"}) == "2 Spieler"
        assert summary_words(record, {"summary": "a note"}) == "a note"
    finally:
        i18n.set_language("en")
