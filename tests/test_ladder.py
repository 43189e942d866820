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
    for ladder in ladders.values():
        labels = [line.label for line in ladder.lines]
        assert "hard vs 3 random" in labels and "hard vs 3 easy" in labels
        assert all(line.low <= line.win_rate <= line.high for line in ladder.lines)
    assert ladder_from_json(ladder_to_json(ladders)) == ladders
