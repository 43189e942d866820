"""The table tells the story (issue 15): the history panel and the last moves, the final round
shown before the match result, Rematch, the flow fixes (out-of-turn clicks, a penalty drawn in one
go, the pause screen hiding the hand), and "You" worded right. Every table is driven through
posted input in frames of a fixed time."""

from __future__ import annotations

import pygame
import pytest

from game.client.narration.wording import you_form
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

@pytest.mark.slow
def test_history_keeps_every_action_of_the_round_in_plain_words(tmp_path):
    app, table = kombio_table(tmp_path, rounds=2)
    Driver(app, table, seed=1).run()
    g = table.match.game
    assert g.over
    lines = [line for _, line in table.history.lines]
    rounds = {r for r, _ in table.history.lines}
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
    assert table.narrator.swap_words(ada, grid_place(ada, 0), grid_place(bruno, 2)) == "Ada swaps their own card with Bruno's."
    assert table.narrator.swap_words(ada, grid_place(bruno, 0), grid_place(3, 1)) == "Ada swaps Bruno's card with Cleo's."
    assert table.narrator.swap_words(ada, grid_place(bruno, 0), grid_place(bruno, 1)) == "Ada swaps two of Bruno's cards."
    assert you_form(table.narrator.swap_words(0, grid_place(0, 0), grid_place(ada, 1))) == "You swap your own card with Ada's."
    table.hud.narrate(table.narrator.swap_words(ada, grid_place(0, 0), grid_place(bruno, 1)))
    assert table.history.lines[-1][1] == "Ada swaps your card with Bruno's."
    assert table.narrator.look_words(bruno, grid_place(0, 3)) == "Bruno looks at your card."


@pytest.mark.slow
def test_history_panel_opens_with_h_and_scrolls(tmp_path):
    app, table = kombio_table(tmp_path, rounds=2)
    Driver(app, table, seed=1).run(max_frames=3000)
    assert len(table.history.lines) > 30
    assert not table.history.is_open
    key(pygame.K_h)
    app.step(DT)
    assert table.history.is_open
    texts = drawn_texts()
    assert "History" in texts
    newest = table.history.lines[-1][1]
    assert any(newest.startswith(t) or t in newest for t in texts if len(t) > 8), "the newest line is shown"
    first = table.history.lines[0][1]
    assert not any(t.startswith("Round 1:") for t in texts), "an early line was shown before scrolling"
    for _ in range(40):
        wheel(1)
    app.step(DT)
    assert table.history.scroll > 0
    assert first.split(":")[0] + ":" in "".join(drawn_texts())
    # Every seat's name in its colour: names are drawn as their own labels.
    assert "Ada" in drawn_texts()
    key(pygame.K_h)
    app.step(DT)
    assert not table.history.is_open and "H close · wheel, PgUp/PgDn scroll" not in drawn_texts()


@pytest.mark.parametrize("language", ["en", "de", "fr", "en_XA"])
def test_the_history_header_holds_its_hint_and_more_apart_in_every_language(tmp_path, language):
    """The History panel's header: in German the keys' hint ("H schließt · Mausrad, Bild↑/Bild↓
    blättern") touched "▲ mehr" under it, and the pseudo-locale's longer hint ran into the title at
    960x540. At each window size the title, the hint's lines, "▲ more" and the rows keep apart,
    inside the panel."""
    from game import i18n
    from game.i18n import _

    app, table = kombio_table(tmp_path)
    i18n.set_language(language)
    try:
        for n in range(80):
            table.history.remember(f"Ada looks at card {n}.", 1)
        table.history.toggle()
        table.history.scroll_by(5)       # (both "▲ more" and "▼ newer" shown)
        header = {_("History"), _("▲ more")}
        hint = T.wrap(_("H close · wheel, PgUp/PgDn scroll"), 13, 10_000)[0]
        checked = 0
        for size in ((960, 540), (1280, 720), (1920, 1080)):
            table.resize(size)
            T.DRAWN.clear()
            table.draw(pygame.Surface(size))
            panel = table.history.rect()
            inside = [(t, r) for t, r in T.DRAWN if panel.contains(r)]
            heads = [(t, r) for t, r in inside if t in header or t in hint]
            assert {t for t, _r in heads} >= header, (size, inside[:6])
            assert "".join(t for t, _r in heads if t not in header).replace(" ", "") == hint.replace(" ", "")
            for t, r in heads:
                others = [(u, q) for u, q in inside if (u, q) != (t, r) and q.colliderect(r)
                          and not u.startswith(_("▼ newer"))]
                assert not others, (language, size, t, r, others)
                checked += 1
    finally:
        i18n.set_language("en")
    assert checked >= 9


def test_the_history_colours_each_line_by_its_seat_in_german(tmp_path, monkeypatch):
    """The player's own lines were coloured only in English (the panel looked for "You" and
    "your"): in German "Du schaust dir deine eigene Karte an." came out plain. Each line now knows
    the seat it tells of: the player's own line is in the player's colour in any language, every
    line has a mark in its seat's colour, and the other seats' lines stay plain but for names."""
    from game import i18n
    from game.client.ui import theme as TH

    app = make_app(tmp_path)
    i18n.set_language("de")         # (as Settings, Language does)
    try:
        table = start(app, new_record([("You", "human"), ("Ada", "random"), ("Bruno", "random"), ("Cleo", "random")],
                                      seed=5, rounds=1))
        Driver(app, table, seed=1).run(max_frames=900)
        table.history.toggle()
        you = next(iter(table.narrator.you))
        pal = table.palette
        own = TH.lighten(pal.seat_colour(you), 0.25)
        drawn = []
        blit = T.blit_text

        def spy(surface, s, size, color, pos, anchor="topleft", bold=False):
            drawn.append((str(s), tuple(color), pos))
            return blit(surface, s, size, color, pos, anchor, bold)
        monkeypatch.setattr(T, "blit_text", spy)
        surface = pygame.Surface(app.size)
        table.draw(surface)
        monkeypatch.setattr(T, "blit_text", blit)
        names = set(table.history.name_colours(pal))     # (the names, and the German words for the player)
    finally:
        i18n.set_language("en")
    panel = table.history.rect()
    left = panel.x + 16
    told = list(zip(table.history.lines, getattr(table.history, "seats", [None] * len(table.history.lines))))
    checked = {"own": 0, "other": 0, "marks": 0}
    rows: dict[int, list] = {}
    for text, colour, (x, y) in drawn:
        if panel.x + 10 <= x < panel.right and y > panel.y + 40 and text.strip():
            rows.setdefault(y, []).append((x, text, colour))
    for y, parts in rows.items():
        parts.sort()
        if parts[0][0] != left:
            continue            # (a round's head, centred)
        words = "".join(text for _, text, _ in parts)
        # the player's own lines say "Du ...", the others' start with their name
        mine = words.startswith("Du ")
        if mine or words.split(" ")[0] in names:
            for _, text, colour in parts:
                if text not in names:
                    assert colour == tuple(own if mine else pal.text), (words, text, colour)
                    checked["own" if mine else "other"] += 1
        # and each line is marked in the colour of its seat (where the words say which line)
        seats = {seat for (_, line), seat in told if line.startswith(words)}
        if len(seats) == 1 and None not in seats:
            seat = seats.pop()
            mark = surface.get_at((left - 8, y + T.line_height(TH.SMALL) // 2))[:3]
            assert tuple(mark) == tuple(pal.seat_colour(seat)), (words, tuple(mark), seat)
            checked["marks"] += 1
    assert checked["own"] and checked["other"] and checked["marks"], (checked, table.history.lines[-12:])


@pytest.mark.slow
def test_last_move_traces_follow_the_seats(tmp_path):
    app, table = kombio_table(tmp_path)
    Driver(app, table, seed=1).run(max_frames=1500)
    assert table.history.traces, "no seat's last move is marked"
    for seat, trace in table.history.traces.items():
        assert 0 <= seat < 4 and trace.sprites


# -- the final round, the match result, Rematch ----------------------------------------------------

def finish(app, table, seed=1):
    Driver(app, table, seed=seed).run()
    for _ in range(200):
        if not table.director.animating:
            break
        app.step(DT)
    assert table.match.game.over and table.screen.match_result is not None


@pytest.mark.slow
def test_final_round_breakdown_is_shown_before_the_match_result(tmp_path):
    app, table = kombio_table(tmp_path, rounds=1)
    finish(app, table)
    app.step(DT)
    texts = drawn_texts()
    assert table.screen.round_result is not None and not table.screen.showing_match_result()
    assert any(t.startswith("Final round (1): scores") for t in texts), texts
    assert not any(t.endswith("the match!") for t in texts)
    buttons = [b.text for b in table.input.form.widgets]
    assert "Match result" in buttons and "Main menu" not in buttons and "Rematch" not in buttons
    # Every hand revealed in the breakdown, upright: each seat's cards were drawn face up.
    faces = [f for f in table.drawn.faces if f[0] is not None]
    assert faces
    # The rule applied to each score is worded under the seat (the call, when there was one).
    per, general = table.spec.score_reasons(table.screen.round_result)
    assert per or general
    key(pygame.K_RETURN)
    app.step(DT)
    app.step(DT)
    texts = drawn_texts()
    assert table.screen.showing_match_result()
    assert any(t.endswith("the match!") for t in texts)
    buttons = [b.text for b in table.input.form.widgets]
    assert "Rematch" in buttons and "Main menu" in buttons


def test_kombio_call_is_explained_per_seat(tmp_path):
    from game.core.events import Note, RoundScored

    app, table = kombio_table(tmp_path)
    table.spec.caller = 0
    ev = RoundScored(1, (12, 5, 20, 12), (27, 5, 20, 12), (27, 5, 20, 12), (Note.of("kombio.call-failed", 0, penalty=15),))
    per, general = table.spec.score_reasons(ev)
    assert per[0] == ["called KOMBIO but Ada was lower: +15"]
    ev = RoundScored(1, (3, 5, 20, 12), (3, 15, 30, 22), (3, 15, 30, 22), (Note.of("kombio.call-made", 0, bonus=10),))
    per, general = table.spec.score_reasons(ev)
    assert per[0] == ["called KOMBIO and was lowest"]
    assert per[1] == ["your KOMBIO call was lowest: +10"]


@pytest.mark.slow
def test_rematch_keeps_seats_and_options(tmp_path):
    app, table = kombio_table(tmp_path, rounds=1, reaction_seconds=2.5)
    old = table.match.record()
    finish(app, table)
    table.results.show_match_result()
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
    assert "caption" in table.narrator.face_of(seven.card)
    assert "caption" in table.zones.face_at(seven, Place("held", 0))
    assert "caption" not in table.zones.face_at(seven, grid_place(0, 1))
    assert "caption" not in table.zones.face_at(seven, Place("discard"))


# -- flow ---------------------------------------------------------------------------------------------

def uno_until(app, driver, pred, frames=30000) -> bool:
    for _ in range(frames):
        if pred():
            return True
        driver.act()
        app.step(DT)
    return False


def test_a_card_clicked_out_of_turn_is_not_selected(tmp_path):
    from hand_driver import card_point
    from test_combat_uno_table import UnoDriver, uno_record
    from kombio_driver import click
    from game.variants.combat_uno import Play

    app = make_app(tmp_path)
    table = start(app, uno_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=11, rounds=5))
    driver = UnoDriver(app, table, seed=3, jump_rate=0.0)
    g = table.match.game

    def out_of_turn() -> bool:
        return table.director.ready_for_input() and g.phase == "play" and g.turn != 0 and g.owed[0] == 0 and \
            not any(isinstance(a, Play) for a in g.legal_actions(0)) and len(g.hands[0]) > 1
    assert uno_until(app, driver, out_of_turn)
    click(card_point(table, 0, 1))
    app.step(DT)
    app.step(DT)
    assert table.spec.selected is None
    assert table.spec.targets()[1] == set()
    assert "Play" not in [b.text for b in table.input.form.widgets]
    assert table.hud.message is not None       # why not is still said

    # Kombio: a click on your card while a bot is on turn picks nothing either.
    app, k = kombio_table(tmp_path / "k")
    kg = k.match.game
    kd = Driver(app, k, seed=1)
    for _ in range(20000):
        if k.director.ready_for_input() and kg.phase == "turn" and kg.turn != 0 and k.director.hold is None:
            break
        kd.act()
        app.step(DT)
    from kombio_driver import place_pos
    click(place_pos(k, grid_place(0, 0)))
    app.step(DT)
    assert k.input.pick == [] and k.spec.targets()[1] == set()


@pytest.mark.slow
def test_owed_penalty_is_drawn_in_one_go_card_by_card(tmp_path):
    from test_combat_uno_table import UnoDriver, uno_record
    from game.core.events import CardMoved
    from game.variants.combat_uno import DrawCard, StartDrawing

    app = make_app(tmp_path, speed=1.0)
    table = start(app, uno_record([("You", "human"), ("Ada", "hard"), ("Bruno", "hard")], seed=2, rounds=9))
    driver = UnoDriver(app, table, seed=5, jump_rate=0.0, draw_rate=0.0)
    g = table.match.game

    def penalty_on_me() -> bool:
        return table.director.ready_for_input() and any(isinstance(a, StartDrawing) for a in g.legal_actions(0)) and g.pending >= 2
    found = False
    for attempt in range(3):
        if uno_until(app, driver, penalty_on_me, frames=40000):
            found = True
            break
    assert found, "no penalty came to the human seat"
    owed = g.pending
    before = len(g.hands[0])
    history = len(g.history)
    key(pygame.K_d)                         # one press
    app.step(DT)
    assert len(g.hands[0]) == before + owed
    assert g.owed[0] == 0 and not any(isinstance(a, DrawCard) for a in g.legal_actions(0))
    kinds = [type(a).__name__ for _, a in g.history[history:]]
    assert kinds == ["StartDrawing"] + ["DrawCard"] * (owed - 1)
    # the cards fly one after another (staggered), not all in one frame
    flying = [s for s in table.zones.hands[0] if s.moving]
    assert len(flying) >= 2
    waits = {round(t.delay - t.elapsed, 3) for t in table.director.tweens.active if t.target in flying and not t.started}
    assert waits, "the penalty cards all left the deck at once"


def test_pause_in_hotseat_hides_the_hand(tmp_path):
    from test_combat_uno_table import UnoDriver, uno_record
    from game.client.scenes.curtain import Curtain
    from game.client.scenes.pause import PauseMenu

    app = make_app(tmp_path)
    table = start(app, uno_record([("Ann", "human"), ("Bob", "human"), ("Ada", "medium")], seed=6, rounds=1))
    driver = UnoDriver(app, table, seed=2, jump_rate=0.0)
    # play until a human's hand is open on the table
    for _ in range(20000):
        if app.top is table and table.screen.viewer in table.screen.humans and table.director.ready_for_input() and table.zones.hand_visible(table.screen.viewer):
            break
        driver.act()
        app.step(DT)
    assert table.screen.viewer in table.screen.humans
    key(pygame.K_ESCAPE)
    app.step(DT)
    assert isinstance(app.top, PauseMenu)
    table.draw_log.clear()
    app.step(DT)
    assert table.draw_log == [], "the table (and the open hand) was drawn under the pause menu"
    assert "Paused" in drawn_texts()
    # single player: the pause menu may show the table dimmed (nobody else is looking)
    app2, k = kombio_table(tmp_path / "solo")
    key(pygame.K_ESCAPE)
    app2.step(DT)
    assert isinstance(app2.top, PauseMenu) and not app2.top.opaque


# -- wording ------------------------------------------------------------------------------------------

def test_messages_with_a_seat_as_subject_read_right_for_you(tmp_path):
    cases = {
        "You matches!": "You match!",
        "✓ You matches!": "✓ You match!",
        "You takes the card": "You take the card",
        "You catches Ada without UNO!": "You catch Ada without UNO!",
        "Ada catches You without UNO!": "Ada catches you without UNO!",
        "Caught by You!": "Caught by you!",
        "You: takes the wrongly claimed card.": "You take the wrongly claimed card.",
        "You was too late with a red 5: it goes back to the hand.": "You were too late with a red 5: it goes back to the hand.",
        "Round 2: You deals.": "Round 2: You deal.",
        "Ada matches with your 12.": "Ada matches with your 12.",
    }
    for third, second in cases.items():
        assert you_form(third) == second, third
    app, table = kombio_table(tmp_path)
    table.hud.float_text(0, "Caught by You!")
    table.hud.say("You matches!")
    table.hud.narrate("Ada catches You without UNO!")
    assert table.hud.floating[-1].text == "Caught by you!"
    assert table.hud.message[0] == "You match!"
    assert table.history.lines[-1][1] == "Ada catches you without UNO!"


@pytest.mark.slow
def test_every_card_of_a_penalty_drawn_in_one_go_is_outlined(tmp_path):
    from test_combat_uno_table import UnoDriver, uno_record
    from game.variants.combat_uno import StartDrawing

    app = make_app(tmp_path, speed=1.0)
    table = start(app, uno_record([("You", "human"), ("Ada", "hard"), ("Bruno", "hard")], seed=2, rounds=9))
    driver = UnoDriver(app, table, seed=5, jump_rate=0.0, draw_rate=0.0)
    g = table.match.game

    def penalty_on_me() -> bool:
        return table.director.ready_for_input() and any(isinstance(a, StartDrawing) for a in g.legal_actions(0)) and g.pending >= 2
    assert uno_until(app, driver, penalty_on_me, frames=120000), "no penalty came to the human seat"
    owed = g.pending
    old = {id(s) for s in table.zones.hands[0]}
    key(pygame.K_d)                         # one press: the whole penalty
    for _ in range(400):
        app.step(DT)
        if not table.director.animating:
            break
    drawn = [s for s in table.zones.hands[0] if id(s) not in old]
    assert len(drawn) == owed
    # Every card the penalty brought is the seat's last move, not only the last one.
    assert {id(s) for s in table.history.traces[0].sprites} == {id(s) for s in drawn}
    # ... and each is outlined on screen in the seat's colour (the outline lies 5 px outside the card;
    # its top edge is looked at: the seat's name plate is drawn over the bottom one, under the hand).
    colour = table.palette.seat_colour(0)
    surface = app.surface

    def outlined(sprite) -> bool:
        r = sprite.rect().inflate(10, 10)
        y = r.top + 1
        row = [tuple(surface.get_at((x, y)))[:3] for x in range(max(0, r.left + 12), min(surface.get_width(), r.right - 12))]
        return sum(1 for p in row if sum(abs(a - b) for a, b in zip(p, colour[:3])) < 120) >= len(row) // 3

    assert all(outlined(s) for s in drawn), [outlined(s) for s in drawn]


@pytest.mark.slow
def test_a_bots_penalty_drawn_card_after_card_is_one_outlined_move(tmp_path):
    # A bot takes an owed penalty one action per card, at its own pace: the trace of its last move
    # holds every card of the penalty, not only the last one drawn.
    from test_combat_uno_table import UnoDriver, uno_record
    from game.variants.combat_uno import DrawCard, StartDrawing

    app = make_app(tmp_path, speed=1.0)
    table = start(app, uno_record([("You", "human"), ("Ada", "hard"), ("Bruno", "hard"), ("Chiara", "hard")],
                                  seed=4, rounds=9))
    driver = UnoDriver(app, table, seed=5, jump_rate=0.0)
    g = table.match.game
    seen, runs, checked = 0, [], 0
    for _ in range(120000):
        driver.act()
        app.step(DT)
        for _, a in g.history[seen:]:
            if isinstance(a, StartDrawing) and a.seat != 0:
                runs.append([a.seat, 1, False])
            elif isinstance(a, DrawCard) and runs and runs[-1][0] == a.seat and not runs[-1][2]:
                runs[-1][1] += 1
            elif runs and not runs[-1][2] and a.seat != -1:      # (the table closing a window is no move)
                runs[-1][2] = True            # the run ended: someone else acted
                runs[-1].append(a.seat)
        seen = len(g.history)
        if runs and runs[-1][2] and not table.director.animating:
            seat, count, _, next_seat = runs.pop()
            if next_seat != seat and count >= 2:
                trace = table.history.traces.get(seat)
                assert trace is not None and len(trace.sprites) == count, (seat, count, trace)
                checked += 1
            runs.clear()
        if checked >= 2 or g.over:
            break
    assert checked >= 2, f"only {checked} bot penalties of two cards or more were seen"


def test_a_refusal_about_the_turn_goes_when_the_turn_passes_on(tmp_path):
    """"It is Ada's turn." said during Ada's turn is gone as soon as it is somebody else's: it
    would be wrong by then. Said and the turn unchanged, it stays."""
    from game.core.record import GameRecord, SeatInfo
    from game.core.view import SPECTATOR
    from game.variants.combat_uno import Draw
    from kombio_driver import DT, make_app, start

    app = make_app(tmp_path)
    table = start(app, GameRecord("combat-uno", {"length": "rounds", "rounds": 1},
                                  [SeatInfo("You", "human", None), SeatInfo("Ada", "random", None),
                                   SeatInfo("Bruno", "random", None)], 11))
    turn = lambda: table.match.view(SPECTATOR).turn   # noqa: E731
    said_during = None
    for _ in range(3000):
        app.step(DT)
        if turn() == 0 and table.director.ready_for_input():
            draw = [a for a in table.match.legal(0) if isinstance(a, Draw)]
            if draw:
                table.input.submit(draw[0])
        if turn() == 1 and said_during is None:
            table.hud.say("It is Ada's turn.")
            app.step(0.01)
            assert table.hud.message is not None and "Ada's turn" in table.hud.message[0]
            said_during = 1
        elif said_during == 1 and turn() != 1:
            app.step(0.01)
            assert table.hud.message is None, "the refusal outlived the turn it spoke of"
            break
    assert said_during == 1
