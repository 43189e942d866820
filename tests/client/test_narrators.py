"""One pure narrator per game tells what happened: the table's news and history panel, a continued
match's history and the round replay's step lines all come from it, so they say the same thing;
the narrators import no pygame, and the replay builds no table to get its words."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.client.narration import Narrator, told_lines
from game.client.narration.record import told_record, told_steps
from game.client.narration.wording import you_form
from game.client.table.history import repeated
from game.core.record import GameRecord, SeatInfo
from game.replay import round_spans
from tests.client.kombio_driver import DT, make_app, start

pytestmark = pytest.mark.client

GAMES = ("kombio", "kabu", "combat-uno", "kumbal", "sixteen-combos")
MODULES = ("kombio", "kabu", "combat_uno", "kumbal", "sixteen_combos")
GOLDEN = Path(__file__).resolve().parents[1] / "records" / "golden"


def test_the_narrators_are_pure():
    imports = "; ".join(f"import game.client.narration.{m}" for m in MODULES)
    code = f"import sys; {imports}; assert 'pygame' not in sys.modules, 'a narrator imports pygame'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])


def counted(rows: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Lines as the history keeps them: in the second person for "You", a line said again at once counted."""
    out: list[tuple[int, str]] = []
    for rnd, text in rows:
        line = you_form(text)
        again = repeated(out[-1][1], line) if out else None
        if again is not None:
            out[-1] = (out[-1][0], again)
        else:
            out.append((rnd, line))
    return out


def bots_table(tmp_path, variant: str, frames: int = 1500):
    """A table of four bots (one a human's name) played for a while, stopped with nothing left to show."""
    app = make_app(tmp_path)
    seats = [SeatInfo("You", "bot", "medium")] + [SeatInfo(n, "bot", "easy") for n in ("Ada", "Bruno", "Cleo")]
    options = {"round_limit": 5, "columns": 4} if variant == "sixteen-combos" else {}
    table = start(app, GameRecord(variant, options, seats, 11))
    for _ in range(frames):
        app.step(DT)
    for _ in range(400):
        if not table.director.animating:
            break
        app.step(DT)
    return app, table


@pytest.mark.slow
@pytest.mark.parametrize("variant", GAMES)
def test_the_history_the_table_kept_is_the_narrators_telling_of_the_record(tmp_path, variant):
    app, table = bots_table(tmp_path, variant)
    record = table.match.record()
    assert len(record.actions) > 20
    told = counted(told_record(record, type(table.narrator)(table.screen.names)))
    assert table.history.lines == told
    assert list(table.hud.narration) == [line for _, line in told[-3:]]
    # Continued from its record, the match's history is the same, round by round.
    again = start(app, record)
    assert again.history.lines == table.history.lines


def test_a_step_is_told_with_the_event_after_it():
    from game.client.narration.combat_uno import CombatUnoNarrator
    from game.core.cards import DISCARD, Card, Place
    from game.core.events import CardMoved
    from game.variants.combat_uno import WILD, ColourChosen

    narrator = CombatUnoNarrator(["You", "Ada"])
    played = CardMoved(Card(7, WILD, None), Place("hand", 1, 0), DISCARD, None, 1)
    # A wild played is told once, with the colour named after it.
    assert told_lines(narrator, [played, ColourChosen(1, "red")]) == ["Ada plays a Wild and names red."]
    assert isinstance(narrator, Narrator)


@pytest.mark.parametrize("name", [pytest.param("kombio-4p-hard-full-match", marks=pytest.mark.slow),
                                  "combat-uno-5p-no-commitment"])
def test_the_round_replay_builds_no_table(make_app, monkeypatch, name):
    from game.client.scenes.replay import ReplayScene
    from game.client.table.base import TableScene

    def no_table(*args, **kwargs):
        raise AssertionError("the replay built a table")
    monkeypatch.setattr(TableScene, "__init__", no_table)
    record = GameRecord.load(GOLDEN / f"{name}.json")
    app = make_app()
    scene = ReplayScene(app, record, 1, 0)
    app.push(scene)
    span = round_spans(record)[0]
    lines = told_steps(record, scene.narrator.narrator, span.start, span.end)
    for step in range(1, scene.replay.steps):
        scene.go(step)
        app.run_frames(1)
        if lines[step]:     # (the drawn lines are wrapped: the first words of the step's line)
            assert you_form(lines[step][0])[:30] in " ".join(scene.drawn_lines[1:]), (step, lines[step])
    assert sum(1 for step in lines if step) > 10


def test_a_seven_between_two_kumbal_players_is_told_once_as_changing_nothing(tmp_path):
    """With two players a 7 turns play round and changes nothing (as the rules read it): the
    narrator says so, once, and the table's arrows keep their way; with three it says the way."""
    from game.client.narration.kumbal import KumbalNarrator
    from game.core.hands import DirectionChanged
    from test_kumbal_table import kumbal_record

    assert KumbalNarrator(["You", "Ada"]).tell(DirectionChanged(-1)) == \
        "Play turns round: with two players, that changes nothing."
    assert KumbalNarrator(["You", "Ada", "Bruno"]).tell(DirectionChanged(-1)) == "Play now goes to the right (anticlockwise)."
    app = make_app(tmp_path)
    table = start(app, kumbal_record([("You", "human"), ("Ada", "easy")], seed=8))
    said: list[str] = []
    table.hud.narrate = lambda text, seat=None: said.append(text)
    table.director.queue.clear()
    table.director.animate(DirectionChanged(-1))
    assert said == ["Play turns round: with two players, that changes nothing."]
    assert table.screen.as_told("direction") == -1


def test_the_narration_speaks_the_players_language_and_knows_the_player_by_seat():
    """Issue 34: a narrator's lines are catalogue entries, the player's own seat told in the second
    person by its index (a German "Du" is not compared with "You"), counts by ngettext."""
    from game import i18n
    from game.client.narration.combat_uno import CombatUnoNarrator
    from game.client.narration.kumbal import KumbalNarrator
    from game.core.hands import DirectionChanged
    from game.variants.kumbal import PickedUp

    i18n.set_language("de")
    try:
        narrator = KumbalNarrator(["Du", "Ada"], you={0})
        assert narrator.tell(PickedUp(0, 2)) == "Du nimmst 2 Karten auf."
        assert narrator.tell(PickedUp(1, 1)) == "Ada nimmt 1 Karte auf."
        i18n.set_language("fr")
        assert CombatUnoNarrator(["Vous", "Ada"], you={0}).tell(DirectionChanged(1)) == \
            "Le jeu va maintenant vers la gauche (sens horaire)."
    finally:
        i18n.set_language("en")
    assert KumbalNarrator(["You", "Ada"], you={0}).tell(PickedUp(0, 1)) == "You pick up 1 card."
