"""Combat UNO's words and faces: cards named by colour and rank ("a red Skip"), plays, colours
named, jump-ins and stacks, claims too late, draws, UNO calls and catches, penalties."""

from __future__ import annotations

from game.client.narration.hands import HandNarrator
from game.core.card_words import colour_words, uno_card_words
from game.core.cards import DECK, DISCARD, Card
from game.core.events import CardMoved, Event, PenaltyGiven
from game.i18n import _, ngettext
from game.variants.combat_uno import (ClaimLost, ColourChosen, JumpedIn, Stacked, StartedDrawing, TurnDrawn,
                                      UnoCalled)
from game.client.narration.wording import penalty_words


def rank_name(rank) -> str:
    """A rank on its own as the player reads it ("Skip", "7")."""
    return uno_card_words(Card(-1, rank, None))


def name_of(card: Card | None) -> str:
    """"blue 7", "red Skip", "Wild Draw Four" in the player's language."""
    return "?" if card is None else uno_card_words(card)


def a_name(card: Card | None) -> str:
    """The card with its article ("a red 7", "an 8"), as a sentence names it."""
    name = name_of(card)
    if name[:1].lower() in "aeiou8":
        return _("an {card}").format(card=name)
    return _("a {card}").format(card=name)


class CombatUnoNarrator(HandNarrator):
    def __init__(self, names: list[str], you=()):
        super().__init__(names, you)
        self.last_play: CardMoved | None = None   # the card last played (a colour named, a jump-in: told with it)

    def card_words(self, card: Card) -> str:
        return uno_card_words(card)

    def step_words(self, view, seat):
        if view.phase != "play" or seat is None:
            return ""
        if view.pending_draw:
            return _("{name} to stack or draw {n}").format(name=self.name(seat), n=view.pending_draw)
        return _("{name} to play a card or draw").format(name=self.name(seat))

    def face_of(self, card: Card) -> dict:
        return {"rank": card.rank, "suit": card.suit or "wild"}

    def start_card_words(self, card: Card) -> str:
        return a_name(card)

    def card_moved(self, ev: CardMoved, nxt: Event | None) -> str | None:
        line = HandNarrator.card_moved(self, ev, nxt)
        if ev.dst == DISCARD and ev.src != DECK:
            if not isinstance(nxt, (JumpedIn, ColourChosen)):
                line = self.said(ev.by, _("You play {a_card}."), _("{name} plays {a_card}."), a_card=a_name(ev.card))
            self.last_play = ev
        return line

    def played_card(self) -> Card | None:
        return self.last_play.card if self.last_play is not None else None

    def colour_chosen(self, ev: ColourChosen, nxt: Event | None) -> str | None:
        if ev.colour is None:
            return _("A Wild starts the pile: the first player chooses the colour.")
        words = dict(a_card=a_name(self.played_card()), colour=colour_words(ev.colour))
        if isinstance(nxt, JumpedIn):
            return self.said(ev.seat, _("You jump in with {a_card} and name {colour}."),
                             _("{name} jumps in with {a_card} and names {colour}."), **words)
        return self.said(ev.seat, _("You play {a_card} and name {colour}."), _("{name} plays {a_card} and names {colour}."),
                         **words)

    def jumped_in(self, ev: JumpedIn, nxt: Event | None) -> str | None:
        card = self.played_card()
        if card is not None and card.suit is not None:
            return self.said(ev.seat, _("You jump in with {a_card}!"), _("{name} jumps in with {a_card}!"), a_card=a_name(card))
        return None

    def claim_lost(self, ev: ClaimLost, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("You were too late with {a_card}: it goes back to the hand."),
                         _("{name} was too late with {a_card}: it goes back to the hand."), a_card=a_name(ev.card))

    def stacked(self, ev: Stacked, nxt: Event | None) -> str | None:
        return self.said(ev.seat, ngettext("You stack: {n} card to draw now.", "You stack: {n} cards to draw now.", ev.total),
                         ngettext("{name} stacks: {n} card to draw now.", "{name} stacks: {n} cards to draw now.", ev.total),
                         n=ev.total)

    def started_drawing(self, ev: StartedDrawing, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("You draw {n}."), _("{name} draws {n}."), n=ev.cards)

    def turn_drawn(self, ev: TurnDrawn, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("You draw a card."), _("{name} draws a card."))

    def uno_called(self, ev: UnoCalled, nxt: Event | None) -> str | None:
        if ev.seat == ev.target:
            return self.said(ev.seat, _("You call UNO!"), _("{name} calls UNO!"))
        if ev.target in self.you:
            return _("{name} catches you without UNO!").format(name=self.name(ev.seat))
        return self.said(ev.seat, _("You catch {other} without UNO!"), _("{name} catches {other} without UNO!"),
                         other=self.name(ev.target))

    def penalty_given(self, ev: PenaltyGiven, nxt: Event | None) -> str | None:
        if ev.reason == "stops drawing: the stack takes over the rest":
            return self.said(ev.seat, _("You stop drawing: the stack takes over the rest."),
                             _("{name} stops drawing: the stack takes over the rest."))
        return self.said(ev.seat, _("You: {reason}."), _("{name}: {reason}."), reason=penalty_words(ev.reason))

    tellers = {**HandNarrator.tellers, CardMoved: card_moved, ColourChosen: colour_chosen, JumpedIn: jumped_in,
               ClaimLost: claim_lost, Stacked: stacked, StartedDrawing: started_drawing, TurnDrawn: turn_drawn,
               UnoCalled: uno_called, PenaltyGiven: penalty_given}
