"""The bot ladder file: written by the bot benchmark, read (untrusted) by the Bot levels screen."""

from __future__ import annotations

import json

import pytest

from game.ladder import LadderLine, VariantLadder, ladder_from_json, ladder_to_json, load_ladder, write_ladder
from game.resources import rules_file

KOMBIO = VariantLadder("kombio", 4, 200, "2026-11-23",
                       (LadderLine("hard vs 3 random", 1.0, 0.981, 1.0), LadderLine("hard vs 3 easy", 0.99, 0.964, 0.997)))


def test_round_trip_and_merge(tmp_path):
    path = tmp_path / "ladder.json"
    write_ladder(path, {"kombio": KOMBIO}, "how")
    uno = VariantLadder("combat-uno", 4, 100, "2026-11-24", (LadderLine("hard vs 3 random", 0.995, 0.97, 0.999),))
    write_ladder(path, {"combat-uno": uno}, "how")
    ladders, problem = load_ladder(path)
    assert problem == "" and ladders == {"kombio": KOMBIO, "combat-uno": uno}


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format=2),
    lambda d: d["variants"]["kombio"]["lines"][0].update(win_rate=1.5),
    lambda d: d["variants"]["kombio"]["lines"][0].update(win_rate="NaN"),
    lambda d: d["variants"]["kombio"].update(seats=99),
    lambda d: d["variants"]["kombio"]["lines"][0].update(label="x" * 500),
    lambda d: d["variants"]["kombio"].update(extra=1),
])
def test_a_damaged_ladder_is_refused_with_a_reason(tmp_path, damage):
    data = ladder_to_json({"kombio": KOMBIO})
    damage(data)
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps(data))
    ladders, problem = load_ladder(path)
    assert ladders == {} and "not valid" in problem


def test_unreadable_or_missing_ladder(tmp_path):
    assert load_ladder(tmp_path / "none.json")[1].startswith("the bot ladder could not be read")
    (tmp_path / "nan.json").write_text('{"format": 1, "variants": {"k": {"seats": NaN}}}')
    assert load_ladder(tmp_path / "nan.json")[0] == {}


def test_the_shipped_ladder_is_valid_and_covers_the_ladder_line_ups():
    ladders, problem = load_ladder(rules_file("bot-ladder.json"))
    assert problem == ""
    assert {"kombio", "combat-uno"} <= set(ladders)
    # 16 Combos' ladder names its characters (benchmarks/bench_bots.py SIXTEEN_COMBOS_LADDER)
    # and carries the staller's figure: a player who passes every turn against the hard bot
    wanted = {"sixteen-combos": ("hard vs random, two characters", "hard vs easy, two characters",
                                 "passes every turn vs hard, two characters",
                                 "passes every turn vs 3 hard, four characters")}
    for vid, ladder in ladders.items():
        labels = [line.label for line in ladder.lines]
        assert all(label in labels for label in wanted.get(vid, ("hard vs 3 random", "hard vs 3 easy")))
        assert all(line.low <= line.win_rate <= line.high for line in ladder.lines)
    assert ladder_from_json(ladder_to_json(ladders)) == ladders


@pytest.mark.parametrize("kind", ["fifo", "device", "huge", "folder"])
def test_the_ladder_is_read_through_the_one_loader(tmp_path, kind):
    """A FIFO blocked the Bot levels screen for good and /dev/zero was read without end: the ladder
    goes through game.core.files like every file the game reads (regular files only, bounded)."""
    import os
    import threading

    path = tmp_path / "bot-ladder.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "huge":
        path.write_text(json.dumps(ladder_to_json({"kombio": KOMBIO}, how="x" * 2_000_000)))
    else:
        path.mkdir()
    got: list = []
    reader = threading.Thread(target=lambda: got.append(load_ladder(path)), daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive() and kind == "fifo":
        with open(path, "wb"):      # let the blocked reader go (its thread ends)
            pass
    assert not reader.is_alive(), "reading the ladder blocked"
    ladders, problem = got[0]
    assert ladders == {} and problem.startswith("the bot ladder could not be read (")


def test_the_shipped_ladder_shows_that_stalling_does_not_pay():
    """16 Combos' staller (passes every turn, otherwise the hard bot) against the hard bot: at most
    15% with two characters and below a fair share with four, the whole 95% interval."""
    ladders, _ = load_ladder(rules_file("bot-ladder.json"))
    lines = {line.label: line for line in ladders["sixteen-combos"].lines}
    assert lines["passes every turn vs hard, two characters"].high <= 0.15
    assert lines["passes every turn vs 3 hard, four characters"].high < 0.25
