"""Kabu bots: easy, medium and hard from one model with level parameters.

A bot sees only its seat's KabuView (passed to decide) and its redacted events (passed to observe).
What it knows about face-down cards it remembers itself, in a TableMemory built from those events
with its level's recall (game.core.memory), which also keeps who has looked at which slot. All its
randomness comes from its own random.Random(seed).

How it decides:
- Values. A remembered card is worth its value. Its own unknown card is worth the mean of the cards
  it has not located (the 108-card deck minus remembered table cards and the pile it keeps counted).
  An opponent's unknown card is worth a little less when that opponent has looked at it (people keep
  the low cards they know), the mean otherwise.
- Peek: two of its own cards, chosen at random.
- Turn. Take the top discard when swapping it in gains more than a deck draw is expected to; a drawn
  card is swapped into the slot it improves most, or discarded for its ability when that is worth
  more. Abilities: 7/8 look at an own unknown card; 9/10 look at an unknown card of the opponent
  likely to do best; a red jack blind-swaps its worst card with an opponent's lowest when that gains
  clearly; a red queen looks at its worst (or an unknown) card and an opponent's likely low card,
  then swaps when that gains.
- Out of turn. Discards its own remembered cards that fit the top card or the calculated score
  (never a card worth less than nothing to lose), and snipes an opponent's remembered card that fits
  when giving its worst card in return pays; after a snipe it gives that worst card. Each reaction
  comes after its level's reaction delay; the session drops it if the pile has changed meanwhile.
- Kabu. It calls when its estimated total is low enough against the best estimated opponent (a
  margin set by its caution, shrinking the longer the round runs), or very low outright.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ai.grid_bot import GridBot
from game.core.actions import Action, Pass
from game.core.cards import Card, Place, grid_place
from game.variants.kabu import (ABILITY, BLIND, DECIDE, DECK_CARDS, DRAWN, GIVE, LOOK_BOTH, OPPONENT, OWN, PEEK,
                                REACTION, TAKEN, TURN, BlindSwap, CallKabu, DrawFromDeck, Exchange, Give, KabuView,
                                LookOpponent, LookOwn, LookPair, Match, PlayDrawn, SkipAbility, SwapBoth,
                                TakeDiscard, ability_of, card_value, fits)

_VALUES = tuple(range(2, 11))   # the number ranks a remembered card may be confused with (2 to 10)
_ALL_VALUES = [card_value(c) for c in DECK_CARDS]
# What a deck draw may be: (value, ability) with its share of the deck.
_DRAWS = tuple(((v, k), n / len(DECK_CARDS)) for (v, k), n in
               Counter((card_value(c), ability_of(c)) for c in DECK_CARDS).items())

DEFAULTS: dict[str, Any] = {
    "memory": True,          # True: its level's recall; "perfect": forget nothing; False: remember
                             # nothing (know only what is in view right now)
    "recall": None,          # a game.core.memory.Recall instead of its level's (with memory True)
    "owner_bias": 2.0,       # an opponent's card its owner has looked at is this much below the mean
    "info_own": 1.8,         # worth of learning one of its own unknown cards (7/8)
    "info_opp": 0.9,         # worth of learning an opponent's card (9/10: snipe material)
    "unknown_bonus": 0.5,    # extra worth of replacing an unknown card (it becomes known)
    "call_margin": 5.0,      # how far below the best opponent estimate it wants to be (caution 0.5)
    "call_low": 4.0,         # an estimated total at or below this is called outright (caution 0.5)
    "call_pressure": 0.6,    # margin shrink per own turn after the fourth
}


class KabuBot(GridBot):
    variant_name = "Kabu"
    defaults = DEFAULTS
    memory_values = _VALUES
    fallback_kinds = (Pass, SkipAbility, DrawFromDeck)

    def _delay(self, view: KabuView) -> float:
        if view.phase == PEEK and not view.out_of_turn:
            return 0.5 * self.level.think_delay(self.rng)   # a glance at its own cards is quick
        return super()._delay(view)

    # -- what it believes -------------------------------------------------------------------------
    def _setup_beliefs(self, view: KabuView) -> None:
        self.view = view
        mem = self.memory.known if self.use_memory else self.recent
        known: dict[Place, Card] = {p: c for p, c in mem.items() if p.zone == "grid"}
        # What is in view right now always counts (a red queen's look, instant knowledge).
        for place, card in zip(view.looked, view.looked_cards):
            if card is not None:
                known[place] = card
        occupied = {s: [i for i, c in enumerate(row) if c is not None] for s, row in enumerate(view.grids)}
        self.occupied = occupied
        self.known = {p: c for p, c in known.items() if 0 <= p.seat < len(view.grids) and p.index in occupied[p.seat]}
        self.kval = {p: card_value(c) for p, c in self.known.items()}
        located = self.memory.located_ids() if self.use_memory else set()
        for card in (view.discard_top, view.held, *view.looked_cards):
            if card is not None:
                located.add(card.id)
        pool = [card_value(c) for c in DECK_CARDS if c.id not in located] or _ALL_VALUES
        self.pool = pool
        self.ev = sum(pool) / len(pool)
        counts: dict[int, int] = {}
        for v in pool:
            counts[v] = counts.get(v, 0) + 1
        self.dist = [(v, n / len(pool)) for v, n in counts.items()]
        self.seen_by = self.memory.seen_by if self.use_memory else {}
        self._learning_worths(view)

    def _val(self, place: Place) -> float:
        v = self.kval.get(place)
        if v is not None:
            return v
        if place.seat != self.seat and place.seat in self.seen_by.get(place, ()):
            return self.ev - self.cfg["owner_bias"]   # its owner has seen it and kept it
        return self.ev

    def _known_values(self) -> dict[Place, int]:
        return self.kval

    def _mine(self) -> list[Place]:
        return [grid_place(self.seat, i) for i in self.occupied.get(self.seat, ())]

    def _opp_places(self) -> list[Place]:
        locked = set(self.view.locked)
        return [grid_place(s, i) for s in range(self.seats) if s != self.seat and s not in locked
                for i in self.occupied.get(s, ())]

    def _estimate(self, seat: int) -> float:
        return sum(self._val(grid_place(seat, i)) for i in self.occupied.get(seat, ()))

    def _worst_own(self) -> tuple[Place | None, float]:
        best, best_v = None, -99.0
        for p in self._mine():
            v = self._val(p) + (0.01 if p not in self.kval else 0.0)
            if v > best_v:
                best, best_v = p, v
        return best, best_v

    def _exchange_gain(self, value: float) -> tuple[Place | None, float]:
        best, best_g = None, -99.0
        for p in self._mine():
            g = self._val(p) - value + (0.0 if p in self.kval else self.unknown_bonus)
            if g > best_g:
                best, best_g = p, g
        return best, best_g

    def _likely_winner(self) -> int:
        opps = [s for s in range(self.seats) if s != self.seat and s not in self.view.locked and self.occupied.get(s)]
        return min(opps, key=self._estimate) if opps else -1

    # -- abilities ------------------------------------------------------------------------------
    def _ability_plan(self, kind: str | None) -> tuple[float, tuple]:
        mine, opps = self._mine(), self._opp_places()
        if kind == OWN:
            unknown = [p for p in mine if p not in self.kval]
            return (self.info_own, ("own", unknown[0])) if unknown and self.info_own else (0.0, ())
        if kind == OPPONENT:
            cands = [p for p in opps if p not in self.kval]
            if not cands or not self.info_opp:
                return 0.0, ()
            target = self._likely_winner()
            pref = [p for p in cands if p.seat == target]
            return self.info_opp, ("opp", self.rng.choice(pref or cands))
        if not mine or not opps:
            return 0.0, ()
        worst, worst_v = self._worst_own()
        low = min(opps, key=lambda p: (self._val(p), p not in self.kval))
        low_v = self._val(low)
        if kind == BLIND:
            margin = 1.0 * ((worst not in self.kval) + (low not in self.kval))
            return worst_v - low_v - margin, ("blind", worst, low)
        if kind == DECIDE:
            own = worst if worst in self.kval else next((p for p in mine if p not in self.kval), worst)
            gain = sum(p * max(0.0, self._val(own) - v) for v, p in self.dist) if low not in self.kval \
                else max(0.0, self._val(own) - low_v)
            info = (0.0 if own in self.kval else 0.5 * self.info_own) + (0.0 if low in self.kval else 0.3 * self.info_opp)
            return gain + info, ("decide", own, low)
        return 0.0, ()

    def _draw_worth(self) -> float:
        """Expected gain of a deck draw: the best use of each kind of card (abilities by kind)."""
        worth = {kind: self._ability_plan(kind)[0] for kind in (OWN, OPPONENT, BLIND, DECIDE)}
        total = 0.0
        for (value, kind), share in _DRAWS:
            total += share * max(0.0, self._exchange_gain(value)[1], worth[kind] if kind else 0.0)
        return total

    # -- choosing -------------------------------------------------------------------------------
    def _choose(self, view: KabuView, legal: list[Action]) -> Action | None:
        phase = view.phase
        if phase == PEEK:
            return self.rng.choice(legal)
        self._setup_beliefs(view)
        if phase == REACTION:
            return self._react(view, legal)
        if phase == TURN:
            return self._turn(view, legal)
        if phase == DRAWN:
            return self._drawn(view, legal)
        if phase == TAKEN:
            place, _ = self._exchange_gain(card_value(view.held) if view.held else self.ev)
            return Exchange(self.seat, place.index) if place else None
        if phase == ABILITY:
            return self._ability(view, legal)
        if phase == LOOK_BOTH:
            return self._decide_swap(view)
        if phase == GIVE:
            place, worst = self._worst_own()
            if self._mistake():
                place = self._slip_slot(worst - 1) or place
            return Give(self.seat, place.index) if place else None
        return None

    def _turn(self, view: KabuView, legal: list[Action]) -> Action | None:
        kinds = {type(a): a for a in legal}
        if CallKabu in kinds and self._should_call(view):
            return kinds[CallKabu]
        if TakeDiscard in kinds and view.discard_top is not None:
            v = card_value(view.discard_top)
            _, take = self._exchange_gain(v)
            draw = self._draw_worth() if DrawFromDeck in kinds else -99.0
            if take > draw + 0.5 and not self._mistake():
                return kinds[TakeDiscard]
        if DrawFromDeck in kinds:
            return kinds[DrawFromDeck]
        return kinds.get(TakeDiscard) or kinds.get(CallKabu)

    def _drawn(self, view: KabuView, legal: list[Action]) -> Action | None:
        card = view.held
        v = card_value(card) if card is not None else self.ev
        place, gain = self._exchange_gain(v)
        kind = ability_of(card) if card is not None else None
        ability = self._ability_plan(kind)[0] if kind else 0.0
        if self._mistake() and self.rng.random() < 0.5:
            slip = self._slip_slot(v)
            if slip is not None:
                return Exchange(self.seat, slip.index)
        if place is not None and gain > 0.0 and gain >= ability:
            return Exchange(self.seat, place.index)
        return PlayDrawn(self.seat)

    def _ability(self, view: KabuView, legal: list[Action]) -> Action | None:
        if self._mistake():
            return SkipAbility(self.seat) if view.ability == BLIND else self.rng.choice(legal)
        worth, plan = self._ability_plan(view.ability)
        if not plan or worth <= 0.0:
            return SkipAbility(self.seat)
        seat = self.seat
        if plan[0] == "own":
            return LookOwn(seat, plan[1].index)
        if plan[0] == "opp":
            return LookOpponent(seat, plan[1])
        if plan[0] == "blind":
            act = BlindSwap(seat, plan[1], plan[2])
            return act if act in legal else BlindSwap(seat, plan[2], plan[1])
        if plan[0] == "decide":
            return LookPair(seat, plan[1].index, plan[2])
        return None

    def _decide_swap(self, view: KabuView) -> Action:
        mine_card, their_card = view.looked_cards
        if mine_card is None or their_card is None or self._mistake():
            return SkipAbility(self.seat)
        gain = card_value(mine_card) - card_value(their_card)
        return SwapBoth(self.seat) if gain > 0 else SkipAbility(self.seat)

    # out of turn ----------------------------------------------------------------------------------
    def _react(self, view: KabuView, legal: list[Action]) -> Action | None:
        top = view.discard_top
        pass_ = Pass(self.seat)
        if top is None:
            return pass_
        calc = view.calculated
        best, best_score = None, 0.4
        give_worth = None
        for a in legal:
            if type(a) is not Match:
                continue
            card = self.known.get(a.place)
            if card is None or fits(card, top, calc) is None:
                continue
            v = card_value(card)
            if a.place.seat == self.seat:
                score = v + 0.5    # a card gone from its hand (the count shrinks too)
            else:
                if give_worth is None:
                    _, give_worth = self._worst_own()
                # It gets rid of its worst card; the opponent loses a card and gets that one.
                score = give_worth + 0.3 * (give_worth - v) - 1.0
            if score > best_score:
                best, best_score = a, score
        if best is not None and self._mistake() and self.rng.random() < 0.5:
            return pass_   # too slow to notice
        return best or pass_

    # calling ----------------------------------------------------------------------------------
    def _should_call(self, view: KabuView) -> bool:
        lv = self.level
        mine = self._mine()
        my_est = self._estimate(self.seat)
        unknown = sum(1 for p in mine if p not in self.kval)
        caution = lv.caution
        low = self.cfg["call_low"] * (1.5 - caution)
        if self.my_turns >= 2 and unknown == 0 and my_est <= low:
            return True
        rivals = [self._estimate(s) for s in range(self.seats) if s != self.seat and self.occupied.get(s)]
        if not rivals or self.my_turns < 2:
            return False
        margin = self.cfg["call_margin"] * (0.5 + caution) + 1.5 * unknown * caution
        margin -= self.cfg["call_pressure"] * max(0, self.my_turns - 4)
        if lv.skill < 0.4:
            # A simple rule: call once its hand looks small enough.
            return my_est <= 10 + 0.8 * max(0, self.my_turns - 4) - 6 * caution
        return my_est <= min(rivals) - max(0.0, margin)
