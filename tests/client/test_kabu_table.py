"""The Kabu table driven through posted clicks and keys in frames of a fixed time: a whole single-player match
and a whole hot-seat match, every table size, what is drawn (no private face for the wrong eyes),
the calculated score beside the pile, and the announcements of claims, penalties and halvings."""

from __future__ import annotations

import pygame
import pytest

from game.client.table.kabu import KabuTable
from game.core.cards import DISCARD, grid_place
from game.variants.kabu import ClaimMissed, Claimed, Kabu, TotalHalved
from drawn_text import layers
from kabu_driver import DT, KabuDriver, click, kabu_record, key, make_app, start


@pytest.mark.slow
def test_single_player_match_to_the_end(tmp_path):
    app = make_app(tmp_path)
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy"), ("Bruno", "medium"), ("Chiara", "hard")],
                                   seed=5, target=30))
    assert isinstance(table.spec, KabuTable) and table.screen.layout.grid_columns == 3
    seen_events: list = []
    animate = table.director.animate

    def spy(ev):
        seen_events.append(ev)
        animate(ev)
    table.director.animate = spy
    driver = KabuDriver(app, table, seed=1, claim_rate=0.3, call_after=5)
    driver.run()
    g = table.match.game
    assert g.over, f"the match did not end (phase {g.phase}, inputs {driver.inputs})"
    assert table.screen.match_result is not None and table.results.chart is not None
    # The human really played: two chosen peeks a round, draws, claims or passes.
    assert driver.inputs.get("Peek", 0) >= 2 and driver.inputs.get("peek-confirm", 0) >= 2
    assert driver.inputs.get("DrawFromDeck", 0) + driver.inputs.get("TakeDiscard", 0) >= 2
    assert driver.inputs.get("Pass", 0) + driver.inputs.get("Match", 0) >= 1
    assert len([a for _, a in g.history if a.seat == 0]) >= 6
    assert driver.checks > 100
    assert any(isinstance(e, (Claimed, ClaimMissed)) for e in seen_events)
    assert app.storage.stats.for_variant("kabu").played == 1
    # At the end every card is revealed where the rules have it.
    for seat, grid in enumerate(g.grids):
        for i, card in enumerate(grid):
            sprite = table.zones.sprite_at(grid_place(seat, i))
            assert (card is None) == (sprite is None)
            if card is not None:
                assert sprite.card == card and sprite.show_to is None


@pytest.mark.slow
def test_hotseat_match_with_curtains_and_claim_keys(tmp_path):
    app = make_app(tmp_path)
    table = start(app, kabu_record([("Ann", "human"), ("Bob", "human"), ("Ada", "easy")], seed=6, target=25))
    assert table.screen.hotseat and table.screen.viewer is None
    driver = KabuDriver(app, table, seed=2, claim_rate=0.4, call_after=4)
    curtains, viewers_during_turns = driver.run_hotseat()
    g = table.match.game
    assert g.over, driver.inputs
    # Each human's two chosen peeks each round come behind a curtain, and so do their draws.
    assert curtains >= 4 * g.round
    assert driver.inputs.get("claim-key", 0) + driver.inputs.get("Pass", 0) > 0
    assert viewers_during_turns == {None}


@pytest.mark.parametrize("seats", [2, 5, 6])
@pytest.mark.slow
def test_every_table_size_plays_through(tmp_path, seats):
    app = make_app(tmp_path)
    names = [("You", "human")] + [(f"Bot{i}", "random") for i in range(seats - 1)]
    table = start(app, kabu_record(names, seed=seats, target=20))
    driver = KabuDriver(app, table, seed=seats, claim_rate=0.5, call_after=3)
    driver.run()
    assert table.match.game.over
    assert sum(len(g) for g in table.zones.grid.values()) == sum(1 for g in table.match.game.grids for c in g if c is not None)


def test_the_calculated_score_is_drawn_beside_the_pile(tmp_path):
    """Drawn with the table's labels (under the history panel and the guide, which come later in
    the frame), as the seat's view gives it, on the discard pile's corner."""
    app = make_app(tmp_path)
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy")], seed=8))
    driver = KabuDriver(app, table, seed=8, claim_rate=0.0, call_after=99)
    shown = []
    for _ in range(3000):
        driver.act()
        app.step(DT)
        calc = getattr(table.screen.shown, "calculated", None)
        if calc is not None and table.screen.round_result is None:
            drawn = layers(table)
            made, use = KabuTable.calc_text(calc, table.screen.shown.discard_under, table.screen.shown.discard_top)
            labels = [rect for text, rect in drawn.get("table", []) if text == made]
            assert len(labels) == 1, f"calc {calc} drawn {len(labels)} times on the table layer"
            assert not any(text.startswith("calc ") for name, texts in drawn.items() if name != "table"
                           for text, _ in texts)
            discard = pygame.Rect(0, 0, *table.screen.layout.pile_card)
            discard.center = tuple(map(int, table.screen.layout.discard_pos))
            # centred on the pile's right edge, its lower edge on the pile's (the caption below stays
            # clear), what the score is for under how it is made
            under = [rect for text, rect in drawn.get("table", []) if text == use]
            assert len(under) == 1 and under[0].top >= labels[0].bottom - 2
            assert abs(labels[0].centerx - discard.right) <= 1 and discard.bottom - 8 <= under[0].bottom <= discard.bottom, \
                f"{under[0]} is not on the pile's corner {discard}"
            caption = [rect for text, rect in drawn.get("table", []) if text == "Discard"]
            assert caption and not caption[0].colliderect(labels[0].union(under[0]).inflate(14, 6))
            shown.append(calc)
            if len(shown) > 5:
                break
    assert shown, "no calculated score came up in the first turns"
    assert KabuTable.calc_text(7) == ("calc 7", "a card worth 7 fits too")
    assert KabuTable.calc_text(-6) == ("calc -6", "no card is worth -6")


def test_a_halving_is_marked_on_the_chart(tmp_path):
    app = make_app(tmp_path)
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy")], seed=9))
    marks = []
    import game.client.ui.chart as chart
    original = chart.render_chart

    def spy(last, size, pal, marks_=(), **kw):
        marks.extend(kw.get("marks", marks_))
        return original(last, size, pal, **kw)
    chart.render_chart = spy
    try:
        game: Kabu = table.match.game
        game.score.rounds = [(30, 20)]
        game.score.totals = [25, 20]
        game.halved = [(1, 0, 50, 25)]
        game.version += 1    # the driver caches views by version
        table.results.build_chart()
    finally:
        chart.render_chart = original
    assert marks == [(1, 0, "50→25")] and table.results.chart is not None
    table.director.animate(TotalHalved(0, 50, 25))
    assert any("halved to 25" in line for line in table.hud.narration)


def test_a_wrong_claim_on_your_own_card_reads_your_own(tmp_path):
    """Play-test finding: the news beside the pile read "You tried own joker: it does not fit"."""
    from game.core.cards import Card
    app = make_app(tmp_path)
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy")], seed=8))
    joker, four = Card(900, "JK", None), Card(901, 4, "h")
    table.director.animate(ClaimMissed(0, grid_place(0, 1), joker, "wrong", -1))
    table.director.animate(ClaimMissed(1, grid_place(1, 2), four, "wrong", -1))
    table.director.animate(ClaimMissed(0, grid_place(1, 0), four, "wrong", -1))
    said = list(table.hud.narration)[-3:]
    assert said[0].startswith("You tried your own "), said
    assert said[1].startswith("Ada tried their own "), said
    assert said[2].startswith("You tried Ada's "), said


@pytest.mark.slow
def test_enter_on_the_match_result_goes_to_the_main_menu_as_its_button_says(tmp_path):
    """Play-test finding: Enter under "Main menu · Enter" started a rematch (the focused first button)."""
    import pygame

    from kombio_driver import key
    app = make_app(tmp_path)
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy")], seed=5, target=20))
    KabuDriver(app, table, seed=1, claim_rate=0.1, call_after=3).run()
    for _ in range(80):
        app.step(DT)
    assert table.match.game.over and table.screen.match_result is not None
    key(pygame.K_RETURN)             # "Match result · Enter" on the last round's scores
    for _ in range(30):
        app.step(DT)
    assert table.screen.showing_match_result()
    focused = table.input.form.focused
    assert focused is not None and focused.text == "Main menu", focused and focused.text
    key(pygame.K_RETURN)             # "Main menu · Enter"
    for _ in range(30):
        app.step(DT)
    assert not any(isinstance(s, KabuTable) for s in app.scenes), [type(s).__name__ for s in app.scenes]


def test_the_turn_prompt_offers_only_what_may_be_done():
    """No "take the discard" while the pile is empty, no call once somebody has called."""
    from types import SimpleNamespace

    from game.core.grids import DrawFromDeck, TakeDiscard
    from game.variants.kabu import CallKabu

    # The wording alone: no match needed.
    table = SimpleNamespace(match=SimpleNamespace(view=lambda seat: SimpleNamespace(held=None)),
                            screen=SimpleNamespace(viewer=0), narrator=KabuTable.narrator(["You", "Ada"]))
    table.spec = KabuTable(table)
    free = SimpleNamespace(caller=None, phase="turn")
    called = SimpleNamespace(caller=1, phase="turn")
    assert table.spec.turn_prompt(free, 0, "You", {DrawFromDeck, CallKabu}) == "You: draw (D) or call Kabu (K)"
    assert table.spec.turn_prompt(free, 0, "You", {DrawFromDeck, TakeDiscard, CallKabu}) == \
        "You: draw (D), take the discard (T) or call Kabu (K)"
    assert table.spec.turn_prompt(called, 0, "You", {DrawFromDeck, TakeDiscard}) == \
        "You: last turn! Draw (D) or take the discard (T)"
    assert table.spec.turn_prompt(called, 0, "Ada", {DrawFromDeck}) == "Ada: last turn! Draw (D)"


def test_a_drawn_card_is_narrated_as_discarded(tmp_path):
    """Kabu discards a drawn card (P "discard drawn"): the narration says so, as its abilities'
    lines do, never "plays"."""
    from game.core.cards import Card, Place
    from game.core.events import CardMoved

    app = make_app(tmp_path)
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy")], seed=4))
    said: list[str] = []
    table.hud.narrate = lambda text, seat=None: said.append(text)
    table.director.queue.clear()                        # no ability follows: a plain discard
    table.director.animate(CardMoved(Card(9_999, "K", "c"), Place("held", 1), DISCARD, None, 1))
    assert said == ["Ada discards the K♣."]


def test_the_claim_question_names_a_calculated_score_only_a_card_can_have():
    """A calculated score of -6 fits no card (they are worth -1 to 12, or 24): the question leaves
    it out; 7 is asked about."""
    from types import SimpleNamespace

    from game.core.cards import Card

    table = SimpleNamespace()
    table.spec = KabuTable(table)
    queen = Card(9_998, "Q", "c")
    assert table.spec.claim_words(SimpleNamespace(discard_top=queen, calculated=-6)).question == "Fits the Q♣?"
    assert table.spec.claim_words(SimpleNamespace(discard_top=queen, calculated=None)).question == "Fits the Q♣?"
    assert table.spec.claim_words(SimpleNamespace(discard_top=queen, calculated=7)).question == "Fits the Q♣ or a card worth 7?"
    assert table.spec.claim_words(SimpleNamespace(discard_top=queen, calculated=24)).pick == "click a card that fits the Q♣ or a card worth 24"


def test_the_others_peeks_do_not_keep_you_from_choosing_yours(tmp_path):
    """At the start of a round the bots' peeks play (a ring on their card) while the player may go
    on: the prompt stays up and a click on their own card is taken at once. It used to vanish for
    the length of each bot's look, about two seconds of a silent table."""
    from game.variants.kabu import Peek

    app = make_app(tmp_path, speed=1.0, bot_speed="quick")
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy"), ("Chiara", "easy")], seed=5))
    g = table.match.game

    def looking() -> bool:   # a bot's look is on show
        return any(s.mark is not None for seat in (1, 2, 3) for i in range(6)
                   if (s := table.zones.sprite_at(grid_place(seat, i))) is not None)
    for _ in range(400):
        app.step(DT)
        if looking() and g.phase == "peek":
            break
    else:
        raise AssertionError("no bot's peek was seen during the peek phase")
    assert table.director.ready_for_input()
    assert table.hud.current_prompt() == "You: click two of your cards to peek at"
    assert not table.director.tweens.busy      # the look holds nothing up
    before = len(g.history)
    click(table.zones.sprite_at(grid_place(0, 0)).rect().center)
    app.step(DT)
    assert any(isinstance(a, Peek) and a.seat == 0 for _, a in g.history[before:])


def _peek_phase_table(tmp_path):
    app = make_app(tmp_path, speed=1.0, bot_speed="quick")
    table = start(app, kabu_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=5))
    for _ in range(400):
        app.step(DT)
        if table.director.ready_for_input() and table.hud.current_prompt() == "You: click two of your cards to peek at":
            return app, table
    raise AssertionError("the peek never became the player's to choose")


def _step_until(app, done, steps: int = 200) -> None:
    for _ in range(steps):
        if done():
            return
        app.step(DT)
    raise AssertionError("the table never got there")


def test_a_second_card_clicked_while_the_first_is_shown_is_peeked_at_next(tmp_path):
    """Told to click two cards, a player clicks two: the second click ends the look at the first
    and, once that card is face down again, peeks at the second. It used to be dropped."""
    from game.variants.kabu import Peek

    app, table = _peek_phase_table(tmp_path)
    g = table.match.game
    click(table.zones.sprite_at(grid_place(0, 0)).rect().center)
    _step_until(app, lambda: table.director.hold is not None)
    assert table.hud.current_prompt() == "You: remember this card, then press Enter"
    click(table.zones.sprite_at(grid_place(0, 4)).rect().center)
    app.step(DT)
    assert table.director.hold is None
    _step_until(app, lambda: table.director.hold is not None)
    mine = [a for _, a in g.history if isinstance(a, Peek) and a.seat == 0]
    assert mine == [Peek(0, 0), Peek(0, 4)]
    assert table.zones.peeking == {grid_place(0, 4)}      # the second card is the one on show


def test_a_click_on_a_card_already_peeked_at_says_why(tmp_path):
    """The rules' reason, not the prompt again in red ("You: click one more of your cards...")."""
    app, table = _peek_phase_table(tmp_path)
    click(table.zones.sprite_at(grid_place(0, 0)).rect().center)
    _step_until(app, lambda: table.director.hold is not None)
    key(pygame.K_RETURN)
    _step_until(app, lambda: table.director.ready_for_input() and table.director.hold is None)
    click(table.zones.sprite_at(grid_place(0, 0)).rect().center)
    app.step(DT)
    assert table.hud.message is not None and table.hud.message[0] == "You have already looked at that card."
    assert grid_place(0, 0) not in table.spec.targets()[0]     # and it was never offered


def test_a_click_during_an_abilitys_look_never_acts(tmp_path):
    """After an ability's look the next choice is a claim: a click meant to dismiss the look must
    not become one. Only the start-of-round peek takes a click ahead (and only for the next peek)."""
    from game.client.table.director import Hold
    from game.variants.kabu import Peek

    app, table = _peek_phase_table(tmp_path)
    g = table.match.game
    table.director.hold = Hold("look", 0, "Remember this card, then press Enter")
    click(table.zones.sprite_at(grid_place(0, 2)).rect().center)
    for _ in range(30):
        app.step(DT)
    assert table.director.hold is not None and table.input.click_ahead is None
    assert not any(isinstance(a, Peek) and a.seat == 0 for _, a in g.history)
