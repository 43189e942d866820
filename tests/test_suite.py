"""The test suite's own set-up (tests/conftest.py): each test process writes under a CARDHALL_HOME
of its own, and a Hypothesis profile scales every property test's examples."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import settings

from tests.properties import example_count


def test_a_test_that_sets_no_home_writes_under_the_runs_own_temporary_folder(tmp_path_factory):
    home = Path(os.environ["CARDHALL_HOME"])
    assert home.is_relative_to(tmp_path_factory.getbasetemp())   # each pytest-xdist worker has its own


def test_a_hypothesis_profile_scales_the_examples_of_every_property_test():
    assert example_count(25) == round(25 * settings().max_examples / 100)
    current = settings.get_current_profile_name() if hasattr(settings, "get_current_profile_name") \
        else settings._current_profile
    try:
        settings.load_profile("quick")
        assert (example_count(25), example_count(300), example_count(2)) == (5, 60, 1)
        settings.load_profile("thorough")
        assert example_count(25) == 100
    finally:
        settings.load_profile(current)
