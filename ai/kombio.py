"""Kombio bots: easy, medium and hard from one model with level parameters.

A bot sees only its seat's KombioView (passed to decide) and its redacted events (passed to
observe). Everything it knows about face-down cards it remembers itself, in a TableMemory built
from those events, with its level's recall (game.core.memory's model of how people forget). All its randomness comes
from its own random.Random(seed).

How it decides (the hard bot; the lower levels use the same machinery with worse memory, more
mistakes, slower reactions and a simpler call rule):
- Values. A remembered card is worth its value; an unknown card of its own is worth the mean of the
  cards it has not located (the 70-card deck list minus remembered table cards and the discard pile);
  an opponent's unknown card a little less (opponents keep their low cards).
- Turn. Take the discard when exchanging it gains more than the expected gain of a deck draw (the
  best of exchanging or using the ability, averaged over the unseen cards). A drawn card is exchanged
  into the slot it improves most, or played for its ability when that is worth more.
- Abilities. 7/8 look at an own unknown card; 9/10 look at an unknown card of the opponent most likely
  to win the round; 11/12 blind-swap its highest card with an opponent's lowest; 13 looks at the card
  that promises the largest swap gain, then swaps if it pays; 14 looks at its highest and an
  opponent's lowest card and swaps them if that gains.
- Out of turn. Matches a card it remembers with the value of the top discard: its own (not a -1), or
  an opponent's (then gives away its worst card). After a wrong claim on its card, the claimer takes
  the card when that card is bad for it to keep.
- KOMBIO. Its chance of ending strictly lowest (ties lose), worked out over the unseen cards: its
  own unknown cards, the opponents' unknown cards (a little better than a random draw) and each
  opponent's last turn. It calls when that chance beats a threshold set by its caution, the gain it
  expects from waiting and how long the round has run.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import lru_cache
from itertools import compress, repeat
from math import ceil, erfc
from operator import attrgetter, mul
from typing import Any, Iterable

from ai.grid_bot import GridBot, listed
from ai.levels import Level
from ai.reasons import Reason, reason
from game.core.actions import Action, Pass
from game.core.cards import Place, grid_place
from game.variants.kombio import (ABILITY, DECK_CARDS, DRAWN, GIVE, LOOK_BOTH, LOOK_SWAP, PENALTY_CHOICE, REACTION,
                                  TAKEN, TURN, CallKombio, DecidePenalty, DrawFromDeck, Exchange, Give, KombioView,
                                  LookAny, LookOpponent, LookOwn, Match, PlayDrawn, SkipAbility, SwapBoth, SwapLooked,
                                  TakeDiscard, blind_swap_action, look_two_action, pass_action)

_RANK = attrgetter("rank")
_VALUES = tuple(sorted({c.rank for c in DECK_CARDS}))  # the values a card may be misremembered as
_DECK_COUNTS = {v: sum(1 for c in DECK_CARDS if c.rank == v) for v in _VALUES}   # lowest value first
# Each deck card's value as an index into _DECK_COUNTS' order; a card not of the deck (a confused
# memory, id -1) counts in one more slot past the values, which the pool leaves out.
_SLOT_OF = {c.id: _VALUES.index(c.rank) for c in DECK_CARDS}
_NOT_OF_DECK = len(_VALUES)


@lru_cache(maxsize=None)
def _shares(n: int) -> tuple[tuple[tuple[int, float], ...], ...]:
    """For a pool of n cards, by value (in _DECK_COUNTS' order) and by count c: (value, c / n), a
    `dist` entry (made once per pool size: a new pool only picks them)."""
    return tuple(tuple((r, c / n) for c in range(count + 1)) for r, count in _DECK_COUNTS.items())


@lru_cache(maxsize=256)
def _occupancy(grids: tuple[tuple[Any, ...], ...]) -> tuple[dict[int, list[int]], dict[int, list[Place]], set[Place]]:
    """Grids as a view shows them: each seat's occupied slots and places, and all those places
    (none is changed once made). Kept by the grids' value: the bots at a table are shown the same
    grids, and most rounds deal the same."""
    slots = {s: [i for i, c in enumerate(row) if c is not None] for s, row in enumerate(grids)}
    places = {s: [grid_place(s, i) for i in row] for s, row in slots.items()}
    return slots, places, {p for row in places.values() for p in row}


# Ranks whose ability is another's: their plans are the same.
_SAME_ABILITY = {8: 7, 10: 9, 12: 11}

# Tunable knobs (tweaks override them per bot, e.g. make_agent("kombio", "hard", 1, opp_bias=2.0)).
DEFAULTS: dict[str, Any] = {
    "memory": True,         # True: its level's recall; "perfect": forget nothing; False: remember
                            # nothing (know only what is in view right now)
    "recall": None,         # a game.core.memory.Recall instead of its level's (with memory True)
    "opp_bias": 1.6,        # an opponent's unknown card is this much below a random unseen card
    "info_own": 1.6,        # worth of learning one of its own unknown cards (7/8)
    "info_opp": 0.6,        # worth of learning an opponent's card (9/10)
    "unknown_bonus": 0.4,   # extra worth of replacing an unknown card (it becomes known)
    "call_base": 0.65,      # call threshold at caution 0.5, before the other terms
    "call_wait": 0.04,      # threshold rise per point of gain expected from one more turn
    "call_pressure": 0.012, # threshold fall per own turn after the sixth in a round
}


class KombioBot(GridBot):
    variant_name = "Kombio"
    defaults = DEFAULTS
    memory_values = _VALUES
    fallback_kinds = (Pass, SkipAbility, DrawFromDeck)

    def __init__(self, level: Level, seed: int = 0, **tweaks: Any):
        super().__init__(level, seed, **tweaks)
        self._memo: dict = {}
        self._draw_worth_now: float | None = None
        self.last_reason: Reason | None = None   # why it chose its last move (the coach words it)
        # (grids, their occupied slots and places by seat, all those places; none is changed once made)
        self._occupied: tuple[Any, dict[int, list[int]], dict[int, list[Place]], set[Place]] = ((), {}, {}, set())
        # The unseen pool: how many cards of each value (in _DECK_COUNTS' order), their shares, mean.
        self._pool_beliefs: tuple[tuple[int, ...], list[tuple[int, float]], float] = ((), [], 0.0)
        self._pair_gain: tuple[Any, float] | None = None   # (the pool beliefs it was summed for, the gain)
        self._call_cache: tuple[Any, _CallStats] | None = None   # (the pool beliefs, their call figures)

    # -- what it believes -------------------------------------------------------------------------
    def _setup_beliefs(self, view: KombioView) -> None:
        """Per-decision tables: the remembered card at each occupied place and the unseen pool."""
        self.view = view
        self._draw_worth_now: float | None = None   # computed at most once per decision
        self._memo: dict = {}     # what one decision asks many times (hands, estimates, plans)
        grids = view.grids
        if grids is not self._occupied[0]:
            # (a view's grids are one shared tuple while the table's grids look the same)
            self._occupied = (grids, *_occupancy(grids))
        _, occupied, self.places, occupied_places = self._occupied
        self.occupied = occupied
        # The remembered value of each occupied place, and what is in view right now (looked-at
        # cards during a 13/14), which always counts.
        mem = self.memory.known if self.use_memory else self.recent
        known: dict[Place, int] = {place: card.rank for place, card in mem.items()
                                   if place in occupied_places and isinstance(card.rank, int)}
        located = self.memory.located_ids() if self.use_memory else set()
        for place, card in zip(view.looked, view.looked_cards):
            if card is not None:
                if place.seat in occupied and place.index in occupied[place.seat]:
                    known[place] = card.rank  # type: ignore[assignment]
                located.add(card.id)
        self.known = known
        if view.discard_top is not None:
            located.add(view.discard_top.id)
        if view.held is not None:
            located.add(view.held.id)
        # The unseen pool: the deck's values less those of the located cards. It changes only when
        # a card is located or lost track of, so most decisions in a row share it (and the figures
        # kept with it: _call_stats, _blind_pair_gain).
        counts = [*_DECK_COUNTS.values(), 0]
        slot_of = _SLOT_OF.get
        for card_id in located:
            counts[slot_of(card_id, _NOT_OF_DECK)] -= 1
        key = tuple(counts[:_NOT_OF_DECK])
        if key != self._pool_beliefs[0]:
            n = sum(key)
            if not n:
                key, n = tuple(_DECK_COUNTS.values()), len(DECK_CARDS)
            self._pool_beliefs = (key, [row[c] for row, c in zip(_shares(n), key) if c],
                                  sum(map(mul, _VALUES, key)) / n)
        _, self.dist, self.ev = self._pool_beliefs
        self.ev_opp = self.ev - self.cfg["opp_bias"]
        self._learning_worths(view)

    @property
    def pool(self) -> tuple[int, ...]:
        """The values of the cards it has not located, lowest first (what `dist` and `ev` sum up)."""
        return tuple(r for r, c in zip(_DECK_COUNTS, self._pool_beliefs[0]) for _ in range(c))

    def _val(self, place: Place) -> float:
        v = self.known.get(place)
        if v is not None:
            return v
        return self.ev if place.seat == self.seat else self.ev_opp

    def _known_values(self) -> dict[Place, int]:
        return self.known

    def _mine(self) -> list[Place]:
        return self.places.get(self.seat, [])

    def _opp_places(self) -> list[Place]:
        opps = self._memo.get("opps")
        if opps is None:
            locked = set(self.view.locked)
            opps = self._memo["opps"] = [p for s in range(self.seats) if s != self.seat and s not in locked
                                         for p in self.places.get(s, ())]
        return opps

    def _estimate_total(self, seat: int, replace: dict[Place, float] | None = None) -> float:
        """Its estimate of a seat's hand value (with `replace` standing in for some places). A hand it
        knows in full scores as the rules score it, 14 add-ons included."""
        if not replace:
            key = ("total", seat)
            total = self._memo.get(key)
            if total is None:
                total = self._memo[key] = self._compute_total(seat, None)
            return total
        return self._compute_total(seat, replace)

    def _seat_values(self, seat: int) -> tuple[list[Place], list[float], bool]:
        """A seat's occupied places, their worth and whether it knows them all (once per decision:
        totals are asked for many times with one place replaced)."""
        key = ("values", seat)
        got = self._memo.get(key)
        if got is None:
            places = self.places.get(seat, [])
            known = self.known
            unknown = self.ev if seat == self.seat else self.ev_opp   # (_val)
            got = self._memo[key] = (places, list(map(known.get, places, repeat(unknown))),
                                     all(map(known.__contains__, places)))
        return got

    def _compute_total(self, seat: int, replace: dict[Place, float] | None) -> float:
        places, values, all_known = self._seat_values(seat)
        if replace:
            values = [replace[p] if p in replace else v for p, v in zip(places, values)]
            if seat == self.seat and not all_known:
                known = self.known
                all_known = all(p in known or p in replace for p in places)
        if seat == self.seat and all_known:
            return self._hand_value(values)
        return sum(values)

    def _hand_value(self, values: list[float]) -> float:
        """The rules' hand value of cards it knows: the 14 add-ons (both 14s alone -15, one 14 in a
        hand of exactly 25 -10) when the match plays them."""
        total = sum(values)
        if self.options.get("addons", True):
            fourteens = values.count(14)
            if fourteens == 2 and len(values) == 2:
                return -15
            if fourteens == 1 and total == 25:
                return -10
        return total

    def _worst_own(self) -> tuple[Place | None, float]:
        """The own card it would most like to be rid of, and its worth (unknowns slightly preferred
        on ties, since they might be worse than they look)."""
        if "worst" not in self._memo:
            self._memo["worst"] = self._compute_worst_own()
        return self._memo["worst"]

    def _compute_worst_own(self) -> tuple[Place | None, float]:
        best, best_v = None, -99.0
        addon = self._addon_hand()
        for p in self._mine():
            v = self._val(p) + (0.01 if p not in self.known else 0.0)
            if addon is not None:
                # A hand the add-ons score low: a card's worth is what losing it would cost.
                v = addon - self._estimate_total(self.seat, {p: self.ev}) + self._val(p)
            if v > best_v:
                best, best_v = p, v
        return best, best_v

    def _addon_hand(self) -> float | None:
        """Its own hand value when it knows the hand and the 14 add-ons score it, else None."""
        mine = self._mine()
        if not mine or any(p not in self.known for p in mine):
            return None
        values = [self.known[p] for p in mine]
        value = self._hand_value(values)
        return value if value != sum(values) else None

    def _exchange_gain(self, rank: float) -> tuple[Place | None, float]:
        key = ("exchange", rank)
        if key not in self._memo:
            self._memo[key] = self._compute_exchange_gains((rank,))[0]
        return self._memo[key]

    def _compute_exchange_gains(self, ranks: Iterable[float]) -> list[tuple[Place | None, float]]:
        """For a card of each value in `ranks`: the slot exchanging it into gains most, and the gain
        (the draw's worth asks for every value of the pool at once)."""
        now = self._estimate_total(self.seat)
        places, values, all_known = self._seat_values(self.seat)
        known = self.known
        slots = [(j, places[j], places[j] in known)
                 for j in (range(len(places)) if all_known else self._exchange_slots())]
        ev, bonus = self.ev, self.unknown_bonus
        out = []
        for rank in ranks:
            best, best_g = None, -99.0
            for j, p, is_known in slots:
                if is_known:
                    # _estimate_total(self.seat, {p: rank}), without building the replacement dict
                    # (the hand is known in full after the swap exactly when it is now: p is known)
                    swapped = values.copy()
                    swapped[j] = rank
                    g = now - (self._hand_value(swapped) if all_known else sum(swapped))
                else:
                    g = ev - rank + bonus
                if g > best_g:
                    best, best_g = p, g
            out.append((best, best_g))
        return out

    def _exchange_slots(self) -> list[int]:
        """With some own card unknown, the slots an exchange can gain most in, in slot order: the
        known cards of the highest value and the first unknown card. Any other known card gains at
        least a point less, and every unknown card gains what the first one does; the 14 add-ons
        need a hand known in full, so the gains are plain sums (the draw's worth asks this for every
        value of the pool)."""
        slots = self._memo.get("slots")
        if slots is None:
            places, values, _ = self._seat_values(self.seat)
            known = self.known
            top = max(compress(values, map(known.__contains__, places)), default=None)
            first_unknown = next(j for j, p in enumerate(places) if p not in known)
            slots = self._memo["slots"] = [j for j, p in enumerate(places)
                                           if j == first_unknown or (p in known and values[j] == top)]
        return slots

    def _e_take(self, worst_v: float) -> float:
        """What taking an opponent's unknown card for its own card worth `worst_v` is expected to
        save: the mean over one unseen card r of max(0, worst_v - (r - opp_bias))."""
        key = ("take", worst_v)
        got = self._memo.get(key)
        if got is None:
            bias = self.cfg["opp_bias"]
            # (the zero terms left out: the same sum)
            got = self._memo[key] = sum([p * d for r, p in self.dist if (d := worst_v - (r - bias)) > 0.0], 0.0)
        return got

    def _e_give(self, low_v: float) -> float:
        """What giving its own unknown card for one worth `low_v` is expected to save: the mean over
        one unseen card r of max(0, r - low_v)."""
        key = ("give", low_v)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = sum([p * d for r, p in self.dist if (d := r - low_v) > 0.0], 0.0)
        return got

    # -- ability planning -------------------------------------------------------------------------
    def _ability_plan(self, rank: int) -> tuple[float, tuple]:
        """(worth, plan) of using the ability of `rank` now."""
        key = ("ability", _SAME_ABILITY.get(rank, rank))   # a 7 plans as an 8 does, and so on
        if key not in self._memo:
            self._memo[key] = self._compute_ability_plan(rank)
        return self._memo[key]

    def _compute_ability_plan(self, rank: int) -> tuple[float, tuple]:
        mine = self._mine()
        opps = self._opp_places()
        if rank in (7, 8):
            unknown = [p for p in mine if p not in self.known]
            if not unknown or not self.info_own:
                return 0.0, ()
            return self.info_own, ("look_own", unknown[0])
        if rank in (9, 10):
            if not self.info_opp:
                return 0.0, ()
            target = self._likely_winner()
            cands = [p for p in opps if p not in self.known]
            if not cands:
                return 0.0, ()
            pref = [p for p in cands if p.seat == target]
            return self.info_opp, ("look_opp", (pref or cands)[0])
        if not mine or not opps:
            return 0.0, ()
        worst, worst_v = self._worst_own()
        low = self._memo.get("low")
        if low is None:
            low = self._memo["low"] = min(opps, key=lambda p: (self._val(p), p in self.known))
        low_v = self._val(low)
        if rank in (11, 12):
            gain = worst_v - low_v
            # Blind: an unknown on either side makes it a gamble; ask a clear edge.
            margin = 0.5 * ((worst not in self.known) + (low not in self.known))
            return gain - margin, ("blind", worst, low)
        if rank == 13:
            options: list[tuple[float, tuple]] = []
            if worst in self.known and low in self.known:
                options.append((worst_v - low_v, ("look13", low, worst)))
            # Look at an opponent's unknown card: swap it in if it is below its worst card.
            unk_opp = [p for p in opps if p not in self.known]
            if unk_opp:
                tgt = self._likely_winner()
                b = min(unk_opp, key=lambda p: (p.seat != tgt,))
                g = self._e_take(worst_v)
                options.append((g + 0.3 * self.info_opp, ("look13", b, worst)))
            # Look at its own unknown card: swap it out if above the opponent's lowest card.
            unk_mine = [p for p in mine if p not in self.known]
            if unk_mine:
                g = self._e_give(low_v)
                options.append((g + 0.5 * self.info_own, ("look13", unk_mine[0], low)))
            if worst in self.known and low not in self.known:
                options.append((worst_v - low_v - 0.5, ("look13", low, worst)))
            return max(options, key=lambda o: o[0]) if options else (0.0, ())
        if rank == 14:
            a_known, b_known = worst in self.known, low in self.known
            if a_known and b_known:
                g = max(0.0, worst_v - low_v)
            elif a_known:
                g = self._e_take(worst_v)
            elif b_known:
                g = self._e_give(low_v)
            else:
                g = self._blind_pair_gain()
            info = (0 if a_known else 0.5 * self.info_own) + (0 if b_known else 0.3 * self.info_opp)
            best14 = (g + info, ("look14", worst, low))
            unk_mine = [p for p in mine if p not in self.known]
            if a_known and unk_mine:
                # Looking at a card it already knows wastes half the look: an unknown own card
                # teaches it something and may be swapped out all the same.
                u = unk_mine[0]
                if b_known:
                    g2 = self._e_give(low_v)
                else:
                    g2 = self._blind_pair_gain()
                info2 = 0.5 * self.info_own + (0 if b_known else 0.3 * self.info_opp)
                if g2 + info2 >= best14[0]:
                    best14 = (g2 + info2, ("look14", u, low))
            return best14
        return 0.0, ()

    def _blind_pair_gain(self) -> float:
        """Expected gain of swapping an unknown own card for an unknown opponent's card: depends only
        on the unseen pool (kept with it, so it is summed once per pool, not per decision)."""
        pool = self._pool_beliefs
        cached = self._pair_gain
        if cached is None or cached[0] is not pool:
            bias = self.cfg["opp_bias"]
            dist = self.dist
            # sum(pa * pb * max(0.0, ra - rb + bias)) with the zero terms left out (the same sum):
            # they are the values rb - ra >= bias (for whole values: >= ceil(bias)), the end of
            # the (sorted) pool
            ranks = [r for r, _ in dist]
            step = ceil(bias)
            g = sum([pa * pb * (ra - rb + bias) for ra, pa in dist
                     for rb, pb in dist[:bisect_left(ranks, ra + step)]], 0.0)
            cached = self._pair_gain = (pool, g)
        return cached[1]

    def _likely_winner(self) -> int:
        if "winner" not in self._memo:
            self._memo["winner"] = self._compute_likely_winner()
        return self._memo["winner"]

    def _compute_likely_winner(self) -> int:
        opps = [s for s in range(self.seats) if s != self.seat and s not in self.view.locked
                and self.occupied.get(s)]
        if not opps:
            return -1
        return min(opps, key=lambda s: self._estimate_total(s))

    def _draw_worth(self) -> float:
        """Expected gain of drawing from the deck: the best use of each possible card."""
        if self._draw_worth_now is None:
            self._draw_worth_now = self._compute_draw_worth()
        return self._draw_worth_now

    def _compute_draw_worth(self) -> float:
        ability = {r: self._ability_plan(r)[0] for r in range(7, 15)}
        total = 0.0
        for (r, p), (_, gain) in zip(self.dist, self._compute_exchange_gains([r for r, _ in self.dist])):
            best = max(0.0, gain, ability.get(r, 0.0))
            total += p * best
        return total

    # -- choosing -------------------------------------------------------------------------------
    def _choose(self, view: KombioView, legal: list[Action]) -> Action | None:
        phase = view.phase
        if phase == REACTION and not self._may_match(view, legal):
            # Most reactions: it remembers no card of the discard's value, so it passes (what
            # _react decides then) without the beliefs a claim is weighed with.
            top = view.discard_top
            if top is not None and isinstance(top.rank, int):
                self.last_reason = reason("kombio.no_match", rank=top.rank)
            return pass_action(self.seat)   # (the very one listed: found at once)
        self._setup_beliefs(view)
        if phase == REACTION:
            return self._react(view, legal)
        if phase == TURN:
            return self._turn(view, legal)
        if phase == DRAWN:
            return self._drawn(view, legal)
        if phase == TAKEN:
            place, _ = self._exchange_gain(view.held.rank if view.held else self.ev)
            if self._mistake():
                slip = self._slip_slot(view.held.rank if view.held else self.ev)
                place = slip or place
            return Exchange(self.seat, place.index) if place else None
        if phase == ABILITY:
            return self._ability(view, legal)
        if phase == LOOK_SWAP:
            return self._look_swap(view, legal)
        if phase == LOOK_BOTH:
            return self._look_both(view, legal)
        if phase == GIVE:
            place, worst = self._worst_own()
            if self._mistake():
                place = self._slip_slot(worst - 1) or place   # a careless pick, not a known low card
            return Give(self.seat, place.index) if place else None
        if phase == PENALTY_CHOICE:
            place = view.pending_place
            v = self.known.get(place) if place is not None else None
            if v is None:
                v = self.ev
            return DecidePenalty(self.seat, v > 2)
        return None

    # turn -----------------------------------------------------------------------------------------
    def _turn(self, view: KombioView, legal: list[Action]) -> Action | None:
        kinds = {type(a): a for a in legal}
        can_draw = DrawFromDeck in kinds
        if CallKombio in kinds and (self._should_call(view) or not (can_draw or TakeDiscard in kinds)):
            self.last_reason = reason("kombio.call", total=round(self._estimate_total(self.seat)))
            return kinds[CallKombio]
        if TakeDiscard in kinds and view.discard_top is not None:
            d = view.discard_top.rank
            _, take = self._exchange_gain(d)  # type: ignore[arg-type]
            # A draw is worth 0 or more: a take of at most 0.25 never beats it (no need to work it out).
            draw = self._draw_worth() if can_draw and take > 0.25 else 0.0 if can_draw else -99.0
            choice = TakeDiscard if take > draw + 0.25 else DrawFromDeck
            self.last_reason = (reason("kombio.take_discard", rank=d, gain=round(take)) if choice is TakeDiscard
                                else reason("kombio.draw_fresh", rank=d))
            if can_draw and self._mistake():
                choice = TakeDiscard if d <= 6 and self.rng.random() < 0.5 else DrawFromDeck  # type: ignore[operator]
            if choice in kinds:
                return kinds[choice]
        if can_draw:
            self.last_reason = reason("kombio.draw_no_discard")
            return kinds[DrawFromDeck]
        return None

    def _drawn(self, view: KombioView, legal: list[Action]) -> Action | None:
        h = view.held.rank if view.held is not None else self.ev
        place, gain = self._exchange_gain(h)  # type: ignore[arg-type]
        ability = self._ability_plan(h)[0] if h in range(7, 15) else 0.0  # type: ignore[operator]
        if self._mistake():
            if self.rng.random() < 0.5:
                slip = self._slip_slot(h)
                if slip is not None:
                    return Exchange(self.seat, slip.index)
            return PlayDrawn(self.seat)
        if place is not None and gain > 0.0 and gain >= ability:
            known = self.known.get(place)
            self.last_reason = (reason("kombio.replace_known", rank=known) if known is not None
                                else reason("kombio.replace_unknown"))
            return Exchange(self.seat, place.index)
        self.last_reason = reason("kombio.play_for_ability") if ability > 0 else reason("kombio.play_no_gain")
        return PlayDrawn(self.seat)

    # abilities ------------------------------------------------------------------------------------
    def _ability(self, view: KombioView, legal: list[Action]) -> Action | None:
        rank = view.ability or 0
        if self._mistake():
            # A person's slip: a look at a card chosen carelessly, or not bothering with a blind
            # swap; never a blind swap of its own low card for an unknown one on purpose.
            return SkipAbility(self.seat) if rank in (11, 12) else self.rng.choice(legal)
        worth, plan = self._ability_plan(rank)
        if not plan or worth <= 0.0:
            return SkipAbility(self.seat)
        kind = plan[0]
        seat = self.seat
        if kind == "look_own":
            return LookOwn(seat, plan[1].index)
        if kind == "look_opp":
            return LookOpponent(seat, plan[1])
        if kind == "blind":
            a, b = plan[1], plan[2]
            act = blind_swap_action(seat, a, b)
            return act if listed(act, legal) else blind_swap_action(seat, b, a)
        if kind == "look13":
            return LookAny(seat, plan[1])
        if kind == "look14":
            a, b = plan[1], plan[2]
            act = look_two_action(seat, a, b)
            return act if listed(act, legal) else look_two_action(seat, b, a)
        return None

    def _look_swap(self, view: KombioView, legal: list[Action]) -> Action | None:
        looked = view.looked[0]
        seen = view.looked_cards[0]
        skip = SkipAbility(self.seat)
        if seen is None:
            return skip
        v = seen.rank
        if self._mistake():
            return skip   # hesitates and keeps things as they are
        if looked.seat == self.seat:
            # Its own card: swap it out for an opponent's lowest card if that gains.
            opps = [p for p in self._opp_places()]
            if not opps:
                return skip
            low = min(opps, key=lambda p: self._val(p))
            # (its hand as the rules score it, so an add-on 14 stays)
            gain = (self._estimate_total(self.seat) - self._estimate_total(self.seat, {looked: self._val(low)})
                    - (0.0 if low in self.known else 0.5))
            return SwapLooked(self.seat, low) if gain > 0.5 else skip
        # An opponent's card: take it in place of its worst card.
        others = [p for p in self._mine() if p != looked]
        if not others:
            return skip
        worst = max(others, key=lambda p: self._val(p) + (0.01 if p not in self.known else 0))
        gain = (self._estimate_total(self.seat) - self._estimate_total(self.seat, {worst: v})  # type: ignore[dict-item]
                - (0.0 if worst in self.known else 0.5))
        return SwapLooked(self.seat, worst) if gain > 0.5 else skip

    def _look_both(self, view: KombioView, legal: list[Action]) -> Action | None:
        (a, b), (ca, cb) = view.looked, view.looked_cards
        skip = SkipAbility(self.seat)
        if ca is None or cb is None:
            return skip
        if self._mistake():
            return skip   # hesitates and keeps things as they are
        if (a.seat == self.seat) == (b.seat == self.seat):
            return skip
        own, theirs = (a, cb) if a.seat == self.seat else (b, ca)
        # Its hand after the swap against now, scored as the rules score it (14 add-ons).
        gain = self._estimate_total(self.seat) - self._estimate_total(self.seat, {own: theirs.rank})
        return SwapBoth(self.seat) if gain > 0 else skip

    # out of turn ----------------------------------------------------------------------------------
    def _may_match(self, view: KombioView, legal: list[Action]) -> bool:
        """Whether some legal match names a place it believes holds the discard's value (the
        places _setup_beliefs would give that value: remembered, or in view right now)."""
        top = view.discard_top
        if top is None or not isinstance(top.rank, int):
            return False
        r = top.rank
        mem = self.memory.known if self.use_memory else self.recent
        shown = {p: c.rank for p, c in zip(view.looked, view.looked_cards) if c is not None} if view.looked else {}
        if r not in map(_RANK, mem.values()) and r not in shown.values():
            return False   # the usual case: no card of that value in mind (no legal match to look through)
        for a in legal:
            if type(a) is not Match:
                continue
            p = a.place
            v = shown.get(p)
            if v is None:
                card = mem.get(p)
                if card is None or p.zone != "grid" or not isinstance(card.rank, int):
                    continue
                v = card.rank
            if v == r:
                return True
        return False

    def _react(self, view: KombioView, legal: list[Action]) -> Action | None:
        top = view.discard_top
        pass_ = Pass(self.seat)
        if top is None or not isinstance(top.rank, int):
            return pass_
        r = top.rank
        best, best_score = None, 0.3
        mine_other = None
        for a in legal:
            if type(a) is not Match:
                continue
            p = a.place
            if self.known.get(p) != r:
                continue
            if p.seat == self.seat:
                score = r + 0.5
            else:
                if mine_other is None:
                    _, w = self._worst_own()
                    mine_other = w if self._mine() else 0.0
                score = mine_other + 0.3 * (mine_other - r)
            if score > best_score:
                best, best_score = a, score
        if best is not None and self._mistake() and self.rng.random() < 0.5:
            return pass_  # too slow to notice
        if best is not None:
            self.last_reason = reason("kombio.match_own" if best.place.seat == self.seat else "kombio.match_opponent", rank=r)
        else:
            self.last_reason = reason("kombio.no_match", rank=r)
        return best or pass_

    # calling ----------------------------------------------------------------------------------
    def _should_call(self, view: KombioView) -> bool:
        lv = self.level
        mine = self._mine()
        my_est = self._estimate_total(self.seat)
        if lv.skill < 0.4:
            # A simple rule: call once its hand looks small enough.
            limit = 9 - 4 * lv.caution + 0.5 * max(0, self.my_turns - 5)
            return self.my_turns >= 2 and my_est <= limit
        if self.my_turns < 2 and my_est > 3:
            return False
        rivals = [self._estimate_total(s) for s in range(self.seats) if s != self.seat]
        if rivals and my_est >= min(rivals):
            # Not lowest by its own estimate (ties lose): its chance is then far below a threshold
            # (at most about 0.3 in 40 matches of hard bots, none of which called), so it is not
            # worked out.
            return False
        base = (self.cfg["call_base"] + 0.3 * (lv.caution - 0.5)
                - self.cfg["call_pressure"] * max(0, self.my_turns - 6))
        wait_weight = self.cfg["call_wait"]
        # The gain of waiting only raises the threshold: below `lowest` it does not call, whatever a
        # draw is worth. A rough chance (opponents with two or more unknown cards as normals) is
        # never far from the finer one: far below, the finer one is not needed either.
        lowest = min(0.95, max(0.25, base)) if wait_weight >= 0 else 0.25
        if self._win_chance(mine, exact=1) < lowest - ROUGH_CALL_MARGIN:
            return False
        chance = self._win_chance(mine)
        if chance < lowest:
            return False
        if chance >= 0.95:
            return True   # above any threshold (no need to work out what a draw is worth)
        threshold = min(0.95, max(0.25, base + wait_weight * self._draw_worth()))
        return chance >= threshold

    def _win_chance(self, mine: list[Place], exact: int = 2) -> float:
        """Chance to end strictly lowest if it called now, over what it has not seen, worked out
        rather than sampled (_CallStats.win_chance). Its own unknown cards are random unseen cards;
        an opponent's unknown card is a little better; each opponent then has a last turn: a draw
        replaces its worst card when lower (it knows most of its hand), three times in four."""
        my_unknown = sum(1 for p in mine if p not in self.known)
        # A hand it knows in full counts as scored (14 add-ons included).
        my_known = (self._estimate_total(self.seat) if not my_unknown
                    else sum(self.known[p] for p in mine if p in self.known))
        opps = []
        for s in range(self.seats):
            if s == self.seat:
                continue
            places = self.places.get(s, [])
            kv = [self.known[p] for p in places if p in self.known]
            opps.append((sum(kv), max(kv) if kv else None, len(places) - len(kv)))
        return self._call_stats().win_chance(my_known, my_unknown, opps, exact)

    def _call_stats(self) -> "_CallStats":
        """The unseen pool's figures the call estimate uses (kept with the pool: most decisions in a
        row share it)."""
        pool = self._pool_beliefs
        cached = self._call_cache
        if cached is None or cached[0] is not pool:
            cached = self._call_cache = (pool, _CallStats(self.dist, self.cfg["opp_bias"]))
        return cached[1]


# Gauss-Hermite nodes and weights (probabilists', weights summing to 1): the average of a function
# over a normal variable in nine evaluations.
_GH_NODES = (-4.512745863399783, -3.20542900285647, -2.07684797867783, -1.0232556637891326, 0.0,
             1.0232556637891326, 2.07684797867783, 3.20542900285647, 4.512745863399783)
_GH_WEIGHTS = (2.2345844007746607e-05, 0.0027891413212317692, 0.04991640676521782, 0.24409750289493953,
               0.40634920634920635, 0.24409750289493953, 0.04991640676521782, 0.0027891413212317692,
               2.2345844007746607e-05)
# The rough call estimate (opponents with two or more unknown cards as normals) is never further
# than this from the finer one (tests/test_ai_kombio.py checks it over many hands).
ROUGH_CALL_MARGIN = 0.25
_LAST_KEEP = 0.75   # how often an opponent's last draw is kept when it is below its worst card


class _CallStats:
    """The KOMBIO call estimate's view of one unseen pool: one card's distribution (`dist`, value
    and share), sums of a few such cards, and an opponent's end total."""

    def __init__(self, dist: list[tuple[int, float]], bias: float):
        self.dist = dist
        self.bias = bias
        self.mean = sum(r * p for r, p in dist)
        self.var = max(0.0, sum(r * r * p for r, p in dist) - self.mean ** 2)
        cdf, run = [], 0.0
        for _, p in dist:
            run += p
            cdf.append(run)
        self.cdf = cdf
        self._cdf0 = [0.0] + cdf   # the chance of a value below each value (then cdf_at is one lookup)
        self.ranks = [r for r, _ in dist]
        self._shares: dict[int, list[float]] = {}
        self._worst_gains: tuple[list[float], list[tuple[float, float]]] | None = None
        self._sum_max: dict[int, list] = {}
        # Running sums of share, share * value and share * value^2 below each value: what a draw
        # saves on a card is read from them (its mean and mean square) without a loop.
        below = [(0.0, 0.0, 0.0)]
        for r, p in dist:
            b0, b1, b2 = below[-1]
            below.append((b0 + p, b1 + p * r, b2 + p * r * r))
        self._below = below
        self._opponents: dict[tuple, Any] = {}
        self._sums: dict[int, list[tuple[float, float]]] = {}

    def cdf_at(self, x: float) -> float:
        """The chance one unseen card is at most x."""
        return self._cdf0[bisect_right(self.ranks, x)]

    def _top_shares(self, unknown: int) -> list[float]:
        """For each value r, the chance it is the highest of `unknown` unseen cards."""
        shares = self._shares.get(unknown)
        if shares is None:
            shares = self._shares[unknown] = [c ** unknown - b ** unknown for b, c in zip(self._cdf0, self.cdf)]
        return shares

    def _draw_gains(self) -> tuple[list[float], list[tuple[float, float]]]:
        """For each value r: an opponent's unknown card of that value (r less the bias), and what
        a last draw saves on it (_gain)."""
        if self._worst_gains is None:
            worst = [r - self.bias for r in self.ranks]
            self._worst_gains = (worst, [self._gain(w) for w in worst])
        return self._worst_gains

    def sum_max(self, unknown: int) -> list[tuple[tuple[int, int], float]]:
        """The sum and highest value of `unknown` unseen cards (drawn independently), with chances."""
        got = self._sum_max.get(unknown)
        if got is None:
            got = self._sum_max[unknown] = (
                [((r, r), p) for r, p in self.dist] if unknown == 1    # (one card: its value, its share)
                else self._two_cards() if unknown == 2 else self.sum_max_stepwise(unknown))
        return got

    def sum_max_stepwise(self, unknown: int) -> list[tuple[tuple[int, int], float]]:
        """sum_max worked out one card at a time."""
        acc: dict[tuple[int, int], float] = {(0, -99): 1.0}
        for _ in range(unknown):
            nxt: dict[tuple[int, int], float] = {}
            for (s, m), q in acc.items():
                for r, p in self.dist:
                    key = (s + r, r if r > m else m)
                    nxt[key] = nxt.get(key, 0.0) + q * p
            acc = nxt
        return list(acc.items())

    def _two_cards(self) -> list[tuple[tuple[int, int], float]]:
        """sum_max(2) listed directly, the very list the stepwise one gives: the pair x <= y is
        the state (x + y, y), first reached from x; its chance p_x * p_y is reached once from each
        card when x < y (0.0 + v + v is 2 * v exactly)."""
        dist = self.dist
        got = []
        for i, (x, px) in enumerate(dist):
            got.append(((x + x, x), px * px))
            got.extend([((x + y, y), 2.0 * (px * py)) for y, py in dist[i + 1:]])
        return got

    def _gain(self, worst: float) -> tuple[float, float]:
        """Mean and mean square of what a last draw saves by replacing a card worth `worst` (zero
        when the draw is not lower), before the chance it is kept."""
        p, pr, prr = self._below[bisect_left(self.ranks, worst)]
        return worst * p - pr, worst * worst * p - 2.0 * worst * pr + prr

    def win_chance(self, my_known: float, my_unknown: int, opponents: list[tuple[int, int | None, int]],
                   exact: int = 2) -> float:
        """The chance that a hand of `my_known` plus `my_unknown` unseen cards ends strictly below
        every opponent (known sum, highest known card or None, unknown cards) after their last
        turns. Opponents with at most `exact` unknown cards are worked out exactly, the others as
        normals. Totals are independent given the pool: the chance is the average over its own
        total of the product of each opponent's chance to end above it (ties lose)."""
        above = []
        for known_sum, known_max, unknown in opponents:
            if known_max is None and not unknown:
                return 0.0   # an empty grid scores 0 or less: it cannot be beaten
            above.append(self.opponent(known_sum, known_max, unknown, exact))
        chance = 0.0
        for total, weight in self.own_totals(my_known, my_unknown):
            q = weight
            for f in above:
                q *= f(total)
                if q < 1e-12:
                    break
            chance += q
        return min(1.0, max(0.0, chance))

    def own_totals(self, known: float, unknown: int) -> list[tuple[float, float]]:
        """Its own end total (known part plus `unknown` random unseen cards): (total, weight) pairs,
        exact for up to two unknown cards, nine normal quantiles beyond."""
        if unknown == 0:
            return [(known, 1.0)]
        if unknown <= 2:
            sums = self._sums.get(unknown)
            if sums is None:
                if unknown == 1:
                    sums = [(float(r), p) for r, p in self.dist]
                else:
                    acc: dict[int, float] = {}
                    for ra, pa in self.dist:
                        for rb, pb in self.dist:
                            acc[ra + rb] = acc.get(ra + rb, 0.0) + pa * pb
                    sums = sorted((float(r), p) for r, p in acc.items())
                self._sums[unknown] = sums
            return [(known + r, p) for r, p in sums]
        mean = known + unknown * self.mean
        sd = (unknown * self.var) ** 0.5
        return [(mean + sd * x, w) for x, w in zip(_GH_NODES, _GH_WEIGHTS)]

    def opponent(self, known_sum: int, known_max: int | None, unknown: int, exact: int):
        """An opponent's chance to end above a total t, as a function of t. Its total: its known
        cards, its unknown cards (each a random unseen card less the bias), less what its last draw
        saves. Exact when it has no unknown card; a normal with the same mean and variance
        otherwise."""
        key = (known_sum, known_max, unknown if unknown <= exact else -unknown)
        f = self._opponents.get(key)
        if f is not None:
            return f
        if unknown == 0:
            # Its total is known_sum, or known_sum less (its worst - a lower draw) when it keeps one.
            worst = known_max if known_max is not None else -99
            outcomes: dict[float, float] = {float(known_sum): 1.0 - _LAST_KEEP}
            for r, p in self.dist:
                v = float(known_sum - max(0, worst - r))
                outcomes[v] = outcomes.get(v, 0.0) + _LAST_KEEP * p
            values = sorted(outcomes)
            tail, run = [0.0] * len(values), 0.0
            for i in range(len(values) - 1, -1, -1):
                run += outcomes[values[i]]
                tail[i] = run

            def f(t: float, values=values, tail=tail) -> float:
                i = bisect_right(values, t)
                return tail[i] if i < len(tail) else 0.0
        elif unknown <= exact:
            # Every way its unknown cards may fall: (total before the last turn, worst card, chance).
            # It ends above t when the draw leaves it above t: the draw is not kept or saves less
            # than total - t, i.e. the draw is above worst - (total - t).
            base = known_sum - self.bias * unknown
            floor = known_max if known_max is not None else -99
            # (kept as (total, worst - total, chance): the draw must be above that plus t)
            states = []
            for (s, m), p in self.sum_max(unknown):
                b = base + s
                states.append((b, max(floor, m - self.bias) - b, p))
            ranks, cdf = self.ranks, self._cdf0
            known: dict[float, float] = {}   # the rough and the fine estimate ask for the same totals

            def f(t: float, states=states, known=known) -> float:
                out = known.get(t)
                if out is None:
                    out = known[t] = sum([p * (1.0 - _LAST_KEEP * cdf[bisect_right(ranks, d + t)])   # (cdf_at)
                                          for b, d, p in states if b > t], 0.0)
                return out
        else:
            # Its worst card after the deal: its highest known card or its highest unknown one
            # (the highest of `unknown` unseen cards, less the bias).
            bias = self.bias
            floor = known_max if known_max is not None else -99.0
            floor_gain = self._gain(floor)
            m1 = m2 = 0.0
            for share, worst, gain in zip(self._top_shares(unknown), *self._draw_gains()):
                if share <= 0.0:
                    continue
                g1, g2 = gain if worst > floor else floor_gain   # (_gain(max(floor, worst)))
                m1 += share * g1
                m2 += share * g2
            saved = _LAST_KEEP * m1
            saved_var = max(0.0, _LAST_KEEP * m2 - saved * saved)
            mean = known_sum + unknown * (self.mean - bias) - saved
            scale = ((unknown * self.var + saved_var) * 2.0) ** 0.5 or 1e-9

            def f(t: float, mean=mean, scale=scale) -> float:
                return 0.5 * erfc((t - mean) / scale)
        self._opponents[key] = f
        return f
