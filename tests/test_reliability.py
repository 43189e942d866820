"""The reliability script's short mode (benchmarks/reliability.py --short): corrupt settings,
statistics and saves through the real loader, mutated records of every variant through
`cardhall replay`, a few kills while autosaving, a short soak of bot matches; no crash, hang, silent loss, traceback,
accepted-but-wrong case, invalid resume, leftover file or double count."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_script():
    spec = importlib.util.spec_from_file_location("reliability", ROOT / "benchmarks" / "reliability.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_short_reliability_run_finds_nothing():
    reliability = load_script()
    # No busy process of its own during the kills (load=0): it spun a whole core for their length,
    # about 5 s of CPU taken from the test run beside it; the benchmark's runs keep --kill-load 2.
    result = reliability.run(files=150, records=25, seed=2, kills=3, load=0)
    assert result["files"]["cases"] == 150
    from game.games import game_ids

    assert {vid: r["cases"] for vid, r in result["records"].items()} == {vid: 25 for vid in game_ids()}
    assert result["kills"]["kills"] == 3
    assert reliability.problems(result) == 0, result


@pytest.mark.slow
def test_the_script_sees_a_loader_that_lets_bad_values_through(monkeypatch):
    # The measuring instrument itself: a loader that stops checking is caught as accepted-but-wrong.
    reliability = load_script()
    from game.client import storage

    monkeypatch.setattr(storage, "_check_last_setup", lambda value: None)
    result = reliability.run_files(300, seed=4)     # a seed whose 300 cases hold hostile last setups
    assert result["wrong"] > 0


def test_a_short_soak_finds_nothing_and_replays_its_sample():
    reliability = load_script()
    result = reliability.run_soak(6, seed=4)
    assert result["matches"] == 6 and result["replayed"] == 6
    assert result["exception"] == 0 and result["broken"] == 0, result["examples"]


def test_the_soak_sees_a_card_lost_in_the_replay(monkeypatch):
    # The instrument: a game that loses a card from its deck is a broken invariant.
    reliability = load_script()
    from game.core.record import GameRecord

    real = GameRecord.new_game

    def leaky(record):
        game = real(record)
        apply = game.apply

        def apply_and_lose(action, t):
            events = apply(action, t)
            if game.round and len(game.deck) > 1:
                game.deck.pop()
            return events
        game.apply = apply_and_lose
        return game

    monkeypatch.setattr(GameRecord, "new_game", leaky)
    finding = reliability.soak_match(1, 0, replay_json=False)
    assert finding is not None and finding[0] == "broken" and "cards missing" in finding[1], finding
