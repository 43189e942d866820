"""The frozen program's entry point: the same ``cardhall`` command as the installed script."""

import multiprocessing
import os
import sys


def _windowed_streams() -> None:
    """A windowed Windows program has no stdout or stderr (None). Started from a console
    (``cardhall.exe --version``, ``simulate``) it writes to that console; started from the Start
    menu its output goes nowhere, rather than failing on the first print."""
    if sys.stdout is not None and sys.stderr is not None:
        return
    stream = None
    if sys.platform == "win32":
        import ctypes

        if ctypes.windll.kernel32.AttachConsole(-1):      # ATTACH_PARENT_PROCESS
            try:
                stream = open("CONOUT$", "w", encoding="utf-8", errors="replace")
            except OSError:
                stream = None
    if stream is None:
        stream = open(os.devnull, "w", encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = stream
    if sys.stderr is None:
        sys.stderr = stream


if __name__ == "__main__":
    # `cardhall simulate --workers N` starts copies of this program as its workers.
    multiprocessing.freeze_support()
    _windowed_streams()
    from game.cli import main

    sys.exit(main())
