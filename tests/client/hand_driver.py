"""What the tests of the hand-game tables (Combat UNO, Kumbal) share: a record of seats, a point on a
hand card to click, ``HandDriver`` (a seeded player of the human seats through posted input, which
checks after every frame that no private face was drawn for anybody else), and a hot-seat run that
counts the curtains and checks who looks when."""

from __future__ import annotations

import random

import pygame

from game.client.scenes.curtain import Curtain
from game.core.record import GameRecord, SeatInfo
from kombio_driver import DT, key


def hand_record(variant: str, seats: list[tuple[str, str]], seed: int, options: dict) -> GameRecord:
    """Seats as (name, kind): "human", "random" or a bot level."""
    infos = [SeatInfo(name, "human", None) if kind == "human" else
             SeatInfo(name, "random", None) if kind == "random" else SeatInfo(name, "bot", kind)
             for name, kind in seats]
    return GameRecord(variant, options, infos, seed)


def card_point(table, seat: int, index: int) -> tuple[int, int]:
    """A point on the visible part of a hand card (the next card overlaps its right side)."""
    hand = table.zones.hands[seat]
    r = hand[index].rect()
    x = r.centerx
    if index + 1 < len(hand):
        x = (r.left + min(r.right, hand[index + 1].rect().left)) // 2
    return x, r.top + r.h // 4


def last_frame(table):
    """(viewer, curtain, faces) of the frame just drawn, once (None: nothing drawn since)."""
    log = table.draw_log
    if not log:
        return None
    frame = log[-1]
    log.clear()
    return frame


class HandDriver:
    """Plays the human seats with a seeded random policy, always through posted input. A variant's
    driver says what a human does with their hand (``play_turn``)."""

    max_frames = 80000

    def __init__(self, app, table, seed: int = 0):
        self.app, self.table = app, table
        self.rng = random.Random(seed)
        self.inputs: dict[str, int] = {}
        self.checks = 0

    def note(self, what: str) -> None:
        self.inputs[what] = self.inputs.get(what, 0) + 1

    def act(self) -> None:
        """Past the curtain, the round's end and the match's end; else ``play_turn``."""
        app, t = self.app, self.table
        if isinstance(app.top, Curtain):
            self.note("curtain")
            key(pygame.K_RETURN)
            return
        if app.top is not t or not t.director.ready_for_input():
            return
        g = t.match.game
        if g.over:
            return
        if g.phase == "round_over":
            if t.screen.round_result is not None and not t.director.animating:
                self.note("next-round")
                key(pygame.K_RETURN)
            return
        self.play_turn()

    def play_turn(self) -> None:
        raise NotImplementedError

    def check_frame(self) -> None:
        """What the table drew this frame must be allowed for whoever is looking: a private face
        only in the viewer's own hand, nothing under the curtain."""
        frame = last_frame(self.table)
        if frame is None:
            return
        viewer, curtain, faces = frame
        self.checks += 1
        assert curtain is None or not faces, "a card face was drawn while the curtain was up"
        for place, card, show_to in faces:
            if show_to is None:
                continue        # public: the pile, a card in flight to it, hands laid down at the end
            assert viewer is not None and show_to == frozenset((viewer,)), f"{card} of {set(show_to)} drawn for {viewer}"
            assert place is None or place.zone == "hand" and place.seat == viewer, f"{card} at {place}"

    def step(self) -> None:
        self.act()
        self.app.step(DT)
        self.check_frame()

    def run(self, max_frames: int | None = None) -> int:
        frames, limit = 0, max_frames or self.max_frames
        while frames < limit and self.app.running:
            self.step()
            frames += 1
            if self.table.match.game.over and not self.table.director.animating:
                break
        return frames


def played_to_the_end(driver: HandDriver):
    """Play the match out; it ended, its result and chart are shown, and the statistics counted
    it and cleared its save. The game, for the variant's own checks."""
    driver.run()
    app, table = driver.app, driver.table
    g = table.match.game
    assert g.over, f"the match did not end (phase {g.phase}, inputs {driver.inputs})"
    assert table.screen.match_result is not None and table.results.chart is not None
    assert driver.checks > 500
    assert app.storage.stats.for_variant(table.spec.variant_id).played == 1
    assert app.storage.stats.last_match is not None
    assert not app.storage.save_path(table.spec.variant_id).exists()
    # The view agrees with the game at the end: every hand laid down face up.
    for seat, hand in enumerate(g.hands):
        sprites = table.zones.hands[seat]
        assert sorted(c.id for c in hand) == sorted(s.card.id for s in sprites)
        assert all(s.show_to is None and s.turn == 1.0 for s in sprites)
    return g


def until(driver: HandDriver, cond, frames: int = 40000) -> bool:
    for _ in range(frames):
        if cond():
            return True
        driver.step()
        if driver.table.match.game.over:
            return cond()
    return cond()


def run_hotseat(driver: HandDriver, keeps_open, frames: int) -> tuple[int, set]:
    """A hot-seat match played to its end: (curtains raised, whose hand was open while a bot was on
    turn and nobody claimed). The curtain is opaque (nothing drawn under it) and whoever looks sits
    at the bottom. ``keeps_open(game, seat)``: a chance of the seat's own keeps its hand open."""
    app, table = driver.app, driver.table
    curtains, was_curtain = 0, False
    viewers_on_bot_turns = set()
    for _ in range(frames):
        driver.act()
        before = len(table.draw_log)
        app.step(DT)
        up = isinstance(app.top, Curtain)
        if up:
            assert len(table.draw_log) == before == 0 and table.screen.viewer is None
            curtains += not was_curtain
        was_curtain = up
        driver.check_frame()
        g = table.match.game
        if table.director.ready_for_input() and g.phase == "play" and g.turn not in table.screen.humans and table.screen.claimer is None:
            v = table.screen.viewer
            viewers_on_bot_turns.add(None if v is not None and keeps_open(g, v) else v)
        if table.screen.viewer is not None and not up:
            assert table.screen.layout.spot(table.screen.viewer).own, "the player who looks sits at the bottom"
        if g.over and not table.director.animating:
            break
    return curtains, viewers_on_bot_turns
