"""The words of the hand games (Combat UNO, Kumbal): the start card, a seat skipped, the way play goes."""

from __future__ import annotations

from game.client.narration import Narrator
from game.core.cards import DECK, DISCARD, Card
from game.core.events import CardMoved, Event
from game.core.hands import DirectionChanged, Skipped
from game.i18n import _


class HandNarrator(Narrator):
    def start_card_words(self, card: Card) -> str:
        """The card turned up to start the pile ("a red 7", "the 7♥")."""
        return str(card)

    def card_moved(self, ev: CardMoved, nxt: Event | None) -> str | None:
        if ev.dst == DISCARD and ev.src == DECK:
            return _("The start card is {card}.").format(card=self.start_card_words(ev.card))
        return None

    def skipped(self, ev: Skipped, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("You are skipped."), _("{name} is skipped."))

    def direction_changed(self, ev: DirectionChanged, nxt: Event | None) -> str | None:
        if ev.direction > 0:
            return _("Play now goes to the left (clockwise).")
        return _("Play now goes to the right (anticlockwise).")

    tellers = {**Narrator.tellers, CardMoved: card_moved, Skipped: skipped, DirectionChanged: direction_changed}
