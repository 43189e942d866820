"""Whenever the animation has caught up, the table shows what the public view says: as many cards
in the deck, the discard pile's top card, the slots of each grid, the cards of each hand; and a
table without a human holds no private face."""

from __future__ import annotations

import pytest

from game.core.cards import DISCARD
from game.core.view import SPECTATOR
from kombio_driver import DT, make_app, new_record, start
from test_combat_uno_table import uno_record


def check(table) -> None:
    v = table.match.view(SPECTATOR)
    for zone in v.zones:
        if zone.kind == "deck":
            assert table.zones.deck_n == zone.count, "the deck on screen is not the view's"
        elif zone.kind == "pile" and zone.cards:
            assert table.zones.sprite_at(DISCARD).card == zone.cards[-1]
        elif zone.kind == "grid":
            shown = table.zones.grid.get(zone.place.seat, {})
            assert sorted(shown) == [i for i, c in enumerate(zone.cards) if c is not None]
        elif zone.kind == "fan":
            hand = table.zones.hands.get(zone.place.seat, [])
            assert len(hand) == zone.count
            # nobody at this table is human: the client holds no private face at all
            assert all(s.card is None or s.show_to is None for s in hand)


@pytest.mark.parametrize("variant", ["kombio", "combat-uno"])
@pytest.mark.slow
def test_the_settled_table_matches_the_view(tmp_path, variant):
    app = make_app(tmp_path)
    # What the table holds is checked, not what it drew: the frames are stepped but not drawn
    # (3000 Combat UNO frames cost 7 s of drawing; the checks and their results are the same).
    app.draw = lambda surface: None
    seats = [("Ada", "random"), ("Bruno", "random"), ("Cleo", "random")]
    record = new_record(seats, seed=4) if variant == "kombio" else uno_record(seats, seed=4)
    table = start(app, record)
    checked = 0
    for _ in range(3000):
        app.step(DT)
        if not table.director.queue and not table.director.tweens.busy:
            check(table)
            checked += 1
        if table.match.over:
            break
    assert checked > 50
