"""The drawing toolkit without the app: tweens, widgets, the card renderer, the asset loader and
sound. Tweens and widgets need no display."""

from __future__ import annotations

import sys
from types import SimpleNamespace

import pygame
import pytest

from game.client.ui import tween as TW
from game.client.ui.widgets import Button, Cycler, Form, Stepper, TextInput, Toggle

pytestmark = pytest.mark.client


# -- tweens -----------------------------------------------------------------------------------------

class Thing:
    def __init__(self):
        self.x = 0.0
        self.pos = (0, 0)


def test_tween_interpolates_with_easing_and_finishes_once():
    t = Thing()
    done = []
    tweens = TW.Tweens()
    tweens.animate(t, 1.0, easing=TW.linear, on_finish=lambda: done.append(1), x=10.0, pos=(100, 50))
    tweens.update(0.25)
    assert t.x == pytest.approx(2.5) and t.pos == pytest.approx((25, 12.5))
    assert tweens.busy
    tweens.update(0.5)
    assert t.x == pytest.approx(7.5)
    tweens.update(0.5)
    assert t.x == 10.0 and t.pos == (100, 50) and done == [1]
    assert not tweens.busy
    tweens.update(1.0)
    assert done == [1]


def test_easing_functions_start_at_0_and_end_at_1():
    for f in (TW.linear, TW.ease_in_quad, TW.ease_out_quad, TW.ease_in_out_quad, TW.ease_out_cubic,
              TW.ease_in_out_cubic, TW.ease_out_back, TW.ease_out_sine):
        assert f(0.0) == pytest.approx(0.0, abs=1e-9) and f(1.0) == pytest.approx(1.0)
    assert TW.ease_out_cubic(0.5) > 0.5 > TW.ease_in_quad(0.5)


def test_delay_then_animation_and_dict_targets():
    d = {"alpha": 0}
    tweens = TW.Tweens()
    tweens.animate(d, 0.5, easing=TW.linear, delay=0.5, alpha=255)
    tweens.update(0.4)
    assert d["alpha"] == 0
    tweens.update(0.35)          # 0.1 left of the delay, 0.25 into the animation
    assert d["alpha"] == pytest.approx(127.5)


def test_animation_speed_scales_durations_and_fastest_is_instant():
    speed = {"scale": 0.5}       # 2x speed
    t = Thing()
    tweens = TW.Tweens(scale=lambda: speed["scale"])
    tweens.animate(t, 1.0, easing=TW.linear, x=1.0)
    tweens.update(0.25)
    assert t.x == pytest.approx(0.5)
    speed["scale"] = 0.0         # "fastest"
    done = []
    tweens.animate(t, 1.0, x=5.0, on_finish=lambda: done.append(1))
    tweens.update(0.0)
    assert t.x == 5.0 and done == [1]


def test_a_decoration_plays_without_holding_anything_up_and_ends_before_a_move():
    t, other = Thing(), Thing()
    done = []
    tweens = TW.Tweens()
    tweens.animate(t, 1.0, easing=TW.linear, on_finish=lambda: done.append("look"), holds=False, x=10.0)
    tweens.animate(other, 1.0, easing=TW.linear, holds=False, x=4.0)
    tweens.update(0.5)
    assert t.x == pytest.approx(5.0) and not tweens.busy     # still playing, nobody waits for it
    tweens.animate(t, 1.0, y=1.0)
    assert tweens.busy                                        # a real animation is waited for
    tweens.finish_decorations(t)                              # (before a move takes the card)
    assert t.x == 10.0 and done == ["look"] and other.x == pytest.approx(2.0)


def test_callbacks_can_chain_tweens_and_finish_all_runs_the_chain():
    t = Thing()
    tweens = TW.Tweens()
    order = []

    def second():
        order.append("first done")
        tweens.animate(t, 1.0, x=2.0, on_finish=lambda: order.append("second done"))

    tweens.animate(t, 1.0, x=1.0, on_finish=second)
    tweens.wait(3.0, on_finish=lambda: order.append("waited"))
    tweens.finish_all()
    assert order == ["first done", "waited", "second done"] and t.x == 2.0
    assert not tweens.busy


def test_cancel_stops_without_callback():
    t = Thing()
    tweens = TW.Tweens()
    done = []
    tw = tweens.animate(t, 1.0, easing=TW.linear, x=1.0, on_finish=lambda: done.append(1))
    tweens.update(0.5)
    tw.cancel()
    tweens.update(1.0)
    assert t.x == pytest.approx(0.5) and done == []
    with pytest.raises(ValueError):
        TW.Tween(t, -1.0, x=1.0)


# -- widgets ----------------------------------------------------------------------------------------

def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def test_stepper_clamps_and_steps():
    got = []
    s = Stepper("Rounds", 5, 1, 8, 1, got.append)
    for _ in range(10):
        s.adjust(1)
    assert s.value == 8 and got[-1] == 8 and len(got) == 3
    f = Stepper("Window", 3.0, 0.0, 10.0, 0.5)
    f.adjust(-1)
    assert f.value == 2.5


def test_cycler_wraps_and_toggle_flips():
    c = Cycler("Kind", ["a", "b", "c"], "c")
    c.adjust(1)
    assert c.value == "a"
    c.adjust(-1)
    assert c.value == "c"
    t = Toggle("Sound", True)
    t.activate()
    assert t.value is False
    t.adjust(1)
    assert t.value is True


def test_form_focus_shortcuts_and_text_input():
    pressed = []
    name = TextInput("Name", "Al", max_len=5)
    play = Button("Play", lambda: pressed.append("play"), shortcut=pygame.K_p)
    quit_ = Button("Quit", lambda: pressed.append("quit"), shortcut=pygame.K_q)
    form = Form([name, play, quit_])
    assert form.focused is name
    # while typing, letters are text, not shortcuts
    assert form.handle_event(key(pygame.K_q))
    form.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="exander"))
    assert name.value == "Alexa" and pressed == []
    form.handle_event(key(pygame.K_BACKSPACE))
    assert name.value == "Alex"
    form.handle_event(key(pygame.K_DOWN))
    assert form.focused is play
    form.handle_event(key(pygame.K_q))
    assert pressed == ["quit"] and form.focused is quit_
    form.handle_event(key(pygame.K_UP))
    form.handle_event(key(pygame.K_RETURN))
    assert pressed == ["quit", "play"]
    play.enabled = False
    form.handle_event(key(pygame.K_p))
    assert pressed == ["quit", "play"]


def test_clicks_respect_a_widgets_clip():
    b = Button("Hidden", lambda: None, rect=(0, 0, 100, 40))
    b.clip = pygame.Rect(0, 30, 100, 100)
    form = Form([b])
    assert form.widget_at((10, 10)) is None
    assert form.widget_at((10, 35)) is b


# -- cards ------------------------------------------------------------------------------------------

@pytest.fixture
def display():
    pygame.display.init()
    pygame.display.set_mode((320, 240))
    yield


def test_card_renderer_caches_and_distinguishes(display):
    from game.client.ui.cards import render_card
    from game.client.ui.theme import COLOUR_BLIND, STANDARD

    a = render_card({"rank": 3}, (70, 100), STANDARD)
    assert a is render_card({"rank": 3}, (70, 100), STANDARD)
    assert a.get_size() == (70, 100)
    b = render_card({"rank": 11}, (70, 100), STANDARD)
    back = render_card(None, (70, 100), STANDARD)
    cb = render_card({"rank": 3}, (70, 100), COLOUR_BLIND)
    probe = (10, 84)            # the band-coloured panel, below the number
    assert a.get_at(probe)[:3] == STANDARD.band_colour(3)
    assert b.get_at(probe)[:3] == STANDARD.band_colour(11)
    assert cb.get_at(probe)[:3] == COLOUR_BLIND.band_colour(3)
    assert back.get_at(probe) != a.get_at(probe)
    assert a.get_at((0, 0))[3] == 0            # rounded corners are transparent
    for face in ({"rank": -1}, {"rank": 14, "caption": "LOOK"}, {"rank": "Q", "suit": "hearts"},
                 {"rank": "JOKER", "suit": "joker", "colour": "black"}, {"rank": "wild4", "suit": "wild"},
                 {"rank": 7, "suit": "blue"}, {"rank": "skip", "suit": "red"}):
        surf = render_card(face, (60, 90), COLOUR_BLIND)
        assert surf.get_size() == (60, 90)


def test_value_bands_give_distinct_colours():
    from game.client.ui.theme import COLOUR_BLIND, STANDARD

    for pal in (STANDARD, COLOUR_BLIND):
        colours = {pal.band_colour(v) for v in (-1, 2, 6, 10, 13)}
        assert len(colours) == 5
        assert pal.band_colour(0) == pal.band_colour(-1) and pal.band_colour(14) == pal.band_colour(13)


# -- resources and sound ---------------------------------------------------------------------------

def test_asset_path_finds_the_source_assets():
    from game.resources import asset_path

    assert asset_path("icon.png").is_file()
    assert asset_path("fonts", "DejaVuSans.ttf").is_file()
    for name in ("deal", "draw", "flip", "swap", "match", "penalty", "call", "click"):
        assert asset_path("sounds", f"{name}.wav").is_file()


def test_asset_path_finds_a_frozen_build(tmp_path, monkeypatch):
    from game import resources

    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "only-frozen.txt").write_text("x")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.asset_path("only-frozen.txt") == tmp_path / "assets" / "only-frozen.txt"


def test_asset_path_prefers_the_installed_package_copy(tmp_path, monkeypatch):
    from game import resources

    pkg = tmp_path / "game"
    (pkg / "assets").mkdir(parents=True)
    (pkg / "assets" / "icon.png").write_bytes(b"png")
    monkeypatch.setattr(resources, "_PACKAGE", pkg)
    assert resources.asset_path("icon.png") == pkg / "assets" / "icon.png"


def test_icon_is_256_square(display):
    from game.resources import asset_path

    assert pygame.image.load(str(asset_path("icon.png"))).get_size() == (256, 256)


def test_sound_honours_settings_and_survives_a_missing_mixer(monkeypatch):
    from game.client.sound import Sound

    settings = SimpleNamespace(sound=True, volume=0.5)
    s = Sound(settings)
    s.play("deal")
    assert s.played == ["deal"]
    settings.sound = False
    s.play("flip")
    settings.sound, settings.volume = True, 0.0
    s.play("flip")
    assert s.played == ["deal"]

    def broken(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    quiet = Sound(SimpleNamespace(sound=True, volume=1.0))
    assert quiet.available is False
    quiet.play("call")          # nothing happens, nothing raises


def test_narration_about_you_reads_in_the_second_person():
    from game.client.narration.wording import you_form

    assert you_form("You plays a Wild and names red.") == "You play a Wild and name red."
    assert you_form("You discards a 4 (swapped out).") == "You discard a 4 (swapped out)."
    assert you_form("Round 2: You deals.") == "Round 2: You deal."
    assert you_form("You wins the match!") == "You win the match!"
    assert you_form("Round 2: Ada deals.") == "Round 2: Ada deals."
    assert you_form("Younes plays a 4.") == "Younes plays a 4."
    assert you_form("Ada plays a Wild and names red.") == "Ada plays a Wild and names red."


def test_whose_reads_your_for_the_seat_named_you():
    from game.client.narration.wording import whose

    assert whose("Ann") == "Ann's" and whose("Ann", True) == "Ann's"
    assert whose("You") == "your" and whose("You", True) == "Your"


def test_a_function_key_shortcut_works_while_a_name_is_being_typed():
    """The setup screen opens with the first name focused, and its "Guided match (F3)" did
    nothing there: the field swallowed every key. Function keys type nothing, so they go on."""
    pressed = []
    name = TextInput("Name", "Al", max_len=5)
    guided = Button("Guided match", lambda: pressed.append("guided"), shortcut=pygame.K_F3, hint="F3")
    form = Form([name, guided])
    assert form.focused is name
    assert form.handle_event(key(pygame.K_F3))
    assert pressed == ["guided"] and name.value == "Al"
