"""Take-back at the table, for every game, through real key presses in frames of a fixed time: Ctrl+Z asks
first, then the table shows the match as it was before the player's last move (its game, every
seat's view, the sprites), the save is the cut match at once, bots and the memory aid forget what
was undone, a practice match is marked and not counted; where it is not offered (hot-seat, the
guided match) or not possible (nothing yet, a look) it says why and changes nothing."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes.confirm import ConfirmDialog
from game.client.scenes.menu import saved_matches
from game.client.scenes.pause import PauseMenu
from game.client.table.results import PRACTICE_RESULT
from game.client.table.take_back import REASONS, TAKE_BACK_HINT
from game.client.ui import text as T
from game.core.cards import DISCARD
from game.core.record import GameRecord
from game.core.takeback import NOT_OFFERED, NOTHING_YET, SHOWED_A_CARD
from game.core.view import SPECTATOR
from game.games import game_ids
from grid_driver import table_record
from hand_driver import hand_record
from kabu_driver import KabuDriver
from kombio_driver import DT, Driver as KombioDriver, key, make_app, start
from sixteen_combos_driver import Driver as CombosDriver, new_record as combos_record
from test_combat_uno_table import UnoDriver
from test_kumbal_table import KumbalDriver

pytestmark = pytest.mark.client

SEATS = [("You", "human"), ("Ada", "easy"), ("Bruno", "easy")]
GAMES = {
    "kombio": (lambda seed: table_record("kombio", SEATS, seed, {"rounds": 1, "reaction_seconds": 1.0}), KombioDriver),
    "kabu": (lambda seed: table_record("kabu", SEATS, seed, {"target": 40, "reaction_seconds": 1.0}), KabuDriver),
    "combat-uno": (lambda seed: hand_record("combat-uno", SEATS, seed, {"length": "rounds", "rounds": 1,
                                                                        "reaction_seconds": 2.0}), UnoDriver),
    "kumbal": (lambda seed: hand_record("kumbal", SEATS, seed, {"reaction_seconds": 2.0}), KumbalDriver),
    "sixteen-combos": (lambda seed: combos_record(SEATS, seed), CombosDriver),
}


def ctrl_z() -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))


def press(app, posting, frames: int = 1) -> None:
    posting()
    for _ in range(frames):
        app.step(DT)


def drive_until(app, driver, cond, frames: int = 20000) -> bool:
    for _ in range(frames):
        if cond():
            return True
        driver.act()
        app.step(DT)
    return cond()


def settled(app, table) -> bool:
    return app.top is table and not table.director.animating and not table.match.over


def allowed_move(app, table, after: int = 1):
    """The player's last move may be taken back, and at least `after` steps followed it."""
    move = table.match.last_move()
    return settled(app, table) and move is not None and move.allowed and move.steps > after and move


def faces_seen(record: GameRecord, seat: int, steps: int) -> set[int]:
    """Ids of the cards `seat` saw in the round being played at `steps`, from a fresh replay."""
    from game.core.takeback import _cards

    game = record.new_game()
    seen: set[int] = set()
    for t, action in record.actions[:steps]:
        events = game.apply(action, t)
        if type(action).__name__ == "StartRound":
            seen = set()
        for e in events:
            seen |= {c.id for c in _cards(e.for_seat(seat))}
    return seen


def check_shows_the_view(table) -> None:
    """The rebuilt sprites show the rebuilt views: the deck's count, the pile's top, every grid
    slot, every hand's count and the player's own hand card by card."""
    if table.spec.variant_id == "sixteen-combos":
        return      # (drawn from the view itself each frame: nothing kept to go stale)
    v = table.match.view(SPECTATOR)
    for zone in v.zones:
        if zone.kind == "deck":
            assert table.zones.deck_n == zone.count
        elif zone.kind == "pile" and zone.cards:
            assert table.zones.sprite_at(DISCARD).card == zone.cards[-1]
        elif zone.kind == "grid":
            assert sorted(table.zones.grid.get(zone.place.seat, {})) == [i for i, c in enumerate(zone.cards) if c is not None]
        elif zone.kind == "fan":
            assert len(table.zones.hands.get(zone.place.seat, [])) == zone.count
    own = getattr(table.match.view(0), "hand", None)
    if own is not None and table.spec.variant_id in ("combat-uno", "kumbal"):
        assert sorted(s.card.id for s in table.zones.hands[0]) == sorted(c.id for c in own)   # (shown sorted)


@pytest.mark.parametrize("variant", game_ids())
def test_ctrl_z_takes_the_last_move_back_and_the_table_shows_the_position_before_it(tmp_path, variant):
    make_record, make_driver = GAMES[variant]
    app = make_app(tmp_path)
    table = start(app, make_record(4))
    driver = make_driver(app, table, seed=2)
    assert drive_until(app, driver, lambda: len([a for _, a in table.match.game.history if a.seat == 0]) >= 3
                       and allowed_move(app, table))
    move = table.match.last_move()
    history = list(table.match.game.history)
    before = GameRecord(variant, table.match.game.options, list(table.match.seat_infos), table.match.game.seed,
                        history[:move.start]).replay()
    press(app, ctrl_z)
    assert isinstance(app.top, ConfirmDialog) and app.top.title_text == "Take back your last move?"
    assert table.match.game.history == history        # nothing changes before the player says yes
    press(app, lambda: key(pygame.K_RETURN))
    new = app.top
    assert new is not table and type(new) is type(table) and type(new.spec) is type(table.spec)
    g = new.match.game
    assert g.history[:move.start] == history[:move.start]
    # (the bots may have acted again in the frame that followed: the position before the move is
    # the cut record, and every seat's view of it is the one it had)
    assert len(g.history) >= move.start
    cut = GameRecord(variant, g.options, list(new.match.seat_infos), g.seed, g.history[:move.start]).replay()
    for seat in range(len(SEATS)):
        assert cut.observe(seat) == before.observe(seat)
    if len(g.history) == move.start:
        assert all(g.observe(s) == before.observe(s) for s in range(len(SEATS)))
    check_shows_the_view(new)
    assert new.match.take_backs == 1 and "practice" in new.spec.title_text()
    app.step(DT)
    drawn = [t for t, _ in T.DRAWN]
    assert "take back" in drawn and TAKE_BACK_HINT in drawn and new.spec.title_text() in drawn
    assert new.hud.message is not None and new.hud.message[0].startswith(("Taken back: you", "Your last move"))
    # The save is the cut match at once: its snapshot holds the steps before the move, marked.
    saved, _ = type(app.storage)(tmp_path).saved_match(variant)
    assert saved.take_backs == 1 and saved.actions == g.history
    assert any(s.id == variant and "practice" in s.summary for s in saved_matches(app.storage))
    assert g.history[move.start:] != history[move.start:]    # the undone steps are gone


def test_bots_and_the_memory_aid_forget_what_was_taken_back(tmp_path):
    """A bot that drew a card after the player's move, and the player's memory aid that saw the
    bot's discard, hold neither once the move is taken back (each is rebuilt from the cut record:
    a bot must not keep what it saw in a future that never happened)."""
    app = make_app(tmp_path, memory_aid=True)
    table = start(app, GAMES["kombio"][0](6))
    driver = KombioDriver(app, table, seed=3)

    def bot_saw_later() -> bool:
        move = allowed_move(app, table, after=3)
        if not move:
            return False
        record = table.match.record()
        for bot in (1, 2):
            if faces_seen(record, bot, len(record.actions)) - faces_seen(record, bot, move.start):
                return True
        return False

    assert drive_until(app, driver, bot_saw_later)
    move = table.match.last_move()
    record = table.match.record()
    later = {bot: faces_seen(record, bot, len(record.actions)) - faces_seen(record, bot, move.start) for bot in (1, 2)}
    mine_later = faces_seen(record, 0, len(record.actions)) - faces_seen(record, 0, move.start)
    assert set(table.screen.memories[0].faces) >= mine_later
    press(app, ctrl_z)
    press(app, lambda: key(pygame.K_RETURN), frames=0)
    app.step(0.0)
    new = app.top
    assert len(new.match.game.history) == move.start
    for bot, cards in later.items():
        memory = new.match.session.agents[bot].inner.memory
        assert not cards & set(memory.faces), f"bot {bot} remembers a card it saw in the undone moves"
        assert set(memory.faces) == faces_seen(record, bot, move.start)
    assert not mine_later & set(new.screen.memories[0].faces)


@pytest.mark.slow
def test_a_second_take_back_does_not_ask_and_a_practice_match_is_not_counted(tmp_path):
    app = make_app(tmp_path)
    table = start(app, GAMES["kombio"][0](8))
    driver = KombioDriver(app, table, seed=5)
    assert drive_until(app, driver, lambda: allowed_move(app, table))
    press(app, ctrl_z)
    press(app, lambda: key(pygame.K_RETURN))
    table = app.top
    driver = KombioDriver(app, table, seed=6)
    assert drive_until(app, driver, lambda: allowed_move(app, table))
    history = list(table.match.game.history)
    start_of_move = table.match.last_move().start
    press(app, ctrl_z, frames=0)
    app.step(0.0)
    assert not isinstance(app.top, ConfirmDialog)             # practice already: no question
    assert app.top is not table and app.top.match.take_backs == 2
    assert app.top.match.game.history == history[:start_of_move]
    table = app.top
    KombioDriver(app, table, seed=7).run()
    assert table.match.over and table.screen.match_result is not None
    for _ in range(200):
        app.step(DT)
        if table.screen.showing_match_result():
            break
        if not table.director.animating:
            key(pygame.K_RETURN)
    T.DRAWN.clear()
    app.step(DT)
    assert PRACTICE_RESULT in [t for t, _ in T.DRAWN]
    stats = app.storage.stats.for_variant("kombio")
    assert stats.played == 0 and app.storage.stats.last_match is None
    assert not app.storage.save_path("kombio").exists()


def test_nothing_to_take_back_dims_the_hint_and_says_why(tmp_path):
    app = make_app(tmp_path)
    table = start(app, GAMES["combat-uno"][0](3))
    for _ in range(400):
        app.step(DT)
        if settled(app, table) and table.match.view(0).turn == 0:
            break
    assert (TAKE_BACK_HINT, "take back") in table.hud.shown_key_hints()
    assert not table.hud.hint_enabled(TAKE_BACK_HINT)
    press(app, ctrl_z)
    assert app.top is table and table.hud.message[0] == REASONS[NOTHING_YET]
    # the pause menu's entry is there, disabled, with the reason under it
    press(app, lambda: key(pygame.K_ESCAPE))
    menu = app.top
    assert isinstance(menu, PauseMenu)
    entry = next(b for b in menu.buttons if b.text == "Take back last move")
    assert not entry.enabled and entry.sub == REASONS[NOTHING_YET]
    press(app, ctrl_z)
    assert app.top is menu


def test_a_look_cannot_be_taken_back(tmp_path):
    """Kombio's 9 and 10 look at an opponent's card: taken back, the player could look at
    another. Ctrl+Z says so and the table stays as it is."""
    app = make_app(tmp_path)
    # Seed 5 looks in its first turns; seeds 1-4 drove 4,000 frames each to no look (49 s of CPU).
    # The others stay as a fallback should the deal or the driver change.
    for seed in (5, *range(6, 40)):
        table = start(app, GAMES["kombio"][0](seed))
        driver = KombioDriver(app, table, seed=seed)

        def looked() -> bool:
            move = table.match.last_move()
            return settled(app, table) and move is not None and move.refused == SHOWED_A_CARD \
                and type(table.match.game.history[move.start][1]).__name__ in ("LookOpponent", "LookAny", "LookTwo")

        if drive_until(app, driver, looked, frames=1500):
            break
    else:
        pytest.fail("the player never looked at a card")
    history = list(table.match.game.history)
    press(app, ctrl_z, frames=0)
    app.step(0.0)
    assert app.top is table and table.hud.message[0] == REASONS[SHOWED_A_CARD]
    assert table.match.game.history[:len(history)] == history and table.match.take_backs == 0


def test_hot_seat_has_no_take_back(tmp_path):
    app = make_app(tmp_path)
    seats = [("Ann", "human"), ("Ben", "human"), ("Ada", "easy")]
    table = start(app, table_record("kombio", seats, 3, {"rounds": 1, "reaction_seconds": 1.0}))
    driver = KombioDriver(app, table, seed=4)
    assert drive_until(app, driver, lambda: sum(a.seat in (0, 1) for _, a in table.match.game.history) >= 3
                       and settled(app, table))
    assert not table.take_back.offered() and table.match.last_move() is None
    assert all(key != TAKE_BACK_HINT for key, _ in table.hud.shown_key_hints())
    history = list(table.match.game.history)
    press(app, ctrl_z, frames=0)
    app.step(0.0)
    assert app.top is table and table.hud.message[0] == REASONS[NOT_OFFERED]
    assert table.match.game.history[:len(history)] == history
    press(app, lambda: key(pygame.K_ESCAPE))
    assert isinstance(app.top, PauseMenu)
    assert all(b.text != "Take back last move" for b in app.top.buttons)


def test_the_guided_match_has_no_take_back(tmp_path):
    from game.client.table.guide import start_guided

    app = make_app(tmp_path)
    table = start_guided(app, "kombio")
    assert not table.take_back.offered()
    assert all(key != TAKE_BACK_HINT for key, _ in table.hud.shown_key_hints())
    press(app, ctrl_z)
    assert app.top is table and "guided" in table.hud.message[0]


def test_the_cards_on_the_table_come_back_the_same(tmp_path):
    """After a take-back the same card comes off the deck: draw, take back, draw again."""
    from game.variants.kombio import DrawFromDeck

    app = make_app(tmp_path)
    table = start(app, GAMES["kombio"][0](11))
    driver = KombioDriver(app, table, seed=1)

    def drew() -> bool:
        move = table.match.last_move()
        return settled(app, table) and move is not None and move.allowed \
            and isinstance(table.match.game.history[move.start][1], DrawFromDeck) and table.match.game.held is not None

    assert drive_until(app, driver, drew)
    card = table.match.game.held
    press(app, ctrl_z)
    press(app, lambda: key(pygame.K_RETURN), frames=0)
    app.step(0.0)
    table = app.top
    assert table.match.game.held is None and table.match.game.deck[-1] == card     # (the deck's top)
    for _ in range(100):
        if table.director.ready_for_input():
            break
        if table.director.hold is not None:      # (back to the deal: the peek at the near cards again)
            key(pygame.K_RETURN)
        app.step(DT)
    press(app, lambda: key(pygame.K_d), frames=2)
    assert table.match.game.held == card


def test_the_pause_menu_takes_the_move_back_too(tmp_path):
    app = make_app(tmp_path)
    table = start(app, GAMES["combat-uno"][0](5))
    driver = UnoDriver(app, table, seed=2)
    assert drive_until(app, driver, lambda: allowed_move(app, table))
    start_of_move = table.match.last_move().start
    press(app, lambda: key(pygame.K_ESCAPE))
    menu = app.top
    entry = next(b for b in menu.buttons if b.text == "Take back last move")
    assert entry.enabled and not entry.sub and menu.panel.contains(entry.rect)
    from kombio_driver import click
    press(app, lambda: click(entry.rect.center))
    assert isinstance(app.top, ConfirmDialog) and app.scenes[-2] is table     # the menu is gone, the question is up
    press(app, lambda: click(app.top.no.rect.center))
    assert app.top is table and table.match.take_backs == 0                   # "Keep playing" changes nothing
    press(app, lambda: key(pygame.K_ESCAPE))
    press(app, ctrl_z)                     # Ctrl+Z in the menu does the same
    press(app, lambda: key(pygame.K_RETURN), frames=0)
    app.step(0.0)
    assert app.top is not table and len(app.top.match.game.history) == start_of_move
