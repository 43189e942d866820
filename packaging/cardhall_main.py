"""The frozen program's entry point: the same ``cardhall`` command as the installed script."""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    # `cardhall simulate --workers N` starts copies of this program as its workers.
    multiprocessing.freeze_support()
    sys.exit(main())
