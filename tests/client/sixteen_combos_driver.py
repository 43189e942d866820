"""Drives the 16 Combos table through real input (clicks on places and buttons, keys posted to
pygame's queue) in frames of a fixed time: each human seat plays a seeded random legal action when the table
asks it. Shared by the table tests and the screenshot script."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.client.scenes.curtain import Curtain  # noqa: E402
from game.core.actions import Pass  # noqa: E402
from game.core.cards import DECK  # noqa: E402
from game.core.record import GameRecord, SeatInfo  # noqa: E402
from game.variants.sixteen_combos import PassTurn  # noqa: E402
from tests.client.kombio_driver import click, key  # noqa: E402


def new_record(seats: list[tuple[str, str]], seed: int = 3, **options) -> GameRecord:
    opts = {"round_limit": 8, "columns": 6}
    opts.update(options)
    infos = [SeatInfo(name, "human", None) if kind == "human" else SeatInfo(name, "bot", kind) for name, kind in seats]
    return GameRecord("sixteen-combos", opts, infos, seed)


def place_pos(table, place):
    if place == DECK:
        view = table.spec.screen_view()
        g = table.spec.board.lay_out(view)
        return table.spec.board.pile_rects(g)["draw"].center
    if place.zone == "hand":
        return table.spec.board.hand_rects(len(table.spec.screen_view().hand))[place.index].center
    table.spec.board.lay_out(table.spec.screen_view())
    rect = table.spec.board.zone.rect(place)
    assert rect is not None, f"no pair at {place}"
    return rect.center


def press(table, action) -> bool:
    """Click the button the table shows for a target-less action."""
    choice = table.spec.label_for(action)
    for widget in table.input.form.widgets:
        if choice is not None and getattr(widget, "text", None) == choice.text:
            click(widget.rect.center)
            return True
    return False


class Driver:
    def __init__(self, app, table, seed: int = 0, pass_rate: float = 0.15):
        self.app, self.table = app, table
        self.rng = random.Random(seed)
        self.pass_rate = pass_rate
        self.inputs: dict[str, int] = {}

    def note(self, what: str) -> None:
        self.inputs[what] = self.inputs.get(what, 0) + 1

    def act(self) -> None:
        app, t = self.app, self.table
        top = app.top
        if isinstance(top, Curtain):
            self.note("curtain")
            key(pygame.K_RETURN)
            return
        if top is not t:
            return
        if t.director.hold is not None or t.screen.match_result is not None or t.screen.round_result is not None:
            if not t.director.animating or t.director.hold is not None:
                self.note("enter")
                key(pygame.K_RETURN)
            return
        if not t.director.ready_for_input():
            return
        seat = t.input.input_seat()
        if seat is None or t.screen.viewer != seat:
            return
        legal = t.match.legal(seat)
        if not legal:
            return
        passes = [a for a in legal if isinstance(a, (Pass, PassTurn))]
        others = [a for a in legal if a not in passes]
        if passes and (not others or self.rng.random() < self.pass_rate):
            action = passes[0]
        else:
            action = self.rng.choice(others)
        self.note(type(action).__name__)
        targets = action.targets()
        if targets:
            for place in targets:
                click(place_pos(t, place))
        elif isinstance(action, (Pass, PassTurn)) and self.rng.random() < 0.5:
            key(pygame.K_SPACE)
        elif not press(t, action):
            raise AssertionError(f"no button for {action}")


def play(app, table, driver: Driver, frames: int = 20000, dt: float = 0.05) -> int:
    for frame in range(frames):
        if table.match.over and table.screen.match_result is not None and not table.director.animating:
            return frame
        driver.act()
        app.step(dt)
    return frames


def play_to_own_target(app, table, driver: Driver, seat: int = 0, frames: int = 4000) -> None:
    """Play (`driver` for the human seats, 0.05 s frames) until `seat` is asked to choose a target."""
    for _ in range(frames):
        if table.director.ready_for_input() and table.spec.input_seat() == seat and table.spec.screen_view().step == "target":
            return
        driver.act()
        app.step(0.05)
    raise AssertionError(f"seat {seat}'s turn never came")
