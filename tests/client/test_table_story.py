"""The table tells the story (issue 15): the history panel and the last moves, the final round
shown before the match result, Rematch, the flow fixes (out-of-turn clicks, a penalty drawn in one
go, the pause screen hiding the hand), and "You" worded right. Every table is driven through
posted input on a fake clock."""

from __future__ import annotations

import pygame
import pytest

from game.client.table.wording import you_form
from game.client.ui import text as T
from game.core.cards import Place, grid_place
from kombio_driver import DT, Driver, key, make_app, new_record, start

pytestmark = pytest.mark.client


def wheel(y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))


def drawn_texts() -> list[str]:
    return [t for t, _ in T.DRAWN]


def kombio_table(tmp_path, seed=5, rounds=1, **opts):
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "random"), ("Bruno", "random"), ("Cleo", "random")],
                                  seed=seed, rounds=rounds, **opts))
    return app, table


# -- the history ------------------------------------------------------------------------------------

def test_history_keeps_every_action_of_the_round_in_plain_words(tmp_path):
    app, table = kombio_table(tmp_path, rounds=2)
    Driver(app, table, seed=1).run()
    g = table.match.game
    assert g.over
    lines = [line for _, line in table.history]
    rounds = {r for r, _ in table.history}
    assert rounds == {1, 2}
    assert lines[0].startswith("Round 1:")
    # Every action a seat took on its turn is in the history: draws, takes, plays, calls.
    draws = sum(1 for _, a in g.history if type(a).__name__ in ("DrawFromDeck", "TakeDiscard"))
    told = sum(1 for line in lines if " draws a card" in line or " draw a card" in line or " from the discard pile" in line)
    assert told == draws
    # The human is "You" in the second person, nobody else is.
    assert any(line.startswith("You draw") or line.startswith("You take") for line in lines)
    assert not any("You draws" in line or "You takes" in line or "You matches" in line for line in lines)
    # Looks name whose card without saying what it was.
    assert any(line.startswith("Ada looks at") for line in lines)


def test_swap_and_look_words_name_whose_cards(tmp_path):
    app, table = kombio_table(tmp_path)
    ada, bruno = 1, 2
    assert table.swap_words(ada, grid_place(ada, 0), grid_place(bruno, 2)) == "Ada swaps their own card with Bruno's."
    assert table.swap_words(ada, grid_place(bruno, 0), grid_place(3, 1)) == "Ada swaps Bruno's card with Cleo's."
    assert table.swap_words(ada, grid_place(bruno, 0), grid_place(bruno, 1)) == "Ada swaps two of Bruno's cards."
    assert you_form(table.swap_words(0, grid_place(0, 0), grid_place(ada, 1))) == "You swap your own card with Ada's."
    table.narrate(table.swap_words(ada, grid_place(0, 0), grid_place(bruno, 1)))
    assert table.history[-1][1] == "Ada swaps your card with Bruno's."
    assert table.look_words(bruno, grid_place(0, 3)) == "Bruno looks at your card."


def test_history_panel_opens_with_h_and_scrolls(tmp_path):
    app, table = kombio_table(tmp_path, rounds=2)
    Driver(app, table, seed=1).run(max_frames=3000)
    assert len(table.history) > 30
    assert not table.history_open
    key(pygame.K_h)
    app.step(DT)
    assert table.history_open
    texts = drawn_texts()
    assert "History" in texts
    newest = table.history[-1][1]
    assert any(newest.startswith(t) or t in newest for t in texts if len(t) > 8), "the newest line is shown"
    first = table.history[0][1]
    assert not any(t.startswith("Round 1:") for t in texts), "an early line was shown before scrolling"
    for _ in range(40):
        wheel(1)
    app.step(DT)
    assert table.history_scroll > 0
    assert first.split(":")[0] + ":" in "".join(drawn_texts())
    # Every seat's name in its colour: names are drawn as their own labels.
    assert "Ada" in drawn_texts()
    key(pygame.K_h)
    app.step(DT)
    assert not table.history_open and "H close · wheel, PgUp/PgDn scroll" not in drawn_texts()


def test_last_move_traces_follow_the_seats(tmp_path):
    app, table = kombio_table(tmp_path)
    Driver(app, table, seed=1).run(max_frames=1500)
    assert table.traces, "no seat's last move is marked"
    for seat, trace in table.traces.items():
        assert 0 <= seat < 4 and trace.sprites


# -- the final round, the match result, Rematch ----------------------------------------------------

def finish(app, table, seed=1):
    Driver(app, table, seed=seed).run()
    for _ in range(200):
        if not table.animating:
            break
        app.step(DT)
    assert table.match.game.over and table.match_result is not None


def test_final_round_breakdown_is_shown_before_the_match_result(tmp_path):
    app, table = kombio_table(tmp_path, rounds=1)
    finish(app, table)
    app.step(DT)
    texts = drawn_texts()
    assert table.round_result is not None and not table.showing_match_result()
    assert any(t.startswith("Final round (1): scores") for t in texts), texts
    assert not any(t.endswith("the match!") for t in texts)
    buttons = [b.text for b in table.form.widgets]
    assert "Match result" in buttons and "Main menu" not in buttons and "Rematch" not in buttons
    # Every hand revealed in the breakdown, upright: each seat's cards were drawn face up.
    faces = [f for f in table.frame_faces if f[0] is not None]
    assert faces
    # The rule applied to each score is worded under the seat (the call, when there was one).
    per, general = table.score_reasons(table.round_result)
    assert per or general
    key(pygame.K_RETURN)
    app.step(DT)
    app.step(DT)
    texts = drawn_texts()
    assert table.showing_match_result()
    assert any(t.endswith("the match!") for t in texts)
    buttons = [b.text for b in table.form.widgets]
    assert "Rematch" in buttons and "Main menu" in buttons


def test_kombio_call_is_explained_per_seat(tmp_path):
    from game.core.events import RoundScored

    app, table = kombio_table(tmp_path)
    table.caller = 0
    ev = RoundScored(1, (12, 5, 20, 12), (27, 5, 20, 12), (27, 5, 20, 12), ("Seat 0 called KOMBIO but was tied or beaten: +15 for the caller.",))
    per, general = table.score_reasons(ev)
    assert per[0] == ["called KOMBIO but Ada was lower: +15"]
    ev = RoundScored(1, (3, 5, 20, 12), (3, 15, 30, 22), (3, 15, 30, 22), ("Seat 0 called KOMBIO and was strictly lowest: everyone else +10.",))
    per, general = table.score_reasons(ev)
    assert per[0] == ["called KOMBIO and was lowest"]
    assert per[1] == ["your KOMBIO call was lowest: +10"]


def test_rematch_keeps_seats_and_options(tmp_path):
    app, table = kombio_table(tmp_path, rounds=1, reaction_seconds=2.5)
    old = table.match.record()
    finish(app, table)
    table.show_match_result()
    app.step(DT)
    key(pygame.K_r)
    app.step(DT)
    new = app.top
    assert new is not table and type(new) is type(table)
    rec = new.match.record()
    assert rec.variant == old.variant and rec.options == old.options
    assert [(s.name, s.kind, s.level) for s in rec.seats] == [(s.name, s.kind, s.level) for s in old.seats]
    assert rec.seed != old.seed and not rec.actions[1:]
    assert len(app.scenes) == 2          # the main menu and the new table: nothing left behind


# -- legible cards -----------------------------------------------------------------------------------

def test_rotation_ambiguous_indices_are_underlined():
    from game.client.ui.cards import ambiguous, render_card

    assert ambiguous("6") and ambiguous("9") and ambiguous("16") and ambiguous("68")
    assert not any(ambiguous(s) for s in ("8", "10", "11", "0", "−1", "-1", "5", "69", "88", "J", "+2"))
    # the underline is drawn: a 6 differs from a 6 drawn without one under its corner index
    six = render_card({"rank": 6}, (80, 116))
    import game.client.ui.cards as C
    saved = C.ambiguous
    try:
        C.ambiguous = lambda label: False
        C.clear_cache()
        plain = render_card({"rank": 6}, (80, 116))
    finally:
        C.ambiguous = saved
        C.clear_cache()
    assert pygame.image.tobytes(six, "RGBA") != pygame.image.tobytes(plain, "RGBA")


def test_ability_badge_only_on_a_drawn_card(tmp_path):
    from game.client.table.sprites import CardSprite
    from game.core.cards import Card

    app, table = kombio_table(tmp_path)
    seven = CardSprite(0, 0, 0, (60, 84), Card(99, 7, None), None, 1.0)
    assert "caption" in table.face_of(seven.card)
    assert "caption" in table.face_at(seven, Place("held", 0))
    assert "caption" not in table.face_at(seven, grid_place(0, 1))
    assert "caption" not in table.face_at(seven, Place("discard"))
