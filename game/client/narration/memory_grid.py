"""The words of the memory-grid games (Kombio, Kabu): a card drawn, taken, played or swapped out,
an ability not used."""

from __future__ import annotations

from game.client.narration import Narrator
from game.client.narration.wording import article
from game.core.cards import DECK, DISCARD, Card, Place
from game.core.events import CardMoved, Event
from game.core.grids import AbilityEnded


class GridNarrator(Narrator):
    play_word = "play"           # what is done with a drawn card ("play", "discard")
    ability_started: type = ()   # the variant's AbilityStarted event (a card played for its ability is told by it)

    def rank_words(self, card: Card) -> str:
        """A card as narration names it ("7", "7♥")."""
        return str(card.rank)

    def a_card(self, card: Card) -> str:
        return article(card.rank)

    def ability_ended(self, ev: AbilityEnded, nxt: Event | None) -> str | None:
        return None if ev.used else f"{self.names[ev.seat]} does not use the ability."

    def card_moved(self, ev: CardMoved, nxt: Event | None) -> str | None:
        if ev.src == DECK and ev.dst.zone == "held":
            return f"{self.names[ev.dst.seat]} draws a card."
        if ev.src == DISCARD and ev.dst.zone == "held":
            return f"{self.names[ev.dst.seat]} takes the {self.rank_words(ev.card)} from the discard pile."
        if ev.src.zone == "held" and ev.dst == DISCARD and not isinstance(nxt, self.ability_started):
            return f"{self.names[ev.src.seat]} {self.play_word}s the {self.rank_words(ev.card)}."
        if ev.src.zone == "grid" and ev.dst == DISCARD and getattr(nxt, "src", None) == Place("held", ev.by):
            return f"{self.names[ev.by]} discards {self.a_card(ev.card)} (swapped out)."    # an exchange
        return None

    tellers = {**Narrator.tellers, AbilityEnded: ability_ended, CardMoved: card_moved}
