"""Speech outside the tables (docs/speech.md), heard through the ConsoleSpeaker: the main menu, the
setup of Kombio and Settings walked by keyboard alone, each screen's title on arrival, each item
and its value once, nothing skipped; Ctrl+S and Ctrl+R on every screen; the backends' chooser and
the spd-say commands (the real speech-dispatcher is tests/test_speech_dispatcher.py)."""

from __future__ import annotations

import json
import logging
import os
import stat
import sys
import threading

import pygame
import pytest

from game import games
from game.client.speech import ConsoleSpeaker, NoSpeaker, SpeechDispatcherSpeaker, choose_speaker
from game.client.speech.voice import Voice
from game.client.storage import Storage
from game.client.ui.widgets import Button

pytestmark = pytest.mark.client

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def speaker():
    return ConsoleSpeaker()


@pytest.fixture
def speaking(make_app, home, speaker):
    """An app with speech on, speaking to the console speaker, and a Driver for it."""
    from tests.client.conftest import Driver

    def make(on=True, offered=True, **kwargs):
        storage = Storage(home)
        storage.settings.speech = on
        if offered:
            storage.settings.guides_offered = games.game_ids()
        app = make_app(storage=storage, speaker=speaker, **kwargs)
        return app, Driver(app)
    return make


def focusable(scene) -> list:
    return [w for w in scene.form.widgets if w.focusable and w.enabled]


# -- the backends ------------------------------------------------------------------------------

def test_the_console_speaker_records_lines_and_repeats_the_last():
    sp = ConsoleSpeaker()
    sp.say("Settings", interrupt=True)
    sp.say("  Language,\n English ")
    sp.say("")                              # nothing to say: nothing said
    sp.repeat_last()
    assert sp.spoken == [("Settings", True), ("Language, English", False), ("Language, English", True)]
    assert sp.take() == ["Settings", "Language, English", "Language, English"]
    assert sp.take() == []


def _no_engines(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))               # no spd-say
    monkeypatch.setitem(sys.modules, "accessible_output2", None)       # not installed
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs", None)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", None)
    monkeypatch.delenv("CARDHALL_SPEECH_BACKEND", raising=False)


def test_the_chooser_falls_back_to_no_speaker_and_says_what_each_engine_lacked(monkeypatch, tmp_path, caplog):
    _no_engines(monkeypatch, tmp_path)
    with caplog.at_level(logging.INFO, logger="game.client.speech.backends"):
        linux = choose_speaker(platform="linux")
    assert isinstance(linux, NoSpeaker)
    assert "spd-say is not installed" in linux.reason and "accessible-output2 is not installed" in linux.reason
    assert any("no speech engine" in r.getMessage() for r in caplog.records)
    windows = choose_speaker(platform="win32")        # speech-dispatcher is not looked for there
    assert isinstance(windows, NoSpeaker) and "spd-say" not in windows.reason
    assert isinstance(choose_speaker("none"), NoSpeaker)
    assert isinstance(choose_speaker("console"), ConsoleSpeaker)


def _fake_spd_say(tmp_path, exit_code=0):
    """An spd-say on PATH that lists one output module for -O and logs every other call."""
    log = tmp_path / "calls.jsonl"
    script = tmp_path / "spd-say"
    script.write_text(f"""#!{sys.executable}
import json, sys
if sys.argv[1:] == ["-O"]:
    print("OUTPUT MODULES"); print("espeak-ng"); sys.exit(0)
with open({str(log)!r}, "a") as f:
    f.write(json.dumps(sys.argv[1:]) + "\\n")
sys.exit({exit_code})
""")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return log


def _calls(log):
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_the_chooser_takes_speech_dispatcher_and_lines_go_to_spd_say_in_order(monkeypatch, tmp_path, caplog):
    from game.client.speech import SpeechdSpeaker

    monkeypatch.setattr(SpeechdSpeaker, "find", staticmethod(lambda: None))     # (a Python without python3-speechd)
    log = _fake_spd_say(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("CARDHALL_SPEECH_BACKEND", raising=False)
    with caplog.at_level(logging.INFO, logger="game.client.speech.backends"):
        sp = choose_speaker(platform="linux")
        assert isinstance(sp, SpeechDispatcherSpeaker)
        sp.set_rate(30)
        sp.set_language("de_AT")
        sp.say("Einstellungen", interrupt=True)
        sp.say("-1 ist die beste Karte")          # (a line that looks like an option)
        assert sp.flush()
        sp.stop()
        assert sp.flush()
    calls = _calls(log)
    common = ["-N", "cardhall", "-P", "message", "-r", "30", "-l", "de"]
    assert calls == [common + ["-C", "--", "Einstellungen"], common + ["--", "-1 ist die beste Karte"], common + ["-C"]]
    messages = [r.getMessage() for r in caplog.records]
    assert "speech: using speech-dispatcher (spd-say)" in messages
    assert messages.count("speech: speech-dispatcher (spd-say) speaks") == 1     # the backend that spoke, once
    sp.close()


class FakeSpeechd:
    """python3-speechd's ``speechd`` as SpeechdSpeaker uses it: a client recording its calls."""

    class Priority:
        MESSAGE = "message"

    class Scope:
        SELF, ALL = "self", "all"

    def __init__(self):
        self.calls: list[tuple] = []
        fake = self

        class SSIPClient:
            def __init__(self, name):
                fake.calls.append(("connect", name))

            def __getattr__(self, method):
                return lambda *args, **kwargs: fake.calls.append((method, *args, *kwargs.values()))
        self.SSIPClient = SSIPClient


def test_with_python3_speechd_a_line_that_cuts_in_cancels_only_cardhalls_own_lines(monkeypatch, tmp_path, caplog):
    """spd-say -C cancels every program's queued lines (a screen reader's too); where this Python
    has python3-speechd, the chooser takes its persistent client, and cutting in cancels with the
    client's own scope (CANCEL self), on one connection, in order."""
    from game.client.speech import SpeechdSpeaker

    fake = FakeSpeechd()
    monkeypatch.setattr(SpeechdSpeaker, "find", staticmethod(lambda: fake))
    _fake_spd_say(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("CARDHALL_SPEECH_BACKEND", raising=False)
    with caplog.at_level(logging.INFO, logger="game.client.speech.backends"):
        sp = choose_speaker(platform="linux")
    assert isinstance(sp, SpeechdSpeaker)
    assert "speech: using speech-dispatcher (python3-speechd)" in [r.getMessage() for r in caplog.records]
    sp.set_rate(30)
    sp.set_language("fr_FR")
    sp.say("Réglages", interrupt=True)
    sp.say("Jouer, bouton")
    assert sp.flush()
    sp.stop()
    assert sp.flush()
    assert fake.calls == [("connect", "cardhall"), ("set_priority", "message"),
                          ("cancel",), ("set_rate", 30), ("set_language", "fr"), ("speak", "Réglages"),
                          ("set_rate", 30), ("set_language", "fr"), ("speak", "Jouer, bouton"),
                          ("cancel",)]
    assert not any(FakeSpeechd.Scope.ALL in call for call in fake.calls)
    sp.close()


def test_an_interrupting_line_drops_the_lines_still_waiting_and_never_overtakes():
    started, release, ran = threading.Event(), threading.Event(), []

    def run(args, **kwargs):
        ran.append(args[-1])
        started.set()
        release.wait(5)
        return __import__("subprocess").CompletedProcess(args, 0, b"", b"")

    sp = SpeechDispatcherSpeaker(command="spd-say", run=run)
    sp.say("Play, button")
    assert started.wait(5)               # spd-say for the first line is running
    sp.say("Rules, button")
    sp.say("Statistics, button")         # both wait behind it...
    sp.say("Settings", interrupt=True)   # ...and are stale now
    release.set()
    assert sp.flush()
    assert ran == ["Play, button", "Settings"]
    sp.close()


def test_a_failing_spd_say_is_logged_once(monkeypatch, tmp_path, caplog):
    log = _fake_spd_say(tmp_path, exit_code=1)
    sp = SpeechDispatcherSpeaker(command=str(tmp_path / "spd-say"))
    with caplog.at_level(logging.WARNING, logger="game.client.speech.backends"):
        for n in range(3):
            sp.say(f"line {n}")
        assert sp.flush()
    assert len(_calls(log)) == 3
    assert [r.getMessage() for r in caplog.records if "failed" in r.getMessage()] == ["speech: spd-say failed: no reason given"]
    sp.close()


def test_no_engine_is_looked_for_while_speech_is_off(make_app, home):
    def choose():
        raise AssertionError("a speech engine was looked for with speech off")

    app = make_app()
    app.voice = Voice(app.settings, choose=choose)
    from game.client.speech import Announcer

    app.announcer = Announcer(app.voice)
    from tests.client.conftest import Driver

    drive = Driver(app)
    for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_s, pygame.K_DOWN, pygame.K_ESCAPE):
        drive.key(key)
    app.toast("Match saved")
    app.run_frames(2)
    assert app.voice.chosen is None


# -- the menus by keyboard ---------------------------------------------------------------------

def test_the_main_menu_speaks_its_title_then_each_item_once_as_the_focus_moves(speaking, speaker):
    app, drive = speaking()
    menu = app.top
    items = focusable(menu)
    assert speaker.spoken[0] == ("Cardhall, main menu", True)
    assert speaker.take() == ["Cardhall, main menu", "Play, button, key P"]
    heard = []
    for _ in range(len(items)):
        drive.key(pygame.K_DOWN)
        heard += speaker.take()
    # every item once, in order, back round to the first; each one cuts off the one before
    names = [w.text for w in items]
    assert heard == [w.spoken() for w in items[1:] + items[:1]]
    assert [h.split(",")[0] for h in heard] == names[1:] + names[:1]
    drive.key(pygame.K_UP)
    assert speaker.spoken == [("About, button, key A", True)]
    app.run_frames(5)
    assert speaker.take() == ["About, button, key A"]        # nothing said again while nothing changes


def test_setting_up_kombio_by_keyboard_speaks_every_control_with_its_value(speaking, speaker):
    app, drive = speaking(offered=False)
    speaker.take()
    drive.key(pygame.K_p)
    assert speaker.take()[0] == "Choose a game"
    chooser = app.top
    kombio = [v.id for v in chooser.variants].index("kombio")
    for _ in range(kombio):
        drive.key(pygame.K_DOWN)
    assert speaker.take()[-1].startswith("Kombio, button, key 3")
    drive.key(pygame.K_RETURN)
    # The guided match is offered the first time: its dialog is read, then its answer
    assert drive.stack[-2:] == ["SetupScene", "GuideOffer"]
    offer = speaker.take()
    assert offer[0] == "New to Kombio?" and "skip it any time with Esc" in offer[1]
    assert offer[2] == "Play the guided match, button, key Enter"
    drive.key(pygame.K_ESCAPE)
    setup = app.top
    arrival = speaker.take()
    assert arrival[:2] == ["Kombio: set up the table", "4 players"]
    assert arrival[2] == "Seat 1, name, You, text field"
    # Tab through every control: each said once, with its value, in the order of the screen
    controls = focusable(setup)
    heard = []
    for _ in range(len(controls) - 1):
        drive.key(pygame.K_TAB)
        heard += speaker.take()
    assert heard == [w.spoken() for w in controls[1:]]
    assert len(set(heard)) == len(heard)
    assert heard[0] == "Seat 1, player, Human, 1 of 4"
    assert heard[1] == "Remove seat 1, button"                # (the ✕ is said as what it does)
    # (with speech on the window waits for the player: No limit, "wait for me")
    options = [h for h in heard if h.startswith("Close when I pass or after, No limit")]
    assert options, heard
    assert heard[-1] == "Review, button, key Enter"
    # Back to the second seat's level: a change says only the new value
    for _ in range(5):                  # round to the first control, then four on
        drive.key(pygame.K_TAB)
    assert speaker.take()[-1] == "Seat 2, player, Bot · medium, 3 of 4"
    drive.key(pygame.K_RIGHT)
    assert speaker.spoken == [("Bot · hard", True)]
    speaker.take()
    # a name typed letter by letter is echoed letter by letter
    drive.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert speaker.take() == ["Seat 2, name, Ada, text field"]
    drive.key(pygame.K_BACKSPACE, mod=CTRL)
    assert speaker.take() == ["empty"]
    drive.type("Z")
    drive.type("o")
    assert speaker.take() == ["Z", "o"]
    # Enter reviews: the players and the rules are read before Start
    drive.key(pygame.K_RETURN)
    summary = speaker.take()
    assert summary[0] == "Kombio: ready to start"
    assert summary[1].startswith("Players: You, Human; Zo, Bot (hard); Bruno, Bot (medium)")
    assert summary[2].startswith("Active rules: ")
    assert summary[3] == "Start, button, key Enter"
    drive.key(pygame.K_ESCAPE)
    assert speaker.take()[:2] == ["Kombio: set up the table", "4 players"]


def test_settings_by_keyboard_each_row_with_its_value_a_change_its_new_value(speaking, speaker):
    app, drive = speaking()
    speaker.take()
    drive.key(pygame.K_s)
    settings = app.top
    assert speaker.take() == ["Settings", "Language, System (English), 1 of 4. System follows your computer's language."]
    rows = focusable(settings)
    heard = []
    for _ in range(len(rows) - 1):
        drive.key(pygame.K_DOWN)
        heard += speaker.take()
    assert heard == [w.spoken() for w in rows[1:]]
    assert "Volume, 70%" in heard
    assert "Speech rate, Normal" in heard
    assert any(h.startswith("Speech (Ctrl+S), On. Says each screen") and "Speaking through console." in h
               for h in heard)
    assert heard[-1] == "Done, button, key Esc"
    # Up to the volume: Right says 80%, and the setting is 0.8
    while settings.form.focused.spoken_name() != "Volume":
        drive.key(pygame.K_UP)
    speaker.take()
    drive.key(pygame.K_RIGHT)
    assert speaker.take() == ["80%"]
    assert app.settings.volume == pytest.approx(0.8)
    # The speech rate reaches the speaker and is stored
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    assert speaker.take()[-1] == "Speech rate, Normal"
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert speaker.take() == ["+10", "+20"]
    assert speaker.rate == 20 and app.settings.speech_rate == 20
    # The language: the row is said again in German, and the speaker speaks German
    while settings.form.focused.spoken_name() != "Language":
        drive.key(pygame.K_UP)
    speaker.take()
    drive.key(pygame.K_LEFT)
    assert speaker.take() == ["Langue, Français, 4 sur 4. Système suit la langue de votre ordinateur."]
    assert speaker.language == "fr"
    drive.key(pygame.K_LEFT)
    assert speaker.take() == ["Sprache, Deutsch, 3 von 4. System folgt der Sprache deines Computers."]
    assert speaker.language == "de"
    drive.key(pygame.K_ESCAPE)
    assert speaker.take() == ["Cardhall, Hauptmenü", "Spielen, Schaltfläche, Taste P"]
    saved = json.loads((app.storage.settings_path).read_text())
    assert saved["speech"] is True and saved["speech_rate"] == 20


def test_ctrl_s_turns_speech_on_and_off_on_any_screen_and_ctrl_r_repeats(speaking, speaker):
    app, drive = speaking(on=False)
    drive.key(pygame.K_s)                    # Settings, unheard
    drive.key(pygame.K_DOWN)
    assert speaker.take() == []
    drive.key(pygame.K_s, mod=CTRL)
    assert speaker.spoken[0] == ("Speech on", True)
    assert [line for line, _ in speaker.spoken[1:]] == ["Settings", "Fullscreen (F11), Off"]
    assert not any(interrupt for _, interrupt in speaker.spoken[1:])      # "Speech on" is not cut off
    speaker.take()
    assert app.settings.speech and app.top.speech_row.value       # the row follows the key
    drive.key(pygame.K_r, mod=CTRL)
    assert speaker.spoken == [("Fullscreen (F11), Off", True)]
    speaker.take()
    drive.key(pygame.K_s, mod=CTRL)
    assert speaker.take() == ["Speech off"]
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_r, mod=CTRL)
    assert speaker.take() == []              # off is off
    assert json.loads(app.storage.settings_path.read_text())["speech"] is False
    assert drive.stack == ["MainMenu"]       # Ctrl+S did not open Settings (S alone does)


def test_the_speech_row_in_settings_turns_it_on_and_off_and_says_which_engine(speaking, speaker):
    app, drive = speaking(on=False)
    drive.key(pygame.K_s)
    settings = app.top
    assert "Speaking through" not in settings.speech_row.help        # nothing looked for yet
    settings.form.focus_on(settings.speech_row)
    drive.key(pygame.K_RETURN)
    assert app.settings.speech and "Speaking through console." in settings.speech_row.help
    heard = speaker.take()
    assert heard[0] == "Settings" and heard[1].startswith("Speech (Ctrl+S), On. ")
    drive.key(pygame.K_RETURN)
    assert speaker.take() == ["Speech off"]
    assert not app.settings.speech


def test_the_rate_row_is_greyed_out_for_an_engine_without_a_rate(speaking, speaker):
    speaker.has_rate = False               # (a screen reader keeps its own rate)
    app, drive = speaking()
    drive.key(pygame.K_s)
    assert not app.top.speech_rate_row.enabled


def test_dialogs_pause_toasts_and_pages_are_read(speaking, speaker):
    app, drive = speaking()
    speaker.take()
    from game.client.scenes.confirm import ConfirmDialog
    from game.client.scenes.rules import RulesScene

    app.push(ConfirmDialog(app, "Take back your last move?", ["It becomes a practice match."], "Take back", lambda: None))
    app.toast("Match saved")
    app.run_frames(1)
    assert speaker.spoken == [("Take back your last move?", True), ("It becomes a practice match.", False),
                              ("Take back, button, key Enter", False), ("Match saved", False)]
    speaker.take()
    drive.key(pygame.K_ESCAPE)
    assert speaker.take()[0] == "Cardhall, main menu"
    app.push(RulesScene(app, "kombio", "Kombio"))
    app.run_frames(1)
    rules = app.top
    blocks = rules.page_lines()
    assert len(blocks) > 20 and any("-1 is the best card in the deck" in line for line in blocks)
    assert not any("{card:" in line for line in blocks)
    # a block at a time, as a screen reader's browse mode: the title, the first block, the keys
    assert speaker.take() == ["Kombio: rules", blocks[0], "The down arrow reads on, the up arrow goes back.",
                              "Back, button, key Esc"]
    scrolled = rules.scroll
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_UP)
    assert speaker.spoken == [(blocks[1], True), (blocks[2], True), (blocks[1], True)]
    assert rules.scroll > scrolled or rules.max_scroll == 0      # the page scrolls as before
    speaker.take()
    drive.key(pygame.K_END)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_HOME)
    assert speaker.take() == [blocks[-1], "End of the page.", blocks[0]]


def test_a_notice_on_the_main_menu_is_read(make_app, home, speaker):
    storage = Storage(home)
    storage.settings.speech = True
    storage.messages.append("Your statistics file could not be read; it was set aside.")
    app = make_app(storage=storage, speaker=speaker)
    assert speaker.take()[:2] == ["Cardhall, main menu",
                                  "Notice: Your statistics file could not be read; it was set aside."]


def test_speech_settings_are_checked_when_read(home):
    path = home / "settings.json"
    storage = Storage(home)
    path = storage.settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"speech": True, "speech_rate": -40}))
    s = Storage(home).settings
    assert s.speech is True and s.speech_rate == -40
    for bad in ({"speech": "yes"}, {"speech_rate": 150}, {"speech_rate": 2.5}, {"speech_rate": True}):
        path.write_text(json.dumps(bad))
        fresh = Storage(home)
        assert (fresh.settings.speech, fresh.settings.speech_rate) == (False, 0)
        assert fresh.messages, bad        # set aside and reported, like every bad value


def test_cardhall_speech_starts_the_game_speaking(tmp_path, monkeypatch, capsys):
    from game.cli_parser import build_parser
    from game.client.app import run

    assert build_parser().parse_args(["--speech"]).speech is True
    monkeypatch.setenv("CARDHALL_SPEECH_BACKEND", "console")      # the console speaker, echoing
    assert run({"home": str(tmp_path), "frames": 3, "speech": True}) == 0
    out = capsys.readouterr().out
    assert "» Cardhall, main menu" in out and "  Play, button, key P" in out
    assert json.loads(Storage(tmp_path).settings_path.read_text())["speech"] is True


def test_with_no_engine_ctrl_s_shows_why_and_the_setting_still_turns_on(make_app, home):
    app = make_app(speaker=NoSpeaker("spd-say is not installed (Debian, Ubuntu: apt install speech-dispatcher)"))
    from tests.client.conftest import Driver

    Driver(app).key(pygame.K_s, mod=CTRL)
    assert app.settings.speech
    assert app._toasts and app._toasts[0][0] == ("No speech engine was found: spd-say is not installed (Debian, "
                                                 "Ubuntu: apt install speech-dispatcher).")


def test_toasts_while_speech_is_off_are_not_said_later(speaking, speaker):
    app, drive = speaking(on=False)
    app.toast("Match saved")
    app.run_frames(1)
    drive.key(pygame.K_s, mod=CTRL)
    assert "Match saved" not in speaker.take()


def test_the_licences_read_each_component_as_it_is_chosen(speaking, speaker):
    app, drive = speaking()
    speaker.take()
    drive.key(pygame.K_a)                    # About
    assert speaker.take()[0] == "About Cardhall"
    drive.key(pygame.K_l)                    # Licences
    notices = app.top
    assert type(notices).__name__ == "NoticesScene"
    assert speaker.take()[0] == "Licences"
    drive.key(pygame.K_DOWN)                 # the first component
    first = notices.entries[1]
    assert speaker.take() == [first.name, notices.page_lines()[0]]
    drive.key(pygame.K_PAGEDOWN)
    assert speaker.take() == [notices.page_lines()[1]]


def test_turning_speech_on_never_waits_for_the_engine_check():
    """speech-dispatcher's check (spd-say -O) may take seconds: it runs off the main thread, the
    lines said meanwhile are kept and spoken by the engine found, in order, once it answers."""
    import threading
    from types import SimpleNamespace

    release, finished = threading.Event(), threading.Event()
    found = ConsoleSpeaker()

    def choose():
        release.wait(5)
        finished.set()
        return found

    voice = Voice(SimpleNamespace(speech=False, speech_rate=20), choose=choose)
    voice.set_on(True)
    voice.say("Speech on", interrupt=True)
    voice.say("Cardhall, main menu")
    assert not finished.is_set(), "the main thread waited for the engine check"
    assert voice.looking and voice.chosen is None and not voice.silent
    assert not voice.poll() and found.lines == []
    release.set()
    assert voice.wait()
    assert voice.chosen is found and found.rate == 20
    assert found.spoken == [("Speech on", True), ("Cardhall, main menu", False)]
    voice.say("Play, button")
    assert found.lines[-1] == "Play, button"
