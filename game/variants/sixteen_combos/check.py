"""16 Combos, Rules for Playing 4 to 7: the Check (the action value against the target's current
value: defeated, damaged, missed or critical failure), what happens to the pairs (damage, defeat,
a character out), the Maximum Value of a raise, and the Discard Pile and Waste.

A combo's effect happens on a "defeated" result only (combos.py); "Incapacitated" applies on
"damaged" and "defeated" alike; a "damaged" result lowers the target's current value by the
difference, and at 0 or below the pair is defeated (game/rules/sixteen-combos.md).
"""

from __future__ import annotations

from game.core.cards import DISCARD, Card, Place
from game.core.events import PUBLIC, CardMoved, CardRevealed, CardsSwapped, Event

from .cards import WASTE, only, pair_place, seat_place, type_place, value_place
from .combos import CAVEATS, COMBOS
from .events import (CharacterOut, Checked, PairDefeated, PairsMoved, StatusChanged, ValueChanged)
from .state import Pair

OUTCOMES = ("defeated", "damaged", "missed", "critical failure")


def outcome_of(diff: int) -> str:
    if diff >= 6:
        return "defeated"
    if diff >= 1:
        return "damaged"
    if diff >= -5:
        return "missed"
    return "critical failure"


class Check:
    """Rule section: the check and what it does to the pairs (part of SixteenCombos)."""

    # -- the check -----------------------------------------------------------------------------
    def _check(self, events: list[Event], t: float) -> None:
        attack = self.attack
        assert attack is not None and attack.victim is not None and attack.value is not None
        self.deadline = None
        self.prompt_seat = None
        self.step = "check"
        seat, victim = attack.seat, attack.victim
        pair = self.target_pair()
        assert pair is not None
        combo = COMBOS[pair.type][attack.atype]  # type: ignore[index]
        diff = attack.value - pair.value
        outcome = outcome_of(diff)
        check = Checked(seat, victim, -1 if attack.consult else attack.slot, attack.atype, pair.type,  # type: ignore[arg-type]
                        attack.value, pair.value, outcome, combo, attack.counter, bool(attack.consult))
        self.last_check = check
        events.append(check)
        caveats = CAVEATS[combo]
        if attack.grapple and outcome != "critical failure":
            where = (seat_place("consult", victim), seat_place("consult", victim)) if attack.consult else \
                (type_place(victim, attack.slot), value_place(victim, attack.slot))  # type: ignore[arg-type]
            for card, place in zip((pair.type_card, pair.values[-1]), where):
                if card.id not in pair.up:
                    pair.up.add(card.id)
                    events.append(CardRevealed(place, card))
        if outcome in ("defeated", "damaged") and "Incapacitated" in caveats and not self.out[victim]:
            # a turn still to come this round is skipped; otherwise it sits out until its next turn
            self.incap[victim] = self.enc_round if victim in self.queue else -1
            events.append(StatusChanged(victim, "incapacitated"))
        if outcome == "damaged":
            if "Passive" not in caveats:
                self._damage(victim, attack.slot, diff, "damaged", events, consult=bool(attack.consult))  # type: ignore[arg-type]
            self._action_over(events, t)
        elif outcome == "missed":
            self._action_over(events, t)
        elif outcome == "critical failure":
            if not self.reacted[seat] and not attack.counter:
                events.append(StatusChanged(seat, "lost reaction"))
            self.reacted[seat] = True
            self._action_over(events, t, critical=True)
        else:
            self._combo(combo, diff, events, t)

    def _action_over(self, events: list[Event], t: float, critical: bool = False) -> None:
        attack = self.attack
        assert attack is not None
        victim = attack.victim
        # Recovery (A) may still take the action card after a critical failure: it waits in play.
        keep = critical and not attack.counter and self.options["recovery"] and bool(attack.cards)
        if not keep:
            self._discard_action_cards(events)
        if attack.fixed == "steal":
            pair = self.stolen[attack.seat]
            if pair is not None:
                self.stolen[attack.seat] = None
                events.append(StatusChanged(attack.seat, "stolen pair", False))
                self._discard_pair(pair, attack.seat, seat_place("aside", attack.seat), events)
        if attack.consult is not None and victim is not None and self.consults[victim] is not None \
                and not attack.counter:
            # the consultation pair leaves play after this one use, taken or not
            pair = self.consults[victim]
            self.consults[victim] = None
            self._discard_pair(pair, victim, seat_place("consult", victim), events)  # type: ignore[arg-type]
        if self._encounter_over(events):
            return
        if critical and not attack.counter and victim is not None and not self.out[victim] \
                and not self.reacted[victim] and not self.incapacitated(victim):
            if len(self._counter_legal(victim)) > 1:
                self._prompt("counter", victim, t)
                return
        self._discard_action_cards(events)
        if attack.counter:
            self.attack = self.after_counter
            self.after_counter = None
        self._end_turn(events)

    # -- damage and defeat ---------------------------------------------------------------------
    def _damage(self, seat: int, slot: int, amount: int, why: str, events: list[Event], consult: bool = False) -> None:
        pair = self.consults[seat] if consult else self.pair_at(seat, slot)
        if pair is None:
            return
        # A check announced the value and a pass's counter shows it (Passing costs a point); a
        # Poison spill lowers a pair nobody checked: its value stays as known as it was.
        public = why != "Poison" or pair.value_public or consult
        pair.value -= amount
        events.append(self._value_changed(seat, -1 if consult else slot, pair, -amount, why, public))
        if pair.value <= 0:
            self._remove_pair(seat, slot, "worn down", events, consult=consult)

    def _remove_pair(self, seat: int, slot: int, why: str, events: list[Event], consult: bool = False) -> None:
        if consult:
            pair = self.consults[seat]
            assert pair is not None
            self.consults[seat] = None
            events.append(PairDefeated(seat, -1, why))
            self._discard_pair(pair, seat, seat_place("consult", seat), events)
            return
        pair = self.rows[seat][slot]
        assert pair is not None
        was_defense = slot == self.defense_slot(seat)
        self.rows[seat][slot] = None
        self.boosts[seat] = [b for b in self.boosts[seat] if b[0] != slot]
        events.append(PairDefeated(seat, slot, why))
        self._discard_pair(pair, seat, pair_place(seat, slot), events)
        if was_defense:
            new = self.defense_slot(seat)
            if new is not None:
                self._show_type(seat, new, events)
        if not self.pairs_left(seat) and not self.out[seat] and not self.grappled[seat]:
            self._knock_out(seat, events)

    def _knock_out(self, seat: int, events: list[Event]) -> None:
        self.out[seat] = True
        events.append(CharacterOut(seat))
        for holder in (self.consults, self.stolen):
            pair = holder[seat]
            if pair is not None:
                holder[seat] = None
                zone = "consult" if holder is self.consults else "aside"
                self._discard_pair(pair, seat, seat_place(zone, seat), events)
        if self.wilds[seat] is not None:
            card = self.wilds[seat]
            self.wilds[seat] = None
            self._discard([], [card], events, {card.id: seat_place("wild", seat)}, {})  # type: ignore[union-attr]
        self.incap[seat] = 0
        self.shoved[seat] = self.scavenging[seat] = False

    def _after_loss(self, victim: int, events: list[Event]) -> None:
        if not self.pairs_left(victim) and not self.grappled[victim] and not self.out[victim]:
            self._knock_out(victim, events)

    def _take_pair(self, seat: int, slot: int, consult: bool) -> Pair:
        """Take a pair off the table without discarding it (Steal, Grapple)."""
        if consult:
            pair = self.consults[seat]
            self.consults[seat] = None
        else:
            pair = self.rows[seat][slot]
            self.rows[seat][slot] = None
            self.boosts[seat] = [b for b in self.boosts[seat] if b[0] != slot]
        assert pair is not None
        return pair

    # -- raises (Maximum Value) and moves ------------------------------------------------------
    def _raise(self, seat: int, slot: int, card: Card, amount: int, cap: int | None, why: str,
               events: list[Event]) -> None:
        pair = self.rows[seat][slot]
        assert pair is not None
        attack = self.attack
        if attack is not None and card in attack.cards:
            attack.cards.remove(card)
        public = pair.value_public     # a face-up card on a value the table does not know
        pair.values.append(card)
        pair.up.add(card.id)
        new = pair.value + amount
        pair.value = min(cap, new) if cap is not None else new
        events.append(CardMoved(card, seat_place("action", attack.seat if attack else seat), value_place(seat, slot)))
        events.append(self._value_changed(seat, slot, pair, amount, why, public))

    def _raise_by_counter(self, seat: int, slot: int, amount: int, cap: int | None, why: str,
                          events: list[Event]) -> int:
        """Rule B: a raise with no card, only a counter. Returns how much the value went up."""
        pair = self.rows[seat][slot]
        assert pair is not None
        before, public = pair.value, pair.value_public
        pair.value = min(cap, before + amount) if cap is not None else before + amount
        events.append(self._value_changed(seat, slot, pair, amount, why, public))
        return pair.value - before

    def _value_changed(self, seat: int, slot: int, pair: Pair, by: int, why: str, public: bool) -> ValueChanged:
        """The event of a change to `pair`'s value, told to everybody only when the table can
        follow it (`public`); the pair's counter is public as long as every change was."""
        pair.told = public
        return ValueChanged(seat, slot, pair.value, by, why, PUBLIC if public else only(seat))

    def _swap_slots(self, seat: int, a: int, b: int, why: str, events: list[Event]) -> None:
        row = self.rows[seat]
        row[a], row[b] = row[b], row[a]
        boosts = []
        for slot, amount, card in self.boosts[seat]:
            boosts.append((b if slot == a else a if slot == b else slot, amount, card))
        self.boosts[seat] = boosts
        events.append(CardsSwapped(type_place(seat, a), type_place(seat, b), seat))
        events.append(CardsSwapped(value_place(seat, a), value_place(seat, b), seat))
        events.append(PairsMoved(seat, a, b, why))

    def _show_type(self, seat: int, slot: int, events: list[Event]) -> None:
        pair = self.rows[seat][slot]
        if pair is not None and not pair.type_up:
            pair.up.add(pair.type_card.id)
            events.append(CardRevealed(type_place(seat, slot), pair.type_card))

    # -- the discard pile and the waste --------------------------------------------------------
    def _draw(self, events: list[Event]) -> Card | None:
        return self.piles.draw(self.rng, events)

    def _discard(self, type_cards: list[Card], value_cards: list[Card], events: list[Event],
                 src: dict[int, Place], shown: dict[int, frozenset[int] | None]) -> None:
        """One batch of discards: the old waste goes face down, type cards face down, the value cards
        become the new waste (face up)."""
        if not type_cards and not value_cards:
            return
        if value_cards and self.waste_step != self.version:
            # a new step's discards: the old waste goes face down (one step's discards land together)
            for card in self.waste:
                self.piles.discard.append(card)
                events.append(CardMoved(card, WASTE, DISCARD))
            self.waste = []
        if value_cards:
            self.waste_step = self.version
        for card in type_cards:
            self.piles.discard.append(card)
            events.append(CardMoved(card, src[card.id], DISCARD, shown.get(card.id, None)))
        for card in value_cards:
            self.waste.append(card)
            events.append(CardMoved(card, src[card.id], WASTE))

    def _discard_pair(self, pair: Pair, seat: int, where: Place, events: list[Event],
                      extra_values: list[Card] = ()) -> None:  # type: ignore[assignment]
        src = {pair.type_card.id: type_place(seat, where.index) if where.zone == "pair" else where}
        for c in pair.values:
            src[c.id] = value_place(seat, where.index) if where.zone == "pair" else where
        for c in extra_values:
            src[c.id] = seat_place("action", self.attack.seat if self.attack else seat)
        shown = {pair.type_card.id: None if pair.type_up else only(seat)}
        self._discard([pair.type_card], list(pair.values) + list(extra_values), events, src, shown)
