"""Drives the Kabu table through real input events on a fake clock (the app, the clicks and the
frame checks are kombio_driver's): the human seats peek, draw, swap, use abilities, discard and
snipe out of turn and call Kabu with a seeded random policy."""

from __future__ import annotations

import pygame

from game.core.actions import Pass
from game.core.cards import DECK, DISCARD, grid_place
from game.core.record import GameRecord, SeatInfo
from game.variants.kabu import (BlindSwap, CallKabu, DrawFromDeck, Exchange, Give, LookOpponent, LookOwn,
                                LookPair, Match, Peek, PlayDrawn, SkipAbility, SwapBoth, TakeDiscard)
from kombio_driver import DT, Driver, click, key, make_app, place_pos, start  # noqa: F401  (re-exported)


def kabu_record(seats: list[tuple[str, str]], seed: int = 3, **options) -> GameRecord:
    opts = {"target": 40, "reaction_seconds": 1.0}
    opts.update(options)
    infos = [SeatInfo(name, "human", None) if kind == "human" else SeatInfo(name, "bot", kind) for name, kind in seats]
    return GameRecord("kabu", opts, infos, seed)


class KabuDriver(Driver):
    def act(self) -> None:
        from game.client.scenes.curtain import Curtain

        app, t = self.app, self.table
        top = app.top
        if isinstance(top, Curtain):
            self.curtain_frames += 1
            self.note("curtain")
            key(pygame.K_RETURN)
            return
        if top is not t:
            return
        if t.hold is not None:
            self.note("peek-confirm")
            key(pygame.K_RETURN)
            return
        if not t.ready_for_input():
            return
        g = t.match.game
        if g.over:
            return
        if g.phase == "round_over":
            if t.round_result is not None:
                self.note("next-round")
                key(pygame.K_RETURN)
            return
        if g.phase == "reaction":
            claimants = t.claimants()
            if not claimants:
                return
            seat = self.rng.choice(claimants)
            claims = [a for a in g.legal_actions(seat) if isinstance(a, Match)]
            if claims and self.rng.random() < self.claim_rate:
                action = self.rng.choice(claims)
                if t.hotseat:
                    k = (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_t, pygame.K_y)[t.humans.index(seat)]
                    key(k)
                    self.note("claim-key")
                click(place_pos(t, action.place))
                self.note("Match")
            else:
                key(pygame.K_SPACE)
                self.note("Pass")
            return
        actor = t.actor()
        if actor is None:
            return
        legal = g.legal_actions(actor)
        if not legal:
            return
        choices = [a for a in legal if not isinstance(a, CallKabu)]
        if g.phase == "turn":
            self.turns += 1
            calls = [a for a in legal if isinstance(a, CallKabu)]
            if calls and self.turns > self.call_after and self.rng.random() < 0.3:
                choices = calls
        self.perform(self.rng.choice(choices))

    def perform(self, a) -> None:
        t = self.table
        self.note(type(a).__name__)
        if isinstance(a, DrawFromDeck):
            click(place_pos(t, DECK)) if self.rng.random() < 0.5 else key(pygame.K_d)
        elif isinstance(a, TakeDiscard):
            click(place_pos(t, DISCARD)) if self.rng.random() < 0.5 else key(pygame.K_t)
        elif isinstance(a, CallKabu):
            key(pygame.K_k)
        elif isinstance(a, (Peek, Exchange, LookOwn, Give)):
            if a.index < 9 and self.rng.random() < 0.3:
                key(pygame.K_1 + a.index)
            else:
                click(place_pos(t, grid_place(a.seat, a.index)))
        elif isinstance(a, PlayDrawn):
            key(pygame.K_p) if self.rng.random() < 0.5 else click(place_pos(t, DISCARD))
        elif isinstance(a, LookOpponent):
            click(place_pos(t, a.place))
        elif isinstance(a, BlindSwap):
            click(place_pos(t, a.a))
            click(place_pos(t, a.b))
        elif isinstance(a, LookPair):
            click(place_pos(t, grid_place(a.seat, a.index)))
            click(place_pos(t, a.place))
        elif isinstance(a, SwapBoth):
            key(pygame.K_x)
        elif isinstance(a, SkipAbility):
            key(pygame.K_s)
        elif isinstance(a, Pass):
            key(pygame.K_SPACE)
        else:
            raise AssertionError(f"no input for {a}")
