"""The 16 Combos table, driven through real input in frames of a fixed time: whole encounters single-player
and hot-seat, what is drawn (never a face the person at the screen may not see), the combo table
and outcome band, the step bar and the narration."""

from __future__ import annotations

import re

import pytest

from tests.client.kombio_driver import make_app, start
from tests.client.sixteen_combos_driver import Driver, new_record, play_to_own_target
from game.core.cards import Place
from game.variants.sixteen_combos import OUTCOMES, Announce, Checked

CHECK_LINE = re.compile(r"^(\w+) (uses|counters with) (vitality|wealth|strength|finesse) on (\w+)'s "
                        r"(vitality|wealth|strength|finesse|consultation|hidden) pair: \d+ against \d+, "
                        r"(defeated: [A-Z][a-z]+( [A-Z][a-z]+)?|damaged|missed|critical failure)\.$")


def allowed_ids(game, looking: int) -> set[int]:
    """Card ids whose faces the person looking (a seat, or -1) may see now (everything once the
    encounter is over: the rows are laid open)."""
    if game.phase in ("round_over", "match_over"):
        return {c.id for row in game.rows for p in row if p is not None for c in p.cards()} | {-1}
    ids = {c.id for c in game.waste} | {c.id for c in game.order_cards if c is not None}
    ids |= {c.id for c in game.wilds if c is not None}
    for p in game.consults:
        if p is not None:
            ids |= {c.id for c in p.cards()}
    if game.attack is not None:
        ids |= {c.id for c in game.attack.cards}
    for owner, row in enumerate(game.rows):
        for pair in row:
            if pair is not None:
                ids |= {c.id for c in pair.cards() if c.id in pair.up or owner == looking}
    for p in game.stolen:
        if p is not None:
            ids |= {c.id for c in p.cards()}
    if looking >= 0:
        ids |= {c.id for c in game.hands[looking]}
    return ids


def play_checked(app, table, driver, frames=20000):
    """Play to the end; after every frame, every face drawn must be one the looker may see."""
    checks = lit_cells = 0
    lit_outcomes = set()
    narration: list[str] = []
    for frame in range(frames):
        if table.match.over and table.screen.match_result is not None and not table.director.animating:
            break
        driver.act()
        app.step(0.05)
        game = table.match.game
        looking = table.spec.looking()
        drawn = {card.id for where, card, _ in table.drawn.faces}
        leaked = drawn - allowed_ids(game, looking) if -1 not in allowed_ids(game, looking) else set()
        assert not leaked, f"frame {frame}: {looking} sees cards {sorted(leaked)}"
        if table.screen.curtain is not None:
            assert not table.drawn.faces or looking == -1
        view = table.spec.screen_view()
        if view.combo_cell is not None:
            lit_cells += 1
        if table.spec.lit_outcome is not None:
            lit_outcomes.add(table.spec.lit_outcome)
        for line in table.hud.narration:
            if line not in narration[-3:]:
                narration.append(line)
    else:
        raise AssertionError("the encounter did not end")
    return lit_cells, lit_outcomes, narration


@pytest.mark.parametrize("seed", [5, 8])
@pytest.mark.slow
def test_a_whole_encounter_against_a_bot_through_input(tmp_path, seed):
    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "human"), ("Bruno", "hard")], seed=seed))
    driver = Driver(app, table, seed=seed)
    lit_cells, lit_outcomes, narration = play_checked(app, table, driver)
    game = table.match.game
    assert game.over and table.screen.match_result is not None
    assert driver.inputs.get("PlaceValue") == 6 and driver.inputs.get("Target", 0) >= 2
    assert table.match.session.illegal == 0
    assert lit_cells > 0 and lit_outcomes and lit_outcomes <= set(OUTCOMES)
    checks = [line for line in narration if " against " in line]
    assert checks and all(CHECK_LINE.match(line) for line in checks), checks[:3]


def test_hot_seat_two_humans_prompts_behind_the_curtain(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "human"), ("Bruno", "human")], seed=13))
    assert table.screen.hotseat
    driver = Driver(app, table, seed=2)
    play_checked(app, table, driver)
    assert table.match.game.over
    assert driver.inputs.get("curtain", 0) >= 4 and driver.inputs.get("PlaceValue") == 12


@pytest.mark.slow
def test_three_characters_hot_seat_and_a_bot(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "human"), ("Bruno", "medium"), ("Cleo", "human")], seed=21,
                                  columns=4, recovery=True, one_of_each=False))
    driver = Driver(app, table, seed=4)
    play_checked(app, table, driver)
    assert table.match.game.over


def test_buttons_word_the_action_types_and_the_ruleset_is_shown_first(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "human"), ("Bruno", "easy")], seed=5, jokers=True))
    for _ in range(30):
        app.step(0.05)
    assert table.director.hold is not None and "Poikilos 1.0 RC1, digital interpretation" in table.director.hold.prompt
    assert "G. Using Jokers" in table.director.hold.prompt
    assert table.spec.label_for(Announce(0, "c")).text == "Strength ♣"
    assert table.spec.label_for(Announce(0, "h", True)).text == "Wild card: Vitality"


@pytest.mark.slow
def test_the_step_bar_follows_the_turn(tmp_path):
    from game.client.table.sixteen_combos_board import STEP_BOX

    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "hard"), ("Bruno", "easy")], seed=6))
    seen = set()
    for _ in range(3000):
        app.step(0.05)
        view = table.spec.screen_view()
        if view.phase == "play" and view.step in STEP_BOX:
            seen.add(STEP_BOX[view.step])
        if table.match.over:
            break
    assert {0, 1} <= seen
    assert isinstance(table.match.view().last_check, (Checked, type(None)))


@pytest.mark.slow
def test_a_saved_encounter_continues_where_it_stopped(tmp_path):
    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "human"), ("Bruno", "easy")], seed=9, round_limit=20))
    driver = Driver(app, table, seed=9)
    for _ in range(150):
        driver.act()
        app.step(0.05)
    record = table.match.record()
    assert len(record.actions) > 15 and not table.match.over
    app2 = make_app(tmp_path / "again")
    again = start(app2, record)
    assert again.match.view(0) == table.match.view(0)
    driver2 = Driver(app2, again, seed=10)
    play_checked(app2, again, driver2)
    assert again.match.game.over


def test_the_coach_rings_the_hard_bots_placement(tmp_path):
    import pygame

    from tests.client.kombio_driver import key

    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "human"), ("Bruno", "hard")], seed=5))
    for _ in range(40):
        app.step(0.05)
    key(pygame.K_RETURN)           # the ruleset shown before the encounter
    for _ in range(10):
        app.step(0.05)
    key(pygame.K_F1)
    for _ in range(3):
        app.step(0.05)
    targets = table.coach.targets()
    assert table.hud.message and table.hud.message[0].startswith("Coach:")
    assert [p.zone for p in targets] == ["hand", "pair"] and table.spec.place_rect(targets[1]) is not None


def test_a_two_digit_pair_value_fits_on_its_disc(tmp_path):
    """Play-test finding: a pair worth 12 showed "12" spilling over a disc sized for one digit, the
    disc half hidden under the next pair's card."""
    import dataclasses

    import pygame

    from game.client.ui import text as T
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "easy")], seed=5))
    driver = Driver(app, table, seed=5)
    for _ in range(400):
        driver.act()
        app.step(0.05)
        if table.spec.screen_view().step not in ("place", "deal") and not table.director.animating:
            break
    view = table.spec.screen_view()
    mine = next(pv for pv in view.pairs[0] if pv is not None)
    pairs = list(view.pairs)
    pairs[0] = tuple(dataclasses.replace(pv, counter=True, value=12) if pv is mine else pv for pv in view.pairs[0])
    table.spec.screen_view = lambda: dataclasses.replace(view, pairs=tuple(pairs))
    surface = pygame.Surface(app.size)
    T.DRAWN.clear()
    table.draw(surface)
    value_rect = table.spec.board.zone.rects[(0, mine.slot)][1]
    badges = [r for text, r in T.DRAWN if text == "12" and r.inflate(40, 40).colliderect(value_rect)]
    assert badges, "the changed value was not drawn"
    r = badges[0]
    gold = (250, 210, 60)
    # the disc shows on both sides of the digits: they sit inside it, and nothing covers it
    for x in (r.left - 2, r.right + 1):
        got = surface.get_at((x, r.centery))[:3]
        assert max(abs(a - b) for a, b in zip(got, gold)) < 30, (x, got)


def test_the_match_result_says_how_the_encounter_was_won(tmp_path):
    """Play-test finding: the match result named the winner but not why the encounter ended."""
    import pygame

    from game.client.ui import text as T
    from game.core.events import MatchEnded
    from game.variants.sixteen_combos import EncounterWon
    from tests.client.kombio_driver import DT

    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "easy")]))
    app.step(DT)
    table.director.queue.clear()           # as at a real match end: nothing left to show before the results
    for why, line in (("the round limit: the most pairs left",
                       "The last encounter ended at the round limit: the most pairs left."),
                      ("last character standing", "Won as the last character standing.")):
        table.director.animate(EncounterWon(1, why))
        table.screen.match_result = MatchEnded((0, 1), (1,))
        table.screen.final_round_seen = True
        T.DRAWN.clear()
        table.draw(pygame.Surface(app.size))
        assert line in [text for text, _ in T.DRAWN]


def test_the_key_legend_names_both_ways_to_pass():
    from game.client.table.sixteen_combos import SixteenCombosTable

    hints = dict(SixteenCombosTable.key_hints(None))
    assert hints["Space"] == "No / decline" and hints["P"] == "Pass the turn"


def test_the_acting_mark_sits_right_after_the_acting_characters_name(tmp_path):
    from game.client.ui import text as T

    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "hard"), ("Bruno", "easy"), ("Cleo", "easy")], seed=6, columns=4))
    seen = 0
    for _ in range(3000):
        app.step(0.05)
        marks = [r for t, r in T.DRAWN if t == "◀ acting"]
        if not marks:
            continue
        mark = marks[0]
        plates = [r for t, r in T.DRAWN if " · order " in t or t.endswith(" pairs") or " pairs · " in t]
        beside = [r for r in plates if abs(r.top - mark.top) <= 4]
        assert len(beside) == 1, (mark, plates)
        assert 0 <= mark.left - beside[0].right <= 24, (mark, beside[0])
        seen += 1
        if seen >= 20:
            break
    assert seen >= 20


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.slow
def test_no_button_covers_a_pair_or_an_order_card_with_ten_columns(tmp_path, size):
    """Two characters play ten columns by default: when the four type buttons stand above "Pass
    the turn", the rows and the order cards still end before the buttons' column (the buttons
    used to cover your order card)."""
    from game.core.record import GameRecord, SeatInfo
    from game.variants.sixteen_combos import Target

    app = make_app(tmp_path)
    app.set_window_size(size)
    table = start(app, GameRecord("sixteen-combos", {}, [SeatInfo("You", "human", None), SeatInfo("Ada", "bot", "easy")], 3))
    driver = Driver(app, table, seed=3)
    checked = 0
    for _ in range(4000):
        legal = table.match.legal(0) if table.director.hold is None and table.director.ready_for_input() else []
        targets = [a for a in legal if isinstance(a, Target)]
        if targets:
            table.input.submit(targets[0])
            for _ in range(30):
                app.step(1 / 30)
            types = [a for a in table.match.legal(0) if isinstance(a, Announce)]
            if types:
                table.input.invalidate()
                table.input.update_buttons()
                view = table.spec.screen_view()
                g = table.spec.board.lay_out(view)
                assert len(view.pairs[0]) == 10
                cards = [r for rects in table.spec.board.zone.rects.values() for r in rects]
                cards += [r for seat in (0, 1) if (r := table.spec.board.order_rect(seat, g)) is not None]
                for widget in table.input.form.widgets:
                    if widget.rect is not None and getattr(widget, "text", ""):
                        hit = [c for c in cards if widget.rect.colliderect(c)]
                        assert not hit, f"{widget.text!r} {widget.rect} covers {hit}"
                checked += 1
                break
        driver.act()
        app.step(1 / 30)
    assert checked, "the action-type choice never came"


def test_the_rows_grow_with_a_larger_window(tmp_path):
    """On a 1920x1080 screen the pairs are drawn in proportion to the window (they kept their
    1280x720 size and left the screen's right half empty), and still fit between the left column
    and the buttons."""
    from game.core.record import GameRecord, SeatInfo

    app = make_app(tmp_path)
    table = start(app, GameRecord("sixteen-combos", {}, [SeatInfo("You", "human", None), SeatInfo("Ada", "bot", "easy"),
                                                         SeatInfo("Bruno", "bot", "easy")], 3))
    heights = {}
    for size in ((1280, 720), (1920, 1080)):
        app.set_window_size(size)
        table.resize(size)
        g = table.spec.board.geometry(table.spec.screen_view())
        heights[size] = g["card"][1]
        for block in g["blocks"].values():
            assert block.left >= table.spec.board.left_width() and block.right <= size[0] - 180
    assert heights[(1920, 1080)] >= heights[(1280, 720)] * 1.4, heights


def test_the_left_column_grows_with_a_larger_window(tmp_path):
    """The value cards to place, the cards the player clicks, and the piles and combo table beside
    them are drawn in proportion on a larger window (at 1920x1080 they were half the rows' size);
    at 1280x720 nothing moves. Everything stays inside the column, the piles above the key hints."""
    from game.core.record import GameRecord, SeatInfo

    app = make_app(tmp_path)
    table = start(app, GameRecord("sixteen-combos", {}, [SeatInfo("You", "human", None), SeatInfo("Ada", "bot", "easy")], 3))
    cols = {}
    for size in ((1280, 720), (1920, 1080)):
        app.set_window_size(size)
        table.resize(size)
        col = cols[size] = table.spec.board.column()
        hand = table.spec.board.hand_rects(10)
        piles = table.spec.board.pile_rects()
        assert all(r.right <= col["left"] for r in hand + list(piles.values())), size
        assert max(r.bottom for r in hand) < col["piles_y"], size
        assert all(r.bottom <= min(box.top for box, _ in table.hud.hint_rows()) for r in piles.values()), size
    small, large = cols[(1280, 720)], cols[(1920, 1080)]
    assert (small["hand"], small["cell_h"], small["pile"], small["left"]) == ((43, 62), 34, (51, 74), 358)
    assert large["hand"][1] >= small["hand"][1] * 1.4 and large["cell_h"] >= small["cell_h"] * 1.4
    assert large["pile"][1] >= small["pile"][1] * 1.4

def test_a_refusal_without_a_reason_repeats_what_the_table_waits_for(tmp_path):
    """16 Combos refuses an action none of whose choices fits with no more particular reason: the
    player is told what the table waits for, never the action's inner workings ("Target(seat=0,
    pair=Place(...)) is not one of the choices now.")."""
    import dataclasses

    from game.core.cards import Place
    from game.core.errors import NotAChoice

    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "human"), ("Bruno", "hard")], seed=4))
    aimed = None
    for _ in range(2000):
        app.step(0.05)
        if table.director.hold is not None:
            table.director.release_hold()        # the ruleset shown at the start
        if table.director.ready_for_input() and table.input.input_seat() == 0:
            for action in table.input.legal(0):
                places = [f.name for f in dataclasses.fields(action) if isinstance(getattr(action, f.name), Place)]
                if places:   # the same kind of action, aimed at a card that is not there
                    aimed = dataclasses.replace(action, **{places[0]: Place(getattr(action, places[0]).zone, 0, 99)})
                    break
        if aimed is not None:
            break
    assert aimed is not None, "the player was never to pick a card"
    with pytest.raises(NotAChoice) as refused:
        table.match.game.apply(aimed, table.match.game.now)
    assert table.spec.explain(refused.value, aimed) == table.hud.current_prompt() != ""
    assert table.input.submit(aimed) is False
    assert table.hud.message[0] == table.hud.current_prompt() and "Place(" not in table.hud.message[0]


def _own_turn(app, table, driver, step: str, frames: int = 20000):
    """Play on (the driver choosing for the player) until the player must choose at `step`."""
    for _ in range(frames):
        view = table.match.view(0)
        if table.director.ready_for_input() and not table.director.animating and table.director.hold is None and view.phase == "play" \
                and view.step == step and table.spec.input_seat() == 0:
            return
        driver.act()
        app.step(0.05)
    raise AssertionError(f"the player's {step!r} step never came")


@pytest.mark.slow
def test_the_coachs_reason_is_a_sentence_and_its_box_keeps_off_a_rising_text(tmp_path):
    """Seen in a real window: "Coach: Strength ♣. the action type with the best expected outcome
    here" (the bot's reason a lower-case fragment), and with four characters the coach's box lay
    on "Missed" as it rose over Cleo's row."""
    import pygame

    from game.client.table.hud import Floating
    from game.client.ui import text as T
    from tests.client.kombio_driver import key

    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "medium"), ("Bruno", "medium"), ("Cleo", "medium")],
                                  seed=5, columns=0, round_limit=40))
    driver = Driver(app, table, seed=2)
    _own_turn(app, table, driver, "type")
    key(pygame.K_F1)
    app.step(0.05)
    text = table.hud.message[0]
    assert text.startswith("Coach: ") and text.endswith(".")
    assert not re.search(r"[.!?] [a-z]", text), text          # every sentence starts with a capital
    _, (first, words) = table.hud._memo.last("message")           # (where the message box went, its lines)
    assert all(line in [t for t, _ in T.DRAWN] for line in words), "the coach's words were not drawn"
    # An outcome rises just where the coach's box was put, and the coach is asked again.
    table.hud.floating.append(Floating("Missed", first.center, (200, 200, 200), life=30.0))
    table.hud.message = None
    key(pygame.K_F1)
    app.step(0.05)
    _, (box, words) = table.hud._memo.last("message")
    assert all(line in [t for t, _ in T.DRAWN] for line in words), "the coach's words were not drawn"
    for band in table.hud.floating_bands():
        assert not band.colliderect(box), (band, box)


def test_the_title_is_whole_at_1280x720(tmp_path):
    """It read "16 Combos · Poikilos 1.0 RC1, digital interpretati…"."""
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "easy")], seed=5))
    assert table.spec.title_text() == "16 Combos · Poikilos 1.0 RC1 · no optional rules"
    table = start(app, new_record([("You", "human"), ("Ada", "easy")], seed=5, recovery=True, jokers=True))
    assert table.spec.title_text() == "16 Combos · Poikilos 1.0 RC1 · rules A, G"


@pytest.mark.slow
def test_four_characters_read_apart_with_their_defense_pairs_named(tmp_path):
    """Without its guide the table was a block of cards: four characters at 1280x720 touching, the
    columns 4 px apart, the defense pair told only by a green frame, the combo table and the
    outcome band unexplained. Now each character sits on its own panel (none touching), the
    columns stand apart, every defense pair is named over its frame in its character's plate
    line, and the combo table and the band say what they are."""
    from game.client.ui import text as T

    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "medium"), ("Bruno", "medium"), ("Cleo", "medium")],
                                  seed=5, columns=0, round_limit=40))
    driver = Driver(app, table, seed=2)
    _own_turn(app, table, driver, "target")
    view = table.spec.screen_view()
    g = table.spec.board.lay_out(view)
    drawn = list(T.DRAWN)
    texts = [t for t, _ in drawn]
    assert "Combos: action type (across) on target type (down)" in texts
    assert "Check: action value minus target value" in texts
    blocks = {seat: table.spec.board.block_rect(view, seat, g) for seat in range(4)}
    for a in range(4):
        for b in range(a + 1, 4):
            assert blocks[a].clip(blocks[b]).h <= 0, (blocks[a], blocks[b])
    names = [r for t, r in drawn if t == "defense"]
    cw = g["card"][0]
    for seat in range(4):
        cols = sorted((rects[0] for (s, _), rects in table.spec.board.zone.rects.items() if s == seat), key=lambda r: r.x)
        assert all(b.left - a.right >= cw // 4 for a, b in zip(cols, cols[1:])), cols
        defense = next(p for p in reversed(view.pairs[seat]) if p is not None)
        frame = table.spec.board.zone.rect(Place("pair", seat, defense.slot))
        mine = [r for r in names if blocks[seat].contains(r) and r.bottom <= frame.top]
        assert len(mine) == 1, (seat, names, frame)
        plate = g["blocks"][seat].y - 22
        assert abs(mine[0].top - plate) <= 8 and frame.left - 40 <= mine[0].centerx <= frame.right + 80


@pytest.mark.parametrize("cost, label", [(None, "Pass the turn (-1)"), (0, "Pass the turn"), (2, "Pass the turn (-2)")])
def test_the_pass_button_and_prompt_say_what_a_pass_costs(tmp_path, cost, label):
    from game.variants.sixteen_combos import PassTurn

    app = make_app(tmp_path)
    options = {} if cost is None else {"pass_cost": cost}
    table = start(app, new_record([("Ada", "human"), ("Bruno", "easy")], seed=5, **options))
    play_to_own_target(app, table, Driver(app, table, seed=1, pass_rate=0.0))
    assert table.spec.label_for(PassTurn(0)).text == label
    assert ("A pass costs your defense pair" in table.spec.prompt()) is bool(cost is None or cost)
    assert any(getattr(w, "text", None) == label for w in table.input.form.widgets)   # the button is shown


@pytest.mark.slow
def test_a_target_with_no_reaction_is_asked_and_told_so(tmp_path):
    """The target is asked before the draw whatever its face-down cards (so the wait tells the
    table nothing); with no reaction to make, the prompt says so and Space goes on."""
    import pygame

    from game.core.actions import Pass

    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "human"), ("Bruno", "easy")], seed=2))   # (asked so at frame 144)
    driver = Driver(app, table, seed=1, pass_rate=0.0)
    for _ in range(2000):
        if (table.director.ready_for_input() and table.spec.input_seat() == 0 and table.spec.screen_view().step in ("predict", "inform")
                and table.match.legal(0) == [Pass(0)]):
            break
        driver.act()
        app.step(0.05)
    else:
        raise AssertionError("Ada was never asked with nothing to do")
    assert table.spec.prompt().startswith("You have no reaction to make now"), table.spec.prompt()
    before = table.match.game.version
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    for _ in range(10):
        app.step(0.05)
    assert table.match.game.version != before


@pytest.mark.parametrize("lang,word", [("de", "Abfall"), ("fr", "Rebut")])
def test_the_waste_piles_label_is_in_the_players_language(tmp_path, lang, word):
    """The board drew the word "Waste" under the waste pile in English whatever the language."""
    from game import i18n

    app = make_app(tmp_path)
    try:
        i18n.set_language(lang)
        table = start(app, new_record([("You", "human"), ("Ada", "easy")]))
        board = table.spec.board
        drawn = []
        label = board.label
        board.label = lambda canvas, text, *a, **k: (drawn.append(text), label(canvas, text, *a, **k))[1]
        app.run_frames(3, 0.05)
        assert word in drawn and "Waste" not in drawn, drawn
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language, heads", [("en", {"♥ Vit", "♦ Wea", "♣ Str", "♠ Fin"}),
                                             ("fr", {"♥ Vit", "♦ Ric", "♣ For", "♠ Fin"}),
                                             ("en_XA", None)])
def test_the_combo_tables_type_headers_are_the_languages_short_names(tmp_path, language, heads):
    """The combo table's row and column headers were a type's first three letters: in French "vit",
    "ric", "for", "fin" beside the capitalised combos, in the pseudo-locale "[ṽî" (the bracket
    cut). Each language names the short forms in its catalogue; where one would not fit even in
    the smallest type the headers are the suit signs alone, all four alike."""
    import pygame

    from game import i18n
    from game.client.ui import text as T

    app = make_app(tmp_path)
    table = start(app, new_record([("Ada", "human"), ("Bruno", "easy")], seed=5))
    signs = {"♥", "♦", "♣", "♠"}
    i18n.set_language(language)
    try:
        for size in ((960, 540), (1280, 720), (1920, 1080)):
            table.resize(size)
            T.DRAWN.clear()
            table.draw(pygame.Surface(size))
            col = table.spec.board.column()
            drawn = [(t, r) for t, r in T.DRAWN if t[:1] in signs and r.right <= col["left"] and r.bottom <= col["band_y"]]
            assert len(drawn) == 8, (size, drawn)
            for row in (drawn[:4], drawn[4:]):
                texts = {t for t, _r in row}
                expected = heads or {f"{s} " + i18n.pgettext("pair type, short", n)
                                     for s, n in zip(("♥", "♦", "♣", "♠"), ("Vit", "Wea", "Str", "Fin"))}
                assert texts in (expected, signs), (language, size, texts)
    finally:
        i18n.set_language("en")
