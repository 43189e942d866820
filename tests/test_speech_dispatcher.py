"""The real speech path on Linux: Cardhall's speaker -> spd-say -> speech-dispatcher -> its
espeak-ng module -> audio, caught in a WAV file and measured with sox.

Each test starts its own speech-dispatcher (its own socket, configuration and log in a temporary
folder) whose audio goes through ALSA's file plugin into a WAV file instead of a sound card, so
the test needs no sound hardware and no desktop session, and leaves the player's own
speech-dispatcher alone. Skipped where the programs are missing; .ci/run installs them
(speech-dispatcher, speech-dispatcher-espeak-ng, espeak-ng, sox).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from game.client.speech import SpeechDispatcherSpeaker, choose_speaker

ESPEAK_MODULE = Path("/usr/lib/speech-dispatcher-modules/sd_espeak-ng")     # (Debian's place)
ALSA_CONF = Path("/usr/share/alsa/alsa.conf")
missing = [name for name in ("speech-dispatcher", "spd-say", "sox") if shutil.which(name) is None]
missing += [str(path) for path in (ESPEAK_MODULE, ALSA_CONF) if not path.exists()]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(bool(missing), reason="the real speech path needs " + ", ".join(missing) + " (Debian: apt "
                       "install speech-dispatcher speech-dispatcher-espeak-ng espeak-ng sox; .ci/run installs them)"),
]

LINE = "Kombio. Your turn: draw a card from the deck, or take the top of the discard pile."


def _dispatcher(tmp: Path) -> tuple[subprocess.Popen, Path, dict]:
    """A private speech-dispatcher whose espeak-ng audio goes to tmp/out.wav."""
    conf = tmp / "conf"
    (conf / "modules").mkdir(parents=True)
    module_conf = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")
    (conf / "modules" / "espeak-ng.conf").write_text(module_conf.read_text() if module_conf.exists() else "")
    (conf / "speechd.conf").write_text(
        'LogLevel 3\nDefaultVolume 100\nAudioOutputMethod "alsa"\nAudioALSADevice "cardhall_wav"\n'
        'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\nDefaultModule espeak-ng\n')
    wav = tmp / "out.wav"
    (tmp / "asound.conf").write_text(
        'pcm.cardhall_wav {\n type file\n slave.pcm "null"\n file "%s"\n format "wav"\n}\n' % wav)
    (tmp / "run").mkdir()
    (tmp / "log").mkdir()
    sock = tmp / "run" / "speechd.sock"
    env = dict(os.environ, HOME=str(tmp), XDG_RUNTIME_DIR=str(tmp / "run"),
               ALSA_CONFIG_PATH=f"{ALSA_CONF}:{tmp / 'asound.conf'}")
    daemon = subprocess.Popen(
        ["speech-dispatcher", "-s", "-t", "60", "-C", str(conf), "-S", str(sock), "-P", str(tmp / "run" / "pid"),
         "-L", str(tmp / "log")], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 15
    while not sock.exists():
        assert daemon.poll() is None, "speech-dispatcher stopped at start (see its log in %s)" % (tmp / "log")
        assert time.monotonic() < deadline, "speech-dispatcher made no socket in 15 s"
        time.sleep(0.05)
    return daemon, wav, {"SPEECHD_ADDRESS": f"unix_socket:{sock}"}


def _stop(daemon: subprocess.Popen) -> None:
    if daemon.poll() is None:
        os.killpg(daemon.pid, signal.SIGTERM)       # its own session: the daemon and its module
        try:
            daemon.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(daemon.pid, signal.SIGKILL)
            daemon.wait(10)


def _settled(wav: Path, timeout: float = 30.0) -> None:
    """Wait until the WAV file has sound and stopped growing (the line was spoken)."""
    deadline = time.monotonic() + timeout
    size, still = -1, 0.0
    while time.monotonic() < deadline:
        now = wav.stat().st_size if wav.exists() else 0
        if now > 44 and now == size:
            still += 0.1
            if still >= 1.0:
                return
        else:
            size, still = now, 0.0
        time.sleep(0.1)
    raise AssertionError(f"no settled audio in {timeout} s ({size} bytes)")


def measure(wav: Path) -> dict[str, float]:
    """sox's figures for the file (--ignore-length: ALSA's file plugin leaves the header's length
    at 0 while the device is open)."""
    out = subprocess.run(["sox", "--ignore-length", str(wav), "-n", "stat"], capture_output=True, text=True,
                         timeout=30).stderr
    figures = {}
    for name, key in (("Length (seconds)", "seconds"), ("RMS     amplitude", "rms"), ("Maximum amplitude", "peak")):
        match = re.search(re.escape(name) + r":\s+(-?[\d.]+)", out)
        assert match, f"sox printed no {name!r}: {out}"
        figures[key] = float(match.group(1))
    return figures


def speak_to_wav(tmp: Path, monkeypatch, text: str, rate: int = 0) -> dict[str, float]:
    daemon, wav, env = _dispatcher(tmp)
    try:
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        speaker = choose_speaker("speech-dispatcher")        # the chooser's own probe (spd-say -O) included
        assert isinstance(speaker, SpeechDispatcherSpeaker), getattr(speaker, "reason", speaker)
        speaker.set_rate(rate)
        speaker.say(text, interrupt=True)
        assert speaker.flush(), "spd-say did not hand the line over"
        _settled(wav)
        speaker.close()
    finally:
        _stop(daemon)
    return measure(wav)


def test_a_line_spoken_through_speech_dispatcher_is_real_speech(tmp_path, monkeypatch):
    figures = speak_to_wav(tmp_path, monkeypatch, LINE)
    # About 5 s at espeak-ng's normal rate; silence would have an RMS near 0.
    assert 2.0 < figures["seconds"] < 15.0, figures
    assert figures["rms"] > 0.02, figures
    assert figures["peak"] > 0.2, figures


def test_the_speech_rate_reaches_the_engine(tmp_path, monkeypatch):
    normal = speak_to_wav(tmp_path / "normal", monkeypatch, LINE, rate=0)
    fast = speak_to_wav(tmp_path / "fast", monkeypatch, LINE, rate=80)
    assert fast["rms"] > 0.02, fast
    assert fast["seconds"] < 0.75 * normal["seconds"], (normal, fast)


@pytest.fixture
def speechd_module():
    """python3-speechd's module for one test; one taken from the system's dist-packages is
    forgotten afterwards, so that the game's own speaker chooser in later tests of this process
    finds what this Python has (it found the system's module left behind, chose SpeechdSpeaker in
    the spd-say tests, and its reading thread's SystemExit warned there)."""
    import sys

    before = set(sys.modules)
    yield _speechd_module()
    for name in set(sys.modules) - before:
        if name == "speechd" or name.startswith("speechd."):
            del sys.modules[name]


def _speechd_module():
    """python3-speechd's module: this Python's, or the system's (Debian puts it in dist-packages,
    which a virtual environment does not see). None where neither has it."""
    import importlib
    import sys

    try:
        return importlib.import_module("speechd")
    except ImportError:
        pass
    system = "/usr/lib/python3/dist-packages"
    if not Path(system, "speechd", "client.py").exists():
        return None
    sys.path.append(system)
    try:
        return importlib.import_module("speechd")
    except ImportError:
        return None
    finally:
        sys.path.remove(system)


# (python3-speechd's reading thread ends with SystemExit when its connection closes)
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
@pytest.mark.parametrize("backend", ["spd-say", "python3-speechd"])
def test_cutting_in_cancels_another_programs_lines_only_through_spd_say(tmp_path, monkeypatch, backend, speechd_module):
    """Another program (a screen reader) has 24 lines queued in the same speech-dispatcher when
    Cardhall says a line that cuts in: ``spd-say -C`` cancels all of them; the persistent client
    (SpeechdSpeaker, where python3-speechd is there) cancels only Cardhall's own, and the other
    program's lines are all spoken to their end."""
    from game.client.speech import SpeechdSpeaker

    speechd = speechd_module
    if speechd is None:
        pytest.skip("python3-speechd is not installed (Debian: apt install python3-speechd)")
    daemon, wav, env = _dispatcher(tmp_path)
    try:
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        other = speechd.SSIPClient("screen-reader")
        other.set_priority(speechd.Priority.MESSAGE)
        ends: dict[int, str] = {}
        for n in range(24):
            other.speak(f"Line {n} of another program, long enough to take its time to be spoken aloud.",
                        callback=lambda kind, n=n, **_: ends.setdefault(n, kind),
                        event_types=(speechd.CallbackType.END, speechd.CallbackType.CANCEL))
        speaker = SpeechDispatcherSpeaker() if backend == "spd-say" else SpeechdSpeaker(speechd)
        speaker.say("Cardhall cuts in.", interrupt=True)
        assert speaker.flush()
        deadline = time.monotonic() + 60
        while len(ends) < 24 and time.monotonic() < deadline:
            time.sleep(0.05)
        speaker.close()
        other.close()
    finally:
        _stop(daemon)
    kinds = sorted(set(ends.values()))
    assert len(ends) == 24, (backend, ends)
    if backend == "spd-say":
        assert "cancel" in kinds, (backend, ends)          # (spd-say -C: "Cancel all messages")
    else:
        assert kinds == ["end"], (backend, ends)
