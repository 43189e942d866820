"""Take-back and the files: the save is rewritten as the match the take-back left, a kill during
that write never brings the undone moves back, and a practice match is not counted."""

from __future__ import annotations

import json

from game.core.record import GameRecord, SeatInfo


def _kombio_match():
    from game.simulate import play_match

    _, full = play_match("kombio", ["random", "random", "random"], seed=9, options={"rounds": 3})
    assert len(full.actions) > 60
    full.result = None
    full.seats = [SeatInfo("P", "human"), SeatInfo("B1", "random"), SeatInfo("B2", "random")]
    return full


def _upto(full, n, take_backs=0):
    return GameRecord(full.variant, full.options, full.seats, full.seed, full.actions[:n], take_backs=take_backs)


def test_a_take_back_rewrites_the_save_as_the_match_it_left(tmp_path):
    from game.client.storage import MatchSaver, Storage

    full = _kombio_match()
    store = Storage(tmp_path)
    saver = MatchSaver(store)
    for n in range(30, 61):
        saver.save(_upto(full, n), {"table": "kombio"})
    saver.save(_upto(full, 60).taken_back_to(45), {"table": "kombio"})
    # at once, before any flush: the snapshot is the cut match, the journal holds nothing after it
    saved, meta = Storage(tmp_path).saved_match("kombio")
    assert saved.actions == full.actions[:45] and saved.take_backs == 1 and saved.practice
    assert json.loads(store.save_path("kombio").read_text())["take_backs"] == 1
    saver.save(_upto(full, 47, take_backs=1), {"table": "kombio"})     # play goes on from there
    assert Storage(tmp_path).saved_match("kombio")[0].to_json() == _upto(full, 47, 1).to_json()
    saver.close()


def test_a_kill_during_a_take_backs_save_never_brings_the_undone_moves_back(tmp_path):
    """The cut match's snapshot is written first, then the journal emptied: a kill in between
    leaves the journal of the moves taken back beside it. Its lines are never read into the cut
    match (before, they were: the match came back with the moves the player took back)."""
    from game.client.storage import MatchSaver, Storage

    full = _kombio_match()
    store = Storage(tmp_path)
    saver = MatchSaver(store)
    for n in range(30, 61):
        saver.save(_upto(full, n), {"table": "kombio"})
    journal = store.journal_path("kombio").read_bytes()
    assert journal.count(b"\n") == 30
    saver.save(_upto(full, 60).taken_back_to(45), {"table": "kombio"})
    saver.close()
    store.journal_path("kombio").write_bytes(journal)      # as if killed before it was emptied
    saved, _ = Storage(tmp_path).saved_match("kombio")
    assert saved.actions == full.actions[:45] and saved.take_backs == 1


def test_a_practice_match_is_not_counted(tmp_path):
    from game.client.storage import Storage, match_identity

    seats = [SeatInfo("P", "human"), SeatInfo("B", "bot", "easy")]
    result = {"rounds": [[3, 9]], "totals": [3, 9], "winners": [0]}
    store = Storage(tmp_path)
    counted = GameRecord("kombio", {}, seats, 5, [], result)
    store.record_finished(counted)
    practice = GameRecord("kombio", {}, seats, 6, [], {"rounds": [[1, 20]], "totals": [1, 20], "winners": [0]},
                          take_backs=2)
    store.save_match(GameRecord("kombio", {}, seats, 6, [], None, take_backs=2))
    store.record_finished(practice)
    again = Storage(tmp_path)
    vs = again.stats.variants["kombio"]
    assert (vs.played, vs.won, vs.scores) == (1, 1, [3])
    assert again.stats.last_match.totals_by_round == [[3, 9]]        # the chart keeps the counted match
    assert match_identity(practice) in again.stats.finished           # a save left by a kill is not offered
    assert again.saved_match("kombio") is None and not again.save_path("kombio").exists()
