"""The event director: the queue of facts the rules produced, played out one step at a time.

Every event list an action produces is queued (already redacted for this screen by the match
driver); the director drains the queue one event, or one joined group (the cards of a deal, the
two cards of an exchange), at a time through tweens. For each event it lets the watchers see it
(each human's memory aid, the guide), has the narrator word it and calls the animation the
table's handlers map its type to (facts.py for the facts every game has, the spec for its own).
A private moment in hot-seat stops the queue behind a curtain (privacy.py). It owns the tweens,
so card flights and flips go through it.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable

from game.client.table.sprites import CardSprite
from game.client.ui.tween import Tween, Tweens, ease_in_out_quad, ease_out_cubic
from game.core.cards import DECK, DISCARD
from game.core.events import CardMoved, CardRevealed, CardSeen, Event

MOVE = 0.38       # nominal seconds for a card to travel
DEAL = 0.2
FLIP = 0.22
STAGGER = 0.05


def actor_of(ev: Any) -> int | None:
    """The seat an event tells of (who moved, looked, was penalised), None for the table's own."""
    by = getattr(ev, "by", None)
    if isinstance(by, int) and by >= 0:
        return by
    seat = getattr(ev, "seat", None)
    return seat if isinstance(seat, int) and seat >= 0 else None


class Hold:
    """A pipeline step that waits for a player (e.g. "remember your cards, then press Enter")."""

    def __init__(self, kind: str, seat: int | None, prompt: str, on_done: Callable[[], None] | None = None):
        self.kind, self.seat, self.prompt, self.on_done = kind, seat, prompt, on_done


class Director:
    """The queue, joining, dispatch to the handlers, flights, holds."""

    interface = ("queue", "next_event", "enqueue", "pump", "hold", "start_hold", "release_hold", "animating",
                 "ready_for_input", "busy", "instant", "fly", "flip", "tween", "wait", "pause_for", "step_delay",
                 "stagger", "update", "finish_all", "scale", "turn_up_at_once", "moving")

    def __init__(self, screen: Any, spec: Any, handlers: dict[type, Callable[[Any, Any], None]],
                 gate: Callable[[Event], int | None], raise_curtain: Callable[[int], None],
                 narrator: Any, narrate: Callable[[str, int | None], None], watchers: list[Callable[[Event], None]],
                 scale: Callable[[], float]):
        self.screen, self.spec = screen, spec
        self.gate = gate                      # the seat a curtain must ask for before an event plays (privacy)
        self.raise_curtain = raise_curtain
        self.narrator, self.narrate = narrator, narrate
        self.watchers = watchers
        self.handlers = handlers          # event type -> its animation (facts.py's, then the spec's own)
        self.tweens = Tweens(scale=scale)
        self.queue: deque[Event] = deque()
        self.hold: Hold | None = None
        self.step_delay = 0.0                     # stagger for joined events
        self._flights: dict[int, tuple[Any, list]] = {}   # sprite uid -> (its running flight, callbacks)

    # -- the queue -------------------------------------------------------------------------------------
    def enqueue(self, events: list[Event]) -> None:
        self.queue.extend(events)

    def next_event(self) -> Event | None:
        return self.queue[0] if self.queue else None

    @property
    def animating(self) -> bool:
        return bool(self.queue) or self.tweens.busy or self.hold is not None or self.screen.curtain is not None

    def moving(self) -> bool:
        """A tween runs or an event is about to play (a hold or a curtain waits for a person:
        nothing moves)."""
        return bool(self.tweens.active or (self.queue and self.hold is None and self.screen.curtain is None))

    def ready_for_input(self) -> bool:
        if self.spec.input_waits_for_flights:
            return not self.animating
        return not self.queue and self.hold is None and self.screen.curtain is None

    @property
    def busy(self) -> bool:
        """A tween something waits for is running."""
        return self.tweens.busy

    def instant(self) -> bool:
        """Animations are off ("fastest"): everything lands at once."""
        return self.tweens.scale() <= 0

    def scale(self) -> float:
        return self.tweens.scale()

    def update(self, dt: float) -> None:
        self.tweens.update(dt)

    def finish_all(self) -> None:
        self.tweens.finish_all()

    def pump(self) -> None:
        steps = 0
        instant = self.instant()
        while self.queue and self.hold is None and self.screen.curtain is None and not self.tweens.busy and steps < 500:
            ev = self.queue[0]
            gate = self.gate(ev)
            if gate is not None:
                self.raise_curtain(gate)
                return
            self.queue.popleft()
            self.step_delay = 0.0
            self.animate(ev)
            while self.queue and self.hold is None and self.joinable(ev, self.queue[0]) \
                    and self.gate(self.queue[0]) is None:
                nxt = self.queue.popleft()
                self.animate(nxt)
                ev = nxt
            steps += 1
            if instant:
                self.tweens.update(0.0)
                self.tweens.finish_all()

    def animate(self, ev: Event) -> None:
        for watcher in self.watchers:
            watcher(ev)
        line = self.narrator.tell(ev, self.next_event())
        handler = self.handlers.get(type(ev))
        if handler is not None:
            handler(self.spec, ev)
        if line:
            self.narrate(line, actor_of(ev))

    def joinable(self, prev: Event, nxt: Event) -> bool:
        """May ``nxt`` start together with ``prev`` (one step)?"""
        if isinstance(prev, CardMoved) and isinstance(nxt, CardMoved):
            if prev.src == DECK and nxt.src == DECK and prev.dst.zone == nxt.dst.zone and prev.dst.zone in ("grid", "hand") \
                    and prev.by == nxt.by == -1:
                self.step_delay += STAGGER
                return True    # dealing
            if prev.src == DECK and nxt.src == DECK and prev.dst == nxt.dst and prev.dst.zone == "hand":
                self.step_delay += STAGGER * 2
                return True    # several cards drawn into one hand at once (a penalty)
            if prev.dst == DISCARD and nxt.src.zone == "held":
                return True    # an exchange: both cards travel at once
        if isinstance(prev, CardSeen) and isinstance(nxt, CardSeen) and prev.seat == nxt.seat:
            return True        # two cards looked at together
        humans = self.screen.humans
        if isinstance(prev, CardSeen) and isinstance(nxt, CardSeen) and self.screen.viewer not in (prev.seat, nxt.seat) \
                and nxt.seat not in humans and prev.seat not in humans:
            return True        # bots peeking at the start of a round
        if isinstance(prev, CardRevealed) and isinstance(nxt, CardRevealed):
            self.step_delay += STAGGER
            return True
        if isinstance(prev, self.spec.joined) and isinstance(nxt, self.spec.joined):
            return True        # (a game's own: every hand laid down at once)
        return False

    # -- holds ------------------------------------------------------------------------------------------
    def start_hold(self, hold: Hold) -> None:
        self.hold = hold

    def release_hold(self) -> None:
        hold, self.hold = self.hold, None
        if hold is not None and hold.on_done:
            hold.on_done()

    # -- flights ----------------------------------------------------------------------------------------
    def stagger(self, seconds: float) -> None:
        """The next animations of this step start `seconds` later."""
        self.step_delay += seconds

    def fly(self, sprite: CardSprite, pos, angle, size, duration: float = MOVE, turn: float | None = None,
            delay: float = 0.0, on_finish: Callable[[], None] | None = None, easing=ease_in_out_quad) -> None:
        """Move a sprite. A newer flight replaces one still under way (e.g. a hand closing up
        while its cards are still being dealt): it keeps the older one's wait, its other
        properties (a flip) and its finish callback, so the two never fight over the sprite."""
        props: dict[str, Any] = {"x": float(pos[0]), "y": float(pos[1]), "angle": float(angle),
                                 "w": float(size[0]), "h": float(size[1])}
        if turn is not None:
            props["turn"] = float(turn)
        delay = delay + self.step_delay
        callbacks = [on_finish] if on_finish else []
        self.tweens.finish_decorations(sprite)
        old = self._flights.pop(sprite.uid, None)
        if old is not None and not old[0].done:
            tween, old_callbacks = old
            tween.cancel()
            sprite.moving -= 1
            for key, value in tween.props.items():
                props.setdefault(key, value)
            if not tween.started:
                scale = self.tweens.scale()
                delay = max(delay, tween.delay / scale if scale > 0 else 0.0)
            callbacks = old_callbacks + callbacks
        # Take the short way round.
        while props["angle"] - sprite.angle > 180:
            props["angle"] -= 360
        while props["angle"] - sprite.angle < -180:
            props["angle"] += 360
        sprite.moving += 1

        def done() -> None:
            sprite.moving -= 1
            sprite.angle %= 360
            if self._flights.get(sprite.uid, (None,))[0] is tween_now:
                del self._flights[sprite.uid]
            for callback in callbacks:
                callback()
        tween_now = self.tweens.animate(sprite, duration, easing, done, delay=max(0.0, delay), **props)
        self._flights[sprite.uid] = (tween_now, callbacks)

    def flip(self, sprite: CardSprite, up: bool, delay: float = 0.0, lift: float | None = None) -> None:
        self.tweens.finish_decorations(sprite)
        props: dict[str, Any] = {"turn": 1.0 if up else 0.0}
        if lift is not None:
            props["lift"] = lift
        self.tweens.animate(sprite, FLIP, ease_in_out_quad, delay=delay + self.step_delay, **props)

    def tween(self, target: Any, duration: float, easing: Any, on_finish: Callable[[], None] | None = None,
              delay: float = 0.0, holds: bool = True, **props: Any) -> Tween:
        """Tween `target`'s attributes (or a dict's keys), scaled by the animation speed."""
        return self.tweens.animate(target, duration, easing, on_finish, delay=delay, holds=holds, **props)

    def wait(self, seconds: float, on_finish: Callable[[], None] | None = None) -> None:
        self.tweens.wait(seconds, on_finish=on_finish)

    def turn_up_at_once(self, sprite: CardSprite) -> None:
        """Turn a card just sent on its way face up in the first moments of its flight (its face
        shows within three frames at normal speed)."""
        flight = self._flights.get(sprite.uid)
        if flight is not None:
            flight[0].props.pop("turn", None)    # (a flight it replaced may have brought a turn of its own)
        self.tweens.animate(sprite, FLIP, ease_out_cubic, delay=self.step_delay, turn=1.0)

    def pause_for(self, seconds: float) -> None:
        self.tweens.wait(seconds)
