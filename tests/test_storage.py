"""Client storage: settings, statistics and the saved match. Atomic writes; a file that cannot be
read is set aside, defaults are used and a message is queued; nothing raises."""

from __future__ import annotations

import json
import os

import pytest

from game.client.storage import Settings, Storage
from game import games
from game.core.game import Game
from game.core.record import GameRecord, SeatInfo
from tests.full_disk import FullDisk


class StorageTestGame(Game):
    id = "storagetest"
    title = "Storage test"
    min_seats = 2
    max_seats = 4


@pytest.fixture(autouse=True)
def _stand_in_variant():
    # registered for each test only: other tests that walk every variant never see it
    with games.kept():
        games.register(games.GameEntry.of(StorageTestGame))
        yield


def record(result=None, seats=None, seed=42):
    seats = seats or [SeatInfo("Zoe", "human"), SeatInfo("Ada", "bot", "easy"), SeatInfo("Bo", "bot", "hard")]
    return GameRecord("storagetest", {}, seats, seed, [], result)


def leftovers(path):
    return sorted(p.name for p in path.rglob("*") if p.is_file())


def test_defaults_without_files(tmp_path):
    s = Storage(tmp_path)
    assert s.settings == Settings()
    assert s.settings.window_size == (1280, 720) and s.settings.memory_aid is False
    assert s.stats.variants == {} and s.stats.last_match is None
    assert s.saved_match("storagetest") is None
    assert s.messages == []
    assert leftovers(tmp_path) == []           # reading writes nothing


def test_cardhall_home_is_the_base(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path / "portable"))
    s = Storage()
    assert s.settings_path == tmp_path / "portable" / "config" / "settings.json"
    assert s.stats_path.parent == tmp_path / "portable" / "data"


def test_platform_dirs_without_override(monkeypatch):
    monkeypatch.delenv("CARDHALL_HOME", raising=False)
    from game.client.storage import default_dirs

    config, data = default_dirs()
    assert "Cardhall" in str(config) and "Cardhall" in str(data)


def test_settings_round_trip(tmp_path):
    s = Storage(tmp_path)
    s.settings.window_size = (1600, 900)
    s.settings.fullscreen = True
    s.settings.animation_speed = "fastest"
    s.settings.reaction_seconds = 0.0
    s.settings.volume = 0.3
    s.settings.colour_blind = True
    s.settings.bot_speed = "quick"
    s.save_settings()
    again = Storage(tmp_path)
    assert again.settings == s.settings
    assert again.settings.animation_scale() == 0.0 and again.settings.bot_delay_scale() < 1
    assert again.messages == []


def test_atomic_writes_leave_no_temp_files(tmp_path):
    s = Storage(tmp_path)
    for i in range(20):
        s.settings.volume = i / 20
        s.save_settings()
        s.save_match(record())
        s.save_stats()
    assert leftovers(tmp_path) == ["settings.json", "statistics.json", "storagetest.json"]


def test_a_failed_write_keeps_the_old_file_and_no_temp(tmp_path, monkeypatch):
    s = Storage(tmp_path)
    s.settings.volume = 0.2
    s.save_settings()
    before = s.settings_path.read_text()

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    s.settings.volume = 0.9
    with pytest.raises(OSError):
        s.save_settings()
    assert s.settings_path.read_text() == before
    assert leftovers(tmp_path) == ["settings.json"]


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b""])
def test_corrupt_settings_are_set_aside(tmp_path, content):
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    s = Storage(tmp_path)
    assert s.settings == Settings()
    assert not path.exists()
    aside = list(path.parent.glob("settings.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert len(s.messages) == 1 and "settings" in s.messages[0]
    s.save_settings()                                   # and the next save works
    assert Storage(tmp_path).messages == []


def test_invalid_setting_values_fall_back_one_by_one(tmp_path):
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"volume": 7, "sound": "yes", "memory_aid": True, "window_size": [10, 10],
                                "animation_speed": 2.0, "bot_speed": "warp", "unknown": 1}))
    s = Storage(tmp_path)
    assert s.settings.memory_aid is True and s.settings.animation_speed == 2.0
    assert s.settings.volume == Settings().volume and s.settings.sound is True
    assert s.settings.window_size == (1280, 720) and s.settings.bot_speed == "normal"
    assert len(s.messages) == 1 and "volume" in s.messages[0]


@pytest.mark.parametrize("content", [
    "nope",
    '{"format": 99}',
    '{"format": 1, "variants": {"x": {"played": 1, "won": 2}}}',
    '{"format": 1, "variants": {"x": {"played": 1, "won": 0, "scores": ["a"]}}}',
    '{"format": 1, "variants": {}, "last_match": {"variant": "x", "names": ["a"], "totals_by_round": [[1, 2]]}}',
])
def test_corrupt_statistics_are_set_aside(tmp_path, content):
    path = tmp_path / "data" / "statistics.json"
    path.parent.mkdir(parents=True)
    path.write_text(content)
    s = Storage(tmp_path)
    assert s.stats.variants == {} and s.stats.last_match is None
    assert not path.exists() and list(path.parent.glob("statistics.json.corrupt-*"))
    assert "statistics" in s.messages[0]


def test_an_unreadable_file_is_set_aside(tmp_path):
    path = tmp_path / "config" / "settings.json"
    path.mkdir(parents=True)                             # a directory where a file should be
    s = Storage(tmp_path)
    assert s.settings == Settings() and s.messages
    assert not path.exists()


def test_saved_match_round_trip_with_client_metadata(tmp_path):
    s = Storage(tmp_path)
    s.save_match(record(), {"summary": "round 3"})
    data = json.loads(s.save_path("storagetest").read_text())
    assert GameRecord.from_json(data).seed == 42         # the save IS a GameRecord json
    again = Storage(tmp_path)
    rec, meta = again.saved_match("storagetest")
    assert rec.variant == "storagetest" and [x.name for x in rec.seats] == ["Zoe", "Ada", "Bo"]
    assert meta == {"summary": "round 3"}
    again.clear_match("storagetest")
    assert not again.save_path("storagetest").exists() and Storage(tmp_path).saved_match("storagetest") is None


@pytest.mark.parametrize("content", [
    "{broken",
    '{"format": 1, "variant": "no-such-variant", "seats": [], "seed": 1, "actions": []}',
    '{"format": 1, "variant": "storagetest", "seats": [{"name": "a", "kind": "random"}, {"name": "b", "kind": "random"}], "seed": 1, "actions": [{"x": 1}]}',
    '{"format": 1, "variant": "storagetest", "seats": [{"name": "a", "kind": "random"}], "seed": 1, "actions": [], "client": 5}',
])
def test_corrupt_saved_match_is_set_aside(tmp_path, content):
    path = tmp_path / "data" / "saves" / "storagetest.json"
    path.parent.mkdir(parents=True)
    path.write_text(content)
    s = Storage(tmp_path)
    assert s.saved_match("storagetest") is None
    assert not path.exists() and list(path.parent.glob("storagetest.json.corrupt-*"))
    assert "Your saved" in s.messages[0]


def test_a_finished_match_updates_statistics_and_clears_the_save(tmp_path):
    s = Storage(tmp_path)
    s.save_match(record())
    s.record_finished(record({"rounds": [[5, 2, 9], [3, 8, 1]], "totals": [8, 10, 10], "winners": [0]}))
    s.record_finished(record({"rounds": [[20, 2, 9]], "totals": [20, 2, 9], "winners": [1]}, seed=43))
    assert s.saved_match("storagetest") is None and not s.save_path("storagetest").exists()
    again = Storage(tmp_path)
    vs = again.stats.variants["storagetest"]
    assert (vs.played, vs.won, vs.best, vs.average) == (2, 1, 8, 14.0)
    last = again.stats.last_match
    assert last.names == ["Zoe", "Ada", "Bo"] and last.totals_by_round == [[20, 2, 9]] and last.winners == [1]


def test_last_match_keeps_running_totals_and_adjusted_final_totals(tmp_path):
    s = Storage(tmp_path)
    s.record_finished(record({"rounds": [[30, 2, 9], [20, 8, 1]], "totals": [25, 10, 10], "winners": [1, 2]}))
    assert s.stats.last_match.totals_by_round == [[30, 2, 9], [25, 10, 10]]


def test_all_bot_matches_are_not_counted_as_yours(tmp_path):
    s = Storage(tmp_path)
    bots = [SeatInfo("A", "bot", "easy"), SeatInfo("B", "bot", "hard")]
    s.record_finished(record({"rounds": [[1, 2]], "totals": [1, 2], "winners": [0]}, seats=bots))
    vs = s.stats.variants["storagetest"]
    assert vs.played == 0 and vs.best is None
    assert s.stats.last_match.names == ["A", "B"]


# -- the background match saver ------------------------------------------------------------------
def test_the_match_saver_writes_the_newest_snapshot_in_the_background(tmp_path):
    from game.client.storage import MatchSaver
    from game.simulate import play_match

    _, full = play_match("kombio", ["random", "random", "random"], seed=4, options={"rounds": 2})
    full.result = None
    del full.actions[-1]        # a match still to be finished (a finished one is counted, not offered)
    s = Storage(tmp_path)
    saver = MatchSaver(s)
    steps = full.actions
    for n in range(1, len(steps) + 1, 7):   # the table hands over a snapshot after each action
        saver.save(GameRecord(full.variant, full.options, full.seats, full.seed, steps[:n]), {"table": "kombio"})
    saver.save(GameRecord(full.variant, full.options, full.seats, full.seed, list(steps)), {"table": "kombio"})
    assert saver.flush()
    data = json.loads(s.save_path("kombio").read_text())
    assert data["client"] == {"table": "kombio"}
    loaded = GameRecord.from_json(data)
    assert loaded.to_json() == GameRecord(full.variant, full.options, full.seats, full.seed, list(steps)).to_json()
    assert Storage(tmp_path).saved_match("kombio")[0].to_json() == loaded.to_json()
    saver.close()
    assert saver.error is None and leftovers(tmp_path) == ["kombio.json"]
    with pytest.raises(RuntimeError):
        saver.save(loaded)


def test_the_match_saver_rewrites_steps_that_changed_and_keeps_write_errors(tmp_path):
    from game.client.storage import MatchSaver
    from game.core.actions import StartRound

    s = Storage(tmp_path)
    saver = MatchSaver(s)
    first = GameRecord("storagetest", {}, [SeatInfo("Zoe", "human"), SeatInfo("Ada")], 1, [(0.0, StartRound())])
    saver.save(first)
    saver.flush()
    other = GameRecord("storagetest", {}, first.seats, 1, [(0.5, StartRound(deck=("7",)))])
    saver.save(other)
    saver.flush()
    assert json.loads(s.save_path("storagetest").read_text())["actions"] == [{"t": 0.5, "type": "StartRound", "seat": -1, "deck": ["7"]}]
    (tmp_path / "data").chmod(0o500)
    try:
        saver.save(first)
        saver.flush()
        if os.geteuid() != 0:   # root ignores the permission, so only a normal user sees the failure
            assert isinstance(saver.error, OSError)
    finally:
        (tmp_path / "data").chmod(0o700)
        saver.close()


# -- the journal: a snapshot plus one line per step ----------------------------------------------------
def _journal_match():
    from game.simulate import play_match

    _, full = play_match("kombio", ["random", "random", "random"], seed=9, options={"rounds": 2})
    full.result = None
    del full.actions[-1]        # still to be finished
    return full


def _upto(full, n):
    return GameRecord(full.variant, full.options, full.seats, full.seed, full.actions[:n])


def test_every_step_is_in_the_journal_when_save_returns_and_a_resume_equals_the_match(tmp_path):
    from game.client.storage import MatchSaver

    full = _journal_match()
    s = Storage(tmp_path)
    saver = MatchSaver(s)
    for n in range(1, 60):
        saver.save(_upto(full, n), {"table": "kombio"})
        # No waiting for the worker: what is on disk already holds all n steps.
        assert Storage(tmp_path).saved_match("kombio")[0].actions == full.actions[:n]
    assert s.journal_path("kombio").exists()
    saver.close()
    assert Storage(tmp_path).saved_match("kombio")[0].to_json() == _upto(full, 59).to_json()


def test_the_journal_is_compacted_into_the_snapshot_on_flush_and_past_its_bound(tmp_path, monkeypatch):
    from game.client import storage
    from game.client.storage import MatchSaver

    monkeypatch.setattr(storage, "JOURNAL_BOUND", 10)
    full = _journal_match()
    assert len(full.actions) > 40
    s = Storage(tmp_path)
    saver = MatchSaver(s)
    for n in range(1, storage.JOURNAL_BOUND + 20):
        saver.save(_upto(full, n), {"table": "kombio"})
    saver._lock.acquire()       # the bound was passed: a snapshot was written without a flush
    saver._lock.wait_for(lambda: saver._snapshot_steps > storage.JOURNAL_BOUND, 10)
    saver._lock.release()
    assert len(json.loads(s.save_path("kombio").read_text())["actions"]) > storage.JOURNAL_BOUND
    saver.save(_upto(full, storage.JOURNAL_BOUND + 30), {"table": "kombio"})
    assert saver.flush()
    assert len(json.loads(s.save_path("kombio").read_text())["actions"]) == storage.JOURNAL_BOUND + 30
    assert s.journal_path("kombio").read_bytes() == b""
    saver.close()
    assert not s.journal_path("kombio").exists()


def test_a_torn_last_journal_line_is_ignored_without_a_notice(tmp_path):
    from game.client.storage import MatchSaver

    full = _journal_match()
    saver = MatchSaver(Storage(tmp_path))
    for n in range(1, 21):
        saver.save(_upto(full, n), {"table": "kombio"})
    journal = Storage(tmp_path).journal_path("kombio")
    whole = journal.read_bytes()
    last = whole.rstrip(b"\n").rsplit(b"\n", 1)[1]
    journal.write_bytes(whole[: len(whole) - len(last) // 2])      # a kill in the middle of a write
    again = Storage(tmp_path)
    assert again.saved_match("kombio")[0].actions == full.actions[:19] and again.messages == []
    # The continued match starts a fresh journal: the torn line never prefixes a new one.
    resumed = MatchSaver(again)
    for n in range(19, 25):
        resumed.save(_upto(full, n), {"table": "kombio"})
    assert Storage(tmp_path).saved_match("kombio")[0].actions == full.actions[:24]
    resumed.close()
    saver.close()


@pytest.mark.parametrize("damage", ["garbage", "gap", "bad step", "fifo"])
def test_a_journal_line_that_cannot_be_read_is_left_out_and_the_match_goes_on_from_the_step_before(tmp_path, damage):
    """The good steps before a bad journal line are kept (they were dropped with the whole journal);
    the journal is set aside, the snapshot written again with the good steps, and the notice says
    which step was left out and why."""
    from game.client.storage import MatchSaver

    full = _journal_match()
    saver = MatchSaver(Storage(tmp_path))
    for n in range(1, 11):
        saver.save(_upto(full, n), {"table": "kombio"})
    journal = Storage(tmp_path).journal_path("kombio")
    lines = journal.read_bytes().split(b"\n")[:-1]
    assert [json.loads(line)["i"] for line in lines] == list(range(1, 10))
    if damage == "garbage":
        lines[3] = b"\x00\xff{not json"
    elif damage == "gap":
        del lines[3]
    elif damage == "bad step":
        entry = json.loads(lines[3])
        entry["step"]["t"] = -5
        lines[3] = json.dumps(entry).encode()
    if damage == "fifo":
        journal.unlink()
        os.mkfifo(journal)
    else:
        journal.write_bytes(b"\n".join(lines) + b"\n")
    again = Storage(tmp_path)
    record, _ = again.saved_match("kombio")
    assert len(again.messages) == 1
    notice = again.messages[0]
    if damage == "fifo":
        assert record.actions == full.actions[:1]          # the snapshot written when the match began
        assert notice.startswith("Your saved Kombio match goes on from step 1: its newest steps were left out, "
                                 "as the file holding them could not be read (not a regular file).")
    else:
        assert record.actions == full.actions[:4]          # the journal's first three lines too
        assert notice.startswith("Your saved Kombio match goes on from step 4: step 5 and every step after it "
                                 "were left out, as it could not be read (")
    kept = list(journal.parent.glob("kombio.journal.corrupt-*"))
    assert len(kept) == 1 and notice.endswith(f" What was left out is kept in {kept[0].name}.")
    third = Storage(tmp_path)          # the snapshot holds the good steps now: nothing more to say
    assert third.saved_match("kombio")[0].actions == record.actions and third.messages == []
    saver._closed = True    # the files were tampered with under it: stop without writing


def test_a_journal_left_by_another_match_or_without_a_snapshot_is_not_read(tmp_path):
    from game.client.storage import MatchSaver

    full = _journal_match()
    saver = MatchSaver(Storage(tmp_path))
    for n in range(1, 11):
        saver.save(_upto(full, n), {"table": "kombio"})
    journal = Storage(tmp_path).journal_path("kombio")
    kept = journal.read_bytes()
    other = GameRecord(full.variant, full.options, full.seats, full.seed + 1, full.actions[:1])
    Storage(tmp_path).save_match(other)
    journal.write_bytes(kept)           # a kill between the new snapshot and emptying the journal
    again = Storage(tmp_path)
    assert again.saved_match("kombio")[0].to_json() == other.to_json() and again.messages == []
    again.clear_match("kombio")
    journal.write_bytes(kept)           # a kill between removing the snapshot and the journal
    third = Storage(tmp_path)
    assert third.saved_match("kombio") is None and not journal.exists() and third.messages == []
    saver._closed = True


def test_a_failed_journal_append_is_reported_and_a_later_save_writes_a_fresh_snapshot(tmp_path, monkeypatch):
    """(Every RETRY_EVERY-th save tries the whole snapshot again, not every one: on a full disk that
    would cost the frame path a failed write at every move.)"""
    from game.client import storage
    from game.client.storage import RETRY_EVERY, MatchSaver

    full = _journal_match()
    s = Storage(tmp_path)
    saver = MatchSaver(s)
    saver.save(_upto(full, 3), {"table": "kombio"})
    real = os.write

    def full_disk(fd, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(storage.os, "write", full_disk)
    saver.save(_upto(full, 4), {"table": "kombio"})
    assert isinstance(saver.error, OSError)
    monkeypatch.setattr(storage.os, "write", real)
    for n in range(5, 5 + RETRY_EVERY - 1):
        saver.error = None
        saver.save(_upto(full, n), {"table": "kombio"})
        assert saver.error is not None          # not tried again yet
    saver.error = None
    saver.save(_upto(full, 5 + RETRY_EVERY), {"table": "kombio"})
    assert saver.error is None
    assert Storage(tmp_path).saved_match("kombio")[0].actions == full.actions[:5 + RETRY_EVERY]
    saver.save(_upto(full, 6 + RETRY_EVERY), {"table": "kombio"})
    assert saver.error is None and Storage(tmp_path).saved_match("kombio")[0].actions == full.actions[:6 + RETRY_EVERY]
    saver.close()


# -- one saved match per variant ------------------------------------------------------------------

def _kombio(seed=5, actions=()):
    return GameRecord("kombio", {}, [SeatInfo("Zoe", "human"), SeatInfo("Ada", "bot", "easy")], seed, list(actions))


def _kombio_steps(seed=5):
    """The steps of a two-seat Kombio match on `seed`, as _kombio(seed) would play them."""
    from game.simulate import play_match

    return play_match("kombio", ["random", "random"], seed=seed)[1].actions


def test_each_variant_keeps_its_own_saved_match(tmp_path):
    s = Storage(tmp_path)
    s.save_match(record(), {"summary": "round 2"})
    s.save_match(_kombio(), {"summary": "round 4 of 5"})
    assert sorted(p.name for p in (tmp_path / "data" / "saves").iterdir()) == ["kombio.json", "storagetest.json"]
    again = Storage(tmp_path)
    assert [(r.variant, m["summary"]) for r, m in again.saved_matches()] == [("kombio", "round 4 of 5"),
                                                                             ("storagetest", "round 2")]
    again.save_match(_kombio(seed=6))                       # a new Kombio match replaces only Kombio's
    assert Storage(tmp_path).saved_match("kombio")[0].seed == 6
    assert Storage(tmp_path).saved_match("storagetest")[1] == {"summary": "round 2"}
    again.record_finished(record({"rounds": [[1, 2, 3]], "totals": [1, 2, 3], "winners": [0]}))
    third = Storage(tmp_path)                               # finishing one clears only that one
    assert third.saved_match("storagetest") is None and third.saved_match("kombio")[0].seed == 6
    third.record_finished(record({"rounds": [[1, 2, 3]], "totals": [1, 2, 3], "winners": [0]}))
    assert Storage(tmp_path).stats.variants["storagetest"].played == 1     # never counted twice


def test_the_saver_writes_each_variant_into_its_own_slot(tmp_path):
    from game.client.storage import MatchSaver
    from game.core.actions import StartRound

    s = Storage(tmp_path)
    s.save_match(record(), {"summary": "kept"})
    saver = MatchSaver(s)
    saver.save(_kombio(actions=[(0.0, StartRound())]), {"summary": "k"})
    saver.close()
    again = Storage(tmp_path)
    assert again.saved_match("storagetest")[1] == {"summary": "kept"}
    assert again.saved_match("kombio")[0].actions == [(0.0, StartRound())]


def test_the_single_save_of_earlier_versions_moves_into_its_variants_slot_with_its_journal(tmp_path):
    from game.client.storage import journal_mark

    data = tmp_path / "data"
    data.mkdir()
    steps = _kombio_steps()
    first = _kombio(actions=steps[:1])
    (data / "saved-match.json").write_text(json.dumps({**first.to_json(), "client": {"summary": "round 1"}}))
    (data / "saved-match.journal").write_text(json.dumps(
        {"i": 1, "m": journal_mark(first), "step": first.step_json(1, *steps[1])}) + "\n")
    s = Storage(tmp_path, lock=True)
    assert not (data / "saved-match.json").exists() and not (data / "saved-match.journal").exists()
    assert (data / "saves" / "kombio.json").exists() and (data / "saves" / "kombio.journal").exists()
    rec, meta = s.saved_match("kombio")
    assert len(rec.actions) == 2 and meta == {"summary": "round 1"} and s.messages == []
    s.close()



def test_a_kill_between_the_two_moves_loses_nothing(tmp_path):
    from game.client.storage import journal_mark

    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    steps = _kombio_steps()
    first = _kombio(actions=steps[:1])
    (tmp_path / "data" / "saved-match.json").write_text(json.dumps(first.to_json()))
    (saves / "kombio.journal").write_text(json.dumps(          # the journal already moved
        {"i": 1, "m": journal_mark(first), "step": first.step_json(1, *steps[1])}) + "\n")
    s = Storage(tmp_path)
    assert len(s.saved_match("kombio")[0].actions) == 2 and s.messages == []


def test_an_old_single_save_whose_slot_is_taken_is_set_aside_with_a_notice(tmp_path):
    s = Storage(tmp_path)
    s.save_match(_kombio(seed=9))
    (tmp_path / "data" / "saved-match.json").write_text(json.dumps(_kombio(seed=3).to_json()))
    again = Storage(tmp_path)
    assert again.saved_match("kombio")[0].seed == 9
    assert list((tmp_path / "data").glob("saved-match.json.corrupt-*")) and "Your saved" in again.messages[0]


@pytest.mark.parametrize("variant", ["../x", "Kombio", "", "a.b"])
def test_a_save_path_is_only_ever_a_variant_id(tmp_path, variant):
    s = Storage(tmp_path)
    with pytest.raises(ValueError):
        s.save_path(variant)
    assert s.saved_match(variant) is None


def test_a_save_with_a_bot_seat_without_a_level_is_set_aside_with_the_reason(tmp_path):
    """A bot seat with "level": null was read as the default level, and the client continued the
    match with a bot the player never chose; now the save is set aside and the notice says why."""
    s = Storage(tmp_path)
    s.save_match(_kombio())
    data = json.loads(s.save_path("kombio").read_text())
    assert data["seats"][1] == {"name": "Ada", "kind": "bot", "level": "easy"}
    data["seats"][1]["level"] = None
    s.save_path("kombio").write_text(json.dumps(data))
    again = Storage(tmp_path)
    assert again.saved_match("kombio") is None and again.saved_matches() == []
    assert len(again.messages) == 1 and "a bot needs a level" in again.messages[0]
    assert list(s.saves_dir.glob("kombio.json.corrupt-*")) and not s.save_path("kombio").exists()


def test_a_seat_made_without_a_level_is_a_medium_bot():
    """The client plays a level-less bot as medium: a seat made without one says so, so every seat
    the game writes reads back."""
    assert SeatInfo("Ada").level == "medium" and SeatInfo("Ada", "bot").to_json()["level"] == "medium"
    assert SeatInfo("Zoe", "human").level is None and SeatInfo("R", "random").level is None
    assert SeatInfo.from_json(SeatInfo("Ada").to_json()) == SeatInfo("Ada", "bot", "medium")


# -- a step the rules refuse; a snapshot set aside keeps its journal -------------------------------------

def test_a_refused_last_journal_line_is_left_out_and_the_match_goes_on_from_the_step_before(tmp_path):
    """Issue 33: a well-formed journal line the rules refuse (the last step written twice) made the
    table fail, and Continue set the whole match aside, snapshot and good steps too."""
    from game.client.storage import MatchSaver

    full = _journal_match()
    full.seats[0] = SeatInfo("You", "human")
    saver = MatchSaver(Storage(tmp_path))
    for n in range(1, 21):
        saver.save(_upto(full, n), {"table": "kombio", "summary": "3 players · round 1"})
    saver._closed = True
    journal = Storage(tmp_path).journal_path("kombio")
    last = json.loads(journal.read_bytes().split(b"\n")[-2])
    assert last["i"] == 19
    with journal.open("ab") as handle:      # step 19 again, as step 20
        handle.write(json.dumps({**last, "i": 20}).encode() + b"\n")
    again = Storage(tmp_path)
    record, meta = again.saved_match("kombio")
    assert record.actions == full.actions[:20] and meta["summary"] == "3 players · round 1"
    t, action = full.actions[19]
    who = "your" if action.seat == 0 else f"{full.seats[action.seat].name}'s"
    kept = list(journal.parent.glob("kombio.journal.corrupt-*"))
    assert len(kept) == 1 and b'"i": 20' in kept[0].read_bytes()
    assert len(again.messages) == 1
    notice = again.messages[0]
    assert notice.startswith(f"Your saved Kombio match goes on from step 20: step 21 ({who} ")
    assert ") was left out, as the rules refuse it (" in notice
    assert notice.endswith(f"). What was left out is kept in {kept[0].name}.")
    record.replay()
    third = Storage(tmp_path)
    assert third.saved_match("kombio")[0].actions == full.actions[:20] and third.messages == []


def test_a_step_of_the_snapshot_the_rules_refuse_is_left_out_and_the_snapshot_kept_beside(tmp_path):
    """A save whose snapshot holds a step the rules refuse (another build's rules, a bug) goes on
    from the step before; the snapshot as it was is kept for a bug report."""
    full = _journal_match()
    s = Storage(tmp_path)
    bad = _upto(full, 12)
    bad.actions[8] = bad.actions[7]         # a step played twice
    s.save_match(bad, {"table": "kombio"})
    again = Storage(tmp_path)
    assert again.saved_match("kombio")[0].actions == full.actions[:8]
    kept = list(s.saves_dir.glob("kombio.json.corrupt-*"))
    assert len(kept) == 1 and len(json.loads(kept[0].read_text())["actions"]) == 12
    assert again.messages[0].startswith("Your saved Kombio match goes on from step 8: step 9 (")
    assert "and every step after it were left out, as the rules refuse it (" in again.messages[0]
    assert len(json.loads(s.save_path("kombio").read_text())["actions"]) == 8


def test_a_save_whose_steps_reach_the_end_is_counted_once_not_offered(tmp_path):
    """The game stopped after the match's last step was saved but before it was counted: the save
    is counted at the next start (once), not offered to Continue."""
    from game.simulate import play_match

    _, full = play_match("kombio", ["random", "random"], seed=5, options={"rounds": 1})
    result, full.result = full.result, None
    full.seats[0] = SeatInfo("You", "human")
    Storage(tmp_path).save_match(full, {"table": "kombio"})
    again = Storage(tmp_path)
    assert again.saved_matches() == [] and not again.save_path("kombio").exists()
    assert again.stats.for_variant("kombio").played == 1
    assert again.stats.last_match.totals_by_round[-1] == result["totals"]
    assert again.messages == ["Your last Kombio match had ended before it was counted: it counts in your statistics now."]
    assert Storage(tmp_path).stats.for_variant("kombio").played == 1 and Storage(tmp_path).messages == []


@pytest.mark.parametrize("damage", ["garbage", "bad level", "dangling link"])
def test_a_snapshot_set_aside_keeps_its_journal_beside_it(tmp_path, damage):
    """Issue 33: the journal (the newest steps) was deleted when its snapshot was set aside, and a
    snapshot that is a dangling link went without a word."""
    from game.client.storage import MatchSaver

    full = _journal_match()
    saver = MatchSaver(Storage(tmp_path))
    for n in range(1, 11):
        saver.save(_upto(full, n), {"table": "kombio"})
    saver._closed = True
    s = Storage(tmp_path)
    snapshot, journal = s.save_path("kombio"), s.journal_path("kombio")
    lines = journal.read_bytes()
    assert lines.count(b"\n") == 9
    if damage == "garbage":
        snapshot.write_text("{not json")
        why = "could not be read (not valid JSON ("
    elif damage == "bad level":
        data = json.loads(snapshot.read_text())
        data["seats"][1] = {"name": "Ada", "kind": "bot", "level": None}
        snapshot.write_text(json.dumps(data))
        why = "cannot be continued (seats[1].level: a bot needs a level"
    else:
        snapshot.unlink()
        snapshot.symlink_to(tmp_path / "gone.json")
        why = "could not be read (a link to a file that is not there) and cannot be continued."
    again = Storage(tmp_path)
    assert again.saved_match("kombio") is None and again.saved_matches() == []
    kept_snapshot = list(s.saves_dir.glob("kombio.json.corrupt-*"))
    kept_journal = list(s.saves_dir.glob("kombio.journal.corrupt-*"))
    assert len(kept_snapshot) == 1 and len(kept_journal) == 1 and kept_journal[0].read_bytes() == lines
    assert not os.path.lexists(snapshot) and not os.path.lexists(journal)
    assert len(again.messages) == 1 and again.messages[0].startswith(f"Your saved Kombio match {why}")
    assert again.messages[0].endswith(f" It is kept as {kept_snapshot[0].name}, its newest steps as "
                                      f"{kept_journal[0].name}.")
    assert Storage(tmp_path).messages == []


@pytest.mark.parametrize("name", ["settings.json", "statistics.json"])
def test_a_settings_or_statistics_file_that_is_a_dangling_link_is_reported(tmp_path, name):
    folder = tmp_path / ("config" if name == "settings.json" else "data")
    folder.mkdir()
    (folder / name).symlink_to(tmp_path / "elsewhere.json")
    s = Storage(tmp_path)
    assert len(s.messages) == 1 and "a link to a file that is not there" in s.messages[0]
    assert not os.path.lexists(folder / name) and list(folder.glob(name + ".corrupt-*"))


# -- a full disk ------------------------------------------------------------------------------------------

# The saver's worker once raised here (AttributeError on a record of None, seen in .ci/run as a
# PytestUnhandledThreadExceptionWarning): an exception in its thread fails the test.
@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_full_disk_tells_what_is_saved_and_the_next_save_writes_everything(tmp_path, monkeypatch):
    from game.client.storage import MatchSaver, NotSaved

    disk = FullDisk(monkeypatch)
    full = _journal_match()
    s = Storage(tmp_path)
    saver = MatchSaver(s)
    for n in range(1, 8):
        saver.save(_upto(full, n), {"table": "kombio"})
    assert saver.error is None and saver.saved_steps == 7
    disk.full = True
    saver.save(_upto(full, 8), {"table": "kombio"})
    error, saver.error = saver.error, None
    assert isinstance(error, NotSaved) and error.kind == "match"
    assert error.text == "Not saved: the disk is full. The match is saved up to step 7, in round 1; Cardhall keeps trying."
    saver.save(_upto(full, 9), {"table": "kombio"})        # tried again: the disk is still full
    assert saver.error is not None and "step 7, in round 1" in saver.error.text
    saver.error = None
    assert Storage(tmp_path).saved_match("kombio")[0].actions == full.actions[:7]
    disk.full = False
    assert saver.flush() and saver.error is None            # a flush (pause, quit) tries again too
    assert Storage(tmp_path).saved_match("kombio")[0].actions == full.actions[:9]
    saver.save(_upto(full, 10), {"table": "kombio"})
    assert saver.error is None and saver.saved_steps == 10
    assert Storage(tmp_path).saved_match("kombio")[0].actions == full.actions[:10]
    saver.close()


def test_a_match_finished_on_a_full_disk_is_counted_once_and_never_offered_again(tmp_path, monkeypatch):
    """Issue 33: on a full disk the finished match was not counted, and once there was room again
    Continue offered it from an old position (step 7). The save of a finished match is removed when
    the statistics cannot be written (the room it frees is often enough), and they are written
    again until they are."""
    from game.client.storage import NotSaved
    from game.simulate import play_match

    disk = FullDisk(monkeypatch)
    _, finished = play_match("kombio", ["random", "random"], seed=5, options={"rounds": 1})
    finished.seats[0] = SeatInfo("You", "human")
    s = Storage(tmp_path)
    s.save_match(_upto(finished, 7), {"table": "kombio"})
    disk.full = True
    with pytest.raises(NotSaved) as caught:
        s.record_finished(finished)
    assert caught.value.kind == "result" and caught.value.text == (
        "Not saved: the disk is full. This result does not count in your statistics yet; Cardhall keeps trying.")
    assert s.unsaved_result == "kombio" and s.messages == [
        "The result of your last Kombio match is not saved, as the disk is full: it counts in your statistics "
        "once Cardhall can write them (it keeps trying until you quit)."]
    assert not s.save_path("kombio").exists()       # the old position is never offered again
    s.record_finished(finished)                      # the table saving again: counted once
    assert s.stats.for_variant("kombio").played == 1
    assert s.retry_writes() is None and s.unsaved_result == "kombio"     # still full
    disk.full = False
    assert s.retry_writes() == "kombio" and s.unsaved_result is None and s.messages == []
    again = Storage(tmp_path)
    assert again.stats.for_variant("kombio").played == 1 and again.saved_matches() == [] and again.messages == []


def test_a_finished_match_whose_save_fills_the_disk_is_counted_at_once(tmp_path, monkeypatch):
    """The statistics fail for want of room; removing the finished match's save makes it."""
    from game.client import storage
    from game.simulate import play_match

    _, finished = play_match("kombio", ["random", "random"], seed=5, options={"rounds": 1})
    finished.seats[0] = SeatInfo("You", "human")
    s = Storage(tmp_path)
    s.save_match(_upto(finished, 7), {"table": "kombio"})
    real = storage.atomic_write_json

    def room_once_the_save_is_gone(path, data):
        if os.path.exists(s.save_path("kombio")):
            raise OSError(28, "No space left on device")
        real(path, data)
    monkeypatch.setattr(storage, "atomic_write_json", room_once_the_save_is_gone)
    s.record_finished(finished)
    assert s.unsaved_result is None and s.messages == []
    assert Storage(tmp_path).stats.for_variant("kombio").played == 1 and Storage(tmp_path).saved_matches() == []
