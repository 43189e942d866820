"""The coach at the table: F1 or the Hint button shows the hard bot's move for the player whose move
it is, rings its cards, and the match is marked as coached in the save and the statistics."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from ai.coach import Advice
from ai.reasons import KEYS, Reason
from game import i18n
from game.client.table.coach import reason_words
from game.client.scenes.curtain import Curtain
from game.core.view import SPECTATOR
from tests.client.kombio_driver import DT, key, make_app, new_record, start

pytestmark = pytest.mark.client


def _until(app, table, cond, frames=4000):
    for _ in range(frames):
        if cond():
            return True
        # Release any hold (the opening peek) so the match goes on.
        if table.director.hold is not None:
            table.director.release_hold()
        app.step(DT)
    return cond()


def _my_turn(table, seat=0):
    v = table.match.view(SPECTATOR)
    return (not table.director.animating and table.director.hold is None and v.phase == "turn" and v.turn == seat
            and seat in v.acting and table.director.ready_for_input())


def test_f1_shows_the_coachs_move_and_marks_the_match(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "easy"), ("Bo", "easy")]))
    assert _until(app, table, lambda: _my_turn(table))
    legal = table.match.legal(0)
    key(pygame.K_F1)
    app.step(DT)
    assert table.coach.coached
    seat, version, advice = table.coach.advice
    assert seat == 0 and advice.action in legal and version == table.match.version
    assert table.hud.message is not None and table.hud.message[0].startswith("Coach: ")
    assert any(b.text == "Hint" for b in table.input.form.widgets)
    assert table.save_meta()["coached"] is True
    # The advice is only a suggestion: nothing was played.
    assert table.match.version == version
    # Following it moves the table on, and the ring goes with the old situation, and so do its
    # words ("take the card from the deck" stayed up after the draw, seen in a real window).
    table.input.submit(advice.action)
    app.step(DT)
    assert table.coach.targets() == []
    assert table.hud.message is None


def test_the_coach_waits_for_your_move(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "easy"), ("You", "human")]))   # Ada plays first
    assert _until(app, table, lambda: table.match.view(SPECTATOR).phase == "turn"
                  and table.match.view(SPECTATOR).turn == 0 and table.director.hold is None)
    assert table.input.input_seat() is None
    assert table.coach.ask() is None
    assert not table.coach.coached and "when it is your move" in table.hud.message[0]


def test_hot_seat_coach_answers_only_for_the_player_whose_move_it_is(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("Ann", "human"), ("Ben", "human")]))
    for _ in range(3000):
        if isinstance(app.top, Curtain):
            app.top.confirm()
        if table.director.hold is not None:
            table.director.release_hold()
        v = table.match.view(SPECTATOR)
        if v.phase == "turn" and not table.director.animating and table.director.hold is None and table.input.input_seat() is not None:
            break
        app.step(DT)
    seat = table.input.input_seat()
    assert seat == table.match.view(SPECTATOR).turn
    advice = table.coach.ask()
    assert advice is not None and advice.action in table.match.legal(seat)
    assert table.coach.advice[0] == seat


def test_a_coached_match_counts_as_coached_in_the_statistics(tmp_path):
    from game.client.storage import Storage
    from game.core.record import GameRecord, SeatInfo

    store = Storage(tmp_path)
    rec = GameRecord("kombio", {}, [SeatInfo("You", "human"), SeatInfo("Ada", "bot", "easy")], 4,
                     result={"rounds": [[3, 9]], "totals": [3, 9], "winners": [0]})
    store.record_finished(rec, coached=True)
    again = Storage(tmp_path).stats.variants["kombio"]
    assert again.played == 1 and again.coached == 1


def test_the_coach_names_your_own_card():
    """The coach points at a card in your hand: "discard your K♦", "play your red 6", not "a"."""
    from types import SimpleNamespace

    from game.client.table.combat_uno import CombatUnoTable
    from game.client.table.kumbal import KumbalTable
    from game.core.cards import Card
    from game.variants.combat_uno import Play
    from game.variants.kumbal import Discard

    king = Card(9_990, "K", "d")
    kumbal = KumbalTable.__new__(KumbalTable)
    kumbal._hand_places_of = lambda action: [(0, king)]
    assert kumbal.coach_words(Discard(0, (king,))).startswith("discard your ")
    six = Card(9_991, 6, "red")
    uno = SimpleNamespace(_hand_index_of=lambda action: 0,
                          t=SimpleNamespace(zones=SimpleNamespace(hands={0: [SimpleNamespace(card=six)]})))
    assert CombatUnoTable.coach_words(uno, Play(0, 6, "red")) == "play your red 6 (ringed)"


def test_the_coach_says_to_click_the_ringed_cards(tmp_path):
    """"Coach: the ringed card." told the player which card but not what to do (seen in a real
    window): a move on cards reads "click the ringed card" (the prompt says what a click does)."""
    from game.core.grids import BlindSwap, Exchange
    from game.core.cards import grid_place
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "easy")]))
    app.step(DT)
    assert table.coach.describe_move(Exchange(0, 1)) == "click the ringed card"
    assert table.coach.describe_move(BlindSwap(0, grid_place(0, 1), grid_place(1, 2))) == \
        "click the ringed cards, in the order they are numbered"


# Words German spells as English does: the catalogue's "Coach" ("Der Coach hilft...") and "Hand".
SAME_IN_GERMAN = {"coach", "hand"}


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]{3,}", text)}


def test_every_reason_key_is_one_a_bot_gives():
    source = "".join(p.read_text() for p in Path("ai").glob("*.py") if p.name != "reasons.py")
    assert [key for key in KEYS if f'"{key}"' not in source] == []


def test_the_coachs_advice_in_german_has_no_english_word_for_every_reason_a_bot_gives(tmp_path, monkeypatch):
    """The coach quoted the bots' English reasons to a German player ("Coach: nimm die Karte vom
    Nachziehstapel (markiert). A fresh card is worth more than the 5 on the pile."): the bots now
    give a key and numbers, and the table words them in the player's language."""
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "easy"), ("Bo", "easy")]))
    assert _until(app, table, lambda: _my_turn(table))
    try:
        i18n.set_language("de")
        real = table.coach.ask()        # the hard bot's own reason, at a real turn
        assert isinstance(real.reason, Reason)
        assert table.hud.message[0].endswith(reason_words(real.reason))
        action = real.action
        for reason_key, names in KEYS.items():
            reason = Reason(reason_key, tuple((name, 7) for name in names))
            monkeypatch.setattr(table.match, "advise", lambda seat, r=reason: Advice(action, r))
            said = {}
            for language in ("en", "de"):
                i18n.set_language(language)
                table.coach.ask()
                said[language] = table.hud.message[0]
            assert said["de"].endswith(reason_words(reason)) and ("7" in said["de"]) == bool(names), reason_key
            assert _words(said["de"]) & (_words(said["en"]) - SAME_IN_GERMAN) == set(), reason_key
    finally:
        i18n.set_language("en")
