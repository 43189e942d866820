"""Speech: what a player who cannot see the screen hears (docs/speech.md).

    from game.client.speech import choose_speaker, ConsoleSpeaker
    speaker = choose_speaker()          # speech-dispatcher, the screen reader, or none (and why)
    speaker.say("Settings", interrupt=True)
    speaker.say("Language, English")    # queued after the line before
    speaker.repeat_last()

``backends`` holds the speakers (one interface, a backend per platform, and the ConsoleSpeaker
that tests read).
"""

from game.client.speech.backends import (ConsoleSpeaker, NoSpeaker, ScreenReaderSpeaker, Speaker,
                                         SpeechDispatcherSpeaker, choose_speaker)

__all__ = ["ConsoleSpeaker", "NoSpeaker", "ScreenReaderSpeaker", "Speaker", "SpeechDispatcherSpeaker", "choose_speaker"]
