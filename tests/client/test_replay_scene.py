"""The round replay on screen: opened from a table's round end for every variant with posted
input, stepped, a seat switched, and what it drew checked; `cardhall replay RECORD --show`."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import cli  # noqa: E402
from game.client.scenes.replay import ReplayScene  # noqa: E402
from game.client.ui import text as T  # noqa: E402
from game.core.cards import Card  # noqa: E402
from game.core.record import GameRecord, SeatInfo  # noqa: E402
from game.replay import UNKNOWN, round_spans, slots  # noqa: E402
from tests.client.kombio_driver import click, key, make_app, start  # noqa: E402

GOLDEN = Path(__file__).resolve().parents[1] / "records" / "golden"
# One record per variant, with a reaction not taken in its first round.
CASES = {
    "kombio": "kombio-4p-hard-full-match",
    "kabu": "kabu-4p-mixed",
    "combat-uno": "combat-uno-5p-no-commitment",
    "kumbal": "kumbal-2p-hard-vs-easy-cut",
    "sixteen-combos": "sixteen-combos-3p-one-of-each",
}


def first_round(name: str) -> tuple[GameRecord, tuple]:
    """The golden record's first round but its last action, seat 0 a human, and that last
    action (the test plays it on the table, which then shows the round's results)."""
    full = GameRecord.load(GOLDEN / f"{name}.json")
    span = round_spans(full)[0]
    seats = [SeatInfo(full.seats[0].name, "human", None)] + list(full.seats[1:])
    actions = full.actions[:span.end]
    return GameRecord(full.variant, dict(full.options), seats, full.seed, list(actions[:-1])), actions[-1]


def start_at_round_end(app, name: str):
    record, (t, last) = first_round(name)
    table = start(app, record)
    table.match.submit(last, t)     # the round's last action, as it happened
    return table


def frames(app, n: int = 3) -> None:
    app.run_frames(n, 0.05)


def replay_button(table):
    return next((w for w in table.form.widgets if getattr(w, "text", "") == "Replay round"), None)


def wait_for_results(app, table) -> None:
    for _ in range(400):
        frames(app, 1)
        if replay_button(table) is not None:
            break
    assert replay_button(table) is not None, "no Replay round button on the round's results"


def open_from_round_end(app, table) -> ReplayScene:
    wait_for_results(app, table)
    key(pygame.K_v)
    frames(app)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    return scene


def truth_cards(scene) -> int:
    """Cards of the seats' zones in the truth (every one should be drawn face up)."""
    truth = scene.replay.frame(scene.step).truth
    return sum(1 for s in range(len(scene.names)) for z in scene.zones_of(truth, s)
               for c in slots(z.cards) if c is not None)


def check_drawn(scene) -> None:
    truth = scene.replay.frame(scene.step).truth
    seat_faces = [f for f in scene.drawn_faces if f[0].seat >= 0]
    assert len(seat_faces) == truth_cards(scene), "every seat's card is drawn face up"
    assert all(isinstance(c, Card) for _, _, c in scene.drawn_faces)
    known = scene.replay.knowledge(scene.step, scene.seat)
    assert scene.drawn_marks, "the chosen seat's knowledge is marked"
    for (place, slot), mark in scene.drawn_marks.items():
        assert known.marks[place][slot] == mark
    assert scene.drawn_lines[0].startswith(f"Step {scene.step + 1} of {scene.replay.steps} · ")


@pytest.mark.parametrize("variant", sorted(CASES))
def test_replay_from_the_round_end(tmp_path, variant):
    app = make_app(tmp_path)
    table = start_at_round_end(app, CASES[variant])
    wait_for_results(app, table)
    saved_before = table.match.record().to_json()
    store_files = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    scene = open_from_round_end(app, table)
    assert scene.replay.number == 1 and scene.step == 0 and scene.seat == 0
    check_drawn(scene)
    assert "deals" in scene.drawn_lines[1] or scene.drawn_lines[1]

    for _ in range(3):
        key(pygame.K_RIGHT)
    frames(app)
    assert scene.step == 3
    check_drawn(scene)
    key(pygame.K_LEFT)
    frames(app)
    assert scene.step == 2
    key(pygame.K_END)
    frames(app)
    assert scene.step == scene.replay.steps - 1
    check_drawn(scene)
    key(pygame.K_HOME)
    frames(app)
    assert scene.step == 0

    # another seat: Tab, then a click on a name
    key(pygame.K_TAB)
    frames(app)
    assert scene.seat == 1
    check_drawn(scene)
    last = len(scene.names) - 1
    rect = next(r for r, s in scene.name_rects if s == last)
    click(rect.center)
    frames(app)
    assert scene.seat == last
    check_drawn(scene)

    # the first reaction not taken: M goes there, and its line is drawn
    missed = scene.replay.missed()
    assert missed, "the case was chosen for a reaction not taken"
    key(pygame.K_m)
    frames(app)
    assert scene.step == missed[0].step
    name = scene.names[missed[0].seat]
    lines = [line for line in scene.drawn_lines if line.startswith("Missed: ")]
    assert any(line.startswith(f"Missed: {name} could have ") and f" at {missed[0].t:.1f} s" in line for line in lines), lines
    assert scene.drawn_rings, "the card (or pair) of the chance is ringed"

    # Esc: back to the table's results, the match and its save untouched
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.top is table
    assert table.match.record().to_json() == saved_before
    assert {p: p.read_bytes() for p in store_files} == store_files


def test_a_memory_game_marks_unknown_and_remembered_cards(tmp_path):
    app = make_app(tmp_path)
    table = start_at_round_end(app, "kombio-4p-hard-full-match")
    scene = open_from_round_end(app, table)
    seen: set[str] = set()
    for _ in range(min(60, scene.replay.steps - 1)):
        key(pygame.K_RIGHT)
        frames(app, 1)
        seen |= set(scene.drawn_marks.values())
        words = [t for t, _ in T.DRAWN]
        assert any(w.endswith(" remembered") for w in words)
        assert not any(w.endswith("remembered wrongly") for w in words)   # never wrong: no "0" line
    assert {UNKNOWN, "sees", "remembers"} <= seen


def test_a_later_round_of_a_match_and_moving_between_rounds(tmp_path):
    app = make_app(tmp_path)
    full = GameRecord.load(GOLDEN / "kombio-4p-hard-full-match.json")
    app.push(ReplayScene(app, full, 2))
    frames(app)
    scene = app.top
    assert scene.replay.number == 2
    key(pygame.K_PAGEDOWN)
    frames(app)
    assert scene.replay.number == 3 and scene.step == 0
    key(pygame.K_PAGEUP)
    key(pygame.K_PAGEUP)
    frames(app)
    assert scene.replay.number == 1
    check_drawn(scene)


def test_cardhall_replay_show_opens_the_window_and_closes_on_escape(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path))
    drawn = []
    draw = ReplayScene.draw

    def draw_then_escape(self, surface):
        draw(self, surface)
        if not drawn:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        drawn.append(self)
    monkeypatch.setattr(ReplayScene, "draw", draw_then_escape)
    path = GOLDEN / "combat-uno-4p-mixed-target.json"
    assert cli.main(["replay", str(path), "--show", "--round", "2"]) == 0
    scene = drawn[0]
    assert scene.replay.number == 2 and scene.drawn_faces
    assert len(drawn) <= 3      # Esc closed it at once


def test_cardhall_replay_show_closes_on_quit(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path))
    monkeypatch.setattr(ReplayScene, "enter", lambda self: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    assert cli.main(["replay", str(GOLDEN / "sixteen-combos-2p-hard-vs-easy.json"), "--show"]) == 0


def test_cardhall_replay_show_refuses_a_round_the_record_lacks(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARDHALL_HOME", str(tmp_path))
    assert cli.main(["replay", str(GOLDEN / "kabu-6p-mixed.json"), "--show", "--round", "9"]) == 2
    assert "no round 9" in capsys.readouterr().err


def test_without_show_replay_still_checks(capsys):
    assert cli.main(["replay", str(GOLDEN / "kabu-6p-mixed.json")]) == 0
    assert "OK" in capsys.readouterr().out


def test_a_saved_match_opens_with_the_steps_still_in_its_journal(tmp_path, monkeypatch):
    """A game's save is a snapshot plus a journal: the replay reads both (from a scratch copy,
    so the save itself is untouched) and `cardhall replay saved-match.json --show` opens it."""
    from game.client.scenes.replay import saved_match_record

    full = GameRecord.load(GOLDEN / "kombio-4p-hard-full-match.json")
    record, _ = first_round("kombio-4p-hard-full-match")
    app = make_app(tmp_path / "home")
    table = start(app, GameRecord(record.variant, record.options, record.seats, record.seed, record.actions[:10]))
    for t, action in full.actions[10:30]:      # played on the table: each step goes to the journal
        table.match.submit(action, t)
    frames(app)
    live = table.match.record()
    store = app.storage
    save, journal = store.save_path("kombio"), store.journal_path("kombio")
    assert save.is_file() and journal.is_file() and journal.read_bytes(), "no journal to read"
    before = {p: p.read_bytes() for p in (save, journal)}
    record = saved_match_record(save)
    assert record is not None and len(record.actions) == len(live.actions) > len(GameRecord.load(save).actions)
    assert [a for _, a in record.actions] == [a for _, a in live.actions]
    assert {p: p.read_bytes() for p in before} == before
    shown = []
    monkeypatch.setattr("game.client.scenes.replay.show_record",
                        lambda rec, number, frames=None: shown.append((len(rec.actions), number)) or 0)
    assert cli.main(["replay", str(save), "--show"]) == 0
    assert shown == [(len(live.actions), 1)]
