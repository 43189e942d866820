"""The memory-grid reaction window closes when the people at the screen pass (or after its time):
the bots that were only going to pass do so at the same moment, a bot about to claim keeps its
pace. And setup says so in the option's own words, with a shorter default for one player."""

from __future__ import annotations

import pygame
import pytest

from game.core.actions import Pass
from kabu_driver import KabuDriver, kabu_record
from kombio_driver import DT, Driver, key, make_app, new_record, start

pytestmark = pytest.mark.client


class PassAtOnce:
    """Mixed into a table driver: plays the human's turns like the shared driver, and passes every window the first frame it
    can; notes, per pass, whether the ring still showed a frame after."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, claim_rate=0.0, **kwargs)
        self.passed_at: list[float] = []
        self.ring_after: list[bool] = []
        self._watch = False

    def act(self) -> None:
        t = self.table
        if self._watch:
            self._watch = False
            if t.match.game.phase != "reaction":       # the window closed with that pass
                self.ring_after.append(t.hud.ring_shown())
        if (t.match.game.phase == "reaction" and t.spec.claimants() and t.director.ready_for_input()
                and self.app.top is t and t.director.hold is None):
            self.passed_at.append(t.screen.table_time)
            key(pygame.K_SPACE)
            self._watch = True
            return
        super().act()


def _passes_after_the_humans(record, human: int = 0) -> list[tuple[float, list[float]]]:
    """For each pass of the human: its time, and the times of the passes right after it in the
    same window (the bots')."""
    out = []
    actions = record.actions
    for i, (t, a) in enumerate(actions):
        if isinstance(a, Pass) and a.seat == human:
            after = []
            for t2, b in actions[i + 1:]:
                if not isinstance(b, Pass):
                    break
                after.append(t2)
            out.append((t, after))
    return out


class KombioPasser(PassAtOnce, Driver):
    pass


class KabuPasser(PassAtOnce, KabuDriver):
    pass


@pytest.mark.parametrize("passer, new", [(KombioPasser, new_record), (KabuPasser, kabu_record)], ids=["kombio", "kabu"])
@pytest.mark.slow
def test_the_window_closes_when_the_player_passes(tmp_path, passer, new):
    app = make_app(tmp_path, bot_speed="normal")
    seats = [("You", "human"), ("Ada", "medium"), ("Bruno", "medium"), ("Chiara", "medium")]
    table = start(app, new(seats, seed=5, reaction_seconds=3.0))
    player = passer(app, table, seed=2)
    for _ in range(4000):
        player.act()
        app.step(DT)
        if len(player.passed_at) >= 12:
            break
    found = _passes_after_the_humans(table.match.record())
    bot_passes = [(t, after) for t, after in found if after]
    assert len(bot_passes) >= 5, found
    # Every bot that was only going to pass passed at the very moment the player did (on today's
    # main they passed at their own reaction pace, up to seconds later).
    assert all(t2 == t for t, after in bot_passes for t2 in after), bot_passes
    # ... so the ring was gone from the next frame on.
    assert player.ring_after and not any(player.ring_after), player.ring_after


def test_a_bot_about_to_claim_keeps_its_pace_after_the_player_passes():
    from ai.registry import bot_seed, make_agent
    from game.client.table.pacing import PacedAgent
    from game.core.game import get_variant
    from game.core.session import Session
    from game.variants.kombio import Match

    # Seat 0 is the person (submitted from outside, as the table does); the session's hurry moves
    # passes only: a claim keeps the time its bot chose.
    for seed in range(1, 40):
        game = get_variant("kombio")(3, {"reaction_seconds": 3.0}, seed)
        agents = {s: PacedAgent(make_agent("kombio", "hard", bot_seed(seed, s)), lambda: 1.0) for s in (1, 2)}
        session = Session(game, agents)
        session.start_round(0.0)
        while not game.over and game.round == 1:
            session.next_due()                      # the bots are asked
            if game.phase == "reaction" and 0 in game.seats_to_act():
                claims = {seat: p.due for seat, p in session.pending.items() if isinstance(p.action, Match)}
                passes = [seat for seat, p in session.pending.items() if isinstance(p.action, Pass)]
                now = game.now
                session.submit(Pass(0), now)
                if claims and passes:
                    assert session.hurry(Pass, now) == len(passes)
                    assert {seat: p.due for seat, p in session.pending.items()
                            if isinstance(p.action, Match)} == claims
                    assert all(session.pending[seat].due == now for seat in passes)
                    return
            elif 0 in game.seats_to_act():
                session.submit(game.legal_actions(0)[0], game.now + 0.5)
            else:
                session.advance(session.next_due())
    pytest.fail("no window with one bot claiming and one passing")


# -- setup ---------------------------------------------------------------------------------------

def _kombio_setup(drive):
    from game.core.game import get_variant
    from game.client.scenes.play import SetupScene

    scene = SetupScene(drive.app, get_variant("kombio"))
    drive.app.push(scene)
    drive.app.run_frames(1)
    return scene


def _reaction_widget(scene):
    return next(w for spec, w in zip(scene.variant.option_specs, scene.option_widgets) if spec.key == "reaction_seconds")


def test_setup_words_the_window_as_it_works_with_a_shorter_default_for_one_player(drive):
    scene = _kombio_setup(drive)
    widget = _reaction_widget(scene)
    assert [s["kind"] for s in scene.seats] == ["human", "medium", "medium", "medium"]
    assert widget.label == "Close when I pass or after" and scene.options["reaction_seconds"] == 2.0
    texts = drive.texts
    assert "Close when I pass or after" in texts and "2 s" in texts
    assert "closes as soon as you pass (Space)" in " ".join(texts)
    scene.set_kind(1, "human")                      # a second person: hot seat
    drive.app.run_frames(1)
    assert widget.label == "Close when we all pass or after" and scene.options["reaction_seconds"] == 3.0
    assert "Close when we all pass or after" in drive.texts and "3 s" in drive.texts
    widget.adjust(1)                                # the player sets it: the seating no longer moves it
    scene.set_kind(1, "medium")
    drive.app.run_frames(1)
    assert scene.options["reaction_seconds"] == 3.5 and widget.label == "Close when I pass or after"
    widget.adjust(-7)
    drive.app.run_frames(1)
    assert scene.options["reaction_seconds"] == 0.0 and "No limit" in drive.texts


def test_the_summary_shows_the_same_words_and_the_automatic_time_is_not_stored_as_a_choice(drive, monkeypatch):
    from game.client import tables

    scene = _kombio_setup(drive)
    monkeypatch.setattr(tables, "start_match", lambda app, record: None)
    scene.next()
    drive.app.run_frames(1)
    assert drive.app.top.__class__.__name__ == "SummaryScene"
    assert "Close when I pass or after" in drive.texts and "2 s" in drive.texts
    assert "changed" not in drive.texts
    drive.app.top.start()
    assert drive.app.settings.reaction_seconds == 3.0      # the default for other games stays
    # Nor for this game: the next setup starts from the seating's default again.
    assert "reaction_seconds" not in drive.app.settings.last_setup["kombio"]["options"]


def test_the_long_hot_seat_wording_is_drawn_whole_at_960x540(make_app):
    from game.client.scenes.play import SetupScene
    from game.core.game import get_variant

    app = make_app(size=(960, 540))
    scene = SetupScene(app, get_variant("kabu"))
    app.push(scene)
    scene.set_kind(1, "human")
    widget = _reaction_widget(scene)
    scene.form.focus_on(widget)
    scene._scroll_to(widget)
    app.run_frames(1)
    label = "Close when we all pass or after"
    assert widget.label == label
    from game.client.ui import text as T

    lines = [t for t, r in T.DRAWN if r.y < widget.control_rect.bottom and r.right <= widget.control_rect.x
             and r.x >= widget.rect.x and t in label]
    assert " ".join(lines) == label, lines          # whole, on two smaller lines, clear of the control
