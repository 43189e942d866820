"""Combat UNO bots: easy, medium and hard from one model with level parameters.

A bot sees only its seat's CombatUnoView (passed to decide) and its redacted events (passed to
observe); all its randomness comes from its own random.Random(seed).

What it remembers (from events): the cards played since the last reshuffle (so it can count what
is still unseen of each colour), the colour each opponent declined to follow when it drew instead
of playing (forgotten once they play that colour or draw again), and hand sizes (from the view).

How it decides:
- Its own turn. Every legal play gets a score: going out wins outright; shedding points matters
  more once an opponent is down to two cards or fewer; it keeps Wild Draw Fours and Draw Twos (its
  defence against incoming draws) and wilds (its escape) unless they matter now, uses Skip and the
  draw cards on a next player who is close to going out, and prefers leaving a colour it holds
  many cards of, and that the next player could not follow. Drawing is the fallback.
- Colour for a wild: the colour it holds most of (by count, then points), plus a bonus for a
  colour the next player declined and one for a colour little of which is still unseen.
- A draw pending on it: it stacks when it can (choosing the stacker that leaves its best colour),
  otherwise it starts drawing.
- Out of turn: it jumps in with an identical card and stacks draws (always at hard, less often
  lower down), after its reaction delay counted from the moment it could react: the later of the
  card landing, its own identical card reaching its hand and the jump-in opening to it (its own
  turn ending); a reaction that would arrive after the window's deadline is not attempted.
- UNO: when it goes down to one card it calls after a short delay (it saw it coming), unless it
  forgets; it catches opponents on one card with a per-level chance, after its reaction delay.
  Each window's decision is drawn once, so being asked again (the session re-asks when the
  situation changes) never re-rolls it.
- Lower levels make mistakes (a random legal move instead of the best, a random colour) at their
  level's mistake rate, react more slowly, forget the UNO call more often and catch less often.
"""

from __future__ import annotations

import random
from typing import Any

from ai.levels import REACTION_FLOOR, Level
from ai.reasons import Reason, reason
from game.core.actions import Action, Pass
from game.core.cards import Card
from game.core.events import CardMoved, DeckReshuffled, Event, RoundStarted
from game.core.session import Intent
from game.variants.combat_uno import (COLOURS, DECK_CARDS, DRAW2, SKIP, REVERSE, WILD, WILD4, CallUno,
                                      ColourChosen, CombatUnoView, Draw, DrawCard, Play, StartDrawing,
                                      TurnDrawn, card_points)

# Per-level UNO behaviour; a level name not listed here falls back to "medium".
UNO_LEVELS: dict[str, dict[str, float]] = {
    #            call own UNO   catch others   jump in     stack out of turn  own-call speed
    "easy":   {"call": 0.55, "catch": 0.12, "jump": 0.45, "stack": 0.6, "call_speed": 0.35},
    "medium": {"call": 0.85, "catch": 0.45, "jump": 0.8, "stack": 0.85, "call_speed": 0.3},
    "hard":   {"call": 0.98, "catch": 0.95, "jump": 1.0, "stack": 1.0, "call_speed": 0.25},
}

# Tunable knobs (tweaks override them per bot, e.g. make_agent("combat-uno", "hard", 1, keep_wild=0)).
DEFAULTS: dict[str, Any] = {
    "memory": True,        # False: no memory of played cards or declined colours
    "danger": 2,           # an opponent with this many cards or fewer is about to go out
    "shed_calm": 0.02,     # worth per point shed while nobody is close to going out
    "shed_danger": 0.12,   # ... and once somebody is
    "follow": 0.6,         # worth per card still held in the colour left on the pile
    "keep_wild": 2.2,      # cost of spending a Wild while it is not needed
    "keep_wild4": 3.0,     # cost of spending a Wild Draw Four while it is not needed
    "keep_draw2": 1.0,     # cost of spending a Draw Two while it is not needed
    "attack": 3.0,         # worth of skipping / making draw a next player close to going out
    "declined": 0.5,       # worth of leaving a colour the next player declined (hard against hard
                           # without memory, two-handed, 1,000 matches: 0 won 49.5%, 0.5 52.9%, 1.2 45.2%)
    "draw_cost": 2.5,      # cost of drawing instead of playing
}

_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
_COLOUR_TOTAL = [sum(1 for c in DECK_CARDS if c.suit == colour) for colour in COLOURS]


class CombatUnoBot:
    def __init__(self, level: Level, seed: int = 0, **tweaks: Any):
        unknown = set(tweaks) - set(DEFAULTS)
        if unknown:
            raise ValueError(f"unknown Combat UNO bot tweak(s): {', '.join(sorted(unknown))}")
        self.level = level
        self.rng = random.Random(seed)
        self.cfg = {**DEFAULTS, **tweaks}
        self.uno = UNO_LEVELS.get(level.name, UNO_LEVELS["medium"])
        self.seat = 0
        self.seats = 0
        self.options: dict[str, Any] = {}
        self.fallbacks = 0     # decisions its model had no answer for (a default legal action instead)
        self.last_reason: Reason | None = None   # why it chose its last move (the coach words it)
        self.card_seen: dict[int, float] = {}
        self.since: dict[tuple[Action, bool | None], float] = {}   # _opening(action) -> open since
        self._reset_round()

    def _reset_round(self) -> None:
        self.seen_colour = [0, 0, 0, 0]      # cards of each colour seen on the pile since the last reshuffle
        self.pile: list[Card] = []
        self.declined: dict[int, set[str]] = {}
        self._declining: int | None = None   # the seat whose declining draw is under way
        self.colour: str | None = None
        self.plans: dict[Any, tuple[Action | None, float]] = {}   # window key -> (action or None, due time)

    # -- the agent protocol ----------------------------------------------------------------
    def begin(self, seat: int, game_type: Any, seats: int, options: dict[str, Any]) -> None:
        self.seat, self.seats, self.options = seat, seats, dict(options)

    def observe(self, events: list[Event]) -> None:
        if not self.cfg["memory"]:
            return
        for e in events:
            if isinstance(e, CardMoved):
                if e.dst.zone == "discard" and e.card is not None:
                    card = e.card
                    self.pile.append(card)
                    if card.suit is not None:
                        self.seen_colour[_COLOUR_INDEX[card.suit]] += 1
                        self.colour = card.suit
                        if e.src.zone == "hand":
                            self.declined.get(e.src.seat, set()).discard(card.suit)
                elif e.dst.zone == "hand" and e.dst.seat != self.seat:
                    # A card drawn right after declining belongs to that draw; any later draw may
                    # bring the colour it lacked, so the mark no longer holds.
                    if self._declining != e.dst.seat:
                        self.declined.pop(e.dst.seat, None)
            elif isinstance(e, ColourChosen):
                self.colour = e.colour
            elif isinstance(e, TurnDrawn):
                if e.seat != self.seat and self.colour is not None:
                    self.declined.setdefault(e.seat, set()).add(self.colour)
                    self._declining = e.seat
            elif isinstance(e, DeckReshuffled):
                top = self.pile[-1:] if self.pile else []
                self.pile = top
                self.seen_colour = [0, 0, 0, 0]
                for card in top:
                    if card.suit is not None:
                        self.seen_colour[_COLOUR_INDEX[card.suit]] += 1
            elif isinstance(e, RoundStarted):
                self._reset_round()
            if not isinstance(e, TurnDrawn):
                self._declining = None   # only the event right after a declining draw is that draw

    def notice(self, view: CombatUnoView, legal: list[Action], now: float) -> None:
        """When it first saw each card in its hand, and since when each action has been open to it:
        a reaction counts from there. The session tells it at every change of its hand or the table,
        by asking or (when it may only pass and lets the window run out) through this. A card played
        on its turn and the same card jumped in out of turn are different moves (an Action equal to
        the other): the jump-in opens only when its turn ends, so each is timed from its own start."""
        self.card_seen = {c.id: self.card_seen.get(c.id, now) for c in view.hand}
        out, since = view.out_of_turn, self.since
        keys = [_opening(a, out) for a in legal]
        self.since = {k: since.get(k, now) for k in keys}

    def decide(self, view: CombatUnoView, legal: list[Action], now: float) -> Intent:
        self.notice(view, legal, now)
        first = legal[0]
        if isinstance(first, DrawCard):
            return Intent(first, 0.25 + 0.15 * self.rng.random())
        # UNO first: our own call, then catching others.
        for action in legal:
            if isinstance(action, CallUno):
                plan = self._uno_plan(view, action, now)
                if plan is not None:
                    return plan
        if view.out_of_turn:
            return self._out_of_turn(view, legal, now)
        return self._turn(view, legal, now)

    # -- UNO ---------------------------------------------------------------------------------
    def _uno_plan(self, view: CombatUnoView, action: CallUno, now: float) -> Intent | None:
        target = action.target
        deadline = view.uno_deadlines[view.uno_targets.index(target)]
        key = ("uno", view.round, target, deadline if deadline is not None else view.top_serial)
        plan = self.plans.get(key)
        if plan is None:
            anchor = deadline - float(self.options.get("reaction_seconds", 3.0)) if deadline is not None else now
            lv = self.level
            if target == self.seat:
                go = self.rng.random() < self.uno["call"]
                # It saw its last-but-one card going down: its own call is anticipated, quicker
                # than a reaction to somebody else's card, yet no quicker than a person's hand.
                delay = REACTION_FLOOR + self.rng.lognormvariate(0.0, lv.react_spread) * lv.react_median * self.uno["call_speed"]
            else:
                go = self.rng.random() < self.uno["catch"]
                delay = lv.reaction_delay(self.rng)
            plan = (action if go else None, anchor, delay)
            self.plans[key] = plan
        act, anchor, delay = plan
        if act is None:
            return None
        due = self._due(act, anchor, delay, now, view.out_of_turn)
        if deadline is not None and due >= deadline - 0.02:
            return None   # it would come too late: a person lets it go
        return Intent(act, due - now)

    def _due(self, action: Action, anchor: float, delay: float, now: float, out_of_turn: bool) -> float:
        """When a planned reaction fires: its delay counts from the moment it could react, the later
        of the plan's anchor and the moment the action became open to it (in or out of turn)."""
        return max(now, max(anchor, self.since.get(_opening(action, out_of_turn), now)) + delay)

    # -- out of turn ----------------------------------------------------------------------------
    def _out_of_turn(self, view: CombatUnoView, legal: list[Action], now: float) -> Intent:
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            key = ("jump", view.round, view.top_serial)
            plan = self.plans.get(key)
            if plan is None:
                stacking = view.top is not None and view.top.rank in (DRAW2, WILD4) and (view.pending or any(view.owed))
                chance = self.uno["stack"] if stacking else self.uno["jump"]
                go = self.rng.random() < chance
                # A reaction counts from the moment it could see both cards: the top card landing,
                # and its own identical card arriving (a card just drawn is seen only now).
                anchor = view.jump_opened_at if view.jump_opened_at is not None else now
                faces = {(p.rank, p.colour) for p in plays}
                arrived = [self.card_seen.get(c.id, now) for c in view.hand if (c.rank, c.suit) in faces]
                anchor = max([anchor, *arrived])
                action = self._best_of(view, plays) if go else None
                plan = (action, anchor, self.level.reaction_delay(self.rng))
                self.plans[key] = plan
            action, anchor, delay = plan
            if action is not None and action in legal:
                due = self._due(action, anchor, delay, now, True)
                if view.jump_deadline is None or due < view.jump_deadline - 0.02:
                    return Intent(action, due - now)
        return self._idle(view, legal, now)

    def _idle(self, view: CombatUnoView, legal: list[Action], now: float) -> Intent:
        """Nothing worth doing out of turn: let the windows run out (or, without deadlines, pass)."""
        if Pass(self.seat) in legal:
            deadlines = [d for d in (view.jump_deadline, *view.uno_deadlines) if d is not None]
            if deadlines and self.options.get("reaction_seconds", 3.0):
                # Every window here has a deadline: this pass is due after all of them, so it is
                # dropped when they expire. A person just lets the chance go by.
                return Intent(Pass(self.seat), max(deadlines) - now + 1.0)
            return Intent(Pass(self.seat), self.level.reaction_delay(self.rng))
        # Nothing out of turn comes without a Pass: a default here is a gap in the model.
        self.fallbacks += 1
        return Intent(legal[-1], self.level.think_delay(self.rng))

    # -- our turn -----------------------------------------------------------------------------
    def _turn(self, view: CombatUnoView, legal: list[Action], now: float) -> Intent:
        key = ("turn", view.round, view.turn_started_at, view.top_serial)
        plan = self.plans.get(key)
        if plan is None:
            due = view.turn_started_at + self.level.think_delay(self.rng)
            self.plans[key] = plan = (None, due)
        due = plan[1]
        options = [a for a in legal if isinstance(a, (Play, Draw, StartDrawing))]
        if not options:   # a turn always offers a draw: a default here is a gap in the model
            self.fallbacks += 1
            return Intent(legal[-1], max(0.0, due - now))
        if self.level.mistake_rate and self.rng.random() < self.level.mistake_rate:
            action = self.rng.choice(options)
        else:
            plays = [a for a in options if isinstance(a, Play)]
            fallback = next(a for a in options if not isinstance(a, Play))
            action = self._best_of(view, plays, fallback) if plays else fallback
        if len(self.plans) > 400:
            self.plans.clear()
        self.last_reason = self._reason(view, action)
        return Intent(action, max(0.0, due - now))

    def _reason(self, view: CombatUnoView, action: Action) -> Reason:
        """Why this move (the coach words it)."""
        if isinstance(action, StartDrawing):
            return reason("combat_uno.take_stack", count=view.pending)
        if not isinstance(action, Play):
            return reason("combat_uno.draw")
        n = view.seats
        nxt = (self.seat + view.direction) % n
        if action.rank in (DRAW2, WILD4) and (view.pending or any(view.owed)):
            return reason("combat_uno.stack")
        if view.hand_counts[nxt] <= self.cfg["danger"] and action.rank in (DRAW2, WILD4, SKIP, REVERSE):
            return reason("combat_uno.slow_next")
        if action.rank in (WILD, WILD4):
            return reason("combat_uno.wild")
        return reason("combat_uno.shed")

    def _best_of(self, view: CombatUnoView, plays: list[Play], fallback: Action | None = None) -> Action:
        cfg = self.cfg
        me = self.seat
        hand = view.hand
        counts = view.hand_counts
        n = view.seats
        nxt = (me + view.direction) % n
        danger_seat = min((counts[s] for s in range(n) if s != me), default=99) <= cfg["danger"]
        next_low = counts[nxt] <= cfg["danger"]
        shed = cfg["shed_danger"] if danger_seat else cfg["shed_calm"]
        colour_counts = [0, 0, 0, 0]
        colour_points = [0, 0, 0, 0]
        for card in hand:
            if card.suit is not None:
                i = _COLOUR_INDEX[card.suit]
                colour_counts[i] += 1
                colour_points[i] += card_points(card)
        declined = self.declined.get(nxt, ()) if cfg["memory"] else ()
        best, best_score = None, None
        mistake_colour = self.level.mistake_rate and self.rng.random() < self.level.mistake_rate
        chosen_colour = self._colour(colour_counts, colour_points, declined, mistake_colour)
        for play in plays:
            rank = play.rank
            if len(hand) == 1:
                return play if play.choose in (None, chosen_colour) else _with_colour(plays, play, chosen_colour)
            colour = play.choose if play.colour is None else play.colour
            if play.colour is None and colour != chosen_colour:
                continue
            score = card_points_of(rank) * shed
            ci = _COLOUR_INDEX[colour]
            left = colour_counts[ci] - (1 if play.colour is not None else 0)
            score += cfg["follow"] * left
            if colour in declined:
                score += cfg["declined"]
            if rank == WILD:
                score -= 0 if danger_seat or len(hand) <= 2 else cfg["keep_wild"]
            elif rank == WILD4:
                score -= 0 if next_low or len(hand) <= 2 or view.pending else cfg["keep_wild4"]
                if next_low:
                    score += cfg["attack"]
            elif rank == DRAW2:
                score -= 0 if next_low or len(hand) <= 2 or view.pending else cfg["keep_draw2"]
                if next_low:
                    score += cfg["attack"]
            elif rank in (SKIP, REVERSE):
                if next_low and (rank == SKIP or n == 2):
                    score += cfg["attack"]
                elif rank == REVERSE and counts[(me - view.direction) % n] > counts[nxt]:
                    score += 0.5 * cfg["attack"] if next_low else 0.3
            if view.pending and rank in (DRAW2, WILD4):
                score += 10.0   # stacking beats drawing
            if best_score is None or score > best_score:
                best, best_score = play, score
        if best is None:
            self.fallbacks += 1   # every play was ruled out: a gap in the model
            best = plays[0]
            best_score = 0.0
        if fallback is not None and isinstance(fallback, Draw) and best_score < -cfg["draw_cost"]:
            return fallback
        return best

    def _colour(self, counts: list[int], points: list[int], declined: Any, mistake: bool) -> str:
        if mistake:
            # A slip a person makes: a colour it holds, just not the best one (never one it lacks).
            held = [c for i, c in enumerate(COLOURS) if counts[i]]
            return self.rng.choice(held or list(COLOURS))
        best, best_score = COLOURS[0], None
        for i, colour in enumerate(COLOURS):
            unseen = _COLOUR_TOTAL[i] - self.seen_colour[i] - counts[i]
            score = counts[i] * 1.0 + points[i] * 0.01 - unseen * 0.03
            if colour in declined:
                score += self.cfg["declined"]
            if best_score is None or score > best_score:
                best, best_score = colour, score
        return best


def _opening(action: Action, out_of_turn: bool) -> tuple[Action, bool | None]:
    """What `since` times an action by: a Play in turn and out of turn apart; an action that is a
    reaction wherever it is taken (Action.reaction: an UNO call) is the same chance on and off its turn."""
    return (action, None if action.reaction else out_of_turn)


def card_points_of(rank: Any) -> int:
    if isinstance(rank, int):
        return rank
    return 50 if rank in (WILD, WILD4) else 20


def _with_colour(plays: list[Play], play: Play, colour: str) -> Play:
    for other in plays:
        if other.rank == play.rank and other.colour == play.colour and other.choose == colour:
            return other
    return play
