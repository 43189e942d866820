"""What the app says, and when.

``Voice`` is the Speech setting at work: on or off (Settings -> Speech, or Ctrl+S anywhere), the
rate, the language, and the speaker, which is chosen the first time speech is on (nothing is
looked for while it is off). ``Announcer`` watches the top scene after each frame and says what
changed: a new screen's title and what it shows, then its focused item; the focused item when the
focus moves; its new value when it changes. It compares what it said last with what there is
now, so a screen that rebuilds its buttons (a language change, a seat added) is not read again
and nothing is said twice.

Scenes tell it what to say through ``spoken_screen()`` (the lines on arrival) and
``spoken_focus()`` (the focused widget); widgets describe themselves (``spoken_name``,
``spoken_value``, ``spoken()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from game import i18n
from game.i18n import _

if TYPE_CHECKING:
    from game.client.scene import Scene
    from game.client.speech.backends import Speaker

SPEECH_KEY = pygame.K_s     # with Ctrl: speech on or off, on every screen
REPEAT_KEY = pygame.K_r     # with Ctrl: the last line again
KEY_NAMES = ("Ctrl+S", "Ctrl+R")


def _ctrl(event: pygame.event.Event) -> bool:
    return bool(event.mod & pygame.KMOD_CTRL) and not event.mod & (pygame.KMOD_ALT | pygame.KMOD_SHIFT)


def is_speech_key(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key == SPEECH_KEY and _ctrl(event)


def is_repeat_key(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key == REPEAT_KEY and _ctrl(event)


class Voice:
    """The app's speech: ``settings.speech`` (on/off) and ``settings.speech_rate``."""

    def __init__(self, settings: Any, speaker: "Speaker | None" = None,
                 choose: "Callable[[], Speaker] | None" = None):
        self.settings = settings
        self._speaker = speaker
        self._choose = choose

    @property
    def on(self) -> bool:
        return bool(self.settings.speech)

    @property
    def speaker(self) -> "Speaker":
        """The speaker (chosen now if it was not yet: the first time speech is on)."""
        if self._speaker is None:
            if self._choose is None:
                from game.client.speech.backends import choose_speaker

                self._choose = choose_speaker
            self._speaker = self._choose()
            self._tune()
        return self._speaker

    @property
    def silent(self) -> bool:
        """Whether no speech engine could be found (the speaker is chosen if it was not yet)."""
        from game.client.speech.backends import NoSpeaker

        return isinstance(self.speaker, NoSpeaker)

    @property
    def chosen(self) -> "Speaker | None":
        """The speaker if one was chosen already (Settings shows which), else None."""
        return self._speaker

    def _tune(self) -> None:
        self._speaker.set_rate(int(self.settings.speech_rate))
        self._speaker.set_language(i18n.language())

    def say(self, text: str, interrupt: bool = False) -> None:
        if self.on and text:
            self.speaker.say(str(text), interrupt)

    def repeat(self) -> None:
        if self.on:
            self.speaker.repeat_last()

    def set_on(self, on: bool) -> None:
        if on == self.on:
            return
        if not on:
            self.say(_("Speech off"), interrupt=True)      # the last words, then silence
        self.settings.speech = bool(on)
        if on:
            self.speaker        # chosen now: Settings can say which engine speaks, or why none does

    def set_rate(self, rate: int) -> None:
        self.settings.speech_rate = int(rate)
        if self._speaker is not None:
            self._speaker.set_rate(int(rate))

    def language_changed(self) -> None:
        if self._speaker is not None:
            self._speaker.set_language(i18n.language())

    def stop(self) -> None:
        if self._speaker is not None:
            self._speaker.stop()

    def close(self) -> None:
        if self._speaker is not None:
            self._speaker.close()

    def status(self) -> str:
        """Which engine speaks, for Settings: "" before one was looked for."""
        speaker = self._speaker
        if speaker is None:
            return ""
        if self.silent:
            return _("No speech engine was found: {reason}.").format(reason=speaker.reason)
        return _("Speaking through {engine}.").format(engine=speaker.name)


class Announcer:
    """Says what changed on the top scene since the last frame (see the module's docstring)."""

    def __init__(self, voice: Voice):
        self.voice = voice
        self._scene: Scene | None = None
        self._focus: tuple | None = None
        self._value = ""
        self._told: list[str] = []
        self._after_line = False

    def reset(self, after_line: bool = False) -> None:
        """Say the whole screen again at the next update (speech was just turned on);
        ``after_line``: after the line just said ("Speech on"), not cutting it off."""
        self._scene = None
        self._after_line = after_line

    def tell(self, text: str) -> None:
        """A message (a toast: "Match saved") said after what this frame's change brings."""
        if self.voice.on:
            self._told.append(str(text))

    def update(self, scene: "Scene | None") -> None:
        if scene is None:
            return
        widget = scene.spoken_focus()
        index = getattr(getattr(scene, "form", None), "focus", None)
        focus = None if widget is None else (index, type(widget).__name__, widget.spoken_name())
        value = "" if widget is None else widget.spoken_value()
        said: list[str] = []
        if scene is not self._scene:
            said = [line for line in scene.spoken_screen() if line]
            if widget is not None:
                said.append(widget.spoken())
        elif focus != self._focus:
            said = [widget.spoken()] if widget is not None else []
        elif value != self._value and widget is not None:
            said = [widget.spoken_change(self._value, value)]
        self._scene, self._focus, self._value = scene, focus, value
        interrupt = not self._after_line
        self._after_line = False
        for i, line in enumerate(said):
            self.voice.say(line, interrupt=interrupt and i == 0)
        told, self._told = self._told, []
        for line in told:
            self.voice.say(line)
