"""Speakers: one interface, a backend per platform, and a recording one for tests.

- SpeechDispatcherSpeaker (Linux and other Unix desktops): speech-dispatcher through its own
  client, ``spd-say``, which any Python (a venv, a frozen build) can run; the speech engine is the
  one speech-dispatcher is set up with (espeak-ng on Debian and Ubuntu), Orca's own.
  SpeechdSpeaker, the same through python3-speechd's persistent client where this Python can
  import it (the system's Python): cutting in cancels only Cardhall's lines, not other programs'.
- ScreenReaderSpeaker (Windows, macOS): accessible-output2, the library PySolFC's blind mode uses,
  speaking through the running screen reader (NVDA, JAWS, VoiceOver...) or SAPI. An optional
  dependency: ``pip install "cardhall[speech]"``.
- ConsoleSpeaker: records every line (tests), and echoes them on the terminal if asked.
- NoSpeaker: nothing found; its ``reason`` says what to install.

``choose_speaker`` takes the first that works on this platform (CARDHALL_SPEECH_BACKEND names
one) and logs in one line which one speaks.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from typing import Callable

_log = logging.getLogger(__name__)

RATE_MIN, RATE_MAX = -100, 100      # speech-dispatcher's scale; 0 is the engine's normal rate


def _clamp_rate(rate: int) -> int:
    return max(RATE_MIN, min(RATE_MAX, int(rate)))


class Speaker:
    """Says lines. ``say(text, interrupt=True)`` cuts off what is being said and what waits;
    ``interrupt=False`` queues the line after them. Never blocks the game loop."""

    name = "none"
    has_rate = False        # whether set_rate changes anything

    def __init__(self) -> None:
        self.last = ""
        self.rate = 0
        self.language = "en"
        self._told = False

    def say(self, text: str, interrupt: bool = False) -> None:
        text = " ".join(str(text).split())
        if not text:
            return
        self.last = text
        if not self._told:
            self._told = True
            _log.info("speech: %s speaks", self.name)       # which backend spoke, once
        self._say(text, interrupt)

    def repeat_last(self) -> None:
        """The last line again, at once."""
        if self.last:
            self._say(self.last, True)

    def stop(self) -> None:
        """Silence now: what is being said and what waits."""

    def set_rate(self, rate: int) -> None:
        """-100 (slowest) .. 0 (the engine's normal) .. 100 (fastest)."""
        self.rate = _clamp_rate(rate)

    def set_language(self, code: str) -> None:
        """The language lines are spoken in ("de", "en"...): the engine picks a voice for it."""
        self.language = code.split("_")[0].lower() or "en"

    def close(self) -> None:
        self.stop()

    def _say(self, text: str, interrupt: bool) -> None:
        pass


class NoSpeaker(Speaker):
    """No speech engine could be used here; ``reason`` says why and what to install."""

    def __init__(self, reason: str = "") -> None:
        super().__init__()
        self.reason = reason


class WaitingSpeaker(Speaker):
    """Stands in while the engine is looked for off the main thread (Voice): keeps the lines said
    meanwhile (an interrupting one drops those before it), for the engine found to say."""

    name = "…"

    def __init__(self) -> None:
        super().__init__()
        self.waiting: list[tuple[str, bool]] = []

    def _say(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self.waiting.clear()
        self.waiting.append((text, interrupt))

    def stop(self) -> None:
        self.waiting.clear()


class ConsoleSpeaker(Speaker):
    """Records what would be spoken: ``lines`` (every line, in order) and ``spoken`` ((line,
    interrupted) pairs); ``echo`` prints each line too (``cardhall --speech console``)."""

    name = "console"
    has_rate = True

    def __init__(self, echo: bool = False, stream=None) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.spoken: list[tuple[str, bool]] = []
        self.stops = 0
        self.echo = echo
        self.stream = stream

    def _say(self, text: str, interrupt: bool) -> None:
        self.lines.append(text)
        self.spoken.append((text, interrupt))
        if self.echo:
            print(("» " if interrupt else "  ") + text, file=self.stream or sys.stdout, flush=True)

    def stop(self) -> None:
        self.stops += 1

    def take(self) -> list[str]:
        """The lines spoken since the last take (and forget them)."""
        lines, self.lines = self.lines, []
        self.spoken.clear()
        return lines


class SpeechDispatcherSpeaker(Speaker):
    """speech-dispatcher through ``spd-say``. Each line runs one ``spd-say`` with priority
    "message" (queued, never dropped by the next line, as priority "text" lines are), and
    ``-C`` when it interrupts (speech-dispatcher cancels every client's queued lines, as a screen
    reader does when you move). The commands run one after another on a worker thread, so an
    interrupting line can never overtake the one before it, and the game loop never waits."""

    name = "speech-dispatcher (spd-say)"
    has_rate = True

    def __init__(self, command: str = "spd-say", run: Callable[..., subprocess.CompletedProcess] = subprocess.run):
        super().__init__()
        self.command = command
        self._run = run
        self._jobs: queue.Queue[list[str] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self._failed = False

    @staticmethod
    def available(command: str = "spd-say") -> tuple[bool, str]:
        """Whether spd-say is installed and reaches a speech-dispatcher (it starts one if need be)."""
        path = shutil.which(command)
        if path is None:
            return False, "spd-say is not installed (Debian, Ubuntu: apt install speech-dispatcher)"
        try:
            done = subprocess.run([path, "-O"], capture_output=True, text=True, timeout=5)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return False, f"spd-say did not answer ({exc})"
        modules = [line for line in done.stdout.splitlines()[1:] if line.strip()]
        if done.returncode != 0 or not modules:
            why = (done.stderr or done.stdout).strip().splitlines()
            return False, "speech-dispatcher cannot speak: " + (why[-1] if why else "no output module")
        return True, ""

    def args(self, text: str | None, interrupt: bool) -> list[str]:
        """The spd-say command for a line (None: only cancel)."""
        args = [self.command, "-N", "cardhall", "-P", "message", "-r", str(self.rate), "-l", self.language]
        if interrupt:
            args.append("-C")
        if text is not None:
            args += ["--", text]
        return args

    def _say(self, text: str, interrupt: bool) -> None:
        self._submit(self.args(text, interrupt), interrupt)

    def stop(self) -> None:
        self._submit(self.args(None, True), True)

    def _submit(self, args: list[str], interrupt: bool) -> None:
        with self._lock:
            if interrupt:       # what still waits here is stale: the new line cancels it anyway
                try:
                    while True:
                        self._jobs.get_nowait()
                        self._jobs.task_done()
                except queue.Empty:
                    pass
            self._jobs.put(args)
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="cardhall-speech", daemon=True)
                self._worker.start()

    def _work(self) -> None:
        while True:
            try:
                args = self._jobs.get(timeout=2.0)
            except queue.Empty:
                with self._lock:        # idle: end; the next line starts a new worker
                    if self._jobs.empty():
                        self._worker = None
                        return
                continue
            try:
                if args is not None:
                    self._speak_now(args)
            finally:
                self._jobs.task_done()
            if args is None:
                with self._lock:
                    self._worker = None
                return

    def _speak_now(self, args: list[str]) -> None:
        try:
            done = self._run(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, timeout=10)
            failed = done.returncode != 0
            why = (done.stderr or b"").decode(errors="replace").strip()
        except (OSError, subprocess.TimeoutExpired) as exc:
            failed, why = True, str(exc)
        if failed and not self._failed:
            self._failed = True     # said once, not for every line
            _log.warning("speech: spd-say failed: %s", why or "no reason given")

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every line was handed to speech-dispatcher (tests). True if it was."""
        end = time.monotonic() + timeout
        while self._jobs.unfinished_tasks:
            if time.monotonic() > end:
                return False
            time.sleep(0.01)
        return True

    def close(self) -> None:
        with self._lock:
            if self._worker is not None:
                self._jobs.put(None)


class SpeechdSpeaker(SpeechDispatcherSpeaker):
    """speech-dispatcher through its own Python client (Debian's python3-speechd, the ``speechd``
    module), one connection kept open: a line that cuts in cancels only Cardhall's own lines
    (CANCEL self), where ``spd-say -C`` cancels every program's, a screen reader's too. The lines
    go one after another on the same worker thread as spd-say's."""

    name = "speech-dispatcher (python3-speechd)"

    def __init__(self, module) -> None:
        super().__init__()
        self._speechd = module
        self._client = None

    @staticmethod
    def find():
        """The ``speechd`` module where this Python has it (None: spd-say it is)."""
        try:
            import speechd
        except ImportError:
            return None
        return speechd if hasattr(speechd, "SSIPClient") else None

    def _speak_now(self, args: list[str]) -> None:
        # (the same ordered jobs as spd-say's command lines: -C cuts in, the text after "--")
        text = args[args.index("--") + 1] if "--" in args else None
        try:
            if self._client is None:
                self._client = self._speechd.SSIPClient("cardhall")
                self._client.set_priority(self._speechd.Priority.MESSAGE)
            if "-C" in args:
                self._client.cancel()           # (its scope is the client's own: Scope.SELF)
            if text is not None:
                self._client.set_rate(self.rate)
                self._client.set_language(self.language)
                self._client.speak(text)
        except Exception as exc:        # the connection went (speech-dispatcher restarted): open anew
            self._client = None
            if not self._failed:
                self._failed = True
                _log.warning("speech: speech-dispatcher's client failed: %s", exc)

    def close(self) -> None:
        super().close()
        client, self._client = self._client, None
        if client is not None:
            with contextlib.suppress(Exception):
                client.close()


class ScreenReaderSpeaker(Speaker):
    """The running screen reader (NVDA, JAWS, VoiceOver...) or the system's speech (SAPI) through
    accessible-output2's first available output."""

    def __init__(self, output) -> None:
        super().__init__()
        self.output = output
        self.name = f"{getattr(output, 'name', 'screen reader')} (accessible-output2)"
        self.has_rate = callable(getattr(output, "set_rate", None))

    @staticmethod
    def find() -> tuple["ScreenReaderSpeaker | None", str]:
        try:
            # (it prints to stdout for every output it cannot load: not the player's business)
            with contextlib.redirect_stdout(io.StringIO()):
                from accessible_output2.outputs.auto import Auto

                output = Auto().get_first_available_output()
        except ImportError:
            return None, "accessible-output2 is not installed (pip install \"cardhall[speech]\")"
        except Exception as exc:   # a screen reader's DLL that will not load, and the like
            return None, f"accessible-output2 could not start ({type(exc).__name__}: {exc})"
        if output is None:
            return None, "accessible-output2 found no screen reader or speech engine running"
        return ScreenReaderSpeaker(output), ""

    def _say(self, text: str, interrupt: bool) -> None:
        try:
            self.output.speak(text, interrupt=interrupt)
        except Exception:
            _log.exception("speech: %s failed", self.name)

    def stop(self) -> None:
        silence = getattr(self.output, "silence", None)
        if callable(silence):
            try:
                silence()
            except Exception:
                _log.exception("speech: %s failed to stop", self.name)

    def set_rate(self, rate: int) -> None:
        super().set_rate(rate)
        if self.has_rate:
            try:
                self.output.set_rate(round(self.rate / 10))     # SAPI's -10..10
            except Exception:
                _log.exception("speech: %s refused the rate", self.name)


BACKENDS = ("speech-dispatcher", "screen-reader", "console", "none")


def choose_speaker(wanted: str | None = None, platform: str | None = None) -> Speaker:
    """The first speaker that works here: on Linux (and other Unix desktops) speech-dispatcher,
    then accessible-output2; on Windows and macOS accessible-output2. ``wanted`` (else
    CARDHALL_SPEECH_BACKEND) names one of BACKENDS to use alone. With none, a NoSpeaker whose
    reason lists what each one lacked."""
    wanted = wanted if wanted is not None else os.environ.get("CARDHALL_SPEECH_BACKEND", "")
    platform = platform or sys.platform
    if wanted == "console":
        return _chosen(ConsoleSpeaker(echo=True))
    if wanted == "none":
        return _chosen(NoSpeaker("speech is turned off by CARDHALL_SPEECH_BACKEND=none"))
    if wanted in ("speech-dispatcher", "screen-reader"):
        order = [wanted]
    else:
        if wanted:
            _log.warning("speech: unknown CARDHALL_SPEECH_BACKEND %r (one of %s)", wanted, ", ".join(BACKENDS))
        order = (["screen-reader"] if platform in ("win32", "darwin")
                 else ["speech-dispatcher", "screen-reader"])
    reasons = []
    for backend in order:
        if backend == "speech-dispatcher":
            ok, why = SpeechDispatcherSpeaker.available()
            if ok:
                module = SpeechdSpeaker.find()      # (cancels only its own lines, where it is there)
                return _chosen(SpeechdSpeaker(module) if module is not None else SpeechDispatcherSpeaker())
        else:
            speaker, why = ScreenReaderSpeaker.find()
            if speaker is not None:
                return _chosen(speaker)
        reasons.append(why)
    return _chosen(NoSpeaker("; ".join(reasons)))


def _chosen(speaker: Speaker) -> Speaker:
    if isinstance(speaker, NoSpeaker):
        _log.warning("speech: no speech engine: %s", speaker.reason)
    else:
        _log.info("speech: using %s", speaker.name)
    return speaker
