"""A table opened on a saved match takes input from its first frame (issue 33, item 9: the 16 Combos
client driver stopped 8 of 37 kill-and-continue runs with "no button for Announce").

Found: nothing was missing from the table's buttons once it had drawn a frame, but a table pushed on
a saved match had none until its first update laid them out, and the driver, which acts between
frames, asked for them first; fresh matches never met it because they open on the deal's
animation. A player met the same thing: a key pressed while the save was loading (Announce's 1)
came before the first update and was dropped. The table lays out its buttons as soon as it is
shown."""

from __future__ import annotations

import pygame
import pytest

from game.client.table.sixteen_combos import TYPE_KEYS
from game.variants.sixteen_combos import Announce
from tests.client.kombio_driver import key, make_app, start
from tests.client.sixteen_combos_driver import Driver, new_record


def _played(tmp_path, seats, seed, until=lambda table: False, frames=3000):
    """A 16 Combos match played through the client driver until `until(table)` (or `frames`
    frames): its record."""
    app = make_app(tmp_path / "first")
    table = start(app, new_record(seats, seed=seed, round_limit=20))
    driver = Driver(app, table, seed=seed)
    for _ in range(frames):
        driver.act()
        app.step(0.05)
        if until(table):
            break
    return table.match.record(), table


def _announcing(table) -> bool:
    seat = table.input.input_seat()
    return (seat is not None and table.director.ready_for_input()
            and any(isinstance(a, Announce) for a in table.match.legal(seat)))


def _saved_at_an_announce(tmp_path):
    record, table = _played(tmp_path, [("Ada", "human"), ("Bruno", "easy")], 9, _announcing)
    assert _announcing(table), "no Announce for the player in 3000 frames"
    return record, table.input.input_seat()


def test_a_continued_table_has_its_buttons_and_takes_a_key_before_its_first_frame(tmp_path):
    record, seat = _saved_at_an_announce(tmp_path)
    app = make_app(tmp_path / "again")
    table = start(app, record)                      # Continue: the table is shown, no frame yet
    announce = next(a for a in table.match.legal(seat) if isinstance(a, Announce) and not a.wild)
    texts = [getattr(w, "text", None) for w in table.input.form.widgets]
    assert table.spec.label_for(announce).text in texts
    Driver(app, table, seed=1).act()                # the client driver's step: no "no button for"
    pygame.event.clear()
    key(TYPE_KEYS[announce.atype])         # pressed while the save was loading
    app.step(0.05)
    assert table.match.record().actions[len(record.actions)][1] == announce


@pytest.mark.slow
def test_a_continued_hot_seat_match_lifts_its_curtain(tmp_path):
    """Found by the same kill-and-continue runs, in hot-seat: the first curtain after Continue
    crashed the game (TypeError: the open hand was sorted by a key 16 Combos does not have)."""
    from game.client.scenes.curtain import Curtain

    record, _ = _played(tmp_path, [("Ada", "human"), ("Bruno", "human")], 6, frames=5)
    app2 = make_app(tmp_path / "again")
    table2 = start(app2, record)
    driver2 = Driver(app2, table2, seed=6)
    curtains = 0
    for _ in range(300):
        curtains += isinstance(app2.top, Curtain)
        driver2.act()
        app2.step(0.05)
    assert curtains and len(table2.match.record().actions) > len(record.actions)
