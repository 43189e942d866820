"""Game records, the simulate and replay commands, and their handling of bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.core.errors import RecordError
from game.core.record import GameRecord
from game.simulate import play_match

ROOT = Path(__file__).resolve().parent.parent


def test_a_bot_match_record_round_trips_through_json_and_replays(tmp_path):
    session, record = play_match("kombio", ["random", "random", "random"], seed=3, options={"rounds": 2})
    path = tmp_path / "match.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded.to_json() == record.to_json()
    game = loaded.replay()
    assert game.over and game.score.totals == session.game.score.totals
    data = json.loads(path.read_text())
    assert data["format"] == 3 and data["variant"] == "kombio" and data["seed"] == 3
    assert data["actions"][0] == {"t": 0.0, "type": "StartRound", "seat": -1}
    assert not list(tmp_path.glob("*.tmp"))


def test_an_option_an_old_record_leaves_out_takes_the_value_it_had_then(monkeypatch):
    """A record of format 2 or older was played under the defaults of its day: an option whose
    default has changed since (or that came in since) keeps its old value for it, so a saved match
    continues, and a record replays, under the rules it was played by. Format 3 records leave out
    only what today's defaults fill in."""
    import dataclasses

    from game.variants.kombio import Kombio

    specs = tuple(dataclasses.replace(s, default=False, legacy=True) if s.key == "addons" else s
                  for s in Kombio.option_specs)
    monkeypatch.setattr(Kombio, "option_specs", specs)
    data = {"variant": "kombio", "seed": 1, "options": {"rounds": 2},
            "seats": [{"name": "A", "level": "easy"}, {"name": "B", "level": "easy"}], "actions": []}
    old = GameRecord.from_json({**data, "format": 2})
    assert old.options == {"rounds": 2, "addons": True} and old.new_game().options["addons"] is True
    assert GameRecord.from_json({**data, "format": 1}).options["addons"] is True
    assert GameRecord.from_json({**data, "format": 3}).new_game().options["addons"] is False
    chosen = GameRecord.from_json({**data, "format": 2, "options": {"addons": False}})
    assert chosen.options["addons"] is False
    # Saved again, the record says so itself: format 3 with the option written out.
    again = GameRecord.from_json(json.loads(json.dumps(old.to_json())))
    assert old.to_json()["format"] == 3 and again.options["addons"] is True


def test_simulate_prints_the_figures_as_json(capsys, tmp_path):
    code = main(["simulate", "--variant", "kombio", "--players", "3", "--games", "4", "--seed", "2",
                 "--bots", "random", "--option", "rounds=2", "--json", "--records", str(tmp_path)])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["games"] == 4 and sum(out["wins"]) >= 4 and len(out["mean_round_score"]) == 3
    assert out["illegal_actions"] == 0 and out["fallbacks"] == 0 and out["errors"] == 0 and out["rounds"] == 8
    for key in ("actions", "seconds", "games_per_second"):
        assert key in out
    assert len(list(tmp_path.glob("kombio-*.json"))) == 4


def test_simulate_counts_bot_fallbacks_and_fails_on_them(capsys, monkeypatch):
    import game.simulate as sim

    made = sim.make_agent

    def stumbling(variant, kind, seed, **tweaks):
        agent = made(variant, kind, seed, **tweaks)
        agent.fallbacks = 1   # as if its model had had no answer once
        return agent

    monkeypatch.setattr(sim, "make_agent", stumbling)
    code = main(["simulate", "--variant", "uno", "--players", "2", "--games", "2", "--seed", "2",
                 "--bots", "hard", "--option", "length=rounds", "--option", "rounds=1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["fallbacks"] == 4 and out["illegal_actions"] == 0 and out["errors"] == 0
    assert code == 1


def test_replay_reports_scores_and_detects_a_tampered_record(capsys, tmp_path):
    _, record = play_match("kombio", ["random", "random"], seed=9, options={"rounds": 1})
    path = tmp_path / "r.json"
    record.save(path)
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["matches_record"] and out["totals"] == record.result["totals"]
    data = json.loads(path.read_text())
    data["result"]["totals"][0] += 1
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--json"]) == 1


@pytest.mark.parametrize("content, message", [
    (None, "no such record"),
    ("{not json", "not valid JSON"),
    ('{"format": 1, "variant": "nope", "seats": [], "seed": 1, "actions": []}', "unknown variant"),
    ('{"format": 9}', "unsupported record format"),
    ('{"format": 1, "variant": "kombio", "seats": [{"name": "a", "kind": "random"}, {"name": "b", "kind": "random"}], "seed": 1,'
     ' "actions": [{"t": 0, "type": "Match", "seat": 0, "place": {"zone": "grid", "seat": 1, "index": 0}}]}',
     "does not replay"),
    ('[1, 2]', "must be a JSON object"),
])
def test_bad_records_get_a_one_line_error(tmp_path, content, message):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    proc = subprocess.run([sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode != 0
    assert message in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [
    ["simulate", "--variant", "chess"],
    ["simulate", "--players", "9"],
    ["simulate", "--games", "0"],
    ["simulate", "--bots", "genius"],
    ["simulate", "--players", "3", "--bots", "hard,easy"],
    ["simulate", "--option", "rounds=-3"],
    ["simulate", "--players", "x"],
    ["simulate", "--workers", "0"],
])
def test_bad_command_lines_get_a_one_line_error(args):
    proc = subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_record_rejects_unknown_action_fields():
    data = {"format": 1, "variant": "kombio", "seats": [{"name": "a", "kind": "random"}, {"name": "b", "kind": "random"}], "seed": 1,
            "actions": [{"t": 0, "type": "StartRound", "seat": -1, "bogus": 1}]}
    with pytest.raises(RecordError):
        GameRecord.from_json(data)


def _cardhall(args, cwd=ROOT, timeout=120):
    import os

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=env)


@pytest.fixture
def a_record(tmp_path):
    _, record = play_match("kombio", ["random", "random"], seed=9, options={"rounds": 1})
    path = tmp_path / "r.json"
    record.save(path)
    return path


@pytest.mark.parametrize("args, message", [
    (["simulate", "--games", "1", "--records", "/proc"], "cannot write records to /proc"),
    (["simulate", "--games", "1", "--records", ""], "argument --records: needs a folder name"),
    (["simulate", "--games", "1", "--players", "2", "--bots", "hard,"], "--bots names an empty bot"),
    (["simulate", "--games", "1", "--players", "2", "--bots", ",hard"], "--bots names an empty bot"),
    (["--frames", "3"], "--frames goes only with --smoke-test"),
    (["--frames", "3", "simulate", "--games", "1"], "--frames goes only with --smoke-test"),
    (["--smoke-test", "--frames", "1", "simulate", "--games", "1"], "--smoke-test runs on its own"),
    (["--smoke-test", "--frames", "1", "replay", "RECORD"], "--smoke-test runs on its own"),
    (["replay", "RECORD", "--round", "1"], "--round goes only with --show"),
    (["replay", "RECORD", "--show", "--round", "0"], "--round must be 1 or more"),
    (["replay", "RECORD", "--show", "--round", "-2"], "--round must be 1 or more"),
])
def test_command_lines_that_would_be_ignored_or_misread_get_a_one_line_error(tmp_path, a_record, args, message):
    """Each of these ran on (or ended through the catch-all handler, exit 3): the unwritable
    folder after the first match, "" wrote into the current folder, "hard," seated one bot
    everywhere, --frames/--round/a command were dropped and --round 0 opened round 1."""
    if "/proc" in args and not Path("/proc/self").is_dir():
        pytest.skip("no /proc: a folder nobody can write to, even root")
    args = [str(a_record) if a == "RECORD" else a for a in args]
    proc = _cardhall(args, cwd=tmp_path)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stderr.startswith("cardhall: error: ") and message in proc.stderr, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and proc.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]      # nothing written


def test_playable_says_how_far_a_record_replays_and_whether_it_ends():
    _, record = play_match("kombio", ["random", "random"], seed=9, options={"rounds": 1})
    assert record.playable() == (len(record.actions), "", record.result)
    cut = GameRecord(record.variant, record.options, record.seats, record.seed, record.actions[:12])
    assert cut.playable() == (12, "", None)
    cut.actions.insert(8, cut.actions[7])            # a step played twice
    good, why, result = cut.playable()
    assert good == 8 and why and result is None
