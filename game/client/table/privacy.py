"""Hot-seat privacy: who is looking at the screen, and the curtain between players.

A sprite knows who may see its face (``show_to``); it is drawn face up only if it is turned up
and the current ``viewer`` may see it. With one human, the viewer is that seat. With two or more
(hot-seat) the viewer is None, the spectator, except during a private moment: before one (a peek,
a drawn card, a look) the shell's curtain asks for that player, and after it the view returns to
neutral.
"""

from __future__ import annotations

from game.client.table.sprites import CardSprite
from game.core.events import CardMoved, CardSeen, Event


class HotSeatPrivacy:
    """Mixin of TableScene: the viewer and the curtain."""

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
