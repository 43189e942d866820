import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# The shared checks assert in helper modules: pytest shows their values as it does a test's.
pytest.register_assert_rewrite("tests.properties", "tests.grid_properties", "tests.invariants", "tests.recording",
                             "hand_driver", "grid_driver")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
