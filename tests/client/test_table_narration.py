"""The news beside the pile (play-test findings): whole messages only, never a sentence cut in the
middle, and the newest message bright on all of its lines."""

from __future__ import annotations

import pygame
import pytest

from game.client.table import hud
from kombio_driver import DT, make_app, start
from test_kumbal_table import kumbal_record

pytestmark = pytest.mark.client


def drawn_news(monkeypatch, table, app) -> list[tuple[str, tuple]]:
    pal = table.palette
    drawn: list[tuple[str, tuple]] = []
    original = hud.T.blit_text

    def spy(surface, text, font, colour, pos, anchor="topleft", *a, **kw):
        if colour in (pal.text, pal.text_dim):
            drawn.append((text, tuple(colour)))
        return original(surface, text, font, colour, pos, anchor, *a, **kw)
    monkeypatch.setattr(hud.T, "blit_text", spy)
    table.draw(pygame.Surface(app.size))
    monkeypatch.undo()
    return drawn


def test_an_old_message_is_left_out_whole_not_cut_mid_sentence(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    table = start(app, kumbal_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy"), ("Chiara", "easy")]))
    app.step(DT)
    table.hud.narration.clear()
    older = "Chiara calls KUMBAL with 6 points, and this message is long enough to wrap onto a few lines of the news."
    table.hud.narrate(older)
    table.hud.narrate("Chiara has the fewest points (6): 0 for the round!")
    table.hud.narrate("Round 2: Ada deals.")
    drawn = [text for text, _ in drawn_news(monkeypatch, table, app)]
    news = [t for t in drawn if len(t) > 3 and (t in older or t in "Chiara has the fewest points (6): 0 for the round!"
                                       or t == "Round 2: Ada deals.")]
    assert "Round 2: Ada deals." in news
    older_lines = [t for t in news if t in older]
    # The older message is either all there or not at all: never its tail alone ("with 6 points!").
    assert not older_lines or older_lines[0].startswith("Chiara calls KUMBAL"), news


def test_the_newest_message_is_bright_on_every_line(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    table = start(app, kumbal_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy"), ("Chiara", "easy")]))
    app.step(DT)
    table.hud.narration.clear()
    table.hud.narrate("Ada draws a card.")
    newest = "You tried Ada's joker: it does not fit. It goes back."
    table.hud.narrate(newest)
    drawn = drawn_news(monkeypatch, table, app)
    mine = [colour for text, colour in drawn if len(text) > 3 and text in newest]
    assert len(mine) >= 2, drawn
    assert set(mine) == {tuple(table.palette.text)}, drawn
    assert ("Ada draws a card.", tuple(table.palette.text_dim)) in drawn, [d for d in drawn if "Ada" in d[0] or "You" in d[0]]


@pytest.mark.parametrize("variant", ["kabu", "kumbal"])
def test_the_match_result_says_why_the_match_ended(tmp_path, variant):
    """Play-test finding: the match result ranked the totals but never said the match ends when a
    total goes past the target and that the lowest total wins."""
    from game.client.ui import text as T
    from game.core.events import MatchEnded
    from kabu_driver import kabu_record
    app = make_app(tmp_path)
    seats = [("You", "human"), ("Ada", "easy"), ("Bruno", "easy")]
    record = kabu_record(seats, target=100) if variant == "kabu" else kumbal_record(seats, target=100)
    table = start(app, record)
    app.step(DT)
    table.screen.match_result = MatchEnded((104, 37, 12), (2,))
    table.screen.final_round_seen = True
    T.DRAWN.clear()
    table.draw(pygame.Surface(app.size))
    drawn = [text for text, _ in T.DRAWN]
    went = "went above" if variant == "kabu" else "went past"
    assert "Bruno wins the match!" in drawn
    assert f"Your total {went} 100: the lowest total wins." in drawn, drawn
    table.screen.match_result = MatchEnded((104, 120, 12), (2,))
    T.DRAWN.clear()
    table.draw(pygame.Surface(app.size))
    assert f"Your and Ada's totals {went} 100: the lowest total wins." in [text for text, _ in T.DRAWN]


def test_the_same_news_twice_at_once_is_one_counted_line(tmp_path):
    """Kombio's deal filled the three lines of news with "Bruno looks at their own card." twice,
    then Chiara's twice (seen in a real window): one look after another by the same player is one
    line, counted as the history already counted it; anything else in between starts a new one."""
    from kombio_driver import key, new_record
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=2, rounds=1))
    seen = []
    for i in range(200):     # the player's look first, the bots' once the player is done
        app.step(DT)
        seen.append(list(table.hud.narration))
        if i == 20:
            key(pygame.K_RETURN)
    assert ["Round 1: Bruno deals.", "You look at your own card (×2)."] in seen, seen[0]
    assert seen[-1][-2:] == ["Ada looks at their own card (×2).", "Bruno looks at their own card (×2)."], seen[-1]
    table.hud.narration.clear()
    for line in ("Ada draws a card.", "Ada draws a card.", "Ada draws a card.", "Bruno passes.", "Ada draws a card."):
        table.hud.narrate(line)
    assert list(table.hud.narration) == ["Ada draws a card (×3).", "Bruno passes.", "Ada draws a card."]
    assert [line for _, line in table.history.lines[-3:]] == list(table.hud.narration)


def test_equal_totals_share_a_place_in_the_match_result(tmp_path):
    """Play-test finding: Combat UNO's result listed "2. You 9" and "3. Bruno 9"; equal totals
    share their place ("2.", "2.", then "4.")."""
    from game.core.events import MatchEnded
    from game.core.record import GameRecord, SeatInfo
    from game.client.ui import text as T

    app = make_app(tmp_path)
    table = start(app, GameRecord("combat-uno", {}, [SeatInfo("You", "human", None)]
                                  + [SeatInfo(n, "bot", "medium") for n in ("Ada", "Bruno", "Chiara")], 3))
    table.screen.match_result = MatchEnded((9, 81, 9, 0), (3,))
    table.screen.round_result = None
    T.DRAWN.clear()
    table.draw(pygame.display.get_surface())
    places = [text for text, _ in T.DRAWN if text in ("1.", "2.", "3.", "4.")]
    assert places == ["1.", "2.", "2.", "4."], places
