"""`cardhall simulate --compare` (house-rule balancing) and `--scheduler` (a Dask cluster)."""

from __future__ import annotations

import json
import math

import pytest

from game.balance import compare, format_table, mean_and_ci
from game.cli import main
from game.core.errors import BadOptions
from game.simulate import simulate

TIMING = ("seconds", "games_per_second", "actions_per_second")


def test_mean_and_ci():
    assert mean_and_ci([]) == (0.0, 0.0)
    assert mean_and_ci([3.0]) == (3.0, 0.0)
    mean, ci = mean_and_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert math.isclose(ci, 1.959964 * math.sqrt((2.25 + 0.25 + 0.25 + 2.25) / 3 / 4))


@pytest.mark.slow
def test_compare_pairs_the_same_seeds_and_measures_the_change():
    out = compare("kombio", 3, 12, 5, ["hard", "easy", "easy"], {"rounds": 3},
                  [("rounds", 1), ("addons", False)])
    assert [c["change"] for c in out["comparisons"]] == ["rounds=1", "addons=False"]
    rounds = {f["figure"]: f for f in out["comparisons"][0]["figures"] if f["seat"] is None}
    assert rounds["rounds per match"]["base"] == 3 and rounds["rounds per match"]["changed"] == 1
    assert rounds["rounds per match"]["difference"] == -2 and rounds["rounds per match"]["ci95"] == 0
    wins = [f for f in out["comparisons"][0]["figures"] if f["figure"] == "win rate"]
    assert [w["who"] for w in wins] == ["hard (seat 1)", "easy (seat 2)", "easy (seat 3)"]
    # The base line is the same matches as a plain simulate run with those options.
    plain = simulate("kombio", 3, 12, 5, ["hard", "easy", "easy"], {"rounds": 3})
    assert [round(w["base"] * 12) for w in wins] == plain["wins"]
    table = format_table(out)
    assert "rounds=1  (12 paired matches)" in table and "win rate, hard (seat 1)" in table


def test_compare_refuses_a_change_that_changes_nothing_or_is_not_an_option():
    with pytest.raises(BadOptions, match="already the base"):
        compare("kombio", 2, 4, 1, ["easy", "easy"], {"rounds": 3}, [("rounds", 3)])
    with pytest.raises(BadOptions, match="--compare"):
        compare("kombio", 2, 4, 1, ["easy", "easy"], {}, [("rounds", "NaN")])


def test_compare_on_the_command_line_prints_json(capsys):
    code = main(["simulate", "--variant", "combat-uno", "--players", "2", "--games", "6", "--bots", "hard,easy",
                 "--option", "length=rounds", "--option", "rounds=1", "--compare", "rounds=2", "--json",
                 "--workers", "2"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["comparisons"][0]["change"] == "rounds=2" and out["comparisons"][0]["matches"] == 6
    assert main(["simulate", "--compare", "rounds=2", "--records", "x", "--games", "2"]) == 2
    assert "--records cannot" in capsys.readouterr().err


def test_one_and_four_workers_give_identical_json(capsys):
    outs = []
    for workers in ("1", "4"):
        assert main(["simulate", "--variant", "kombio", "--players", "4", "--games", "8", "--seed", "9",
                     "--bots", "hard,medium,easy,random", "--option", "rounds=1", "--json",
                     "--workers", workers]) == 0
        out = json.loads(capsys.readouterr().out)
        outs.append({k: v for k, v in out.items() if k not in TIMING})
    assert outs[0] == outs[1]


@pytest.mark.slow
def test_a_dask_cluster_gives_the_figures_of_one_process(tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as cluster:
        on_cluster = simulate("combat-uno", 3, 10, 2, ["hard", "easy", "random"],
                              {"length": "rounds", "rounds": 1}, scheduler=cluster.scheduler_address)
        records = tmp_path / "records"
        simulate("kombio", 2, 3, 2, ["easy", "hard"], {"rounds": 1}, records, scheduler=cluster.scheduler_address)
    here = simulate("combat-uno", 3, 10, 2, ["hard", "easy", "random"], {"length": "rounds", "rounds": 1})
    assert {k: v for k, v in on_cluster.items() if k not in TIMING} == {k: v for k, v in here.items() if k not in TIMING}
    assert len(list(records.iterdir())) == 3


@pytest.mark.slow
def test_an_unreachable_scheduler_is_a_clear_error(capsys, monkeypatch):
    pytest.importorskip("distributed")
    import game.simulate

    # Nothing answers at port 9: the connection is refused at once and Dask tries again until the
    # timeout; the test need not wait the ten seconds a player gets.
    monkeypatch.setattr(game.simulate, "SCHEDULER_TIMEOUT", 0.5)
    code = main(["simulate", "--games", "2", "--players", "2", "--scheduler", "tcp://127.0.0.1:9"])
    assert code == 2
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err
