"""Kumbal bots: easy, medium and hard from one model with level parameters.

A bot sees only its seat's KumbalView (passed to decide) and its redacted events (passed to
observe); all its randomness comes from its own random.Random(seed).

What it remembers is public information people lose track of (every hand is private, so there is
nothing else to remember): which cards each opponent took from the pile and still holds, which
cards have gone by on the pile, and how many cards each holds (on the table, in the view). How well
it remembers is its level's `Recall` (game.core.memory): `capacity` facts about opponents' hands
held at once (the oldest goes first), a fact fades with `half_life_events`, a card may be stored
with a wrong nearby value (`confusion`), and only the latest `pile_span` discards stay counted.

How it decides:
- Estimating the others: an opponent's hand is what it is remembered to hold plus, for each other
  card, a draw from the cards not yet seen, weighted towards low cards (people keep their low
  cards: `keep_low`). The chance that an opponent holds `m` points or fewer is exact under that
  model (a convolution cut at `m`).
- Calling Kumbal: when the chance that every opponent holds more than its own hand beats its
  level's bar (lowered a little for every turn past the eighth of a round: waiting forever ends
  nothing), or outright at `call_margin` points or fewer.
- Discarding and drawing: every legal discard is scored by the hand it leaves after the better
  draw (the known pile card, or the deck over the values still unseen). A hand that can call next
  turn is worth half its points; any other its points less what next turn's best discard would
  shed beyond an average draw (so sets and runs in the making are kept). Lone action cards get a bonus
  when the next player is close to calling (few cards, low estimate): a 2, a joker, an 8, and with
  two players a 7 where the house rule makes it a skip; a pick-up owed is passed on when it can be.
- Free discards: taken after its reaction delay, if it notices (per level), and only if due before
  the window closes. A chance it does not take (or a draw that does not match) it lets go by
  without a word, so that its pass tells nobody what it drew.
- Cutting: a person's cut, somewhere round the middle.
- Lower levels make mistakes (a random legal discard, a random draw) at their mistake rate.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ai.levels import Level
from game.core.actions import Action, Pass
from game.core.cards import Card
from game.core.events import CardMoved, DeckReshuffled, Event, RoundStarted, TurnStarted
from game.core.session import Intent
from game.variants.kumbal import (DECK_CARDS, JOKER, PICKUP, REVERSE_RANK, SIX_SEAT_CARDS, SKIP_RANK, VALUE, CallKumbal, Cut,
                                  Discard, DrawFromDeck, FreeDiscard, KumbalView, PickUp, TakeDiscard)

# Per-level behaviour beyond the shared Level knobs.
KUMBAL_LEVELS: dict[str, dict[str, float]] = {
    #          call when P(success) >=   notice a free discard   pass a pick-up on   lookahead weight
    "easy":   {"call": 0.30, "notice": 0.55, "pass_on": 0.6, "ahead": 0.3},
    "medium": {"call": 0.55, "notice": 0.85, "pass_on": 0.9, "ahead": 0.6},
    "hard":   {"call": 0.62, "notice": 1.0, "pass_on": 1.0, "ahead": 0.9},
}

DEFAULTS: dict[str, Any] = {
    "memory": True,       # False: remembers nothing (no takes, no gone cards)
    "keep_low": 0.10,     # how strongly opponents' unknown cards lean low (per point of value)
    "attack": 6.0,        # worth of a skip / pick-up on a next player close to calling
    "call_margin": 0,     # calls outright at this many points or fewer
}

_VALUES = tuple(range(14))
LET_IT_GO = 60.0      # seconds: a free discard it lets go passes only if nobody has moved by then


def _faces(cards) -> tuple[str, ...]:
    return tuple(sorted(str(c) for c in cards))


def best_shed(faces: tuple[str, ...]) -> int:
    """The most points one discard from this hand would shed (the best of `discard_options`,
    worked out directly: all the cards of one value, or the best run a suit and the jokers allow)."""
    jokers = 0
    by_value = [0] * 14
    by_suit: dict[str, set[int]] = {}
    for f in faces:
        if f == JOKER:
            jokers += 1
            continue
        v = _FACE_VALUE[f]
        by_value[v] += v
        by_suit.setdefault(f[-1], set()).add(v)
    best = max(by_value)
    for pips in by_suit.values():
        if len(pips) < 2:
            continue
        order = sorted(pips)
        for i in range(len(order)):
            run = 0
            for k in range(i, len(order)):
                run += order[k]
                size = k - i + 1
                if order[k] - order[i] + 1 - size > jokers:
                    break
                if size >= 2 and size + jokers >= 3 and run > best:
                    best = run
    return best


_FACE_VALUE = {str(c): VALUE(c) for c in SIX_SEAT_CARDS}
_DECK_COUNTS = {cards: tuple(sum(1 for c in cards if VALUE(c) == v) for v in range(14))
                for cards in (DECK_CARDS, SIX_SEAT_CARDS)}


class KumbalBot:
    def __init__(self, level: Level, seed: int = 0, **tweaks: Any):
        unknown = set(tweaks) - set(DEFAULTS)
        if unknown:
            raise ValueError(f"unknown Kumbal bot tweak(s): {', '.join(sorted(unknown))}")
        self.level = level
        self.rng = random.Random(seed)
        self.cfg = {**DEFAULTS, **tweaks}
        self.style = KUMBAL_LEVELS.get(level.name, KUMBAL_LEVELS["medium"])
        self.seat = 0
        self.seats = 0
        self.options: dict[str, Any] = {}
        self.fallbacks = 0
        # A decision and when it is due, per moment: ("free", ...) -> (action or None, due);
        # ("turn", ...) -> ((what it was decided on, action) or None, due).
        self.plans: dict[Any, tuple[Any, float]] = {}
        self.full_deck: tuple[Card, ...] = DECK_CARDS
        self._unseen_cache: tuple[Any, list[int]] | None = None
        self._reset_round()

    def _reset_round(self) -> None:
        # seat -> list of [card value, events count when noted] it is remembered to hold
        self.held: dict[int, list[list[int]]] = {}
        self._unseen_cache = None
        self.gone: list[int] = []      # values of the cards seen going by on the pile (oldest first)
        self.events = 0
        self.my_turns = 0              # turns it has had this round (waiting longer lowers its bar)

    # -- the agent protocol ----------------------------------------------------------------
    def begin(self, seat: int, game_type: Any, seats: int, options: dict[str, Any]) -> None:
        self.seat, self.seats, self.options = seat, seats, dict(options)
        self.full_deck = SIX_SEAT_CARDS if seats >= 6 else DECK_CARDS

    def observe(self, events: list[Event]) -> None:
        if not self.cfg["memory"]:
            for e in events:
                if isinstance(e, RoundStarted):
                    self._reset_round()
                elif isinstance(e, TurnStarted) and e.seat == self.seat:
                    self.my_turns += 1
            return
        recall = self.level.recall
        for e in events:
            self.events += 1
            if isinstance(e, CardMoved):
                card = e.card
                if card is None:
                    continue
                if e.dst.zone == "discard":
                    self.gone.append(VALUE(card))
                    if e.src.zone == "hand" and e.src.seat != self.seat:
                        self._forget_card(e.src.seat, VALUE(card))
                elif e.src.zone == "discard" and e.dst.zone == "hand":
                    if self.gone:
                        try:
                            self.gone.remove(VALUE(card))
                        except ValueError:
                            pass
                    if e.dst.seat != self.seat:
                        value = VALUE(card)
                        if recall.confusion and self.rng.random() < recall.confusion:
                            value = max(0, min(13, value + self.rng.choice((-2, -1, 1, 2))))
                        self.held.setdefault(e.dst.seat, []).append([value, self.events])
                        self._fit()
            elif isinstance(e, DeckReshuffled):
                self.gone = self.gone[-1:]
            elif isinstance(e, RoundStarted):
                self._reset_round()
            elif isinstance(e, TurnStarted):
                if e.seat == self.seat:
                    self.my_turns += 1
                self._decay()
        span = recall.pile_span
        if span is not None and len(self.gone) > span:
            self.gone = self.gone[-span:] if span else []

    def _forget_card(self, seat: int, value: int) -> None:
        held = self.held.get(seat)
        if held:
            for i, (v, _) in enumerate(held):
                if v == value:
                    del held[i]
                    return

    def _fit(self) -> None:
        cap = self.level.recall.capacity
        if cap is None:
            return
        facts = [(when, seat, i) for seat, held in self.held.items() for i, (_, when) in enumerate(held)]
        while len(facts) > cap:
            facts.sort()
            _, seat, i = facts.pop(0)
            del self.held[seat][i]
            facts = [(when, s, k) for s, held in self.held.items() for k, (_, when) in enumerate(held)]

    def _decay(self) -> None:
        half = self.level.recall.half_life_events
        if not half:
            return
        for seat, held in self.held.items():
            keep = []
            for fact in held:
                age = self.events - fact[1]
                if self.rng.random() < 0.5 ** (age / half / 8):   # checked once per turn
                    keep.append(fact)
            self.held[seat] = keep

    def decide(self, view: KumbalView, legal: list[Action], now: float) -> Intent:
        first = legal[0]
        if isinstance(first, Cut):
            lo, hi = first.at, legal[-1].at
            mid = (lo + hi) / 2
            at = int(round(min(hi, max(lo, self.rng.gauss(mid, (hi - lo) / 6)))))
            return Intent(Cut(self.seat, at), self.level.think_delay(self.rng))
        if view.out_of_turn or (view.free_open and not view.my_turn):
            return self._free(view, legal, now)
        if view.free_open and FreeDiscard(self.seat) in legal:
            plan = self._free(view, legal, now)
            if isinstance(plan.action, FreeDiscard):
                return plan
        return self._turn(view, legal, now)

    # -- out of turn: the free discard ----------------------------------------------------------
    def _free(self, view: KumbalView, legal: list[Action], now: float) -> Intent:
        key = ("free", view.round, view.free_card.id if view.free_card else None, view.turn_started_at)
        plan = self.plans.get(key)
        if plan is None:
            go = self.rng.random() < self.style["notice"]
            delay = self.level.reaction_delay(self.rng)
            plan = (FreeDiscard(self.seat) if go else None, now + delay)
            self.plans[key] = plan
        action, due = plan
        deadline = view.free_deadline
        if action is not None and action in legal and (deadline is None or due < deadline - 0.02):
            return Intent(action, max(0.0, due - now))
        if Pass(self.seat) in legal:
            # It lets the chance go by, as a person would, never passing out loud: a pass at once
            # would tell the table it had nothing to discard. The window closes when time runs out
            # or when the next player moves (the pass is dropped then).
            if deadline is not None:
                return Intent(Pass(self.seat), deadline - now + 1.0)
            return Intent(Pass(self.seat), LET_IT_GO)
        self.fallbacks += 1
        return Intent(legal[-1], self.level.think_delay(self.rng))

    # -- the turn ----------------------------------------------------------------------------------
    def _turn(self, view: KumbalView, legal: list[Action], now: float) -> Intent:
        key = ("turn", view.round, view.turn_started_at, view.step)
        plan = self.plans.get(key)
        if plan is None:
            think = self.level.think_delay(self.rng)
            due = (view.turn_started_at + think) if view.step == "discard" else now + 0.45 * think
            self.plans[key] = plan = (None, due)
        if len(self.plans) > 400:
            self.plans.clear()
        due = plan[1]
        # Asked again while nothing it decides on has changed (another seat's free-discard window
        # opened or closed meanwhile), it keeps its decision, as a person would, instead of
        # drawing its mistakes again.
        basis = (view.hand, view.pending, view.takeable, view.top, view.discard_size, view.hand_counts, view.direction)
        kept = plan[0]
        if kept is not None and kept[0] == basis and kept[1] in legal:
            return Intent(kept[1], max(0.0, due - now))
        action = self.choose(view, legal)
        self.plans[key] = ((basis, action), due)
        return Intent(action, max(0.0, due - now))

    def choose(self, view: KumbalView, legal: list[Action]) -> Action:
        """The turn's action (no timing): call, discard, pick up, draw or take."""
        me = self.seat
        if view.step == "draw":
            return self._draw_choice(view, legal)
        if view.pending:
            passes = [a for a in legal if isinstance(a, Discard)]
            if passes and self.rng.random() < self.style["pass_on"]:
                # Pass on the 2 before the joker: the joker is worth keeping (0 points).
                return min(passes, key=lambda a: a.cards[0] == JOKER)
            return PickUp(me) if PickUp(me) in legal else legal[-1]
        if CallKumbal(me) in legal and self._should_call(view):
            return CallKumbal(me)
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            self.fallbacks += 1
            return legal[-1]
        if self.level.mistake_rate and self.rng.random() < self.level.mistake_rate:
            return self.rng.choice(discards)
        return self._best_discard(view, discards)

    def _draw_choice(self, view: KumbalView, legal: list[Action]) -> Action:
        me = self.seat
        take, draw = TakeDiscard(me) in legal, DrawFromDeck(me) in legal
        if not take or not draw:
            return legal[0]
        if self.level.mistake_rate and self.rng.random() < self.level.mistake_rate:
            return self.rng.choice((TakeDiscard(me), DrawFromDeck(me)))
        faces = _faces(view.hand)
        single, mean = self._draw_odds(view)
        with_take = self._hand_worth(faces + (str(view.takeable),), mean, view.goal)
        with_draw = self._draw_worth(faces, single, mean, view.goal)
        return TakeDiscard(me) if with_take < with_draw else DrawFromDeck(me)

    # -- judging hands -----------------------------------------------------------------------------
    def _hand_worth(self, faces: tuple[str, ...], mean: float, goal: int) -> float:
        """What a hand is worth at the start of the next turn (lower is better): if it can call,
        its points, halved (calling is how a round is won); else the points it will likely hold
        after next turn's best discard and draw (weighted by the level's lookahead)."""
        faces = tuple(sorted(faces))
        points = sum(_FACE_VALUE[f] for f in faces)
        if points <= goal:
            return 0.5 * points
        return points - self.style["ahead"] * (best_shed(faces) - mean)

    def _draw_worth(self, faces: tuple[str, ...], single: list[float], mean: float, goal: int) -> float:
        """The expected worth of a hand after a card from the deck: over the values still unseen
        (a drawn card's suit is left out: it only counts for sets)."""
        points = sum(_FACE_VALUE[f] for f in faces)
        shed = best_shed(tuple(sorted(faces)))
        same = [0] * 14
        for f in faces:
            same[_FACE_VALUE[f]] += _FACE_VALUE[f]
        ahead = self.style["ahead"]
        worth = 0.0
        for v, p in enumerate(single):
            if not p:
                continue
            total = points + v
            if total <= goal:
                worth += p * 0.5 * total
            else:
                worth += p * (total - ahead * (max(shed, v + same[v]) - mean))
        return worth

    def _draw_odds(self, view: KumbalView) -> tuple[list[float], float]:
        counts = self._unseen(view)
        total = sum(counts) or 1
        single = [n / total for n in counts]
        return single, sum(v * p for v, p in enumerate(single))

    def _best_discard(self, view: KumbalView, discards: list[Discard]) -> Discard:
        hand = _faces(view.hand)
        single, mean = self._draw_odds(view)
        goal = view.goal
        take = str(view.takeable) if view.takeable is not None else None
        nxt = (self.seat + view.direction) % view.seats
        danger = self._danger(view, nxt)
        best, best_score = discards[0], -math.inf
        for action in discards:
            rest = list(hand)
            for f in action.cards:
                rest.remove(f)
            rest_t = tuple(rest)
            after = self._draw_worth(rest_t, single, mean, goal)
            if take is not None:
                after = min(after, self._hand_worth(rest_t + (take,), mean, goal))
            score = -after
            if len(action.cards) == 1 and self.options.get("action_cards", True):
                face = action.cards[0]
                rank = face if face == JOKER else _rank_of(face)
                if rank in PICKUP or rank == SKIP_RANK or (rank == REVERSE_RANK and view.seats == 2
                                                           and self.options.get("seven_skips_with_two")):
                    score += self.cfg["attack"] * danger
                    if rank == JOKER:
                        score -= 4.0 * (1 - danger)    # a joker is worth keeping (0 points)
            if score > best_score:
                best, best_score = action, score
        return best

    def _danger(self, view: KumbalView, seat: int) -> float:
        """0..1: how close `seat` seems to calling Kumbal."""
        count = view.hand_counts[seat]
        goal = view.goal
        p = self._p_at_most(view, seat, goal + 3)
        return max(p, 1.0 if count <= 1 else 0.6 if count == 2 else 0.0)

    # -- estimating the others ---------------------------------------------------------------------
    def _unseen(self, view: KumbalView) -> list[int]:
        """Counts by value (0..13) of the cards it has not seen: the deck less its hand, the pile's
        top, the cards it remembers going by, and the cards it remembers in other hands."""
        key = (view.round, view.turn_started_at, view.step, len(view.hand), view.discard_size)
        if self._unseen_cache is not None and self._unseen_cache[0] == key:
            return list(self._unseen_cache[1])
        counts = list(_DECK_COUNTS[self.full_deck])
        for c in view.hand:
            counts[VALUE(c)] -= 1
        gone = list(self.gone) if self.cfg["memory"] else []
        if view.top is not None and not gone:
            gone.append(VALUE(view.top))
        for v in gone:
            counts[v] -= 1
        for held in self.held.values():
            for v, _ in held:
                counts[v] -= 1
        out = [max(0, n) for n in counts]
        self._unseen_cache = (key, out)
        return list(out)

    def _p_at_most(self, view: KumbalView, seat: int, m: int, counts: list[int] | None = None) -> float:
        """The chance that `seat` holds `m` points or fewer, under the model in the module doc."""
        known = [v for v, _ in self.held.get(seat, [])]
        n = view.hand_counts[seat]
        known = known[:n]
        budget = m - sum(known)
        if budget < 0:
            return 0.0
        unknown = n - len(known)
        if unknown == 0:
            return 1.0
        counts = counts or self._unseen(view)
        lean = self.cfg["keep_low"]
        weights = [counts[v] * math.exp(-lean * v) for v in _VALUES]
        total = sum(weights)
        if total <= 0:
            return 0.0
        single = [w / total for w in weights]
        dist = [0.0] * (budget + 1)
        dist[0] = 1.0
        for _ in range(unknown):
            new = [0.0] * (budget + 1)
            for s, p in enumerate(dist):
                if p:
                    for v in range(0, budget - s + 1):
                        new[s + v] += p * single[v]
            dist = new
        return sum(dist)

    def _should_call(self, view: KumbalView) -> bool:
        mine = view.hand_points
        if mine <= self.cfg["call_margin"]:
            return True
        counts = self._unseen(view)
        success = 1.0
        for seat in range(view.seats):
            if seat != self.seat:
                success *= 1.0 - self._p_at_most(view, seat, mine, counts)
        # Pressure to call: a round that drags on is worth ending on slightly worse odds (bots
        # that all wait for certainty never end a round).
        bar = self.style["call"] - 0.02 * max(0, self.my_turns - 8)
        return success >= max(0.2, bar)


def _rank_of(face: str) -> Any:
    rank = face[:-1]
    return int(rank) if rank.isdigit() else rank
