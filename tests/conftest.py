import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# The shared checks assert in helper modules: pytest shows their values as it does a test's.
pytest.register_assert_rewrite("tests.properties", "tests.grid_properties", "tests.invariants", "tests.recording",
                             "hand_driver", "grid_driver")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The tests read English words on the screens: the "system language" an App starts in is English
# here whatever the machine's locale (tests of the language choice set their own).
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switches the language (a process-wide choice) leaves English for the next."""
    yield
    from game import i18n

    if i18n.language() != i18n.SOURCE_LANGUAGE:
        i18n.set_language(i18n.SOURCE_LANGUAGE)

# Hypothesis profiles, chosen with `pytest --hypothesis-profile NAME`. The property tests ask for a
# number of examples sized for the default run (tests.properties.example_count); a profile scales
# them all by its max_examples over Hypothesis' default of 100:
#   default    as written (README's command, CI)
#   quick      a fifth of them, for a short look at the properties while changing a rule
#   thorough   four times as many, for a long run before a release
settings.register_profile("quick", max_examples=20)
settings.register_profile("thorough", max_examples=400)


@pytest.fixture(autouse=True, scope="session")
def _own_cardhall_home(tmp_path_factory):
    """Each test process (each pytest-xdist worker) has a CARDHALL_HOME of its own: a test that sets
    none writes there, never to the player's files or beside another worker."""
    saved = os.environ.get("CARDHALL_HOME")
    os.environ["CARDHALL_HOME"] = str(tmp_path_factory.mktemp("cardhall-home"))
    yield
    if saved is None:
        os.environ.pop("CARDHALL_HOME", None)
    else:
        os.environ["CARDHALL_HOME"] = saved


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist the slow tests are handed out first, while there is plenty left to even
    the workers out with; a run no longer ends on one worker's long test (the real-command smoke
    test came last but one). Run alone, the order is the files' own."""
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)
