"""What the host tells a remote seat about the match: that seat's own view, legal actions and events
redacted for it (Event.for_seat), and nothing else, encoded for the wire (game.net.codec); and the
hash of each view it was sent, which the client's `shown` message is compared with (a desync).

HostTable composes the messages around these (game.net.protocol lists them); everything about the
game a `step` or a `state` message carries is built here, so this is the one place to read to see
what a seat can learn.
"""

from __future__ import annotations

from typing import Any, Iterable

from game.core.actions import action_to_json
from game.core.events import Event
from game.net.codec import Codec, digest
from game.net.timing import VERSIONS_KEPT


class SeatFeed:
    def __init__(self, variant: type, seats: Iterable[int]) -> None:
        self.codec = Codec(variant)
        self.digests: dict[int, dict[int, str]] = {seat: {} for seat in seats}   # seat -> version -> hash

    def events(self, seat: int, events: list[Event]) -> list[Any]:
        return [self.codec.encode(e.for_seat(seat)) for e in events]

    def view(self, session: Any, seat: int, version: int) -> Any:
        """The seat's view now, encoded, its hash kept as `version`'s."""
        encoded = self.codec.encode(session.view(seat))
        kept = self.digests[seat]
        kept[version] = digest(encoded)
        kept.pop(version - VERSIONS_KEPT, None)
        return encoded

    def differs(self, seat: int, version: int, hash_: str) -> bool | None:
        """Whether the client's view of `version` differs from what was sent (None: not kept)."""
        mine = self.digests[seat].get(version)
        return None if mine is None else mine != hash_

    def step(self, session: Any, seat: int, events: list[Event], **table: Any) -> dict[str, Any]:
        """A step's message: its events and the view after it, with what the table adds (`table`)."""
        version = session.version
        view = self.view(session, seat, version)
        return {"type": "step", "version": version, "t": session.now, "events": self.events(seat, events),
                "view": view, "legal": self._legal(session, seat), "hash": self.digests[seat][version], **table}

    def state(self, session: Any, seat: int, last_events: list[Event],
              round_events: list[tuple[float, list[Event]]], **table: Any) -> dict[str, Any]:
        """Everything the seat needs to draw its table now (a start or a rejoin): the view, the
        last action and its events, and the round so far (`round_events`, redacted as they came)."""
        version = session.version
        view = self.view(session, seat, version)
        history = session.game.history
        return {"type": "state", "version": version, "t": session.now, "view": view,
                "legal": self._legal(session, seat), "hash": self.digests[seat][version],
                "last_action": action_to_json(history[-1][1]) if history else None,
                "last_events": self.events(seat, last_events),
                "round_events": [[t, [self.codec.encode(e) for e in events]] for t, events in round_events], **table}

    def _legal(self, session: Any, seat: int) -> list[dict[str, Any]]:
        return [action_to_json(a) for a in session.legal(seat)]
