"""Take the table screenshots in docs/screenshots/ from a real window.

    Xvfb :97 -screen 0 1920x1200x24 &
    DISPLAY=:97 SDL_VIDEODRIVER=x11 PYTHONPATH=. python docs/screenshots/take.py [names...]

Plays seeded matches through posted input (the table tests' drivers) and saves the window at the
moments named below. Look at every picture before committing it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests" / "client"))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from kombio_driver import DT, Driver, make_app, new_record, start  # noqa: E402


def small_app(size, colour_blind=False):
    from game.client.app import App
    from game.client.scene import Scene
    from game.client.storage import Storage

    storage = Storage(Path(tempfile.mkdtemp()))
    storage.settings.animation_speed = 1.0
    storage.settings.bot_speed = "quick"
    storage.settings.sound = False
    storage.settings.colour_blind = colour_blind
    return App(storage=storage, size=size, first_scene=Scene)


def save(name: str) -> None:
    pygame.image.save(pygame.display.get_surface(), str(HERE / name))
    print("saved", name)


def run_until(app, driver, done, frames: int = 20000) -> bool:
    for _ in range(frames):
        if done():
            return True
        if driver is not None:
            driver.act()
        app.step(DT)
    return False


def kombio(size=(1280, 720)) -> None:
    app = make_app(Path(tempfile.mkdtemp()), speed=1.0)
    app.size_hint = size
    t = start(app, new_record([("You", "human"), ("Ada", "medium"), ("Bruno", "medium"), ("Cleo", "medium")],
                              seed=5, rounds=2))
    d = Driver(app, t, seed=1)
    # mid-round: your turn, the last moves of the others outlined
    run_until(app, d, lambda: len(t.history.lines) > 14 and len(t.history.traces) >= 3 and t.spec.actor() == 0 and not t.director.animating
              and t.match.game.phase == "turn")
    save("kombio-mid-round.png")
    # a reaction window with its countdown
    run_until(app, d, lambda: t.match.game.phase == "reaction" and t.screen.window is not None and not t.director.animating
              and t.spec.claimants())
    for _ in range(6):
        app.step(DT)
    save("kombio-reaction-window.png")
    # the history, a few turns in, just after someone else's move (its trace on the table)
    run_until(app, d, lambda: len(t.history.lines) > 22 and t.history.traces and t.screen.turn not in (None, 0) and not t.director.animating)
    t.history.toggle()
    app.step(DT)
    save("kombio-history.png")
    t.history.toggle()
    run_until(app, d, lambda: t.screen.round_result is not None and not t.director.animating and t.screen.match_result is None)
    for _ in range(10):
        app.step(DT)
    save("kombio-round-end.png")
    run_until(app, d, lambda: t.match.game.over and not t.director.animating and t.screen.match_result is not None)
    for _ in range(10):
        app.step(DT)
    save("kombio-final-round.png")
    t.results.show_match_result()
    for _ in range(12):
        app.step(DT)
    save("kombio-match-end.png")


def uno() -> None:
    from test_combat_uno_table import UnoDriver, uno_record

    app = make_app(Path(tempfile.mkdtemp()), speed=1.0)
    t = start(app, uno_record([("You", "human"), ("Ada", "medium"), ("Bruno", "medium"), ("Cleo", "medium")], seed=4))
    d = UnoDriver(app, t, seed=2)
    from game.core.events import WindowOpened

    run_until(app, d, lambda: t.director.ready_for_input() and t.match.game.turn == 0 and t.match.game.phase == "play"
              and not t.match.game.pending and len(t.history.lines) > 6)
    t.spec.picking = (0, "wild")
    for _ in range(3):
        app.step(DT)
    save("combat-uno-colour.png")
    t.spec.picking = None
    # just after a jump-in: its float over the seat, the narration, the ring running again
    run_until(app, d, lambda: any("Jump-in!" in f.text and f.age > 0.3 for f in t.hud.floating), frames=60000)
    save("combat-uno-jump-in.png")
    run_until(app, d, lambda: t.screen.round_result is not None and not t.director.animating)
    for _ in range(10):
        app.step(DT)
    save("combat-uno-round-end.png")


def small() -> None:
    """960x540: a Kombio reaction window after a call, and Combat UNO's colour picker."""
    from test_combat_uno_table import UnoDriver, uno_record

    app = small_app((960, 540))
    t = start(app, new_record([("You", "human"), ("Ada", "medium"), ("Bruno", "medium"), ("Cleo", "medium")],
                              seed=5, rounds=2))
    d = Driver(app, t, seed=1, call_after=3)
    run_until(app, d, lambda: t.spec.caller is not None and t.screen.window is not None and not t.director.animating
              and t.match.game.phase == "reaction")
    for _ in range(4):
        app.step(DT)
    save("kombio-960x540.png")
    app = small_app((960, 540))
    t = start(app, uno_record([("You", "human"), ("Ada", "medium"), ("Bruno", "medium"), ("Cleo", "medium")], seed=4))
    d = UnoDriver(app, t, seed=2)
    run_until(app, d, lambda: t.director.ready_for_input() and t.match.game.turn == 0 and t.match.game.phase == "play"
              and not t.match.game.pending)
    t.spec.picking = (0, "wild")
    for _ in range(3):
        app.step(DT)
    save("combat-uno-colour-960x540.png")


def more() -> None:
    """The peek at the deal, the hot-seat tables, the colour-blind palette."""
    from game.client.scenes.curtain import Curtain
    from test_combat_uno_table import UnoDriver, uno_record

    app = small_app((1280, 720))
    t = start(app, new_record([("You", "human"), ("Ada", "medium"), ("Bruno", "medium"), ("Cleo", "medium")], seed=8))
    run_until(app, None, lambda: t.director.hold is not None and not t.director.tweens.busy)
    for _ in range(6):
        app.step(DT)
    save("kombio-peek.png")

    app = small_app((1280, 720))
    t = start(app, uno_record([("Ann", "human"), ("Ben", "human"), ("Ada", "medium")], seed=6))
    d = UnoDriver(app, t, seed=2, jump_rate=0.0)
    run_until(app, d, lambda: app.top is t and t.screen.viewer in t.screen.humans and t.director.ready_for_input() and len(t.history.lines) > 8
              and t.zones.hand_visible(t.screen.viewer), frames=40000)
    for _ in range(3):
        app.step(DT)
    save("combat-uno-hotseat.png")

    app = small_app((1280, 720), colour_blind=True)
    t = start(app, uno_record([("You", "human"), ("Ada", "medium"), ("Bruno", "medium"), ("Cleo", "medium")], seed=4))
    d = UnoDriver(app, t, seed=2)
    run_until(app, d, lambda: t.director.ready_for_input() and t.match.game.turn == 0 and t.match.game.phase == "play"
              and not t.match.game.pending and len(t.history.lines) > 6)
    t.spec.picking = (0, "wild")
    for _ in range(3):
        app.step(DT)
    save("combat-uno-colour-blind.png")


def saves() -> None:
    """One saved match per game: Continue names them, its list shows where each stands; a new
    match asks only about its own game's save."""
    from game.client.app import App
    from game.client.storage import Storage
    from game.core.record import GameRecord, SeatInfo

    home = Path(tempfile.mkdtemp())
    store = Storage(home)
    store.settings.sound = False
    store.save_settings()
    seats = [SeatInfo("You", "human"), SeatInfo("Ada", "bot", "medium"), SeatInfo("Bruno", "bot", "hard")]
    store.save_match(GameRecord("kombio", {"rounds": 5}, seats, 11), {"summary": "round 3 of 5 · you 14, Ada 9, Bruno 21"})
    store.save_match(GameRecord("combat-uno", {}, seats, 12), {"summary": "round 2 · you 120, Ada 45, Bruno 80"})
    store.save_match(GameRecord("kabu", {}, seats[:2], 13), {"summary": "round 4 · you 38, Ada 52"})
    app = App(storage=Storage(home), size=(1280, 720))
    app.run_frames(3)
    save("menu-continue-per-game.png")
    app.top.continue_match()
    app.run_frames(3)
    save("continue-per-game.png")
    app.pop()
    from game.client.scenes.play import SetupScene
    from game.core.game import get_variant

    setup = SetupScene(app, get_variant("kombio"))
    app.push(setup)
    setup.next()
    app.top.start()             # the first press asks about Kombio's own save only
    app.run_frames(3)
    save("new-match-asks-about-its-own-save.png")


def reaction_setup() -> None:
    """Kombio's setup: the reaction option says what it does, 2 s for one player."""
    from game.client.scenes.play import SetupScene
    from game.core.game import get_variant

    app = small_app((1280, 720))
    setup = SetupScene(app, get_variant("kombio"))
    app.push(setup)
    widget = next(w for spec, w in zip(setup.variant.option_specs, setup.option_widgets)
                  if spec.key == "reaction_seconds")
    setup.form.focus_on(widget)
    setup._scroll_to(widget)
    app.run_frames(3)
    save("kombio-setup-reaction-option.png")
    # hot seat at 960x540: "we all pass", the hot-seat default, the long label on two lines
    app = small_app((960, 540))
    setup = SetupScene(app, get_variant("kabu"))
    app.push(setup)
    setup.seat_rows[1][1].set_value("human")
    setup.set_kind(1, "human")
    widget = next(w for spec, w in zip(setup.variant.option_specs, setup.option_widgets)
                  if spec.key == "reaction_seconds")
    setup.form.focus_on(widget)
    setup._scroll_to(widget)
    app.run_frames(3)
    save("kabu-setup-reaction-option-hotseat-960x540.png")


def uno_float_after_turn() -> None:
    """Hot-seat Combat UNO: a '+2' risen over its seat stays there when the table turns."""
    from game.client.scenes.curtain import Curtain
    from test_combat_uno_table import UnoDriver, uno_record

    app = small_app((1280, 720))
    t = start(app, uno_record([("Ann", "human"), ("Ben", "human"), ("Cy", "human"), ("Ada", "medium")], seed=6, rounds=1))
    d = UnoDriver(app, t, seed=2, jump_rate=0.3)
    born = {}

    def moved_float() -> bool:
        for f in t.hud.floating:
            if f.seat is not None and id(f) not in born:
                born[id(f)] = t.screen.bottom
        return (not isinstance(app.top, Curtain) and app.top is t
                and any(f.seat is not None and born.get(id(f)) not in (None, t.screen.bottom) and f.age < 0.9
                        for f in t.hud.floating))
    run_until(app, d, moved_float, frames=40000)
    save("combat-uno-hotseat-float-follows-seat.png")


def uno_penalty_outline() -> None:
    """A bot's +4 taken card after card: every card it drew is outlined."""
    from test_combat_uno_table import UnoDriver, uno_record
    from game.variants.combat_uno import DrawCard

    app = small_app((1280, 720))
    t = start(app, uno_record([("You", "human"), ("Ada", "hard"), ("Bruno", "hard"), ("Chiara", "hard")], seed=4, rounds=9))
    d = UnoDriver(app, t, seed=5, jump_rate=0.0)
    g = t.match.game
    run_until(app, d, lambda: sum(isinstance(a, DrawCard) for _, a in g.history) >= 3 and not t.director.animating
              and any(len(tr.sprites) >= 3 for tr in t.history.traces.values()), frames=40000)
    save("combat-uno-penalty-outlined.png")


def coach() -> None:
    """F1 at each variant's table, on the human's first move: the advised cards ringed, the move in
    the info line."""
    from game import games
    from game.client import tables
    from game.core.record import GameRecord, SeatInfo

    for variant in games.game_ids():
        app = small_app((1280, 720))
        seats = [SeatInfo("You", "human", None), SeatInfo("Ada", "bot", "easy"), SeatInfo("Bruno", "bot", "easy")]
        t = tables.start_match(app, GameRecord(variant, {}, seats, 11))
        t.draw_log = []

        def ready() -> bool:
            if t.director.hold is not None:
                t.director.release_hold()
            return (t.input.input_seat() == 0 and not t.director.animating and t.director.hold is None and t.director.ready_for_input()
                    and t.screen.round_result is None and bool(t.match.legal(0)))

        run_until(app, None, ready)
        t.coach.ask()
        for _ in range(8):
            app.step(DT)
        save(f"coach-{variant}.png")


if __name__ == "__main__":
    wanted = sys.argv[1:] or ["kombio", "uno"]
    for name in wanted:
        globals()[name]()
