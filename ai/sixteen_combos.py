"""16 Combos bots: easy, medium and hard from one model with level parameters.

A bot sees only its seat's SixteenCombosView (passed to decide) and its redacted events (passed to
observe); all its randomness is its own random.Random(seed).

What it knows: its own pairs (it placed them), what lies face up, the counters on changed values,
and what checks announced: every check names the target pair's current value, and the bot keeps
that number at the pair's place in a game.core.memory.TableMemory with its level's Recall, so it
follows the pair when pairs change places and forgets it the way its level forgets cards. The hard
bot also counts the action cards it has seen since the last reshuffle, so its idea of the next draw
is sharper.

How it decides:
- Placement: the highest value cards go to the right, where the defense pair is (the pair attacked
  first, and each next pair to its left takes over); an extra card (rules E/F) goes where it adds the
  most below 14, the defense first.
- Its turn: every target it may pick and every action type it may announce gets an expected worth
  from the chances of each outcome (the draw's distribution against the known value, or against the
  deal deck's when unknown): a defeat is worth a pair (more when it knocks a character out) plus what
  the combo gives (Steal and Hire Assassin much, Bribe less than nothing); damage is worth a little
  per point; a critical failure costs its reaction and the counter it invites (judged from the
  target's value against its own defense). A type held once counts only when the draw will match.
  It passes when nothing beats a bar set by the round limit's count: with a lead of two pairs a
  slightly losing action is not worth it; level or behind, only a clearly losing one is passed up
  (a stalled encounter is decided by pairs and then values, and waiting never catches up). A pass
  that costs points (the Pass cost option) lowers the bar by what those points are worth to its
  defense pair, and never below losing that pair: it would rather attack a fortress than pass its
  last pair away. So it keeps attacking a character that only passes, whose defense pair wears
  down turn by turn until its draws bite.
- Reactions: it always takes its consultation pair as the shield (it is gone after this either
  way); it changes a target pair's type or swaps its cards when that lowers what the attacker can
  expect by more than keeping its reaction for a counter is worth; it counters a critical failure
  when the counter is worth it (judged with the pair the rules counter with: its defense pair, or
  the attacked one with the "target pair" option), and takes Recovery otherwise (rule A).
- Combos: Snipe the target's strongest pair; Throw the target's weakest pair into defense; Insight
  the value card that will defend next; Defend its own defense pair; Stealth and Dodge its strongest
  pair into defense; Steal: keep the pair as its new defense unless the pair makes a strong next
  action; Bribe: take the wild card; Hire Guard: decline (no gain it can judge); Scavenge: the larger
  of the sum and the waste; a face card: the action type with the better expected worth.
- Lower levels forget more, count no cards, and make mistakes (a random legal choice) at their
  level's rate; in-turn moves take thinking time, reactions a reaction delay.
"""

from __future__ import annotations

import random
from typing import Any

from ai.levels import Level
from ai.reasons import Reason, reason
from game.core.actions import Action, Pass
from game.core.cards import Card
from game.core.events import CardMoved, DeckReshuffled, Event, RoundStarted
from game.core.memory import TableMemory
from game.core.session import Intent
from game.variants.sixteen_combos import (CAVEATS, COMBOS, FIN, MAX_VALUE, STR, TYPES, VIT, WTH, Announce,
                                          ChangeStance, ChooseDefense, Checked, Consult, Counter, Decide, FaceType,
                                          HireGuard, PassTurn, PickPair, PlaceValue, Recover, Retype, Reveal,
                                          Scavenge, SixteenCombosView, SwapPair, Target, Throw, card_value,
                                          value_place)

# What a defeat's combo is worth to the attacker, in pairs (a defeated pair is worth 1).
COMBO_WORTH = {
    "Poison": 0.45, "Hire Assassin": 0.8, "Throw": 0.15, "Insight": 0.1,
    "Scavenge": 0.35, "Bribe": -0.25, "Steal": 1.0, "Snipe": 0.25,
    "Defend": 0.2, "Hire Guard": 0.0, "Grapple": 0.6, "Stealth": 0.15,
    "Adrenaline": 0.35, "Consultation": 0.4, "Shove": 0.25, "Dodge": 0.1,
}
PASSIVE = frozenset(name for name, caveats in CAVEATS.items() if "Passive" in caveats)
INCAP = frozenset(name for name, caveats in CAVEATS.items() if "Incapacitated" in caveats)
PER_POINT = 0.06          # worth of one point of damage to a pair of its own (a counter's threat)
DAMAGE = 0.8              # worth of damaging a pair by its whole value (short of a defeat)
KNOCK_OUT = 0.8           # extra worth of taking a character's last pair
LOST_REACTION = 0.15      # cost of losing the reaction for the round
KEEP_REACTION = 0.12      # what an unused reaction is worth (a counter may come)
INCAP_WORTH = 0.25        # a target that sits out a turn

# The deal deck's values (a card of unknown value on the table is one of these).
_DEAL_VALUES = [card_value(Card(0, r, "h")) for r in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K")]
_UNKNOWN = {v: _DEAL_VALUES.count(v) / len(_DEAL_VALUES) for v in set(_DEAL_VALUES)}


def _value_of_rank(rank: Any) -> int:
    return rank if isinstance(rank, int) else card_value(Card(0, rank, "h"))


class SixteenCombosBot:
    def __init__(self, level: Level, seed: int = 0, stall: bool = False, **tweaks: Any):
        if tweaks:
            raise ValueError(f"unknown 16 Combos bot tweak(s): {', '.join(sorted(tweaks))}")
        self.level = level
        self.stall = stall         # the benchmark's staller: passes every turn, plays its level otherwise
        self.rng = random.Random(seed)
        self.count_cards = level.skill >= 0.9
        self.seat = 0
        self.seats = 0
        self.options: dict[str, Any] = {}
        self.fallbacks = 0
        self.last_reason: Reason | None = None   # why (the coach words it)
        self.memory = TableMemory(0, level.recall, random.Random(seed ^ 0x5C), values=tuple(range(1, 15)))
        self.seen_draws: dict[int, int] = {}
        self.jokers = False

    # -- the agent protocol ---------------------------------------------------------------------------
    def begin(self, seat: int, game_type: Any, seats: int, options: dict[str, Any]) -> None:
        self.seat, self.seats, self.options = seat, seats, dict(options)
        self.memory.seat = seat
        self.jokers = bool(options.get("jokers"))

    def observe(self, events: list[Event]) -> None:
        memory = self.memory
        for e in events:
            memory.observe(e)
            if isinstance(e, Checked) and e.slot >= 0:
                # the referee announced the target pair's value: remember it at the pair's place
                memory.remember(value_place(e.victim, e.slot), Card(-1, e.target_value, None))
            elif isinstance(e, CardMoved) and e.src.zone == "deck" and e.card is not None:
                self.seen_draws[e.card.id] = _value_of_rank(e.card.rank)
            elif isinstance(e, (DeckReshuffled, RoundStarted)):
                self.seen_draws.clear()

    def decide(self, view: SixteenCombosView, legal: list[Action], now: float) -> Intent:
        self.memory.tick(now)
        reacting = view.step in ("consult", "predict", "inform", "counter") or \
            (view.step == "combo" and view.active != self.seat)
        delay = self.level.reaction_delay(self.rng) if reacting else self.level.think_delay(self.rng)
        if view.step == "place":
            delay = min(delay, 0.5)
        if self.stall and PassTurn(self.seat) in legal:
            return Intent(PassTurn(self.seat), delay)
        if len(legal) > 1 and self.rng.random() < self.level.mistake_rate and view.step != "place":
            return self._waiting_out(view, Intent(self.rng.choice(legal), delay), now)
        try:
            action = self._choose(view, legal)
        except (LookupError, ValueError, ZeroDivisionError):
            action = None
        if action is None or action not in legal:
            self.fallbacks += 1
            action = legal[-1]
        return self._waiting_out(view, Intent(action, delay), now)

    @staticmethod
    def _waiting_out(view: SixteenCombosView, intent: Intent, now: float) -> Intent:
        """Under a reaction clock a target with no reaction is not asked and its prompt runs out
        (the Session lets a lone pass wait for the deadline); one that declines lets it run out
        too, so how long the turn waits tells nobody which it was."""
        if view.deadline is not None and view.step in ("predict", "inform") and isinstance(intent.action, Pass):
            return Intent(intent.action, max(intent.delay, view.deadline - now + 0.001))
        return intent

    # -- what it knows ---------------------------------------------------------------------------------
    def _draw_dist(self) -> dict[int, float]:
        counts: dict[int, int] = {}
        for v in range(2, 11):
            counts[v] = 4
        counts[11], counts[12], counts[13] = 4, 8, 4
        if self.jokers:
            counts[14] = 2
        if self.count_cards:
            for value in self.seen_draws.values():
                if counts.get(value, 0) > 1:
                    counts[value] -= 1
        total = sum(counts.values())
        return {v: c / total for v, c in counts.items()}

    def _value(self, view: SixteenCombosView, seat: int, slot: int) -> int | None:
        pv = view.pairs[seat][slot]
        if pv is None:
            return None
        if pv.value is not None:
            return pv.value
        card = self.memory.get(value_place(seat, slot))
        return _value_of_rank(card.rank) if card is not None else None

    @staticmethod
    def _stats(dist: dict[int, float], target: int | None) -> tuple[float, float, float]:
        """(chance of a defeat, expected share of the pair's value damaged, chance of a critical failure)."""
        targets = {target: 1.0} if target is not None else _UNKNOWN
        p_def = dmg = p_crit = 0.0
        for t, pt in targets.items():
            for v, pv in dist.items():
                diff = v - t
                p = pt * pv
                if diff >= 6:
                    p_def += p
                elif diff >= 1:
                    if diff >= t:
                        p_def += p   # worn down
                    else:
                        dmg += p * diff / t   # the share of the pair's value taken off
                elif diff <= -6:
                    p_crit += p
        return p_def, dmg, p_crit

    def _my_defense_value(self, view: SixteenCombosView) -> int:
        row = view.pairs[self.seat]
        for pv in reversed(row):
            if pv is not None:
                return pv.value or 0
        return 0

    def _worth(self, view: SixteenCombosView, victim: int, slot: int, atype: str, dist: dict[int, float],
               target_type: str | None = None, target_value: int | None = None) -> float:
        pv = view.pairs[victim][slot]
        if pv is None:
            return -1.0
        ttype = target_type or pv.type
        tval = target_value if target_value is not None else self._value(view, victim, slot)
        p_def, dmg, p_crit = self._stats(dist, tval)
        pairs_left = sum(1 for p in view.pairs[victim] if p is not None)
        if ttype is None:
            combos = [COMBOS[t][atype] for t in TYPES]
        else:
            combos = [COMBOS[ttype][atype]]
        worth = 0.0
        for combo in combos:
            w = COMBO_WORTH[combo]
            if combo not in PASSIVE:
                w += 1.0 + (KNOCK_OUT if pairs_left == 1 else 0.0)
            part = p_def * w + (0.0 if combo in PASSIVE else dmg * DAMAGE)
            if combo in INCAP:
                part += (p_def + min(1.0, dmg * 3)) * INCAP_WORTH
            worth += part / len(combos)
        if p_crit:
            penalty = LOST_REACTION
            if not view.reacted[victim] and not view.incapacitated[victim]:
                t = self._counter_value(view, victim, tval)
                diff = (t if t is not None else 9) - self._my_defense_value(view)
                penalty += 1.0 if diff >= 6 else PER_POINT * diff if diff > 0 else 0.0
            worth -= p_crit * penalty
        return worth

    def _counter_value(self, view: SixteenCombosView, victim: int, target_value: int | None) -> int | None:
        """The value `victim` would counter with: its defense pair's (the printed rule), or the
        attacked pair's with the "target pair" option."""
        if view.options.get("counter_with", "defense pair") != "defense pair":
            return target_value
        slots = [i for i, p in enumerate(view.pairs[victim]) if p is not None]
        return self._value(view, victim, slots[-1]) if slots else None

    def _pass_worth(self, view: SixteenCombosView) -> float:
        """What passing now costs this seat (Pass cost): the points off its defense pair, worth as
        much as damage to a pair is to an attacker; the whole pair if they wear it down, and the
        encounter too if it is the last one."""
        cost = view.pass_cost
        if not cost:
            return 0.0
        slots = [i for i, p in enumerate(view.pairs[self.seat]) if p is not None]
        value = self._value(view, self.seat, slots[-1]) or 1
        if value <= cost:
            return -(1.0 + (KNOCK_OUT + 1.0 if len(slots) == 1 else 0.0))
        return -DAMAGE * cost / value

    def _types(self, view: SixteenCombosView) -> tuple[list[str], list[str]]:
        counts = {t: 0 for t in TYPES}
        for pv in view.pairs[self.seat]:
            if pv is not None and pv.values:
                top = pv.values[-1]
                if isinstance(top, Card):
                    for t in ((FIN, VIT) if top.rank == "joker" else (top.suit,)):
                        counts[t] += 1
        return [t for t in TYPES if counts[t] >= 2], [t for t in TYPES if counts[t] == 1]

    def _type_worths(self, view: SixteenCombosView, victim: int, slot: int, dist: dict[int, float]) -> dict[str, float]:
        sure, once = self._types(view)
        out = {}
        for t in sure:
            out[t] = self._worth(view, victim, slot, t, dist)
        for t in once:
            worth = 0.25 * self._worth(view, victim, slot, t, dist)   # the draw must match the suit
            if worth > 0.01:
                out[t] = worth
        return out

    # -- choices ---------------------------------------------------------------------------------------
    def _choose(self, view: SixteenCombosView, legal: list[Action]) -> Action | None:
        step = view.step
        first = legal[0]
        if isinstance(first, PlaceValue):
            return self._place(view, legal)
        if isinstance(first, ChooseDefense):
            return max(legal, key=lambda a: self._value(view, self.seat, a.pair.index) or 0)  # type: ignore[attr-defined]
        if step == "target":
            return self._target(view, legal)
        if step == "type":
            return self._announce(view, legal)
        if step == "consult":
            return Consult(self.seat, True)
        if step in ("predict", "inform"):
            return self._react(view, legal)
        if step == "face":
            return self._face(view, legal)
        if step == "scavenge":
            return self._scavenge(view, legal)
        if step == "counter":
            return self._counter(view, legal)
        if step == "combo":
            return self._combo(view, legal)
        if step == "stance":
            return self._stance(view, legal)
        return None

    def _place(self, view: SixteenCombosView, legal: list[Action]) -> Action:
        if self.level.skill < 0.3:
            return self.rng.choice(legal)
        hand = view.hand
        best = max(range(len(hand)), key=lambda i: (card_value(hand[i]), -i))
        moves = [a for a in legal if a.card.index == best]  # type: ignore[attr-defined]
        row = view.pairs[self.seat]
        empty = [a for a in moves if row[a.pair.index] is not None and not row[a.pair.index].values]  # type: ignore[attr-defined]
        if empty:
            return max(empty, key=lambda a: a.pair.index)  # type: ignore[attr-defined]
        # the extra card: where it adds most below 14, the defense first
        def gain(a: Any) -> tuple[int, int]:
            pv = row[a.pair.index]
            have = pv.value or 0
            return (min(MAX_VALUE, have + card_value(hand[best])) - have, a.pair.index)
        return max(moves, key=gain)

    def _target(self, view: SixteenCombosView, legal: list[Action]) -> Action | None:
        dist = self._draw_dist()
        fixed = self._fixed(view)
        best, best_worth = None, 0.0
        for action in legal:
            if not isinstance(action, Target):
                continue
            victim, slot = action.pair.seat, action.pair.index
            if fixed is not None:
                atype, value = fixed
                worth = self._worth(view, victim, slot, atype, {value: 1.0})
            else:
                worths = self._type_worths(view, victim, slot, dist)
                worth = max(worths.values()) if worths else -1.0
            if best is None or worth > best_worth:
                best, best_worth = action, worth
        if best is not None and (best_worth > self._pass_bar(view) or fixed is not None
                                 or PassTurn(self.seat) not in legal):
            value = self._value(view, best.pair.seat, best.pair.index)
            self.last_reason = (reason("sixteen_combos.target_value", value=value) if value is not None
                                else reason("sixteen_combos.target_best"))
            return best
        self.last_reason = reason("sixteen_combos.pass")
        return PassTurn(self.seat)

    def _pass_bar(self, view: SixteenCombosView) -> float:
        """How much an action must be worth to beat passing. The round limit counts pairs (then
        values): well ahead, a risky action is not needed; level or behind, a slightly losing one
        still is, the more so as the limit nears."""
        def standing(seat: int) -> int:
            return sum(1 for p in view.pairs[seat] if p is not None)
        mine = standing(self.seat)
        lead = min((mine - standing(s) for s in range(view.seats) if s != self.seat and not view.out[s]), default=0)
        late = view.encounter_round >= 0.6 * self.options.get("round_limit", 40)
        bar = -0.05 if lead >= 2 else -0.15 if lead == 1 else -0.3 if lead == 0 else -0.4
        return (bar - 0.05 if late and lead <= 0 else bar) + self._pass_worth(view)

    def _fixed(self, view: SixteenCombosView) -> tuple[str, int] | None:
        """A shove or a stolen pair fixes the type and value of the next action."""
        if "shoved" in view.statuses[self.seat]:
            row = view.pairs[self.seat]
            for pv in reversed(row):
                if pv is not None:
                    return pv.type or STR, pv.value or 0
        mine = view.aside[self.seat]
        if mine is not None and "stolen pair" in view.statuses[self.seat]:
            return mine.type or WTH, mine.value or 0
        return None

    def _announce(self, view: SixteenCombosView, legal: list[Action]) -> Action:
        victim, slot = view.victim, view.target_slot
        dist = self._draw_dist()
        worths = self._type_worths(view, victim, slot, dist)  # type: ignore[arg-type]
        best, best_worth = PassTurn(self.seat), self._pass_bar(view)
        wild = view.wilds[self.seat]
        for action in legal:
            if not isinstance(action, Announce):
                continue
            if action.wild and wild is not None:
                worth = self._worth(view, victim, slot, action.atype, {card_value(wild): 1.0})  # type: ignore[arg-type]
                worth -= 0.1   # a wild card spent is a wild card gone
            else:
                worth = worths.get(action.atype, -1.0)
            if worth > best_worth:
                best, best_worth = action, worth
        if isinstance(best, Announce):
            self.last_reason = reason("sixteen_combos.announce")
        return best

    def _face(self, view: SixteenCombosView, legal: list[Action]) -> Action:
        value = view.action_value or 0
        card = view.action_cards[-1] if view.action_cards else None
        sure, _ = self._types(view)
        keep_type = view.action_type
        keep = self._worth(view, view.victim, view.target_slot, keep_type, {value: 1.0})  # type: ignore[arg-type]
        if keep_type not in sure and (card is None or card.suit != keep_type):
            keep = 0.0   # it would fizzle
        best: Action = Pass(self.seat)
        for action in legal:
            if isinstance(action, FaceType):
                worth = self._worth(view, view.victim, view.target_slot, action.to, {value: 1.0})  # type: ignore[arg-type]
                if worth > keep:
                    best, keep = action, worth
        return best

    def _scavenge(self, view: SixteenCombosView, legal: list[Action]) -> Action:
        total = sum(card_value(c) for c in view.action_cards)
        waste = card_value(view.waste[-1]) if view.waste else 0
        return Scavenge(self.seat, True) if waste > total and Scavenge(self.seat, True) in legal else Scavenge(self.seat, False)

    def _attacker_worth(self, view: SixteenCombosView, ttype: str, tvalue: int) -> float:
        """What the attacker can expect against this seat's target pair with this type and value."""
        atype = view.action_type
        if view.step == "inform" and view.action_value is not None:
            dist = {view.action_value: 1.0}
        else:
            dist = self._draw_dist()
        return self._worth(view, self.seat, view.target_slot if view.target_slot is not None else 0, atype,  # type: ignore[arg-type]
                           dist, target_type=ttype, target_value=tvalue)

    def _react(self, view: SixteenCombosView, legal: list[Action]) -> Action:
        pv = self._my_target(view)
        if pv is None or view.action_type is None:
            return Pass(self.seat)
        now = self._attacker_worth(view, pv.type or STR, pv.value or 0)
        best: Action = Pass(self.seat)
        best_worth = now - KEEP_REACTION
        for action in legal:
            if isinstance(action, Retype):
                worth = self._attacker_worth(view, action.to, pv.value or 0)
            elif isinstance(action, SwapPair):
                tc, vc = pv.type_card, pv.values[0] if pv.values else None
                if not isinstance(tc, Card) or not isinstance(vc, Card):
                    continue
                worth = self._attacker_worth(view, vc.suit or FIN, card_value(tc))
            else:
                continue
            if worth < best_worth:
                best, best_worth = action, worth
        return best

    def _my_target(self, view: SixteenCombosView) -> Any:
        if view.victim != self.seat:
            return None
        if view.consulting:
            return view.consults[self.seat]
        mine = view.pairs[self.seat]
        slot = view.target_slot
        return mine[slot] if slot is not None and 0 <= slot < len(mine) else None

    def _counter(self, view: SixteenCombosView, legal: list[Action]) -> Action:
        counter = next((a for a in legal if isinstance(a, Counter)), None)
        worth = -1.0
        if counter is not None and view.active is not None:
            pv = self._counter_pair(view)
            attacker = view.active
            slots = [i for i, p in enumerate(view.pairs[attacker]) if p is not None]
            if pv is not None and slots:
                worth = self._worth(view, attacker, slots[-1], pv.type or STR, {pv.value or 0: 1.0})
        recovers = [a for a in legal if isinstance(a, Recover)]
        if recovers:
            card = view.action_cards[-1] if view.action_cards else None
            if card is not None:
                gain_best, pick = 0.0, None
                for a in recovers:
                    have = self._value(view, self.seat, a.pair.index) or 0
                    gain = min(MAX_VALUE, have + card_value(card)) - have
                    bonus = 1.5 if a.pair.index == max(i for i, p in enumerate(view.pairs[self.seat]) if p is not None) else 1.0
                    if gain * bonus > gain_best:
                        gain_best, pick = gain * bonus, a
                if pick is not None and gain_best * PER_POINT * 2 > worth:
                    return pick
        if counter is not None and worth > 0:
            return counter
        return Pass(self.seat)

    def _counter_pair(self, view: SixteenCombosView) -> Any:
        """The pair this seat would counter with (see _counter_value)."""
        mine = view.pairs[self.seat]
        if view.options.get("counter_with", "defense pair") == "defense pair":
            return next((p for p in reversed(mine) if p is not None), None)
        slot = view.target_slot
        return mine[slot] if slot is not None and 0 <= slot < len(mine) else None

    def _combo(self, view: SixteenCombosView, legal: list[Action]) -> Action:
        first = legal[0]
        me = self.seat
        if isinstance(first, Decide):
            if view.active != me:      # Bribe: take the wild card
                return Decide(me, True)
            check = view.last_check
            value = check.target_value if check is not None else 0
            return Decide(me, value < 12)   # Steal: keep it, unless it makes a strong next action
        if isinstance(first, Throw):
            victim = first.a.seat
            slots = [i for i, p in enumerate(view.pairs[victim]) if p is not None]
            weakest = min(slots, key=lambda i: self._value(view, victim, i) or 7.5)
            if weakest == slots[-1]:
                return Pass(me)
            a, b = sorted((weakest, slots[-1]))
            pick = next((x for x in legal if isinstance(x, Throw) and (x.a.index, x.b.index) == (a, b)), None)
            return pick or Pass(me)
        if isinstance(first, Reveal):
            victim = first.card.seat
            slots = [i for i, p in enumerate(view.pairs[victim]) if p is not None]
            for slot in reversed(slots):
                for a in legal:
                    if isinstance(a, Reveal) and a.card == value_place(victim, slot):
                        return a
            return first
        if isinstance(first, HireGuard):
            return Pass(me)
        if isinstance(first, PickPair):
            picks = [a for a in legal if isinstance(a, PickPair)]
            if picks[0].pair.seat != me:      # Snipe: the strongest pair
                return max(picks, key=lambda a: (self._value(view, a.pair.seat, a.pair.index) or 7.5, a.pair.index))
            mine = [i for i, p in enumerate(view.pairs[me]) if p is not None]
            defense = mine[-1]
            if any(a.pair.index == defense for a in picks):   # Defend: raise the defense pair
                return next(a for a in picks if a.pair.index == defense)
            best = max(picks, key=lambda a: self._value(view, me, a.pair.index) or 0)   # Stealth / Dodge
            if (self._value(view, me, best.pair.index) or 0) > (self._value(view, me, defense) or 0):
                return best
            return Pass(me)
        return Pass(me) if Pass(me) in legal else first

    def _stance(self, view: SixteenCombosView, legal: list[Action]) -> Action:
        mine = [i for i, p in enumerate(view.pairs[self.seat]) if p is not None]
        defense_value = self._value(view, self.seat, mine[-1]) or 0
        best = max((a for a in legal if isinstance(a, ChangeStance)),
                   key=lambda a: self._value(view, self.seat, a.pair.index) or 0, default=None)
        if best is not None and (self._value(view, self.seat, best.pair.index) or 0) > defense_value + 2:
            return best
        return Pass(self.seat)
