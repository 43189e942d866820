"""Kabu's words and faces: cards named with their suits ("7♥"), abilities, claims (a discard, a
snipe), missed claims and races, refills, the Kabu call, a total halved; the four jokers, two
printed red and two black."""

from __future__ import annotations

from typing import Any

from game.client.narration.memory_grid import GridNarrator
from game.client.narration.wording import SUIT_SIGNS, possessive_own, whose
from game.core.cards import Card
from game.core.events import Event
from game.core.standard_deck import SUIT_NAMES
from game.variants.kabu import AbilityStarted, Claimed, ClaimMissed, KabuCalled, RaceLost, Refilled, TotalHalved

MISSED = {"wrong": "wrong card", "missed-pile": "missed the pile", "follow-up": "follow-up mistake"}

def card_words(card: Card) -> str:
    """"7♥", "K♣", "joker"."""
    if card.suit is None:
        return "joker"
    return f"{card.rank}{SUIT_SIGNS[card.suit]}"

class KabuNarrator(GridNarrator):
    play_word = "discard"
    ability_started = AbilityStarted

    def face_of(self, card: Card) -> dict:
        if card.suit is None:
            # Two of the four jokers are printed red, two black (the id tells them apart).
            return {"rank": "JOKER", "suit": "joker", "colour": "red" if card.id % 2 == 0 else "black"}
        face: dict[str, Any] = {"rank": str(card.rank), "suit": SUIT_NAMES[card.suit]}
        return face

    def rank_words(self, card: Card) -> str:
        return card_words(card)

    def a_card(self, card: Card) -> str:
        return f"the {card_words(card)}"

    def ability_played(self, ev: AbilityStarted, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} discards the {card_words(ev.card)}: {ev.ability}."

    def claimed(self, ev: Claimed, nxt: Event | None) -> str | None:
        who, owner = self.names[ev.seat], self.names[ev.place.seat]
        why = "same rank" if ev.why == "rank" else "the calculated score"
        if ev.kind == "discard":
            return f"{who} throws the {card_words(ev.card)} ({why})."
        return f"{who} snipes {whose(owner)} {card_words(ev.card)} ({why})."   # (the card back: its own line)

    def claim_missed(self, ev: ClaimMissed, nxt: Event | None) -> str | None:
        who, owner = self.names[ev.seat], self.names[ev.place.seat]
        whose_card = possessive_own(who) if ev.place.seat == ev.seat else whose(owner)
        if ev.reason == "missed-pile":
            why = f"missed the pile: {whose(self.names[ev.winner])} card landed first"
        elif ev.reason == "follow-up":
            why = f"a follow-up mistake after {whose(self.names[ev.winner])} wrong card"
        else:
            why = "it does not fit"
        return f"{who} tried {whose_card} {card_words(ev.card)}: {why}. It goes back."

    def race_lost(self, ev: RaceLost, nxt: Event | None) -> str | None:
        who, first = self.names[ev.seat], self.names[ev.winner]
        return f"{first} touched the card first: {who} is beaten to it (no penalty)."

    def refilled(self, ev: Refilled, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} has no cards left and draws one."

    def called(self, ev: KabuCalled, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} calls Kabu! Everyone else has one last turn."

    def total_halved(self, ev: TotalHalved, nxt: Event | None) -> str | None:
        return f"{whose(self.names[ev.seat], start=True)} total hit exactly {ev.before}: halved to {ev.after}."

    tellers = {**GridNarrator.tellers, AbilityStarted: ability_played, Claimed: claimed, ClaimMissed: claim_missed,
               RaceLost: race_lost, Refilled: refilled, KabuCalled: called, TotalHalved: total_halved}
