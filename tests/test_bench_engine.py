"""The speed benchmark's same-match decomposition logs what the Session really asks the engine."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_engine  # noqa: E402
from game.core.actions import TABLE  # noqa: E402
from game.games import game_ids  # noqa: E402
from game.simulate import match_seed, play_match  # noqa: E402


@pytest.mark.parametrize("variant", ["combat-uno", "kombio"])
@pytest.mark.slow
def test_the_asks_logged_are_the_sessions_and_replay_the_same_match(variant):
    played = []
    for index in range(2):
        session, _ = play_match(variant, ["random"] * 4, match_seed(3, index))
        played.append((session.game.seed, session.game.history))
    logs = bench_engine.record_asks(variant, 4, played)
    for (_, history), steps in zip(played, logs):
        assert len(steps) == len(history) + 1
        listed: set[int] = set()   # seats asked for their legal actions so far
        for (_, action), asked in zip(history, steps):
            names = [name for name, _ in asked]
            # once per step, as the Session asks: not again for what an engine method asks itself
            assert names.count("seats_to_act") == 1 and names.count("table_action") == 1
            listed |= {args[0] for name, args in asked if name == "legal_actions"}
            if action.seat != TABLE:
                assert action.seat in listed   # a bot acts only on a legal list it was given
        # the seats off turn were asked too: more legal lists than the actions seats took
        assert sum(name == "legal_actions" for step in steps for name, _ in step) > \
            sum(action.seat != TABLE for _, action in history)
    assert bench_engine.replay_asks(variant, 4, played, logs) > 0


@pytest.mark.parametrize("variant", game_ids())
@pytest.mark.slow
def test_the_leanest_driver_plays_the_sessions_very_matches(variant):
    # Its time is the floor quoted for the simulate path only if it plays the same matches.
    played = []
    for index in range(3):
        session, _ = play_match(variant, ["random"] * 4, match_seed(5, index))
        played.append((session.game.seed, session.game.history))
    seconds, identical = bench_engine.replay_leanest(variant, 4, played)
    assert identical == 3 and seconds > 0
    # and it would say so if they differed
    _, identical = bench_engine.replay_leanest(variant, 4, [(played[0][0], played[0][1][:-1])] + played[1:])
    assert identical == 2


def test_a_fixed_count_run_plays_exactly_that_many_actions():
    """--actions N: the same loop for a fixed amount of work (an instruction count under callgrind
    must not depend on how fast the machine ran), whatever the time allowed."""
    out = bench_engine.run("combat-uno", 2, 600.0, 1, None, 2000)
    assert out["actions"] == 2000


def test_against_runs_both_checkouts_in_turn_and_split_adds_up(capsys):
    """--against DIR runs this script's loop over DIR's engine (here this very checkout) in fresh
    processes, in turn with this one's; --split's three parts are CPU times that add up to the loop."""
    root = str(Path(__file__).resolve().parent.parent)
    ratio = bench_engine.against("kumbal", 2, 0.05, 1, 2, root)
    assert ratio > 0
    assert "ratio of each round's pair" in capsys.readouterr().out
    parts = bench_engine.split("kumbal", 2, 1, actions=2000, rounds=1)
    assert 0 < parts["apply"] and 0 < parts["asked"] and 0 < parts["loop"]
