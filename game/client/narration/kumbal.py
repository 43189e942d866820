"""Kumbal's words and faces: cards named with their suits ("7♥"), discards (a set, a run, an
action card), free discards, pick-ups passed on or taken, the Kumbal call and its result, the
49-rule, the cut; the jokers, printed red and black."""

from __future__ import annotations

from game.client.narration.hands import HandNarrator
from game.client.narration.wording import SUIT_SIGNS
from game.core.cards import DISCARD, Card
from game.core.events import CardMoved, Event
from game.core.hands import DirectionChanged, Stacked
from game.core.standard_deck import SUIT_NAMES
from game.variants.kumbal import (VALUE, CallResult, CutWanted, DeckCut, Discarded, FortyNine, FreeDiscarded,
                                  KumbalCalled, PickedUp)


def points_words(n: int) -> str:
    """"1 point", "0 points", "12 points"."""
    return f"{n} point{'' if n == 1 else 's'}"


def short(card: Card | None) -> str:
    """"7♥", "10♠", "joker"."""
    if card is None:
        return "?"
    if card.rank == "joker":
        return "joker"
    return f"{card.rank}{SUIT_SIGNS[card.suit]}"  # type: ignore[index]


class KumbalNarrator(HandNarrator):
    def face_of(self, card: Card) -> dict:
        if card.rank == "joker":
            return {"rank": "JOKER", "suit": "joker", "colour": "red" if card.id % 2 == 0 else "black"}
        return {"rank": str(card.rank), "suit": SUIT_NAMES[card.suit]}  # type: ignore[index]

    def start_card_words(self, card: Card) -> str:
        return f"the {short(card)}"

    def card_moved(self, ev: CardMoved, nxt: Event | None) -> str | None:
        if ev.src == DISCARD and ev.dst.zone == "hand":
            # named as the discards beside it are ("10♦", not "a 10 of diamonds")
            return f"{self.names[ev.dst.seat]} takes the {short(ev.card)} from the pile."
        return HandNarrator.card_moved(self, ev, nxt)

    def direction_changed(self, ev: DirectionChanged, nxt: Event | None) -> str | None:
        if len(self.names) == 2:     # (as the rules read it: with two players a 7 changes nothing)
            return "Play turns round: with two players, that changes nothing."
        return super().direction_changed(ev, nxt)

    def discarded(self, ev: Discarded, nxt: Event | None) -> str | None:
        who = self.names[ev.seat]
        if ev.action:
            return f"{who} plays {short(ev.cards[0])}: {ev.action}!"
        cards = ", ".join(short(c) for c in ev.cards)
        kind = {"set": "a set", "run": "a run", "single": ""}[ev.kind]
        points = sum(VALUE(c) for c in ev.cards)
        return f"{who} discards {kind + ' ' if kind else ''}{cards} ({points_words(points)})."

    def free_discarded(self, ev: FreeDiscarded, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} discards the drawn {short(ev.card)} for free!"

    def picked_up(self, ev: PickedUp, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} picks up {ev.cards} cards."

    def stacked(self, ev: Stacked, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} passes the pick-up on: {ev.total} cards now."

    def called(self, ev: KumbalCalled, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} calls KUMBAL with {ev.points} points!"

    def call_result(self, ev: CallResult, nxt: Event | None) -> str | None:
        # (the round's scores say it in full; the hands' floats are still showing their points)
        if ev.made:
            return f"{self.names[ev.seat]} has the fewest points ({ev.points}): 0 for the round!"
        return f"{self.names[ev.seat]} called with {ev.points}, but another hand has {ev.lowest_other}: +25!"

    def forty_nine(self, ev: FortyNine, nxt: Event | None) -> str | None:
        return f"49-rule: {self.names[ev.seat]} reaches {ev.reached} and drops to {ev.total}!"

    def cut_wanted(self, ev: CutWanted, nxt: Event | None) -> str | None:
        return f"The cards are gathered, not shuffled. Cutting: {self.names[ev.seat]}."

    def deck_cut(self, ev: DeckCut, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} cuts {ev.at} cards off the top."

    tellers = {**HandNarrator.tellers, CardMoved: card_moved, DirectionChanged: direction_changed, Discarded: discarded,
               FreeDiscarded: free_discarded,
               PickedUp: picked_up, Stacked: stacked, KumbalCalled: called, CallResult: call_result,
               FortyNine: forty_nine, CutWanted: cut_wanted, DeckCut: deck_cut}
