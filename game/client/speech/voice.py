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
    import threading

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
        self._found: "Speaker | None" = None         # what the look found, for poll to take up
        self._looking: threading.Thread | None = None

    @property
    def on(self) -> bool:
        return bool(self.settings.speech)

    @property
    def speaker(self) -> "Speaker":
        """The speaker. The first time speech is on, the engine is looked for on a thread of its
        own (speech-dispatcher's check may take seconds): until it answers, a WaitingSpeaker keeps
        the lines said, and ``poll`` (each frame) hands them to the engine found."""
        if self._speaker is None:
            self._look()
        return self._speaker

    def _look(self) -> None:
        from game.client.speech.backends import WaitingSpeaker

        if self._choose is None:
            from game.client.speech.backends import choose_speaker

            self._choose = choose_speaker
        choose = self._choose
        self._speaker = WaitingSpeaker()

        def look() -> None:
            try:
                found = choose()
            except Exception as exc:        # (an engine that fails to load must not end the game)
                from game.client.speech.backends import NoSpeaker

                found = NoSpeaker(f"looking for a speech engine failed ({type(exc).__name__}: {exc})")
            self._found = found
        import threading        # (speech on: not the first frame's to import when it is off)

        self._looking = threading.Thread(target=look, name="cardhall-speech-look", daemon=True)
        self._looking.start()

    def poll(self) -> bool:
        """On the main thread, each frame: the engine the look found takes over and says the lines
        kept meanwhile. True on the frame it does (the app then says if none was found)."""
        found, self._found = self._found, None
        if found is None:
            return False
        waiting = self._speaker
        self._speaker = found
        self._tune()
        for text, interrupt in getattr(waiting, "waiting", []):
            found.say(text, interrupt)
        return True

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait for the look to answer and let its engine take over (tests, and the app's end)."""
        if self._looking is not None:
            self._looking.join(timeout)
        self.poll()
        return not self.looking

    @property
    def looking(self) -> bool:
        from game.client.speech.backends import WaitingSpeaker

        return isinstance(self._speaker, WaitingSpeaker)

    @property
    def silent(self) -> bool:
        """Whether no speech engine could be found (False while it is still looked for)."""
        from game.client.speech.backends import NoSpeaker

        return isinstance(self.speaker, NoSpeaker)

    @property
    def chosen(self) -> "Speaker | None":
        """The speaker if one was chosen already (Settings shows which), else None."""
        return None if self._speaker is None or self.looking else self._speaker

    def _tune(self) -> None:
        if self.looking:
            return
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
        if self.looking:
            return _("Looking for a speech engine…")
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
