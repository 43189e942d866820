"""Golden records and rule scenarios: plain JSON game records whose steps say what must happen.

The golden matches (tests/records/golden, written by tests/records/make_golden.py from bot play)
hold every step's events, so any change to what the engines do shows up here event for event.
The scenarios (tests/records/scenarios) are hand-written deals with refusals and scores.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from game import games
from game.core.errors import RecordError
from game.core.record import GameRecord, result_of

RECORDS = Path(__file__).resolve().parent / "records"
GOLDEN = sorted((RECORDS / "golden").glob("*.json"))
SCENARIOS = sorted((RECORDS / "scenarios").glob("*.json"))
# Matches recorded before a rule's default changed (format 2): they keep the rules they were played by.
LEGACY = sorted((RECORDS / "legacy").glob("*.json"))


@pytest.mark.parametrize("entry", games.entries(), ids=lambda e: e.id)
def test_there_are_golden_records_for_every_variant_and_seat_count(entry):
    seats = {p.stem[len(entry.id) + 1:].split("p-")[0] for p in GOLDEN if p.stem.startswith(entry.id + "-")}
    assert seats >= {str(n) for n in range(entry.min_seats, entry.max_seats + 1)}, seats


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_record_replays_event_for_event(path):
    record = GameRecord.load(path)
    assert len(record.expect) == len(record.actions)  # every step carries its events
    game = record.check()
    assert game.over and result_of(game) == record.result


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_meets_its_expectations(path):
    record = GameRecord.load(path)
    assert record.about and record.expect
    game = record.check()
    if record.result is not None:
        assert result_of(game) == record.result


@pytest.mark.parametrize("path", LEGACY, ids=lambda p: p.stem)
def test_a_match_recorded_before_the_seeds_readings_replays_as_it_was_played(path):
    record = GameRecord.load(path)
    assert json.loads(path.read_text())["format"] == 2 and record.about
    game = record.check()        # every step's events, where the record keeps them, and the result
    assert game.over and result_of(game) == record.result


def test_the_old_kumbal_match_would_not_replay_under_todays_defaults():
    """Its free discards closed on a 3 s timer (Expire steps) and its 7s skipped: read as format 3,
    with today's defaults filled in, its steps no longer make that match."""
    data = json.loads((RECORDS / "legacy" / "kumbal-2p-hard-vs-easy-cut.json").read_text())
    assert GameRecord.from_json(data).options["free_discard_timer"] is True
    today = GameRecord.from_json({**data, "format": 3})
    options = today.new_game().options
    assert options["free_discard_timer"] is False and options["seven_skips_with_two"] is False
    with pytest.raises(RecordError):
        today.check()


def test_an_old_kabu_match_continued_keeps_its_lock_and_its_first_turn_rule():
    """A match saved before issue 33 goes on under its own rules: the caller locked, no Kabu on the
    round's first turn (a rule only a continued match can meet: the old steps never called then)."""
    record = GameRecord.load(RECORDS / "legacy" / "kabu-2p-hard-vs-easy.json")
    game = record.new_game()
    assert game.options["lock_caller"] is True and game.options["call_first_turn"] is False
    for t, action in record.actions:
        game.apply(action, t)
        if game.phase == "turn":
            break
    assert not any(type(a).__name__ == "CallKabu" for a in game.legal_actions(game.turn))
    data = json.loads((RECORDS / "legacy" / "kabu-2p-hard-vs-easy.json").read_text())
    assert GameRecord.from_json({**data, "format": 3}).new_game().options["call_first_turn"] is True


def test_a_changed_event_is_reported_with_its_step():
    data = json.loads(GOLDEN[0].read_text())
    broken = copy.deepcopy(data)
    step = next(s for s in broken["actions"] if s["expect"]["events"])
    step["expect"]["events"][0]["changed"] = True
    with pytest.raises(RecordError, match="produced different events"):
        GameRecord.from_json(broken).check()


def test_an_expected_refusal_that_is_applied_fails_the_check():
    data = json.loads((RECORDS / "scenarios" / "kombio-first-turn-and-failed-call.json").read_text())
    data["actions"][2]["expect"] = {"refused": "IllegalAction"}   # the legal draw
    with pytest.raises(RecordError, match="should have been refused"):
        GameRecord.from_json(data).check()


def test_wrong_totals_fail_the_check():
    data = json.loads((RECORDS / "scenarios" / "kombio-first-turn-and-failed-call.json").read_text())
    data["actions"][-1]["expect"]["totals"] = [0, 0]
    with pytest.raises(RecordError, match="the totals are"):
        GameRecord.from_json(data).check()


def test_version_1_records_still_replay():
    data = json.loads(GOLDEN[0].read_text())
    for step in data["actions"]:
        step.pop("expect")
    data["format"] = 1
    game = GameRecord.from_json(data).replay()
    assert result_of(game) == data["result"]


def test_expectations_need_format_2():
    data = json.loads((RECORDS / "scenarios" / "kombio-first-turn-and-failed-call.json").read_text())
    data["format"] = 1
    with pytest.raises(RecordError, match="format 2"):
        GameRecord.from_json(data)


def test_a_stacked_deck_names_only_cards_the_deck_has():
    data = json.loads((RECORDS / "scenarios" / "kombio-first-turn-and-failed-call.json").read_text())
    data["actions"][0]["deck"] = ["13", "13", "13"]   # Kombio has two 13s
    with pytest.raises(RecordError, match="no card '13' left"):
        GameRecord.from_json(data).check()
