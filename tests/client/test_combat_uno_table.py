"""The Combat UNO table, single player against bots, driven through posted mouse clicks and keys in
frames of a fixed time: whole matches, what is drawn (no other player's card face up), jump-ins by click
while the ring runs, the colour picker, refusals explained, saving after every action and
continuing exactly. ``UnoDriver`` is shared with the hot-seat tests."""

from __future__ import annotations

import pygame
import pytest

from game.client.table.privacy import CLAIM_KEYS
from game.client.table.canvas import Canvas
from game.client.table.combat_uno import CombatUnoTable
from game.core.actions import Pass
from game.core.record import GameRecord
from game.core.hands import DirectionChanged
from game.variants.combat_uno import CallUno, ColourChosen, Draw, DrawCard, JumpedIn, Play, StartDrawing
from hand_driver import HandDriver, card_point, hand_record, played_to_the_end, until
from kombio_driver import DT, click, key, make_app, start

pytestmark = pytest.mark.client


def uno_record(seats: list[tuple[str, str]], seed: int = 3, **options) -> GameRecord:
    return hand_record("combat-uno", seats, seed, {"length": "rounds", "rounds": 2, "reaction_seconds": 2.0, **options})


def index_of(table, seat: int, rank, colour) -> int | None:
    for i, s in enumerate(table.zones.hands.get(seat, [])):
        if s.card is not None and s.card.rank == rank and s.card.suit == colour:
            return i
    return None


class UnoDriver(HandDriver):
    """Plays the human seats of a Combat UNO table: colours, UNO calls, catches, jump-ins, draws."""

    def __init__(self, app, table, seed: int = 0, jump_rate: float = 0.7, catch_rate: float = 0.5,
                 call_rate: float = 0.9, pass_rate: float = 0.05, draw_rate: float = 0.1):
        super().__init__(app, table, seed)
        self.jump_rate, self.catch_rate, self.call_rate, self.pass_rate = jump_rate, catch_rate, call_rate, pass_rate
        self.draw_rate = draw_rate
        self.declined: set = set()          # (seat, game version) chances already let go

    def chance(self, seat: int, what: str, rate: float) -> bool:
        """Decide once per situation whether to take an optional move."""
        k = (seat, what, self.table.match.game.version)
        if k in self.declined:
            return False
        if self.rng.random() < rate:
            return True
        self.declined.add(k)
        return False

    def play_turn(self) -> None:
        t, g = self.table, self.table.match.game
        if t.spec.picking is not None:
            colour = self.rng.choice(("red", "yellow", "green", "blue"))
            if self.rng.random() < 0.5:
                rect = dict(t.spec.swatches())[colour]
                click(rect.center)
            else:
                key({"red": pygame.K_r, "yellow": pygame.K_y, "green": pygame.K_g, "blue": pygame.K_b}[colour])
            self.note("colour")
            return
        seat = t.spec.hand_seat()
        if seat is not None and CallUno(seat, seat) in g.legal_actions(seat) and self.chance(seat, "uno", self.call_rate):
            self.note("UNO")
            key(pygame.K_u)
            return
        if t.screen.hotseat:
            # Somebody out of turn with something worth doing presses their claim key.
            for h in t.screen.humans:
                if h == seat:
                    continue
                legal = g.legal_actions(h)
                wants = any(isinstance(a, Play) for a in legal) and self.chance(h, "claim", self.jump_rate) \
                    or CallUno(h, h) in legal and self.chance(h, "claim-uno", self.call_rate) \
                    or self.catchable(h, legal) and self.chance(h, "claim-catch", self.catch_rate)
                if wants:
                    self.note("claim-key")
                    key(CLAIM_KEYS[t.screen.humans.index(h)])
                    return
            if seat is None:
                return
        elif seat is None:
            return
        self.play(seat)

    def play(self, seat: int) -> None:
        t, g = self.table, self.table.match.game
        legal = g.legal_actions(seat)
        claimed = t.screen.claimer == seat      # a claimer does what they claimed for
        if not legal:
            if t.screen.claimer is not None:
                key(pygame.K_ESCAPE)
            return
        if any(isinstance(a, DrawCard) for a in legal):
            self.note("DrawCard")
            key(pygame.K_d) if self.rng.random() < 0.6 else click(t.screen.layout.deck_pos)
            return
        if CallUno(seat, seat) in legal and (claimed or self.chance(seat, "uno", self.call_rate)):
            self.note("UNO")
            key(pygame.K_u)
            return
        if self.catchable(seat, legal) and \
                (claimed and not any(isinstance(a, Play) for a in legal) or self.chance(seat, "catch", self.catch_rate)):
            self.note("catch")
            key(pygame.K_c)
            return
        plays = [a for a in legal if isinstance(a, Play)]
        on_turn = seat == g.turn
        if plays and (on_turn or claimed or self.chance(seat, "jump", self.jump_rate)):
            if on_turn and any(isinstance(a, (Draw, StartDrawing)) for a in legal) and self.rng.random() < self.draw_rate:
                self.draw()
                return
            a = self.rng.choice(plays)
            i = index_of(t, seat, a.rank, a.colour)
            assert i is not None, f"{a} is legal but the view's hand has no such card"
            self.note("jump-in" if not on_turn else "Play")
            if i < 9 and self.rng.random() < 0.3:
                key(pygame.K_1 + i)
                key(pygame.K_RETURN)
            else:
                click(card_point(t, seat, i))
            return
        if on_turn and any(isinstance(a, (Draw, StartDrawing)) for a in legal):
            self.draw()
            return
        if t.screen.claimer is not None:
            self.note("claim-cancel")
            key(pygame.K_ESCAPE)
            return
        if Pass(seat) in legal and self.chance(seat, "pass", self.pass_rate):
            self.note("Pass")
            key(pygame.K_SPACE)

    def catchable(self, seat: int, legal) -> bool:
        """An opponent on one card has gone uncalled for a human's reaction time (a second)."""
        t = self.table
        for a in legal:
            if isinstance(a, CallUno) and a.target != seat:
                window = t.match.game.uno.get(a.target)
                opened = window.opened_at if window is not None else t.screen.table_time
                if t.screen.table_time - opened >= 1.0:
                    return True
        return False

    def draw(self) -> None:
        self.note("Draw")
        key(pygame.K_d) if self.rng.random() < 0.5 else click(self.table.screen.layout.deck_pos)


@pytest.mark.slow
def test_single_player_match_to_the_end(tmp_path):
    app = make_app(tmp_path)
    table = start(app, uno_record([("You", "human"), ("Ada", "easy"), ("Bruno", "medium"), ("Chiara", "hard")],
                                  seed=5))
    assert isinstance(table.spec, CombatUnoTable)
    driver = UnoDriver(app, table, seed=1)
    g = played_to_the_end(driver)
    assert driver.inputs.get("Play", 0) >= 5 and driver.inputs.get("Draw", 0) >= 1
    humans = [a for _, a in g.history if a.seat == 0]
    assert len(humans) >= 10
    # Round end showed the points of every hand and the running totals.
    assert sum(g.score.totals) > 0


@pytest.mark.parametrize("seats", [2, 3, 6])
@pytest.mark.slow
def test_every_table_size_plays_through(tmp_path, seats):
    app = make_app(tmp_path)
    names = [("You", "human")] + [(f"Bot{i}", "random" if i % 2 else "medium") for i in range(seats - 1)]
    table = start(app, uno_record(names, seed=seats, rounds=1))
    driver = UnoDriver(app, table, seed=seats)
    driver.run()
    assert table.match.game.over
    assert [len(table.zones.hands[s]) for s in range(seats)] == [len(h) for h in table.match.game.hands]


@pytest.mark.slow
def test_jump_in_by_click_during_its_window(tmp_path):
    app = make_app(tmp_path)
    table = start(app, uno_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy"), ("Chiara", "easy")],
                                  seed=17, reaction_seconds=3.0, rounds=5))
    driver = UnoDriver(app, table, seed=4, jump_rate=0.0)
    g = table.match.game

    def jump_open() -> bool:
        return table.director.ready_for_input() and g.phase == "play" and g.turn != 0 and \
            any(isinstance(a, Play) for a in g.legal_actions(0))
    assert until(driver, jump_open), "no jump-in chance came up"
    top = g.discard[-1]
    i = index_of(table, 0, top.rank, top.suit)
    assert i is not None
    assert table.zones.hands[0][i].oy < 0, "the identical card is raised"
    before, n, turn = len(g.hands[0]), len(g.history), g.turn
    if top.suit is None:
        click(card_point(table, 0, i))
        app.step(DT)
        assert table.spec.picking is not None
        key(pygame.K_g)
    else:
        click(card_point(table, 0, i))
    jumped: list = []
    table.match.listen(lambda events: (jumped.extend(e for e in events if isinstance(e, JumpedIn)),
                                             table.on_events(events)))
    app.step(DT)
    assert g.history[n][1] == Play(0, top.rank, top.suit, "green" if top.suit is None else None)
    assert turn != 0 and jumped and jumped[0].seat == 0, "the click was a jump-in, out of turn"
    assert len(g.hands[0]) < before


def test_colour_picker(tmp_path):
    app = make_app(tmp_path)
    table = start(app, uno_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=8, rounds=5))
    driver = UnoDriver(app, table, seed=2, jump_rate=0.0)
    g = table.match.game

    def wild_playable() -> bool:
        return table.director.ready_for_input() and g.phase == "play" and g.turn == 0 and \
            any(isinstance(a, Play) and a.colour is None for a in g.legal_actions(0))
    assert until(driver, wild_playable), "no wild came to the player"
    a = next(a for a in g.legal_actions(0) if isinstance(a, Play) and a.colour is None)
    i = index_of(table, 0, a.rank, None)
    click(card_point(table, 0, i))
    app.step(DT)
    assert table.spec.picking == (0, a.rank)
    faces = {f[1].id for f in table.draw_log[-1][2]}
    assert faces, "the table is still drawn under the picker"
    n = len(g.history)
    for _ in range(40):                  # two seconds of thinking: nobody moves meanwhile
        app.step(DT)
    assert len(g.history) == n
    key(pygame.K_ESCAPE)                 # changed her mind
    app.step(DT)
    assert table.spec.picking is None and len(g.history) == n
    click(card_point(table, 0, index_of(table, 0, a.rank, None)))
    app.step(DT)
    rect = dict(table.spec.swatches())["blue"]
    click(rect.center)
    app.step(DT)
    assert table.spec.picking is None
    assert g.history[n][1] == Play(0, a.rank, None, "blue")
    for _ in range(100):                 # the card lands, then the frame round the pile shows the colour
        if not table.director.queue:
            break
        app.step(DT)
    assert table.screen.shown.colour == "blue" and g.colour == "blue"


def test_illegal_clicks_explain_why(tmp_path):
    app = make_app(tmp_path)
    table = start(app, uno_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=11, rounds=5))
    driver = UnoDriver(app, table, seed=3, jump_rate=0.0)
    g = table.match.game

    def mismatch_on_turn() -> bool:
        if not (table.director.ready_for_input() and g.phase == "play" and g.turn == 0 and not g.pending):
            return False
        faces = {(a.rank, a.colour) for a in g.legal_actions(0) if isinstance(a, Play)}
        return any((c.rank, c.suit) not in faces for c in g.hands[0])
    assert until(driver, mismatch_on_turn)
    faces = {(a.rank, a.colour) for a in g.legal_actions(0) if isinstance(a, Play)}
    bad = next(c for c in g.hands[0] if (c.rank, c.suit) not in faces)
    n = len(g.history)
    click(card_point(table, 0, index_of(table, 0, bad.rank, bad.suit)))
    app.step(DT)
    assert len(g.history) == n
    assert table.hud.message is not None and "does not follow" in table.hud.message[0], table.hud.message
    key(pygame.K_d)                      # draw instead: the turn passes
    app.step(DT)
    assert isinstance(g.history[n][1], Draw)

    def out_of_turn() -> bool:
        return table.director.ready_for_input() and g.phase == "play" and g.turn != 0 and g.owed[0] == 0 and \
            not any(isinstance(a, Play) for a in g.legal_actions(0)) and len(g.hands[0]) > 0
    assert until(driver, out_of_turn)
    click(card_point(table, 0, 0))
    app.step(DT)
    assert table.hud.message is not None and "turn" in table.hud.message[0], table.hud.message
    key(pygame.K_c)                      # nobody to catch
    app.step(DT)
    assert "Nobody to catch" in table.hud.message[0]


@pytest.mark.slow
def test_saved_after_every_action_and_continued_exactly(tmp_path):
    app = make_app(tmp_path)
    # One round (256 actions): saved at each of its first 60, continued, played out in the continued
    # table to the match's end. (Two rounds played 3,700 frames more after the continue, 60% of the
    # test's 13.5 s of CPU, for a second deal the other tables' tests play.)
    record = uno_record([("You", "human"), ("Ada", "medium"), ("Bruno", "medium")], seed=21, rounds=1)
    table = start(app, record)
    driver = UnoDriver(app, table, seed=9)
    while len(table.match.game.history) < 60:
        driver.step()
        table.match.flush()                  # the saver writes in the background; flushed, it holds every action
        saved = GameRecord.load(app.storage.save_path("combat-uno"))
        assert len(saved.actions) == len(table.match.game.history), "the save lags the game"
    assert not table.match.game.over
    app2 = make_app(tmp_path)
    saved_record, meta = app2.storage.saved_match("combat-uno")
    assert meta.get("table") == "combat-uno"
    table2 = start(app2, saved_record)
    g1, g2 = table.match.game, table2.match.game
    assert g2.history == g1.history
    assert g2.observe(0) == g1.observe(0)
    assert not table2.director.tweens.busy and not table2.director.queue
    for seat, hand in enumerate(g2.hands):
        # the player's own hand face for face; the others as backs (the client never holds their faces)
        assert len(hand) == len(table2.zones.hands[seat])
        if seat == 0:
            assert sorted(c.id for c in hand) == sorted(s.card.id for s in table2.zones.hands[seat])
        else:
            assert all(s.card is None for s in table2.zones.hands[seat])
    assert table2.zones.deck_n == len(g2.deck)
    assert table2.zones.discard[-1].card == g2.discard[-1]
    assert table2.screen.shown.colour == g2.colour and table2.screen.shown.direction == g2.direction
    driver2 = UnoDriver(app2, table2, seed=10)
    driver2.run()
    assert table2.match.game.over and len(g2.history) > 200
    assert table2.screen.match_result is not None
    assert app2.storage.stats.for_variant("combat-uno").played == 1     # the continued match counted once
    assert not app2.storage.save_path("combat-uno").exists()           # and its save cleared


@pytest.mark.slow
def test_uno_call_button(tmp_path):
    """Going down to one card: U calls UNO on yourself, and the seat shows it."""
    app = make_app(tmp_path)
    table = start(app, uno_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=2,
                                  rounds=8, reaction_seconds=3.0))
    driver = UnoDriver(app, table, seed=6, call_rate=0.0, jump_rate=1.0, catch_rate=0.0, draw_rate=0.0)
    g = table.match.game
    assert until(driver, lambda: table.director.ready_for_input() and CallUno(0, 0) in g.legal_actions(0), 60000)
    assert any(b.text == "UNO!" for b in table.input.form.widgets)
    key(pygame.K_u)
    app.step(DT)
    assert g.history[-1][1] == CallUno(0, 0) or any(isinstance(a, CallUno) and a.seat == 0 for _, a in g.history)


@pytest.mark.slow
def test_uno_pressed_while_the_card_is_still_flying_counts(tmp_path):
    """U pressed right after playing the second-last card, before the card has landed, calls UNO
    once it lands: the race is never lost to the animation."""
    app = make_app(tmp_path, speed=1.0)   # normal speed: the card takes a while to land
    table = start(app, uno_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=2,
                                  rounds=8, reaction_seconds=3.0))
    driver = UnoDriver(app, table, seed=6, call_rate=0.0, jump_rate=0.0, catch_rate=0.0, draw_rate=0.0)
    g = table.match.game

    def second_last_on_turn() -> bool:
        return table.director.ready_for_input() and g.turn == 0 and len(g.hands[0]) == 2 \
            and any(isinstance(a, Play) and a.seat == 0 for a in g.legal_actions(0))
    assert until(driver, second_last_on_turn, 60000), "the human never had two cards on turn"
    play = next(a for a in g.legal_actions(0) if isinstance(a, Play))
    i = index_of(table, 0, play.rank, play.colour)
    click(card_point(table, 0, i))
    app.step(DT)
    if table.spec.picking is not None:
        key(pygame.K_r)
        app.step(DT)
    assert not table.director.ready_for_input(), "the played card should still be in flight"
    key(pygame.K_u)
    app.step(DT)
    for _ in range(200):
        if any(isinstance(a, CallUno) and a.seat == 0 for _, a in g.history) or not table.director.queue:
            break
        app.step(DT)
    app.step(DT)
    assert any(a == CallUno(0, 0) for _, a in g.history), "the U pressed mid-flight was lost"
    assert len(g.hands[0]) == 1


@pytest.mark.slow
def test_round_end_offers_next_round_at_normal_speed(tmp_path):
    """At normal animation speed the hands turn over after the score panel appears; once they have,
    the Next round button is there and Enter deals the next round."""
    app = make_app(tmp_path, speed=1.0)
    table = start(app, uno_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=4, rounds=2))
    driver = UnoDriver(app, table, seed=2)
    g = table.match.game

    def round_shown() -> bool:
        return g.phase == "round_over" and table.screen.round_result is not None and not table.director.animating
    # The driver would press Enter itself: stop it one step short by checking before it acts.
    for _ in range(60000):
        if round_shown():
            break
        if g.phase == "round_over":
            app.step(DT)
            continue
        driver.step()
    assert round_shown()
    app.step(DT)
    assert [b.text for b in table.input.form.widgets if b.text != "History"] == ["Next round", "Replay round"]
    key(pygame.K_RETURN)
    for _ in range(5):
        app.step(DT)
    assert g.phase != "round_over" and table.screen.round_result is None


def test_arrow_keys_choose_the_card_and_enter_plays_it(tmp_path):
    """← → move the choice along the hand (not the focus between buttons); Enter plays it."""
    app = make_app(tmp_path)
    table = start(app, uno_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=2))
    driver = UnoDriver(app, table, seed=1)
    g = table.match.game
    assert until(driver, lambda: table.director.ready_for_input() and g.turn == 0 and table.spec.picking is None
                 and any(isinstance(a, Play) and a.seat == 0 for a in g.legal_actions(0)), 60000)
    play = next(a for a in g.legal_actions(0) if isinstance(a, Play))
    target = index_of(table, 0, play.rank, play.colour)
    key(pygame.K_RIGHT)
    app.step(DT)
    assert table.spec.selected == 0
    for _ in range(target):
        key(pygame.K_RIGHT)
        app.step(DT)
    assert table.spec.selected == target
    before = len(g.history)
    key(pygame.K_RETURN)
    app.step(DT)
    assert any(a.seat == 0 and isinstance(a, Play) for _, a in g.history[before:])


def test_a_claim_that_lost_the_race_is_shown_to_every_seat(tmp_path):
    from game.core.cards import Card
    from game.variants.combat_uno import ClaimLost

    app = make_app(tmp_path)
    table = start(app, uno_record([("You", "human"), ("Ada", "easy"), ("Bo", "easy")]))
    for _ in range(200):
        app.step(DT)
    table.on_events([ClaimLost(1, Card(5, 7, "red"))])
    for _ in range(6):
        app.step(DT)
    assert any("Ada was too late with a red 7" in line for line in table.hud.narration)
    assert any(f.text == "Too late: red 7" for f in table.hud.floating)


def test_a_catch_after_the_call_says_who_called(tmp_path):
    """Pressing Catch just after a bot called UNO: the refusal names who called in time, not
    "Nobody to catch" (seen in the guided match: Bruno had called a moment before)."""
    app = make_app(tmp_path)
    table = start(app, uno_record([("You", "human"), ("Ada", "hard"), ("Bruno", "hard")], seed=4, rounds=9))
    driver = UnoDriver(app, table, seed=2, catch_rate=0.0)

    def a_bot_called() -> bool:
        v = table.spec.view()
        return table.director.ready_for_input() and any(s != 0 for s in v.uno_safe) and \
            not any(isinstance(a, CallUno) and a.target != 0 for a in table.input.legal(0))
    assert until(driver, a_bot_called, frames=120000), "no bot called UNO in time"
    name = table.screen.names[next(s for s in table.spec.view().uno_safe if s != 0)]
    key(pygame.K_c)
    app.step(DT)
    assert table.hud.message is not None and table.hud.message[0].startswith("Too late: ") and name in table.hud.message[0], table.hud.message


@pytest.mark.slow
def test_the_colour_to_follow_keeps_pace_with_the_events_shown(tmp_path):
    """The chip over the pile read the view the table had caught up with, taken only once every
    queued event has played out: "Red" stayed up while "Yellow!" rose and the news said Ada had
    named yellow (seen in a real window). While events are queued, the chip says the colour last
    named by those shown."""
    from game.client.ui import text as T
    app = make_app(tmp_path)
    table = start(app, uno_record([("Ada", "random"), ("Bruno", "random"), ("Chiara", "random")], seed=11))
    checked = []
    handlers = table.director.handlers          # (this table's own map: event type -> handler)
    real = handlers[ColourChosen]

    def spy(spec, ev):
        real(spec, ev)
        if ev.colour is not None and table.director.queue:
            T.DRAWN.clear()
            table.draw(pygame.Surface(app.size))
            chips = {text for text, _ in T.DRAWN if text in ("Red", "Yellow", "Green", "Blue", "any colour")}
            checked.append((ev.colour.capitalize(), chips))
    turned = []
    real_turn = handlers[DirectionChanged]

    def spy_turn(spec, ev):
        real_turn(spec, ev)
        if table.director.queue:         # the arrows round the piles show the way play goes now
            turned.append((ev.direction, table.screen.as_told("direction")))
    handlers[ColourChosen] = spy
    handlers[DirectionChanged] = spy_turn
    for _ in range(20000):
        app.step(DT)
        if (len(checked) >= 5 and len(turned) >= 3) or table.match.game.over:
            break
    assert len(checked) >= 3, checked
    assert all(chips == {named} for named, chips in checked), checked
    assert turned and all(said == drawn for said, drawn in turned), turned


def test_a_pick_up_owed_by_the_player_reads_in_the_second_person(tmp_path):
    """"+4 for You" in the red box by the deck (seen in a real window): "+4 for you", as the news
    and the prompts word the player; a name stays as it is."""
    from game.client.ui import text as T
    app = make_app(tmp_path)
    table = start(app, uno_record([("You", "human"), ("Ada", "random")]))
    app.step(DT)
    for said, shown in (("+4 for You", "+4 for you"), ("+2 for Ada", "+2 for Ada")):
        T.DRAWN.clear()
        surface = pygame.Surface(app.size)
        table.spec.draw_owed(Canvas(surface, table.palette, table.hud.start_board(surface)), said)
        assert [text for text, _ in T.DRAWN] == [shown]
