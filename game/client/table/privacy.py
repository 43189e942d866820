"""Hot-seat privacy: who is looking at the screen, and the curtain between players.

A sprite knows who may see its face (``show_to``); it is drawn face up only if it is turned up
and the current viewer may see it (``Screen.viewer``). With one human, the viewer is that seat.
With two or more (hot-seat) the viewer is None, the spectator, except during a private moment:
before one (a peek, a drawn card, a look) the app's curtain asks for that player, and after it
the view returns to neutral.

Tables of open hands (the spec's ``hands_follow_actor``) also open, in hot-seat, the hand of
whoever acts: the human on turn, or one who pressed their claim key to act out of turn; that
player then sits at the bottom.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.client.requests import ShowCurtain
from game.core.cards import Place
from game.core.events import CardMoved, CardSeen, Event
from game.core.view import SPECTATOR

CLAIM_KEYS = (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_t, pygame.K_y)


class Privacy:
    """The viewer, the curtain and the claim keys."""

    interface = ("private_owner", "gate", "raise_curtain", "standard_viewer", "follow_actor", "claim", "end_claim",
                 "claim_key_seat", "claim_keys_hint", "claim_keys_text", "end_private", "curtain_up")

    def __init__(self, screen: Any, spec: Any, match: Any, app: Any, zones: Any, director: Any,
                 say: Callable[[str], None], seat_at_bottom: Callable[[int], None], open_pause: Callable[[], None],
                 is_top: Callable[[], bool]):
        self.screen, self.spec, self.match, self.app = screen, spec, match, app
        self.zones, self.director = zones, director
        self.say = say
        self.seat_at_bottom = seat_at_bottom      # (the table's layout turns for that seat)
        self.open_pause = open_pause
        self.is_top = is_top                      # the table is the scene on top
        screen.viewer = None if screen.hotseat or not screen.humans else screen.humans[0]

    def private_owner(self, ev: Event) -> int | None:
        """The human seat an event would show a private face to, if any."""
        humans = self.screen.humans
        if isinstance(ev, CardSeen) and ev.card is not None and ev.seat in humans:
            return ev.seat
        if isinstance(ev, CardMoved) and ev.card is not None and ev.dst.zone == "held" and ev.shown_to:
            owners = [s for s in ev.shown_to if s in humans]
            if len(owners) == 1:
                return owners[0]
        return None

    def gate(self, ev: Event) -> int | None:
        """The seat a curtain must ask for before `ev` plays (None: it may play now)."""
        if not self.screen.hotseat:
            return None
        owner = self.private_owner(ev)
        if owner is not None and owner != self.screen.viewer:
            return owner
        return None

    def raise_curtain(self, seat: int) -> None:
        self.screen.curtain = seat
        self.screen.viewer = None
        self.app.open(ShowCurtain(self.screen.names[seat], seat=seat, on_confirm=lambda: self.curtain_done(seat),
                                  on_pause=self.open_pause))

    def curtain_done(self, seat: int) -> None:
        screen = self.screen
        screen.curtain = None
        screen.viewer = seat
        if not self.spec.hands_follow_actor:
            return
        self.spec.forget_choice()
        if screen.bottom != seat:
            # The player who now looks sits at the bottom, their hand big and face up.
            self.seat_at_bottom(seat)
        hand = self.zones.hands.get(seat, [])
        # (a table without a hand order, 16 Combos, keeps the cards as they came: its None keys
        # crashed the first curtain of a continued hot-seat match)
        hand.sort(key=lambda s: (self.spec.hand_key(s.card) or ()) if s.card is not None else (9,))
        self.zones.relayout_hand(seat)
        for s in hand:
            (s.x, s.y), s.angle, (s.w, s.h) = self.zones.place_pose(Place("hand", seat, hand.index(s)))

    # -- open hands ------------------------------------------------------------------------------
    def standard_viewer(self) -> int | None:
        """Whose hand should be open now: a claimer, else a human on turn, else the viewer while
        a chance of theirs runs (the spec's ``keeps_hand_open``)."""
        screen = self.screen
        view = self.match.view(SPECTATOR)
        if screen.claimer is not None:
            return screen.claimer
        if view.turn in screen.humans and screen.round_result is None:
            return view.turn
        v = screen.viewer
        if v is not None and view.turn is not None and self.spec.keeps_hand_open(v):
            return v
        return None

    def follow_actor(self) -> bool:
        """Open or hide hands as play moves on; True when a curtain went up (the frame ends)."""
        screen = self.screen
        if not (self.spec.hands_follow_actor and screen.hotseat and self.is_top() and not self.match.over
                and screen.curtain is None):
            return False
        want = self.spec.wanted_viewer()
        if want != screen.viewer:
            if want is None or screen.viewer is not None:
                screen.viewer = None          # hiding a hand never waits
                self.spec.forget_choice()
            if want is not None and not self.director.animating:
                self.raise_curtain(want)
                return True
        return False

    def claim(self, seat: int) -> None:
        """``seat``'s player pressed their claim key: their hand opens for an out-of-turn move."""
        if seat == self.screen.viewer:
            return
        if not self.match.legal(seat):
            self.say(f"{self.screen.names[seat]} has nothing to do out of turn right now.")
            return
        self.screen.claimer = seat
        self.spec.forget_choice()
        self.raise_curtain(seat)

    def end_claim(self) -> None:
        if self.screen.claimer is not None:
            self.screen.claimer = None
            self.spec.forget_choice()

    def claim_key_seat(self, key: int) -> int | None:
        """The player at the screen whose claim key ``key`` is (None: nobody has that key)."""
        k = CLAIM_KEYS.index(key) if key in CLAIM_KEYS else len(CLAIM_KEYS)
        humans = self.screen.humans
        return humans[k] if k < len(humans) else None

    def claim_keys_hint(self) -> str:
        """"Q/W/E": the claim keys of the players at the screen, for the key hints."""
        return "/".join(pygame.key.name(key).upper() for key in CLAIM_KEYS[:len(self.screen.humans)])

    def claim_keys_text(self, seats=None, sep: str = ", ") -> str:
        """"Ann Q, Ben W": each human's claim key (of ``seats`` only, if given)."""
        names = self.screen.names
        return sep.join(f"{names[h]} {pygame.key.name(CLAIM_KEYS[i]).upper()}" for i, h in enumerate(self.screen.humans)
                        if i < len(CLAIM_KEYS) and (seats is None or h in seats))

    def end_private(self) -> None:
        """A private moment is over: hot-seat tables go back to the neutral view."""
        if self.screen.hotseat:
            self.screen.viewer = None

    def curtain_up(self) -> bool:
        return self.screen.curtain is not None
