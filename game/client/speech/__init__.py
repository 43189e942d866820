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

from game.client.speech.backends import (ConsoleSpeaker, NoSpeaker, ScreenReaderSpeaker, Speaker,
                                         SpeechDispatcherSpeaker, choose_speaker)
from game.client.speech.voice import Announcer, Voice, is_repeat_key, is_speech_key

__all__ = ["Announcer", "ConsoleSpeaker", "NoSpeaker", "ScreenReaderSpeaker", "Speaker", "SpeechDispatcherSpeaker",
           "Voice", "choose_speaker", "is_repeat_key", "is_speech_key"]
