"""A match played on a full disk: the player is told what is and is not saved, the writes are tried
again, and a match played to its end is counted once, never offered again from an old position
(issue 33: it was not counted, and Continue offered it from step 7)."""

from __future__ import annotations

import pytest
from kombio_driver import DT, Driver, make_app, new_record, start

from game.client.storage import Storage
from tests.full_disk import FullDisk


def _kombio(tmp_path, monkeypatch, rounds):
    """A Kombio table against two random bots on a disk that can fill (FullDisk), its driver, and
    the toasts it shows."""
    disk = FullDisk(monkeypatch)
    app = make_app(tmp_path)
    told = []
    real = app.toast

    def toast(text, seconds=2.5):
        told.append(text)
        real(text, seconds)
    app.toast = toast
    table = start(app, new_record([("You", "human"), ("Ada", "random"), ("Bruno", "random")], seed=21, rounds=rounds))
    return disk, app, told, table, Driver(app, table, seed=9)


def _play_while(app, driver, going) -> None:
    for _ in range(20000):
        if not going():
            return
        driver.act()
        app.step(DT)
    raise AssertionError("the table did not get there")


@pytest.mark.slow
def test_a_match_played_to_its_end_on_a_full_disk_is_counted_once_when_there_is_room(tmp_path, monkeypatch):
    disk, app, told, table, driver = _kombio(tmp_path, monkeypatch, rounds=1)
    _play_while(app, driver, lambda: len(table.match.game.history) < 7)
    table.match.flush()
    saved = len(table.match.game.history)
    disk.full = True
    _play_while(app, driver, lambda: not (table.match.over and table.screen.match_result is not None and not table.director.animating))
    assert told[0] == f"Not saved: the disk is full. The match is saved up to step {saved}, in round 1; Cardhall keeps trying."
    assert told[-1] == "Not saved: the disk is full. This result does not count in your statistics yet; Cardhall keeps trying."
    assert len(told) == 2                               # once for the match, once for its result
    assert app.storage.stats.for_variant("kombio").played == 1
    assert Storage(tmp_path).stats.for_variant("kombio").played == 0
    assert Storage(tmp_path).saved_matches() == []      # the old position is gone: never offered again
    app.run_frames(int(3 / DT))
    assert len(told) == 2                               # still full: tried again, nothing to say
    disk.full = False
    app.run_frames(int(3 / DT))
    assert told[-1] == "Saved: your Kombio match counts in your statistics now."
    again = Storage(tmp_path)
    assert again.stats.for_variant("kombio").played == 1 and again.saved_matches() == [] and again.messages == []
    app.quit()


def test_saving_that_works_again_says_so(tmp_path, monkeypatch):
    disk, app, told, table, driver = _kombio(tmp_path, monkeypatch, rounds=3)
    disk.full = True
    _play_while(app, driver, lambda: len(table.match.game.history) < 12)
    assert told == ["Not saved: the disk is full. The match is saved up to step 1, in round 1; Cardhall keeps trying."]
    disk.full = False
    _play_while(app, driver, lambda: len(told) < 2)         # (a snapshot is tried every 10th save)
    assert told[1:] == ["Saved again: your match is saved up to this move."]
    table.match.flush()
    assert Storage(tmp_path).saved_match("kombio")[0].actions == table.match.record().actions
    app.quit()


def test_save_and_quit_on_a_full_disk_says_where_continue_goes_on(tmp_path, monkeypatch):
    import pygame

    from kombio_driver import key

    disk, app, told, table, driver = _kombio(tmp_path, monkeypatch, rounds=3)
    _play_while(app, driver, lambda: len(table.match.game.history) < 9)
    table.match.flush()
    saved = table.match.record().actions
    disk.full = True
    key(pygame.K_ESCAPE)
    app.step(DT)
    key(pygame.K_q)
    app.step(DT)
    assert told[-1] == "Not saved: the disk is full. Continue goes on from the last move that was saved."
    assert "Match saved: Continue from the main menu" not in told
    assert Storage(tmp_path).saved_match("kombio")[0].actions == saved
    app.quit()


def test_a_long_toast_wraps_inside_a_narrow_window(tmp_path):
    from game.client.ui import text as T

    app = make_app(tmp_path)
    app.set_window_size((960, 540))
    message = "Not saved: the disk is full. This result does not count in your statistics yet; Cardhall keeps trying."
    app.toast(message, 6.0)
    app.step(DT)
    drawn = [(text, rect) for text, rect in T.DRAWN if text in message]
    assert len(drawn) >= 2 and " ".join(text for text, _ in drawn) == message
    assert all(rect.left >= 0 and rect.right <= 960 and rect.bottom <= 540 for _, rect in drawn)
    app.quit()
