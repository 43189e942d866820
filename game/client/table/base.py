"""The shared card-table scene: a Session on the table clock, the event-to-animation pipeline,
card sprites laid out around the table, hot-seat privacy, saving, and the round/match overlays.

How time works here. The rules apply at once (Session.submit / Session.advance); every event list
they produce is queued, and the view drains the queue one event (or a small joined group, e.g. the
two cards of an exchange, or a deal) at a time through tweens. The table clock (``table_time``)
only runs while the view is idle: no event waiting, no tween running, nobody peeking or choosing a
claim, no curtain. So bots' delays, reaction windows and Expire all count from the moment the
player could see the situation, and the bots never run ahead of what is on screen.

Privacy. A sprite knows who may see its face (``show_to``); it is drawn face up only if it is
turned up and the current ``viewer`` may see it. With one human, the viewer is that seat. With two
or more (hot-seat) the viewer is None (everything private face down) except during a private
moment: before one (a peek, a drawn card, a look) the shell's curtain asks for that player, and
after it the view returns to neutral.

A variant's table subclasses TableScene and provides: ``face_of(card)``, ``deck_size_at_start``,
handlers ``on_<EventName>(event)`` for its own events, input handling and buttons.

Card zones the view models: "grid" (fixed face-down slots, Kombio), "hand" (a fan of cards that
grows and shrinks; a card leaving it is found by its face, the others close up), "held", the
discard pile and the deck. A variant may reorder a hand (``arrange_hand``), pose a card landing on
a pile (``landing_pose``), say where its seats are (``seat_area``) and word refusals (``explain``).
"""

from __future__ import annotations

import logging
import math
import re
from collections import deque
from typing import Any, Callable

import pygame

from game.client.scene import Scene
from game.client.table.layout import TableLayout
from game.client.table.pacing import PacedAgent, build_agent
from game.client.table.sprites import CardSprite, draw_sprite, memory_badge
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.tween import Tweens, ease_in_out_quad, ease_out_cubic
from game.client.ui.widgets import Button, Form
from game.core.actions import Action, StartRound
from game.core.cards import DECK, DISCARD, Card, Place
from game.core.errors import IllegalAction, InvalidTarget, NotYourTurn, WindowClosed, WrongPhase
from game.core.events import (CardMoved, CardRevealed, CardSeen, CardsSwapped, DeckReshuffled, Event,
                              MatchEnded, Passed, PenaltyGiven, RoundScored, RoundStarted, TurnStarted,
                              WindowClosed as WindowClosedEvent, WindowOpened)
from game.core.memory import TableMemory
from game.core.record import GameRecord
from game.core.session import Session

_log = logging.getLogger(__name__)

MOVE = 0.38       # nominal seconds for a card to travel
DEAL = 0.2
FLIP = 0.22
STAGGER = 0.05
AUTO_NEXT_ROUND = 2.5   # seconds a bots-only table shows the round's scores before dealing again
CLAIM_KEYS = (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_t, pygame.K_y)


def friendly(exc: Exception, names: list[str]) -> str:
    """An engine message reworded for the player."""
    text = str(exc)
    text = re.sub(r"seat (\d+)", lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text)
    if isinstance(exc, NotYourTurn):
        return "It is not your turn."
    if isinstance(exc, WindowClosed):
        return "Too late: the matching window has closed." if "expired" in text else "You already tried to match this card."
    if isinstance(exc, WrongPhase):
        return "You cannot do that right now."
    if isinstance(exc, InvalidTarget):
        return text[:1].upper() + text[1:] + "."
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


_YOU_VERBS = {"draws": "draw", "takes": "take", "plays": "play", "matches": "match", "calls": "call",
              "swaps": "swap", "does": "do", "discards": "discard", "looks": "look", "deals": "deal", "has": "have", "is": "are", "gives": "give",
              "names": "name", "jumps": "jump", "stacks": "stack", "passes": "pass", "must": "must",
              "wins": "win"}


def you_form(text: str) -> str:
    """Narration is written in the third person; a seat named "You" reads in the second, also after
    a lead-in such as "Round 2: "."""
    lead, sep, clause = text.rpartition(": ")
    if sep and clause.startswith("You "):
        return lead + sep + you_form(clause)
    if text.startswith("You "):
        head, _, rest = text[4:].partition(" ")
        verb = head.rstrip(".!,")
        if verb in _YOU_VERBS:
            # a second verb joined by "and" follows the subject too ("You play a Wild and name red")
            for third, second in _YOU_VERBS.items():
                rest = rest.replace(f" and {third} ", f" and {second} ")
            return f"You {_YOU_VERBS[verb]}{head[len(verb):]} {rest}".rstrip()
    return text


def whose(name: str, start: bool = False) -> str:
    """"Ann's", or "your" ("Your" at the start of a sentence) for the seat named You."""
    if name == "You":
        return "Your" if start else "your"
    return f"{name}'s"


def article(rank: Any) -> str:
    """'a 5', 'an 8', 'an 11'."""
    return f"an {rank}" if str(rank) in ("8", "11", "18") else f"a {rank}"


class Hold:
    """A pipeline step that waits for a player (e.g. "remember your cards, then press Enter")."""

    def __init__(self, kind: str, seat: int | None, prompt: str, on_done: Callable[[], None] | None = None):
        self.kind, self.seat, self.prompt, self.on_done = kind, seat, prompt, on_done


class Floating:
    """A short text that rises and fades over a point of the table."""

    __slots__ = ("text", "x", "y", "age", "life", "colour")

    def __init__(self, text: str, pos: tuple[float, float], colour, life: float = 1.6):
        self.text, self.x, self.y, self.age, self.life, self.colour = text, pos[0], pos[1], 0.0, life, colour


class TableScene(Scene):
    runs_clock = True
    variant_id = ""
    variant_title = ""
    turn_phases: tuple[str, ...] = ()
    uses_hands = False       # seats hold fanned hands ("hand" zone) rather than grids
    discard_shown = 2        # how many cards of the discard pile are drawn
    ring_label = "Match?"    # the reaction ring's label while its window has no deadline
    table_keys: tuple[int, ...] = (pygame.K_SPACE,)   # go to the table even when a button has focus

    def __init__(self, app, record: GameRecord, storage: Any = None):
        super().__init__(app)
        self.record = record
        self.store = storage if storage is not None else app.storage
        self.seat_infos = list(record.seats)
        self.names = [s.name for s in self.seat_infos]
        self.humans = [i for i, s in enumerate(self.seat_infos) if s.kind == "human"]
        self.hotseat = len(self.humans) >= 2
        self.bottom = self.humans[0] if self.humans else 0
        self.viewer: int | None = None if self.hotseat or not self.humans else self.humans[0]
        self.tweens = Tweens(scale=self._anim_scale)
        self.queue: deque[Event] = deque()
        self.hold: Hold | None = None
        self.curtain_pending: int | None = None
        self.claimer: int | None = None           # hot-seat: the human picking a card to claim
        self.time = 0.0                           # visual time (pulses)
        self.step_delay = 0.0                     # stagger for joined events
        self.draw_log: list[tuple] | None = None  # tests: what faces were drawn, frame by frame
        self.frame_faces: list[tuple] = []
        self.floating: list[Floating] = []
        self.narration: deque[str] = deque(maxlen=3)
        self.message: tuple[str, float] | None = None   # (text, seconds left): why a click failed
        self.round_result: RoundScored | None = None
        self.match_result: MatchEnded | None = None
        self.chart: pygame.Surface | None = None
        self.shown_totals: dict[str, float] = {}
        self.window: WindowOpened | None = None
        self.window_passed: set[int] = set()
        self.turn: int | None = None
        self.saved_error = False
        self._auto_next = 0.0
        self.memories = {h: TableMemory(h) for h in self.humans}
        self.peeking: set[Place] = set()
        self._leftovers: list[CardSprite] = []
        self.form = Form(sound=app.sound.play)
        self._buttons_key: Any = None
        self._legal_cache: tuple[int, dict[int, list[Action]]] = (-1, {})
        # sprites
        self.grid: dict[int, dict[int, CardSprite]] = {}
        self.grid_len: dict[int, int] = {}
        self.held: dict[int, CardSprite] = {}
        self.hands: dict[int, list[CardSprite]] = {}
        self._flights: dict[int, tuple[Any, list]] = {}   # sprite uid -> (its running flight, callbacks)
        self.discard: list[CardSprite] = []
        self.deck_n = 0
        self.layout = TableLayout(app.size, len(self.names), self.bottom)

        # The game and the session: a continued match replays its record (feeding the bots and the
        # humans' memories), then the view is rebuilt from the state without animations.
        agents = {}
        for i, info in enumerate(self.seat_infos):
            if info.kind != "human":
                agents[i] = PacedAgent(build_agent(record.variant, info, record.seed * 31 + i),
                                       self.settings.bot_delay_scale)
        self.game = record.new_game()
        self.session = Session(self.game, agents, auto_start_rounds=False)
        replayed: list[Event] = []
        last_round_events: list[Event] = []
        for t, action in record.actions:
            events = self.session.apply(action, t)
            replayed = events
            if isinstance(action, StartRound):
                last_round_events = list(events)
            for h, mem in self.memories.items():
                mem.observe_all([e.for_seat(h) for e in events])
        self.table_time = self.game.now
        self.session.listener = self._on_events
        for seat in range(self.game.seats):
            self.shown_totals[str(seat)] = float(self.game.score.totals[seat]) if self.game.score.totals else 0.0
        if not record.actions:
            self.session.start_round(self.table_time)
        else:
            self.sync_view()
            self.resumed(record.actions[-1][1], last_round_events, replayed)

    # -- settings-derived --------------------------------------------------------------------
    def _anim_scale(self) -> float:
        return self.settings.animation_scale()

    # -- hooks for the variant ----------------------------------------------------------------
    def face_of(self, card: Card) -> dict:
        return {"rank": card.rank, "suit": card.suit}

    def deck_size_at_start(self) -> int:
        return 0

    def sync_view(self) -> None:
        """Rebuild every sprite from the game's current state (a continued match)."""

    def resumed(self, last_action: Action, round_events: list[Event], last_events: list[Event]) -> None:
        """After a continued match was rebuilt: redo what the player must see again."""

    def handle_table_event(self, event: pygame.event.Event) -> None:
        """Variant input (clicks on cards, keys) once the common keys are handled."""

    def build_buttons(self) -> list[Button]:
        return []

    def buttons_key(self) -> Any:
        return None

    def prompt(self) -> str:
        return ""

    def key_hints(self) -> list[tuple[str, str]]:
        return [("Esc", "Pause")]

    def targets(self) -> tuple[set, set]:
        """(places to highlight as legal targets, places selected) for the acting human."""
        return set(), set()

    # -- the session side ----------------------------------------------------------------------
    def _on_events(self, events: list[Event]) -> None:
        self.queue.extend(events)
        self._save()

    def record_now(self) -> GameRecord:
        return GameRecord.of(self.game, self.seat_infos)

    def _save(self) -> None:
        try:
            rec = self.record_now()
            if self.game.over:
                self.store.record_finished(rec, lowest_wins=True)
            elif self.humans:
                self.store.save_match(rec, {"table": self.variant_id})
        except OSError as exc:
            if not self.saved_error:
                self.saved_error = True
                self.app.toast(f"The match could not be saved: {exc.strerror or exc}")

    def legal(self, seat: int) -> list[Action]:
        version, cache = self._legal_cache
        if version != self.game.version:
            cache = {}
            self._legal_cache = (self.game.version, cache)
        if seat not in cache:
            cache[seat] = self.game.legal_actions(seat)
        return cache[seat]

    def submit(self, action: Action) -> bool:
        """A human's intent: applied by the rules at once (its facts then animate), or refused
        with a readable reason."""
        try:
            self.session.submit(action, max(self.table_time, self.game.now))
        except IllegalAction as exc:
            self.say(self.explain(exc, action))
            self.sound.play("click", 0.4)
            return False
        return True

    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        """Why the rules refused an action, in the player's words (a variant may word its own)."""
        return friendly(exc, self.names)

    def say(self, text: str, seconds: float = 2.2) -> None:
        self.message = (text, seconds)

    def narrate(self, text: str) -> None:
        self.narration.append(you_form(text))

    # -- the pipeline --------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return bool(self.queue) or self.tweens.busy or self.hold is not None or self.curtain_pending is not None

    def idle(self) -> bool:
        return not self.animating and self.claimer is None

    def ready_for_input(self) -> bool:
        return not self.animating

    def update(self, dt: float) -> None:
        self.time += dt
        self.tweens.update(dt)
        self._pump()
        if self.idle() and not self.game.over:
            self.table_time += dt
            if self.session.advance(self.table_time):
                self._pump()
        if not self.humans and self.game.phase == "round_over" and self.round_result is not None \
                and not self.animating:
            # A table of bots only (a demo, the smoke test) deals the next round on its own.
            self._auto_next += dt
            if self._auto_next >= AUTO_NEXT_ROUND:
                self._auto_next = 0.0
                self.next_round()
        if self.message is not None:
            text, left = self.message
            self.message = (text, left - dt) if left - dt > 0 else None
        for f in self.floating:
            f.age += dt
        self.floating = [f for f in self.floating if f.age < f.life]
        key = (self.buttons_key(), self.hold.kind if self.hold else None, self.claimer,
               bool(self.round_result), bool(self.match_result), self.ready_for_input(), self.animating)
        if key != self._buttons_key:
            self._buttons_key = key
            self._relayout_buttons()

    def _pump(self) -> None:
        steps = 0
        instant = self.tweens.scale() <= 0
        while self.queue and self.hold is None and self.curtain_pending is None and not self.tweens.busy and steps < 500:
            ev = self.queue[0]
            gate = self.privacy_gate(ev)
            if gate is not None:
                self._raise_curtain(gate)
                return
            self.queue.popleft()
            self.step_delay = 0.0
            self._animate(ev)
            while self.queue and self.hold is None and self.joinable(ev, self.queue[0]) \
                    and self.privacy_gate(self.queue[0]) is None:
                nxt = self.queue.popleft()
                self._animate(nxt)
                ev = nxt
            steps += 1
            if instant:
                self.tweens.update(0.0)
                self.tweens.finish_all()

    def _animate(self, ev: Event) -> None:
        for h, mem in self.memories.items():
            mem.observe(ev.for_seat(h))
        handler = getattr(self, f"on_{type(ev).__name__}", None)
        if handler is not None:
            handler(ev)

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

    # -- privacy ---------------------------------------------------------------------------------
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

    def _raise_curtain(self, seat: int) -> None:
        from game.client.scenes.curtain import Curtain

        self.curtain_pending = seat
        self.viewer = None
        self.app.push(Curtain(self.app, self.names[seat], on_confirm=lambda: self._curtain_done(seat),
                              on_pause=self.open_pause, seat=seat))

    def _curtain_done(self, seat: int) -> None:
        self.curtain_pending = None
        self.viewer = seat

    def end_private(self) -> None:
        """A private moment is over: hot-seat tables go back to the neutral view."""
        if self.hotseat:
            self.viewer = None

    def curtain_up(self) -> bool:
        return self.curtain_pending is not None

    # -- sprites ---------------------------------------------------------------------------------
    def nominal(self, w: float, h: float) -> tuple[int, int]:
        L = self.layout
        for size in (L.spot(self.bottom).card, L.spots[(self.bottom + 1) % len(self.names)].card, L.pile_card, L.big_card):
            if abs(size[0] - w) < 1.0 and abs(size[1] - h) < 1.0:
                return size
        return int(w), int(h)

    def place_pose(self, place: Place) -> tuple[tuple[float, float], float, tuple[int, int]]:
        L = self.layout
        if place.zone == "grid":
            return L.grid_slot(place.seat, place.index, self.grid_len.get(place.seat, 4))
        if place.zone == "hand":
            n = len(self.hands.get(place.seat, ()))
            index = place.index if place.index >= 0 else n
            return L.hand_slot(place.seat, index, max(n, index + 1))
        if place.zone == "held":
            return L.held_pos(place.seat)
        if place == DISCARD:
            return L.discard_pos, 0, L.pile_card
        return L.deck_pos, 0, L.pile_card

    def landing_pose(self, place: Place, sprite: CardSprite) -> tuple[tuple[float, float], float, tuple[int, int]]:
        """Where a card that has just moved to ``place`` comes to rest (a variant may e.g. scatter
        the cards of a pile a little)."""
        return self.place_pose(place)

    def sprite_at(self, place: Place) -> CardSprite | None:
        if place.zone == "grid":
            return self.grid.get(place.seat, {}).get(place.index)
        if place.zone == "hand":
            hand = self.hands.get(place.seat, [])
            return hand[place.index] if 0 <= place.index < len(hand) else None
        if place.zone == "held":
            return self.held.get(place.seat)
        if place == DISCARD:
            return self.discard[-1] if self.discard else None
        return None

    def take(self, place: Place, card: Card | None = None) -> CardSprite:
        """Detach the sprite at ``place`` from the view's model (a new one for the deck). From a
        hand: the sprite at the index if the place has one, else the one showing ``card`` (else
        the last); the rest of the hand closes up."""
        if place.zone == "grid":
            s = self.grid.setdefault(place.seat, {}).pop(place.index, None)
        elif place.zone == "hand":
            hand = self.hands.setdefault(place.seat, [])
            k = place.index if 0 <= place.index < len(hand) else -1
            if k < 0 and card is not None:
                k = next((i for i, h in enumerate(hand) if h.card is not None and h.card.id == card.id), -1)
            if k < 0 and card is not None:
                k = next((i for i, h in enumerate(hand) if h.card == card), -1)
            if hand and not self.hand_visible(place.seat):
                # Backs all look alike: where a card leaves a hidden hand must not tell which
                # card it was, so it always leaves from the middle and the faces close up.
                mid = len(hand) // 2
                if k >= 0 and k != mid:
                    hand[k].card, hand[mid].card = hand[mid].card, hand[k].card
                k = mid
            s = hand.pop(k) if hand else None
            if s is not None:
                self.order_hand(place.seat, hand)
                self.relayout_hand(place.seat)
        elif place.zone == "held":
            s = self.held.pop(place.seat, None)
        elif place == DISCARD:
            s = self.discard.pop() if self.discard else None
        else:
            self.deck_n = max(0, self.deck_n - 1)
            s = None
        if s is None:
            (x, y), angle, size = self.place_pose(place)
            s = CardSprite(x, y, angle, size)
        return s

    def put(self, place: Place, sprite: CardSprite) -> Place:
        """Attach a sprite at ``place``; returns where it really went (a hand's slot index)."""
        if place.zone == "hand":
            hand = self.hands.setdefault(place.seat, [])
            hand.insert(place.index if 0 <= place.index <= len(hand) else len(hand), sprite)
            self.order_hand(place.seat, hand)
            self.relayout_hand(place.seat, except_sprite=sprite)
            return Place("hand", place.seat, hand.index(sprite))
        if place.zone == "grid":
            self.grid.setdefault(place.seat, {})[place.index] = sprite
            if place.index + 1 > self.grid_len.get(place.seat, 4):
                self.grid_len[place.seat] = place.index + 1
                self.relayout_grid(place.seat, except_sprite=sprite)
        elif place.zone == "held":
            self.held[place.seat] = sprite
        elif place == DISCARD:
            self.discard.append(sprite)
            if len(self.discard) > 6:
                del self.discard[0]
        else:
            self.deck_n += 1
        return place

    def hand_key(self, card: Card) -> Any:
        """The order a hand is kept in (None: the order the cards arrived)."""
        return None

    def hand_visible(self, seat: int) -> bool:
        """Are the faces of ``seat``'s hand on screen for the current viewer?"""
        hand = self.hands.get(seat, [])
        if self.curtain_pending is not None:
            return False
        if not hand:
            return self.viewer == seat
        return all(s.visible_to(self.viewer) for s in hand if s.card is not None)

    def order_hand(self, seat: int, hand: list[CardSprite]) -> None:
        """Keep a hand in ``hand_key`` order. A visible hand is re-sorted (its cards slide to
        their places); a hidden one keeps its sprites where they are and only re-deals the faces
        it carries, so a new card's place among the backs gives nothing away."""
        if len(hand) < 2 or any(s.card is None for s in hand):
            return
        if self.hand_key(hand[0].card) is None:
            return
        if self.hand_visible(seat):
            hand.sort(key=lambda s: self.hand_key(s.card))
        else:
            data = sorted(((s.card, s.show_to) for s in hand), key=lambda d: self.hand_key(d[0]))
            for s, (card, show_to) in zip(hand, data):
                s.card, s.show_to = card, show_to

    def relayout_hand(self, seat: int, except_sprite: CardSprite | None = None) -> None:
        hand = self.hands.get(seat, [])
        for index, s in enumerate(hand):
            if s is except_sprite:
                continue
            (x, y), angle, size = self.place_pose(Place("hand", seat, index))
            if s.moving or abs(s.x - x) > 0.5 or abs(s.y - y) > 0.5 or abs(s.w - size[0]) > 0.5:
                self.fly(s, (x, y), angle, size, duration=0.2, delay=-self.step_delay)

    def relayout_grid(self, seat: int, except_sprite: CardSprite | None = None) -> None:
        for index, s in self.grid.get(seat, {}).items():
            if s is except_sprite:
                continue
            (x, y), angle, size = self.place_pose(Place("grid", seat, index))
            self.fly(s, (x, y), angle, size, duration=0.25)

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
        props: dict[str, Any] = {"turn": 1.0 if up else 0.0}
        if lift is not None:
            props["lift"] = lift
        self.tweens.animate(sprite, FLIP, ease_in_out_quad, delay=delay + self.step_delay, **props)

    def pause_for(self, seconds: float) -> None:
        self.tweens.wait(seconds)

    def seat_area(self, seat: int) -> tuple[int, int, int, int]:
        """Screen rectangle (x, y, w, h) of a seat's cards: its glow, name plate and floating texts."""
        if self.uses_hands:
            return self.layout.hand_bounds(seat, len(self.hands.get(seat, ())))
        return self.layout.grid_bounds(seat, self.grid_len.get(seat, 4))

    def seat_point(self, seat: int) -> tuple[float, float]:
        x, y, w, h = self.seat_area(seat)
        return x + w / 2, y + h / 2

    def float_text(self, seat: int | None, text: str, colour=None) -> None:
        pos = self.seat_point(seat) if seat is not None else self.layout.centre
        self.floating.append(Floating(text, pos, colour or self.palette.text))

    # -- core event handlers -----------------------------------------------------------------------
    def on_RoundStarted(self, ev: RoundStarted) -> None:
        self.round_result = None
        self.window = None
        self.turn = None
        self.end_private()
        # Everything on the table goes back to the deck, then the deal starts.
        (dx, dy), _, pile = self.place_pose(DECK)
        leftovers = [s for g in self.grid.values() for s in g.values()] + list(self.held.values()) + self.discard \
            + [s for hand in self.hands.values() for s in hand]
        for s in leftovers:
            self.fly(s, (dx, dy), 0, pile, duration=0.3, turn=0.0)
        self.grid = {seat: {} for seat in range(len(self.names))}
        self.grid_len = {seat: 4 for seat in range(len(self.names))}
        self.held, self.discard = {}, []
        self.hands = {seat: [] for seat in range(len(self.names))} if self.uses_hands else {}
        self.deck_n = self.deck_size_at_start()
        self._leftovers = leftovers
        self.narrate(f"Round {ev.round}: {self.names[ev.dealer]} deals.")
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
        self.fly(sprite, (x, y), angle, size, duration=DEAL if deal else MOVE, turn=turn)
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
        who = self.names[ev.by] if 0 <= ev.by < len(self.names) else "The table"
        self.narrate(f"{who} swaps two cards.")

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
        else:
            # Somebody else looks: the card lifts, marked in the looker's colour, and settles.
            sprite.mark = self.palette.seat_colour(ev.seat)
            self.tweens.animate(sprite, 0.25, ease_out_cubic, delay=self.step_delay, lift=0.6)

            def settle(s=sprite) -> None:
                s.mark = None
            self.tweens.animate(sprite, 0.25, ease_out_cubic, settle, delay=self.step_delay + 0.5, lift=0.0)

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
        keep = self.discard[-1:] if self.discard else []
        for s in self.discard[:-1]:
            self.fly(s, (dx, dy), 0, pile, duration=0.3, turn=0.0)
        self._leftovers = self.discard[:-1]
        self.discard = keep
        self.deck_n = ev.cards
        self.narrate("The discard pile is shuffled into a new deck.")
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
        self.narrate(f"{self.names[ev.seat]}: {ev.reason}.")
        self.pause_for(0.4)

    def on_RoundScored(self, ev: RoundScored) -> None:
        self.round_result = ev
        self.window = None
        for seat, total in enumerate(ev.totals):
            self.tweens.animate(self.shown_totals, 0.9, ease_out_cubic, delay=0.3, **{str(seat): float(total)})
        self.turn = None

    def on_MatchEnded(self, ev: MatchEnded) -> None:
        self.match_result = ev
        self._build_chart()

    def _build_chart(self) -> None:
        try:
            from game.client.scenes.stats import render_chart
            from game.client.storage import LastMatch

            running = [0] * len(self.names)
            rows = []
            for r in self.game.score.rounds:
                running = [a + int(b) for a, b in zip(running, r)]
                rows.append(list(running))
            rows[-1:] = [list(self.game.score.totals)] if rows else []
            last = LastMatch(self.variant_id, list(self.names), rows or [list(self.game.score.totals)],
                             list(self.game.winners))
            self.chart = render_chart(last, (560, 220), self.palette)
        except Exception:  # the chart is a nicety; the standings are drawn regardless
            _log.exception("the match chart could not be drawn")
            self.chart = None

    # -- scene lifecycle ---------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.layout = TableLayout(size, len(self.names), self.bottom)
        self.snap_all()
        self._buttons_key = None

    def snap_all(self) -> None:
        """Put every resting sprite exactly where the layout says (after a resize)."""
        for seat, g in self.grid.items():
            for index, s in g.items():
                (s.x, s.y), s.angle, (s.w, s.h) = self.place_pose(Place("grid", seat, index))
        for seat, s in self.held.items():
            (s.x, s.y), s.angle, (s.w, s.h) = self.place_pose(Place("held", seat))
        for seat, hand in self.hands.items():
            for index, s in enumerate(hand):
                (s.x, s.y), s.angle, (s.w, s.h) = self.place_pose(Place("hand", seat, index))
        for s in self.discard:
            (s.x, s.y), s.angle, (s.w, s.h) = self.landing_pose(DISCARD, s)

    def resume(self) -> None:
        self._buttons_key = None
        self.tweens.scale()  # settings may have changed: new tweens pick up the new speed

    def shutdown(self) -> None:
        if not self.game.over and self.humans:
            try:
                self.store.save_match(self.record_now(), {"table": self.variant_id})
            except OSError:
                pass

    def open_pause(self) -> None:
        from game.client.scenes.pause import PauseMenu

        self.app.push(PauseMenu(self.app, variant_id=self.variant_id, title=self.variant_title,
                                on_save=lambda: None if self.game.over else self.record_now(),
                                save_meta=lambda: {"table": self.variant_id}))

    # -- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.claimer is not None:
                self.claimer = None
                return
            self.open_pause()
            return
        if event.type == pygame.KEYDOWN and event.key in self.table_keys and self.hold is None \
                and self.round_result is None and self.match_result is None:
            self.handle_table_event(event)   # the table's own keys, never "press the focused button"
            return
        if self.form.handle_event(event):
            return
        if self.match_result is not None or self.round_result is not None:
            return
        self.handle_table_event(event)

    # -- buttons ---------------------------------------------------------------------------------------
    def _relayout_buttons(self) -> None:
        buttons: list[Button] = []
        if self.match_result is not None and not self.animating:
            buttons = [Button("Main menu", self.app.to_main_menu, primary=True, hint="Enter")]
        elif self.round_result is not None and not self.animating and self.game.phase == "round_over":
            buttons = [Button("Next round", self.next_round, primary=True, hint="Enter")]
        elif self.hold is not None:
            buttons = [Button("Done", self.release_hold, primary=True, hint="Enter")]
        else:
            buttons = self.build_buttons()
        w, h = self.layout.size
        if self.match_result is not None or self.round_result is not None:
            panel = self.overlay_rect()
            for i, b in enumerate(buttons):
                b.rect = pygame.Rect(0, 0, 220, 46)
                b.rect.midbottom = (panel.centerx, panel.bottom - 16)
        else:
            y = h - 16
            x = w - 16
            for b in reversed(buttons):
                bw = max(150, T.text(b.text, TH.BODY, (0, 0, 0), True).get_width() + 70)
                b.rect = pygame.Rect(0, 0, bw, 44)
                b.rect.bottomright = (x, y)
                y -= 52
        self.form.set_widgets(buttons, keep_focus=False)

    def release_hold(self) -> None:
        hold, self.hold = self.hold, None
        if hold is not None and hold.on_done:
            hold.on_done()

    def next_round(self) -> None:
        if self.game.phase != "round_over":
            return
        self.round_result = None
        try:
            self.session.start_round(max(self.table_time, self.game.now))
        except IllegalAction as exc:
            self.say(self.explain(exc))

    # -- drawing -----------------------------------------------------------------------------------
    def face_for(self, sprite: CardSprite) -> dict | None:
        if self.curtain_pending is not None:
            return None
        if sprite.face_shown(self.viewer):
            return self.face_of(sprite.card)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.palette
        surface.blit(TH.felt_background(surface.get_size(), pal), (0, 0))
        self.frame_faces = []
        highlight, selected = (set(), set()) if not self.ready_for_input() else self.targets()
        self.draw_seats(surface, pal)
        self.draw_piles(surface, pal, highlight, selected)
        moving: list[tuple[Place | None, CardSprite]] = []
        for seat, g in self.grid.items():
            for index, s in g.items():
                place = Place("grid", seat, index)
                if s.moving or s.lift > 0.01:
                    moving.append((place, s))
                else:
                    self.draw_card(surface, place, s, place in highlight, place in selected)
        for seat, hand in self.hands.items():
            for index, s in enumerate(hand):
                place = Place("hand", seat, index)
                if s.moving or s.lift > 0.01:
                    moving.append((place, s))
                else:
                    self.draw_card(surface, place, s, place in highlight, place in selected)
        for s in getattr(self, "_leftovers", ()):
            moving.append((None, s))
        for seat, s in self.held.items():
            moving.append((Place("held", seat), s))
        for place, s in sorted(moving, key=lambda m: (m[1].lift, m[1].moving)):
            self.draw_card(surface, place, s, place in highlight if place else False, place in selected if place else False)
        self.draw_ring(surface, pal)
        self.draw_texts(surface, pal)
        if self.round_result is not None or self.match_result is not None:
            self.draw_overlay(surface, pal)
        self.form.draw(surface, pal)
        if self.draw_log is not None:
            self.draw_log.append((self.viewer, self.curtain_pending, tuple(self.frame_faces)))

    def draw_card(self, surface: pygame.Surface, place: Place | None, s: CardSprite, lit: bool, chosen: bool) -> None:
        face = self.face_for(s)
        if face is not None:
            self.frame_faces.append((place, s.card, s.show_to))
        rect = draw_sprite(surface, s, face, self.palette, self.nominal)
        if s.mark is not None:
            pygame.draw.rect(surface, s.mark, rect.inflate(6, 6), 3, border_radius=8)
        if chosen:
            pygame.draw.rect(surface, self.palette.good, rect.inflate(8, 8), 4, border_radius=9)
        elif lit:
            pulse = 0.5 + 0.5 * math.sin(self.time * 5)
            colour = TH.lighten(self.palette.accent, 0.35 * pulse)
            pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=8)
        if face is None and place is not None and place.zone == "grid" and self.settings.memory_aid \
                and self.viewer is not None and self.curtain_pending is None and not s.moving:
            mem = self.memories.get(self.viewer)
            card = mem.get(place) if mem else None
            if card is not None:
                self.frame_faces.append(("memory", place, card))
                badge = memory_badge(str(card.rank), self.palette, max(11, int(14 * self.layout.unit)))
                surface.blit(badge, badge.get_rect(center=(rect.centerx, rect.centery)))

    def draw_piles(self, surface: pygame.Surface, pal: TH.Palette, highlight: set, selected: set) -> None:
        L = self.layout
        from game.client.table.sprites import card_image

        back = card_image(None, L.pile_card, 0, pal)
        x, y = L.deck_pos
        rect = back.get_rect(center=(int(x), int(y)))
        if self.deck_n > 0:
            for k in range(min(3, (self.deck_n + 9) // 10), 0, -1):
                surface.blit(back, rect.move(-2 * k, -2 * k))
            surface.blit(back, rect)
        else:
            pygame.draw.rect(surface, pal.felt_dark, rect, 2, border_radius=8)
        if DECK in highlight:
            pygame.draw.rect(surface, pal.accent, rect.inflate(8, 8), 3, border_radius=9)
        T.blit_text(surface, f"Deck {self.deck_n}", TH.TINY, pal.text_dim, (rect.centerx, rect.bottom + 8), "midtop")
        dx, dy = L.discard_pos
        drect = back.get_rect(center=(int(dx), int(dy)))
        pygame.draw.rect(surface, TH.darken(pal.felt, 0.25), drect, 2, border_radius=8)
        shown = self.discard[-self.discard_shown:]
        for s in shown:
            if not s.moving:
                self.draw_card(surface, DISCARD, s, False, False)
        for s in shown:
            if s.moving:
                self.draw_card(surface, DISCARD, s, False, False)
        if DISCARD in highlight:
            pygame.draw.rect(surface, pal.accent, drect.inflate(8, 8), 3, border_radius=9)
        T.blit_text(surface, "Discard", TH.TINY, pal.text_dim, (drect.centerx, drect.bottom + 8), "midtop")

    def draw_ring(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        """The reaction window's countdown ring around the discard pile."""
        ev = self.window
        if ev is None or self.animating and self.queue or self.game.phase in ("give", "penalty_choice"):
            return
        L = self.layout
        cx, cy = L.discard_pos
        r = int(max(L.pile_card) * 0.5 + 16 * L.unit)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (int(cx), int(cy))
        pygame.draw.circle(surface, (0, 0, 0), rect.center, r, 7)
        if ev.deadline is None:
            frac = 1.0
            colour = TH.lighten(pal.info, 0.3 * (0.5 + 0.5 * math.sin(self.time * 4)))
            label = self.ring_label
        else:
            total = max(1e-6, ev.deadline - ev.opened_at)
            left = max(0.0, ev.deadline - self.table_time)
            frac = left / total
            colour = pal.good if frac > 0.5 else (pal.accent if frac > 0.2 else pal.bad)
            label = f"{left:0.1f}s"
        if frac > 0:
            start = math.pi / 2
            pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * frac, 6)
        T.blit_text(surface, label, TH.SMALL, colour, (rect.centerx, rect.top - 4), "midbottom", bold=True)

    def draw_seats(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        acting = set(self.game.seats_to_act()) if not self.animating else set()
        for seat in range(len(self.names)):
            slots = self.grid_len.get(seat, 4)
            x, y, w, h = bounds = self.seat_area(seat)
            area = pygame.Rect(x, y, w, h).inflate(int(22 * self.layout.unit), int(22 * self.layout.unit))
            is_turn = seat == self.turn and self.round_result is None
            if is_turn:
                # The thinking seat glows (a few cached steps of a slow pulse; never a new surface per frame).
                glow = round((0.55 + 0.45 * math.sin(self.time * 3.2)) * 4) / 4 if seat not in self.humans else 1.0
                colour = TH.lighten(pal.seat_colour(seat), 0.2 * glow)
                surface.blit(TH.panel(area.size, (*pal.seat_colour(seat), int(40 + 40 * glow)), colour, 14, 3), area.topleft)
            (px, py), anchor = self.plate_at(seat, slots, bounds)
            total = int(round(self.shown_totals.get(str(seat), 0)))
            label = self.plate_text(seat, total)
            txt = T.text(label, TH.SMALL, pal.text, True)
            box = txt.get_rect(**{anchor: (px, py)}).inflate(18, 8)
            fill = (*TH.darken(pal.seat_colour(seat), 0.55), 220)
            surface.blit(TH.panel(box.size, fill, pal.seat_colour(seat) if is_turn else None, 8, 2), box.topleft)
            T.blit_text(surface, label, TH.SMALL, pal.text, box.center, "center", bold=True)
            tag = self.seat_tag(seat, acting)
            if tag:
                T.blit_text(surface, tag[0], TH.TINY, tag[1], (box.centerx, box.bottom + 3), "midtop", bold=True)

    def plate_at(self, seat: int, slots: int, bounds: tuple[int, int, int, int]) -> tuple[tuple[int, int], str]:
        """Where a seat's name plate goes (and its anchor), beside the seat's cards."""
        return self.layout.plate_pos(seat, slots, bounds)

    def plate_text(self, seat: int, total: int) -> str:
        return f"{self.names[seat]}  ·  {total}"

    def seat_tag(self, seat: int, acting: set) -> tuple[str, tuple] | None:
        pal = self.palette
        if seat == self.turn and seat not in self.humans and self.round_result is None:
            return "thinking…", pal.accent
        if self.window is not None and seat in self.window_passed:
            return "pass", pal.text_dim
        return None

    def draw_texts(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        L = self.layout
        w, h = L.size
        cx, cy = L.centre
        base_y = cy + int(L.pile_card[1] * 0.5 + 46 * L.unit)
        if self.hold is not None:
            prompt = self.hold.prompt
        elif self.match_result is not None or self.round_result is not None:
            prompt = ""
        else:
            prompt = self.prompt() if self.ready_for_input() else ""
        if prompt:
            lines = T.wrap(prompt, TH.BODY, int(w * 0.5), True)
            lh = T.line_height(TH.BODY, True)
            width = max(T.text(line, TH.BODY, pal.text, True).get_width() for line in lines)
            box = pygame.Rect(0, 0, width + 26, lh * len(lines) + 12)
            box.midtop = (cx, base_y - lh // 2 - 6)
            surface.blit(TH.panel(box.size, (6, 28, 20, 215), pal.accent, 10, 2), box.topleft)
            for i, line in enumerate(lines):
                T.blit_text(surface, line, TH.BODY, pal.text, (cx, box.y + 6 + i * lh), "midtop", bold=True)
        # What just happened, to the right of the discard pile.
        nx = int(L.discard_pos[0] + L.pile_card[0] * 0.5 + 46 * L.unit)
        width = max(120, int(w * 0.82) - nx) if len(self.names) > 3 else int(w * 0.95) - nx
        lines: list[str] = []
        for line in list(self.narration)[-3:]:
            lines.extend(T.wrap(line, TH.SMALL, width))
        lines = lines[-5:]
        ny = int(cy - len(lines) * 19 / 2)
        for i, line in enumerate(lines):
            colour = pal.text if i == len(lines) - 1 else pal.text_dim
            T.blit_text(surface, line, TH.SMALL, colour, (nx, ny + i * 19), "topleft")
        if self.message is not None:
            text, left = self.message
            txt = T.text(text, TH.BODY, (255, 255, 255), True)
            box = txt.get_rect(center=(cx, cy - L.pile_card[1] // 2 - int(44 * L.unit))).inflate(26, 12)
            surface.blit(TH.panel(box.size, (*TH.darken(pal.bad, 0.35), 235), pal.bad, 10, 2), box.topleft)
            T.blit_text(surface, text, TH.BODY, (255, 255, 255), box.center, "center", bold=True)
        for f in self.floating:
            k = f.age / f.life
            T.blit_text(surface, f.text, TH.BODY, f.colour, (int(f.x), int(f.y - 40 * k)), "center", bold=True)
        T.blit_text(surface, f"{self.variant_title} · round {max(1, self.game.round)}", TH.SMALL, pal.text_dim, (14, 10))
        hints = self.key_hints()
        if hints:
            y0 = h - 14 - 20 * len(hints)
            for i, (key, what) in enumerate(hints):
                k = T.text(key, TH.TINY, pal.text, True)
                box = pygame.Rect(14, y0 + i * 20, max(k.get_width() + 10, 26), 18)
                pygame.draw.rect(surface, pal.button, box, border_radius=4)
                pygame.draw.rect(surface, pal.button_border, box, 1, border_radius=4)
                T.blit_text(surface, key, TH.TINY, pal.text, box.center, "center", bold=True)
                T.blit_text(surface, what, TH.TINY, pal.text_dim, (box.right + 8, box.centery), "midleft")

    def overlay_rect(self) -> pygame.Rect:
        w, h = self.layout.size
        n = len(self.names)
        if self.match_result is not None:
            height = 150 + 26 * n + (250 if self.chart is not None else 0)
            r = pygame.Rect(0, 0, 640, min(h - 40, height))
        else:
            notes = len(self.round_result.notes) if self.round_result else 0
            r = pygame.Rect(0, 0, 560, 130 + 26 * n + 20 * notes + 50)
        r.center = (w // 2, h // 2 - (0 if self.match_result is not None else int(10 * self.layout.unit)))
        return r

    def reword(self, note: str) -> str:
        return re.sub(r"Seat (\d+)", lambda m: self.names[int(m.group(1))] if int(m.group(1)) < len(self.names) else m.group(0), note)

    def draw_overlay(self, surface: pygame.Surface, pal: TH.Palette) -> None:
        if self.tweens.busy and self.match_result is None and self.round_result is not None and self.queue:
            return
        panel = self.overlay_rect()
        surface.blit(TH.panel(panel.size, (6, 26, 18, 232), pal.accent, 14, 2), panel.topleft)
        y = panel.y + 18
        if self.match_result is not None:
            ev = self.match_result
            winners = " and ".join(self.names[w] for w in ev.winners)
            title = you_form(f"{winners} win{'s' if len(ev.winners) == 1 else ''} the match!")
            T.blit_text(surface, title, TH.H2, pal.accent, (panel.centerx, y), "midtop", bold=True)
            y += 44
            order = sorted(range(len(self.names)), key=lambda s: ev.totals[s])
            for rank, seat in enumerate(order):
                colour = pal.accent if seat in ev.winners else pal.text
                T.blit_text(surface, f"{rank + 1}.", TH.BODY, colour, (panel.x + 150, y), "topright", bold=True)
                T.blit_text(surface, self.names[seat], TH.BODY, colour, (panel.x + 166, y))
                T.blit_text(surface, str(ev.totals[seat]), TH.BODY, colour, (panel.right - 150, y), "topright", bold=True)
                y += 26
            if self.chart is not None:
                y += 8
                surface.blit(self.chart, self.chart.get_rect(midtop=(panel.centerx, y)))
            return
        ev = self.round_result
        assert ev is not None
        T.blit_text(surface, f"Round {ev.round}: scores", TH.H2, pal.text, (panel.centerx, y), "midtop", bold=True)
        y += 42
        cols = (panel.x + 30, panel.x + 300, panel.x + 400, panel.right - 30)
        for text, x, anchor in (("Player", cols[0], "topleft"), ("Hand", cols[1], "topright"),
                                ("Round", cols[2], "topright"), ("Total", cols[3], "topright")):
            T.blit_text(surface, text, TH.SMALL, pal.text_dim, (x, y), anchor)
        y += 24
        for seat in range(len(self.names)):
            colour = pal.seat_colour(seat)
            T.blit_text(surface, self.names[seat], TH.BODY, colour, (cols[0], y), bold=True)
            T.blit_text(surface, str(ev.hands[seat]), TH.BODY, pal.text, (cols[1], y), "topright")
            bonus = ev.scores[seat] - ev.hands[seat]
            round_text = str(ev.scores[seat]) + (f" ({'+' if bonus > 0 else ''}{bonus})" if bonus else "")
            T.blit_text(surface, round_text, TH.BODY, pal.bad if bonus > 0 else pal.text, (cols[2], y), "topright")
            T.blit_text(surface, str(int(round(self.shown_totals.get(str(seat), 0)))), TH.BODY, pal.text, (cols[3], y), "topright", bold=True)
            y += 26
        y += 6
        for note in ev.notes:
            T.blit_text(surface, self.reword(note), TH.SMALL, pal.text_dim, (panel.centerx, y), "midtop")
            y += 20
