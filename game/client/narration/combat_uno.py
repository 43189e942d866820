"""Combat UNO's words and faces: cards named by colour and rank ("a red Skip"), plays, colours
named, jump-ins and stacks, claims too late, draws, UNO calls and catches, penalties."""

from __future__ import annotations

from game.client.narration.hands import HandNarrator
from game.client.narration.wording import a_or_an
from game.core.cards import DECK, DISCARD, Card
from game.core.events import CardMoved, Event, PenaltyGiven
from game.variants.combat_uno import (DRAW2, REVERSE, SKIP, WILD, WILD4, ClaimLost, ColourChosen, JumpedIn,
                                      Stacked, StartedDrawing, TurnDrawn, UnoCalled)

RANK_NAMES = {SKIP: "Skip", REVERSE: "Reverse", DRAW2: "Draw Two", WILD: "Wild", WILD4: "Wild Draw Four"}


def name_of(card: Card | None) -> str:
    if card is None:
        return "?"
    rank = RANK_NAMES.get(card.rank, str(card.rank))  # type: ignore[arg-type]
    return f"{card.suit} {rank}" if card.suit else rank


def a_name(card: Card | None) -> str:
    return a_or_an(name_of(card))


class CombatUnoNarrator(HandNarrator):
    def __init__(self, names: list[str]):
        super().__init__(names)
        self.last_play: CardMoved | None = None   # the card last played (a colour named, a jump-in: told with it)

    def face_of(self, card: Card) -> dict:
        return {"rank": card.rank, "suit": card.suit or "wild"}

    def start_card_words(self, card: Card) -> str:
        return a_name(card)

    def card_moved(self, ev: CardMoved, nxt: Event | None) -> str | None:
        line = HandNarrator.card_moved(self, ev, nxt)
        if ev.dst == DISCARD and ev.src != DECK:
            if not isinstance(nxt, (JumpedIn, ColourChosen)):
                line = f"{self.names[ev.by]} plays {a_name(ev.card)}."
            self.last_play = ev
        return line

    def played_card(self) -> Card | None:
        return self.last_play.card if self.last_play is not None else None

    def colour_chosen(self, ev: ColourChosen, nxt: Event | None) -> str | None:
        if ev.colour is None:
            return "A Wild starts the pile: the first player chooses the colour."
        jumped = " jumps in with" if isinstance(nxt, JumpedIn) else " plays"
        return f"{self.names[ev.seat]}{jumped} {a_name(self.played_card())} and names {ev.colour}."

    def jumped_in(self, ev: JumpedIn, nxt: Event | None) -> str | None:
        card = self.played_card()
        if card is not None and card.suit is not None:
            return f"{self.names[ev.seat]} jumps in with {a_name(card)}!"
        return None

    def claim_lost(self, ev: ClaimLost, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} was too late with {a_name(ev.card)}: it goes back to the hand."

    def stacked(self, ev: Stacked, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} stacks: {ev.total} cards to draw now."

    def started_drawing(self, ev: StartedDrawing, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} draws {ev.cards}."

    def turn_drawn(self, ev: TurnDrawn, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]} draws a card."

    def uno_called(self, ev: UnoCalled, nxt: Event | None) -> str | None:
        if ev.seat == ev.target:
            return f"{self.names[ev.seat]} calls UNO!"
        return f"{self.names[ev.seat]} catches {self.names[ev.target]} without UNO!"

    def penalty_given(self, ev: PenaltyGiven, nxt: Event | None) -> str | None:
        return f"{self.names[ev.seat]}: {ev.reason}."

    tellers = {**HandNarrator.tellers, CardMoved: card_moved, ColourChosen: colour_chosen, JumpedIn: jumped_in,
               ClaimLost: claim_lost, Stacked: stacked, StartedDrawing: started_drawing, TurnDrawn: turn_drawn,
               UnoCalled: uno_called, PenaltyGiven: penalty_given}
