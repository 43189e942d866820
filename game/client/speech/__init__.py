"""Speech: what a player who cannot see the screen hears (docs/speech.md).

    from game.client.speech import choose_speaker, ConsoleSpeaker
    speaker = choose_speaker()          # speech-dispatcher, the screen reader, or none (and why)
    speaker.say("Settings", interrupt=True)
    speaker.say("Language, English")    # queued after the line before
    speaker.repeat_last()

``backends`` holds the speakers (one interface, a backend per platform, and the ConsoleSpeaker
that tests read); ``voice`` holds what the app speaks with them: the Speech setting and its key
(Ctrl+S), the repeat key (Ctrl+R), and the Announcer that says each screen's title on arrival,
the focused item and its value.
"""

from importlib import import_module

# Imported when first used (PEP 562): the app starts with ``voice`` alone, and the backends (with
# subprocess and threads) load only once speech is turned on.
_WHERE = {"Announcer": "voice", "Voice": "voice", "is_repeat_key": "voice", "is_speech_key": "voice",
          "ConsoleSpeaker": "backends", "NoSpeaker": "backends", "ScreenReaderSpeaker": "backends",
          "Speaker": "backends", "SpeechDispatcherSpeaker": "backends", "SpeechdSpeaker": "backends",
          "choose_speaker": "backends"}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
