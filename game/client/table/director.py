"""The event director: the queue of facts the rules produced, played out one step at a time.

Every event list an action produces is queued (already redacted for this screen by the match
driver); the director drains the queue one event, or one joined group (the cards of a deal, the
two cards of an exchange), at a time through tweens, and calls the table's ``on_<EventName>``
handler for each. A private moment in hot-seat stops the queue behind a curtain (see privacy.py).
The shared handlers here animate the facts every variant has; a variant adds its own.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable

from game.client.table.sprites import CardSprite
from game.client.narration.wording import whose
from game.client.ui.tween import ease_in_out_quad, ease_out_cubic
from game.core.cards import DECK, DISCARD
from game.core.events import (CardMoved, CardRevealed, CardSeen, CardsSwapped, DeckReshuffled, Event,
                              MatchEnded, Passed, PenaltyGiven, RoundScored, RoundStarted, TurnStarted,
                              WindowClosed as WindowClosedEvent, WindowOpened)

MOVE = 0.38       # nominal seconds for a card to travel
DEAL = 0.2
FLIP = 0.22
STAGGER = 0.05


class Hold:
    """A pipeline step that waits for a player (e.g. "remember your cards, then press Enter")."""

    def __init__(self, kind: str, seat: int | None, prompt: str, on_done: Callable[[], None] | None = None):
        self.kind, self.seat, self.prompt, self.on_done = kind, seat, prompt, on_done


class EventDirector:
    """Mixin of TableScene: the queue, joining, dispatch to handlers, flights."""

    def init_director(self) -> None:
        self.queue: deque[Event] = deque()
        self.hold: Hold | None = None
        self.step_delay = 0.0                     # stagger for joined events
        self._flights: dict[int, tuple[Any, list]] = {}   # sprite uid -> (its running flight, callbacks)
        self.round_result: RoundScored | None = None
        self.match_result: MatchEnded | None = None
        self.window: WindowOpened | None = None
        self.window_passed: set[int] = set()
        self.turn: int | None = None

    def on_events(self, events: list[Event]) -> None:
        self.queue.extend(events)
        self.trace_step += 1        # (one action's events: one "last move" per seat)
        self.saved()

    @property
    def animating(self) -> bool:
        return bool(self.queue) or self.tweens.busy or self.hold is not None or self.curtain_pending is not None

    def pump(self) -> None:
        steps = 0
        instant = self.tweens.scale() <= 0
        while self.queue and self.hold is None and self.curtain_pending is None and not self.tweens.busy and steps < 500:
            ev = self.queue[0]
            gate = self.privacy_gate(ev)
            if gate is not None:
                self.raise_curtain(gate)
                return
            self.queue.popleft()
            self.step_delay = 0.0
            self.animate(ev)
            while self.queue and self.hold is None and self.joinable(ev, self.queue[0]) \
                    and self.privacy_gate(self.queue[0]) is None:
                nxt = self.queue.popleft()
                self.animate(nxt)
                ev = nxt
            steps += 1
            if instant:
                self.tweens.update(0.0)
                self.tweens.finish_all()

    def animate(self, ev: Event) -> None:
        for h, mem in self.memories.items():
            mem.observe(ev.for_seat(h))
        line = self.narrator.tell(ev, self.queue[0] if self.queue else None)
        handler = getattr(self, f"on_{type(ev).__name__}", None)
        if handler is not None:
            handler(ev)
        if line:
            self.narrate(line)

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
        if isinstance(prev, CardSeen) and isinstance(nxt, CardSeen) and self.viewer not in (prev.seat, nxt.seat) \
                and nxt.seat not in self.humans and prev.seat not in self.humans:
            return True        # bots peeking at the start of a round
        if isinstance(prev, CardRevealed) and isinstance(nxt, CardRevealed):
            self.step_delay += STAGGER
            return True
        return False

    def release_hold(self) -> None:
        hold, self.hold = self.hold, None
        if hold is not None and hold.on_done:
            hold.on_done()

    # -- flights ---------------------------------------------------------------------------------
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

    def turn_up_at_once(self, sprite: CardSprite) -> None:
        """Turn a card just sent on its way face up in the first moments of its flight (its face
        shows within three frames at normal speed)."""
        flight = self._flights.get(sprite.uid)
        if flight is not None:
            flight[0].props.pop("turn", None)    # (a flight it replaced may have brought a turn of its own)
        self.tweens.animate(sprite, FLIP, ease_out_cubic, delay=self.step_delay, turn=1.0)

    def pause_for(self, seconds: float) -> None:
        self.tweens.wait(seconds)

    # -- the facts every variant has ---------------------------------------------------------------
    def on_RoundStarted(self, ev: RoundStarted) -> None:
        self.round_result = None
        self.window = None
        self.turn = None
        self.end_private()
        # Everything on the table goes back to the deck, then the deal starts.
        (dx, dy), _, pile = self.place_pose(DECK)
        leftovers = self.clear_zones()
        for s in leftovers:
            self.fly(s, (dx, dy), 0, pile, duration=0.3, turn=0.0)
        self._leftovers = leftovers
        self.clear_traces()
        self.deal_step = self.trace_step    # (the deal's own peeks are nobody's move)
        self.sound.play("deal")
        self.tweens.wait(0.32 if leftovers else 0.0, on_finish=self._drop_leftovers)

    def _drop_leftovers(self) -> None:
        self._leftovers = []

    def on_TurnStarted(self, ev: TurnStarted) -> None:
        self.turn = ev.seat
        self.end_private()
        if self.hotseat and ev.seat in self.humans:
            self.float_text(ev.seat, f"{whose(self.names[ev.seat], True)} turn", self.palette.accent)

    def on_CardMoved(self, ev: CardMoved) -> None:
        sprite = self.take(ev.src, ev.card)
        sprite.lift = 0.0
        sprite.oy = 0.0
        if ev.card is not None:
            sprite.card = ev.card
            sprite.show_to = ev.shown_to if ev.shown_to is None else frozenset(ev.shown_to)
        elif ev.src == DECK:
            sprite.card, sprite.show_to = None, frozenset()
        if ev.dst == DISCARD:
            turn = 1.0
        elif ev.dst.zone in ("held", "hand"):
            turn = 1.0 if ev.card is not None else 0.0   # a hand is face up only for who may see it
        else:
            turn = 0.0
        dst = self.put(ev.dst, sprite)
        (x, y), angle, size = self.landing_pose(dst, sprite)
        deal = ev.src == DECK and ev.by == -1
        # A card turned up on its way shows its face as it leaves: turned with the flight, it was
        # face down for half of it after the news had named it (seen in a real window).
        at_once = turn == 1.0 and sprite.turn < 0.5 and sprite.card is not None and not deal
        self.fly(sprite, (x, y), angle, size, duration=DEAL if deal else MOVE, turn=None if at_once else turn)
        if at_once:
            self.turn_up_at_once(sprite)
        if not deal:
            self.mark_move(ev.by, [sprite], draws=ev.src == DECK and ev.dst.zone == "hand" and ev.dst.seat == ev.by)
        if not deal:
            self.sound.play("draw" if ev.src == DECK else "swap")

    def on_CardsSwapped(self, ev: CardsSwapped) -> None:
        a, b = self.take(ev.a), self.take(ev.b)
        self.put(ev.b, a)
        self.put(ev.a, b)
        for s, place in ((a, ev.b), (b, ev.a)):
            (x, y), angle, size = self.place_pose(place)
            s.lift = 0.0
            self.fly(s, (x, y), angle, size, duration=MOVE * 1.4, turn=0.0)
        self.sound.play("swap")
        self.mark_move(ev.by, [a, b], swap=True)

    def on_CardSeen(self, ev: CardSeen) -> None:
        sprite = self.sprite_at(ev.place)
        if sprite is None:
            return
        if ev.card is not None and ev.seat == self.viewer:
            sprite.card = ev.card
            sprite.show_to = frozenset(ev.shown_to) if ev.shown_to is not None else None
            self.flip(sprite, True, lift=1.0)
            self.peeking.add(ev.place)
            self.sound.play("flip", 0.6)
            self.mark_move(ev.seat, [sprite])
        else:
            # Somebody else looks: the card lifts, marked in the looker's colour, and settles.
            self.mark_move(ev.seat, [sprite])
            sprite.mark = self.palette.seat_colour(ev.seat)
            holds = not self.look_in_passing(ev)
            self.tweens.animate(sprite, 0.25, ease_out_cubic, delay=self.step_delay, holds=holds, lift=0.6)

            def settle(s=sprite) -> None:
                s.mark = None
            self.tweens.animate(sprite, 0.25, ease_out_cubic, settle, delay=self.step_delay + 0.5, holds=holds, lift=0.0)

    def look_in_passing(self, ev: CardSeen) -> bool:
        """Whether another seat's look is shown without holding up the table: the player may go on
        choosing while it plays (the variant says when nothing can depend on it)."""
        return False

    def hide_peeks(self) -> None:
        for place in list(self.peeking):
            s = self.sprite_at(place)
            if s is not None:
                self.flip(s, False, lift=0.0)
        self.peeking.clear()

    def on_CardRevealed(self, ev: CardRevealed) -> None:
        sprite = self.sprite_at(ev.place)
        if sprite is None:
            return
        sprite.card, sprite.show_to = ev.card, None
        self.flip(sprite, True)
        self.sound.play("flip", 0.5)

    def on_DeckReshuffled(self, ev: DeckReshuffled) -> None:
        (dx, dy), _, pile = self.place_pose(DECK)
        gone = self.zones["discard"].under_top()
        for s in gone:
            self.fly(s, (dx, dy), 0, pile, duration=0.3, turn=0.0)
        self._leftovers = gone
        self.deck_n = ev.cards
        self.tweens.wait(0.32, on_finish=self._drop_leftovers)

    def on_WindowOpened(self, ev: WindowOpened) -> None:
        self.end_private()
        self.window = ev
        self.window_passed = set()

    def on_WindowClosed(self, ev: WindowClosedEvent) -> None:
        self.window = None
        self.claimer = None

    def on_Passed(self, ev: Passed) -> None:
        self.window_passed.add(ev.seat)

    def on_PenaltyGiven(self, ev: PenaltyGiven) -> None:
        self.sound.play("penalty")
        self.float_text(ev.seat, "Penalty card" if ev.cards else "No penalty card left", self.palette.bad)
        self.pause_for(0.4)

    def on_RoundScored(self, ev: RoundScored) -> None:
        self.round_result = ev
        self.window = None
        for seat, total in enumerate(ev.totals):
            self.tweens.animate(self.shown_totals, 0.9, ease_out_cubic, delay=0.3, **{str(seat): float(total)})
        self.turn = None
        self.flush_save()
        if set(self.round_winners(ev)) & set(self.humans):
            self.celebrate()

    def on_MatchEnded(self, ev: MatchEnded) -> None:
        self.match_result = ev
        self.final_round_seen = False
        self.build_chart()
