"""`cardhall simulate --workers N`: the same figures from any number of processes, and a clean stop."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.core.errors import BadOptions
from game.simulate import simulate

TIMING = ("seconds", "games_per_second", "actions_per_second")


def _figures(text: str) -> dict:
    out = json.loads(text)
    for key in TIMING:
        out.pop(key)
    return out


@pytest.mark.parametrize("variant, bots", [("kombio", "random,easy,medium"), ("combat-uno", "hard,random,easy")])
def test_one_and_two_workers_print_the_same_figures(capsys, variant, bots):
    outs = []
    for workers in ("1", "2"):
        code = main(["simulate", "--variant", variant, "--players", "3", "--games", "6", "--seed", "4",
                     "--bots", bots, "--option", "length=rounds", "--option", "rounds=1",
                     "--json", "--workers", workers])
        assert code == 0
        outs.append(capsys.readouterr().out)
    one, two = (_figures(o) for o in outs)
    assert one == two
    assert one["games"] == 6 and "partial" not in one


def test_records_written_by_workers_are_the_records_of_one_process(tmp_path):
    for workers in (1, 2):
        simulate("kombio", 2, 4, 3, ["random", "hard"], {"rounds": 1}, tmp_path / str(workers), workers=workers)
    names = sorted(p.name for p in (tmp_path / "1").iterdir())
    assert len(names) == 4 and names == sorted(p.name for p in (tmp_path / "2").iterdir())
    for name in names:
        assert (tmp_path / "1" / name).read_text() == (tmp_path / "2" / name).read_text()


def test_ctrl_c_stops_the_run_with_a_partial_result():
    seen = []

    def progress(done, total, seconds):
        seen.append((done, total))
        if done == 3:
            raise KeyboardInterrupt

    out = simulate("kombio", 2, 10, 1, ["random", "random"], {"rounds": 1}, progress=progress)
    assert out["partial"] is True and out["games"] == 3 and out["rounds"] == 3
    assert seen == [(1, 10), (2, 10), (3, 10)]
    whole = simulate("kombio", 2, 3, 1, ["random", "random"], {"rounds": 1})
    assert {k: v for k, v in out.items() if k not in TIMING + ("partial",)} == \
        {k: v for k, v in whole.items() if k not in TIMING}


def test_ctrl_c_with_workers_keeps_the_finished_batches():
    def progress(done, total, seconds):
        raise KeyboardInterrupt

    out = simulate("kombio", 2, 40, 1, ["random", "random"], {"rounds": 1}, workers=2, progress=progress)
    assert out["partial"] is True and 1 <= out["games"] < 40


def test_workers_must_be_at_least_one():
    with pytest.raises(BadOptions):
        simulate("kombio", 2, 2, 1, ["random", "random"], workers=0)


def test_the_progress_line_says_done_rate_and_time_left_and_is_not_redrawn_too_often(capsys):
    from game.cli import _simulate_progress

    show = _simulate_progress()
    show(1, 10, 0.5)
    show(2, 10, 0.55)      # too soon: not redrawn
    show(4, 10, 2.0)
    show(10, 10, 2.02)     # the last one always shows
    err = capsys.readouterr().err
    assert err.count("\r") == 3
    assert "1/10 matches, 2.0/s, 4s left" in err and "4/10 matches, 2.0/s, 3s left" in err
    assert "10/10 matches" in err and "2/10" not in err
