"""The round replay on screen: opened from a table's round end for every variant with posted
input, stepped, a seat switched, and what it drew checked; `cardhall replay RECORD --show`."""

from __future__ import annotations

import pytest
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
from game.games import game_ids  # noqa: E402
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
    return next((w for w in table.input.form.widgets if getattr(w, "text", "") == "Replay round"), None)


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


@pytest.mark.parametrize("variant", game_ids())
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
    monkeypatch.setattr("game.client.app.show_record",
                        lambda rec, number, frames=None: shown.append((len(rec.actions), number)) or 0)
    assert cli.main(["replay", str(save), "--show"]) == 0
    assert shown == [(len(live.actions), 1)]


def long_kumbal_record(rounds_at_least: int = 14) -> GameRecord:
    """A random-play Kumbal match to a high target: many rounds, more than one page of them."""
    import random

    from game.core.game import get_variant

    game = get_variant("kumbal")(3, {"target": 500}, 11)
    rng = random.Random(2)
    while not game.over:
        acting = game.seats_to_act()
        if acting:
            game.apply(rng.choice(game.legal_actions(rng.choice(acting))), game.now + 1.0)
        else:
            action, due = game.table_action()
            game.apply(action, max(game.now + 1.0, due or 0.0))
    record = GameRecord.of(game)
    assert len(round_spans(record)) >= rounds_at_least
    return record


@pytest.mark.slow
def test_the_rounds_list_opens_any_round_of_a_long_match(tmp_path):
    from game.client.scenes.replay import RoundPicker
    from game.replay import round_results

    app = make_app(tmp_path)
    record = long_kumbal_record()
    spans = round_spans(record)
    app.push(ReplayScene(app, record, 1))
    frames(app)
    scene = app.top
    key(pygame.K_r)
    frames(app)
    picker = app.top
    assert isinstance(picker, RoundPicker)
    texts = [t for t, _ in T.DRAWN]
    assert "Round 1  · now open" in texts and picker.pages() > 1
    first = round_results(record)[1]
    words = f"Scores: {', '.join(f'{n} {s}' for n, s in zip(scene.names, first.scores))} · {spans[0].end - spans[0].start} steps"
    assert any(t in words for t in texts if t.startswith("Scores:")), "round 1's scores are listed"
    shown = [w.text for w in picker.form.widgets if w.text.startswith("Round ")]
    assert shown[0].startswith("Round 1") and len(shown) == picker.per_page
    screen = pygame.Rect((0, 0), app.size)
    rects = [w.rect for w in picker.form.widgets]
    assert all(screen.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), "buttons overlap"
    key(pygame.K_PAGEDOWN)
    frames(app)
    later = [w for w in picker.form.widgets if w.text.startswith("Round ")]
    assert later[0].text == f"Round {picker.per_page + 1}"
    target = later[-1]
    number = int(target.text.split()[1])
    click(target.rect.center)
    frames(app)
    assert app.top is scene and scene.replay.number == number and scene.step == 0
    check_drawn(scene)
    # In the smallest window the title gives way to the top bar's buttons rather than run under them.
    for size in ((960, 540), (1280, 720)):
        app.set_window_size(size)
        frames(app)
        title = next(r for t, r in T.DRAWN if t.startswith((scene.variant_title, "Round ")) and r.y < 40)
        assert not any(title.colliderect(wd.rect) for wd in scene.form.widgets), size


def test_a_bot_seat_shows_what_the_bot_believed_wrong_and_forgotten_cards_included(tmp_path):
    """Issue 33: "remembered wrongly" never fired (the replay showed a perfect memory aid for every
    seat). A bot seat now shows the bot's own memory as it was in play; a person's seat keeps its
    memory aid, and the side panel says which it is."""
    from game.replay import FORGOT, WRONG
    from game.simulate import play_match

    _, record = play_match("kombio", ["easy", "easy", "medium", "hard"], 5, {"rounds": 1})
    seats = [SeatInfo("You", "human", None)] + list(record.seats[1:])
    record = GameRecord(record.variant, dict(record.options), seats, record.seed, list(record.actions), record.result)
    app = make_app(tmp_path)
    app.push(ReplayScene(app, record, 1, seat=0))
    frames(app)
    scene = app.top
    replay = scene.replay
    wrong = next((i, s) for i in range(replay.steps) for s in (1, 2) if replay.knowledge(i, s).count(WRONG))
    forgot = next((i, s) for i in range(replay.steps) for s in (1, 2) if replay.knowledge(i, s).count(FORGOT))
    for (step, seat), mark, badge, count in ((wrong, WRONG, "thought", "remembered wrongly"), (forgot, FORGOT, "forgot", "forgot")):
        scene.seat = seat
        scene.go(step)
        T.DRAWN.clear()
        frames(app, 1)
        assert mark in scene.drawn_marks.values()
        check_drawn(scene)
        assert any(text.startswith(badge) for text, _ in T.DRAWN), badge
        assert f"{replay.knowledge(step, seat).count(mark)} {count}" in scene.drawn_side
        assert any(line.startswith("The bot's own memory") for line in scene.drawn_side)
    # the person's seat: the memory aid, said so, and never wrong nor forgetting
    scene.seat = 0
    scene.go(wrong[0])
    frames(app, 1)
    assert any(line.startswith("Your memory aid") for line in scene.drawn_side)
    assert not {WRONG, FORGOT} & set(scene.drawn_marks.values())
    assert not any(line.endswith(("remembered wrongly", "forgot")) for line in scene.drawn_side)


@pytest.mark.slow
def test_the_replay_words_a_kept_look_and_a_card_given_in_return(tmp_path):
    """Seen in a real window: "You skips ability." (a 13 looked at and kept where it was), and a
    card given in return for a claim read "You give." Both now come from the narrating table, as
    the history has them."""
    import re

    full = GameRecord.load(GOLDEN / "kombio-4p-hard-full-match.json")
    record = GameRecord(full.variant, full.options, [SeatInfo("You", "human", None)] + list(full.seats[1:]),
                        full.seed, full.actions, full.result)
    app = make_app(tmp_path)
    lines = []
    for span in round_spans(record):
        scene = ReplayScene(app, record, span.number, 0)
        for step in range(scene.replay.steps):
            scene.step = step
            lines += scene.step_lines()
    assert "You give Hard 2 a card in return, unseen." in lines
    assert "Hard 2 gives you a card in return, unseen." in lines
    assert "Medium 4 leaves the card where it is." in lines
    assert "Medium 3 keeps both cards where they are." in lines
    assert not [line for line in lines if "skips ability" in line or line in ("You give.", "You skip ability.")]
    # the player's own lines are in the second person throughout
    assert not [line for line in lines if re.match(r"You \w+[^s]s\b", line)], \
        [line for line in lines if re.match(r"You \w+[^s]s\b", line)][:5]


def test_a_wrongly_claimed_card_handed_over_is_not_a_card_given_in_return(tmp_path):
    """The card a wrong claimer takes as the penalty moves between grids face up: it is the
    penalty's line, not "gives you a card in return, unseen" (the unseen card paying for a match)."""
    from game.variants.kombio import DecidePenalty

    record = GameRecord.load(GOLDEN / "kombio-6p-mixed.json")
    app = make_app(tmp_path)
    checked = 0
    for span in round_spans(record):
        scene = ReplayScene(app, record, span.number, 0)
        for step in range(scene.replay.steps):
            action = scene.replay.frame(step).action
            if isinstance(action, DecidePenalty) and action.take_card:
                scene.step = step
                lines = scene.step_lines()
                assert not [line for line in lines if "in return" in line], lines
                assert any("takes the wrongly claimed card" in line for line in lines), lines
                checked += 1
    assert checked >= 2


def test_the_step_after_is_told_in_the_players_language(tmp_path):
    """Issue 34: the replay's "Then: ..." is the game's narrator's words from the view, in the
    player's language (it showed the rules' English prompt, "seat 1 to draw, take the discard")."""
    from game import i18n

    app = make_app(tmp_path)
    record = GameRecord.load(GOLDEN / f"{CASES['kabu']}.json")
    try:
        i18n.set_language("de")
        scene = ReplayScene(app, record, 1)
        app.push(scene)
        then = []
        for step in range(1, min(12, scene.replay.steps)):
            scene.go(step)
            frames(app, 1)
            then += [line for line in scene.drawn_lines if line.startswith("Dann: ")]
        scene.go(scene.replay.missed()[0].step)     # and a reaction not taken, in German too
        frames(app, 1)
        missed = [line for line in scene.drawn_lines if line.startswith("Verpasst: ")]
    finally:
        i18n.set_language("en")
    assert then, "no Then line drawn"
    assert any("zieht oder nimmt vom Ablagestapel" in line for line in then), then
    assert not any("seat" in line.lower() or " to " in line for line in then), then
    assert missed and all(" hätte " in line and "could have" not in line for line in missed), missed
