"""The frozen program's entry point: the same ``cardhall`` command as the installed script."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
