"""Kumbal's words and faces: cards named with their suits ("7♥"), discards (a set, a run, an
action card), free discards, pick-ups passed on or taken, the Kumbal call and its result, the
49-rule, the cut; the jokers, printed red and black."""

from __future__ import annotations

from game.client.narration.hands import HandNarrator
from game.client.narration.wording import SUIT_SIGNS
from game.core.card_words import card_words as standard_card_words
from game.core.cards import DISCARD, Card
from game.core.events import CardMoved, Event
from game.core.hands import DirectionChanged, Stacked
from game.core.standard_deck import SUIT_NAMES
from game.i18n import _, ngettext, pgettext
from game.variants.kumbal import (VALUE, CallResult, CutWanted, DeckCut, Discarded, FortyNine, FreeDiscarded,
                                  KumbalCalled, PickedUp)


def points_words(n: int) -> str:
    """"1 point", "0 points", "12 points"."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def action_words(action: str) -> str:
    """What a lone action card does, as the rules name it ("skip", "pick up 2"), in the player's words."""
    if action.startswith("pick up "):
        return _("pick up {n}").format(n=action[len("pick up "):])
    return {"skip": pgettext("kumbal action", "skip"), "reverse": pgettext("kumbal action", "reverse")}.get(action, action)


def short(card: Card | None) -> str:
    """"7♥", "10♠", "joker"."""
    if card is None:
        return "?"
    if card.rank == "joker":
        return pgettext("card", "joker")
    return f"{card.rank}{SUIT_SIGNS[card.suit]}"  # type: ignore[index]


class KumbalNarrator(HandNarrator):
    def card_words(self, card: Card) -> str:
        return standard_card_words(card)

    def step_words(self, view, seat):
        name = self.name(seat)
        if view.phase == "cut":
            return _("{name} to cut the deck").format(name=name)
        if view.phase != "play" or seat is None:
            return ""
        if view.pending:
            return _("{name} to pick up {n} or pass it on with a 2 or a joker").format(name=name, n=view.pending)
        if view.step == "draw":
            return _("{name} to draw from the deck or take the discard").format(name=name)
        return _("{name} to discard").format(name=name)

    def face_of(self, card: Card) -> dict:
        if card.rank == "joker":
            return {"rank": "JOKER", "suit": "joker", "colour": "red" if card.id % 2 == 0 else "black"}
        return {"rank": str(card.rank), "suit": SUIT_NAMES[card.suit]}  # type: ignore[index]

    def start_card_words(self, card: Card) -> str:
        return _("the {card}").format(card=short(card))

    def card_moved(self, ev: CardMoved, nxt: Event | None) -> str | None:
        if ev.src == DISCARD and ev.dst.zone == "hand":
            # named as the discards beside it are ("10♦", not "a 10 of diamonds")
            return self.said(ev.dst.seat, _("You take the {card} from the pile."), _("{name} takes the {card} from the pile."),
                             card=short(ev.card))
        return HandNarrator.card_moved(self, ev, nxt)

    def direction_changed(self, ev: DirectionChanged, nxt: Event | None) -> str | None:
        if len(self.names) == 2:     # (as the rules read it: with two players a 7 changes nothing)
            return _("Play turns round: with two players, that changes nothing.")
        return super().direction_changed(ev, nxt)

    def discarded(self, ev: Discarded, nxt: Event | None) -> str | None:
        if ev.action:
            return self.said(ev.seat, _("You play {card}: {action}!"), _("{name} plays {card}: {action}!"),
                             card=short(ev.cards[0]), action=action_words(ev.action))
        words = dict(cards=", ".join(short(c) for c in ev.cards), points=points_words(sum(VALUE(c) for c in ev.cards)))
        if ev.kind == "set":
            return self.said(ev.seat, _("You discard a set {cards} ({points})."),
                             _("{name} discards a set {cards} ({points})."), **words)
        if ev.kind == "run":
            return self.said(ev.seat, _("You discard a run {cards} ({points})."),
                             _("{name} discards a run {cards} ({points})."), **words)
        return self.said(ev.seat, _("You discard {cards} ({points})."), _("{name} discards {cards} ({points})."), **words)

    def free_discarded(self, ev: FreeDiscarded, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("You discard the drawn {card} for free!"),
                         _("{name} discards the drawn {card} for free!"), card=short(ev.card))

    def picked_up(self, ev: PickedUp, nxt: Event | None) -> str | None:
        return self.said(ev.seat, ngettext("You pick up {n} card.", "You pick up {n} cards.", ev.cards),
                         ngettext("{name} picks up {n} card.", "{name} picks up {n} cards.", ev.cards), n=ev.cards)

    def stacked(self, ev: Stacked, nxt: Event | None) -> str | None:
        return self.said(ev.seat, ngettext("You pass the pick-up on: {n} card now.", "You pass the pick-up on: {n} cards now.",
                                           ev.total),
                         ngettext("{name} passes the pick-up on: {n} card now.",
                                  "{name} passes the pick-up on: {n} cards now.", ev.total), n=ev.total)

    def called(self, ev: KumbalCalled, nxt: Event | None) -> str | None:
        return self.said(ev.seat, ngettext("You call KUMBAL with {n} point!", "You call KUMBAL with {n} points!", ev.points),
                         ngettext("{name} calls KUMBAL with {n} point!", "{name} calls KUMBAL with {n} points!", ev.points),
                         n=ev.points)

    def call_result(self, ev: CallResult, nxt: Event | None) -> str | None:
        # (the round's scores say it in full; the hands' floats are still showing their points)
        if ev.made:
            return self.said(ev.seat, _("You have the fewest points ({n}): 0 for the round!"),
                             _("{name} has the fewest points ({n}): 0 for the round!"), n=ev.points)
        return self.said(ev.seat, _("You called with {n}, but another hand has {other}: +25!"),
                         _("{name} called with {n}, but another hand has {other}: +25!"), n=ev.points,
                         other=ev.lowest_other)

    def forty_nine(self, ev: FortyNine, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("49-rule: You reach {reached} and drop to {total}!"),
                         _("49-rule: {name} reaches {reached} and drops to {total}!"), reached=ev.reached, total=ev.total)

    def cut_wanted(self, ev: CutWanted, nxt: Event | None) -> str | None:
        return _("The cards are gathered, not shuffled. Cutting: {name}.").format(name=self.name(ev.seat))

    def deck_cut(self, ev: DeckCut, nxt: Event | None) -> str | None:
        return self.said(ev.seat, ngettext("You cut {n} card off the top.", "You cut {n} cards off the top.", ev.at),
                         ngettext("{name} cuts {n} card off the top.", "{name} cuts {n} cards off the top.", ev.at), n=ev.at)

    tellers = {**HandNarrator.tellers, CardMoved: card_moved, DirectionChanged: direction_changed, Discarded: discarded,
               FreeDiscarded: free_discarded,
               PickedUp: picked_up, Stacked: stacked, KumbalCalled: called, CallResult: call_result,
               FortyNine: forty_nine, CutWanted: cut_wanted, DeckCut: deck_cut}
