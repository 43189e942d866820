"""A seat named "You" reads right in every table's narration, 16 Combos' verbs and possessives too."""

from game.client.narration.wording import subject_and, you_form


def test_possessives_and_sixteen_combos_verbs():
    assert you_form("Last check: You's vitality 13 against Bruno's wealth 7") == \
        "Last check: Your vitality 13 against Bruno's wealth 7"
    assert you_form("You uses vitality on Bruno's wealth pair: 13 against 7, defeated: Scavenge.") == \
        "You use vitality on Bruno's wealth pair: 13 against 7, defeated: Scavenge."
    assert you_form("Ada uses strength on You's wealth pair.") == "Ada uses strength on your wealth pair."
    assert you_form("You's pair is now worth 5.") == "Your pair is now worth 5."
    assert you_form("You counters with finesse.") == "You counter with finesse."
    assert you_form("Bruno's pair is now worth 5.") == "Bruno's pair is now worth 5."


def test_the_newest_variants_verbs_read_right_for_you():
    """Play-test findings: "You snipes Ada's K♠", "You announces strength", "You cuts 20 cards"."""
    assert you_form("You snipes Ada's K♠ (same rank) and gives a card back unseen.") == \
        "You snipe Ada's K♠ (same rank) and give a card back unseen."
    assert you_form("You throws the 7♥ (same rank).") == "You throw the 7♥ (same rank)."
    assert you_form("✓ You snipes!") == "✓ You snipe!"
    assert you_form("You announces strength.") == "You announce strength."
    assert you_form("You changes stance.") == "You change stance."
    assert you_form("You is incapacitated and sits this turn out.") == "You are incapacitated and sit this turn out."
    assert you_form("You cuts 20 cards off the top.") == "You cut 20 cards off the top."
    assert you_form("49-rule: You reaches 99 and drops to 50!") == "49-rule: You reach 99 and drop to 50!"
    assert you_form("Ada snipes your K♠.") == "Ada snipes your K♠."


def test_the_49_rule_news_reads_right_for_you(tmp_path):
    from kombio_driver import make_app, start
    from test_kumbal_table import kumbal_record
    from game.variants.kumbal import FortyNine
    app = make_app(tmp_path)
    table = start(app, kumbal_record([("You", "human"), ("Ada", "easy")]))
    table.director.animate(FortyNine(0, 99, 50))
    table.director.animate(FortyNine(1, 49, 0))
    assert list(table.hud.narration)[-2:] == ["49-rule: You reach 99 and drop to 50!", "49-rule: Ada reaches 49 and drops to 0!"]


def test_a_refusal_keeps_the_engines_words_when_they_are_for_people():
    """Pressing D before discarding in Kumbal says "Discard first, then draw."; P with nothing
    coming says so; a refusal worded with the engine's internals stays a plain one."""
    from game.client.narration.wording import friendly
    from game.core.errors import WrongPhase

    names = ["You", "Ada"]
    assert friendly(WrongPhase("discard first, then draw"), names) == "Discard first, then draw."
    assert friendly(WrongPhase("there is nothing to pick up"), names) == "There is nothing to pick up."
    assert friendly(WrongPhase("seat 1 has no penalty cards left to draw"), names) == "Ada has no penalty cards left to draw."
    for internal in ("Draw is not possible now (phase: turn)", "Take is not possible at the discard step",
                     "LookOwn is not the ability of a swap"):
        assert friendly(WrongPhase(internal), names) == "You cannot do that right now."


def test_a_penalty_reads_as_a_sentence_whoever_takes_it():
    """The rules give a penalty's reason as words after the name: a verb joins it ("Bruno: takes the
    wrongly claimed card." read as a note, not a sentence), other words follow a colon."""
    assert subject_and("Bruno", "takes the wrongly claimed card") == "Bruno takes the wrongly claimed card"
    assert you_form(subject_and("You", "takes the wrongly claimed card")) == "You take the wrongly claimed card"
    assert you_form(subject_and("Ada", "stops drawing: the stack takes over the rest")) == \
        "Ada stops drawing: the stack takes over the rest"
    assert you_form(subject_and("You", "stops drawing: the stack takes over the rest")) == \
        "You stop drawing: the stack takes over the rest"
    assert you_form(subject_and("You", "caught without calling UNO")) == "You: caught without calling UNO"


def test_a_verb_before_a_colon_reads_right_for_you():
    """Seen in the guided Combat UNO match: "You stacks: 4 cards to draw now."."""
    assert you_form("You stacks: 4 cards to draw now.") == "You stack: 4 cards to draw now."
    assert you_form("Ada stacks: 8 cards to draw now.") == "Ada stacks: 8 cards to draw now."


def test_a_16_combos_status_reads_as_a_sentence(tmp_path):
    """Play-test finding: "You: lost reaction." after a critical failure."""
    from kombio_driver import make_app, start
    from sixteen_combos_driver import new_record
    from game.variants.sixteen_combos import StatusChanged
    app = make_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "easy")]))
    for seat, status, said in ((0, "lost reaction", "You lose the reaction for the rest of the round."),
                               (1, "shoved", "Ada is shoved."), (0, "incapacitated", "You are incapacitated."),
                               (1, "wild card", "Ada holds a wild card.")):
        table.director.animate(StatusChanged(seat, status))
        assert table.hud.narration[-1] == said


def test_a_countdown_rounds_its_tenths_up():
    from game.client.narration.wording import seconds_left
    assert [seconds_left(t) for t in (3.0, 2.95, 0.31, 0.03, 0.0, -0.5)] == ["3.0s", "3.0s", "0.4s", "0.1s", "0.0s", "0.0s"]


def test_an_open_windows_ring_never_reads_no_time_left(tmp_path):
    """Play-test finding: Combat UNO's ring read "0.0s" while the table played out the events of
    a window's last moments (the window still open, 0.03 s left)."""
    import pygame
    from game.client.ui import text as T
    from game.core.record import GameRecord, SeatInfo
    from game.core.view import SPECTATOR
    from kombio_driver import DT, make_app, start

    app = make_app(tmp_path)
    table = start(app, GameRecord("combat-uno", {}, [SeatInfo("You", "human", None)]
                                  + [SeatInfo(n, "random", None) for n in ("Ada", "Bruno")], 4))
    for _ in range(4000):
        app.step(DT)
        if table.hud.ring_shown() and table.screen.window.deadline is not None and table.match.view(SPECTATOR).window(table.screen.window.trigger):
            break
    else:
        raise AssertionError("no reaction window with a deadline came")
    table.screen.table_time = table.screen.window.deadline - 0.03
    T.DRAWN.clear()
    table.draw(pygame.display.get_surface())
    drawn = [text for text, _ in T.DRAWN]
    assert "0.1s" in drawn and "0.0s" not in drawn, drawn
