"""The main menu's first frame (issue 31, a fast start): what the player sees first is drawn before
what it need not wait for, and nothing on the way to it is done twice."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client import window


def test_the_first_frame_comes_before_the_mixer_and_the_icon_is_loaded_once(
        make_app, monkeypatch):
    calls: list = []
    real_init, real_load, real_flip = pygame.mixer.init, pygame.image.load, pygame.display.flip
    monkeypatch.setattr(window, "_ICON", [])          # (another test may have loaded it)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: calls.append("mixer") or real_init(*a, **k))
    monkeypatch.setattr(pygame.image, "load",
                        lambda path, *a: calls.append(("load", Path(str(path)).name)) or real_load(path, *a))
    monkeypatch.setattr(pygame.display, "set_icon", lambda surface: calls.append(("icon", surface.get_size())))
    monkeypatch.setattr(pygame.display, "flip", lambda: calls.append("flip") or real_flip())
    app = make_app()                 # App(), then one frame
    # (The window's icon is set before the window opens: pygame loads its own icon otherwise.)
    assert calls == [("load", "icon.png"), ("icon", (256, 256)), "flip", "mixer"]
    assert app.sound.available and app.sound.reason == ""
    app.run_frames(2)
    assert calls[-2:] == ["flip", "flip"]      # once only
