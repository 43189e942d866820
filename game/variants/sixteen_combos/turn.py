"""16 Combos, Steps on Your Turn: a round (every character still in play, highest order card first),
the turn's start (a grappled pair back, Defend's raise over, incapacitated turns skipped), Target
Character, Choose an Action Type (Available Actions), passing, a consultation pair, Draw a Value
(Face Cards as action value, Scavenge's two cards, a saved wild card) and the value made final.
The reactions between these steps are in reactions.py, the check in check.py."""

from __future__ import annotations

from game.core.cards import DECK, Card, Place
from game.core.events import Note
from game.core.errors import InvalidTarget
from game.core.events import CardMoved, Event, TurnStarted

from .actions import Announce, Consult, FaceType, PassTurn, Scavenge, Target
from .cards import FACE_TYPES, TYPES, card_value, is_face, pair_place, row_types, seat_place, value_place
from .combos import COMBOS
from .events import (ActionTypeChanged, ConsultationChosen, Fizzled, PairMovedTo, RoundBegan, StatusChanged,
                     TargetChosen, TurnPassed, TurnSkipped, TypeAnnounced, ValueSet)
from .state import PLAY, Attack


class Turn:
    """Rule section: rounds, turns and the steps of an action up to the check (part of SixteenCombos)."""

    # -- rounds and turns ----------------------------------------------------------------------
    def _begin_round(self, events: list[Event]) -> None:
        self.enc_round += 1
        self.reacted = [False] * self.seats
        if self.enc_round > self.options["round_limit"]:
            self._end_by_limit(events)
            return
        self.queue = [s for s in self.play_order if not self.out[s]]
        events.append(RoundBegan(self.enc_round, tuple(self.queue)))
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        while True:
            if self.phase != PLAY:
                return
            if not self.queue:
                self._begin_round(events)
                return
            seat = self.queue.pop(0)
            if self.out[seat]:
                continue
            if self._start_turn(seat, events):
                return

    def _start_turn(self, seat: int, events: list[Event]) -> bool:
        """Turn-start effects; False when the turn is skipped (incapacitated this round)."""
        self.turn = seat
        # Grapple: the held pair comes back as the defense pair.
        held = self.grappled[seat]
        if held:
            self.grappled[seat] = []
            # The first pair taken was the defense pair then: it comes back last, as the defense
            # pair again.
            for pair in reversed(held):
                slot = len(self.rows[seat])
                self.rows[seat].append(pair)
                events.append(PairMovedTo(seat, -1, "row", seat, slot))
            self._show_type(seat, slot, events)
        # Defend's raise lasts until the owner's next turn.
        for slot, amount, card in self.boosts[seat]:
            pair = self.pair_at(seat, slot)
            if pair is not None and (card is None or card in pair.values):
                if card is not None:
                    pair.values.remove(card)
                public = pair.value_public
                pair.value = max(1, pair.value - amount)
                events.append(self._value_changed(seat, slot, pair, -amount, "Defend ends", public))
                if card is not None:
                    self._discard([], [card], events, {card.id: value_place(seat, slot)}, {})
        self.boosts[seat] = []
        if self.incap[seat]:
            if self.incap[seat] == self.enc_round:
                events.append(TurnSkipped(seat, "incapacitated"))
                return False
            self.incap[seat] = 0
            events.append(StatusChanged(seat, "incapacitated", False))
        events.append(TurnStarted(seat))
        self._begin_action(Attack(seat), events)
        return True

    def _begin_action(self, attack: Attack, events: list[Event]) -> None:
        seat = attack.seat
        self.attack = attack
        if self.shoved[seat]:
            attack.fixed = "shove"
        elif self.stolen[seat] is not None:
            attack.fixed = "steal"
        self.step = "target"
        self.prompt_seat = seat
        if attack.locked_victim is not None and not self._target_choices(attack):
            self._end_turn(events)

    # -- target character and action type ------------------------------------------------------
    def _target_choices(self, attack: Attack) -> list[Place]:
        out = []
        for s in range(self.seats):
            if s == attack.seat or self.out[s]:
                continue
            if attack.locked_victim is not None and s != attack.locked_victim:
                continue
            if attack.free_target:
                out += [pair_place(s, slot) for slot, p in enumerate(self.rows[s]) if p is not None]
            else:
                slot = self.defense_slot(s)
                if slot is not None:
                    out.append(pair_place(s, slot))
        return out

    def _refuse_target(self, pair: Place, attack: Attack) -> None:
        """Why a pair is not a target of this attack, when the rules say why."""
        s = pair.seat
        if pair.zone != "pair" or not 0 <= s < self.seats:
            return
        if s == attack.seat:
            raise InvalidTarget("you attack another character's pair, not your own",
                                note=Note.of("refusal.attack-own-pair"))
        if self.out[s]:
            raise InvalidTarget(f"seat {s} is already defeated", note=Note.of("refusal.already-defeated", s))
        if attack.locked_victim is not None and s != attack.locked_victim:
            raise InvalidTarget(f"this extra turn attacks seat {attack.locked_victim} again",
                                note=Note.of("refusal.attack-locked", attack.locked_victim))
        if not attack.free_target and 0 <= pair.index < len(self.rows[s]) and self.rows[s][pair.index] is not None:
            raise InvalidTarget("only a character's defense pair (the rightmost) can be targeted",
                                note=Note.of("refusal.defense-pair-only"))

    def available_types(self, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(types held twice or more: sure; types held once: the drawn card must match)."""
        counts = self.row_counts(seat)
        return (tuple([t for t in TYPES if counts[t] >= 2]), tuple([t for t in TYPES if counts[t] == 1]))

    def _on_PassTurn(self, action: PassTurn, t: float) -> list[Event]:
        self._require_legal(action)
        seat = action.seat
        events: list[Event] = [TurnPassed(seat)]
        cost = self.pass_cost(seat)
        self.attack = None
        if cost:
            # Passing costs a point (the rules page says why): the passer's guard drops.
            self._damage(seat, self.defense_slot(seat), cost, "a pass", events)  # type: ignore[arg-type]
            if self._encounter_over(events):
                return events
        self._end_turn(events)
        return events

    def pass_cost(self, seat: int) -> int:
        """What passing now costs `seat`'s defense pair, in points: the option's cost on the
        character's own turn, nothing for an extra action (Hire Assassin, Grapple) it declines,
        nothing when it may not pass now."""
        attack = self.attack
        if (attack is None or attack.seat != seat or attack.second or self.prompt_seat != seat
                or self.step not in ("target", "type") or self.defense_slot(seat) is None):
            return 0
        return self.options["pass_cost"]

    def _on_Target(self, action: Target, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        attack.victim, attack.slot = action.pair.seat, action.pair.index
        events: list[Event] = [TargetChosen(attack.seat, attack.victim, attack.slot)]
        if attack.fixed == "shove":
            pair = self.rows[attack.seat][self.defense_slot(attack.seat)]  # type: ignore[index]
            attack.atype, attack.value = pair.type, pair.value   # type: ignore[union-attr]
            self.shoved[attack.seat] = False
            events.append(StatusChanged(attack.seat, "shoved", False))
            events.append(TypeAnnounced(attack.seat, attack.atype, False, "shove"))  # type: ignore[arg-type]
            self._after_announce(events, t)
        elif attack.fixed == "steal":
            pair = self.stolen[attack.seat]
            assert pair is not None
            attack.atype, attack.value = pair.type, pair.value
            events.append(TypeAnnounced(attack.seat, attack.atype, False, "steal"))
            self._after_announce(events, t)
        else:
            self.step = "type"
        return events

    def _on_Announce(self, action: Announce, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        sure, _ = self.available_types(attack.seat)
        attack.atype, attack.wild = action.atype, action.wild
        attack.risky = action.atype not in sure and not action.wild
        events: list[Event] = [TypeAnnounced(attack.seat, action.atype, action.wild)]
        self._after_announce(events, t)
        return events

    def _after_announce(self, events: list[Event], t: float) -> None:
        attack = self.attack
        assert attack is not None and attack.victim is not None
        victim = attack.victim
        if (not attack.counter and self.consults[victim] is not None and attack.slot == self.defense_slot(victim)
                and not self.incapacitated(victim)):
            self._prompt("consult", victim, t)
            return
        self._predictive(events, t)

    def _on_Consult(self, action: Consult, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        attack.consult = action.use
        events: list[Event] = [ConsultationChosen(action.seat, action.use)]
        self._predictive(events, t)
        return events

    # -- drawing the value ---------------------------------------------------------------------
    def _draw_value(self, events: list[Event], t: float) -> None:
        attack = self.attack
        assert attack is not None
        seat = attack.seat
        self.step = "draw"
        self.prompt_seat = None
        if attack.fixed:
            events.append(ValueSet(seat, attack.value, attack.fixed))  # type: ignore[arg-type]
            self._value_final(events, t)
            return
        if attack.wild:
            card = self.wilds[seat]
            assert card is not None
            self.wilds[seat] = None
            attack.cards = [card]
            self.in_play = attack.cards
            events.append(CardMoved(card, seat_place("wild", seat), seat_place("action", seat)))
            events.append(StatusChanged(seat, "wild card", False))
            attack.value = card_value(card)
            events.append(ValueSet(seat, attack.value, "wild card"))
            self._value_final(events, t)
            return
        if self.scavenging[seat]:
            self.scavenging[seat] = False
            events.append(StatusChanged(seat, "scavenging", False))
            for _ in range(2):
                card = self._draw(events)
                if card is not None:
                    attack.cards.append(card)
                    events.append(CardMoved(card, DECK, seat_place("action", seat)))
            self.in_play = attack.cards
            if not attack.cards:
                self._fizzle(events, t, "nothing left to draw")
                return
            self.step = "scavenge"
            self.prompt_seat = seat
            return
        card = self._draw(events)
        if card is None:
            self._fizzle(events, t, "nothing left to draw")
            return
        attack.cards = [card]
        self.in_play = attack.cards
        events.append(CardMoved(card, DECK, seat_place("action", seat)))
        attack.value = card_value(card)
        events.append(ValueSet(seat, attack.value, "drawn"))
        if is_face(card) and self._face_types(seat, card):
            self.step = "face"
            self.prompt_seat = seat
            return
        self._value_final(events, t)

    def _face_types(self, seat: int, card: Card) -> tuple[str, ...]:
        attack = self.attack
        assert attack is not None
        counts = self.row_counts(seat)
        drawn = row_types(card)
        return tuple(t for t in FACE_TYPES[card.rank] if t != attack.atype
                     and (counts[t] >= 2 or (counts[t] == 1 and t in drawn)))

    def _on_FaceType(self, action: FaceType, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        attack.atype = action.to
        attack.risky = False
        events: list[Event] = [ActionTypeChanged(action.seat, action.to)]
        self._value_final(events, t)
        return events

    def _on_Scavenge(self, action: Scavenge, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        if action.waste and self.waste:
            attack.value = card_value(self.waste[-1])
            how = "the waste's value"
        else:
            attack.value = sum(card_value(c) for c in attack.cards)   # Unlimited: may pass 14
            how = "the two cards added"
        events: list[Event] = [ValueSet(action.seat, attack.value, how)]
        if action.waste and self.waste:
            # the two drawn cards are discarded now, the second drawn becoming the waste
            cards = attack.cards
            attack.cards = []
            self.in_play = []
            self._discard([], cards, events, {c.id: seat_place("action", action.seat) for c in cards}, {})
        self._value_final(events, t, checked_type=False)
        return events

    def _value_final(self, events: list[Event], t: float, checked_type: bool = True) -> None:
        attack = self.attack
        assert attack is not None
        seat = attack.seat
        if attack.value is None:
            attack.value = sum(card_value(c) for c in attack.cards)
        if attack.risky and attack.cards and checked_type:
            if attack.atype not in row_types(attack.cards[0]):
                self._fizzle(events, t, "type")
                return
        if self.options["reuse_values"] and attack.cards:
            # B: the value is noted (a counter) and the card goes at once
            attack.noted = True
            cards = attack.cards
            attack.cards = []
            self.in_play = []
            self._discard([], cards, events, {c.id: seat_place("action", seat) for c in cards}, {})
        victim = attack.victim
        assert victim is not None
        pair = self.target_pair()
        # Whether the cell is a Surprise is public when the target pair's type is; when the type
        # card lies face down the target is asked either way (and, surprised, may only pass).
        type_public = pair is not None and (pair.type_card.id in pair.up or pair.retyped is not None
                                            or bool(attack.consult) or self.options["ask_reactions"] != "every attack")
        if (not attack.counter and self._combo_name() is not None and (not self._surprised() or not type_public)
                and self._reaction_offered(victim)):
            self._prompt("inform", victim, t)
            return
        self._check(events, t)

    def _fizzle(self, events: list[Event], t: float, why: str) -> None:
        attack = self.attack
        assert attack is not None
        events.append(Fizzled(attack.seat, attack.atype or ""))
        self._discard_action_cards(events)
        self._end_turn(events)

    def _discard_action_cards(self, events: list[Event]) -> None:
        attack = self.attack
        if attack is None or not attack.cards:
            return
        cards = attack.cards
        attack.cards = []
        self.in_play = []
        self._discard([], cards, events, {c.id: seat_place("action", attack.seat) for c in cards}, {})

    def _combo_name(self) -> str | None:
        attack = self.attack
        pair = self.target_pair()
        if attack is None or pair is None or attack.atype is None:
            return None
        return COMBOS[pair.type][attack.atype]
