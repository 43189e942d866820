"""Hot-seat privacy: who is looking at the screen, and the curtain between players.

A sprite knows who may see its face (``show_to``); it is drawn face up only if it is turned up
and the current ``viewer`` may see it. With one human, the viewer is that seat. With two or more
(hot-seat) the viewer is None, the spectator, except during a private moment: before one (a peek,
a drawn card, a look) the shell's curtain asks for that player, and after it the view returns to
neutral.
"""

from __future__ import annotations

import pygame

from game.client.table.sprites import CardSprite
from game.core.cards import Place
from game.core.events import CardMoved, CardSeen, Event
from game.core.view import SPECTATOR

CLAIM_KEYS = (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_t, pygame.K_y)


class HotSeatPrivacy:
    """Mixin of TableScene: the viewer and the curtain.

    Tables of open hands (``hands_follow_actor``) also open, in hot-seat, the hand of whoever
    acts: the human on turn, or one who pressed their claim key to act out of turn; that player
    then sits at the bottom.
    """

    hands_follow_actor = False

    def init_privacy(self) -> None:
        self.hotseat = len(self.humans) >= 2
        self.viewer: int | None = None if self.hotseat or not self.humans else self.humans[0]
        self.curtain_pending: int | None = None
        self.claimer: int | None = None           # hot-seat: the human picking a move out of turn

    def private_owner(self, ev: Event) -> int | None:
        """The human seat an event would show a private face to, if any."""
        if isinstance(ev, CardSeen) and ev.card is not None and ev.seat in self.humans:
            return ev.seat
        if isinstance(ev, CardMoved) and ev.card is not None and ev.dst.zone == "held" and ev.shown_to:
            owners = [s for s in ev.shown_to if s in self.humans]
            if len(owners) == 1:
                return owners[0]
        return None

    def privacy_gate(self, ev: Event) -> int | None:
        if not self.hotseat:
            return None
        owner = self.private_owner(ev)
        if owner is not None and owner != self.viewer:
            return owner
        return None

    def raise_curtain(self, seat: int) -> None:
        from game.client.scenes.curtain import Curtain

        self.curtain_pending = seat
        self.viewer = None
        self.app.push(Curtain(self.app, self.names[seat], on_confirm=lambda: self.curtain_done(seat),
                              on_pause=self.open_pause, seat=seat))

    def curtain_done(self, seat: int) -> None:
        self.curtain_pending = None
        self.viewer = seat
        if not self.hands_follow_actor:
            return
        self.viewer_changed()
        if self.bottom != seat:
            # The player who now looks sits at the bottom, their hand big and face up.
            self.bottom = seat
            self.make_layout(self.layout.size, seat)
            self.snap_all()
            self._buttons_key = None
        hand = self.hands.get(seat, [])
        # (a table without a hand order, 16 Combos, keeps the cards as they came: its None keys
        # crashed the first curtain of a continued hot-seat match)
        hand.sort(key=lambda s: (self.hand_key(s.card) or ()) if s.card is not None else (9,))
        self.relayout_hand(seat)
        for s in hand:
            (s.x, s.y), s.angle, (s.w, s.h) = self.place_pose(Place("hand", seat, hand.index(s)))

    # -- open hands ------------------------------------------------------------------------------
    def wanted_viewer(self) -> int | None:
        """Whose hand should be open now: a claimer, else a human on turn, else the viewer while
        a chance of theirs runs (``keeps_hand_open``)."""
        view = self.match.view(SPECTATOR)
        if self.claimer is not None:
            return self.claimer
        if view.turn in self.humans and self.round_result is None:
            return view.turn
        v = self.viewer
        if v is not None and view.turn is not None and self.keeps_hand_open(v):
            return v
        return None

    def keeps_hand_open(self, seat: int) -> bool:
        return False

    def follow_actor(self) -> bool:
        """Open or hide hands as play moves on; True when a curtain went up (the frame ends)."""
        if not (self.hands_follow_actor and self.hotseat and self.app.top is self and not self.match.over
                and self.curtain_pending is None):
            return False
        want = self.wanted_viewer()
        if want != self.viewer:
            if want is None or self.viewer is not None:
                self.viewer = None          # hiding a hand never waits
                self.viewer_changed()
            if want is not None and not self.animating:
                self.raise_curtain(want)
                return True
        return False

    def viewer_changed(self) -> None:
        """Another player looks now: a variant drops what the last one was choosing."""

    def claim(self, seat: int) -> None:
        """``seat``'s player pressed their claim key: their hand opens for an out-of-turn move."""
        if seat == self.viewer:
            return
        if not self.match.legal(seat):
            self.say(f"{self.names[seat]} has nothing to do out of turn right now.")
            return
        self.claimer = seat
        self.viewer_changed()
        self.raise_curtain(seat)

    def end_claim(self) -> None:
        if self.claimer is not None:
            self.claimer = None
            self.viewer_changed()

    def claim_key_seat(self, key: int) -> int | None:
        """The player at the screen whose claim key ``key`` is (None: nobody has that key)."""
        k = CLAIM_KEYS.index(key) if key in CLAIM_KEYS else len(CLAIM_KEYS)
        return self.humans[k] if k < len(self.humans) else None

    def claim_keys_hint(self) -> str:
        """"Q/W/E": the claim keys of the players at the screen, for the key hints."""
        return "/".join(pygame.key.name(key).upper() for key in CLAIM_KEYS[:len(self.humans)])

    def claim_keys_text(self, seats=None, sep: str = ", ") -> str:
        """"Ann Q, Ben W": each human's claim key (of ``seats`` only, if given)."""
        return sep.join(f"{self.names[h]} {pygame.key.name(CLAIM_KEYS[i]).upper()}" for i, h in enumerate(self.humans)
                        if i < len(CLAIM_KEYS) and (seats is None or h in seats))

    def end_private(self) -> None:
        """A private moment is over: hot-seat tables go back to the neutral view."""
        if self.hotseat:
            self.viewer = None

    def curtain_up(self) -> bool:
        return self.curtain_pending is not None

    def face_for(self, sprite: CardSprite) -> dict | None:
        if self.curtain_pending is not None:
            return None
        if sprite.face_shown(self.viewer):
            return self.face_of(sprite.card)
        return None
