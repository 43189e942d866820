"""The Kombio table, single player against bots, driven through posted mouse clicks and keys in
frames of a fixed time: whole matches, what is drawn (no private face for the wrong eyes), the view never
running ahead of the animations, saving after every action and continuing exactly."""

from __future__ import annotations

import pygame
import pytest

from game.client.table.kombio import KombioTable
from game.core.cards import DECK, DISCARD, grid_place
from game.core.events import CardSeen
from game.core.record import GameRecord
from kombio_driver import DT, Driver, click, key, make_app, new_record, place_pos, start

pytestmark = pytest.mark.client


@pytest.mark.slow
def test_single_player_match_to_the_end(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "random"), ("Bruno", "random"), ("Chiara", "random")],
                                  seed=5, rounds=2))
    assert isinstance(table.spec, KombioTable)
    driver = Driver(app, table, seed=1)
    driver.run()
    g = table.match.game
    assert g.over, f"the match did not end (phase {g.phase}, inputs {driver.inputs})"
    assert table.screen.match_result is not None
    # The human really played: draws, swaps or plays, passes, and confirmed the peeks.
    assert driver.inputs.get("peek-confirm", 0) >= 2
    assert driver.inputs.get("DrawFromDeck", 0) + driver.inputs.get("TakeDiscard", 0) >= 2
    assert driver.inputs.get("Pass", 0) >= 1
    humans = [a for _, a in g.history if a.seat == 0]
    assert len(humans) >= 5
    assert driver.checks > 100
    # Statistics were updated through the shell's storage, and the saved match cleared.
    stats = app.storage.stats.for_variant("kombio")
    assert stats.played == 1
    assert app.storage.stats.last_match is not None
    assert not app.storage.save_path("kombio").exists()
    # The view matches the game at the end: every card revealed where the rules have it.
    for seat, grid in enumerate(g.grids):
        for i, card in enumerate(grid):
            sprite = table.zones.sprite_at(grid_place(seat, i))
            assert (card is None) == (sprite is None)
            if card is not None:
                assert sprite.card == card and sprite.show_to is None and sprite.turn == 1.0


@pytest.mark.parametrize("seats", [2, 3, 5, 6])
@pytest.mark.slow
def test_every_table_size_plays_through(tmp_path, seats):
    app = make_app(tmp_path)
    names = [("You", "human")] + [(f"Bot{i}", "random") for i in range(seats - 1)]
    table = start(app, new_record(names, seed=seats, rounds=1))
    driver = Driver(app, table, seed=seats, claim_rate=0.5)
    driver.run()
    assert table.match.game.over
    # The view's card count agrees with the game's.
    assert sum(len(g) for g in table.zones.grid.values()) == sum(1 for g in table.match.game.grids for c in g if c is not None)


@pytest.mark.slow
def test_memory_aid_badges_only_for_seen_cards(tmp_path):
    app = make_app(tmp_path, memory_aid=True)
    table = start(app, new_record([("You", "human"), ("Ada", "random"), ("Bruno", "random")], seed=11, rounds=1))
    driver = Driver(app, table, seed=4)
    badges = 0
    for _ in range(4000):
        driver.act()
        app.step(DT)
        if table.draw_log:
            badges += sum(1 for f in table.draw_log[-1][2] if f[0] == "memory")
        driver.check_frame()
        if table.match.game.over and not table.director.animating:
            break
    assert table.match.game.over
    assert badges > 0, "the memory aid never showed a remembered card"


def test_peek_holds_the_bots_and_hides_again(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "random"), ("Bruno", "random")], seed=2))
    for _ in range(10):
        app.step(DT)
    assert table.director.hold is not None and table.director.hold.kind == "peek"
    before = (len(table.match.game.history), table.screen.table_time)
    for _ in range(200):                  # ten seconds: nobody moves while the human is peeking
        app.step(DT)
    assert (len(table.match.game.history), table.screen.table_time) == before
    faces = {f[1].id for f in table.draw_log[-1][2] if f[0] != "memory" and f[2] is not None}
    near = {table.match.game.grids[0][2].id, table.match.game.grids[0][3].id}
    assert faces == near, "the peek shows exactly the two near cards"
    key(pygame.K_RETURN)
    for _ in range(3):
        app.step(DT)
    assert table.director.hold is None
    faces = [f for f in table.draw_log[-1][2] if f[0] != "memory" and f[2] is not None]
    assert faces == [], "the near cards are face down again after the peek"


@pytest.mark.slow
def test_bots_wait_for_animations(tmp_path):
    """At normal animation speed the table clock stands still while cards are moving."""
    app = make_app(tmp_path, speed=1.0, bot_speed="normal")
    table = start(app, new_record([("You", "human"), ("Ada", "random"), ("Bruno", "random")], seed=8))
    driver = Driver(app, table, seed=3, claim_rate=0.0)
    moving_ticks = 0
    for _ in range(1500):
        driver.act()
        was_animating = table.director.animating
        t0 = table.screen.table_time
        app.step(DT)
        if was_animating and table.director.tweens.busy:
            assert table.screen.table_time == t0, "the bots' clock ran during an animation"
            moving_ticks += 1
        driver.check_frame()
    assert moving_ticks > 50
    assert len(table.match.game.history) > 10


def test_illegal_click_explains_why(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "random")], seed=1))
    for _ in range(5):
        app.step(DT)
    key(pygame.K_RETURN)                   # end the peek
    for _ in range(400):
        app.step(DT)
        if table.director.ready_for_input() and table.spec.actor() == 0 and table.match.game.phase == "turn":
            break
    assert table.spec.actor() == 0 and table.match.game.phase == "turn"
    click(place_pos(table, grid_place(1, 0)))    # an opponent's card, before drawing
    app.step(DT)
    assert table.hud.message is not None and "draw" in table.hud.message[0].lower()
    if not table.match.game.discard:
        click(place_pos(table, DISCARD))
        app.step(DT)
        assert "discard pile is empty" in table.hud.message[0].lower()
    click(place_pos(table, DECK))
    app.step(DT)
    assert table.match.game.phase == "drawn" and table.match.game.held is not None


@pytest.mark.slow
def test_saved_after_every_action_and_continued_exactly(tmp_path):
    app = make_app(tmp_path)
    record = new_record([("You", "human"), ("Ada", "random"), ("Bruno", "random")], seed=21, rounds=5)
    table = start(app, record)
    driver = Driver(app, table, seed=9)
    while len(table.match.game.history) < 40:
        driver.act()
        app.step(DT)
        table.match.flush()                  # the saver writes in the background; flushed, it holds every action
        saved = GameRecord.load(app.storage.save_path("kombio"))
        assert len(saved.actions) == len(table.match.game.history), "the save lags the game"
    assert not table.match.game.over
    # Continue: a new app reads the save and rebuilds the match without replaying animations.
    app2 = make_app(tmp_path)
    saved_record, meta = app2.storage.saved_match("kombio")
    table2 = start(app2, saved_record)
    g1, g2 = table.match.game, table2.match.game
    assert g2.history == g1.history
    assert g2.observe(0) == g1.observe(0)
    assert not table2.director.tweens.busy
    assert all(isinstance(e, (CardSeen,)) or type(e).__name__ == "TurnStarted" for e in table2.director.queue)
    # The rebuilt view shows every card where the game has it.
    for seat, grid in enumerate(g2.grids):
        for i, card in enumerate(grid):
            assert (card is None) == (table2.zones.sprite_at(grid_place(seat, i)) is None)
    assert table2.zones.deck_n == len(g2.deck)
    # The history panel tells the match so far, in the words it had when it was played (it was
    # empty after Continue), and goes on from there.
    assert [line for _, line in table2.history.lines] == [line for _, line in table.history.lines], \
        (table.history.lines[-5:], table2.history.lines[-5:])
    assert list(table2.hud.narration) == list(table.hud.narration)
    driver2 = Driver(app2, table2, seed=10)
    driver2.run()
    assert table2.match.game.over


def test_enter_while_the_bots_play_does_not_open_the_history(tmp_path):
    """With no button of the player's own on screen (a bot's turn), the History button took the
    keyboard focus: a gold ring lit on it at every bot turn (seen in a real window), and an Enter
    pressed a moment late (to end the peek) opened the history. Nothing is focused until the
    player moves the focus, and Enter then does nothing."""
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=2, rounds=1))
    bots_turn = False
    for _ in range(3000):
        app.step(DT)
        texts = [w.text for w in table.input.form.widgets]
        own = [w for w in table.input.form.widgets if w.text not in ("History", "Hint")]
        if table.director.hold is not None:
            key(pygame.K_RETURN)          # (the peek: its Done button waits while the cards turn)
        elif own and not table.director.animating:
            click(own[0].rect.center)     # (Draw, Play to discard, Skip ability, Pass: the quickest way on)
        elif texts == ["History"] and not table.director.animating and table.match.view(0).turn not in (0, None):
            bots_turn = True
            break
    assert bots_turn, "no bot's turn came"
    assert table.input.form.focused is None
    history = table.input.form.widgets[0]
    drawn = []
    real_draw = type(history).draw

    def spy(self, surface, pal, focused):
        drawn.append(focused)
        return real_draw(self, surface, pal, focused)
    type(history).draw = spy
    try:
        table.draw(pygame.Surface(app.size))
    finally:
        type(history).draw = real_draw
    assert drawn == [False], "the History button is drawn focused while the bots play"
    key(pygame.K_RETURN)
    app.step(DT)
    assert not table.history.is_open
    key(pygame.K_TAB)        # the focus is still there for whoever wants it
    key(pygame.K_RETURN)
    app.step(DT)
    app.step(DT)
    assert table.history.is_open


def test_a_late_space_does_not_skip_the_final_scores(tmp_path):
    """Space is the pass key, pressed in a hurry: one that came as the last window closed pressed
    the "Match result" button, and the final round's scores were never shown (seen in a real
    window); a second would have pressed "Main menu". On the table Space presses no button: the
    scores stay until Enter."""
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "random"), ("Bruno", "random")], seed=5, rounds=1))
    Driver(app, table, seed=2).run()
    for _ in range(200):
        app.step(DT)
        if not table.director.animating and any(w.text == "Match result" for w in table.input.form.widgets):
            break
    texts = [w.text for w in table.input.form.widgets]
    assert "Match result" in texts and not table.screen.showing_match_result(), texts
    for _ in range(2):
        key(pygame.K_SPACE)
        app.step(DT)
    assert not table.screen.showing_match_result(), "a Space skipped the final round's scores"
    key(pygame.K_RETURN)
    app.step(DT)
    assert table.screen.showing_match_result()
    key(pygame.K_SPACE)
    app.step(DT)
    app.step(DT)
    assert app.top is table, "a Space left the match for the main menu"


def _late_claim(tmp_path, matched: bool):
    """Plays Kombio against hard bots, the human never claiming, until a window closes (after a
    bot's match if `matched`, else on time with nobody matching) while the human holds a card of
    the pile's rank; then clicks that card once the table has shown the window close. Returns the
    table and the message the click brought."""
    from game.variants.kombio import MatchAttempted

    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "hard"), ("Bruno", "hard"), ("Cleo", "hard")],
                                  seed=5, rounds=3))
    driver = Driver(app, table, seed=1, claim_rate=0.0)
    matches = []
    shown = table.director.animate

    def animate(ev):
        if isinstance(ev, MatchAttempted) and ev.correct:
            matches.append(ev)
        shown(ev)
    table.director.animate = animate
    window_seen = False
    for _ in range(40000):
        g = table.match.game
        top = g.discard[-1] if g.discard else None
        mine = [i for i, c in enumerate(g.grids[0]) if c is not None and top is not None and c.rank == top.rank]
        if g.phase == "reaction":
            window_seen = bool(mine)
            if not window_seen:
                matches.clear()
            app.step(DT)         # the player holds a card of that rank but is slow
            continue
        if window_seen and not table.director.animating and mine and bool(matches) == matched:
            before = table.match.version
            click(place_pos(table, grid_place(0, mine[0])))
            app.step(DT)
            assert table.match.version == before
            return table, table.hud.message[0] if table.hud.message else None
        window_seen = False
        matches.clear()
        driver.act()
        app.step(DT)
        assert not g.over
    raise AssertionError("no late claim came up")


@pytest.mark.slow
def test_a_claim_a_moment_too_late_says_who_matched_first(tmp_path):
    """Seen in a real window: Ada matched her 1, the window on it closed, and the player's click
    on their own 1 was refused with "It is Ada's turn.", saying nothing of the match."""
    table, said = _late_claim(tmp_path, matched=True)
    assert said == "Too late: Ada matched first."
    # Once the turn goes on (the bot on turn has drawn), a click is refused as before.
    for _ in range(400):
        if table.match.version != table.spec.window_gone[1] and not table.director.animating:
            break
        table.app.step(DT)
    assert table.match.game.phase == "drawn" and table.spec.actor() is None
    click(place_pos(table, grid_place(0, 0)))
    table.app.step(DT)
    assert table.hud.message[0] == "It is Bruno's turn."


def test_a_claim_after_the_window_ran_out_says_it_closed(tmp_path):
    _, said = _late_claim(tmp_path, matched=False)
    assert said == "Too late: the matching window has closed."


def test_the_history_colours_the_words_for_the_player_in_their_language(tmp_path):
    """The history coloured the player's "You", "you" and "your" as their seat only in English: in
    German "Du nimmst deine Karte" left "deine" plain."""
    from game import i18n

    app = make_app(tmp_path)
    try:
        i18n.set_language("de")
        table = start(app, new_record([("You", "human"), ("Ada", "easy")]))
        app.step(DT)
        colours = table.history.name_colours(table.palette)
        assert colours["Du"] == colours["du"] == colours["deine"] == colours["dir"] == table.palette.seat_colour(0)
        assert colours["Ada"] == table.palette.seat_colour(1) and "your" not in colours
    finally:
        i18n.set_language("en")
