"""16 Combos, reactions: Predictive and Informed Reaction (a Surprise allows only the first), Face
Card as Target Value (change the pair's type, or swap its cards), the Counter after a critical
failure and optional rule A, Recovery. A character has one reaction per round. Reactions are
prompts to the target, never races: the turn waits for the answer (with an optional clock,
`reaction_seconds`, that runs out as a pass)."""

from __future__ import annotations

from game.core.actions import TABLE, Action, Expire, Pass
from game.core.cards import Place
from game.core.errors import NotYourTurn, WrongPhase
from game.core.events import CardMoved, CardRevealed, CardsSwapped, Event, Note, Passed

from .actions import Counter, Recover, Retype, SwapPair, _pass
from .cards import (FACE_TYPES, FIN, JOKER, MAX_VALUE, VIT, card_value, is_face, pair_place, seat_place,
                    type_place, value_place)
from .combos import CAVEATS
from .events import ConsultationChosen, Reacted, TargetChosen, TypeAnnounced, ValueSet
from .state import PLAY, Attack, Pair


class Reactions:
    """Rule section: the target's reactions and the counter (part of SixteenCombos)."""

    # -- the target pair and whether it is asked -----------------------------------------------
    def target_pair(self) -> Pair | None:
        attack = self.attack
        if attack is None or attack.victim is None:
            return None
        if attack.consult:
            return self.consults[attack.victim]
        return self.pair_at(attack.victim, attack.slot)  # type: ignore[arg-type]

    def _reaction_offered(self, victim: int) -> bool:
        """Whether the target is asked for a reaction, decided on what every seat knows: whether it
        has one can hang on its face-down cards, and a turn that waited only then would tell the
        table. A target with nothing to do is asked all the same; its one answer is to pass."""
        if self.reacted[victim] or self.incapacitated(victim):
            return False
        pair = self.target_pair()
        if pair is None:
            return False
        attack = self.attack
        if (self.options["ask_reactions"] != "every attack" or (attack is not None and attack.consult)
                or all(c.id in pair.up for c in pair.cards())):
            return bool(self._reaction_moves(victim))    # every card is in sight (or the house rule)
        return True

    def _reaction_moves(self, seat: int) -> list[Action]:
        if self.reacted[seat] or self.incapacitated(seat):
            return []
        pair = self.target_pair()
        if pair is None:
            return []
        out: list[Action] = []
        top = pair.values[-1] if pair.values else None
        kinds: tuple[str, ...] = ()
        if top is not None and is_face(top):
            kinds = FACE_TYPES[top.rank]
        if pair.value >= MAX_VALUE:
            kinds = tuple(dict.fromkeys(kinds + (FIN, VIT)))
        for kind in kinds:
            if kind != pair.type:
                out.append(Retype(seat, kind))
        if (len(pair.values) == 1 and top is not None and top.rank != JOKER
                and (is_face(top) or is_face(pair.type_card))):
            out.append(SwapPair(seat))
        return out

    def _surprised(self) -> bool:
        """The action is a Surprise: no informed reaction (the program knows the cell)."""
        combo = self._combo_name()
        return combo is not None and "Surprise" in CAVEATS[combo]

    def _predictive(self, events: list[Event], t: float) -> None:
        attack = self.attack
        assert attack is not None and attack.victim is not None
        if self._reaction_offered(attack.victim):
            self._prompt("predict", attack.victim, t)
            return
        self._draw_value(events, t)

    def _prompt(self, step: str, seat: int, t: float) -> None:
        self.step = step
        self.prompt_seat = seat
        seconds = self.options["reaction_seconds"]
        self.deadline = t + seconds if seconds and step in ("consult", "predict", "inform", "counter") else None

    # -- face cards as target value ------------------------------------------------------------
    def _on_Retype(self, action: Retype, t: float) -> list[Event]:
        self._require_legal(action)
        pair = self.target_pair()
        assert pair is not None
        pair.retyped = action.to
        self.reacted[action.seat] = True
        events: list[Event] = [Reacted(action.seat, "retype", action.to)]
        self._reaction_done(events, t)
        return events

    def _on_SwapPair(self, action: SwapPair, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        pair = self.target_pair()
        assert pair is not None
        old_type, old_value = pair.type_card, pair.values[0]
        damage = pair.printed - pair.value      # the counter's change travels with the pair
        pair.told = pair.told and (old_type.id in pair.up or bool(attack.consult))
        pair.type_card, pair.values = old_value, [old_type]
        pair.retyped = None
        pair.value = max(1, pair.printed - damage)
        self.reacted[action.seat] = True
        events: list[Event] = [Reacted(action.seat, "swap", pair.type)]
        if attack.consult:
            where = seat_place("consult", action.seat)
            events.append(CardsSwapped(where, where, action.seat))
        else:
            a, b = type_place(action.seat, attack.slot), value_place(action.seat, attack.slot)  # type: ignore[arg-type]
            events.append(CardsSwapped(a, b, action.seat))
        # The type card of a target pair is face up (everybody sees what it is attacked as).
        pair.up.discard(old_type.id)
        pair.up.add(pair.type_card.id)
        place = seat_place("consult", action.seat) if attack.consult else type_place(action.seat, attack.slot)  # type: ignore[arg-type]
        events.append(CardRevealed(place, pair.type_card))
        self._reaction_done(events, t)
        return events

    def _reaction_done(self, events: list[Event], t: float) -> None:
        step = self.step
        self.deadline = None
        if step == "predict":
            self._draw_value(events, t)
        elif step == "inform":
            self._check(events, t)

    def _on_Pass(self, action: Pass, t: float) -> list[Event]:
        self._require_legal(action)
        return self._decline(action.seat, t, [Passed(action.seat)])

    def _on_Expire(self, action: Expire, t: float) -> list[Event]:
        if action.seat != TABLE:
            raise NotYourTurn("only the table lets a prompt run out")
        if self.deadline is None or self.prompt_seat is None or t < self.deadline:
            raise WrongPhase("no reaction prompt has run out")
        return self._decline(self.prompt_seat, t, [Passed(self.prompt_seat)])

    def _decline(self, seat: int, t: float, events: list[Event]) -> list[Event]:
        step = self.step
        self.deadline = None
        if step == "consult":
            assert self.attack is not None
            self.attack.consult = False
            events.append(ConsultationChosen(seat, False))
            self._predictive(events, t)
        elif step == "predict":
            self._draw_value(events, t)
        elif step == "face":
            self._value_final(events, t)
        elif step == "inform":
            self._check(events, t)
        elif step == "counter":
            self._after_counter_choice(events, t)
        elif step == "combo":
            self._combo_done(events, t)
        elif step == "stance":
            self._turn_over(events)
        return events

    # -- counter and recovery (after a critical failure) ---------------------------------------
    def counter_pair(self, victim: int) -> Pair | None:
        """The pair whose type and value a counter uses: the victim's defense pair (the printed
        rule), or with the "target pair" option the pair that was attacked, if it still stands."""
        attack = self.attack
        if self.options["counter_with"] == "defense pair":
            slot = self.defense_slot(victim)
            return None if slot is None else self.pair_at(victim, slot)
        if attack is None or attack.consult:
            return None   # a consultation pair is gone after its one use
        return self.pair_at(victim, attack.slot)  # type: ignore[arg-type]

    def _counter_legal(self, seat: int) -> list[Action]:
        out: list[Action] = []
        attack = self.attack
        assert attack is not None
        if self.counter_pair(seat) is not None and self.defense_slot(attack.seat) is not None:
            out.append(Counter(seat))
        if self.options["recovery"] and attack.cards:
            out.extend(Recover(seat, pair_place(seat, s)) for s in self._own_slots(seat))
        return out + [_pass(seat)]

    def _on_Counter(self, action: Counter, t: float) -> list[Event]:
        self._require_legal(action)
        first = self.attack
        assert first is not None
        seat = action.seat
        pair = self.counter_pair(seat)
        assert pair is not None
        self.reacted[seat] = True
        self.deadline = None
        events: list[Event] = [Reacted(seat, "counter", pair.type)]
        self._discard_action_cards(events)
        self.after_counter = first
        counter = Attack(seat, victim=first.seat, slot=self.defense_slot(first.seat), atype=pair.type,
                         value=pair.value, second=True, counter=True, consult=False)
        self.attack = counter
        events.append(TargetChosen(seat, first.seat, counter.slot))  # type: ignore[arg-type]
        events.append(TypeAnnounced(seat, pair.type, False, "counter"))
        events.append(ValueSet(seat, pair.value, "counter"))
        self._check(events, t)
        return events

    def _on_Recover(self, action: Recover, t: float) -> list[Event]:
        self._require_legal(action)
        attack = self.attack
        assert attack is not None
        seat, slot = action.seat, action.pair.index
        card = attack.cards.pop()
        pair = self.rows[seat][slot]
        assert pair is not None
        self.reacted[seat] = True
        self.deadline = None
        public = pair.value_public
        pair.values.append(card)
        pair.up.add(card.id)
        amount = card_value(card)
        pair.value = min(MAX_VALUE, pair.value + amount)
        events: list[Event] = [Reacted(seat, "recover"),
                               CardMoved(card, seat_place("action", attack.seat), value_place(seat, slot)),
                               self._value_changed(seat, slot, pair, amount, "Recovery", public)]
        self._after_counter_choice(events, t)
        return events

    def _after_counter_choice(self, events: list[Event], t: float) -> None:
        self.deadline = None
        self._discard_action_cards(events)
        self._end_turn(events)

    # -- what a replay lists as a reaction not taken -------------------------------------------
    def reactions(self, seat: int) -> list[Action]:
        """A victim's reactions before or after the draw (a retype, a swap of the pair) and a
        counter-strike: the out-of-turn chances a replay lists when not taken."""
        if self.phase != PLAY or seat != self.prompt_seat or seat == self.turn:
            return []
        if self.step in ("predict", "inform"):
            return [] if self.step == "inform" and self._surprised() else self._reaction_moves(seat)
        if self.step == "counter":
            return [a for a in self._counter_legal(seat) if isinstance(a, Counter)]
        return []

    def reaction_places(self, action: Action) -> tuple[Place, ...]:
        attack = self.attack
        if isinstance(action, (Retype, SwapPair)) and attack is not None and attack.victim is not None \
                and not attack.consult and attack.slot is not None:
            return (Place("pairs", attack.victim, attack.slot),)    # the pair it would have changed
        return ()

    def reaction_note(self, action: Action) -> Note:
        if isinstance(action, Retype):
            return Note.of("missed.retype", action.seat, type=action.to)
        if isinstance(action, SwapPair):
            return Note.of("missed.swap-pair", action.seat)
        if isinstance(action, Counter):
            return Note.of("missed.counter", action.seat)
        return super().reaction_note(action)
