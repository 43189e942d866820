"""The words of the memory-grid games (Kombio, Kabu): a card drawn, taken, played or swapped out,
a card given in return for a claim, an ability not used or its looks kept."""

from __future__ import annotations

from game.client.narration import Narrator
from game.client.narration.wording import a_rank
from game.core.cards import DECK, DISCARD, Card, Place
from game.core.events import CardMoved, CardSeen, CardsSwapped, Event, RoundStarted, TurnStarted
from game.core.grids import AbilityEnded
from game.i18n import _


class GridNarrator(Narrator):
    plays_discards = False       # a drawn card put on the pile is "discarded" (Kabu), else "played"
    ability_started: type = ()   # the variant's AbilityStarted event (a card played for its ability is told by it)

    def __init__(self, names: list[str], you=()):
        super().__init__(names, you)
        self.dealing = False            # the round's first peeks, before the first turn
        # What the ability under way has shown: the cards looked at, and whether it swapped any
        # (a look at two cards kept as they are was told nowhere: the replay said "You skips ability.")
        self.ability_looks: set[Place] = set()
        self.ability_swapped = False

    def tell(self, ev: Event, nxt: Event | None = None) -> str | None:
        if isinstance(ev, RoundStarted):
            self.dealing = True
        elif isinstance(ev, TurnStarted):
            self.dealing = False
            self.ability_looks, self.ability_swapped = set(), False
        elif isinstance(ev, CardsSwapped):
            self.ability_swapped = True
        elif isinstance(ev, CardSeen) and not self.dealing and not isinstance(nxt, AbilityEnded):
            self.ability_looks.add(ev.place)    # a look the ability waits on: swap, or keep (a look alone ends with it)
        return super().tell(ev, nxt)

    def step_words(self, view, seat):
        name = self.name(seat)
        phase = view.phase
        if phase == "turn":
            return _("{name} to draw or take the discard").format(name=name)
        if phase == "drawn":
            return (_("{name} to swap the card in or discard it") if self.plays_discards else
                    _("{name} to exchange the card or play it")).format(name=name)
        if phase == "taken":
            return (_("{name} to swap the card in") if self.plays_discards else _("{name} to exchange the card")).format(name=name)
        if phase in ("ability", "look_swap", "look_both"):
            return _("{name} to use the card's ability").format(name=name)
        if phase == "reaction":
            return _("anyone may claim a match for the card on the pile")
        if phase == "give":
            return _("{name} to give a card into the gap").format(name=name)
        if phase == "penalty_choice":
            return _("{name} to choose the wrong claimer's penalty").format(name=name)
        if phase == "peek":
            return _("everyone chooses two of their own cards to look at")
        return ""

    def card_words(self, card: Card) -> str:
        return self.rank_words(card)

    def rank_words(self, card: Card) -> str:
        """A card as narration names it ("7", "7♥")."""
        return str(card.rank)

    def a_card(self, card: Card) -> str:
        return a_rank(card.rank)

    def ability_ended(self, ev: AbilityEnded, nxt: Event | None) -> str | None:
        looks, swapped = self.ability_looks, self.ability_swapped
        self.ability_looks, self.ability_swapped = set(), False
        if not ev.used:
            return self.said(ev.seat, _("You do not use the ability."), _("{name} does not use the ability."))
        if looks and not swapped:
            if len(looks) > 1:
                return self.said(ev.seat, _("You keep both cards where they are."),
                                 _("{name} keeps both cards where they are."))
            return self.said(ev.seat, _("You leave the card where it is."), _("{name} leaves the card where it is."))
        return None

    def card_moved(self, ev: CardMoved, nxt: Event | None) -> str | None:
        if ev.src == DECK and ev.dst.zone == "held":
            return self.said(ev.dst.seat, _("You draw a card."), _("{name} draws a card."))
        if ev.src == DISCARD and ev.dst.zone == "held":
            return self.said(ev.dst.seat, _("You take the {card} from the discard pile."),
                             _("{name} takes the {card} from the discard pile."), card=self.rank_words(ev.card))
        if ev.src.zone == "held" and ev.dst == DISCARD and not isinstance(nxt, self.ability_started):
            if self.plays_discards:
                return self.said(ev.src.seat, _("You discard the {card}."), _("{name} discards the {card}."),
                                 card=self.rank_words(ev.card))
            return self.said(ev.src.seat, _("You play the {card}."), _("{name} plays the {card}."),
                             card=self.rank_words(ev.card))
        if ev.src.zone == "grid" and ev.dst == DISCARD and getattr(nxt, "src", None) == Place("held", ev.by):
            return self.said(ev.by, _("You discard {a_card} (swapped out)."),        # an exchange
                             _("{name} discards {a_card} (swapped out)."), a_card=self.a_card(ev.card))
        if ev.src.zone == "grid" and ev.dst.zone == "grid" and ev.src.seat != ev.dst.seat and ev.card is None:
            # paying for a claim on another's card: one of the claimer's own, face down (a wrong
            # claim's card handed over face up is the penalty's, which says so itself)
            if ev.dst.seat in self.you:
                return _("{name} gives you a card in return, unseen.").format(name=self.name(ev.src.seat))
            return self.said(ev.src.seat, _("You give {other} a card in return, unseen."),
                             _("{name} gives {other} a card in return, unseen."), other=self.name(ev.dst.seat))
        return None

    tellers = {**Narrator.tellers, AbilityEnded: ability_ended, CardMoved: card_moved}
