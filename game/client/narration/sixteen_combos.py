"""16 Combos' words and faces: the encounter dealt and its order of play, the rounds, each step
of an action (the target, the type announced, the value drawn, reactions, the check and its
outcome, the combo), changed values, lost pairs, statuses, characters out and the encounter's
winner. Jokers are printed red (odd ids) and black."""

from __future__ import annotations

import re

from game.client.narration import Narrator
from game.core.cards import Card
from game.core.events import CardsSwapped, DeckReshuffled, Event, RoundStarted
from game.core.standard_deck import SUIT_NAMES
from game.variants.sixteen_combos import (TYPE_NAMES, CharacterOut, Checked, ComboDone, EncounterDealt, EncounterWon,
                                          Fizzled, PairDefeated, PairsMoved, PairsReady, Reacted, RoundBegan,
                                          StatusChanged, TurnPassed, TurnSkipped, TypeAnnounced, ValueChanged, ValueSet)

_SEAT = re.compile(r"\bseat (\d+)", re.IGNORECASE)
# What a status the rules give a character says of it, as narration ("Ada is shoved.").
STATUS_WORDS = {"incapacitated": "is incapacitated", "shoved": "is shoved",
                "lost reaction": "loses the reaction for the rest of the round", "wild card": "holds a wild card"}


def type_word(t: str | None) -> str:
    return TYPE_NAMES.get(t or "", "hidden")


class SixteenCombosNarrator(Narrator):
    def face_of(self, card: Card) -> dict:
        if card.rank == "joker":
            return {"rank": "JOKER", "suit": "joker", "colour": "red" if card.id % 2 else "black"}
        return {"rank": str(card.rank), "suit": SUIT_NAMES[card.suit]}  # type: ignore[index]

    def name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "The table"

    def words(self, text: str) -> str:
        """The rules' "seat 2" with that character's name."""
        return _SEAT.sub(lambda m: self.name(int(m.group(1))), text)

    def round_started(self, ev: RoundStarted, nxt: Event | None) -> str | None:
        return f"Encounter {ev.round} is dealt."

    def deck_reshuffled(self, ev: DeckReshuffled, nxt: Event | None) -> str | None:
        return "The discard pile is shuffled into a new draw deck."

    def encounter_dealt(self, ev: EncounterDealt, nxt: Event | None) -> str | None:
        order = ", ".join(self.name(s) for s in ev.order)
        return f"Order of play: {order}. {ev.columns} columns."

    def pairs_ready(self, ev: PairsReady, nxt: Event | None) -> str | None:
        return "The pairs are placed; the defense pairs show their types."

    def round_began(self, ev: RoundBegan, nxt: Event | None) -> str | None:
        return f"Round {ev.number}."

    def type_announced(self, ev: TypeAnnounced, nxt: Event | None) -> str | None:
        how = {"shove": " (shoved: its defense pair acts)", "steal": " (with the stolen pair)",
               "counter": " (a counter)"}.get(ev.fixed or "", " with the wild card" if ev.wild else "")
        return f"{self.name(ev.seat)} announces {type_word(ev.type)}{how}."

    def value_set(self, ev: ValueSet, nxt: Event | None) -> str | None:
        return f"{self.name(ev.seat)} draws {ev.value}." if ev.how == "drawn" else None

    def turn_passed(self, ev: TurnPassed, nxt: Event | None) -> str | None:
        return f"{self.name(ev.seat)} passes."

    def fizzled(self, ev: Fizzled, nxt: Event | None) -> str | None:
        return f"{self.name(ev.seat)}'s {type_word(ev.type)} does not match the drawn card: nothing happens."

    def reacted(self, ev: Reacted, nxt: Event | None) -> str | None:
        words = {"retype": f"turns the pair to {type_word(ev.type)}", "swap": "swaps the pair's cards",
                 "counter": "counters", "recover": "takes the card onto a pair (Recovery)"}
        return f"{self.name(ev.seat)} reacts: {words.get(ev.kind, ev.kind)}."

    def checked(self, ev: Checked, nxt: Event | None) -> str | None:
        whose = f"{self.name(ev.victim)}'s {'consultation' if ev.consultation else type_word(ev.target_type)} pair"
        verb = "counters with" if ev.counter else "uses"
        text = (f"{self.name(ev.seat)} {verb} {type_word(ev.action_type)} on {whose}: "
                f"{ev.action_value} against {ev.target_value}, {ev.outcome}")
        return text + (f": {ev.combo}." if ev.outcome == "defeated" else ".")

    def value_changed(self, ev: ValueChanged, nxt: Event | None) -> str | None:
        if ev.why in ("damaged", "stacked"):
            return None
        if ev.value is None:     # a change this seat could not follow (its events are redacted)
            return f"{self.name(ev.seat)}'s pair changes value ({ev.why}); only they know what it is worth."
        return f"{self.name(ev.seat)}'s pair is now worth {ev.value} ({ev.why})."

    def pair_defeated(self, ev: PairDefeated, nxt: Event | None) -> str | None:
        return None if ev.why == "defeated" else f"{self.name(ev.seat)} loses a pair ({ev.why})."

    def combo_done(self, ev: ComboDone, nxt: Event | None) -> str | None:
        return f"{ev.combo}: {self.words(ev.detail)}."

    def pairs_moved(self, ev: PairsMoved, nxt: Event | None) -> str | None:
        return f"{self.name(ev.seat)} changes stance." if ev.why == "Change Stance" else None

    def status_changed(self, ev: StatusChanged, nxt: Event | None) -> str | None:
        if ev.on and ev.status in STATUS_WORDS:
            return f"{self.name(ev.seat)} {STATUS_WORDS[ev.status]}."
        return None

    def turn_skipped(self, ev: TurnSkipped, nxt: Event | None) -> str | None:
        return f"{self.name(ev.seat)} is {ev.why} and sits this turn out."

    def character_out(self, ev: CharacterOut, nxt: Event | None) -> str | None:
        return f"{self.name(ev.seat)} has no pair left and is out."

    def encounter_won(self, ev: EncounterWon, nxt: Event | None) -> str | None:
        return f"{self.name(ev.winner)} wins the encounter ({ev.why})."

    # (a swap of a pair's cards is told by the reaction or the combo that made it)
    tellers = {**{kind: teller for kind, teller in Narrator.tellers.items() if kind is not CardsSwapped},
               RoundStarted: round_started, DeckReshuffled: deck_reshuffled, EncounterDealt: encounter_dealt,
               PairsReady: pairs_ready, RoundBegan: round_began, TypeAnnounced: type_announced, ValueSet: value_set,
               TurnPassed: turn_passed, Fizzled: fizzled, Reacted: reacted, Checked: checked,
               ValueChanged: value_changed, PairDefeated: pair_defeated, ComboDone: combo_done,
               PairsMoved: pairs_moved, StatusChanged: status_changed, TurnSkipped: turn_skipped,
               CharacterOut: character_out, EncounterWon: encounter_won}
