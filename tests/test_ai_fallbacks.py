"""The bots always know what to do: across every variant, every level and every seat count, no
bot falls back on a default move (its model had no answer) and none plays an illegal action."""

from __future__ import annotations

import pytest

from ai import BOT_KINDS, make_agent
from game.core.game import get_variant
from game.core.session import Session, run_to_end

LEVELS = BOT_KINDS[1:]
# Short matches with the options that change what a bot is offered: no deadlines (windows wait
# for everyone), and Combat UNO without jumping in or stacking.
OPTIONS = {
    "kombio": ({"rounds": 1}, {"rounds": 1, "reaction_seconds": 0.0, "addons": False}),
    "combat-uno": ({"length": "rounds", "rounds": 1},
                   {"length": "rounds", "rounds": 1, "reaction_seconds": 0.0, "jump_in": False,
                    "stack_draw_two": False, "stack_draw_four": False, "deck_commitment": False}),
    "kabu": ({"target": 40}, {"target": 40, "reaction_seconds": 0.0, "calculation": False, "sniping": False}),
    "kumbal": ({"lower_goal": True}, {"reaction_seconds": 0.0, "action_cards": False, "cut_deck": True,
                                      "forty_nine": True}),
}


@pytest.mark.parametrize("variant", sorted(OPTIONS))
@pytest.mark.parametrize("seats", range(2, 7))
@pytest.mark.slow
def test_no_bot_falls_back_or_plays_an_illegal_action(variant, seats):
    cls = get_variant(variant)
    sessions = 0
    for level in (*LEVELS, "mixed"):
        for k, options in enumerate(OPTIONS[variant] * 2):
            seed = 1000 * seats + 10 * k + len(level)
            kinds = [LEVELS[s % 3] if level == "mixed" else level for s in range(seats)]
            session = Session(cls(seats, options, seed),
                              {s: make_agent(variant, kind, seed * 31 + s) for s, kind in enumerate(kinds)})
            run_to_end(session)
            assert session.game.over
            assert (session.fallbacks, session.illegal) == (0, 0), (level, options, seed)
            sessions += 1
    assert sessions == 16
