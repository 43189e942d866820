"""The first fixed-seed bot matches of each game play exactly as stored (tests/histories.py holds
them all: run it whole before and after a refactor of an engine or a bot)."""

from __future__ import annotations

import pytest

from game.games import game_ids
from tests import histories

FIRST = 3


@pytest.mark.slow    # whole bot matches: 0.8 to 2.2 s of CPU per game (the quick subset is -m 'not slow')
@pytest.mark.parametrize("variant", game_ids())
def test_the_first_fixed_seed_matches_play_as_stored(variant):
    want = histories.stored()[variant][:FIRST]
    assert len(want) == FIRST, "tests/histories.py has no digests for this game: store them with --write"
    assert histories.digests(variant, FIRST) == want


def test_a_changed_decision_changes_the_digest(monkeypatch):
    spec = histories.match_specs("kombio", 1)[0]
    before = histories.match_digest("kombio", spec["seed"], spec["bots"])
    from ai.kombio import KombioBot

    decide = KombioBot.decide

    def slower(self, view, legal, now):
        intent = decide(self, view, legal, now)
        return type(intent)(intent.action, intent.delay + 0.001)
    monkeypatch.setattr(KombioBot, "decide", slower)
    assert histories.match_digest("kombio", spec["seed"], spec["bots"]) != before
