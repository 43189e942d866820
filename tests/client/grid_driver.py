"""Drives a memory-grid table (Kombio, Kabu) through real input events (mouse clicks and keys
posted to pygame's queue) in frames of a fixed time, and checks what the table drew. The app and input
helpers here are shared by every table test; each variant's driver (kombio_driver, kabu_driver)
names its own actions."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.client import tables  # noqa: E402
from game.client.app import App  # noqa: E402
from game.client.scene import Scene  # noqa: E402
from game.client.scenes.curtain import Curtain  # noqa: E402
from game.client.storage import Storage  # noqa: E402
from game.core.actions import Action, Pass  # noqa: E402
from game.core.cards import DECK, DISCARD, grid_place  # noqa: E402
from game.core.grids import (BlindSwap, DrawFromDeck, Exchange, Give, LookOpponent, LookOwn, Match,  # noqa: E402
                             PlayDrawn, SkipAbility, SwapBoth, TakeDiscard)
from game.core.record import GameRecord, SeatInfo  # noqa: E402

DT = 0.05


def make_app(tmp_path, speed="fastest", memory_aid=False, bot_speed="quick") -> App:
    storage = Storage(tmp_path)
    storage.settings.animation_speed = speed
    storage.settings.bot_speed = bot_speed
    storage.settings.memory_aid = memory_aid
    storage.settings.sound = False
    return App(storage=storage, size=(1280, 720), first_scene=Scene)


def table_record(variant: str, seats: list[tuple[str, str]], seed: int, options: dict) -> GameRecord:
    """A match to start: `seats` as (name, "human" or a bot level)."""
    infos = [SeatInfo(name, "human", None) if kind == "human" else SeatInfo(name, "bot", kind) for name, kind in seats]
    return GameRecord(variant, options, infos, seed)


def start(app: App, record: GameRecord):
    table = tables.start_match(app, record)
    table.draw_log = []
    return table


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def click(pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def place_pos(table, place):
    if place == DECK:
        return table.screen.layout.deck_pos
    if place == DISCARD:
        return table.screen.layout.discard_pos
    sprite = table.zones.sprite_at(place)
    assert sprite is not None, f"no sprite at {place}"
    return sprite.rect().center


class GridDriver:
    """Plays the human seats with a seeded random policy, always through posted input. A variant's
    driver names its call and which of its actions pick a slot, a place or two places."""

    call_action: type[Action] = Action     # the variant's round-ending call (key K)
    call_chance = 0.25                      # how often a human calls once `call_after` turns are played
    slot_actions: tuple[type, ...] = (Exchange, LookOwn, Give)    # pick one of your slots (click or 1-9)
    place_actions: tuple[type, ...] = (LookOpponent,)            # pick one card (`place`)
    pair_actions: tuple[type, ...] = (BlindSwap,)                # pick two cards (`a`, `b`)

    def __init__(self, app: App, table, seed: int = 0, claim_rate: float = 0.3, call_after: int = 6):
        self.app, self.table = app, table
        self.rng = random.Random(seed)
        self.claim_rate = claim_rate
        self.call_after = call_after
        self.turns = 0
        self.inputs: dict[str, int] = {}
        self.checks = 0
        self.curtain_frames = 0

    def note(self, what: str) -> None:
        self.inputs[what] = self.inputs.get(what, 0) + 1

    def act(self) -> None:
        app, t = self.app, self.table
        top = app.top
        if isinstance(top, Curtain):
            self.curtain_frames += 1
            self.note("curtain")
            key(pygame.K_RETURN)
            return
        if top is not t:
            return
        if t.director.hold is not None:
            self.note("peek-confirm")
            key(pygame.K_RETURN)
            return
        if not t.director.ready_for_input():
            return
        g = t.match.game
        if g.over:
            return
        if g.phase == "round_over":
            if t.screen.round_result is not None:
                self.note("next-round")
                key(pygame.K_RETURN)
            return
        if g.phase == "reaction":
            claimants = t.spec.claimants()
            if not claimants:
                return
            seat = self.rng.choice(claimants)
            matches = [a for a in g.legal_actions(seat) if isinstance(a, Match)]
            if matches and self.rng.random() < self.claim_rate:
                action = self.rng.choice(matches)
                if t.screen.hotseat:
                    k = (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_t, pygame.K_y)[t.screen.humans.index(seat)]
                    key(k)
                    self.note("claim-key")
                click(place_pos(t, action.place))
                self.note("Match")
            else:
                key(pygame.K_SPACE)
                self.note("Pass")
            return
        actor = t.spec.actor()
        if actor is None:
            return
        legal = g.legal_actions(actor)
        if not legal:
            return
        choices = [a for a in legal if not isinstance(a, self.call_action)]
        if g.phase == "turn":
            self.turns += 1
            calls = [a for a in legal if isinstance(a, self.call_action)]
            if calls and self.turns > self.call_after and self.rng.random() < self.call_chance:
                choices = calls
        action = self.rng.choice(choices)
        self.perform(action)

    def perform(self, a) -> None:
        t = self.table
        self.note(type(a).__name__)
        if isinstance(a, DrawFromDeck):
            click(place_pos(t, DECK)) if self.rng.random() < 0.5 else key(pygame.K_d)
        elif isinstance(a, TakeDiscard):
            click(place_pos(t, DISCARD)) if self.rng.random() < 0.5 else key(pygame.K_t)
        elif isinstance(a, self.call_action):
            key(pygame.K_k)
        elif isinstance(a, self.slot_actions):
            if a.index < 9 and self.rng.random() < 0.3:
                key(pygame.K_1 + a.index)
            else:
                click(place_pos(t, grid_place(a.seat, a.index)))
        elif isinstance(a, PlayDrawn):
            key(pygame.K_p) if self.rng.random() < 0.5 else click(place_pos(t, DISCARD))
        elif isinstance(a, self.place_actions):
            click(place_pos(t, a.place))
        elif isinstance(a, self.pair_actions):
            click(place_pos(t, a.a))
            click(place_pos(t, a.b))
        elif isinstance(a, SwapBoth):
            key(pygame.K_x)
        elif isinstance(a, SkipAbility):
            key(pygame.K_s)
        elif isinstance(a, Pass):
            key(pygame.K_SPACE)
        elif not self.perform_own(a):
            raise AssertionError(f"no input for {a}")

    def perform_own(self, a) -> bool:
        """The input for an action only this variant has (False: there is none)."""
        return False

    def check_frame(self) -> None:
        """What the table drew this frame must be allowed for whoever is looking."""
        t = self.table
        log = t.draw_log
        if not log:
            return
        viewer, curtain, faces = log[-1]
        log.clear()
        self.checks += 1
        assert curtain is None or not faces, "a card face was drawn while the curtain was up"
        seen = t.match.game.seen
        for entry in faces:
            if entry[0] == "memory":
                _, place, card = entry
                assert t.settings.memory_aid, "a memory badge was drawn with the memory aid off"
                assert viewer is not None and card.id in seen[viewer], f"memory of a card {viewer} never saw"
                continue
            place, card, show_to = entry
            if show_to is None:
                continue        # public: on the discard pile, revealed, or claimed in front of all
            assert viewer is not None and viewer in show_to, f"private face of {card} drawn for {viewer}"
            assert card.id in seen[viewer], f"{card} drawn face up for seat {viewer}, who has not seen it"
            if place is not None and place.zone == "grid" and not t.settings.memory_aid:
                # A face-down card shows only while it is being looked at (or turning back).
                assert t.director.hold is not None or place in t.zones.peeking or t.director.tweens.busy or t.match.game.phase in (
                    "look_swap", "look_both"), f"{card} at {place} shown after the peek ended"

    def run_hotseat(self, max_frames: int = 60000) -> tuple[int, set]:
        """`run` for a hot-seat table, checking every frame that a curtain hides the table entirely.
        Returns how many curtains came up, and whose perspective was on screen when a turn was
        ready for input (None: nobody's)."""
        app, table = self.app, self.table
        curtains, last = 0, None
        viewers_during_turns = set()
        for _ in range(max_frames):
            top = app.top
            if isinstance(top, Curtain) and top is not last:
                curtains, last = curtains + 1, top
            self.act()
            before = len(table.draw_log)
            app.step(DT)
            if isinstance(app.top, Curtain):
                assert len(table.draw_log) == before == 0   # the curtain is opaque: the table is not drawn
            self.check_frame()
            if table.director.ready_for_input() and table.match.game.phase == "turn":
                viewers_during_turns.add(table.screen.viewer)
            if table.match.game.over and not table.director.animating:
                break
        return curtains, viewers_during_turns

    def run(self, max_frames: int = 60000) -> int:
        frames = 0
        while frames < max_frames and self.app.running:
            self.act()
            self.app.step(DT)
            self.check_frame()
            frames += 1
            if self.table.match.game.over and not self.table.director.animating:
                break
        return frames
