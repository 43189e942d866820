"""Sound effects. ``play(name)`` honours the sound on/off and volume settings and does nothing at
all when the mixer cannot start (no audio device, dummy driver, missing files).

Names: deal, draw, flip, swap, match, penalty, call, click (soft UI click).
"""

from __future__ import annotations

import contextlib
import os
import sys

import pygame

from game.i18n import N_
from game.log import logger
from game.resources import asset_path

NAMES = ("deal", "draw", "flip", "swap", "match", "penalty", "call", "click")
_log = logger(__name__)      # (logging is imported when it logs: game/log.py)


class Sound:
    """The mixer starts when sound is first wanted (``start``: the app calls it once the menu's
    first frame is shown, and ``play``, ``available`` and ``reason`` start it if it has not), so
    the window opens without waiting for the audio device and eight effects to load."""

    def __init__(self, settings):
        self.settings = settings
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._started = False
        self._available = False
        self._reason = ""               # why there is no sound, for the Settings screen
        self.played: list[str] = []     # names asked for while sound was on (for tests)

    @property
    def available(self) -> bool:
        self.start()
        return self._available

    @property
    def reason(self) -> str:
        self.start()
        return self._reason

    @reason.setter
    def reason(self, text: str) -> None:
        self.start()
        self._reason = text

    def start(self) -> None:
        """Start the mixer and load the effects (once; nothing happens after the first call)."""
        if self._started:
            return
        self._started = True
        try:
            if not pygame.mixer.get_init():
                with _quiet_stderr():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            self._available = True
        except pygame.error as exc:
            self._reason = N_("No sound device was found, so the game runs silent.")   # (Settings translates it)
            _log.info("sound is off: the mixer did not start (%s)", exc)
            return
        for name in NAMES:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
            except (pygame.error, FileNotFoundError) as exc:
                _log.info("sound %s not loaded: %s", name, exc)

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect at the settings' volume times ``volume`` (0..1)."""
        if not self.settings.sound or self.settings.volume <= 0:
            return
        self.start()
        self.played.append(name)
        if len(self.played) > 100:
            del self.played[:50]
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.set_volume(max(0.0, min(1.0, self.settings.volume * volume)))
            sound.play()
        except pygame.error:
            pass


@contextlib.contextmanager
def _quiet_stderr():
    """The sound library writes its device errors (ALSA's lines with no sound card) straight to
    file descriptor 2; the game reports a missing device once, in Settings, instead."""
    if not sys.platform.startswith("linux"):
        yield
        return
    try:
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        sys.stderr.flush()
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)
